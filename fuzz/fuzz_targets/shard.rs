//! The shard-file reader: any content is refused with a one-line error naming the
//! file, or read into a record whose checksum and sums are consistent.
#![no_main]
#![allow(dead_code)]

use libfuzzer_sys::fuzz_target;

#[path = "../../src/bin/nqueens/checksum.rs"]
mod checksum;
#[path = "../../src/bin/nqueens/failure.rs"]
mod failure;
#[path = "../../src/bin/nqueens/count/shard.rs"]
mod shard;

fuzz_target!(|data: &[u8]| {
    let path = std::env::temp_dir().join(format!("nqueens-fuzz-{}.json", std::process::id()));
    std::fs::write(&path, data).unwrap();
    let _removed = Removed(&path);
    match shard::ShardResult::read(&path) {
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

/// Removes the input's file once the input is done, so that fuzzing leaves no file
/// behind in the temporary folder.
struct Removed<'a>(&'a std::path::Path);

impl Drop for Removed<'_> {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(self.0);
    }
}
