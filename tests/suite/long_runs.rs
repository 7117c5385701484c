//! Long counts: shards and merge, checkpoints that survive SIGKILL and SIGINT, refusal
//! of damaged or foreign files, and progress kept off stdout.

use std::fs;
use std::io::{BufRead as _, BufReader, Read as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::common::{FRAME_LINES, arg, on_terminal, run, scratch, signal, text};
use nqueens::{Split, published};

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");

#[test]
fn four_shard_processes_merge_to_the_exact_total() {
    let dir = scratch("shards");
    let files: Vec<PathBuf> = (0..4)
        .map(|i| dir.join(format!("shard-{i}.json")))
        .collect();
    let children: Vec<Child> = files
        .iter()
        .enumerate()
        .map(|(i, file)| {
            Command::new(BIN)
                .args([
                    "count",
                    "14",
                    "--shard",
                    &format!("{i}/4"),
                    "--output",
                    arg(file),
                ])
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let names: Vec<&str> = files.iter().map(|f| arg(f)).collect();
    let merged = run(&[&["merge"], &names[..]].concat(), None);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(text(&merged.stdout), "365596\n");
    let unique = run(&[&["merge", "--unique"], &names[..]].concat(), None);
    assert_eq!(text(&unique.stdout), "45752\n");
    // Shards on stdout are the same records.
    let on_stdout = run(&["count", "14", "--shard", "2/4"], None);
    let a: serde_json::Value = serde_json::from_slice(&on_stdout.stdout).unwrap();
    let b: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&files[2]).unwrap()).unwrap();
    assert_eq!(a["total"], b["total"]);
    assert_eq!(a["checksum"], b["checksum"]);
}

#[test]
fn merge_names_missing_duplicate_mismatched_and_damaged_shards() {
    let dir = scratch("bad-shards");
    let shard = |n: u32, i: usize, m: usize| {
        let file = dir.join(format!("n{n}-{i}of{m}.json"));
        let out = run(
            &[
                "count",
                &n.to_string(),
                "--shard",
                &format!("{i}/{m}"),
                "--output",
                arg(&file),
            ],
            None,
        );
        assert!(out.status.success());
        file
    };
    let (a, b, c) = (shard(10, 0, 3), shard(10, 1, 3), shard(10, 2, 3));
    let other = shard(11, 2, 3);
    let error = |files: &[&Path]| {
        let names: Vec<&str> = files.iter().map(|f| arg(f)).collect();
        let out = run(&[&["merge"], &names[..]].concat(), None);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(out.stdout.is_empty());
        text(&out.stderr)
    };
    let missing = error(&[&a, &b]);
    assert!(
        missing.contains(&format!(
            "missing shard 2 of 3 (n=10); given {}, {}",
            arg(&a),
            arg(&b)
        )),
        "{missing}"
    );
    // Eight missing are all named; more are not.
    let ninths = shard(10, 0, 9);
    assert!(
        error(&[&ninths]).contains("missing shards 1, 2, 3, 4, 5, 6, 7, 8 of 9 (n=10); given "),
        "{}",
        error(&[&ninths])
    );
    // Many shards missing: a few are named, and how many more.
    let (d, e) = (shard(10, 0, 20), shard(10, 7, 20));
    let many = error(&[&d, &e]);
    assert!(
        many.contains("missing shards 1, 2, 3, 4, 5, 6, 8, 9, and 10 more of 20 (n=10)"),
        "{many}"
    );
    // A checkpoint given by mistake (`merge shard-*` beside the recipes' checkpoints).
    let checkpoint = dir.join("shard-0.checkpoint");
    let out = run(
        &[
            "count",
            "10",
            "--shard",
            "0/3",
            "--checkpoint",
            arg(&checkpoint),
        ],
        None,
    );
    assert!(out.status.success());
    assert!(
        error(&[&a, &b, &checkpoint])
            .contains("shard-0.checkpoint is a checkpoint, not a shard result"),
    );
    let twice = error(&[&a, &b, &b, &c]);
    assert!(
        twice.contains("given twice") && twice.contains(arg(&b)),
        "{twice}"
    );
    let mixed = error(&[&a, &b, &other]);
    assert!(
        mixed.contains(arg(&other)) && mixed.contains("not parts of one count"),
        "{mixed}"
    );
    // Edit a number: the checksum no longer matches.
    let edited = dir.join("edited.json");
    let json = fs::read_to_string(&c).unwrap();
    let total = serde_json::from_str::<serde_json::Value>(&json).unwrap()["total"].clone();
    fs::write(
        &edited,
        json.replace(&format!("\"total\":{total}"), "\"total\":1"),
    )
    .unwrap();
    let damaged = error(&[&a, &b, &edited]);
    assert!(
        damaged.contains(arg(&edited)) && damaged.contains("damaged"),
        "{damaged}"
    );
    let truncated = dir.join("truncated.json");
    fs::write(&truncated, &json[..json.len() / 2]).unwrap();
    assert!(error(&[&a, &b, &truncated]).contains(arg(&truncated)));
    assert!(error(&[&a, &b, &dir.join("absent.json")]).contains("absent.json"));
    assert!(error(&[&a, &b, &dir]).contains("cannot read"));
    let good = run(&["merge", arg(&c), arg(&a), arg(&b)], None);
    assert_eq!(text(&good.stdout), "724\n");
}

#[test]
fn merge_json_gives_the_sums_of_its_shards_and_the_published_check() {
    let dir = scratch("merge-json");
    let files: Vec<std::path::PathBuf> = (0..3)
        .map(|i| {
            let file = dir.join(format!("s{i}.json"));
            let shard = format!("{i}/3");
            let out = run(
                &["count", "10", "--shard", &shard, "--output", arg(&file)],
                None,
            );
            assert!(out.status.success());
            file
        })
        .collect();
    let (a, b, c) = (&files[0], &files[1], &files[2]);
    // The sums of the three shards, and the check against the published.
    let json = run(&["merge", "--json", arg(c), arg(a), arg(b)], None);
    assert!(json.status.success(), "{}", text(&json.stderr));
    let record: serde_json::Value = serde_json::from_str(&text(&json.stdout)).unwrap();
    let shards: Vec<serde_json::Value> = [&a, &b, &c]
        .iter()
        .map(|f| serde_json::from_str(&fs::read_to_string(f).unwrap()).unwrap())
        .collect();
    let sum = |field: &str| -> f64 { shards.iter().map(|s| s[field].as_f64().unwrap()).sum() };
    assert_eq!(
        (
            &record["n"],
            &record["total"],
            &record["unique"],
            &record["shards"]
        ),
        (&10.into(), &724.into(), &92.into(), &3.into()),
        "{record}"
    );
    assert_eq!(
        record["subtasks"].as_f64(),
        Some(sum("subtasks")),
        "{record}"
    );
    assert_eq!(record["nodes"].as_f64(), Some(sum("nodes")), "{record}");
    let seconds = record["shard_seconds"].as_f64().unwrap();
    assert!((seconds - sum("elapsed_seconds")).abs() < 1e-9, "{record}");
    assert_eq!(record["published"], "match", "{record}");
}

/// A shard file of format version 1, as the constellation engine's split wrote it.
const VERSION_1_SHARD: &str = r#"{"format":"nqueens-shard","version":1,"n":13,"shard":1,"shards":4,"split":"c183323525051f90","split_subtasks":1105,"subtasks":276,"total":18244,"distinct_eighths":18296,"fixed90":0,"fixed180":52,"nodes":189246,"elapsed_seconds":0.016137752,"checksum":"1307497056b3e2bb"}"#;

#[test]
fn a_shard_from_the_old_split_is_refused_by_merge_naming_its_version() {
    let dir = scratch("old-shard");
    let old = dir.join("old.json");
    fs::write(&old, VERSION_1_SHARD).unwrap();
    let new = dir.join("new.json");
    let out = run(
        &["count", "13", "--shard", "0/4", "--output", arg(&new)],
        None,
    );
    assert!(out.status.success());
    let merged = run(&["merge", arg(&new), arg(&old)], None);
    assert_eq!(merged.status.code(), Some(2));
    let err = text(&merged.stderr);
    assert!(
        err.contains("is a nqueens-shard version 1 file, from an nqueens that split counts differently; this one reads version 6"),
        "{err}"
    );
}

/// The size the kill and interrupt tests count: one that takes seconds in this build,
/// so the signal lands while the count still runs. n = 16 finished in 0.6 s in
/// release, and a loaded CI machine delivered SIGINT only after it had exited 0.
/// Both sizes are counted by the join engine.
const LONG: u32 = if cfg!(debug_assertions) { 16 } else { 18 };

fn long() -> String {
    LONG.to_string()
}

/// The checkpointed one-thread count of `size` (that is, `long()`) that the kill and
/// interrupt tests start and then resume.
fn checkpointed<'a>(size: &'a str, file: &'a Path) -> [&'a str; 6] {
    ["count", size, "--threads", "1", "--checkpoint", arg(file)]
}

