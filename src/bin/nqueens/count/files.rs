//! The files a user names for results (`--output`, `--checkpoint`), handled as Unix tools
//! handle them: what each kind of path gets, and atomic replacement of regular files.
//!
//! | the path is                               | `--output`                  | `--checkpoint` |
//! |-------------------------------------------|-----------------------------|----------------|
//! | `-`, or the file stdout already is        | stdout                      | refused        |
//! | the regular file stderr already is        | stderr                      | refused        |
//! | absent, or a regular file                 | replaced atomically, locked | the same       |
//! | a symlink to a regular file               | its file replaced, link kept| the same       |
//! | a character or block device, or a FIFO    | written straight into       | refused        |
//! | a socket, a directory, a link to nothing  | refused                     | refused        |
//!
//! - A device or FIFO is never replaced by a regular file: `/dev/null`, a terminal or a
//!   FIFO's reader gets the bytes, as with `cmd > FILE`. There is no rename to make that
//!   atomic and nothing to lock; opening a FIFO waits for its reader, as a shell does.
//! - As root, `/dev/stdout` (a link to `/proc/self/fd/1`) is the file stdout already is,
//!   so it is written as stdout, never renamed over.
//! - A checkpoint is read back and replaced on every save, which only a regular file
//!   allows: a FIFO would block the count and could be read only once, a device would
//!   swallow the record. Refusing says so before any work.
//! - A symlink to a regular file is followed, as by `cmd > LINK` and `sed -i
//!   --follow-symlinks`: the file it names is replaced atomically and the link still
//!   points at it. It is followed through an open first, so where the kernel refuses a
//!   link (`fs.protected_symlinks`: a link planted by another user in a sticky directory
//!   such as /tmp), nqueens refuses it too.
//! - Nothing the user named is ever deleted; only the run's own lock and temporary files.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, ErrorKind, Write as _};
use std::os::fd::AsFd as _;
use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _, OpenOptionsExt as _};
use std::path::{Path, PathBuf};

use crate::checksum::fnv1a;
use crate::failure::Failure;
use crate::output;

/// Where a result goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Standard output: `-`, or a path naming the file stdout already is.
    Stdout,
    /// Standard error, where a path names the regular file it already is.
    Stderr,
    /// A character or block device or a FIFO, written straight into.
    Stream(PathBuf),
    /// A regular file (or where one will be made), replaced atomically; for a symlink,
    /// the file it names.
    Regular(PathBuf),
}

