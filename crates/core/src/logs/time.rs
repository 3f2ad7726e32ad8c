//! Times as access logs write them, read into one instant: milliseconds since the Unix epoch,
//! UTC, with the precision the log gave.
//!
//! Every reader is total (a time it cannot read is `None`, never a panic) and linear in its
//! input. The forms:
//!
//! - Apache's and nginx's `%t` / `$time_local`: `01/Mar/2026:12:00:00 +0100`, in brackets or not.
//! - RFC 3339 / ISO 8601: `2026-03-01T12:00:00Z`, `2026-03-01T12:00:00.250+01:00`, a space for
//!   the `T`, a zone written `+0100` or left out (UTC then), or a bare date (midnight UTC).
//! - W3C extended logs' `date` and `time` fields, always UTC: `2026-03-01` and `12:00:00`.
//! - A number: seconds since the epoch with an optional fraction (`1772366400.25`), or
//!   milliseconds, microseconds or nanoseconds when it is too large to be seconds.

use std::fmt;

/// An instant read from a log or given for a robots.txt version: milliseconds since
/// 1970-01-01T00:00:00Z, and how precisely the source wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    /// Milliseconds since the epoch (negative before 1970).
    pub millis: i64,
}

/// How precisely a log line's time was written: a whole second (most logs) or finer. Two
/// requests stamped in the same second were at most this far apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Precision {
    pub(crate) millis: u32,
}

impl Precision {
    pub(crate) const SECOND: Precision = Precision { millis: 1000 };
    pub(crate) const MILLISECOND: Precision = Precision { millis: 1 };
}

impl Timestamp {
    /// The instant `millis` milliseconds after the epoch.
    pub fn from_millis(millis: i64) -> Timestamp {
        Timestamp { millis }
    }

    /// Reads an RFC 3339 time (`2026-03-01T00:00:00+00:00`, `…Z`, a space for `T`, an optional
    /// fraction) or a bare date (`2026-03-01`, midnight UTC): the form `--robots FILE@TIME`
    /// takes. `None` when it does not read so.
    pub fn parse(text: &str) -> Option<Timestamp> {
        read_iso(text.trim().as_bytes()).map(|(time, _)| time)
    }
}

impl fmt::Display for Timestamp {
    /// RFC 3339 in UTC: `2026-03-01T12:00:00Z`, with milliseconds when there are any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let days = self.millis.div_euclid(DAY_MILLIS);
        let rest = self.millis.rem_euclid(DAY_MILLIS);
        let (year, month, day) = civil_from_days(days);
        let (hour, minute) = (rest / 3_600_000, rest / 60_000 % 60);
        let (second, millis) = (rest / 1000 % 60, rest % 1000);
        write!(
            f,
            "{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}"
        )?;
        if millis != 0 {
            write!(f, ".{millis:03}")?;
        }
        f.write_str("Z")
    }
}