fn long_total() -> u128 {
    published::total(LONG).unwrap()
}

/// Starts a checkpointed count of `LONG` on one thread and waits until the checkpoint
/// holds at least `entries` finished subtasks.
fn start_checkpointed(file: &Path, entries: usize) -> Child {
    let child = Command::new(BIN)
        .args(checkpointed(&long(), file))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_progress(child, file, entries)
}

/// Returns `child`, a count checkpointed to `file`, once the file holds at least
/// `entries` finished subtasks; kills it and fails if that takes over a minute.
#[allow(clippy::zombie_processes)] // the child is returned; every caller waits for it
fn wait_for_progress(mut child: Child, file: &Path, entries: usize) -> Child {
    let deadline = Instant::now() + Duration::from_mins(1);
    loop {
        let lines = fs::read_to_string(file).map_or(0, |t| t.lines().count());
        if lines >= entries + FRAME_LINES {
            return child;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("no progress in the checkpoint");
        }
        sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_count_killed_with_sigkill_resumes_to_the_exact_total() {
    let dir = scratch("sigkill");
    let file = dir.join("count.checkpoint");
    let mut child = start_checkpointed(&file, 2);
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    let saved = fs::read_to_string(&file).unwrap();
    let entries = saved.lines().count() - FRAME_LINES;
    let subtasks = Split::new(LONG).unwrap().len();
    assert!(
        (2..subtasks).contains(&entries),
        "killed partway: {entries} of {subtasks} saved"
    );
    assert!(saved.ends_with('\n') && saved.lines().last().unwrap().starts_with("checksum="));
    let size = long();
    let resumed = run(
        &[&checkpointed(&size, &file)[..], &["--unique", "--json"]].concat(),
        None,
    );
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    // What the file held, counted here from its lines, is what the run says it resumed.
    let said = format!(
        "resumed from {}: {entries} of {subtasks} subtasks already counted\n",
        arg(&file)
    );
    assert_eq!(text(&resumed.stderr), said);
    let json: serde_json::Value = serde_json::from_slice(&resumed.stdout).unwrap();
    assert_eq!(json["total"].as_u64().map(u128::from), Some(long_total()));
    assert_eq!(
        json["unique"].as_u64().map(u128::from),
        published::unique(LONG)
    );
    assert_eq!(json["subtasks"].as_u64(), u64::try_from(subtasks).ok());
    // A finished checkpoint answers at once, and again exactly.
    let again = run(&["count", &long(), "--checkpoint", arg(&file)], None);
    assert_eq!(text(&again.stdout), format!("{}\n", long_total()));
}

#[test]
fn the_first_sigint_saves_and_prints_the_command_that_resumes() {
    let dir = scratch("sigint");
    let file = dir.join("count.checkpoint");
    let child = start_checkpointed(&file, 1);
    assert!(signal(child.id(), "INT"));
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty());
    let stderr = text(&out.stderr);
    let expected = format!(
        "resume with: {BIN} count {LONG} --threads 1 --checkpoint {}",
        arg(&file)
    );
    assert!(stderr.contains(&expected), "{stderr}");
    // Off a terminal, every line says something: no blank line before the report.
    assert!(stderr.lines().all(|line| !line.is_empty()), "{stderr:?}");
    // The interrupted run removed its lock: only the checkpoint is left.
    let names = || -> Vec<_> {
        fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect()
    };
    assert_eq!(names(), ["count.checkpoint"]);
    // "interrupted: K of T subtasks are saved": the resumed run starts from those K,
    // says so in one line, even with --quiet, and counts the rest.
    let saved = stderr
        .split("interrupted: ")
        .nth(1)
        .and_then(|rest| rest.split(" of ").next())
        .expect("the interrupted line");
    let resumed = run(
        &[&checkpointed(&long(), &file)[..], &["--quiet"]].concat(),
        None,
    );
    assert_eq!(text(&resumed.stdout), format!("{}\n", long_total()));
    assert_eq!(
        text(&resumed.stderr),
        format!(
            "resumed from {}: {saved} of {} subtasks already counted\n",
            arg(&file),
            Split::new(LONG).unwrap().len()
        )
    );
    assert_eq!(names(), ["count.checkpoint"]);
}

#[test]
fn an_interrupt_saves_the_time_though_no_subtask_finished() {
    // n = 30: no subtask finishes in the second this run takes (its calibration is a
    // count of 13, quick in a debug build too). Its checkpoint must still keep that
    // second, for the record of the run that finishes the count.
    let dir = scratch("sigint-time");
    let file = dir.join("c");
    for signal_name in ["INT", "TERM"] {
        let mut child = Command::new(BIN)
            .args(["count", "30", "--threads", "1", "--checkpoint", arg(&file)])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The announcement comes once the checkpoint's saver has started.
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        stderr.read_line(&mut line).unwrap();
        assert!(line.contains("counting n=30 will take"), "{line}");
        sleep(Duration::from_secs(1));
        assert!(signal(child.id(), signal_name));
        assert_eq!(child.wait().unwrap().code(), Some(130));
        let saved = fs::read_to_string(&file).unwrap();
        let seconds: f64 = saved
            .lines()
            .nth(2)
            .unwrap()
            .strip_prefix("seconds=")
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(saved.lines().count(), FRAME_LINES, "{saved}");
        // The second run adds its own second to the first's.
        let least = if signal_name == "INT" { 1.0 } else { 2.0 };
        assert!(seconds >= least, "SIG{signal_name}: {saved}");
    }
}

#[test]
fn a_size_read_from_stdin_is_in_the_resume_command() {
    // stdin is gone once the run is interrupted, so the command it prints must give N
    // itself; run as printed (by a shell, without stdin), it finishes the count.
    let dir = scratch("stdin-resume");
    let file = dir.join("count.checkpoint");
    let mut child = Command::new(BIN)
        .args(["count", "--threads", "1", "--checkpoint", arg(&file)])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{LONG}").unwrap();
    }
    let child = wait_for_progress(child, &file, 1);
    assert!(signal(child.id(), "INT"));
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let stderr = text(&out.stderr);
    let command = stderr
        .split("resume with: ")
        .nth(1)
        .map(str::trim_end)
        .expect("the resume command");
    assert!(command.ends_with(&format!(" {LONG}")), "{command}");
    let resumed = Command::new("sh")
        .args(["-c", command])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), format!("{}\n", long_total()));
}

