//! Unwraps arbitrary bytes as an envelope and re-wraps what comes out.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = packed_fuzz::ubjson::check_envelope(data) {
        panic!("{e}\ninput: {}", packed_fuzz::packed::to_hex(data));
    }
});
