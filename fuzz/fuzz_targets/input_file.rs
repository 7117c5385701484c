//! The fuzz input as a file, for the targets whose reader takes a path.

/// `data` written to a new file in the temporary folder, named `nqueens-fuzz-*` and
/// ending in `suffix`. The file is removed when the returned handle is dropped, so
/// fuzzing leaves no file behind (`.ci/run` checks for that prefix).
pub fn input_file(data: &[u8], suffix: &str) -> tempfile::NamedTempFile {
    let file = tempfile::Builder::new()
        .prefix("nqueens-fuzz-")
        .suffix(suffix)
        .tempfile()
        .unwrap();
    std::fs::write(file.path(), data).unwrap();
    file
}