#[test]
fn the_estimate_of_a_checkpointed_count_is_of_its_rest_and_reads_the_file_only() {
    let dir = scratch("estimate-rest");
    let file = dir.join("count.checkpoint");
    let child = start_checkpointed(&file, 2);
    assert!(signal(child.id(), "INT"));
    assert_eq!(child.wait_with_output().unwrap().status.code(), Some(130));
    let saved = fs::read(&file).unwrap();
    let entries = text(&saved).lines().count() - FRAME_LINES;
    let subtasks = Split::new(LONG).unwrap().len();
    let estimate = |file: &Path| {
        let size = long();
        run(
            &[&checkpointed(&size, file)[..], &["--estimate"]].concat(),
            None,
        )
    };
    let out = estimate(&file);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line = text(&out.stdout);
    assert!(
        line.starts_with(&format!(
            "counting the rest of n={LONG} ({entries} of {subtasks} subtasks are done) would take "
        )),
        "{line}"
    );
    // Read, not written, and no lock left beside it.
    assert_eq!(fs::read(&file).unwrap(), saved);
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["count.checkpoint"]);
    // A checkpoint not made yet is the whole count, and is not made by the estimate.
    let absent = dir.join("absent.checkpoint");
    let whole = text(&estimate(&absent).stdout);
    assert!(
        whole.starts_with(&format!("counting n={LONG} would take ")),
        "{whole}"
    );
    assert!(!absent.exists());
    // Another count's checkpoint is refused, as a resume would refuse it.
    let other = run(
        &["count", "12", "--checkpoint", arg(&file), "--estimate"],
        None,
    );
    assert_eq!(other.status.code(), Some(2));
    // Its advice is not --force, which --estimate refuses.
    let err = text(&other.stderr);
    assert!(
        err.contains("belongs to another count")
            && err.contains("refusing to estimate from it (the count itself takes --force")
            && !err.contains("pass --force"),
        "{err}"
    );
}

