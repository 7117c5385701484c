//! Checkpoint files: every finished subtask of a count, always whole on disk.
//!
//! Format (text, one record per line):
//!
//! ```text
//! nqueens-checkpoint 7
//! n=19 split=0123456789abcdef subtasks=528 shard=all
//! seconds=<wall-clock seconds of every run so far, up to this save>
//! <index> <total> <fixed90> <fixed180> <nodes>
//! ...
//! checksum=<FNV-1a 64 of every byte above, hex>
//! ```
//!
//! Version 6 files are read too: they are the same without the `seconds` line, and
//! count as no time spent.
//!
//! Each save goes through [`files::write_atomically`], so a crash leaves the old file or
//! the new one, never half of either; the run holds the file's lock (`lock::Lock`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

use nqueens::Partial;

use super::files::write_atomically;
use crate::checksum::{MAX_SECONDS, fnv1a};
use crate::failure::Failure;

/// The first line. Version 7 adds the time of earlier runs, so that a resumed count
/// reports the time of all its runs. Its counts mean what version 6's do, so
/// [`OLDER`] files are still read. Version 6: the batches of odd boards of 19 and 21
/// weigh their pairs of halves by the reflection in the diagonal, so their counts mean
/// something else than in version 5; version 5 and 4 files differ in odd boards' batches (4 without
/// the middle row's queen fixed), version 4 and 3 in even boards' (3 without the
/// reflection in the diagonal), version 2 files hold one class of column sets per
/// subtask, version 1 files only constellations. A count of this build can use none of
/// them.
const MAGIC: &str = "nqueens-checkpoint 7";

/// The version before [`MAGIC`], read as one without time.
const OLDER: &str = "nqueens-checkpoint 6";

/// What a checkpoint holds: the finished subtasks, and the wall-clock seconds that
/// the runs writing it took, up to its last save.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Saved {
    pub done: BTreeMap<usize, Partial>,
    pub seconds: f64,
}

/// What a checkpoint belongs to; a file with another header is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub n: u32,
    pub split: u64,
    pub subtasks: usize,
    /// `Some((i, m))` for shard i of m.
    pub shard: Option<(usize, usize)>,
}

impl Header {
    fn line(&self) -> String {
        let shard = self
            .shard
            .map_or("all".to_owned(), |(i, m)| format!("{i}/{m}"));
        format!(
            "n={} split={:016x} subtasks={} shard={shard}",
            self.n, self.split, self.subtasks
        )
    }
}

/// What a count says of a checkpoint it refuses, and what `--estimate` says: an
/// estimate only reads the file, and refuses `--force`.
pub const COUNT_REFUSES: &str = "refusing to use or overwrite it (pass --force to start over)";
pub const ESTIMATE_REFUSES: &str =
    "refusing to estimate from it (the count itself takes --force to start over)";

/// What `path` holds, or nothing saved when there is no file or an empty one.
/// A file that is damaged or belongs to another count is an error naming what is wrong,
/// ending with `refusal` ([`COUNT_REFUSES`] or [`ESTIMATE_REFUSES`]).
pub fn load(path: &Path, header: &Header, refusal: &str) -> Result<Saved, Failure> {
    let shown = path.display();
    let bytes = match fs::read(path) {
        // An empty file holds no progress to lose: one made ahead by `mktemp` or
        // `touch` is taken as a fresh start, not refused as a stranger's file.
        Ok(bytes) if bytes.is_empty() => return Ok(Saved::default()),
        Ok(bytes) => bytes,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Saved::default()),
        Err(e) => {
            return Err(Failure::Usage(format!(
                "cannot read checkpoint {shown}: {e}"
            )));
        }
    };
    read(&bytes, header)
        .map_err(|why| Failure::Usage(format!("checkpoint {shown} {why}; {refusal}")))
}

/// What a checkpoint's `bytes` hold, or why the file is refused.
fn read(bytes: &[u8], header: &Header) -> Result<Saved, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "is not a checkpoint (not text)")?;
    let first = text.lines().next().unwrap_or_default();
    if first != MAGIC && first != OLDER {
        return Err(match first.strip_prefix("nqueens-checkpoint ") {
            Some(version) => format!(
                "was written in format {version:.10} by another nqueens version, which \
                 split counts differently; this one reads {MAGIC}"
            ),
            None => "is not an nqueens checkpoint".into(),
        });
    }
    let body_end = text.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
    let (body, last) = text.split_at(body_end);
    let expected = format!("checksum={:016x}", fnv1a(body.as_bytes()));
    if last.trim_end() != expected {
        return Err("is damaged (its checksum does not match its content)".into());
    }
    let mut lines = body.lines().skip(1);
    let found = lines.next().unwrap_or_default();
    if found != header.line() {
        return Err(format!(
            "belongs to another count ({found}; this count is {})",
            header.line()
        ));
    }
    let seconds = if first == MAGIC {
        let line = lines.next().unwrap_or_default();
        parse_seconds(line)
            .ok_or_else(|| format!("has a bad time line {line:?} (seconds from 0 to 1e12)"))?
    } else {
        0.0
    };
    let mut done = BTreeMap::new();
    for line in lines {
        let (index, partial) = parse_entry(line, header.subtasks)
            .ok_or_else(|| format!("has a bad entry {line:?}"))?;
        if done.insert(index, partial).is_some() {
            return Err(format!("lists subtask {index} twice"));
        }
    }
    Ok(Saved { done, seconds })
}

