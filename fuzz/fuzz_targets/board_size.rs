//! The board-size parser: never panics, and accepts exactly ASCII digits (with
//! surrounding ASCII whitespace) naming 1..=32.
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
    let trimmed = text.trim_ascii();
    let by_definition = (!trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()))
        .then(|| trimmed.trim_start_matches('0'))
        .filter(|digits| digits.len() <= 2)
        .and_then(|digits| digits.parse::<u32>().ok())
        .filter(|n| (1..=32).contains(n));
    match input::parse(text, "") {
        Ok(n) => assert_eq!(Some(n), by_definition, "{text:?}"),
        Err(failure) => {
            assert_eq!(by_definition, None, "{text:?}");
            assert!(!failure.message().contains('\n'), "one line: {text:?}");
        }
    }
});
