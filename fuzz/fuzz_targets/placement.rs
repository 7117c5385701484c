//! The placement parser of `nqueens check`: never panics; accepts exactly 1..=32 words
//! of ASCII digits, each a column from 1 to the number of words.
#![no_main]
#![allow(dead_code)]

use libfuzzer_sys::fuzz_target;

#[path = "../../src/bin/nqueens/failure.rs"]
mod failure;
#[path = "../../src/bin/nqueens/input.rs"]
mod input;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    let n = words.len();
    let column = |w: &&str| -> Option<u32> {
        let digits = w.trim_start_matches('0');
        (w.bytes().all(|b| b.is_ascii_digit()) && digits.len() <= 2)
            .then(|| digits.parse::<u32>().ok())
            .flatten()
            .filter(|c| (1..=n as u32).contains(c))
    };
    let by_definition: Option<Vec<u32>> = (1..=32)
        .contains(&n)
        .then(|| words.iter().map(column).collect())
        .flatten();
    match input::placement(&words) {
        Ok(p) => assert_eq!(Some(p.columns().collect::<Vec<_>>()), by_definition),
        Err(failure) => {
            assert_eq!(by_definition, None, "{words:?}");
            assert!(!failure.message().contains('\n'));
        }
    }
});
