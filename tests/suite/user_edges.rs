//! The edges a real user hits: sizes past the table answer at once and announce long
//! counts; totals are checked against the published record; two processes never share
//! a checkpoint or shard file, and planted links are never followed; completions and
//! the man page are well formed.

use std::fs;
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::common::{
    FRAME_LINES, Running, arg, assert_usage_error, on_terminal, run, scratch, signal, text,
};

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");

const SUBCOMMANDS: [&str; 10] = [
    "compare",
    "trace",
    "solutions",
    "show",
    "check",
    "merge",
    "count",
    "verify",
    "completions",
    "manpage",
];

/// The binary running with `args`, killed when dropped (a failed test leaves no
/// count of 30 running).
fn spawn(args: &[&str]) -> Running {
    let child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    Running(child)
}

/// Reads `lines` lines of a child's stdout, failing if they take longer than `limit`.
fn first_lines(child: &mut Running, lines: usize, limit: Duration) -> Vec<String> {
    let started = Instant::now();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut found = Vec::new();
    for _ in 0..lines {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        found.push(line.trim_end().to_owned());
    }
    assert!(started.elapsed() < limit, "took {:?}", started.elapsed());
    found
}

fn stop(mut child: Running) -> String {
    child.kill().unwrap();
    child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    err
}

/// Waits for the first line a running child writes on stderr (the estimate comes once
/// the subtask list is built, which takes far longer in a debug build), then kills it.
/// Returns the line and how long it took to come.
fn first_error_line(mut child: Running, started: Instant) -> (String, Duration) {
    let mut reader = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let waited = started.elapsed();
    child.kill().unwrap();
    child.wait().unwrap();
    (line.trim_end().to_owned(), waited)
}

#[test]
fn a_size_past_the_table_prints_its_placements_at_once_then_announces_the_count() {
    let mut child = spawn(&["30"]);
    // "At once": well within 20 s even on a loaded machine, where waiting for the
    // count first would take years.
    let lines = first_lines(&mut child, 3, Duration::from_secs(20));
    for line in &lines {
        let columns: Vec<u32> = line.split(' ').map(|c| c.parse().unwrap()).collect();
        assert_eq!(columns.len(), 30, "{line}");
        assert!(
            nqueens::Placement::new(&columns).unwrap().is_valid(),
            "{line}"
        );
    }
    assert_eq!(
        lines[0],
        nqueens::first_placements(30).unwrap().as_slice()[0].to_string()
    );
    let (estimate, _) = first_error_line(child, Instant::now());
    assert!(
        estimate.starts_with("nqueens: counting n=30 will take about "),
        "{estimate}"
    );
    assert!(estimate.contains("years"), "{estimate}");
    for hint in ["--checkpoint", "--shard", "Ctrl-C"] {
        assert!(estimate.contains(hint), "{estimate} lacks {hint}");
    }
}

#[test]
fn quiet_silences_the_estimate_and_short_counts_have_none() {
    // How long the estimate takes to come without --quiet; the quiet runs get twice that.
    let (line, waited) = first_error_line(spawn(&["count", "30"]), Instant::now());
    assert!(line.starts_with("nqueens: counting n=30"), "{line}");
    let grace = waited * 2 + Duration::from_millis(200);
    let mut child = spawn(&["30", "--quiet"]);
    first_lines(&mut child, 3, Duration::from_secs(20));
    sleep(grace);
    assert_eq!(stop(child), "");
    let child = spawn(&["count", "30", "-q"]);
    sleep(grace);
    assert_eq!(stop(child), "");
    // Expected well under ten seconds: no line at all.
    let short = run(&["15"], None);
    assert!(short.stderr.is_empty(), "{}", text(&short.stderr));
    assert!(text(&short.stdout).ends_with("\n2279184\n"));
}

#[test]
fn count_announces_what_is_left_of_a_shard() {
    let (whole, _) = first_error_line(spawn(&["count", "30"]), Instant::now());
    let (half, _) = first_error_line(spawn(&["count", "30", "--shard", "0/2"]), Instant::now());
    assert!(
        half.starts_with("nqueens: counting shard 0/2 of n=30 will take about "),
        "{half}"
    );
    // Half the subtasks, about half the time: the estimates differ.
    assert_ne!(whole, half);
    // A shard small enough to finish in seconds says nothing.
    let small = run(&["count", "18", "--shard", "0/200"], None);
    assert!(small.status.success());
    assert!(small.stderr.is_empty(), "{}", text(&small.stderr));
}

