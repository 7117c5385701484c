//! The first Ctrl-C (SIGINT) or SIGTERM of a count: save what is done, say how to
//! resume (or what was lost), remove the run's lock files, exit 130.

use std::io::{IsTerminal as _, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::checkpoint::Saver;

/// What the handler needs to report.
pub struct Context {
    pub saver: Option<Arc<Saver>>,
    pub done: Arc<AtomicU64>,
    pub total: u64,
    pub origin: Origin,
}

/// The command that runs a count, for the commands its messages give.
#[derive(Clone, Copy, Debug)]
pub enum Origin {
    /// `nqueens count`, with the board size if it came on stdin (see
    /// [`resume_command`]).
    Count { size_on_stdin: Option<u32> },
    /// The answer of `nqueens N` past the table, which takes no checkpoint.
    Answer(u32),
}

impl Origin {
    /// The command that would keep this run's progress: the one that started it with
    /// `--checkpoint FILE` added, or `nqueens count N` with it for an answer (by the
    /// name the binary was run by).
    pub fn with_checkpoint(self) -> String {
        let mut words = command_words(None);
        match self {
            Origin::Count { size_on_stdin } => {
                // Before a `--`, after which every word is taken as the board size.
                let at = words
                    .iter()
                    .skip(1)
                    .position(|w| w == "--")
                    .map_or(words.len(), |i| i + 1);
                words.insert(at, "--checkpoint FILE".to_owned());
                words.extend(size_on_stdin.map(|n| n.to_string()));
            }
            Origin::Answer(n) => {
                words.truncate(1);
                words.push(format!("count {n} --checkpoint FILE"));
            }
        }
        words.join(" ")
    }

    fn size_on_stdin(self) -> Option<u32> {
        match self {
            Origin::Count { size_on_stdin } => size_on_stdin,
            Origin::Answer(_) => None,
        }
    }
}

/// Installs the handler; it runs on its own thread, so it can save while the workers
/// are still busy. The process exits from the handler: subtasks in flight are dropped.
pub fn install(context: Context) {
    let handler = move || {
        let finished = context.done.load(Ordering::Relaxed);
        let total = context.total;
        let report = match &context.saver {
            Some(saver) => match saver.close() {
                Ok(kept) => format!(
                    "interrupted: {kept} of {total} subtasks are saved; resume with: {}",
                    resume_command(context.origin.size_on_stdin())
                ),
                Err(failure) => format!(
                    "interrupted, and the checkpoint could not be saved: {}",
                    failure.message()
                ),
            },
            None => format!(
                "interrupted: {finished} of {total} subtasks were done and are lost \
                 (nothing was saved; `{}` keeps progress)",
                context.origin.with_checkpoint()
            ),
        };
        say(&report);
        // After the last save (close() stops any other): the files are final, so the
        // next run may take them over.
        super::lock::release_all();
        std::process::exit(130);
    };
    // Failing to install only means Ctrl-C kills the process the default way.
    let _ = ctrlc::set_handler(handler);
}

/// The command line that started this process, quoted for a POSIX shell, with the
/// board size at its end if it was read from stdin (`echo 19 | nqueens count
/// --checkpoint f` resumes as `nqueens count --checkpoint f 19`: stdin is not there to
/// read again, and N is the command's only positional argument).
fn resume_command(size_on_stdin: Option<u32>) -> String {
    command_words(size_on_stdin).join(" ")
}

/// The words of [`resume_command`], each quoted.
fn command_words(size_on_stdin: Option<u32>) -> Vec<String> {
    std::env::args_os()
        .map(|arg| shell_quote(&arg))
        .chain(size_on_stdin.map(|n| n.to_string()))
        .collect()
}

/// `word` as a POSIX shell reads it back byte for byte: bare where nothing in it is
/// special, else in single quotes; with bytes that are not UTF-8, or control
/// characters (which would be shown changed, or break the report's line), as `$'...'`
/// with `\xHH` escapes (POSIX.1-2024; bash, zsh and ksh have long read it).
fn shell_quote(word: &std::ffi::OsStr) -> String {
    use std::fmt::Write as _;
    use std::os::unix::ffi::OsStrExt as _;
    let bytes = word.as_bytes();
    match std::str::from_utf8(bytes) {
        Ok(text) if !text.chars().any(char::is_control) => {
            let plain = !text.is_empty()
                && text
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"_-./=:,+@%".contains(&b));
            if plain {
                text.to_owned()
            } else {
                format!("'{}'", text.replace('\'', r"'\''"))
            }
        }
        _ => {
            let mut quoted = String::from("$'");
            for &b in bytes {
                match b {
                    b'\'' | b'\\' => {
                        quoted.push('\\');
                        quoted.push(char::from(b));
                    }
                    0x20..=0x7e => quoted.push(char::from(b)),
                    _ => {
                        let _ = write!(quoted, "\\x{b:02x}");
                    }
                }
            }
            quoted.push('\'');
            quoted
        }
    }
}

/// Installs the Ctrl-C (and SIGTERM) handler of `count --estimate`'s sample of
/// `subject`, started at `started`: it says what the subtasks `timed` so far give
/// (`report`, from the seconds since the start), or that none has finished yet, and
/// exits 130. The subtasks of 26 and 27 take minutes each, so a user who stops
/// waiting still learns something measured.
pub fn on_sampling(
    subject: String,
    started: std::time::Instant,
    timed: super::sample::Timed,
    report: Arc<dyn Fn(f64) -> String + Send + Sync>,
) {
    let handler = move || {
        let took = started.elapsed().as_secs_f64();
        let count = super::sample::so_far(&timed).len();
        let line = if count == 0 {
            format!(
                "interrupted: no subtask of {subject} finished in {} of sampling, so the \
                 ones started take longer than that here",
                crate::numbers::human(took).trim_start_matches("about ")
            )
        } else {
            format!(
                "interrupted; from the subtasks timed so far: {}",
                report(took)
            )
        };
        say(line.trim_end());
        std::process::exit(130);
    };
    // Failing to install only means Ctrl-C kills the process the default way.
    let _ = ctrlc::set_handler(handler);
}

/// Writes an interrupt's `report` as one line on stderr. Not eprintln!, which panics
/// when stderr is gone (a closed terminal, a reader that left): the panic would end
/// the handler's thread, and the signal would be ignored. On a terminal the report
/// starts a line of its own, after the progress bar or the echoed ^C; anywhere else a
/// leading newline would only leave a blank line.
fn say(report: &str) {
    let lead = if std::io::stderr().is_terminal() {
        "\n"
    } else {
        ""
    };
    let _ = writeln!(std::io::stderr(), "{lead}{report}");
}

#[cfg(test)]
mod tests {
    use super::shell_quote;
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt as _;

    #[test]
    fn every_word_is_quoted_so_that_a_shell_reads_back_its_bytes() {
        let words: [&[u8]; 7] = [
            b"count",
            b"a b.ckpt",
            b"it's",
            b"x\xff y.ckpt",
            b"line\nbreak",
            "caf\u{e9}".as_bytes(),
            b"back\\slash'\xfe",
        ];
        for word in words {
            let quoted = shell_quote(OsStr::from_bytes(word));
            assert!(!quoted.contains('\n'), "{quoted}");
            let echoed = std::process::Command::new("bash")
                .args(["-c", &format!("printf %s {quoted}")])
                .output()
                .unwrap();
            assert_eq!(echoed.stdout, word, "{quoted}");
        }
        assert_eq!(shell_quote(OsStr::new("count")), "count");
        assert_eq!(shell_quote(OsStr::from_bytes(b"x\xff y")), r"$'x\xff y'");
    }
}
