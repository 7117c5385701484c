//! Hostile input, table-driven: every subcommand and option fed what people (and
//! scripts) actually send. Each case expects its exit code (2 for usage errors, 1 where
//! the command defines it), one line on stderr naming the bad value, nothing on stdout,
//! and no panic.

use std::ffi::OsString;
use std::io::Write as _;
use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

struct Case {
    args: Vec<OsString>,
    stdin: Vec<u8>,
    code: i32,
    /// Text the one-line error must contain (the bad value, or what was wrong).
    names: String,
}

fn case(args: &[&str], stdin: &[u8], code: i32, names: &str) -> Case {
    Case {
        args: args.iter().map(OsString::from).collect(),
        stdin: stdin.to_vec(),
        code,
        names: names.to_owned(),
    }
}

fn run(case: &Case) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(&case.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(&case.stdin); // the program may exit without reading
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Every subcommand that takes a board size, with the flags it needs to reach parsing.
const SIZED: &[&[&str]] = &[
    &[],
    &["count"],
    &["compare"],
    &["solutions"],
    &["show"],
    &["trace"],
];

/// Bad board sizes, as arguments, with what the error must name.
fn bad_sizes() -> Vec<(String, String)> {
    let mut sizes: Vec<(String, String)> = [
        ("", "empty"),
        ("   ", "empty"),
        ("\t\n", "empty"),
        ("-1", "'-1'"),
        ("+8", "'+8'"),
        ("8.0", "'8.0'"),
        ("8.", "'8.'"),
        ("0x8", "'0x8'"),
        ("1e1", "'1e1'"),
        ("٨", "'٨'"),
        ("８", "'８'"),
        ("8a", "'8a'"),
        ("eight", "'eight'"),
        ("0", "'0'"),
        ("33", "'33'"),
        ("4294967296", "'4294967296'"),
        ("18446744073709551616", "'18446744073709551616'"),
        ("340282366920938463463374607431768211456", "out of range"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    // Linux caps one argument at 128 KiB (MAX_ARG_STRLEN), so this is the longest
    // argument there can be; megabyte inputs come through stdin below.
    sizes.push(("9".repeat((128 << 10) - 1), "out of range".into()));
    sizes
}

#[allow(clippy::too_many_lines)] // one table, easier to read whole
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for prefix in SIZED {
        for (size, names) in bad_sizes() {
            let args: Vec<&str> = prefix.iter().copied().chain([size.as_str()]).collect();
            cases.push(case(&args, b"", 2, &names));
        }
        // The same through stdin (no size argument).
        for (input, names) in [
            (&b""[..], "empty"),
            (b" \n\t ", "empty"),
            (b"-8\n", "'-8'"),
            (b"+8\n", "'+8'"),
            (b"1e1\n", "'1e1'"),
            (b"33\n", "'33'"),
            (&*vec![b'7'; 1 << 20], "out of range"),
            (b"8 9\n", "more than one"),
            (b"\xff\n", "UTF-8"),
            (b"8\x00", "'8\\u{0}'"),
            ("٨".as_bytes(), "'٨'"),
        ] {
            let names = String::from_utf8_lossy(names.as_bytes()).into_owned();
            cases.push(case(prefix, input, 2, &names));
        }
        // Invalid UTF-8 as the argument.
        let mut args: Vec<OsString> = prefix.iter().map(OsString::from).collect();
        args.push(OsString::from_vec(vec![b'8', 0xff]));
        cases.push(Case {
            args,
            stdin: vec![],
            code: 2,
            names: "not valid UTF-8".into(),
        });
        // Invalid UTF-8 as an option's value: the option named.
        for option in ["--threads", "--memory"]
            .iter()
            .filter(|_| *prefix == ["count"])
        {
            let mut args: Vec<OsString> =
                ["count", "8", option].iter().map(OsString::from).collect();
            args.push(OsString::from_vec(vec![b'2', 0xff]));
            cases.push(Case {
                args,
                stdin: vec![],
                code: 2,
                names: format!("the value '2\u{fffd}' of {option} is not valid UTF-8"),
            });
        }
        // A second value, unknown flag.
        let extra: Vec<&str> = prefix.iter().copied().chain(["8", "9"]).collect();
        cases.push(case(&extra, b"", 2, "'9'"));
        let flag: Vec<&str> = prefix
            .iter()
            .copied()
            .chain(["8", "--frobnicate"])
            .collect();
        cases.push(case(&flag, b"", 2, "'--frobnicate'"));
    }
    let table: &[(&[&str], &str)] = &[
        // Repeated and conflicting options.
        (
            &["count", "8", "--threads", "2", "--threads", "3"],
            "--threads",
        ),
        (&["count", "8", "--unique", "--unique"], "--unique"),
        (&["count", "8", "--shard", "0/2", "--unique"], "--unique"),
        (&["count", "8", "--shard", "0/2", "--json"], "--json"),
        (&["count", "8", "--output", "x.json"], "--shard"),
        (&["count", "8", "--force"], "--checkpoint"),
        (
            &["solutions", "8", "--format", "rows", "--format", "json"],
            "--format",
        ),
        // Option values.
        (&["count", "8", "--threads", "0"], "'0'"),
        (&["count", "8", "--threads", "-1"], "'-1'"),
        (&["count", "8", "--threads", "1.5"], "'1.5'"),
        (
            &["count", "8", "--threads", "99999999999999999999"],
            "'99999999999999999999'",
        ),
        (&["count", "8", "--threads", ""], "''"),
        (&["count", "8", "--shard", "4/4"], "'4/4'"),
        (&["count", "8", "--shard", "0/0"], "'0/0'"),
        (&["count", "8", "--shard", "1"], "'1'"),
        (&["count", "8", "--shard", "-1/4"], "'-1/4'"),
        (&["count", "8", "--shard", "a/b"], "'a/b'"),
        // Past the largest M: the message names the largest.
        (
            &["count", "8", "--shard", "1/99999999999999999999999"],
            "0 <= I < M <= 18446744073709551615",
        ),
        (&["solutions", "8", "--limit", "-1"], "'-1'"),
        (&["solutions", "8", "--limit", "1e3"], "'1e3'"),
        (
            &["solutions", "8", "--limit", "18446744073709551616"],
            "'18446744073709551616'",
        ),
        (&["solutions", "8", "--format", "xml"], "'xml'"),
        (
            &["solutions", "8", "--format", ""],
            "a value is required for '--format <FORMAT>'",
        ),
        (&["show", "8", "--index", "0"], "'0'"),
        (&["show", "8", "--index", "93"], "placement 93"),
        (&["show", "3"], "n = 3 has no placements"),
        (&["show", "2", "--index", "4"], "n = 2 has no placements"),
        (&["check", "1,,x"], "row 2 has no column"),
        (&["check", "1,x"], "'x'"),
        (&["compare", "8", "--algo", "quick"], "'quick'"),
        (
            &["compare", "8", "--algo", ""],
            "a value is required for '--algorithm <NAME>'",
        ),
        // Placements for check.
        (&["check", "0"], "'0'"),
        (&["check", "1", "3"], "'3'"),
        (&["check", "1", "-2"], "'-2'"),
        (&["check", "1", "x"], "'x'"),
        (&["check", "1", "2.0"], "'2.0'"),
        (&["check", "٢", "1"], "'٢'"),
        (&["check", ""], "empty placement"),
        // Subcommands that take no value, unknown subcommands.
        (&["verify", "8"], "'8'"),
        (&["frobnicate"], "'frobnicate'"),
        (&["merge"], "<FILE>"),
        // A device named by mistake is refused, not read until memory runs out.
        (&["merge", "/dev/zero"], "/dev/zero holds more than"),
        (&["--threads", "2"], "'--threads'"),
    ];
    for (args, names) in table {
        cases.push(case(args, b"", 2, names));
    }
    let many: Vec<String> = (1..=33).map(|c| c.to_string()).collect();
    let mut args = vec!["check"];
    args.extend(many.iter().map(String::as_str));
    cases.push(case(&args, b"", 2, "33 columns"));
    cases.push(case(&["check"], b"", 2, "empty placement"));
    cases.push(case(&["check"], b"1 5\n", 2, "'5'"));
    cases.push(case(&["check"], b"\xff", 2, "UTF-8"));
    cases.push(case(
        &["check"],
        &vec![b'1'; 2 << 20],
        2,
        "more than 1048576 bytes",
    ));
    cases.extend(file_cases());
    cases
}

/// Files that do not exist, are directories, or cannot be opened as files.
fn file_cases() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, "not json").unwrap();
    let absent = dir.join("absent.json");
    let under_a_file = plain.join("child"); // "Not a directory"
    let d = dir.to_str().unwrap().to_owned();
    let p = plain.to_str().unwrap().to_owned();
    let a = absent.to_str().unwrap().to_owned();
    let u = under_a_file.to_str().unwrap().to_owned();
    // Found by fuzzing: a field name with a newline in a damaged shard file once made the
    // error two lines long.
    let fuzzed = format!(
        "{}/fuzz/seeds/shard/regression-newline-in-field-name",
        env!("CARGO_MANIFEST_DIR")
    );
    vec![
        case(
            &["merge", &fuzzed],
            b"",
            2,
            "unknown field `formas-s?h\\nqwes-sh\\rd`",
        ),
        case(&["merge", &a], b"", 2, &a),
        case(&["merge", &d], b"", 2, &d),
        case(&["merge", &p], b"", 2, &p),
        case(&["merge", &u], b"", 2, &u),
        case(&["count", "8", "--checkpoint", &d], b"", 2, &d),
        case(&["count", "8", "--checkpoint", &p], b"", 2, &p),
        case(&["count", "8", "--checkpoint", &u], b"", 2, &u),
        // Refused before counting: the output is locked (and checked) first.
        case(
            &["count", "8", "--shard", "0/2", "--output", &d],
            b"",
            2,
            &d,
        ),
        case(
            &["count", "8", "--shard", "0/2", "--output", &u],
            b"",
            2,
            &u,
        ),
    ]
}

#[test]
fn every_hostile_input_gets_one_clear_line_and_the_right_exit_code() {
    let cases = cases();
    assert!(cases.len() >= 200, "{} cases", cases.len());
    eprintln!("{} hostile cases", cases.len());
    for case in &cases {
        let out = run(case);
        let shown: Vec<String> = case
            .args
            .iter()
            .map(|a| a.to_string_lossy().chars().take(40).collect())
            .collect();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(case.code), "{shown:?}: {err}");
        assert!(
            out.stdout.is_empty(),
            "{shown:?}: stdout {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert_eq!(err.lines().count(), 1, "{shown:?}: {err}");
        assert!(err.starts_with("error: "), "{shown:?}: {err}");
        assert!(err.len() < 600, "{shown:?}: {} bytes", err.len());
        assert!(
            !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
            "{shown:?}: {err}"
        );
        let names = case.names.chars().take(60).collect::<String>();
        assert!(
            err.contains(&names),
            "{shown:?}: {err:?} does not name {names:?}"
        );
    }
}

#[test]
fn limits_past_the_end_are_not_errors() {
    let out = run(&case(&["solutions", "6", "--limit", "1000000"], b"", 0, ""));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 4);
}