#[test]
fn estimate_prints_the_expected_time_here_and_counts_nothing() {
    // Sizes of both engines and both parities of the join; a shard; more threads.
    for args in [
        &["count", "12", "--estimate"][..],
        &["count", "18", "--estimate", "--threads", "1"],
        &["count", "21", "--estimate", "--threads", "2"],
        &["count", "30", "--estimate", "--shard", "1/4"],
    ] {
        let out = run(args, None);
        assert!(out.status.success(), "{args:?}");
        let line = text(&out.stdout);
        // A shard's line names the shard: its time is not the whole count's.
        let subject = match args.get(3) {
            Some(&"--shard") => format!("shard {} of n={}", args[4], args[1]),
            _ => format!("n={}", args[1]),
        };
        assert!(
            line.starts_with(&format!("counting {subject} would take "))
                && line.contains(" (estimate from rates measured on this machine)")
                && line.lines().count() == 1,
            "{line}"
        );
        // 21 takes long, and has quick subtasks to sample instead; 12 is quick, and
        // 30's subtasks take hours. (18 takes long only in a debug build.)
        if args[1] != "18" {
            assert_eq!(
                line.ends_with(" times a sample of its subtasks instead\n"),
                args[1] == "21",
                "{line}"
            );
        }
        assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    }
    // Nothing to write a checkpoint or JSON result for.
    let both = run(&["count", "18", "--estimate", "--json"], None);
    assert_usage_error(&both, "--json", "--estimate with --json");
}

#[test]
fn json_says_whether_the_total_matched_the_published_one() {
    for args in [
        &["count", "13", "--json"][..],
        &["14", "--json"],
        &["8", "--json"],
    ] {
        let out = run(args, None);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["published"], "match", "{args:?}");
    }
}

#[test]
fn merge_checks_the_sum_against_the_published_total() {
    let dir = scratch("merge-published");
    let files: Vec<String> = (0..2)
        .map(|i| {
            let file = dir.join(format!("{i}.json"));
            let out = run(
                &[
                    "count",
                    "12",
                    "--shard",
                    &format!("{i}/2"),
                    "--output",
                    arg(&file),
                ],
                None,
            );
            assert!(out.status.success());
            arg(&file).to_owned()
        })
        .collect();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let merged = run(&[&["merge"], &names[..]].concat(), None);
    assert_eq!(text(&merged.stdout), "14200\n");
}

/// Waits until `path` exists.
fn wait_for(path: &Path) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !path.exists() {
        assert!(
            Instant::now() < deadline,
            "{} never appeared",
            path.display()
        );
        sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_second_process_refuses_a_checkpoint_in_use_and_a_killed_ones_lock_dies_with_it() {
    let dir = scratch("lock-checkpoint");
    let file = dir.join("c");
    let first = spawn(&["count", "18", "--threads", "1", "--checkpoint", arg(&file)]);
    wait_for(&file);
    let before = fs::read(&file).unwrap();
    let second = run(
        &["count", "12", "--force", "--checkpoint", arg(&file)],
        None,
    );
    assert_usage_error(
        &second,
        "in use by another nqueens process",
        "second process",
    );
    // The refused process wrote nothing: the file is still a checkpoint of n = 18.
    let after = fs::read_to_string(&file).unwrap();
    assert!(after.contains("n=18 "), "{after}");
    assert_eq!(
        String::from_utf8_lossy(&before).lines().nth(1),
        after.lines().nth(1)
    );
    stop(first); // SIGKILL
    let resumed = run(
        &["count", "12", "--force", "--checkpoint", arg(&file)],
        None,
    );
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), "14200\n");
}

#[test]
fn a_second_process_refuses_a_shard_output_in_use() {
    let dir = scratch("lock-output");
    let file = dir.join("shard.json");
    let first = spawn(&[
        "count",
        "18",
        "--threads",
        "1",
        "--shard",
        "0/1",
        "--output",
        arg(&file),
    ]);
    wait_for(&dir.join(".shard.json.lock"));
    sleep(Duration::from_millis(50));
    let second = run(
        &["count", "12", "--shard", "0/1", "--output", arg(&file)],
        None,
    );
    assert_usage_error(
        &second,
        "in use by another nqueens process",
        "second process",
    );
    assert!(!file.exists(), "the refused process wrote the output");
    stop(first);
}

