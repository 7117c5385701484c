fn main() {
    let n: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let which = std::env::args().nth(2).unwrap_or_default();
    let t = std::time::Instant::now();
    if which == "plain" {
        let a = nqueens::solve(n).unwrap();
        println!(
            "plain n={n} total={} nodes={} {:?}",
            a.total(),
            a.nodes(),
            t.elapsed()
        );
    } else {
        let threads = which.parse().ok().and_then(std::num::NonZeroUsize::new);
        let c = nqueens::count_with(
            n,
            &nqueens::CountOptions {
                threads,
                ..Default::default()
            },
        )
        .unwrap();
        println!(
            "threads={which} n={n} total={} unique={} nodes={} subtasks={} {:?}",
            c.total,
            c.unique,
            c.nodes,
            c.subtasks,
            t.elapsed()
        );
    }
}
