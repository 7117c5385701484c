//! Numbers as a person reads them: durations in words (`about 3.2 hours`) and digits in
//! groups of three (`12,600`). Used by `count`'s estimate and by `show`'s note on a slow
//! search.

/// A duration in the largest unit that keeps it readable: "about 3.2 hours".
pub fn human(seconds: f64) -> String {
    const UNITS: [(&str, f64); 5] = [
        ("minutes", 60.0),
        ("hours", 3600.0),
        ("days", 86_400.0),
        ("years", 365.25 * 86_400.0),
        ("", f64::INFINITY),
    ];
    if seconds < 0.1 {
        return "under 0.1 seconds".into();
    }
    let mut unit = ("seconds", 1.0);
    for next in UNITS {
        if seconds < next.1 * 1.5 {
            break;
        }
        unit = next;
    }
    let value = seconds / unit.1;
    if value >= 1e6 {
        format!("about {:.1} million {}", value / 1e6, unit.0)
    } else if value >= 1000.0 {
        format!("about {} {}", grouped(significant(value)), unit.0)
    } else if value < 0.995 {
        // Two digits, as from 1 to 10: one would round 0.15 s to 0.2 (+33%). (From
        // 0.995 on, two digits are "1.0".)
        format!("about {value:.2} {}", unit.0)
    } else if value < 10.0 {
        format!("about {value:.1} {}", unit.0)
    } else {
        format!("about {value:.0} {}", unit.0)
    }
}

/// `value` rounded to three significant digits (it is an estimate).
// Positive and far below 2^64 (a count of n = 32 is about 10^12 years): no sign is lost.
#[allow(clippy::cast_sign_loss)]
fn significant(value: f64) -> u64 {
    let scale = 10f64.powi(value.log10().floor() as i32 - 2);
    ((value / scale).round() * scale) as u64
}

/// Digits in groups of three: 12600 -> "12,600".
pub fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_human_units() {
        assert_eq!(human(0.04), "under 0.1 seconds");
        assert_eq!(human(0.26), "about 0.26 seconds");
        assert_eq!(human(0.151), "about 0.15 seconds");
        assert_eq!(human(0.999), "about 1.0 seconds");
        assert_eq!(human(12.0), "about 12 seconds");
        assert_eq!(human(200.0), "about 3.3 minutes");
        assert_eq!(human(7200.0), "about 2.0 hours");
        assert_eq!(human(3.0 * 86_400.0), "about 3.0 days");
        assert_eq!(human(40.0 * 365.25 * 86_400.0), "about 40 years");
        assert_eq!(human(12_582.4 * 365.25 * 86_400.0), "about 12,600 years");
        assert_eq!(human(2.5e6 * 365.25 * 86_400.0), "about 2.5 million years");
    }

    #[test]
    fn digits_come_in_groups_of_three() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(12_600), "12,600");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}