#[test]
fn planted_links_are_never_followed() {
    let dir = scratch("planted-links");
    let victim = dir.join("victim");
    fs::write(&victim, "precious\n").unwrap();
    // The old fixed temporary names, planted in a shared directory.
    symlink(&victim, dir.join("c.tmp")).unwrap();
    symlink(&victim, dir.join("s.json.tmp")).unwrap();
    let checkpointed = run(&["count", "12", "--checkpoint", arg(&dir.join("c"))], None);
    assert_eq!(text(&checkpointed.stdout), "14200\n");
    let shard = run(
        &[
            "count",
            "12",
            "--shard",
            "0/1",
            "--output",
            arg(&dir.join("s.json")),
        ],
        None,
    );
    assert!(shard.status.success());
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
    assert!(!fs::symlink_metadata(dir.join("c")).unwrap().is_symlink());
    // A link planted at the lock file is refused, and its target is not created.
    let target = dir.join("created-by-link");
    symlink(&target, dir.join(".d.lock")).unwrap();
    let refused = run(&["count", "12", "--checkpoint", arg(&dir.join("d"))], None);
    assert_usage_error(&refused, "cannot lock checkpoint", "planted lock link");
    assert!(!target.exists());
    // No temporary file is left behind.
    let left: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".nqueens-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn every_completion_script_names_every_subcommand_and_bash_parses_it() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = run(&["completions", shell], None);
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} script lacks {sub}");
        }
    }
    let bash = run(&["completions", "bash"], None);
    let dir = scratch("completions");
    let file = dir.join("nqueens.bash");
    fs::write(&file, &bash.stdout).unwrap();
    let syntax = Command::new("bash")
        .args(["-n", arg(&file)])
        .output()
        .unwrap();
    assert!(syntax.status.success(), "{}", text(&syntax.stderr));
    assert_usage_error(
        &run(&["completions", "tcsh"], None),
        "'tcsh'",
        "unknown shell",
    );
}

#[test]
fn the_man_page_names_every_subcommand_and_renders_without_warnings() {
    let out = run(&["manpage"], None);
    assert!(out.status.success());
    let page = text(&out.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH nqueens 1"),
        "{page}"
    );
    for sub in SUBCOMMANDS {
        assert!(
            page.contains(&format!(".SH \"NQUEENS {}\"", sub.to_uppercase())),
            "{sub}"
        );
    }
    assert!(page.is_ascii(), "troff warns about raw non-ASCII input");
    assert!(
        page.contains(".SH EXAMPLES\n.nf\nnqueens 8\n"),
        "examples, one per line"
    );
    assert!(
        !page.contains("EXTRA"),
        "the hidden argument and clap_mangen's EXTRA heading"
    );
    // groff is on most machines with man; where it is, it must accept the page silently.
    let dir = scratch("manpage");
    let file = dir.join("nqueens.1");
    fs::write(&file, &out.stdout).unwrap();
    if let Ok(groff) = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-z", arg(&file)])
        .output()
    {
        assert!(groff.status.success());
        assert_eq!(text(&groff.stderr), "", "groff warnings");
    }
}

#[test]
fn one_attacking_pair_is_singular() {
    let out = run(&["check", "1", "2"], None);
    assert!(text(&out.stdout).starts_with("invalid: 1 2 has 1 attacking pair\n"));
    let out = run(&["check", "1", "2", "3"], None);
    assert!(text(&out.stdout).starts_with("invalid: 1 2 3 has 3 attacking pairs\n"));
}

/// 64-bit FNV-1a, as the shard and checkpoint files use: the tests forge files whose
/// checksums are right but whose numbers are wrong, as a flipped bit in RAM would.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn merge_refuses_shards_that_add_up_to_other_than_the_published_total() {
    let dir = scratch("merge-mismatch");
    let file = dir.join("only.json");
    let out = run(
        &["count", "12", "--shard", "0/1", "--output", arg(&file)],
        None,
    );
    assert!(out.status.success());
    let mut shard: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&file).unwrap()).unwrap();
    // Eight more placements (one more class of eight, so the symmetry sums still add
    // up), with the checksum made consistent: only the published total can tell.
    let total = shard["total"].as_u64().unwrap() + 8;
    shard["total"] = total.into();
    shard["distinct_eighths"] = (shard["distinct_eighths"].as_u64().unwrap() + 8).into();
    let fields = [
        "format",
        "version",
        "n",
        "shard",
        "shards",
        "split",
        "split_subtasks",
        "subtasks",
        "total",
        "distinct_eighths",
        "fixed90",
        "fixed180",
        "nodes",
    ];
    let content: Vec<String> = fields
        .iter()
        .map(|f| {
            shard[*f]
                .as_str()
                .map_or_else(|| shard[*f].to_string(), str::to_owned)
        })
        .collect();
    shard["checksum"] = format!("{:016x}", fnv1a(content.join("|").as_bytes())).into();
    fs::write(&file, shard.to_string()).unwrap();
    let merged = run(&["merge", arg(&file)], None);
    let err = text(&merged.stderr);
    assert_eq!(merged.status.code(), Some(1), "{err}");
    assert!(merged.stdout.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("computed 14208 but the published value is 14200 (OEIS A000170)"),
        "{err}"
    );
}

