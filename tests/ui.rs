//! The derive's compile-time contract: every attribute mistake is a compile error at
//! the offending token, naming the valid choices (`ui/`), and every documented
//! attribute form compiles (`ui-pass/`).
//!
//! Re-record the expected output with
//! `TRYBUILD=overwrite cargo test -p packed-tests --test ui` on stable, then read the
//! `.stderr` files.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/**/*.rs");
    t.pass("ui-pass/*.rs");
}
