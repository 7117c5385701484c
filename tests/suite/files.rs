//! The files a user names, handled as Unix tools handle them: `--output -` is stdout; a
//! device, FIFO or link is never replaced by a regular file; a checkpoint must be a
//! regular file; a finished run leaves only the files asked for, so `merge shard-*`
//! works after the shard recipe.

use std::fs;
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _, symlink};
use std::os::unix::net::UnixListener;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common::{assert_usage_error, scratch, signal, text};

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");

/// A shard of n = 12 (one shard: the whole count, 14200 placements, in milliseconds).
const SHARD: [&str; 4] = ["count", "12", "--shard", "0/1"];

/// Runs the binary in `dir` with `args` and an empty stdin.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn shard_to(dir: &Path, output: &str) -> Output {
    run_in(dir, &[&SHARD[..], &["--output", output]].concat())
}

/// A shard result of n = 12 (the JSON `count 12 --shard 0/1` writes).
fn assert_shard(json: &str, case: &str) {
    let value: serde_json::Value = serde_json::from_str(json)
        .unwrap_or_else(|e| panic!("{case}: not a shard result ({e}): {json:?}"));
    assert_eq!(value["total"], 14200, "{case}");
}

/// The names in `dir`, sorted, hidden ones included.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn dash_is_stdout_and_no_file_named_dash_is_made() {
    let dir = scratch("files-dash");
    let out = shard_to(&dir, "-");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_shard(&text(&out.stdout), "--output -");
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
}

#[test]
fn a_regular_file_is_written_and_nothing_else_is_left() {
    let dir = scratch("files-regular");
    fs::write(dir.join("shard.json"), "old content\n").unwrap();
    let out = shard_to(&dir, "shard.json");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert_shard(&fs::read_to_string(dir.join("shard.json")).unwrap(), "file");
    assert_eq!(
        names(&dir),
        ["shard.json"],
        "a lock or temporary file was left"
    );
}