/// Rewrites the checkpoint `file`'s lines (its checksum line left out) by `edit`, and
/// gives it the checksum of its new content.
fn forge(file: &Path, edit: impl FnOnce(&mut Vec<String>)) {
    let saved = fs::read_to_string(file).unwrap();
    let mut lines: Vec<String> = saved.lines().map(str::to_owned).collect();
    lines.pop();
    edit(&mut lines);
    let body = lines.join("\n") + "\n";
    fs::write(
        file,
        format!("{body}checksum={:016x}\n", fnv1a(body.as_bytes())),
    )
    .unwrap();
}

#[test]
fn a_resumed_count_reports_the_time_of_its_earlier_runs_too() {
    let dir = scratch("checkpoint-seconds");
    // A whole count's record (--json), and a shard's.
    for kind in ["--json", "--shard=1/2"] {
        let file = dir.join("c");
        let mut args = vec!["count", "12", "--checkpoint", arg(&file), kind, "--force"];
        let first = run(&args, None);
        assert!(first.status.success(), "{}", text(&first.stderr));
        let saved = fs::read_to_string(&file).unwrap();
        let line = saved.lines().nth(2).unwrap();
        let seconds: f64 = line.strip_prefix("seconds=").unwrap().parse().unwrap();
        assert!(seconds >= 0.0, "{saved}");
        // Earlier runs that took 1000 seconds: the finished file is resumed, and its
        // record adds this run's time to theirs.
        forge(&file, |lines| lines[2] = "seconds=1000.000".to_owned());
        args.pop();
        let resumed = run(&args, None);
        assert!(resumed.status.success(), "{}", text(&resumed.stderr));
        let json: serde_json::Value = serde_json::from_slice(&resumed.stdout).unwrap();
        let took = json["elapsed_seconds"].as_f64().unwrap();
        assert!((1000.0..1100.0).contains(&took), "{kind}: {json}");
        assert!(fs::read_to_string(&file).unwrap().contains("\nseconds=100"));
    }
}

#[test]
fn a_checkpoint_of_format_6_is_resumed_as_one_without_time() {
    let dir = scratch("checkpoint-format-6");
    let file = dir.join("c");
    let first = run(&["count", "12", "--checkpoint", arg(&file)], None);
    assert_eq!(text(&first.stdout), "14200\n");
    let entries = fs::read_to_string(&file).unwrap().lines().count() - FRAME_LINES;
    forge(&file, |lines| {
        lines[0] = "nqueens-checkpoint 6".to_owned();
        lines.remove(2);
    });
    let resumed = run(&["count", "12", "--checkpoint", arg(&file), "--json"], None);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(
        text(&resumed.stderr),
        format!(
            "resumed from {}: {entries} of {entries} subtasks already counted\n",
            arg(&file)
        )
    );
    let json: serde_json::Value = serde_json::from_slice(&resumed.stdout).unwrap();
    assert_eq!(json["total"], 14200, "{json}");
    assert!(json["elapsed_seconds"].as_f64().unwrap() < 100.0, "{json}");
    // The run wrote it back in the current format.
    assert!(
        fs::read_to_string(&file)
            .unwrap()
            .starts_with("nqueens-checkpoint 7\nn=12 ")
    );
}

