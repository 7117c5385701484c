//! The README's and the docs' terminal transcripts are true: every `$ nqueens ...` line
//! in a `text` block is run and its output compared with the lines shown under it. (The
//! Ctrl-C transcripts cannot be replayed by typing; `tests/suite/long_runs.rs` sends the
//! signal.) Their Rust examples run as doctests (`src/lib.rs`), the cluster scripts in
//! `tests/suite/cluster.rs`, the firmware example here (CI runs that file under QEMU), and the
//! run, test and firmware commands in `.ci/run`.

use std::process::Command;

/// Every page a newcomer is sent to, with its path for messages.
const PAGES: [(&str, &str); 8] = [
    ("README.md", include_str!("../../README.md")),
    ("docs/cli.md", include_str!("../../docs/cli.md")),
    ("docs/watch.md", include_str!("../../docs/watch.md")),
    (
        "docs/long-counts.md",
        include_str!("../../docs/long-counts.md"),
    ),
    ("docs/engines.md", include_str!("../../docs/engines.md")),
    (
        "docs/benchmarks.md",
        include_str!("../../docs/benchmarks.md"),
    ),
    ("docs/firmware.md", include_str!("../../docs/firmware.md")),
    ("docs/testing.md", include_str!("../../docs/testing.md")),
];

/// (page, command line, expected stdout) from the pages' text blocks.
fn transcripts() -> Vec<(&'static str, String, String)> {
    let mut found = Vec::new();
    for (page, text) in PAGES {
        for block in text.split("```text\n").skip(1) {
            let block = block.split("```").next().unwrap_or_default();
            if block.contains("^C") {
                continue;
            }
            let mut current: Option<(&str, String, String)> = None;
            for line in block.lines() {
                if let Some(command) = line.strip_prefix("$ ") {
                    found.extend(current.take());
                    current = Some((page, command.to_owned(), String::new()));
                } else if let Some((_, _, output)) = current.as_mut() {
                    output.push_str(line);
                    output.push('\n');
                }
            }
            found.extend(current);
        }
    }
    found
}

#[test]
fn every_transcript_is_what_the_binary_prints() {
    let transcripts = transcripts();
    assert!(transcripts.len() >= 4, "{transcripts:?}");
    for (page, command, expected) in transcripts {
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words[0], "nqueens", "{page}: {command}");
        let out = Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(&words[1..])
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "{page}: {command}"
        );
    }
}

#[test]
fn every_page_links_only_to_pages_that_exist() {
    let root = env!("CARGO_MANIFEST_DIR");
    for (page, text) in PAGES {
        let dir = std::path::Path::new(root).join(page);
        let dir = dir.parent().unwrap();
        for link in text.split("](").skip(1) {
            let target = link.split(')').next().unwrap();
            let file = target.split('#').next().unwrap();
            if file.is_empty() || file.contains("://") {
                continue;
            }
            assert!(dir.join(file).exists(), "{page} links to missing {target}");
        }
    }
}

/// The text from just after `opening` to the end of that fenced block, in any page.
fn block_after(opening: &str) -> Option<&'static str> {
    PAGES
        .iter()
        .find_map(|(_, text)| text.split(opening).nth(1)?.split("```").next())
}

#[test]
fn the_compare_table_shown_has_the_live_totals_and_nodes() {
    let table = block_after("```text\nn=10\n").expect("a page shows `nqueens compare 10`");
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
fn the_firmware_example_shown_is_the_one_ci_runs_on_the_device() {
    let shown = block_after("```rs\n").expect("docs/firmware.md shows the firmware example");
    // The file opens with one line saying where it is shown; the rest is the example.
    let file = include_str!("../../examples/firmware/src/bin/minimal.rs");
    let (_, example) = file.split_once('\n').unwrap();
    assert_eq!(shown, example);
}
