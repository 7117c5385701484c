//! The README's and the docs' terminal transcripts are true: every `$ nqueens ...` line
//! in a `text` block is run and its output compared with the lines shown under it. A
//! Ctrl-C transcript is replayed by sending SIGINT where it shows `^C`, with what a
//! machine or a moment changes masked: the estimate's duration and how many subtasks
//! were done. Their Rust examples run as doctests (`src/lib.rs`), the cluster scripts in
//! `tests/suite/cluster.rs`, the firmware example here (CI runs that file under QEMU), and the
//! run, test and firmware commands in `.ci/run`.

use std::io::{BufRead, BufReader, Read as _};
use std::process::{Command, Stdio};

use crate::common::{FRAME_LINES, scratch, signal};

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
fn every_page_links_only_to_pages_and_sections_that_exist() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (page, text) in PAGES {
        let dir = root.join(page);
        let dir = dir.parent().unwrap();
        for link in text.split("](").skip(1) {
            let target = link.split(')').next().unwrap();
            let (file, section) = target.split_once('#').unwrap_or((target, ""));
            if file.contains("://") {
                continue;
            }
            let linked = if file.is_empty() {
                root.join(page)
            } else {
                dir.join(file)
            };
            assert!(linked.exists(), "{page} links to missing {target}");
            if !section.is_empty() {
                let text = std::fs::read_to_string(&linked).unwrap();
                assert!(
                    anchors(&text).iter().any(|a| a == section),
                    "{page} links to {target}, a section {} does not have",
                    linked.display()
                );
            }
        }
    }
}

/// The anchors GitHub gives a Markdown page's headings: lower case, punctuation but
/// hyphens and underscores dropped, spaces as hyphens (headings in code blocks are none).
fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        let Some(heading) = line.strip_prefix('#').filter(|_| !in_code) else {
            continue;
        };
        let title = heading.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        found.push(slug);
    }
    found
}

/// The lines of the Ctrl-C transcripts: (page, block) for every `text` block with `^C`.
fn interrupted_blocks() -> Vec<(&'static str, &'static str)> {
    PAGES
        .iter()
        .flat_map(|&(page, text)| {
            text.split("```text\n")
                .skip(1)
                .map(|block| block.split("```").next().unwrap_or_default())
                .filter(|block| block.contains("^C"))
                .map(move |block| (page, block))
        })
        .collect()
}

/// Whether a transcript line is one that nqueens writes on stderr.
fn on_stderr(line: &str) -> bool {
    ["nqueens: ", "interrupted: ", "resumed from "]
        .iter()
        .any(|prefix| line.starts_with(prefix))
}

/// `line` with what differs from run to run masked: the duration after "take about"
/// and the number of subtasks done before " of ".
fn masked(line: &str) -> String {
    let mut out = line.to_owned();
    if let Some(start) = out.find("take about ") {
        let rest = &out[start..];
        let end = rest.find(" on ").map_or(out.len(), |e| start + e);
        out.replace_range(start..end, "take about #");
    }
    for lead in ["interrupted: ", ": "] {
        if let Some(start) = out.find(lead) {
            let from = start + lead.len();
            let digits = out[from..].chars().take_while(char::is_ascii_digit).count();
            if digits > 0 && out[from + digits..].starts_with(" of ") {
                out.replace_range(from..from + digits, "#");
            }
        }
    }
    out
}

#[test]
fn every_interrupted_transcript_matches_a_run_stopped_the_same_way() {
    let blocks = interrupted_blocks();
    assert!(blocks.len() >= 2, "{blocks:?}");
    for (page, block) in blocks {
        // Relative files the commands name (a checkpoint) go to a fresh directory.
        let dir = scratch("interrupted-transcript");
        let mut lines = block.lines().peekable();
        while let Some(line) = lines.next() {
            let command = line
                .strip_prefix("$ ")
                .expect("a block opens with a command");
            let mut shown = Vec::new();
            while let Some(next) = lines.next_if(|l| !l.starts_with("$ ")) {
                shown.push(next);
            }
            replay(page, command, &shown, &dir);
        }
    }
}

/// Runs `command` and checks it against the lines `shown` under it. Up to `^C` (or to
/// the last stderr line, for a command the transcript lets finish: only what it prints
/// first is checked, the whole count would take too long here), stdout and stderr
/// lines are read in turn; then SIGINT, and the rest of stderr.
fn replay(page: &str, command: &str, shown: &[&str], dir: &std::path::Path) {
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[0], "nqueens", "{page}: {command}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(&words[1..])
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let cut = shown.iter().position(|l| *l == "^C");
    let last_err = shown.iter().rposition(|l| on_stderr(l)).unwrap_or(0);
    let before = &shown[..cut.unwrap_or(last_err + 1)];
    for want in before {
        let mut got = String::new();
        let stream: &mut dyn BufRead = if on_stderr(want) { &mut err } else { &mut out };
        stream.read_line(&mut got).unwrap();
        // Commands it suggests name the binary as it was run.
        let got = got.replace(env!("CARGO_BIN_EXE_nqueens"), "nqueens");
        assert_eq!(masked(got.trim_end()), masked(want), "{page}: {command}");
    }
    if let Some(cut) = cut {
        wait_for_a_saved_subtask(&words, &shown[cut..], dir);
    }
    signal(child.id(), "INT");
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    if let Some(cut) = cut {
        let after: Vec<String> = shown[cut + 1..].iter().map(|l| masked(l)).collect();
        // (The newline printed to end a terminal's `^C` is that line of the transcript.)
        // The resume command names the binary as it was run.
        let rest = rest.replace(env!("CARGO_BIN_EXE_nqueens"), "nqueens");
        let got: Vec<String> = rest.lines().filter(|l| !l.is_empty()).map(masked).collect();
        assert_eq!(got, after, "{page}: {command}");
        assert_eq!(status.code(), Some(130), "{page}: {command}");
    }
}

/// If the transcript shows subtasks saved at the interrupt, waits until the checkpoint
/// holds one (its magic, header and checksum lines, and an entry), so that the run
/// after it resumes as shown; a debug build takes far longer per subtask.
fn wait_for_a_saved_subtask(words: &[&str], after: &[&str], dir: &std::path::Path) {
    let saved = after
        .iter()
        .find_map(|l| l.strip_prefix("interrupted: "))
        .and_then(|l| l.split(' ').next())
        .is_some_and(|k| k != "0");
    let file = words
        .iter()
        .position(|w| *w == "--checkpoint")
        .map(|i| dir.join(words[i + 1]));
    let (true, Some(file)) = (saved, file) else {
        return;
    };
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&file).map_or(0, |t| t.lines().count()) <= FRAME_LINES {
        assert!(
            started.elapsed() < std::time::Duration::from_mins(10),
            "no subtask saved"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
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
