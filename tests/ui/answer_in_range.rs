// The edges of the table compile, at run time and in const items. This pass case also
// switches trybuild to `cargo build`, the mode in which the post-monomorphization errors
// of the compile-fail cases appear at all.
const SIX: &nqueens::Answer = nqueens::answer::<6>();

fn main() {
    let thirteen = nqueens::answer::<13>();
    assert_eq!(SIX.total(), 4);
    assert_eq!(thirteen.total(), 73712);
}
