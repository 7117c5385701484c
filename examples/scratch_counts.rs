fn main() {
    let uniq: [u128; 18] = [
        1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
        83263591,
    ];
    let tot: [u128; 18] = [
        1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
        95815104, 666090624,
    ];
    let max: u32 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(14);
    for n in 1..=max {
        let t = std::time::Instant::now();
        let c = nqueens::counts(n);
        let el = t.elapsed();
        match c {
            Ok(c) => println!(
                "n={n} total={} ({}) unique={} ({}) nodes={} subtasks={} {:?}",
                c.total,
                c.total == tot[n as usize - 1],
                c.unique,
                c.unique == uniq[n as usize - 1],
                c.nodes,
                c.subtasks,
                el
            ),
            Err(e) => println!("n={n} err {e}"),
        }
    }
}