/// The seconds of a `seconds=` line: from 0 to [`MAX_SECONDS`].
fn parse_seconds(line: &str) -> Option<f64> {
    let seconds: f64 = line.strip_prefix("seconds=")?.parse().ok()?;
    (0.0..=MAX_SECONDS).contains(&seconds).then_some(seconds)
}

fn parse_entry(line: &str, subtasks: usize) -> Option<(usize, Partial)> {
    let mut fields = line.split(' ');
    let mut next = || fields.next()?.parse::<u128>().ok();
    let index = usize::try_from(next()?).ok().filter(|&i| i < subtasks)?;
    let partial = Partial {
        total: next()?,
        fixed90: next()?,
        fixed180: next()?,
        nodes: next()?,
        subtasks: 1,
    };
    fields.next().is_none().then_some((index, partial))
}

/// Saves the finished subtasks as they come in, on a writer thread of its own, so the
/// counting threads never wait for a file write. Saves are coalesced: while the writer
/// writes, new results only accumulate, and it saves again until nothing new has
/// arrived. At most the subtasks still running, and those finished during the last
/// save, are lost to a crash.
pub struct Saver {
    path: PathBuf,
    header: Header,
    /// The earlier runs' seconds, and when this run began: each save records the
    /// earlier seconds plus this run's so far.
    earlier: f64,
    started: Instant,
    state: Mutex<State>,
    /// Signalled by every new result.
    arrived: Condvar,
    writing: Mutex<()>,
}

struct State {
    done: BTreeMap<usize, Partial>,
    /// Bumped by every new result; `saved` is the version last written.
    version: u64,
    saved: u64,
    error: Option<String>,
    /// Set by [`Saver::close`]: no save after the last one, so the file is not written
    /// once the run has let go of its lock.
    closed: bool,
}

impl Saver {
    /// A saver holding what earlier runs saved, for a run that began at `started`,
    /// with its writer thread started. The thread saves at once (`version` starts
    /// ahead of `saved`), so a path that cannot be written stops the count before its
    /// first subtask rather than after it.
    pub fn start(path: PathBuf, header: Header, kept: Saved, started: Instant) -> Arc<Self> {
        let saver = Arc::new(Saver {
            path,
            header,
            earlier: kept.seconds,
            started,
            state: Mutex::new(State {
                done: kept.done,
                version: 1,
                saved: 0,
                error: None,
                closed: false,
            }),
            arrived: Condvar::new(),
            writing: Mutex::new(()),
        });
        let writer = Arc::clone(&saver);
        // The thread lives as long as the process: a count is the process's last work.
        std::thread::spawn(move || writer.write_forever());
        saver
    }

    /// Records a finished subtask; the writer thread saves it.
    pub fn record(&self, index: usize, partial: Partial) {
        let mut state = lock(&self.state);
        state.done.insert(index, partial);
        state.version += 1;
        self.arrived.notify_one();
    }

    /// Saves now, waiting for a save in progress (used at the end and on interrupt).
    pub fn flush(&self) -> Result<usize, Failure> {
        let _writing = lock(&self.writing);
        self.save_pending(false);
        let state = lock(&self.state);
        match &state.error {
            Some(e) => Err(Failure::Io(e.clone())),
            None => Ok(state.done.len()),
        }
    }

    /// Saves what is left, and the time up to now, then stops saving for good: the run
    /// is over (finished, failed or interrupted) and is about to release the file's
    /// lock. The time is saved even when no subtask finished since the last save: at
    /// 25 and up, a subtask can take minutes.
    pub fn close(&self) -> Result<usize, Failure> {
        let _writing = lock(&self.writing);
        self.save_pending(true);
        let mut state = lock(&self.state);
        state.closed = true;
        match &state.error {
            Some(e) => Err(Failure::Io(e.clone())),
            None => Ok(state.done.len()),
        }
    }

    /// Whether a save has failed (the count should stop: its progress is not kept).
    pub fn failed(&self) -> bool {
        lock(&self.state).error.is_some()
    }

    /// The writer thread: waits for unsaved results and saves them, until a save fails.
    fn write_forever(&self) {
        loop {
            {
                let mut state = lock(&self.state);
                while state.version == state.saved && state.error.is_none() && !state.closed {
                    state = self
                        .arrived
                        .wait(state)
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                }
                if state.error.is_some() || state.closed {
                    return;
                }
            }
            let _writing = lock(&self.writing);
            self.save_pending(false);
        }
    }

