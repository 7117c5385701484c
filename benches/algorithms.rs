//! The classic algorithms side by side, as `nqueens compare` runs them, at n = 8, 10, 12.
//!
//! `cargo bench --bench algorithms`. Cell by cell is left out at n = 12, past its
//! practical limit (see `Algorithm::practical_limit`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens::Algorithm;

fn algorithms(c: &mut Criterion) {
    for n in [8, 10, 12] {
        let mut group = c.benchmark_group(format!("compare/{n}"));
        group.warm_up_time(Duration::from_millis(500));
        group.sample_size(if n == 12 { 10 } else { 20 });
        group.measurement_time(Duration::from_secs(2));
        for algorithm in Algorithm::ALL {
            if n > algorithm.practical_limit() {
                continue;
            }
            group.bench_with_input(BenchmarkId::from_parameter(algorithm), &n, |b, &n| {
                b.iter(|| algorithm.count(black_box(n)));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, algorithms);
criterion_main!(benches);
