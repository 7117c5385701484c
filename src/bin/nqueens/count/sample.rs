//! Projections from a random sample of subtasks, timed on this machine: how `count N
//! --estimate` answers past n = 22, where no small count grows like the whole one.
//!
//! Subtasks are drawn at random from the whole list, each with a chance in proportion
//! to its work (`Split::work`, the column sets a batch joins, which its time follows),
//! and counted on the threads the count would use until a time budget is spent. Each
//! subtask's time on its thread is kept. A draw of subtask `i` stands for the whole
//! list as `W · tᵢ / wᵢ` (its seconds per unit of work, times all the work): the
//! Hansen-Hurwitz estimator of sampling with replacement. The projection is the mean of
//! the draws, and its 95% interval comes from their spread, with Student's t for the
//! few draws a sample has. Drawn by work, the draws differ only as much as time per
//! unit of work does, not as much as the subtasks' sizes, so a few give a usable
//! interval. The wall time divides the thread-time by the threads, which assumes that
//! they scale.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use nqueens::Split;

use crate::failure::Failure;

/// A projection of a whole count (or of the subtasks it was asked about).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projection {
    /// The projected thread-seconds.
    pub seconds: f64,
    /// The approximate 95% interval of `seconds`. The low end is never below
    /// `timed`, since the whole cannot take less than its part did.
    pub low: f64,
    pub high: f64,
    /// The seconds of the distinct subtasks timed.
    pub timed: f64,
    /// Subtasks timed, of how many.
    pub sampled: usize,
    pub of: usize,
}

/// A xorshift generator's next value in [0, 1).
fn uniform(state: &mut u64) -> f64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 11) as f64 / (1u64 << 53) as f64
}

/// `count` draws, with replacement, of positions in `works`, each with a chance in
/// proportion to its work, from a generator started at `seed`.
pub fn draws(works: &[f64], count: usize, seed: u64) -> Vec<usize> {
    if works.is_empty() {
        return Vec::new();
    }
    let mut running = Vec::with_capacity(works.len());
    let mut sum = 0.0;
    for &w in works {
        sum += w;
        running.push(sum);
    }
    let mut state = seed | 1;
    (0..count)
        .map(|_| {
            let at = uniform(&mut state) * sum;
            running
                .partition_point(|&end| end <= at)
                .min(works.len() - 1)
        })
        .collect()
}

/// The positions of `draws`, each once, in the order they were first drawn: the order
/// in which to count them.
pub fn distinct(draws: &[usize]) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    draws.iter().copied().filter(|&d| seen.insert(d)).collect()
}

/// The subtasks timed so far, each with its seconds: shared with the Ctrl-C handler,
/// which reports them.
pub type Timed = std::sync::Arc<Mutex<Vec<(usize, f64)>>>;

