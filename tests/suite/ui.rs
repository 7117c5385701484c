//! Compile-fail tests: `answer::<N>()` for N outside the table does not compile, and the
//! error names the accepted range. The `.stderr` snapshots were blessed with the pinned
//! toolchain (rust-toolchain.toml); rebless with `TRYBUILD=overwrite cargo test --test suite -- ui::`.

#[test]
fn const_generic_sizes_outside_the_table_fail_to_compile() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/answer_in_range.rs");
    for n in [0, 5, 14, 33] {
        t.compile_fail(format!("tests/ui/answer_{n}.rs"));
    }
}