#[test]
fn a_resumed_count_with_a_corrupted_entry_fails_against_the_published_total() {
    let dir = scratch("checkpoint-mismatch");
    let file = dir.join("c");
    let out = run(&["count", "12", "--checkpoint", arg(&file)], None);
    assert_eq!(text(&out.stdout), "14200\n");
    // Flip bit 3 of one subtask's total (a change of 8 keeps the symmetry sums
    // consistent) and keep the checksum right: only the published total can tell.
    forge(&file, |lines| {
        let mut fields: Vec<u128> = lines[3].split(' ').map(|f| f.parse().unwrap()).collect();
        fields[1] ^= 8;
        lines[3] = fields
            .iter()
            .map(u128::to_string)
            .collect::<Vec<_>>()
            .join(" ");
    });
    let resumed = run(&["count", "12", "--checkpoint", arg(&file), "--json"], None);
    let err = text(&resumed.stderr);
    assert_eq!(resumed.status.code(), Some(1), "{err}");
    assert!(resumed.stdout.is_empty(), "a wrong total was printed");
    assert!(
        err.contains("the published value is 14200 (OEIS A000170)"),
        "{err}"
    );
    assert!(
        err.contains("hardware or this software is at fault"),
        "{err}"
    );
}

#[test]
fn a_size_past_the_table_draws_the_count_progress_bar_on_a_terminal() {
    // The bar needs a count expected to take 0.1 s or more on every core: n = 17 (about
    // 0.5 s on two), not 16 (0.05 s). A debug build takes 40 s over 17, so there the
    // test checks the other side of the threshold: 16, and no bar.
    let (n, drawn) = if cfg!(debug_assertions) {
        (16, false)
    } else {
        (17, true)
    };
    let dir = scratch("answer-progress");
    let result = dir.join("stdout.txt");
    let terminal = on_terminal(&n.to_string(), &result);
    assert!(terminal.status.success());
    let total = nqueens::published::total(n).unwrap();
    assert!(
        fs::read_to_string(&result)
            .unwrap()
            .ends_with(&format!("\n{total}\n"))
    );
    let drawing = text(&terminal.stdout);
    assert_eq!(
        drawing.contains("subtasks"),
        drawn,
        "the bar was drawn on the terminal: {drawn}"
    );
    // Every rate drawn is a whole number with a unit (not `15.3764/s`), or `--` before
    // the first subtask, then the ETA.
    let mut rates = 0;
    for after in drawing.split("subtasks, ").skip(1) {
        let Some((rate, rest)) = after.split_once(", ") else {
            continue; // the last drawing, cut off by the end of the run
        };
        if rate == "--" {
            continue; // before this run's first subtask: no rate yet
        }
        let (number, unit) = rate.split_once('/').unwrap_or((rate, ""));
        assert!(
            !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()),
            "rate {rate:?} in {drawing:?}"
        );
        assert!(["s", "min", "h"].contains(&unit), "rate {rate:?}");
        assert!(rest.starts_with("ETA "), "{drawing:?}");
        rates += 1;
    }
    assert_eq!(rates > 0, drawn, "{drawing:?}");
}