/// `count 20 --threads 1` with stdout and stderr piped, and its stderr to read.
/// Not 19: on one thread it takes about as long as the least count that is announced,
/// so a fast moment of the machine would leave it unannounced.
fn piped_20() -> (Child, BufReader<std::process::ChildStderr>) {
    let mut child = Command::new(BIN)
        .args(["count", "20", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    (child, stderr)
}

#[test]
fn sigint_without_a_checkpoint_says_what_was_lost() {
    // n = 20 takes a minute on one thread, so it is announced on stderr, and
    // the announcement comes once the handler is installed: the signal is sent then,
    // not after a guessed delay that a loaded machine may not honour.
    let (child, mut stderr) = piped_20();
    let mut announced = String::new();
    stderr.read_line(&mut announced).unwrap();
    assert!(announced.contains("Ctrl-C stops it"), "{announced}");
    signal(child.id(), "TERM");
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let stderr = rest;
    assert!(
        stderr.contains("are lost") && stderr.contains("--checkpoint FILE"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn foreign_and_damaged_checkpoints_are_refused_and_left_alone() {
    let dir = scratch("bad-checkpoints");
    let file = dir.join("count12.checkpoint");
    assert!(
        run(&["count", "12", "--checkpoint", arg(&file)], None)
            .status
            .success()
    );
    let original = fs::read(&file).unwrap();
    let refused = |args: &[&str], names: &str| {
        let out = run(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(names) && err.contains("--force"), "{err}");
        assert_eq!(err.lines().count(), 1);
        assert!(out.stdout.is_empty());
    };
    // Another n, another shard split.
    refused(
        &["count", "13", "--checkpoint", arg(&file)],
        "another count",
    );
    refused(
        &["count", "12", "--shard", "0/2", "--checkpoint", arg(&file)],
        "another count",
    );
    assert_eq!(fs::read(&file).unwrap(), original, "not overwritten");
    // Damaged content: one digit changed, or cut short.
    let mut damaged = original.clone();
    let at = damaged.len() / 2;
    damaged[at] = if damaged[at] == b'1' { b'2' } else { b'1' };
    fs::write(&file, &damaged).unwrap();
    refused(&["count", "12", "--checkpoint", arg(&file)], "damaged");
    fs::write(&file, &original[..original.len() - 10]).unwrap();
    refused(&["count", "12", "--checkpoint", arg(&file)], "damaged");
    fs::write(&file, b"hello\n").unwrap();
    refused(
        &["count", "12", "--checkpoint", arg(&file)],
        "not an nqueens checkpoint",
    );
    assert_eq!(fs::read(&file).unwrap(), b"hello\n", "not overwritten");
    // An empty file (made ahead by `mktemp`) holds nothing to lose: a fresh start,
    // which leaves a finished checkpoint in it.
    fs::write(&file, b"").unwrap();
    let fresh = run(&["count", "12", "--checkpoint", arg(&file)], None);
    assert_eq!(text(&fresh.stdout), "14200\n", "{}", text(&fresh.stderr));
    assert!(
        fs::read_to_string(&file)
            .unwrap()
            .starts_with("nqueens-checkpoint ")
    );
    // A checkpoint of format 5, written before the batches of odd boards of 19 and
    // 21 were weighed by the reflection in the diagonal, names its format; the file
    // is kept.
    let old = "nqueens-checkpoint 5\nn=19 split=0123456789abcdef subtasks=705 shard=all\n";
    fs::write(&file, old).unwrap();
    refused(
        &["count", "19", "--checkpoint", arg(&file)],
        "was written in format 5 by another nqueens version, which split counts differently; \
         this one reads nqueens-checkpoint 7",
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), old, "not overwritten");
    // --force starts over.
    let forced = run(
        &["count", "12", "--checkpoint", arg(&file), "--force"],
        None,
    );
    assert_eq!(text(&forced.stdout), "14200\n");
    assert!(
        fs::read_to_string(&file)
            .unwrap()
            .starts_with("nqueens-checkpoint 7\n")
    );
    // A directory is not a checkpoint.
    let out = run(&["count", "12", "--checkpoint", arg(&dir)], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn off_a_terminal_a_long_count_logs_each_tenth_with_the_time_left() {
    // Release builds only: a debug build of n = 20 takes many minutes to reach its
    // first tenth, and the lines' wording, arithmetic and writing as subtasks finish
    // are the unit tests' of progress.rs. What this adds is that a real count, piped,
    // logs them: n = 20 on one thread is announced (a minute) and reaches a tenth of
    // its work in seconds.
    if cfg!(debug_assertions) {
        return;
    }
    let (child, mut stderr) = piped_20();
    let mut lines = Vec::new();
    for _ in 0..2 {
        let mut line = String::new();
        stderr.read_line(&mut line).unwrap();
        lines.push(line);
    }
    signal(child.id(), "TERM");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(lines[0].contains("will take about"), "{lines:?}");
    let log = &lines[1];
    assert!(log.starts_with("nqueens: n=20: 10% done, "), "{log}");
    assert!(log.contains(" into this run; about "), "{log}");
    // The first line with a rate agrees with the estimate, or says how far it is and
    // why, in the direction the two figures show.
    let (agrees, note) = log
        .trim_end()
        .split_once(" left at this run's rate")
        .unwrap();
    if !note.is_empty() {
        let whole = seconds_of(agrees.split("% done, ").nth(1).unwrap());
        let estimate = lines[0].split("will take ").nth(1).unwrap();
        let estimate = seconds_of(estimate.split(" on ").next().unwrap());
        let way = if whole < estimate { "faster" } else { "slower" };
        assert!(
            note.contains(&format!("x {way} than the estimate at the start (about "))
                && note.ends_with("), which could only time a small count"),
            "{lines:?}"
        );
    }
    assert!(out.stdout.is_empty());
}

/// The seconds in `text`: a log's `1m 05s into this run; about 15s` (their sum) or an
/// estimate's `about 35 seconds` or `about 1.2 minutes`.
fn seconds_of(text: &str) -> f64 {
    let words: Vec<&str> = text.split([' ', ';']).filter(|w| !w.is_empty()).collect();
    let mut total = 0.0;
    for (i, word) in words.iter().enumerate() {
        let unit = |u: &str| word.strip_suffix(u).and_then(|v| v.parse::<f64>().ok());
        if let Some(v) = unit("s") {
            total += v;
        } else if let Some(v) = unit("m") {
            total += 60.0 * v;
        } else if let Ok(v) = word.parse::<f64>() {
            let scale = match words.get(i + 1).copied() {
                Some("minutes") => 60.0,
                Some("hours") => 3600.0,
                _ => 1.0,
            };
            total += scale * v;
        }
    }
    total
}

#[test]
fn progress_goes_to_the_terminal_never_to_stdout() {
    let dir = scratch("progress");
    let result = dir.join("stdout.txt");
    // The bar is drawn when the whole count is expected to take 0.1 s or more: n = 17
    // (about a second on one thread; 16 takes a tenth of that). One of its smaller
    // subtasks (they come largest first), as a shard, keeps the test quick in debug
    // builds too.
    let subtasks = Split::new(17).unwrap().len();
    let shard = format!("{}/{}", subtasks - 2, subtasks);
    let args = ["count", "17", "--shard", &shard, "--threads", "1"];
    let terminal = on_terminal(&args.join(" "), &result);
    assert!(terminal.status.success());
    let written: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&result).unwrap()).unwrap();
    assert_eq!(written["n"], 17);
    assert!(written["total"].as_u64() > Some(0));
    assert!(
        text(&terminal.stdout).contains("subtasks"),
        "the bar was drawn on the terminal"
    );
    // --quiet draws nothing; neither does a pipe.
    let terminal = on_terminal(&[&args.join(" "), "--quiet"].join(" "), &result);
    assert!(!text(&terminal.stdout).contains("subtasks"));
    let piped = run(&args, None);
    assert!(piped.stderr.is_empty());
    let piped: serde_json::Value = serde_json::from_slice(&piped.stdout).unwrap();
    assert_eq!(piped["total"], written["total"]);
}

/// `count ARGS --estimate` started with its stdout and stderr piped, stopped by a
/// SIGINT `wait` after its stderr's line starting `after`: its stdout and stderr.
fn estimate_interrupted(args: &[&str], after: &str, wait: Duration) -> (String, String, i32) {
    let mut child = Command::new(BIN)
        .args(args)
        .arg("--estimate")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A line that never comes would leave the test waiting on a sample of minutes:
    // after two minutes the child is killed, its stderr ends, and the test fails.
    let pid = child.id();
    std::thread::spawn(move || {
        sleep(Duration::from_mins(2));
        signal(pid, "KILL");
    });
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut err = String::new();
    while !err.lines().any(|line| line.starts_with(after)) {
        assert!(stderr.read_line(&mut err).unwrap() > 0, "{err}");
    }
    sleep(wait);
    assert!(signal(child.id(), "INT"));
    stderr.read_to_string(&mut err).unwrap();
    let out = child.wait_with_output().unwrap();
    (text(&out.stdout), err, out.status.code().unwrap())
}

#[test]
fn a_sample_that_outlasts_its_time_says_what_it_waits_for_and_ctrl_c_says_what_it_measured() {
    // A subtask of 26 takes minutes: none ends within a 1 s budget. Two seconds after
    // it, a line says what the sample waits for; Ctrl-C then says what was measured.
    let args = ["count", "26", "--sample-seconds", "1", "--threads", "1"];
    let waiting = "nqueens: the sampling time is up";
    let (out, err, code) = estimate_interrupted(&args, waiting, Duration::ZERO);
    assert_eq!(code, 130);
    assert!(out.is_empty());
    assert!(
        err.contains(
            "nqueens: the sampling time is up, with 0 subtasks timed; waiting for the \
             subtasks started to finish (Ctrl-C reports what was timed)\n"
        ),
        "{err}"
    );
    assert!(
        err.contains("interrupted: no subtask of n=26 finished in ")
            && err.ends_with(" of sampling, so the ones started take longer than that here\n"),
        "{err}"
    );
}

#[test]
fn ctrl_c_during_a_sample_projects_from_the_subtasks_timed_so_far() {
    // 19 counts in seconds, in 273 subtasks: a second in, some are timed.
    let args = ["count", "19", "--sample-seconds", "600", "--threads", "2"];
    let sampling = "nqueens: timing subtasks of n=19";
    let (out, err, code) = estimate_interrupted(&args, sampling, Duration::from_secs(1));
    assert_eq!(code, 130);
    assert!(out.is_empty());
    let projected = err
        .contains("\ninterrupted; from the subtasks timed so far: counting n=19 would take about ")
        && err.contains(" of 273 subtasks drawn at random and timed on this machine in ");
    // A debug build may not have finished a subtask yet; a release build has.
    let none = err.contains("interrupted: no subtask of n=19 finished in ");
    assert!(projected || (cfg!(debug_assertions) && none), "{err}");
    // No waiting line: the time was not up.
    assert!(!err.contains("the sampling time is up"), "{err}");
}
