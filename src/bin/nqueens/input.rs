//! Reading the board size N from an argument or from stdin, strictly.

use std::ffi::{OsStr, OsString};
use std::io::{IsTerminal as _, Read};

use nqueens::{MAX_N, Placement};

use crate::failure::{Failure, quote};

/// What every board-size error says is accepted.
const ACCEPTED: &str = "expected a whole number from 1 to 32";

/// Stdin is read up to this many bytes: far more than any board size needs, and a
/// bound on memory when someone pipes a file in by mistake.
const STDIN_LIMIT: u64 = 1 << 20;

/// The board size from the argument if given, else from stdin.
pub fn board_size(arg: Option<&OsStr>) -> Result<u32, Failure> {
    match arg {
        Some(os) => parse(utf8(os, "board size", ACCEPTED)?, ""),
        None => parse_stdin(),
    }
}

/// An argument as text, or a usage error that shows it (lossily) and says it is not
/// UTF-8.
pub fn utf8<'a>(arg: &'a OsStr, what: &str, accepted: &str) -> Result<&'a str, Failure> {
    arg.to_str().ok_or_else(|| {
        Failure::Usage(format!(
            "{what} {} is not valid UTF-8; {accepted}",
            quote(&arg.to_string_lossy())
        ))
    })
}

/// Fails on anything after N.
pub fn no_extra(extra: &[OsString]) -> Result<(), Failure> {
    extra
        .first()
        .map_or(Ok(()), |e| Err(one_size_only(&e.to_string_lossy())))
}

/// The error for a size the library refused (cannot happen after `board_size`).
pub fn out_of_range(n: u32) -> Failure {
    Failure::Usage(format!("board size {n} is out of range; {ACCEPTED}"))
}

/// What to say for the two sizes without a placement (2 and 3).
pub fn no_placements(n: u32) -> String {
    format!("n = {n} has no placements ({n} queens cannot avoid each other on a {n}x{n} board)")
}

/// The error for a second value after N.
pub fn one_size_only(extra: &str) -> Failure {
    Failure::Usage(format!(
        "unexpected value {} after the board size; expected one whole number from 1 to 32",
        quote(extra)
    ))
}

/// Parses one board size; `source` ends the message's first clause (e.g. " on stdin").
/// Accepts ASCII digits with optional surrounding whitespace;
/// rejects signs, decimals, exponents, other scripts' digits and trailing garbage.
pub fn parse(text: &str, source: &str) -> Result<u32, Failure> {
    let trimmed = text.trim_ascii();
    if trimmed.is_empty() {
        return Err(Failure::Usage(format!(
            "empty board size{source}; {ACCEPTED}"
        )));
    }
    if !trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::Usage(format!(
            "invalid board size {}{source}; {ACCEPTED}",
            quote(trimmed)
        )));
    }
    match trimmed.parse::<u32>() {
        Ok(n) if (1..=MAX_N).contains(&n) => Ok(n),
        // Out of range, or too many digits for any integer type.
        _ => Err(Failure::Usage(format!(
            "board size {}{source} is out of range; {ACCEPTED}",
            quote(trimmed)
        ))),
    }
}

/// Reads the whole of stdin and parses the single board size it must hold.
fn parse_stdin() -> Result<u32, Failure> {
    let text = stdin_text("board size N, a whole number from 1 to 32")?;
    let mut words = text.split_ascii_whitespace();
    match (words.next(), words.next()) {
        (None, _) => Err(Failure::Usage(format!(
            "missing board size N: stdin is empty; {ACCEPTED}"
        ))),
        (Some(word), None) => parse(word, " on stdin"),
        (Some(first), Some(second)) => Err(Failure::Usage(format!(
            "stdin holds more than one value ({} {}); expected one whole number from 1 to 32",
            quote(first),
            quote(second)
        ))),
    }
}

/// All of stdin as text: at most 1 MiB, valid UTF-8, and not a terminal (where nobody
/// would know the program is waiting). `what` names the missing input in the error.
pub fn stdin_text(what: &str) -> Result<String, Failure> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        return Err(Failure::Usage(format!(
            "missing {what}: give it as arguments or on stdin"
        )));
    }
    let bytes = read_at_most(stdin.lock(), STDIN_LIMIT)
        .map_err(|e| Failure::Usage(format!("cannot read stdin: {e}")))?
        .ok_or_else(|| {
            Failure::Usage(format!(
                "stdin holds more than {STDIN_LIMIT} bytes; expected {what}"
            ))
        })?;
    String::from_utf8(bytes)
        .map_err(|_| Failure::Usage(format!("stdin is not valid UTF-8; expected {what}")))
}