/// The subtasks `timed` so far. A worker that panicked holding the lock left a list
/// still good to read.
pub fn so_far(timed: &Timed) -> MutexGuard<'_, Vec<(usize, f64)>> {
    timed
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Counts subtasks of `order`, from its start, on `threads` threads until `budget`
/// whole seconds have passed and at least `least` are done, and adds each one's index
/// and seconds to `timed`. Subtasks already started finish, so a sample of long
/// subtasks may take longer than the budget; a line on stderr then says so.
pub fn time(
    split: &Split,
    order: &[usize],
    threads: NonZeroUsize,
    budget: u64,
    least: usize,
    timed: &Timed,
) -> Result<(), Failure> {
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let on_done = |index: usize, _: &nqueens::Partial, took: std::time::Duration| {
        let mut timed = so_far(timed);
        timed.push((index, took.as_secs_f64()));
        if timed.len() >= least && started.elapsed().as_secs() >= budget {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let ended = AtomicBool::new(false);
    std::thread::scope(|scope| {
        // Past the budget, a user waiting on subtasks that take minutes (26, 27) would
        // see nothing: one line says what the sample waits for. It comes two seconds
        // late, which subtasks of up to 22 end well within, so theirs never need it.
        scope.spawn(|| {
            let deadline = started + std::time::Duration::from_secs(budget + 2);
            while !ended.load(Ordering::Relaxed) {
                if Instant::now() >= deadline {
                    super::notices::waiting(so_far(timed).len());
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        });
        let run = split.run_timed(order, Some(threads), Some(&stop), &on_done);
        ended.store(true, Ordering::Relaxed);
        run
    })
    .map(|_| ())
    .map_err(|e| Failure::Found(format!("the sample of n={} failed: {e}", split.n())))
}

/// What a sample drew and what it has timed so far, from which a projection is made
/// at its end or at a Ctrl-C.
pub struct Sample {
    /// The positions in `todo` drawn, in order.
    pub drawn: Vec<usize>,
    /// The subtasks to project, and each one's work.
    pub todo: Vec<usize>,
    pub works: Vec<f64>,
    pub timed: Timed,
}

impl Sample {
    /// The projection from the longest start of the draws whose subtasks were all
    /// timed; exact where every subtask was.
    pub fn projection(&self) -> Projection {
        let seconds: std::collections::BTreeMap<usize, f64> =
            so_far(&self.timed).iter().copied().collect();
        let exact = (seconds.len() == self.todo.len()).then(|| seconds.values().sum());
        let usable: Vec<Draw> = (self.drawn.iter())
            .map_while(|&p| {
                let index = self.todo[p];
                seconds.get(&index).map(|&s| (index, self.works[p], s))
            })
            .collect();
        let all_work: f64 = self.works.iter().sum();
        project(&usable, all_work, self.todo.len(), exact)
    }
}

/// One draw of a timed subtask: its index, its work and its seconds.
pub type Draw = (usize, f64, f64);

/// The projection from the draws whose subtasks were timed, out of a list of `of`
/// subtasks whose work adds up to `all_work`. Where every subtask of the list was
/// timed, `exact` holds their seconds added up, and that is the projection.
pub fn project(draws: &[Draw], all_work: f64, of: usize, exact: Option<f64>) -> Projection {
    if let Some(sum) = exact {
        return Projection {
            seconds: sum,
            low: sum,
            high: sum,
            timed: sum,
            sampled: of,
            of,
        };
    }
    let k = draws.len();
    let stands_for: Vec<f64> = draws
        .iter()
        .map(|&(_, w, s)| if w > 0.0 { all_work * s / w } else { 0.0 })
        .collect();
    let mean = stands_for.iter().sum::<f64>() / k.max(1) as f64;
    // The subtasks timed are part of the whole: it cannot take less than they did.
    let mut timed: Vec<(usize, f64)> = draws.iter().map(|&(i, _, s)| (i, s)).collect();
    timed.sort_unstable_by_key(|&(i, _)| i);
    timed.dedup_by_key(|&mut (i, _)| i);
    let least: f64 = timed.iter().map(|&(_, s)| s).sum();
    let (low, high) = if k < 2 {
        (0.0, f64::INFINITY)
    } else {
        let spread = stands_for.iter().map(|y| (y - mean).powi(2)).sum::<f64>() / (k - 1) as f64;
        let half = student_t95(k - 1) * (spread / k as f64).sqrt();
        (mean - half, mean + half)
    };
    Projection {
        seconds: mean.max(least),
        low: low.max(least),
        high: high.max(least),
        timed: least,
        sampled: timed.len(),
        of,
    }
}

/// Student's t at 97.5% for `df` degrees of freedom (the two-sided 95% interval).
fn student_t95(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        31..=60 => 2.021,
        61..=120 => 2.000,
        _ => 1.960,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_follow_the_work_and_depend_on_their_seed() {
        // Three subtasks of work 1, 2 and 7: drawn about 10%, 20% and 70% of the time.
        let works = [1.0, 2.0, 7.0];
        let drawn = draws(&works, 10_000, 7);
        let share = |i: usize| drawn.iter().filter(|&&d| d == i).count() as f64 / 10_000.0;
        for (i, wanted) in [(0, 0.1), (1, 0.2), (2, 0.7)] {
            assert!((share(i) - wanted).abs() < 0.02, "{i}: {}", share(i));
        }
        assert_eq!(drawn, draws(&works, 10_000, 7));
        assert_ne!(drawn, draws(&works, 10_000, 8));
        // Each drawn once, in the order first drawn.
        assert_eq!(distinct(&[2, 0, 2, 1, 0]), [2, 0, 1]);
    }

    #[test]
    fn a_whole_list_is_exact_and_times_that_follow_the_work_give_no_width() {
        let p = project(&[], 6.0, 3, Some(12.0));
        assert_eq!((p.seconds, p.low, p.high, p.sampled), (12.0, 12.0, 12.0, 3));
        // Seconds exactly in proportion to work: every draw stands for the same whole.
        let p = project(&[(4, 2.0, 4.0), (9, 5.0, 10.0)], 100.0, 40, None);
        assert!((p.seconds - 200.0).abs() < 1e-9 && (p.high - p.low).abs() < 1e-9);
        // One draw: a projection without an interval.
        assert!(
            project(&[(4, 2.0, 4.0)], 100.0, 40, None)
                .high
                .is_infinite()
        );
        // Never less than the subtasks timed took (one subtask drawn twice counts once).
        let p = project(
            &[(1, 50.0, 1.0), (2, 50.0, 90.0), (2, 50.0, 90.0)],
            100.0,
            2,
            None,
        );
        assert!(p.low >= 91.0 && p.sampled == 2, "{p:?}");
    }

    #[test]
    fn the_interval_covers_the_truth_about_as_often_as_it_says() {
        // A population like the join's past 22: work spread over two orders of
        // magnitude, skewed, and seconds that follow it up to a factor of four. Twelve
        // draws, many times over: the 95% interval holds the true total in about 95%
        // of them.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let population: Vec<(f64, f64)> = (0..2000)
            .map(|_| {
                let work = 1.0 + 99.0 * uniform(&mut state).powi(3);
                let noise = (1.0 + uniform(&mut state)).powi(2);
                (work, work * noise)
            })
            .collect();
        let truth: f64 = population.iter().map(|&(_, s)| s).sum();
        let works: Vec<f64> = population.iter().map(|&(w, _)| w).collect();
        let all_work: f64 = works.iter().sum();
        let trials = 400;
        let covered = (0..trials)
            .filter(|&trial| {
                let sample: Vec<Draw> = draws(&works, 12, 1000 + trial)
                    .into_iter()
                    .map(|i| (i, population[i].0, population[i].1))
                    .collect();
                let p = project(&sample, all_work, population.len(), None);
                p.low <= truth && truth <= p.high
            })
            .count() as u64;
        assert!(covered * 100 >= trials * 90, "{covered} of {trials}");
        assert!(
            covered < trials,
            "an interval that always covers is too wide to test"
        );
    }
}
