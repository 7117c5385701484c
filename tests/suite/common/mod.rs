//! Helpers shared by the end-to-end tests: run the binary, read its output, check the
//! shape of a usage error.
#![allow(dead_code)] // each test file uses its own subset

use std::io::Write as _;
use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// A child process that is killed when dropped, so that a test that fails while a
/// long count runs (`count 30`, `show 28 --index ...`) leaves nothing running.
/// The lines of a checkpoint that are no subtask's entry: its format, header, time
/// and checksum.
pub const FRAME_LINES: usize = 4;

pub struct Running(pub Child);

impl Deref for Running {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl DerefMut for Running {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // Already gone, or never stoppable: either way there is nothing more to do.
        if matches!(self.0.try_wait(), Ok(None)) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// A fresh, empty directory for one test's files.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary with `args`, feeding `stdin` (an empty stdin when `None`).
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    // A program that exits without reading stdin closes the pipe; that is its business.
    let _ = pipe.write_all(stdin.unwrap_or_default());
    drop(pipe);
    child.wait_with_output().expect("the binary finishes")
}

/// Runs the binary with `args` (shell words) with stderr on a pseudo-terminal
/// (util-linux `script`), so it draws what it draws for a person, and its stdout
/// redirected into `stdout_file`. The terminal's text is the returned `stdout`.
pub fn on_terminal(args: &str, stdout_file: &Path) -> Output {
    let command = format!(
        "{} {args} > {}",
        env!("CARGO_BIN_EXE_nqueens"),
        arg(stdout_file)
    );
    Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("util-linux script runs")
}

/// A path as a command-line argument (the tests' paths are UTF-8).
/// Sends `signal` (`"INT"`, `"TERM"`) to the process `pid` with kill(1); whether it
/// was delivered.
pub fn signal(pid: u32, signal: &str) -> bool {
    Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap()
        .success()
}

pub fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}

/// A usage error: exit 2, nothing on stdout, one line on stderr that contains `names`.
pub fn assert_usage_error(out: &Output, names: &str, case: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{case}: {err}");
    assert!(
        out.stdout.is_empty(),
        "{case}: stdout {:?}",
        text(&out.stdout)
    );
    assert_eq!(err.lines().count(), 1, "{case}: {err}");
    assert!(err.starts_with("error: "), "{case}: {err}");
    assert!(
        err.contains(names),
        "{case}: {err:?} does not name {names:?}"
    );
    assert!(!err.contains("panicked"), "{case}: {err}");
}

/// Runs the binary with `args`, reads the first 64 bytes of its stdout and closes the
/// pipe, as `| head -c 64` would; checks that it then ended quietly (exit 0, nothing on
/// stderr) and returns those bytes.
pub fn head_then_close(args: &[&str]) -> [u8; 64] {
    use std::io::Read as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take()); // the reader goes away
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{args:?}: {status:?}: {stderr}");
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    first
}
