// answer::<0>() is outside the build-time table (6..=13), so this must not compile.
fn main() {
    let entry = nqueens::answer::<0>();
    println!("{}", entry.total());
}
