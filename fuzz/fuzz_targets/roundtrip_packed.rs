//! As `decode_packed`, and every value that decodes is re-encoded and decoded again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = packed_fuzz::packed::check(data, true) {
        panic!("{e}\ninput: {}", packed_fuzz::packed::to_hex(data));
    }
});
