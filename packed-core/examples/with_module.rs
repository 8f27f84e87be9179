//! A field written by a `with` module: a log record whose timestamp is a
//! `std::time::SystemTime` on the Rust side and whole milliseconds since the Unix epoch
//! (an `int64_t`) on the wire, as a C++ logger would write it.
//!
//! ```sh
//! cargo run -p packed-core --example with_module
//! ```
//!
//! `#[packed(with = "module")]` calls `module::encode` and `module::decode`, which
//! have the signatures of `Encode::encode` and `Decode::decode`. They write and read
//! the field through any other type's impl (here `i64`'s, so the field follows the
//! layout: little-endian under Bitsery, compacted under YAS's compacted layout), and
//! report a value they cannot represent as an error, with its offset on decode.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use packed_core::{layout, Packed};

/// Whole milliseconds since the Unix epoch, as an `i64`.
mod unix_millis {
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    use packed_core::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

    pub fn encode<C: Ctx, W: Writer + ?Sized>(
        t: &SystemTime,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        let millis = match t.duration_since(UNIX_EPOCH) {
            Ok(after) => i64::try_from(after.as_millis()),
            Err(before) => i64::try_from(before.duration().as_millis()).map(|m| -m),
        }
        .map_err(|_| EncodeError::Custom("timestamp out of range for i64 milliseconds"))?;
        millis.encode::<C, W>(w)
    }

    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<SystemTime, DecodeError> {
        let offset = r.offset();
        let millis = i64::decode::<C, R>(r)?;
        let since = Duration::from_millis(millis.unsigned_abs());
        let t = if millis >= 0 {
            UNIX_EPOCH.checked_add(since)
        } else {
            UNIX_EPOCH.checked_sub(since)
        };
        t.ok_or(DecodeError::Custom {
            offset,
            message: "timestamp out of range for SystemTime",
        })
    }
}

#[derive(Packed, Debug, Clone, Copy, PartialEq)]
#[repr(u8)]
enum Level {
    Debug = 0,
    Info = 1,
    Warn = 2,
    Error = 3,
}

#[derive(Packed, Debug, PartialEq)]
struct LogRecord {
    #[packed(with = "unix_millis")]
    at: SystemTime,
    level: Level,
    #[packed(max = 64)]
    target: String,
    message: String,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let record = LogRecord {
        at: UNIX_EPOCH + Duration::from_millis(1_767_225_600_123),
        level: Level::Warn,
        target: "net::session".into(),
        message: "peer 7 resent tick 4711".into(),
    };

    let bytes = packed_core::to_vec(&record)?;
    // The timestamp is the first field: 8 bytes, little-endian milliseconds.
    assert_eq!(bytes[..8], 1_767_225_600_123i64.to_le_bytes());
    assert_eq!(packed_core::from_slice::<LogRecord>(&bytes)?, record);
    println!("{}", packed_core::explain(&record)?);

    // The same record under YAS's compacted layout: the module's `i64` follows it.
    let compact = packed_core::with::<layout::YasCompacted>();
    let small = compact.to_vec(&record)?;
    assert_eq!(compact.from_slice::<LogRecord>(&small)?, record);
    println!(
        "bitsery: {} bytes, yas-compacted: {} bytes",
        bytes.len(),
        small.len()
    );

    // A value the module cannot represent is a typed error, never a wrong byte:
    // 10^16 seconds is a `SystemTime` on 64-bit Unix, but more milliseconds than an i64
    // holds.
    if let Some(far) = UNIX_EPOCH.checked_add(Duration::from_secs(10_000_000_000_000_000)) {
        let err = packed_core::to_vec(&LogRecord { at: far, ..record }).unwrap_err();
        println!("far future: {err}");
    }
    Ok(())
}
