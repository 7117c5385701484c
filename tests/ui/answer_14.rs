// answer::<14>() is outside the build-time table (6..=13), so this must not compile.
fn main() {
    let entry = nqueens::answer::<14>();
    println!("{}", entry.total());
}
