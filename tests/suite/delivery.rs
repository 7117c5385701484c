//! Nothing lost, nothing hidden: a result whose reader is gone is a failure, a killed
//! count leaves no temporary files behind once it is resumed, and a full disk keeps
//! the last checkpoint whole and resumable.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use nqueens::published;

use crate::common::{FRAME_LINES, Running, arg, run, scratch, text};

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");

/// Runs the binary with `args` in `dir`, its stdout a pipe whose reader has already
/// gone, as `nqueens ... | head -c 0` gives it.
fn into_a_closed_pipe(dir: &Path, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_result_whose_reader_is_gone_is_a_failure_and_a_stream_cut_short_is_not() {
    let dir = scratch("delivery-closed-pipe");
    // Two shards of n = 12, for merge.
    for i in ["0", "1"] {
        let (shard, path) = (format!("{i}/2"), dir.join(format!("s{i}.json")));
        let out = run(
            &["count", "12", "--shard", &shard, "--output", arg(&path)],
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let (s0, s1) = (dir.join("s0.json"), dir.join("s1.json"));
    let results: &[&[&str]] = &[
        &["8"],
        &["14"],
        &["8", "--json"],
        &["count", "12"],
        &["count", "16"],
        &["count", "22", "--estimate"],
        &["count", "12", "--shard", "0/1"],
        &["count", "12", "--shard", "0/1", "--output", "-"],
        &["merge", arg(&s0), arg(&s1)],
        &["check", "2", "4", "6", "1", "3", "5"],
        &["verify"],
    ];
    for args in results {
        let out = into_a_closed_pipe(&dir, args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: the result was not delivered: standard output was closed"),
            "{args:?}: {err}"
        );
    }
    // A checkpointed count says where its result can be had again.
    let checkpoint = dir.join("c");
    let out = into_a_closed_pipe(&dir, &["count", "14", "--checkpoint", arg(&checkpoint)]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("every subtask is saved in {}", arg(&checkpoint))),
        "{err}"
    );
    let again = run(&["count", "14", "--checkpoint", arg(&checkpoint)], None);
    assert_eq!(text(&again.stdout), "365596\n", "{}", text(&again.stderr));
    // Listings and documents cut short by their reader end quietly.
    let streams: &[&[&str]] = &[
        &["solutions", "10"],
        &["trace", "6", "--limit", "all"],
        &["show", "8"],
        &["compare", "8"],
        &["--help"],
        &["manpage"],
    ];
    for args in streams {
        let out = into_a_closed_pipe(&dir, args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
}

/// The names in `dir`, sorted, hidden ones included.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// The name a save of the file named `name` gives its temporary file, with `random`
/// in place of its six random letters: `.nqueens-`, 8 hex digits of the name's 64-bit
/// FNV-1a (its low half), `-`, the letters, `.tmp`.
fn temporary_name(name: &str, random: &str) -> String {
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!(".nqueens-{:08x}-{random}.tmp", hash as u32)
}

#[test]
fn sigkills_at_random_moments_then_a_resume_give_the_exact_total_and_no_litter() {
    let dir = scratch("delivery-sigkill");
    let file = dir.join("c");
    // A leftover as a killed save leaves it, and one of another file's, which the run
    // on `c` must not touch.
    let leftover = dir.join(temporary_name("c", "Ab1xYz"));
    let others = dir.join(temporary_name("other", "Ab1xYz"));
    fs::write(&leftover, "half a checkpoint").unwrap();
    fs::write(&others, "another file's").unwrap();
    // Kill moments spread over the first seconds of the count, from a fixed seed so
    // that a failure can be run again.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let n = if cfg!(debug_assertions) { "16" } else { "18" };
    let args = ["count", n, "--threads", "1", "--checkpoint", arg(&file)];
    for _ in 0..6 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let after = Duration::from_millis(50 + state % 400);
        let mut child = Running(
            Command::new(BIN)
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        sleep(after);
        child.kill().unwrap(); // SIGKILL: no chance to clean up
        child.wait().unwrap();
    }
    let started = Instant::now();
    let resumed = run(&args, None);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let total = published::total(n.parse().unwrap()).unwrap();
    assert_eq!(text(&resumed.stdout), format!("{total}\n"));
    assert!(started.elapsed() < Duration::from_mins(5));
    // Only the checkpoint and the other file's leftover are left: the planted leftover
    // and whatever the kills left are gone.
    assert!(!leftover.exists());
    let other = others.file_name().unwrap().to_str().unwrap().to_owned();
    assert_eq!(names(&dir), [other, "c".to_owned()]);
}

/// A bash script that mounts a 64 KiB tmpfs on `$1/disk` (in a mount namespace of its
/// own) and runs the binary `$2` there: a count that fills its checkpoint's disk midway,
/// then a resume once there is room again, and a shard whose `--output` finds the disk
/// full. It prints `name=value` lines for the test to check.
const FULL_DISK: &str = r#"
set -u
logs=$1; bin=$2; n=$3; disk=$logs/disk
mkdir -p "$disk"
mount -t tmpfs -o size=64k tmpfs "$disk" || { echo "mount=failed"; exit 0; }
cd "$disk"
"$bin" count "$n" --threads 1 --checkpoint c > "$logs/out1" 2> "$logs/err1" &
pid=$!
# Two entries past the checkpoint's four other lines.
for _ in $(seq 1 6000); do
    [ -f c ] && [ "$(wc -l < c)" -ge 6 ] && break
    sleep 0.005
done
head -c 1M /dev/zero > fill 2> /dev/null
wait $pid
echo "first=$?"
cp c "$logs/kept"
ls -A > "$logs/names1"
"$bin" count 12 --shard 0/1 --output s.json > "$logs/out3" 2> "$logs/err3"
echo "shard=$?"
ls -A > "$logs/names3"
rm fill
"$bin" count "$n" --threads 1 --checkpoint c > "$logs/out2" 2> "$logs/err2"
echo "resumed=$?"
"#;

#[test]
fn a_full_disk_keeps_the_last_checkpoint_whole_and_a_later_run_resumes_from_it() {
    let logs = scratch("delivery-full-disk");
    let n = if cfg!(debug_assertions) { "16" } else { "18" };
    // unshare: a mount namespace (and, for a user who is not root, a user namespace
    // mapped to root), so the tmpfs needs no privileges and vanishes with the script.
    let script = Command::new("unshare")
        .args([
            "-rm",
            "bash",
            "-c",
            FULL_DISK,
            "full-disk",
            arg(&logs),
            BIN,
            n,
        ])
        .output()
        .expect("unshare (util-linux) runs");
    let said = text(&script.stdout);
    assert!(script.status.success(), "{said}{}", text(&script.stderr));
    assert!(
        !said.contains("mount=failed"),
        "no tmpfs: {}",
        text(&script.stderr)
    );
    let read = |name: &str| fs::read_to_string(logs.join(name)).unwrap();
    // The count that ran out of room: one line, exit 1, its checkpoint whole.
    assert!(said.contains("first=1\n"), "{said}");
    let err = read("err1");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    let kept = read("kept");
    assert!(kept.starts_with("nqueens-checkpoint "), "{kept}");
    let entries = kept.lines().count() - FRAME_LINES;
    assert!(entries >= 2, "{kept}");
    // No temporary file left beside it.
    assert_eq!(read("names1"), "c\nfill\n");
    // A shard whose output finds no room: one line, exit 1, no file, no litter.
    assert!(said.contains("shard=1\n"), "{said}");
    let err = read("err3");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    assert_eq!(read("names3"), "c\nfill\n");
    // With room again, the same command resumes from what was kept.
    assert!(said.contains("resumed=0\n"), "{said}");
    let total = published::total(n.parse().unwrap()).unwrap();
    assert_eq!(read("out2"), format!("{total}\n"));
    assert!(
        read("err2").starts_with(&format!("resumed from c: {entries} of ")),
        "{}",
        read("err2")
    );
}
