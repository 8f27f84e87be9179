//! `chrono`'s `TimeDelta` (`chrono::Duration`), `DateTime<Utc>` and `NaiveDateTime`:
//! as `Duration` and `SystemTime` are, a signed count in the field's `unit` (and
//! `width` under Bitsery's conventions): a `std::chrono::duration` and a
//! `system_clock::time_point` (a naive time is taken as UTC). A count outside chrono's
//! range is [`DecodeError::OutOfRange`](crate::DecodeError::OutOfRange).

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};

use super::super::time::{counted, Span};

/// A `TimeDelta`'s span.
fn span(d: TimeDelta) -> (bool, u128) {
    let ns = i128::from(d.num_seconds()) * 1_000_000_000 + i128::from(d.subsec_nanos());
    (ns < 0, ns.unsigned_abs())
}

/// The `TimeDelta` of a span, if chrono holds it.
fn delta(negative: bool, nanos: u128) -> Option<TimeDelta> {
    let secs = i64::try_from(nanos / 1_000_000_000).ok()?;
    let d = TimeDelta::new(secs, (nanos % 1_000_000_000) as u32)?;
    Some(if negative { -d } else { d })
}

impl Span for TimeDelta {
    const NAME: &'static str = "TimeDelta";
    fn span(&self) -> (bool, u128) {
        span(*self)
    }
    fn from_span(negative: bool, nanos: u128) -> Option<Self> {
        delta(negative, nanos)
    }
}

impl Span for DateTime<Utc> {
    const NAME: &'static str = "DateTime<Utc>";
    fn span(&self) -> (bool, u128) {
        span(*self - DateTime::UNIX_EPOCH)
    }
    fn from_span(negative: bool, nanos: u128) -> Option<Self> {
        DateTime::UNIX_EPOCH.checked_add_signed(delta(negative, nanos)?)
    }
}

impl Span for NaiveDateTime {
    const NAME: &'static str = "NaiveDateTime";
    fn span(&self) -> (bool, u128) {
        self.and_utc().span()
    }
    fn from_span(negative: bool, nanos: u128) -> Option<Self> {
        DateTime::<Utc>::from_span(negative, nanos).map(|t| t.naive_utc())
    }
}

counted!(TimeDelta, DateTime<Utc>, NaiveDateTime);
