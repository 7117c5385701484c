//! The placement checker against the definition: two queens attack when they share a
//! column or |row difference| = |column difference|.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nqueens::{Attack, Placement};

fuzz_target!(|data: &[u8]| {
    if data.is_empty() || data.len() > 32 {
        return;
    }
    let n = data.len() as u32;
    let columns: Vec<u32> = data.iter().map(|&b| u32::from(b) % n + 1).collect();
    let p = Placement::new(&columns).expect("columns are in range");
    let mut pairs = Vec::new();
    for a in 0..columns.len() {
        for b in a + 1..columns.len() {
            let (ca, cb) = (columns[a], columns[b]);
            if ca == cb {
                pairs.push((a as u32 + 1, b as u32 + 1, Attack::Column));
            } else if ca.abs_diff(cb) == (b - a) as u32 {
                pairs.push((a as u32 + 1, b as u32 + 1, Attack::Diagonal));
            }
        }
    }
    let found: Vec<_> = p.conflicts().map(|c| (c.first.0, c.second.0, c.attack)).collect();
    assert_eq!(found, pairs);
    assert_eq!(p.is_valid(), pairs.is_empty());
});