    /// Writes snapshots until the file holds every recorded result; with `always`, at
    /// least one, for the time. Caller holds `writing`.
    fn save_pending(&self, mut always: bool) {
        loop {
            let (version, text) = {
                let state = lock(&self.state);
                let current = state.version == state.saved && !always;
                if current || state.error.is_some() || state.closed {
                    return;
                }
                always = false;
                let seconds = self.earlier + self.started.elapsed().as_secs_f64();
                (state.version, render(&self.header, &state.done, seconds))
            };
            let result = write_atomically(&self.path, text.as_bytes());
            let mut state = lock(&self.state);
            match result {
                Ok(()) => state.saved = version,
                Err(e) => {
                    state.error = Some(format!(
                        "cannot write checkpoint {}: {e}",
                        self.path.display()
                    ));
                    return;
                }
            }
        }
    }
}

/// A poisoned lock only means another thread panicked; the data is still whole.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn render(header: &Header, done: &BTreeMap<usize, Partial>, seconds: f64) -> String {
    let mut text = format!("{MAGIC}\n{}\nseconds={seconds:.3}\n", header.line());
    for (index, p) in done {
        let _ = writeln!(
            text,
            "{index} {} {} {} {}",
            p.total, p.fixed90, p.fixed180, p.nodes
        );
    }
    let checksum = fnv1a(text.as_bytes());
    let _ = writeln!(text, "checksum={checksum:016x}");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            n: 8,
            split: 0x0123_4567_89ab_cdef,
            subtasks: 78,
            shard: None,
        }
    }

    #[test]
    fn entries_name_a_subtask_of_the_count() {
        assert!(parse_entry("77 4 0 0 9", 78).is_some());
        assert!(
            parse_entry("78 4 0 0 9", 78).is_none(),
            "index past the last subtask"
        );
        assert!(parse_entry("77 4 0 0", 78).is_none(), "a field missing");
        assert!(
            parse_entry("77 4 0 0 9 1", 78).is_none(),
            "a field too many"
        );
    }

    #[test]
    fn the_time_of_earlier_runs_is_kept_and_older_files_count_as_none() {
        let mut done = BTreeMap::new();
        done.insert(
            5,
            Partial {
                total: 4,
                nodes: 9,
                subtasks: 1,
                ..Partial::default()
            },
        );
        let text = render(&header(), &done, 12.25);
        let saved = read(text.as_bytes(), &header()).unwrap();
        assert_eq!(
            saved,
            Saved {
                done: done.clone(),
                seconds: 12.25
            }
        );
        // A version 6 file: no time line, and its own checksum.
        let body = format!("{OLDER}\n{}\n5 4 0 0 9\n", header().line());
        let older = format!("{body}checksum={:016x}\n", fnv1a(body.as_bytes()));
        assert_eq!(
            read(older.as_bytes(), &header()).unwrap(),
            Saved { done, seconds: 0.0 }
        );
    }

    #[test]
    fn a_time_line_must_be_a_time() {
        assert_eq!(parse_seconds("seconds=0.500"), Some(0.5));
        assert_eq!(parse_seconds("seconds=1e12"), Some(MAX_SECONDS));
        for bad in [
            "seconds=-1",
            "seconds=NaN",
            "seconds=inf",
            "seconds=1.1e12",
            "seconds=",
            "secs=1",
            "5 4 0 0 9",
        ] {
            assert_eq!(parse_seconds(bad), None, "{bad}");
        }
        // A version 7 file without its time line is refused, not read as an entry.
        let body = format!("{MAGIC}\n{}\n5 4 0 0 9\n", header().line());
        let text = format!("{body}checksum={:016x}\n", fnv1a(body.as_bytes()));
        let why = read(text.as_bytes(), &header()).unwrap_err();
        assert!(why.starts_with("has a bad time line"), "{why}");
    }

    #[test]
    fn a_missing_file_is_an_empty_checkpoint_but_an_unreadable_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("nqueens-load-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        assert!(load(&dir.join("absent"), &header(), COUNT_REFUSES).unwrap() == Saved::default());
        // A directory cannot be read as a file: an error, not "nothing saved yet".
        let Err(Failure::Usage(message)) = load(&dir, &header(), COUNT_REFUSES) else {
            panic!("a directory was read as a checkpoint");
        };
        assert!(message.starts_with("cannot read checkpoint"), "{message}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_closed_saver_writes_no_more() {
        // Once closed, the run lets go of the file's lock: a result that still comes
        // in (a subtask finishing during Ctrl-C) must not be written.
        let path = std::env::temp_dir().join(format!("nqueens-closed-{}", std::process::id()));
        let saver = Saver::start(path.clone(), header(), Saved::default(), Instant::now());
        saver.record(3, Partial::default());
        assert_eq!(saver.close().unwrap(), 1);
        let closed = fs::read_to_string(&path).unwrap();
        saver.record(4, Partial::default());
        saver.flush().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), closed);
        fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_save_that_fails_is_reported_and_stops_the_count() {
        let path = PathBuf::from("/nonexistent-nqueens-dir/checkpoint");
        // No `!failed()` check here: the writer thread tries its first save at once,
        // so the failure may already be recorded.
        let saver = Saver::start(path, header(), Saved::default(), Instant::now());
        saver.record(3, Partial::default());
        assert!(saver.flush().is_err());
        assert!(saver.failed(), "the count would go on without saving");
    }
}
