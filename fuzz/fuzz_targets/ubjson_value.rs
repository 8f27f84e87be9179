//! Reads a UBJSON `Value`, writes it, reads it again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = packed_fuzz::ubjson::check_value(data) {
        panic!("{e}\ninput: {}", packed_fuzz::packed::to_hex(data));
    }
});
