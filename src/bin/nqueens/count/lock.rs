//! One process per result file: an exclusive advisory lock on a hidden `.NAME.lock`
//! beside the file, held for the whole run and removed when the run ends.
//!
//! - **A file of its own.** Every save replaces the result file (a new inode), and a lock
//!   on the old one would protect nothing, so the lock lives on a separate file.
//! - **Removed at the end, safely.** A run leaves only the files the user asked for. A
//!   lock file is removed only by the process that holds its lock, and a process counts
//!   the lock as held only once it has checked, after locking, that the path still
//!   names the very file it locked (same device and inode). A process that opened the
//!   file just before its holder removed it finds the path gone or naming a new file,
//!   and starts over. So at any time at most one process holds a lock on the file the
//!   path names, however removals and creations interleave.
//! - **Hidden.** A run killed with SIGKILL (or by a power cut) cannot remove anything. Its
//!   lock file starts with a dot, so `nqueens merge shard-*` and other ordinary globs
//!   never pick it up; the next run on the same file reuses and then removes it. OS
//!   advisory locks end with their process, so a killed run never blocks the next.
//! - **Ctrl-C and SIGTERM** remove the locks too ([`release_all`], called by the
//!   interrupt handler after the last save).

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::ErrorKind;
use std::os::unix::fs::OpenOptionsExt as _;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::failure::Failure;

/// How often a lock whose file was removed under us is tried again before giving up; each
/// retry means another process finished in between, so a handful is already unlikely.
const ATTEMPTS: usize = 100;

/// The lock files this process holds, with their open (locked) files. Kept here rather
/// than in [`Lock`] so the interrupt handler, which ends the process without running
/// destructors, can remove them.
static HELD: Mutex<Vec<Held>> = Mutex::new(Vec::new());

struct Held {
    path: PathBuf,
    file: File,
}

/// An exclusive lock on a result file; dropping it removes the lock file and unlocks.
#[derive(Debug)]
pub struct Lock {
    /// The lock file's path, which identifies the entry in [`HELD`].
    path: PathBuf,
}

/// The folder that would hold `path`, if it does not exist (or is not a folder).
fn missing_folder(path: &Path) -> Option<&Path> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => return None,
    };
    (!folder.is_dir()).then_some(folder)
}

impl Lock {
    /// Locks `path` for this process, or refuses at once (exit 2) when another process
    /// holds it. `what` names the file in messages ("checkpoint", "shard output").
    pub fn exclusive(path: &Path, what: &str) -> Result<Lock, Failure> {
        let lock_path = lock_path(path);
        let cannot =
            |why: String| Failure::Usage(format!("cannot lock {what} {}: {why}", path.display()));
        for _ in 0..ATTEMPTS {
            let file = open(&lock_path).map_err(|e| match missing_folder(path) {
                // The usual cause, said in the user's terms rather than the lock file's.
                Some(folder) if folder.exists() => {
                    cannot(format!("{} is not a folder", folder.display()))
                }
                Some(folder) => cannot(format!("its folder {} does not exist", folder.display())),
                // Said as what the user can act on: the folder must take new files.
                None => cannot(format!(
                    "a lock file cannot be made beside it ({}: {e}); nqueens needs a folder \
                     it can write in",
                    lock_path.display()
                )),
            })?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    return Err(Failure::Usage(format!(
                        "{what} {} is in use by another nqueens process (locked through {}); \
                         wait for it to finish or use another file",
                        path.display(),
                        lock_path.display()
                    )));
                }
                Err(TryLockError::Error(e)) => return Err(cannot(e.to_string())),
            }
            if names(&lock_path, &file).map_err(|e| cannot(e.to_string()))? {
                registry().push(Held {
                    path: lock_path.clone(),
                    file,
                });
                return Ok(Lock { path: lock_path });
            }
            // The holder before us removed the file between our open and our lock: the
            // lock we got is on a file nobody else will look at. Start over.
        }
        Err(cannot(format!(
            "{} kept being removed and created again by other processes",
            lock_path.display()
        )))
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let mut held = registry();
        if let Some(i) = held.iter().position(|h| h.path == self.path) {
            remove(held.swap_remove(i));
        }
    }
}

/// Removes every lock file this process holds (for the interrupt handler, just before
/// the process exits).
pub fn release_all() {
    let mut held = registry();
    for entry in held.drain(..) {
        remove(entry);
    }
}

/// Removes a lock file while still holding its lock, then unlocks by closing it. The
/// path is checked once more first: a user who deleted the file by hand may have let
/// another process create and lock a new one there, which is not ours to remove.
fn remove(held: Held) {
    if names(&held.path, &held.file).unwrap_or(false) {
        // Failing to remove only leaves a hidden, empty file behind.
        let _ = fs::remove_file(&held.path);
    }
    drop(held.file); // closing it unlocks
}

/// Whether `path` names the file open as `file` (same device and inode); `false` when
/// the path is gone.
fn names(path: &Path, file: &File) -> std::io::Result<bool> {
    let open = file.metadata()?;
    match fs::symlink_metadata(path) {
        Ok(named) => Ok(super::files::same_inode(&named, &open)),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

fn open(lock_path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        // A link planted at the lock's name must not make us create or open its target.
        .custom_flags(libc::O_NOFOLLOW)
        .mode(0o644)
        .open(lock_path)
}

/// A poisoned registry only means a thread panicked while holding it; the list is whole.
fn registry() -> MutexGuard<'static, Vec<Held>> {
    HELD.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `.NAME.lock` in the directory of `path` (`DIR/NAME`).
pub fn lock_path(path: &Path) -> PathBuf {
    let mut name = OsString::from(".");
    name.push(path.file_name().unwrap_or(path.as_os_str()));
    name.push(".lock");
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_is_a_hidden_file_beside_the_result() {
        assert_eq!(
            lock_path(Path::new("out/shard-0.json")),
            Path::new("out/.shard-0.json.lock")
        );
        assert_eq!(lock_path(Path::new("c")), Path::new(".c.lock"));
    }

    #[test]
    fn a_lock_is_removed_when_dropped_and_can_be_taken_again() {
        let dir = std::env::temp_dir().join(format!("nqueens-lock-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("result");
        let lock = Lock::exclusive(&file, "test").unwrap();
        assert!(lock_path(&file).exists());
        drop(lock);
        assert!(!lock_path(&file).exists(), "the lock file was left behind");
        // (release_all is tested end to end, with SIGINT: here it would also release the
        // locks of the tests running beside this one.)
        let again = Lock::exclusive(&file, "test").unwrap();
        drop(again);
        assert!(!lock_path(&file).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_lock_file_that_is_not_ours_is_not_removed() {
        let dir = std::env::temp_dir().join(format!("nqueens-swap-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("result");
        let lock = Lock::exclusive(&file, "test").unwrap();
        // Deleted by hand and created again by someone else: the path names a new file.
        fs::remove_file(lock_path(&file)).unwrap();
        fs::write(lock_path(&file), "").unwrap();
        drop(lock);
        assert!(
            lock_path(&file).exists(),
            "another process's lock file was removed"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
