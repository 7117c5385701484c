//! End to end, as whole processes: `nqueens 13` from the table and solved at run time,
//! and the streaming throughput of `nqueens solutions 14 > /dev/null` (reported by
//! criterion in placements per second).
//!
//! `cargo bench --bench process`. Measures spawn, argument parsing, the work and exit,
//! the way a user or a judge runs the program.

use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

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

fn stream(c: &mut Criterion) {
    let mut group = c.benchmark_group("solutions");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    // n = 14 has 365,596 placements (OEIS A000170); every one of them is written.
    group.throughput(Throughput::Elements(365_596));
    group.bench_function("solutions 14 > /dev/null", |b| {
        b.iter(|| run(&["solutions", "14"]));
    });
    group.finish();
}

criterion_group!(benches, process, stream);
criterion_main!(benches);
