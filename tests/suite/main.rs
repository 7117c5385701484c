//! The integration tests, one module per concern, built as one test binary: each test
//! binary links the library and its dependencies with the release profile's thin LTO,
//! which cost about 12 s per file on these 2-core machines (18 files: 2 minutes of
//! the README's test command), so one binary links once. Run a part with its module
//! name as a filter: `cargo test --release --test suite -- trace_command::`.

mod common;

mod agreement;
mod algorithms;
mod api;
mod cli;
mod cluster;
mod commands;
mod const_agreement;
mod count;
mod delivery;
mod files;
mod fuzz_seeds;
mod hostile;
mod long_runs;
mod properties;
mod readme;
mod trace;
mod trace_command;
mod ui;
mod user_edges;
