//! Table lookup against solving at run time, per board size.
//!
//! `cargo bench --bench table`. The lookup is an index into a static array, so the
//! ratio is the whole cost of the search the build script did once.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

fn lookup_vs_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("answer");
    group.warm_up_time(Duration::from_millis(300));
    for n in nqueens::TABLE_MIN..=nqueens::TABLE_MAX {
        // The large sizes take tens of milliseconds per solve: fewer, longer samples.
        group.sample_size(if n >= 12 { 10 } else { 30 });
        group.measurement_time(Duration::from_secs(if n >= 12 { 3 } else { 1 }));
        group.bench_with_input(BenchmarkId::new("table", n), &n, |b, &n| {
            b.iter(|| nqueens::lookup(black_box(n)).map(nqueens::Answer::total));
        });
        group.bench_with_input(BenchmarkId::new("solve", n), &n, |b, &n| {
            b.iter(|| nqueens::solve(black_box(n)).map(|a| a.total()));
        });
    }
    group.finish();
}

criterion_group!(benches, lookup_vs_solve);
criterion_main!(benches);
