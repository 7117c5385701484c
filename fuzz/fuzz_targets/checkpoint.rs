//! The checkpoint reader: any file content is either refused with a one-line error or
//! read into entries that belong to the count.
#![no_main]
#![allow(dead_code)]

use input_file::input_file;
use libfuzzer_sys::fuzz_target;

// The count's files refer to each other as `super::` (their folder, here the root).
#[path = "../../src/bin/nqueens/count/checkpoint.rs"]
mod checkpoint;
#[path = "../../src/bin/nqueens/checksum.rs"]
mod checksum;
#[path = "../../src/bin/nqueens/failure.rs"]
mod failure;
#[path = "../../src/bin/nqueens/count/files.rs"]
mod files;
// files.rs writes `--output -` through the binary's stdout writer.
#[path = "../../src/bin/nqueens/output.rs"]
mod output;

mod input_file;

fuzz_target!(|data: &[u8]| {
    // Removed when `file` is dropped, once the input is done.
    let file = input_file(data, ".checkpoint");
    let path = file.path();
    let header = checkpoint::Header {
        n: 8,
        split: 0x0123_4567_89ab_cdef,
        subtasks: 78,
        shard: None,
    };
    match checkpoint::load(path, &header, checkpoint::COUNT_REFUSES) {
        Ok(saved) => {
            assert!(saved.done.keys().all(|&i| i < header.subtasks));
            assert!(saved.seconds.is_finite() && saved.seconds >= 0.0);
        }
        Err(failure) => assert!(!failure.message().contains('\n')),
    }
});