#[test]
fn a_link_to_a_regular_file_stays_a_link_and_its_file_is_replaced() {
    let dir = scratch("files-link");
    fs::create_dir(dir.join("results")).unwrap();
    fs::write(dir.join("results/real.json"), "old\n").unwrap();
    symlink("results/real.json", dir.join("latest.json")).unwrap();
    let out = shard_to(&dir, "latest.json");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let link = fs::symlink_metadata(dir.join("latest.json")).unwrap();
    assert!(link.file_type().is_symlink(), "the link became a file");
    assert_shard(
        &fs::read_to_string(dir.join("results/real.json")).unwrap(),
        "link",
    );
    // The lock sat beside the file the link names, and is gone from both places.
    assert_eq!(names(&dir), ["latest.json", "results"]);
    assert_eq!(names(&dir.join("results")), ["real.json"]);
    // A link to a checkpoint is followed the same way, and resumed from.
    symlink("results/count.ckpt", dir.join("ckpt")).unwrap();
    fs::write(dir.join("results/count.ckpt"), "notes\n").unwrap();
    let refused = run_in(&dir, &["count", "12", "--checkpoint", "ckpt"]);
    assert_usage_error(
        &refused,
        "is not an nqueens checkpoint",
        "a stranger's file",
    );
    let out = run_in(&dir, &["count", "12", "--checkpoint", "ckpt", "--force"]);
    assert_eq!(text(&out.stdout), "14200\n", "{}", text(&out.stderr));
    assert!(
        fs::symlink_metadata(dir.join("ckpt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let saved = fs::read_to_string(dir.join("results/count.ckpt")).unwrap();
    assert!(saved.starts_with("nqueens-checkpoint 7\n"), "{saved}");
    let again = run_in(&dir, &["count", "12", "--checkpoint", "ckpt"]);
    assert_eq!(text(&again.stdout), "14200\n");
}

#[test]
fn a_file_in_a_missing_folder_is_refused_naming_the_folder() {
    // Said in the user's terms: the folder, not the lock file beside the result.
    let dir = scratch("files-missing-folder");
    for args in [
        &[&SHARD[..], &["--output", "absent/out.json"]].concat(),
        &["count", "12", "--checkpoint", "absent/out.json"][..],
    ] {
        let out = run_in(&dir, args);
        assert_usage_error(&out, "its folder absent does not exist", "missing folder");
        assert!(
            !text(&out.stderr).contains(".lock"),
            "{}",
            text(&out.stderr)
        );
        assert!(names(&dir).is_empty(), "{:?}", names(&dir));
    }
}

#[test]
fn a_link_to_nothing_is_refused_and_left_alone() {
    let dir = scratch("files-dangling");
    symlink("nowhere.json", dir.join("out.json")).unwrap();
    for args in [
        &[&SHARD[..], &["--output", "out.json"]].concat(),
        &["count", "12", "--checkpoint", "out.json"][..],
    ] {
        let out = run_in(&dir, args);
        assert_usage_error(&out, "symbolic link to nowhere.json", "dangling link");
        assert_eq!(names(&dir), ["out.json"]);
        assert!(
            fs::symlink_metadata(dir.join("out.json"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }
}

#[test]
fn a_fifo_is_written_into_for_its_reader() {
    let dir = scratch("files-fifo");
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let out = shard_to(&dir, "pipe");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_shard(&reader.join().unwrap(), "FIFO reader");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(&dir), ["pipe"], "a lock or temporary file was left");
}

#[test]
fn dev_stdout_and_links_to_stdout_or_dev_null_are_written_never_replaced() {
    let dir = scratch("files-stdout");
    symlink("/proc/self/fd/1", dir.join("to-stdout")).unwrap();
    symlink("/dev/null", dir.join("to-null")).unwrap();
    for target in ["/dev/stdout", "/proc/self/fd/1", "to-stdout"] {
        let out = shard_to(&dir, target);
        assert!(out.status.success(), "{target}: {}", text(&out.stderr));
        assert_shard(&text(&out.stdout), target);
    }
    let out = shard_to(&dir, "to-null");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    for link in ["to-stdout", "to-null"] {
        let meta = fs::symlink_metadata(dir.join(link)).unwrap();
        assert!(meta.file_type().is_symlink(), "{link} was replaced");
    }
    assert!(
        fs::symlink_metadata("/dev/stdout")
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert_eq!(names(&dir), ["to-null", "to-stdout"]);
}

#[test]
fn character_devices_are_written_into_and_a_write_error_is_reported() {
    // The system's own /dev/null and /dev/full, named directly and through links in
    // a folder of the test's (no root needed: every user may write to both).
    // Writing to /dev/full fails with ENOSPC.
    let dir = scratch("files-devices");
    symlink("/dev/null", dir.join("null")).unwrap();
    symlink("/dev/full", dir.join("full")).unwrap();
    for null in ["null", "/dev/null"] {
        let out = shard_to(&dir, null);
        assert!(out.status.success(), "{null}: {}", text(&out.stderr));
    }
    for (full, named) in [("full", "full"), ("/dev/full", "/dev/full")] {
        let out = shard_to(&dir, full);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        let wanted = format!("error: cannot write {named}: No space left on device");
        assert!(err.starts_with(&wanted), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    for device in ["/dev/null", "/dev/full"] {
        let meta = fs::symlink_metadata(device).unwrap();
        assert!(meta.file_type().is_char_device(), "{device} was replaced");
    }
    for link in ["null", "full"] {
        let meta = fs::symlink_metadata(dir.join(link)).unwrap();
        assert!(
            meta.file_type().is_symlink(),
            "the link {link} was replaced"
        );
    }
    // A checkpoint cannot live in a device.
    let out = run_in(&dir, &["count", "12", "--checkpoint", "/dev/null"]);
    assert_usage_error(&out, "/dev/null is a character device", "checkpoint device");
    // Nothing left beside the links.
    assert_eq!(names(&dir), ["full", "null"]);
}

#[test]
fn sockets_are_refused_and_checkpoints_must_be_regular_files() {
    let dir = scratch("files-refused");
    let _socket = UnixListener::bind(dir.join("sock")).unwrap();
    let made = Command::new("mkfifo")
        .arg(dir.join("pipe"))
        .status()
        .unwrap();
    assert!(made.success());
    symlink("/dev/null", dir.join("to-null")).unwrap();
    let out = shard_to(&dir, "sock");
    assert_usage_error(&out, "shard output sock is a socket", "socket output");
    for (path, kind) in [
        ("sock", "is a socket"),
        ("pipe", "is a FIFO"),
        ("to-null", "is a character device"),
        ("-", "'-' would be stdout"),
    ] {
        let out = run_in(&dir, &["count", "12", "--checkpoint", path]);
        assert_usage_error(&out, kind, path);
        assert!(
            text(&out.stderr).contains("must be a regular file"),
            "{path}: says why"
        );
    }
    let kinds: Vec<_> = ["sock", "pipe", "to-null"]
        .iter()
        .map(|name| fs::symlink_metadata(dir.join(name)).unwrap().file_type())
        .collect();
    assert!(kinds[0].is_socket() && kinds[1].is_fifo() && kinds[2].is_symlink());
    assert_eq!(names(&dir), ["pipe", "sock", "to-null"]);
}

#[test]
fn the_shard_recipe_leaves_only_shard_files_and_merge_takes_the_glob() {
    let dir = scratch("files-recipe");
    for i in 0..4 {
        let out = run_in(
            &dir,
            &[
                "count",
                "12",
                "--shard",
                &format!("{i}/4"),
                "--quiet",
                "--output",
                &format!("shard-{i}.json"),
            ],
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    assert_eq!(
        names(&dir),
        [
            "shard-0.json",
            "shard-1.json",
            "shard-2.json",
            "shard-3.json"
        ]
    );
    // The globs as a shell expands them, with the binary as the README calls it.
    for glob in ["shard-*.json", "shard-*"] {
        let merged = Command::new("sh")
            .args(["-c", &format!("\"$0\" merge {glob}"), BIN])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(
            text(&merged.stdout),
            "14200\n",
            "{glob}: {}",
            text(&merged.stderr)
        );
    }
    // A checkpointed count leaves its checkpoint, and nothing else.
    let out = run_in(&dir, &["count", "12", "--checkpoint", "n12.ckpt"]);
    assert_eq!(text(&out.stdout), "14200\n");
    assert_eq!(names(&dir).len(), 5);
    assert!(names(&dir).contains(&"n12.ckpt".to_owned()));
}

#[test]
fn the_same_file_for_checkpoint_and_output_is_refused() {
    let dir = scratch("files-same");
    let out = run_in(
        &dir,
        &[&SHARD[..], &["--output", "x", "--checkpoint", "./x"]].concat(),
    );
    assert_usage_error(&out, "are the same file", "same file twice");
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
}

#[test]
fn a_run_stopped_by_sigterm_leaves_no_lock() {
    use std::io::BufRead as _;
    let dir = scratch("files-sigterm");
    // n = 20 on one thread takes long enough (a minute) to be announced on stderr,
    // which happens once the interrupt handler is installed.
    let mut child = Command::new(BIN)
        .args(["count", "20", "--threads", "1", "--shard", "0/1"])
        .args(["--output", "s.json"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut announced = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut announced)
        .unwrap();
    // The line names the shard, and the command that makes that shard resumable.
    assert!(
        announced.contains("counting shard 0/1 of n=20"),
        "{announced}"
    );
    assert!(
        announced.contains(
            " count 20 --threads 1 --shard 0/1 --output s.json --checkpoint FILE` makes it \
             resumable;"
        ),
        "{announced}"
    );
    assert!(dir.join(".s.json.lock").exists(), "the run holds its lock");
    // The reader of stderr is gone now, as when a terminal closes: the handler must
    // still save, remove the lock and exit (eprintln! would panic and ignore the signal).
    assert!(signal(child.id(), "TERM"));
    assert_eq!(child.wait().unwrap().code(), Some(130));
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
}

#[test]
fn merge_reads_a_shard_file_of_up_to_a_mebibyte() {
    // A shard result padded with whitespace (still valid JSON) to exactly 1 MiB is
    // merged; one byte more is refused, so that a device or an endless stream named by
    // mistake is never read without end.
    let dir = scratch("merge-limit");
    let out = run_in(
        &dir,
        &["count", "8", "--shard", "0/1", "--output", "s.json"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut bytes = fs::read(dir.join("s.json")).unwrap();
    bytes.resize(1 << 20, b' ');
    fs::write(dir.join("s.json"), &bytes).unwrap();
    let merged = run_in(&dir, &["merge", "s.json"]);
    assert_eq!(text(&merged.stdout), "92\n", "{}", text(&merged.stderr));
    bytes.push(b' ');
    fs::write(dir.join("s.json"), &bytes).unwrap();
    let refused = run_in(&dir, &["merge", "s.json"]);
    assert_usage_error(
        &refused,
        "s.json holds more than 1048576 bytes",
        "1 MiB + 1",
    );
}

#[test]
fn a_checkpoint_that_is_the_file_stdout_or_stderr_goes_to_is_refused() {
    // `--checkpoint /dev/stdout > result.txt` would replace result.txt, which stdout
    // still holds open: the total would go to a deleted file, and the run exit 0.
    let dir = scratch("files-checkpoint-stdout");
    let (out_file, err_file) = (dir.join("out.txt"), dir.join("err.txt"));
    let run = |args: &[&str]| {
        let [out, err] = [&out_file, &err_file].map(|f| fs::File::create(f).unwrap());
        let inodes = || [&out_file, &err_file].map(|f| fs::metadata(f).unwrap().ino());
        let before = inodes();
        let status = Command::new(BIN)
            .args(args)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .status()
            .unwrap();
        // The files are the ones the shell would have made, not replacements.
        assert_eq!(inodes(), before, "{args:?}");
        let read = |f: &Path| fs::read_to_string(f).unwrap();
        (status.code(), read(&out_file), read(&err_file))
    };
    for (target, stream) in [
        ("/dev/stdout", "stdout"),
        ("/proc/self/fd/1", "stdout"),
        ("/dev/stderr", "stderr"),
        ("/dev/fd/2", "stderr"),
    ] {
        let (code, out, err) = run(&["count", "10", "--checkpoint", target]);
        assert_eq!(code, Some(2), "{target}: {err}");
        assert!(out.is_empty(), "{target}: {out}");
        assert_eq!(err.lines().count(), 1, "{target}: {err}");
        assert!(
            err.contains(&format!("{target} is the file {stream} is written to")),
            "{target}: {err}"
        );
    }
    // A shard's `--output /dev/stderr` writes into the file stderr goes to.
    let (code, out, err) = run(&[&SHARD[..], &["--output", "/dev/stderr"]].concat());
    assert_eq!(code, Some(0), "{err}");
    assert!(out.is_empty(), "{out}");
    assert_shard(&err, "--output /dev/stderr");
    assert_eq!(names(&dir), ["err.txt", "out.txt"]);
}

#[test]
fn a_replaced_file_keeps_its_permissions() {
    // Rewritten in place, a file keeps its mode; replaced atomically, it must too.
    use std::os::unix::fs::PermissionsExt as _;
    let dir = scratch("files-mode");
    for (name, mode, args, again) in [
        (
            "shard.json",
            0o600,
            &["--output", "shard.json"][..],
            &[][..],
        ),
        (
            "run.ckpt",
            0o640,
            &["--checkpoint", "run.ckpt"],
            &["--force"],
        ),
    ] {
        let out = run_in(&dir, &[&SHARD[..], args].concat());
        assert!(out.status.success(), "{}", text(&out.stderr));
        fs::set_permissions(dir.join(name), fs::Permissions::from_mode(mode)).unwrap();
        let again = run_in(&dir, &[&SHARD[..], args, again].concat());
        assert!(again.status.success(), "{name}: {}", text(&again.stderr));
        let kept = fs::metadata(dir.join(name)).unwrap().permissions().mode() & 0o7777;
        assert_eq!(kept, mode, "{name}: {kept:o}");
    }
}

#[test]
fn merge_dash_reads_the_shard_results_on_stdin() {
    // `cat shard-*.json | nqueens merge -`: the records one after another, with files
    // beside them; stdin once only, and each record checked as a file is.
    let dir = scratch("files-merge-stdin");
    let shards: Vec<String> = (0..3)
        .map(|i| {
            let name = format!("s{i}.json");
            let out = run_in(
                &dir,
                &[
                    "count",
                    "12",
                    "--shard",
                    &format!("{i}/3"),
                    "--output",
                    &name,
                ],
            );
            assert!(out.status.success(), "{}", text(&out.stderr));
            fs::read_to_string(dir.join(&name)).unwrap()
        })
        .collect();
    let merge = |args: &[&str], stdin: String| {
        let mut child = Command::new(BIN)
            .args(args)
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    let all = merge(&["merge", "-"], shards.concat());
    assert_eq!(text(&all.stdout), "14200\n", "{}", text(&all.stderr));
    let beside = merge(&["merge", "s0.json", "-", "--unique"], shards[1..].concat());
    assert_eq!(text(&beside.stdout), "1787\n", "{}", text(&beside.stderr));
    for (args, stdin, names) in [
        (
            &["merge", "-", "-"][..],
            shards.concat(),
            "'-' (stdin) is given twice",
        ),
        (
            &["merge", "-"],
            String::new(),
            "stdin holds no shard result",
        ),
        (
            &["merge", "-"],
            format!("{}x", shards[0]),
            "stdin's record 2 is not",
        ),
        (
            &["merge", "-", "s0.json"],
            shards.concat(),
            "stdin's record 1 and s0.json",
        ),
        (
            &["merge", "-"],
            shards[..2].concat(),
            "given stdin's record 1, stdin's record 2",
        ),
    ] {
        assert_usage_error(&merge(args, stdin), names, &format!("{args:?}"));
    }
    // Stdin is read up to 64 MiB: the shard results padded with whitespace (still
    // valid JSON) to exactly that are merged, and one byte more is refused, so that
    // an endless stream piped in by mistake is never read without end.
    let mut padded = shards.concat();
    padded.extend(std::iter::repeat_n(' ', (64 << 20) - padded.len()));
    let at_limit = merge(&["merge", "-"], padded.clone());
    assert_eq!(
        text(&at_limit.stdout),
        "14200\n",
        "{}",
        text(&at_limit.stderr)
    );
    padded.push(' ');
    let refused = merge(&["merge", "-"], padded);
    assert_usage_error(
        &refused,
        "stdin holds more than 67108864 bytes",
        "64 MiB + 1",
    );
    assert_eq!(names(&dir), ["s0.json", "s1.json", "s2.json"]);
}

#[test]
fn a_shard_output_holding_another_shards_result_is_kept_unless_forced() {
    let dir = scratch("files-other-result");
    let path = dir.join("shard.json");
    let shard = |args: &[&str]| {
        run_in(
            &dir,
            &[&["count", "12"], args, &["--output", "shard.json"]].concat(),
        )
    };
    assert!(shard(&["--shard", "1/2"]).status.success());
    let held = fs::read_to_string(&path).unwrap();
    // Another shard number, or another size: refused, and the file is left as it was.
    for (args, wanted) in [
        (
            &["--shard", "0/2"][..],
            "shard output shard.json holds the result of shard 1/2 of n=12; refusing to \
             replace it with shard 0/2 of n=12 (pass --force to replace it)",
        ),
        (&["--shard", "1/3"], "with shard 1/3 of n=12"),
    ] {
        assert_usage_error(&shard(args), wanted, &format!("{args:?}"));
        assert_eq!(fs::read_to_string(&path).unwrap(), held, "{args:?}");
    }
    let other = run_in(
        &dir,
        &["count", "13", "--shard", "1/2", "--output", "shard.json"],
    );
    assert_usage_error(&other, "with shard 1/2 of n=13", "another size");
    // The same shard again replaces it; so does --force, and so is a file that holds
    // no shard result.
    assert!(shard(&["--shard", "1/2"]).status.success());
    assert!(shard(&["--shard", "0/2", "--force"]).status.success());
    let replaced: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(replaced["shard"], 0);
    fs::write(&path, "notes\n").unwrap();
    assert!(shard(&["--shard", "1/2"]).status.success());
    assert_eq!(names(&dir), ["shard.json"]);
}

#[test]
fn an_output_in_a_folder_that_takes_no_new_file_is_refused_in_the_users_terms() {
    // /proc takes no new file, not even from root: no lock file can be made there.
    let dir = scratch("files-proc");
    let out = shard_to(&dir, "/proc/version");
    assert_usage_error(
        &out,
        "cannot lock shard output /proc/version: a lock file cannot be made beside it \
         (/proc/.version.lock: ",
        "/proc",
    );
    assert!(text(&out.stderr).contains("nqueens needs a folder it can write in"));
}
