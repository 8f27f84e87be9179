//! The fuzz harnesses, as a library so that `tests/fuzz_stable.rs` can run the same
//! checks under `cargo test` (it includes these files with `#[path]`).
#![allow(missing_docs)]

pub mod packed;
pub mod ubjson;
