//! `chrono`'s `TimeDelta` (`chrono::Duration`), `DateTime<Utc>` and `NaiveDateTime`:
//! as `Duration` and `SystemTime` are, a signed count in the field's `unit` (and
//! `width` under Bitsery's conventions): a `std::chrono::duration` and a
//! `system_clock::time_point` (a naive time is taken as UTC). A count outside chrono's
//! range is [`DecodeError::OutOfRange`](crate::DecodeError::OutOfRange).

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};

use super::super::time::{out_of_range, read_count, write_count};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Signed nanoseconds as (negative, magnitude).
fn split(ns: i128) -> (bool, u128) {
    (ns < 0, ns.unsigned_abs())
}

/// A `TimeDelta` of `secs` seconds and `nanos` more nanoseconds (signed total), if
/// chrono holds it.
fn delta(negative: bool, magnitude: u128) -> Option<TimeDelta> {
    let secs = i64::try_from(magnitude / 1_000_000_000).ok()?;
    let nanos = (magnitude % 1_000_000_000) as u32;
    let d = TimeDelta::new(secs, nanos)?;
    Some(if negative { -d } else { d })
}

/// Nanoseconds of a `TimeDelta`.
fn nanos(d: TimeDelta) -> i128 {
    i128::from(d.num_seconds()) * 1_000_000_000 + i128::from(d.subsec_nanos())
}

impl Encode for TimeDelta {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        let (negative, m) = split(nanos(*self));
        write_count::<C, W>(negative, m, "TimeDelta", w)
    }
}

impl<'de> Decode<'de> for TimeDelta {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let offset = r.offset();
        let (negative, m) = read_count::<C, R>(r, "TimeDelta")?;
        delta(negative, m).ok_or_else(|| out_of_range(offset, "TimeDelta"))
    }
}

impl Encode for DateTime<Utc> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        let (negative, m) = split(nanos(*self - DateTime::UNIX_EPOCH));
        write_count::<C, W>(negative, m, "DateTime<Utc>", w)
    }
}

impl<'de> Decode<'de> for DateTime<Utc> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let offset = r.offset();
        let (negative, m) = read_count::<C, R>(r, "DateTime<Utc>")?;
        delta(negative, m)
            .and_then(|d| DateTime::UNIX_EPOCH.checked_add_signed(d))
            .ok_or_else(|| out_of_range(offset, "DateTime<Utc>"))
    }
}

impl Encode for NaiveDateTime {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.and_utc().encode::<C, W>(w)
    }
}

impl<'de> Decode<'de> for NaiveDateTime {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        DateTime::<Utc>::decode::<C, R>(r).map(|t| t.naive_utc())
    }
}
