//! Every file in `fuzz/seeds/`, replayed through the command line: the fuzz targets'
//! seed corpora, and the findings kept from earlier fuzzing runs (`fuzz/run.sh`
//! prints a finding; kept in its target's folder, it is tested here from then on).
//!
//! Each target's property is checked on the real binary: a right answer or a one-line
//! error with exit code 2, never a panic, and the same verdict the fuzz target takes
//! as correct.

use std::path::{Path, PathBuf};

use crate::common::{run, scratch, text};

/// The seed files of one fuzz target, sorted by name; at least one.
fn seeds(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no seeds in {}", dir.display());
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect()
}

/// A refusal as the binary must give it: exit 2, nothing on stdout, one line on stderr.
fn assert_refused(out: &std::process::Output, case: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{case}: {err}");
    assert!(out.stdout.is_empty(), "{case}: {}", text(&out.stdout));
    assert_eq!(err.lines().count(), 1, "{case}: {err:?}");
}

/// The board size the `board_size` target accepts: 1 to 32 in decimal digits, with
/// leading zeros and surrounding whitespace.
fn size_by_definition(text: &str) -> Option<u32> {
    let trimmed = text.trim_ascii();
    (!trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()))
        .then(|| trimmed.trim_start_matches('0'))
        .filter(|digits| digits.len() <= 2)
        .and_then(|digits| digits.parse::<u32>().ok())
        .filter(|n| (1..=32).contains(n))
}

#[test]
fn board_size_seeds_are_read_as_the_fuzz_target_defines() {
    for (path, bytes) in seeds("board_size") {
        let case = path.display().to_string();
        // The size from stdin, for a command that answers at once at any size.
        let out = run(&["solutions", "--limit", "1"], Some(&bytes));
        match std::str::from_utf8(&bytes)
            .ok()
            .and_then(size_by_definition)
        {
            Some(n) => {
                assert_eq!(out.status.code(), Some(0), "{case}: {}", text(&out.stderr));
                let first = text(&out.stdout);
                let columns = first.split_whitespace().count();
                // n = 2 and 3 have no placement at all.
                assert!(
                    columns == n as usize || (n == 2 || n == 3),
                    "{case}: {first}"
                );
            }
            None => assert_refused(&out, &case),
        }
    }
}

#[test]
fn placement_seeds_are_checked_or_refused_as_the_fuzz_target_defines() {
    for (path, bytes) in seeds("placement") {
        let case = path.display().to_string();
        let Ok(words) = std::str::from_utf8(&bytes) else {
            continue; // the target skips input that is not UTF-8
        };
        let mut args = std::vec!["check"];
        args.extend(words.split_ascii_whitespace());
        let n = args.len() - 1;
        let column = |w: &str| -> Option<u32> {
            let digits = w.trim_start_matches('0');
            (w.bytes().all(|b| b.is_ascii_digit()) && digits.len() <= 2)
                .then(|| digits.parse::<u32>().ok())
                .flatten()
                .filter(|c| (1..=n as u32).contains(c))
        };
        let valid_shape = (1..=32).contains(&n) && args[1..].iter().all(|w| column(w).is_some());
        let out = run(&args, None);
        if valid_shape {
            // 0: a valid placement; 1: a placement with attacking queens.
            let code = out.status.code();
            assert!(matches!(code, Some(0 | 1)), "{case}: {code:?}");
        } else {
            assert_refused(&out, &case);
        }
    }
}

#[test]
fn checker_seeds_find_the_attacking_pairs_the_fuzz_target_counts() {
    for (path, bytes) in seeds("checker") {
        let case = path.display().to_string();
        if bytes.is_empty() || bytes.len() > 32 {
            continue; // the target skips these
        }
        let n = bytes.len() as u32;
        let columns: Vec<u32> = bytes.iter().map(|&b| u32::from(b) % n + 1).collect();
        let mut pairs = 0;
        for a in 0..columns.len() {
            for b in a + 1..columns.len() {
                let (ca, cb) = (columns[a], columns[b]);
                pairs += usize::from(ca == cb || ca.abs_diff(cb) == (b - a) as u32);
            }
        }
        let words: Vec<String> = columns.iter().map(u32::to_string).collect();
        let mut args = std::vec!["check"];
        args.extend(words.iter().map(String::as_str));
        let out = run(&args, None);
        let report = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(i32::from(pairs > 0)),
            "{case}: {report}"
        );
        // One line per attacking pair after the verdict.
        let listed = report.lines().filter(|l| l.contains(" share a ")).count();
        assert_eq!(listed, pairs, "{case}: {report}");
    }
}

#[test]
fn checkpoint_seeds_are_resumed_or_refused_and_kept() {
    let dir = scratch("fuzz-seeds-checkpoint");
    for (path, bytes) in seeds("checkpoint") {
        let case = path.display().to_string();
        let file = dir.join("seed.checkpoint");
        std::fs::write(&file, &bytes).unwrap();
        let out = run(
            &["count", "8", "--checkpoint", file.to_str().unwrap()],
            None,
        );
        if out.status.code() == Some(0) {
            assert_eq!(text(&out.stdout), "92\n", "{case}");
        } else {
            assert_refused(&out, &case);
            // A refused checkpoint is left as it was.
            assert_eq!(std::fs::read(&file).unwrap(), bytes, "{case}");
        }
    }
}

#[test]
fn shard_seeds_merge_or_are_refused_in_one_line() {
    for (path, bytes) in seeds("shard") {
        let case = path.display().to_string();
        let out = run(&["merge", path.to_str().unwrap()], None);
        if out.status.code() == Some(0) {
            // One shard of several merges into a partial sum, reported as such.
            assert!(!out.stdout.is_empty(), "{case}");
        } else {
            assert_refused(&out, &case);
            assert!(text(&out.stderr).contains(path.to_str().unwrap()), "{case}");
        }
        assert!(!bytes.is_empty(), "{case}: an empty seed tests nothing");
    }
}