#[test]
fn a_long_count_s_announcement_gives_its_own_command_with_a_checkpoint() {
    // The line gives the very command that was run, `--checkpoint FILE` added, so
    // nothing it had (`--output`, `--threads`, a size read from stdin) is lost. A
    // shard's line does not suggest splitting what is already a split; the whole
    // count's line keeps both suggestions.
    let dir = scratch("shard-announce");
    let file = dir.join("shard.json");
    let first_line = |args: &[&str], stdin: &[u8]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(stdin).unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        stderr.read_line(&mut line).unwrap();
        // Announced once the handler is live: SIGINT ends the run cleanly.
        assert!(signal(child.id(), "INT"));
        assert_eq!(child.wait().unwrap().code(), Some(130));
        let mut rest = String::new();
        stderr.read_to_string(&mut rest).unwrap();
        (line, rest)
    };
    let bin = env!("CARGO_BIN_EXE_nqueens");
    // n = 30: its calibration is a count of 13, quick in a debug build too.
    let (shard, lost) = first_line(
        &["count", "30", "--shard", "0/2", "--output", arg(&file)],
        b"",
    );
    assert!(
        shard.contains("counting shard 0/2 of n=30 will take"),
        "{shard}"
    );
    let command = format!(
        "`{bin} count 30 --shard 0/2 --output {} --checkpoint FILE`",
        arg(&file)
    );
    assert!(
        shard.contains(&format!("; {command} makes it resumable; Ctrl-C")),
        "{shard}"
    );
    assert!(!shard.contains("--shard I/M"), "{shard}");
    // What the interrupt says was lost names the same command.
    assert!(
        lost.contains(&format!("(nothing was saved; {command} keeps progress)")),
        "{lost}"
    );
    let (whole, _) = first_line(&["count", "--threads=1"], b"30\n");
    assert!(
        whole.contains(&format!(
            "; `{bin} count --threads=1 --checkpoint FILE 30` makes it resumable, --shard I/M \
             splits it across machines; Ctrl-C stops it"
        )),
        "{whole}"
    );
    // After `--` every word is the board size: the option goes before it.
    let (ended, _) = first_line(&["count", "--threads=1", "--", "30"], b"");
    let command = format!("`{bin} count --threads=1 --checkpoint FILE -- 30`");
    assert!(ended.contains(&command), "{ended}");
    // The answer of `nqueens N` takes no checkpoint: `count` does.
    let (answer, _) = first_line(&["30"], b"");
    let command = format!("`{bin} count 30 --checkpoint FILE` makes it resumable");
    assert!(answer.contains(&command), "{answer}");
    // Interrupted before it wrote: no shard file and no lock is left.
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn a_mistyped_command_is_named_with_the_one_meant() {
    // Where N goes a word is a command mistyped: saying that the 8 after it is
    // unexpected would blame the wrong word.
    for (args, named, meant) in [
        (&["cout", "8"][..], "'cout'", Some("'count'")),
        (&["solution", "8"], "'solution'", Some("'solutions'")),
        (&["Show", "4"], "'Show'", Some("'show'")),
        (&["cheque", "1", "2"], "'cheque'", Some("'check'")),
        (&["xyzzy"], "'xyzzy'", None),
    ] {
        let out = run(args, None);
        assert_usage_error(
            &out,
            &format!("unrecognized command {named}"),
            &format!("{args:?}"),
        );
        let err = text(&out.stderr);
        match meant {
            Some(meant) => assert!(err.contains(&format!("did you mean {meant}?")), "{err}"),
            None => assert!(!err.contains("did you mean"), "{err}"),
        }
        assert!(err.contains("or a board size from 1 to 32"), "{err}");
    }
}

#[test]
fn an_option_s_error_points_to_its_command_s_help_with_clap_s_tip() {
    for (args, names, help) in [
        (
            &["count", "8", "--thread", "1"][..],
            "a similar argument exists: '--threads'",
            "nqueens count --help",
        ),
        (
            &["count", "8", "--unqiue"],
            "a similar argument exists: '--unique'",
            "nqueens count --help",
        ),
        (
            &["count", "8", "--shard", "2/2"],
            "'2/2'",
            "nqueens count --help",
        ),
        (
            &["solutions", "8", "--limit", "x"],
            "'x'",
            "nqueens solutions --help",
        ),
        (&["check", "--foo"], "'--foo'", "nqueens check --help"),
        (&["--bogus"], "'--bogus'", "nqueens --help"),
    ] {
        let out = run(args, None);
        assert_usage_error(&out, names, &format!("{args:?}"));
        let err = text(&out.stderr);
        assert!(err.trim_end().ends_with(&format!("see '{help}'")), "{err}");
        assert!(!err.contains("to pass"), "{err}");
    }
}

#[test]
fn an_unwritable_stderr_changes_no_exit_code_and_panics_nothing() {
    // `eprintln!` panics (exit 101) where stderr cannot be written.
    for (args, code) in [
        (&["0"][..], 2),
        (&["--bogus"], 2),
        (&["count", "8", "--threads", "x"], 2),
        (&["cout", "8"], 2),
        (&["solutions", "2"], 0),
        (&["10", "--verify"], 0),
    ] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(BIN)
            .args(args)
            .stdin(Stdio::null())
            .stderr(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
}

#[test]
fn completions_offer_the_formats_and_algorithms_by_name() {
    // Not file names: `--format` and `--algorithm` take fixed words.
    let bash = text(&run(&["completions", "bash"], None).stdout);
    assert!(
        bash.contains(r#"compgen -W "rows boards json""#),
        "--format"
    );
    let algorithms = r#"compgen -W "naive flags bitmask dancing-links cell-by-cell""#;
    assert!(
        bash.matches(algorithms).count() >= 3,
        "compare's and trace's --algorithm and -a"
    );
    let fish = text(&run(&["completions", "fish"], None).stdout);
    assert!(
        fish.contains("-l format -d") && fish.contains(r#"-r -f -a "rows"#),
        "fish"
    );
}
