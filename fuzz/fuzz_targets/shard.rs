//! The shard-file reader: any content is refused with a one-line error naming the
//! file, or read into a record whose checksum and sums are consistent.
#![no_main]
#![allow(dead_code)]

use input_file::input_file;
use libfuzzer_sys::fuzz_target;

#[path = "../../src/bin/nqueens/checksum.rs"]
mod checksum;
#[path = "../../src/bin/nqueens/failure.rs"]
mod failure;
#[path = "../../src/bin/nqueens/count/shard.rs"]
mod shard;

mod input_file;

fuzz_target!(|data: &[u8]| {
    // Removed when `file` is dropped, once the input is done.
    let file = input_file(data, ".json");
    let path = file.path();
    match shard::ShardResult::read(path) {
        Ok(result) => {
            assert!(result.shard < result.shards);
            assert_eq!(result.partial().unique_eighths(), Some(result.distinct_eighths));
        }
        Err(failure) => {
            assert!(!failure.message().contains('\n'));
            assert!(failure.message().contains(path.to_str().unwrap()));
        }
    }
});
