//! Result files that stay whole and private to one process: an exclusive lock for the
//! whole run, and atomic replacement through a fresh temporary file.
//!
//! The lock is taken on `FILE.lock` beside the file, not on the file itself, because
//! every save replaces the file (a new inode), and a lock on the old one would protect
//! nothing. The lock file is created once and never removed: removing it would let a
//! process that opened the old one and a process that created a new one both hold "the"
//! lock. OS advisory locks end with the process, so a killed run never blocks the next.

use std::ffi::OsString;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Write as _};
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

use crate::failure::Failure;

/// An exclusive advisory lock on `FILE.lock`, held until dropped (or the process ends).
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

impl Lock {
    /// Locks `path` for this process, or refuses at once (exit 2) when another process
    /// holds it. `what` names the file in messages ("checkpoint", "shard output").
    pub fn exclusive(path: &Path, what: &str) -> Result<Lock, Failure> {
        let lock_path = lock_path(path);
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            // A link planted at FILE.lock must not make us create or open its target.
            .custom_flags(libc::O_NOFOLLOW)
            .mode(0o644)
            .open(&lock_path)
            .map_err(|e| {
                Failure::Usage(format!(
                    "cannot lock {what} {}: cannot open {}: {e}",
                    path.display(),
                    lock_path.display()
                ))
            })?;
        match file.try_lock() {
            Ok(()) => Ok(Lock { _file: file }),
            Err(TryLockError::WouldBlock) => Err(Failure::Usage(format!(
                "{what} {} is in use by another nqueens process (locked through {}); \
                 wait for it to finish or use another file",
                path.display(),
                lock_path.display()
            ))),
            Err(TryLockError::Error(e)) => Err(Failure::Usage(format!(
                "cannot lock {what} {}: {e}",
                path.display()
            ))),
        }
    }
}

/// `FILE.lock`, beside `FILE`.
fn lock_path(path: &Path) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(".lock");
    PathBuf::from(name)
}

/// Replaces `path` with `bytes`, whole or not at all: a new temporary file with a
/// random name, created with `O_EXCL` in the same directory (so no planted link or
/// other process's file is ever opened), fsynced, renamed over `path`; then the
/// directory is fsynced so the rename survives a crash.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let directory = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut temporary = tempfile::Builder::new()
        .prefix(".nqueens-")
        .suffix(".tmp")
        // As `File::create` would (less the umask), not tempfile's private 0600: shard
        // files are read by `merge`, maybe as another user on a cluster.
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(directory)?;
    temporary.write_all(bytes)?;
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|e| e.error)?;
    File::open(directory)?.sync_all()
}
