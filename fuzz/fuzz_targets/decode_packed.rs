//! Decodes arbitrary bytes as one of the harness's types under one of its layouts (the
//! first byte chooses), and cross-checks the decoding entry points.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = packed_fuzz::packed::check(data, false) {
        panic!("{e}\ninput: {}", packed_fuzz::packed::to_hex(data));
    }
});