const DAY_MILLIS: i64 = 86_400_000;

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month = i64::from(month);
    let day_of_year =
        (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date of a day number (the inverse of [`days_from_civil`]).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `count` ASCII digits at `at`, as a number.
fn digits(text: &[u8], at: usize, count: usize) -> Option<u32> {
    let slice = text.get(at..at + count)?;
    slice.iter().try_fold(0u32, |value, &byte| {
        byte.is_ascii_digit()
            .then(|| value * 10 + u32::from(byte - b'0'))
    })
}

/// Milliseconds of a valid date and time of day, before any zone offset.
fn instant(year: i64, month: u32, day: u32, hour: u32, minute: u32, second: u32) -> Option<i64> {
    // A leap second (`:60`) is read as the second after: logs write it rarely and it costs
    // nothing to accept.
    let valid = (1..=12).contains(&month)
        && (1..=days_in_month(year, month)).contains(&day)
        && hour < 24
        && minute < 60
        && second <= 60;
    valid.then(|| {
        days_from_civil(year, month, day) * DAY_MILLIS
            + i64::from(hour) * 3_600_000
            + i64::from(minute) * 60_000
            + i64::from(second) * 1000
    })
}

/// A fraction of a second (`.250`, `,5`) at the start of `text`: its milliseconds, the bytes
/// it took, and whether any digit was written.
fn fraction(text: &[u8]) -> (i64, usize, bool) {
    if !matches!(text.first(), Some(b'.' | b',')) {
        return (0, 0, false);
    }
    let count = text[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    let mut millis = 0;
    for (index, &byte) in text[1..1 + count].iter().take(3).enumerate() {
        millis += i64::from(byte - b'0') * [100, 10, 1][index];
    }
    (millis, 1 + count, count > 0)
}

/// A zone offset at the start of `text` (`Z`, `+01:00`, `+0100`, `-05`): its milliseconds east
/// of UTC and the bytes it took; no zone is UTC.
fn zone(text: &[u8]) -> Option<(i64, usize)> {
    match text.first() {
        None => Some((0, 0)),
        Some(b'Z' | b'z') => Some((0, 1)),
        Some(&sign @ (b'+' | b'-')) => {
            let hours = digits(text, 1, 2)?;
            let (minutes, taken) = if text.get(3) == Some(&b':') {
                (digits(text, 4, 2)?, 6)
            } else if text.len() >= 5 {
                (digits(text, 3, 2)?, 5)
            } else {
                (0, 3)
            };
            if hours > 23 || minutes > 59 {
                return None;
            }
            let offset = i64::from(hours * 60 + minutes) * 60_000;
            Some((if sign == b'-' { -offset } else { offset }, taken))
        }
        Some(_) => None,
    }
}

/// RFC 3339 / ISO 8601 (see the module documentation): the instant and its precision, when the
/// whole of `text` reads so.
pub(crate) fn read_iso(text: &[u8]) -> Option<(Timestamp, Precision)> {
    let year = i64::from(digits(text, 0, 4)?);
    if text.get(4) != Some(&b'-') || text.get(7) != Some(&b'-') {
        return None;
    }
    let (month, day) = (digits(text, 5, 2)?, digits(text, 8, 2)?);
    if text.len() == 10 {
        return Some((
            Timestamp::from_millis(instant(year, month, day, 0, 0, 0)?),
            Precision::SECOND,
        ));
    }
    if !matches!(text.get(10), Some(b'T' | b't' | b' ')) || text.get(13) != Some(&b':') {
        return None;
    }
    let (hour, minute) = (digits(text, 11, 2)?, digits(text, 14, 2)?);
    let (second, mut at) = if text.get(16) == Some(&b':') {
        (digits(text, 17, 2)?, 19)
    } else {
        (0, 16)
    };
    let (millis, taken, fine) = fraction(&text[at..]);
    at += taken;
    // A space before the zone (`2026-03-01 12:00:00 +0000`) is written by some loggers.
    if text.get(at) == Some(&b' ') && matches!(text.get(at + 1), Some(b'+' | b'-' | b'Z')) {
        at += 1;
    }
    let (offset, taken) = zone(&text[at..])?;
    if at + taken != text.len() {
        return None;
    }
    let local = instant(year, month, day, hour, minute, second)? + millis;
    let precision = if fine {
        Precision::MILLISECOND
    } else {
        Precision::SECOND
    };
    Some((Timestamp::from_millis(local - offset), precision))
}

const MONTHS: [&[u8; 3]; 12] = [
    b"Jan", b"Feb", b"Mar", b"Apr", b"May", b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov", b"Dec",
];

/// The common log format's `01/Mar/2026:12:00:00 +0100` (the brackets already removed), with
/// an optional fraction after the seconds (`%{msec_frac}t`-style logs).
pub(crate) fn read_clf(text: &[u8]) -> Option<(Timestamp, Precision)> {
    let day = digits(text, 0, 2)?;
    let month_name = text.get(3..6)?;
    let month = MONTHS
        .iter()
        .position(|name| name.eq_ignore_ascii_case(month_name))? as u32
        + 1;
    if text.get(2) != Some(&b'/') || text.get(6) != Some(&b'/') || text.get(11) != Some(&b':') {
        return None;
    }
    let year = i64::from(digits(text, 7, 4)?);
    let (hour, minute, second) = (
        digits(text, 12, 2)?,
        digits(text, 15, 2)?,
        digits(text, 18, 2)?,
    );
    if text.get(14) != Some(&b':') || text.get(17) != Some(&b':') {
        return None;
    }
    let (millis, taken, fine) = fraction(&text[20..]);
    let rest = &text[20 + taken..];
    let rest = rest.strip_prefix(b" ").unwrap_or(rest);
    let (offset, taken) = zone(rest)?;
    if taken != rest.len() {
        return None;
    }
    let local = instant(year, month, day, hour, minute, second)? + millis;
    let precision = if fine {
        Precision::MILLISECOND
    } else {
        Precision::SECOND
    };
    Some((Timestamp::from_millis(local - offset), precision))
}

/// A W3C extended log's `date` (`2026-03-01`) and `time` (`12:00:00`, maybe with a fraction),
/// which are UTC.
pub(crate) fn read_w3c(date: &[u8], time: &[u8]) -> Option<(Timestamp, Precision)> {
    if date.len() != 10 || time.len() < 8 {
        return None;
    }
    let mut joined = [0u8; 40];
    let length = 11 + time.len();
    if length > joined.len() {
        return None;
    }
    joined[..10].copy_from_slice(date);
    joined[10] = b'T';
    joined[11..length].copy_from_slice(time);
    read_iso(&joined[..length])
}

/// Seconds since the epoch (`1772366400`, `1772366400.25`), or milliseconds, microseconds or
/// nanoseconds for a whole number too large to be seconds before the year 5000.
pub(crate) fn read_epoch(text: &[u8]) -> Option<(Timestamp, Precision)> {
    let whole_digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
    if whole_digits == 0 || whole_digits > 19 {
        return None;
    }
    let whole: i64 = std::str::from_utf8(&text[..whole_digits])
        .ok()?
        .parse()
        .ok()?;
    let (millis, taken, fine) = fraction(&text[whole_digits..]);
    if whole_digits + taken != text.len() {
        return None;
    }
    // 95,617,584,000 seconds is the year 5000: a larger whole number is a finer unit.
    const SECONDS_LIMIT: i64 = 95_617_584_000;
    let (millis, precision) = if whole < SECONDS_LIMIT {
        let precision = if fine {
            Precision::MILLISECOND
        } else {
            Precision::SECOND
        };
        (whole.checked_mul(1000)? + millis, precision)
    } else if whole < SECONDS_LIMIT * 1000 {
        (whole, Precision::MILLISECOND)
    } else if whole < SECONDS_LIMIT * 1_000_000 {
        (whole / 1000, Precision::MILLISECOND)
    } else {
        (whole / 1_000_000, Precision::MILLISECOND)
    };
    Some((Timestamp::from_millis(millis), precision))
}

/// Any of the forms of the module documentation.
pub(crate) fn read_any(text: &[u8]) -> Option<(Timestamp, Precision)> {
    let text = text.strip_prefix(b"[").unwrap_or(text);
    let text = text.strip_suffix(b"]").unwrap_or(text);
    match text.get(2) {
        Some(b'/') => read_clf(text),
        _ if text.get(4) == Some(&b'-') => read_iso(text),
        _ => read_epoch(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iso(text: &str) -> Option<String> {
        Timestamp::parse(text).map(|time| time.to_string())
    }

    #[test]
    fn rfc3339_times_and_dates_read_to_utc() {
        assert_eq!(
            iso("2026-03-01T00:00:00+00:00").as_deref(),
            Some("2026-03-01T00:00:00Z")
        );
        assert_eq!(
            iso("2026-03-01T01:30:00+01:30").as_deref(),
            Some("2026-03-01T00:00:00Z")
        );
        assert_eq!(
            iso("2026-03-01 12:00:00.25Z").as_deref(),
            Some("2026-03-01T12:00:00.250Z")
        );
        assert_eq!(iso("2026-03-01").as_deref(), Some("2026-03-01T00:00:00Z"));
        assert_eq!(
            iso("2024-02-29T23:59:59-05:00").as_deref(),
            Some("2024-03-01T04:59:59Z")
        );
        assert_eq!(iso("1969-12-31T23:59:59Z").map(|_| ()), Some(()));
        assert_eq!(
            Timestamp::parse("1969-12-31T23:59:59Z").unwrap().millis,
            -1000
        );
        for bad in [
            "2026-02-30T00:00:00Z",
            "2026-13-01",
            "2026-03-01T24:00:00Z",
            "2026-03-01T00:00:00+25:00",
            "2026-03-01T00:00:00Zjunk",
            "yesterday",
            "",
            "2026-3-1",
        ] {
            assert_eq!(iso(bad), None, "{bad}");
        }
    }

    #[test]
    fn apache_times_carry_their_offset() {
        let (time, precision) = read_clf(b"01/Mar/2026:12:00:00 +0100").unwrap();
        assert_eq!(time.to_string(), "2026-03-01T11:00:00Z");
        assert_eq!(precision, Precision::SECOND);
        let (time, precision) = read_any(b"[10/oct/2000:13:55:36.123 -0700]").unwrap();
        assert_eq!(time.to_string(), "2000-10-10T20:55:36.123Z");
        assert_eq!(precision, Precision::MILLISECOND);
        assert_eq!(read_clf(b"01/Foo/2026:12:00:00 +0100"), None);
        assert_eq!(read_clf(b"01/Mar/2026:12:00"), None);
    }

    #[test]
    fn epoch_numbers_pick_their_unit_by_size() {
        let seconds = read_epoch(b"1772366400").unwrap().0;
        assert_eq!(seconds.to_string(), "2026-03-01T12:00:00Z");
        assert_eq!(
            read_epoch(b"1772366400.5").unwrap().0.millis,
            1_772_366_400_500
        );
        assert_eq!(
            read_epoch(b"1772366400500").unwrap().0,
            Timestamp::from_millis(1_772_366_400_500)
        );
        assert_eq!(
            read_epoch(b"1772366400500000").unwrap().0.millis,
            1_772_366_400_500
        );
        assert_eq!(
            read_epoch(b"1772366400500000000").unwrap().0.millis,
            1_772_366_400_500
        );
        assert_eq!(read_epoch(b"99999999999999999999"), None);
        assert_eq!(read_epoch(b"12a"), None);
    }

    #[test]
    fn w3c_date_and_time_are_utc() {
        let (time, _) = read_w3c(b"2026-03-01", b"12:00:00").unwrap();
        assert_eq!(time.to_string(), "2026-03-01T12:00:00Z");
        assert_eq!(read_w3c(b"2026-03-01", b"noon"), None);
    }

    #[test]
    fn days_round_trip_over_four_centuries() {
        for days in (-200_000..200_000).step_by(97) {
            let (year, month, day) = civil_from_days(days);
            assert_eq!(days_from_civil(year, month, day), days);
        }
    }
}
