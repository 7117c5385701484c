// answer::<5>() is outside the build-time table (6..=13), so this must not compile.
fn main() {
    let entry = nqueens::answer::<5>();
    println!("{}", entry.total());
}
