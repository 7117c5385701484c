//! The README's terminal transcripts are true: every `$ nqueens ...` line in a `text`
//! block is run and its output compared with the lines shown under it. (The Ctrl-C
//! transcript cannot be replayed by typing; `tests/long_runs.rs` sends the signal.)
//! The README's Rust examples run as doctests (`src/lib.rs`), its cluster scripts in
//! `tests/cluster.rs`, its firmware example here (CI runs that file under QEMU), and
//! its run, test and firmware commands in `.ci/run`.

use std::process::Command;

/// (command line, expected stdout) pairs from the README's text blocks.
fn transcripts() -> Vec<(String, String)> {
    let readme = include_str!("../README.md");
    let mut found = Vec::new();
    for block in readme.split("```text\n").skip(1) {
        let block = block.split("```").next().unwrap_or_default();
        if block.contains("^C") {
            continue;
        }
        let mut current: Option<(String, String)> = None;
        for line in block.lines() {
            if let Some(command) = line.strip_prefix("$ ") {
                found.extend(current.take());
                current = Some((command.to_owned(), String::new()));
            } else if let Some((_, output)) = current.as_mut() {
                output.push_str(line);
                output.push('\n');
            }
        }
        found.extend(current);
    }
    found
}

#[test]
fn every_readme_transcript_is_what_the_binary_prints() {
    let transcripts = transcripts();
    assert!(transcripts.len() >= 3, "{transcripts:?}");
    for (command, expected) in transcripts {
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words[0], "nqueens", "{command}");
        let out = Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(&words[1..])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{command}");
    }
}

/// The README's text from just after `opening` to the end of that fenced block.
fn block_after(opening: &str) -> Option<&'static str> {
    let readme = include_str!("../README.md");
    readme.split(opening).nth(1)?.split("```").next()
}

#[test]
fn the_readme_compare_table_has_the_live_totals_and_nodes() {
    let table = block_after("```text\nn=10\n").expect("the README shows `nqueens compare 10`");
    let out = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["compare", "10"])
        .output()
        .unwrap();
    let live = String::from_utf8(out.stdout).unwrap();
    // Algorithm, total and nodes must match; times are the machine's.
    let columns = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("n=") && !l.starts_with("algorithm"))
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(columns(table), columns(&live));
}

#[test]
fn the_readme_firmware_example_is_the_one_ci_runs_on_the_device() {
    let shown = block_after("```rs\n").expect("the README shows the firmware example");
    // The file opens with one line saying where it is shown; the rest is the example.
    let file = include_str!("../examples/firmware/src/bin/minimal.rs");
    let (_, example) = file.split_once('\n').unwrap();
    assert_eq!(shown, example);
}