/// Everything `reader` holds if that is at most `limit` bytes, else `None`. It reads
/// at most one byte past the limit, so that a device or an endless stream given by
/// mistake (`merge /dev/zero`, `nqueens < /dev/zero`) is refused, not read until
/// memory runs out.
pub fn read_at_most(reader: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader.take(limit + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

pub const PLACEMENT_ACCEPTED: &str = "expected 1 to 32 columns separated by spaces or \
     commas, each a whole number from 1 to the number of columns";

/// The columns in `text`: separated by whitespace, a comma or both (`1,5,8`, `1, 5, 8`,
/// `1 5 8`), as students write them. A comma with no column on one side (`1,,5`,
/// `,1`, `1,`) stands for a column left out, so it is refused, naming the row that
/// has none, rather than read as if the row were not there.
pub fn column_words(text: &str) -> Result<Vec<&str>, Failure> {
    let mut words = Vec::new();
    let commas = text.contains(',');
    for field in text.split(',') {
        let before = words.len();
        words.extend(field.split_ascii_whitespace());
        if commas && words.len() == before {
            return Err(Failure::Usage(format!(
                "row {} has no column (a comma with no column before or after it); \
                 {PLACEMENT_ACCEPTED}",
                before + 1
            )));
        }
    }
    Ok(words)
}

/// The columns as a placement; every malformed input is a usage error naming it.
pub fn placement(words: &[&str]) -> Result<Placement, Failure> {
    if words.is_empty() {
        return Err(Failure::Usage(format!(
            "empty placement; {PLACEMENT_ACCEPTED}"
        )));
    }
    if words.len() > MAX_N as usize {
        return Err(Failure::Usage(format!(
            "{} columns given; {PLACEMENT_ACCEPTED}",
            words.len()
        )));
    }
    let n = words.len();
    let mut columns = Vec::with_capacity(n);
    for (row, word) in words.iter().enumerate() {
        let column = word
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| word.parse::<u32>().ok())
            .flatten()
            .filter(|c| (1..=n as u32).contains(c))
            .ok_or_else(|| {
                Failure::Usage(format!(
                    "column {} in row {} is not a whole number from 1 to {n}; {PLACEMENT_ACCEPTED}",
                    quote(word),
                    row + 1
                ))
            })?;
        columns.push(column);
    }
    Placement::new(&columns).map_err(|e| Failure::Usage(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::{parse, placement};
    use crate::failure::Failure;

    fn words(columns: impl Iterator<Item = u32>) -> Vec<String> {
        columns.map(|c| c.to_string()).collect()
    }

    #[test]
    fn placements_of_up_to_32_columns_are_read_and_more_are_refused_by_count() {
        let first = nqueens::first_placements(32).unwrap().as_slice()[0];
        let columns = words(first.columns());
        let read = placement(&columns.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(read.unwrap(), first);
        let too_many = words(1..=33);
        let too_many: Vec<&str> = too_many.iter().map(String::as_str).collect();
        let Err(Failure::Usage(message)) = placement(&too_many) else {
            panic!("33 columns were accepted");
        };
        assert!(
            message.starts_with("33 columns given; expected 1 to 32 columns"),
            "{message}"
        );
    }

    #[test]
    fn accepts_plain_digits_with_surrounding_whitespace() {
        assert_eq!(parse("8", "").unwrap(), 8);
        assert_eq!(parse(" 08\n", "").unwrap(), 8);
        assert_eq!(parse("32", "").unwrap(), 32);
        assert_eq!(parse("1", "").unwrap(), 1);
    }

    #[test]
    fn rejects_everything_else() {
        for bad in [
            "", " ", "0", "33", "-8", "+8", "8.0", "1e1", "0x8", "8a", "٨", "８", "8 9",
        ] {
            assert!(parse(bad, "").is_err(), "{bad:?} was accepted");
        }
        assert!(parse(&"9".repeat(60), "").is_err());
    }
}