/// What a path names, before deciding what to do with it.
enum Kind {
    Absent,
    Regular {
        link: bool,
        meta: Metadata,
    },
    /// A device or FIFO, with what to call it in messages.
    Stream(&'static str, Metadata),
    /// A socket, with what to call it.
    Refused(&'static str),
}

/// Where `--output PATH` writes (see the module's table).
pub fn output(path: &Path) -> Result<Target, Failure> {
    const WHAT: &str = "shard output";
    if path.as_os_str() == "-" {
        return Ok(Target::Stdout);
    }
    match kind(path, WHAT)? {
        Kind::Regular { meta, .. } | Kind::Stream(_, meta) if is_stdout(&meta) => {
            Ok(Target::Stdout)
        }
        // Replaced, the file stderr was redirected to would lose what the run says there.
        Kind::Regular { meta, .. } if is_stderr(&meta) => Ok(Target::Stderr),
        Kind::Absent | Kind::Regular { link: false, .. } => Ok(Target::Regular(path.to_owned())),
        Kind::Regular { link: true, .. } => resolve(path, WHAT).map(Target::Regular),
        Kind::Stream(..) => Ok(Target::Stream(path.to_owned())),
        Kind::Refused(kind) => Err(Failure::Usage(format!(
            "{WHAT} {} is {kind}; nqueens writes results to a regular file, a device, \
             a FIFO or '-' (stdout)",
            path.display()
        ))),
    }
}

/// The regular file `--checkpoint PATH` reads and replaces (see the module's table).
pub fn checkpoint(path: &Path) -> Result<PathBuf, Failure> {
    const WHAT: &str = "checkpoint";
    let refuse = |what: String| {
        Failure::Usage(format!(
            "checkpoint {what}; a checkpoint is read back and replaced on every save, so \
             it must be a regular file (or a link to one)"
        ))
    };
    if path.as_os_str() == "-" {
        return Err(refuse("'-' would be stdout".into()));
    }
    match kind(path, WHAT)? {
        // Replacing the file stdout or stderr was redirected to (`--checkpoint
        // /dev/stdout > result.txt`) would lose the result or the messages written to it.
        Kind::Regular { meta, .. } if is_stdout(&meta) || is_stderr(&meta) => {
            let stream = if is_stdout(&meta) { "stdout" } else { "stderr" };
            Err(refuse(format!(
                "{} is the file {stream} is written to, which saving would replace",
                path.display()
            )))
        }
        Kind::Absent | Kind::Regular { link: false, .. } => Ok(path.to_owned()),
        Kind::Regular { link: true, .. } => resolve(path, WHAT),
        Kind::Stream(kind, _) | Kind::Refused(kind) => {
            Err(refuse(format!("{} is {kind}", path.display())))
        }
    }
}

/// What `path` names; directories and links to nothing are refused here.
fn kind(path: &Path, what: &str) -> Result<Kind, Failure> {
    let shown = path.display();
    let cannot = |e: io::Error| Failure::Usage(format!("cannot use {what} {shown}: {e}"));
    let link = match fs::symlink_metadata(path) {
        Ok(meta) => meta.file_type().is_symlink(),
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Kind::Absent),
        Err(e) => return Err(cannot(e)),
    };
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if link && e.kind() == ErrorKind::NotFound => {
            let target = fs::read_link(path).unwrap_or_default();
            return Err(Failure::Usage(format!(
                "{what} {shown} is a symbolic link to {}, which does not exist; point it \
                 at a file or give another name",
                target.display()
            )));
        }
        Err(e) => return Err(cannot(e)),
    };
    let file_type = meta.file_type();
    Ok(if file_type.is_file() {
        Kind::Regular { link, meta }
    } else if file_type.is_dir() {
        return Err(Failure::Usage(format!(
            "{what} {shown} is a directory; give a file name"
        )));
    } else if file_type.is_char_device() {
        Kind::Stream("a character device", meta)
    } else if file_type.is_block_device() {
        Kind::Stream("a block device", meta)
    } else if file_type.is_fifo() {
        Kind::Stream("a FIFO", meta)
    } else if file_type.is_socket() {
        Kind::Refused("a socket")
    } else {
        Kind::Refused("neither a file nor a device")
    })
}

/// The regular file a symlink names. It is opened through the link first, so the
/// kernel's rules for following links apply; the resolved path must name that file.
fn resolve(path: &Path, what: &str) -> Result<PathBuf, Failure> {
    let shown = path.display();
    let cannot = |e: io::Error| {
        Failure::Usage(format!(
            "cannot follow the symbolic link {what} {shown}: {e}"
        ))
    };
    let opened = File::open(path)
        .and_then(|f| f.metadata())
        .map_err(cannot)?;
    let target = fs::canonicalize(path).map_err(cannot)?;
    let found = fs::metadata(&target).map_err(cannot)?;
    if !same_inode(&found, &opened) {
        return Err(Failure::Usage(format!(
            "{what} {shown} changed while its link was followed; try again"
        )));
    }
    Ok(target)
}

