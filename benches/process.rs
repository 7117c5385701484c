//! End to end: `nqueens 13` as a whole process, from the table and solved at run time.
//!
//! `cargo bench --bench process`. Measures spawn, argument parsing, the answer and
//! exit, the way a user or a judge runs the program.

use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

fn run(args: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdout(Stdio::null())
        .status()
        .expect("the binary runs");
    assert!(status.success());
}

fn process(c: &mut Criterion) {
    let mut group = c.benchmark_group("process");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("nqueens 13 (table)", |b| b.iter(|| run(&["13"])));
    group.bench_function("nqueens 13 --solve", |b| b.iter(|| run(&["13", "--solve"])));
    group.finish();
}

criterion_group!(benches, process);
criterion_main!(benches);