/// Whether two files' metadata describe one file: the same device and inode.
pub fn same_inode(a: &Metadata, b: &Metadata) -> bool {
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

/// Whether two paths name one file (which may not exist yet): the same name in the same
/// directory, or the same inode.
pub fn same_file(a: &Path, b: &Path) -> bool {
    let place = |p: &Path| {
        let directory = p.parent().filter(|d| !d.as_os_str().is_empty());
        let directory = fs::canonicalize(directory.unwrap_or(Path::new(".")));
        directory
            .map(|d| d.join(p.file_name().unwrap_or_default()))
            .ok()
    };
    let inode = |p: &Path| fs::metadata(p).ok();
    place(a).is_some_and(|p| place(b) == Some(p))
        || inode(a).is_some_and(|m| inode(b).is_some_and(|o| same_inode(&m, &o)))
}

/// Whether `meta` describes the file stdout is open on (`/dev/stdout`, `/proc/self/fd/1`,
/// or the file stdout was redirected to).
fn is_stdout(meta: &Metadata) -> bool {
    is_open_as(io::stdout().as_fd(), meta)
}

/// Whether `meta` describes the file stderr is open on.
fn is_stderr(meta: &Metadata) -> bool {
    is_open_as(io::stderr().as_fd(), meta)
}

/// Whether `meta` describes the file `fd` is open on.
fn is_open_as(fd: std::os::fd::BorrowedFd<'_>, meta: &Metadata) -> bool {
    let Ok(fd) = fd.try_clone_to_owned() else {
        return false;
    };
    File::from(fd)
        .metadata()
        .is_ok_and(|open| same_inode(&open, meta))
}

impl Target {
    /// Writes `text` whole to the target; errors name the path.
    pub fn write(&self, text: &str) -> Result<(), Failure> {
        let (path, result) = match self {
            Target::Stdout => return output::deliver(text),
            Target::Stderr => (
                &PathBuf::from("stderr"),
                io::stderr().lock().write_all(text.as_bytes()),
            ),
            Target::Regular(path) => (path, write_atomically(path, text.as_bytes())),
            Target::Stream(path) => (path, write_into(path, text.as_bytes())),
        };
        result.map_err(|e| Failure::Io(format!("cannot write {}: {e}", path.display())))
    }
}

/// Writes into a device or FIFO that exists: no `O_CREAT`, so if it is gone by now no
/// regular file takes its place; `O_NOCTTY`, so a terminal never becomes ours.
fn write_into(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(path)?;
    if file.metadata()?.is_file() {
        // Replaced by a regular file during the run: not what was checked at the start.
        return Err(io::Error::other(
            "it became a regular file during the run; nothing written",
        ));
    }
    file.write_all(bytes)?;
    file.flush()
}

/// The folder `path` is in.
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// The start of the names of `path`'s temporary files: `.nqueens-`, then 8 hex digits
/// of a hash of its file name, so that the run that holds `path`'s lock knows which
/// leftovers are its file's ([`remove_leftovers`]). A hash rather than the name keeps
/// the temporary name short whatever the file's.
fn temporary_prefix(path: &Path) -> String {
    let name = path.file_name().map_or(&[][..], |n| n.as_encoded_bytes());
    format!(".nqueens-{:08x}-", fnv1a(name) as u32)
}

/// The end of every temporary file's name.
const TEMPORARY_SUFFIX: &str = ".tmp";

/// The random letters `tempfile` puts between prefix and suffix.
const TEMPORARY_RANDOM: usize = 6;

/// Removes the temporary files that earlier runs on `path`, killed before their save
/// could rename them, left beside it; returns how many. Only the caller may do this,
/// and only while it holds `path`'s lock: no other run is then saving `path`. Links and
/// folders with such names are left alone, as is anything that is not exactly such a
/// name.
pub fn remove_leftovers(path: &Path) -> io::Result<usize> {
    let prefix = temporary_prefix(path);
    let mut removed = 0;
    for entry in fs::read_dir(folder_of(path))? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let ours = name.len() == prefix.len() + TEMPORARY_RANDOM + TEMPORARY_SUFFIX.len()
            && name.starts_with(&prefix)
            && name.ends_with(TEMPORARY_SUFFIX);
        // `file_type` does not follow links: a planted link is never removed or read.
        if ours && entry.file_type()?.is_file() {
            match fs::remove_file(entry.path()) {
                Ok(()) => removed += 1,
                // Gone already: another cleaner was quicker, which is fine.
                Err(e) if e.kind() == ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(removed)
}

/// Replaces `path` with `bytes`, whole or not at all, keeping its permissions: a new
/// temporary file with a random name, created with `O_EXCL` in the same directory (so no
/// planted link or other process's file is ever opened), fsynced, renamed over `path`;
/// then the directory is fsynced so the rename survives a crash.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let directory = folder_of(path);
    let mut temporary = tempfile::Builder::new()
        .prefix(&temporary_prefix(path))
        .rand_bytes(TEMPORARY_RANDOM)
        .suffix(TEMPORARY_SUFFIX)
        // As `File::create` would (less the umask), not tempfile's private 0600: shard
        // files are read by `merge`, maybe as another user on a cluster.
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(directory)?;
    // A file replaced keeps its permissions (a shard made private with `chmod 600`
    // stays private), as one rewritten in place would.
    if let Ok(old) = fs::metadata(path) {
        let mode = old.permissions().mode() & 0o7777;
        temporary
            .as_file()
            .set_permissions(fs::Permissions::from_mode(mode))?;
    }
    temporary.write_all(bytes)?;
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|e| e.error)?;
    File::open(directory)?.sync_all()
}
