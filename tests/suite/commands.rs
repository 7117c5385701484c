//! End-to-end tests of `compare`, `solutions`, `show`, `check` and `--json`.

use std::process::{Command, Stdio};

use crate::common::{assert_usage_error, run, text};

#[test]
fn compare_runs_every_algorithm_and_they_agree() {
    let out = run(&["compare", "6"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines[0], "n=6");
    assert!(lines[1].starts_with("algorithm") && lines[1].contains("relative"));
    let names = ["naive", "flags", "bitmask", "dancing-links", "cell-by-cell"];
    for (line, name) in lines[2..].iter().zip(names) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], name, "{table}");
        assert_eq!(fields[1], "4", "{table}");
    }
    assert_eq!(lines.len(), 7);
    assert!(
        table.contains(" 1.00x"),
        "one algorithm is the fastest: {table}"
    );
}

#[test]
fn compare_json_and_algorithm_choice() {
    let out = run(
        &[
            "compare",
            "8",
            "--algorithm",
            "flags",
            "-a",
            "naive",
            "--json",
        ],
        None,
    );
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["n"], 8);
    let rows = json["algorithms"].as_array().unwrap();
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["algorithm"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["naive", "flags"]);
    for row in rows {
        assert_eq!(row["total"], 92);
        assert_eq!(row["nodes"], 2056);
        assert!(row["seconds"].as_f64().unwrap() > 0.0);
        assert!(row["relative"].as_f64().unwrap() >= 1.0);
    }
}

#[test]
fn compare_takes_the_algorithm_as_trace_does_and_its_old_spelling_too() {
    // One name for one thing: `--algorithm` (or `-a`) in compare as in trace. The old
    // `--algo` still works, and reads the same; only the new name is in the help.
    let names = |args: &[&str]| -> Vec<String> {
        let out = run(&[&["compare", "8", "--json"], args].concat(), None);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let rows = json["algorithms"].as_array().unwrap().iter();
        rows.map(|r| r["algorithm"].as_str().unwrap().to_owned())
            .collect()
    };
    let expected = ["flags", "bitmask"];
    assert_eq!(
        names(&["--algorithm", "bitmask", "--algorithm", "flags"]),
        expected
    );
    assert_eq!(names(&["-a", "bitmask", "-a", "flags"]), expected);
    assert_eq!(names(&["--algo", "bitmask", "--algo", "flags"]), expected);
    assert_eq!(names(&["--algo", "flags", "-a", "bitmask"]), expected);
    for command in ["compare", "trace"] {
        let help = text(&run(&[command, "--help"], None).stdout);
        assert!(help.contains("-a, --algorithm <NAME>"), "{command}: {help}");
        assert!(!help.contains("--algo "), "{command}: {help}");
    }
}

#[test]
fn compare_skips_algorithms_past_their_limit_with_the_reason() {
    let out = run(
        &[
            "compare",
            "11",
            "--algorithm",
            "cell-by-cell",
            "--algorithm",
            "bitmask",
        ],
        None,
    );
    assert!(out.status.success());
    let table = text(&out.stdout);
    assert!(
        table.contains("cell-by-cell   skipped: n=11 is past its practical limit of 10"),
        "{table}"
    );
    assert!(table.contains("bitmask"));
    // Each reason reads after "it" as a sentence: its first word is a verb ("checks",
    // "does", "visits", ...).
    for algorithm in nqueens::Algorithm::ALL {
        let verb = algorithm.cost().split_whitespace().next().unwrap();
        assert!(
            verb.ends_with('s'),
            "{}: it {}",
            algorithm.name(),
            algorithm.cost()
        );
    }
    let json = run(&["compare", "20", "--json"], None);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let rows = json["algorithms"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    assert!(
        rows.iter()
            .all(|r| r["skipped"].is_string() && r.get("total").is_none())
    );
}

#[test]
fn compare_rejects_bad_input() {
    assert_usage_error(
        &run(&["compare", "8", "--algorithm", "magic"], None),
        "'magic'",
        "algorithm",
    );
    assert_usage_error(&run(&["compare", "0"], None), "'0'", "compare 0");
    assert_usage_error(&run(&["compare", "8", "9"], None), "'9'", "compare 8 9");
}

#[test]
fn solutions_rows_for_6() {
    let out = run(&["solutions", "6"], None);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2\n"
    );
}

#[test]
fn solutions_boards_for_4() {
    let out = run(&["solutions", "4", "--format", "boards"], None);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n"
    );
}

#[test]
fn solutions_json_lines() {
    let out = run(&["solutions", "5", "--format", "json"], None);
    let stdout = text(&out.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 10);
    assert_eq!(lines[0]["columns"], serde_json::json!([1, 3, 5, 2, 4]));
    assert_eq!(lines[9]["index"], 10);
    assert!(lines.iter().all(|l| l["n"] == 5));
}

#[test]
fn solutions_limit_is_a_prefix() {
    let all = text(&run(&["solutions", "8"], None).stdout);
    assert_eq!(all.lines().count(), 92);
    for k in [0, 1, 5, 92, 1000] {
        let some = text(&run(&["solutions", "8", "--limit", &k.to_string()], None).stdout);
        let expected: String = all.lines().take(k).flat_map(|l| [l, "\n"]).collect();
        assert_eq!(some, expected, "limit {k}");
    }
    // `all`, as trace's --limit takes it, is no limit.
    let every = text(&run(&["solutions", "8", "--limit", "all"], None).stdout);
    assert_eq!(every, all);
    assert_eq!(text(&run(&["solutions", "3"], None).stdout), "");
}

#[test]
fn solutions_end_quietly_when_the_reader_closes_the_pipe() {
    let first = crate::common::head_then_close(&["solutions", "14"]);
    assert!(first.starts_with(b"1 3 5 7 12 10 13 4 14 9 2 6 8 11\n"));
}

#[test]
fn solutions_reject_bad_options() {
    assert_usage_error(
        &run(&["solutions", "8", "--format", "xml"], None),
        "'xml'",
        "format",
    );
    assert_usage_error(
        &run(&["solutions", "8", "--limit", "-1"], None),
        "'-1'",
        "limit",
    );
    assert_usage_error(
        &run(&["solutions", "8", "--limit", "x"], None),
        "'x'",
        "limit x",
    );
    assert_usage_error(&run(&["solutions", "33"], None), "'33'", "n");
}

#[test]
fn show_draws_a_labelled_board_without_colour_in_a_pipe() {
    let out = run(&["show", "4", "--index", "2"], None);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "n=4, placement 2: 3 1 4 2 (row 1 at the bottom, column 1 = a)\n\
         4  . ♛ . :\n3  : . : ♛\n2  ♛ : . :\n1  : . ♛ .\n   a b c d\n"
    );
    let first = text(&run(&["show", "8"], None).stdout);
    assert!(first.starts_with("n=8, placement 1: 1 5 8 6 3 7 2 4 (row 1 at the bottom"));
    assert!(!first.contains('\u{1b}'), "no escape codes when piped");
    assert_eq!(first.matches('♛').count(), 8);
}

#[test]
fn show_and_boards_each_say_which_row_is_first() {
    // `solutions --format boards` keeps the classic listing (AcWing 843): row 1 on the
    // first line, at the top. `show` draws a chess diagram, rank 1 at the bottom, and
    // its first line says so. The same placement, read back from each drawing, is the
    // same, and so are its queens' rows.
    let boards = text(
        &run(
            &["solutions", "6", "--format", "boards", "--limit", "1"],
            None,
        )
        .stdout,
    );
    let from_boards: Vec<usize> = boards
        .lines()
        .take(6)
        .map(|line| line.find('Q').unwrap() + 1)
        .collect();
    let shown = text(&run(&["show", "6"], None).stdout);
    let mut lines = shown.lines();
    let first = lines.next().unwrap();
    assert!(
        first.ends_with(" (row 1 at the bottom, column 1 = a)"),
        "{first}"
    );
    let ranks: Vec<&str> = lines.take(6).collect();
    // The rank numbers label the rows; read bottom up, the queens' squares give the
    // placement, as boards' lines read top down do.
    let mut from_show = vec![0; 6];
    for line in ranks {
        let (rank, squares) = line.split_once("  ").unwrap();
        let column = squares.split(' ').position(|s| s == "♛").unwrap() + 1;
        from_show[rank.trim().parse::<usize>().unwrap() - 1] = column;
    }
    assert_eq!(from_show, from_boards);
    assert_eq!(from_boards, [2, 4, 6, 1, 3, 5]);
    let help = text(&run(&["solutions", "--help"], None).stdout);
    assert!(help.contains("row 1 on the first line"), "{help}");
    let help = text(&run(&["show", "--help"], None).stdout);
    assert!(
        help.contains("rank 1 (the first row) at the bottom"),
        "{help}"
    );
}

#[test]
fn solutions_json_is_format_json_as_json_is_elsewhere() {
    let format = run(&["solutions", "6", "--format", "json"], None);
    let json = run(&["solutions", "6", "--json"], None);
    assert!(json.status.success(), "{}", text(&json.stderr));
    assert_eq!(json.stdout, format.stdout);
    assert!(text(&json.stdout).starts_with("{\"n\":6,\"index\":1,\"columns\":[2,4,6,1,3,5]}\n"));
    // --json is --format json: asking for another format besides is a usage error.
    let both = run(&["solutions", "6", "--json", "--format", "rows"], None);
    assert_usage_error(&both, "--format", "--json --format rows");
}

#[test]
fn show_rejects_missing_placements() {
    assert_usage_error(
        &run(&["show", "6", "--index", "5"], None),
        "placement 5",
        "index 5",
    );
    assert_usage_error(&run(&["show", "6", "--index", "0"], None), "'0'", "index 0");
    for n in ["2", "3"] {
        let out = run(&["show", n, "--index", "2"], None);
        let expected = format!("n = {n} has no placements");
        assert_usage_error(&out, &expected, "no placements");
        assert!(!text(&out.stderr).contains("from 1 to 0"));
    }
}

#[test]
fn a_far_placement_says_how_long_it_will_take_instead_of_hanging_silently() {
    // Placement 10^12 of n = 28 lies years of listing away; after a second the search
    // says so on stderr, from the rate it has found placements at, and keeps going.
    // Killed when dropped, so that a failure here leaves no search running for years.
    let mut child = crate::common::Running(
        Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(["show", "28", "--index", "1000000000000"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut note = String::new();
    let read = std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stderr.take().unwrap()),
        &mut note,
    );
    let still_running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    read.unwrap();
    assert!(still_running, "{note}");
    assert!(
        note.starts_with("nqueens: looking for placement 1000000000000 of n=28 by listing"),
        "{note}"
    );
    let found: String = note
        .split(" found in ")
        .next()
        .unwrap()
        .rsplit(": ")
        .next()
        .unwrap()
        .into();
    assert!(found.replace(',', "").parse::<u64>().unwrap() > 0, "{note}");
    assert!(
        note.contains(" more at that rate (Ctrl-C stops)\n"),
        "{note}"
    );
}

#[test]
fn sizes_without_placements_list_nothing_and_say_why_on_stderr() {
    for args in [
        &["solutions", "2"][..],
        &["solutions", "3", "--limit", "5"],
        &["solutions", "3", "--unique", "--format", "json"],
    ] {
        let out = run(args, None);
        assert!(out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("has no placements"), "{err}");
    }
}

/// `count N --unique`, the distinct count this code computes.
fn counted_unique(n: u32) -> usize {
    let out = run(&["count", &n.to_string(), "--unique"], None);
    text(&out.stdout).trim().parse().unwrap()
}

#[test]
fn solutions_unique_lists_the_smallest_of_each_symmetry_class() {
    let all = text(&run(&["solutions", "8"], None).stdout);
    let unique = text(&run(&["solutions", "8", "--unique"], None).stdout);
    let lines: Vec<&str> = unique.lines().collect();
    assert_eq!(lines.len(), 12, "{unique}");
    assert_eq!(lines[0], "1 5 8 6 3 7 2 4");
    assert_eq!(lines[11], "3 6 2 5 8 1 7 4"); // as a brute force over all 8! orders lists them
    // A subsequence of all placements, each the smallest of its class.
    let mut rest = all.lines();
    assert!(lines.iter().all(|l| rest.any(|a| a == *l)), "not in order");
    for line in &lines {
        let columns: Vec<u32> = line.split(' ').map(|c| c.parse().unwrap()).collect();
        let p = nqueens::Placement::new(&columns).unwrap();
        assert_eq!(p.canonical(), Some(p), "{line}");
    }
    for n in 1..=10 {
        let rows = run(&["solutions", &n.to_string(), "--unique"], None);
        let listed = text(&rows.stdout).lines().count();
        assert_eq!(listed, counted_unique(n), "n={n}");
        let published = nqueens::published::unique(n).unwrap();
        assert_eq!(listed as u128, published, "n={n}");
    }
}

#[test]
fn solutions_unique_in_every_format_and_with_a_limit() {
    let rows = text(&run(&["solutions", "8", "--unique"], None).stdout);
    let boards = text(&run(&["solutions", "8", "--unique", "--format", "boards"], None).stdout);
    assert_eq!(boards.matches('Q').count(), 12 * 8);
    assert_eq!(boards.split("\n\n").filter(|b| !b.is_empty()).count(), 12);
    let json = text(&run(&["solutions", "8", "--unique", "--format", "json"], None).stdout);
    let objects: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 12);
    for (k, (object, row)) in objects.iter().zip(rows.lines()).enumerate() {
        assert_eq!(object["index"], k + 1);
        let columns: Vec<String> = object["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(columns.join(" "), row);
    }
    let limited = text(&run(&["solutions", "8", "--unique", "--limit", "3"], None).stdout);
    let first: String = rows.lines().take(3).flat_map(|l| [l, "\n"]).collect();
    assert_eq!(limited, first);
}

#[test]
fn check_accepts_a_valid_placement() {
    for out in [
        run(&["check", "2", "4", "6", "1", "3", "5"], None),
        run(&["check"], Some(b"2 4 6 1 3 5\n")),
    ] {
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            text(&out.stdout),
            "valid: 2 4 6 1 3 5 (6 queens, none attacked)\n"
        );
        assert!(out.stderr.is_empty());
    }
    // One queen is a queen.
    let one = run(&["check", "1"], None);
    assert_eq!(text(&one.stdout), "valid: 1 (1 queen, none attacked)\n");
}

#[test]
fn check_lists_every_attacking_pair() {
    let out = run(&["check", "1", "3", "1", "2"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "invalid: 1 3 1 2 has 2 attacking pairs\n\
         rows 1 and 3 (columns 1 and 1) share a column\n\
         rows 3 and 4 (columns 1 and 2) share a diagonal\n"
    );
    let diagonal = run(&["check"], Some(b"1 2 3 4\n"));
    assert_eq!(diagonal.status.code(), Some(1));
    assert_eq!(text(&diagonal.stdout).lines().count(), 1 + 6);
}

#[test]
fn check_accepts_commas_spaces_and_both() {
    for args in [
        &["check", "1,5,8,6,3,7,2,4"][..],
        &["check", "1,", "5,", "8,", "6,", "3,", "7,", "2,", "4"],
        &["check", "1, 5,8 6", "3,7,2,4"],
    ] {
        let out = run(args, None);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(
            text(&out.stdout),
            "valid: 1 5 8 6 3 7 2 4 (8 queens, none attacked)\n"
        );
    }
    let piped = run(&["check"], Some(b"1,5,8,6,3,7,2,4\n"));
    assert_eq!(piped.status.code(), Some(0));
    let invalid = run(&["check", "1,2"], None);
    assert_eq!(invalid.status.code(), Some(1));
    // A bad column is still named on its own, and the message says what separates.
    let bad = run(&["check", "1,2,x"], None);
    assert_usage_error(&bad, "column 'x' in row 3", "bad column");
    assert!(text(&bad.stderr).contains("spaces or commas"));
}

#[test]
fn a_comma_with_no_column_beside_it_is_a_missing_column() {
    // Read past, `1,,5` would be the two columns 1 and 5: a valid-looking answer
    // to a placement the user did not write.
    for (args, stdin, row) in [
        (&["check", "1,,5"][..], None, 2),
        (&["check", "1,", ",5"], None, 2),
        (&["check", ",2,4,1,3"], None, 1),
        (&["check", "2,4,1,3,"], None, 5),
        (&["check", "2, 4 ,\t, 1"], None, 3),
        (&["check"], Some(&b"2,4,1,3,\n"[..]), 5),
    ] {
        let out = run(args, stdin);
        let what = format!("{args:?} with stdin {stdin:?}");
        assert_usage_error(&out, &format!("row {row} has no column"), &what);
        assert!(
            text(&out.stderr).contains("separated by spaces or commas"),
            "{what}"
        );
    }
}

#[test]
fn check_rejects_malformed_placements() {
    assert_usage_error(&run(&["check", "1", "5"], None), "'5'", "column past n");
    assert_usage_error(&run(&["check", "0"], None), "'0'", "column 0");
    assert_usage_error(&run(&["check", "1", "x"], None), "'x'", "not a number");
    assert_usage_error(&run(&["check", "1", "-2"], None), "'-2'", "negative");
    assert_usage_error(&run(&["check"], Some(b"")), "empty", "empty stdin");
    assert_usage_error(&run(&["check"], Some(b"  \n")), "empty", "blank stdin");
    let many: Vec<String> = (1..=33).map(|c| c.to_string()).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    assert_usage_error(
        &run(&[&["check"], &many[..]].concat(), None),
        "33 columns",
        "too many",
    );
}

#[test]
fn the_answer_as_json() {
    let out = run(&["6", "--json"], None);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["n"], 6);
    assert_eq!(json["total"], 4);
    assert_eq!(json["source"], "table");
    assert_eq!(
        json["placements"],
        serde_json::json!([[2, 4, 6, 1, 3, 5], [3, 6, 2, 5, 1, 4], [4, 1, 5, 2, 6, 3]])
    );
    let small: serde_json::Value =
        serde_json::from_slice(&run(&["2", "--json"], None).stdout).unwrap();
    assert_eq!(small["placements"], serde_json::json!([]));
    assert_eq!(small["total"], 0);
}

/// Runs `nqueens show 4` on a pseudo-terminal (util-linux `script`), optionally with
/// `NO_COLOR` set, and returns what the terminal received.
fn show_on_a_terminal(no_color: Option<&str>) -> String {
    let mut command = Command::new("script");
    command.args([
        "-qec",
        &format!("{} show 4", env!("CARGO_BIN_EXE_nqueens")),
        "/dev/null",
    ]);
    command.env_remove("NO_COLOR");
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    let out = command.output().expect("util-linux `script` runs");
    assert!(out.status.success());
    text(&out.stdout)
}

#[test]
fn show_uses_colour_only_on_a_terminal_and_honours_no_color() {
    let coloured = show_on_a_terminal(None);
    assert!(coloured.contains("\u{1b}[48;5;"), "{coloured:?}");
    assert!(coloured.contains('♛'));
    let plain = show_on_a_terminal(Some("1"));
    assert!(!plain.contains('\u{1b}'), "{plain:?}");
    assert!(plain.contains("a b c d"));
    // An empty NO_COLOR does not count (no-color.org).
    assert!(show_on_a_terminal(Some("")).contains("\u{1b}[48;5;"));
}

#[test]
fn a_full_disk_is_a_clear_error_not_a_panic() {
    let commands: &[&[&str]] = &[
        &["8"],
        &["8", "--json"],
        &["14"],
        &["count", "10"],
        &["compare", "6"],
        &["solutions", "8"],
        &["show", "6"],
        &["check", "2", "4", "6", "1", "3", "5"],
        &["verify"],
        &["count", "8", "--shard", "0/2"],
        &["--help"],
        &["--version"],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(*args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn compare_fails_when_every_algorithm_asked_for_is_past_its_limit() {
    // Asked for by name, an algorithm that is skipped leaves nothing compared: an
    // error.
    let out = run(&["compare", "11", "--algorithm", "cell-by-cell"], None);
    assert_usage_error(&out, "cell-by-cell up to 10", "all skipped");
    // (With an algorithm that runs beside it, the table and the reason stay:
    // `compare_skips_algorithms_past_their_limit_with_the_reason`.)
}

#[test]
fn a_number_too_large_for_64_bits_is_called_too_large() {
    for args in [
        &["trace", "4", "--limit", "99999999999999999999999999"][..],
        &["show", "4", "--index", "18446744073709551616"],
        &["solutions", "4", "--limit", " 18446744073709551616 "],
    ] {
        let out = run(args, None);
        assert_usage_error(
            &out,
            "too large, the largest is 18446744073709551615",
            &format!("{args:?}"),
        );
    }
    // The largest itself is a number like any other.
    let out = run(&["solutions", "4", "--limit", "18446744073709551615"], None);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn an_estimate_from_a_timed_sample_says_what_it_rests_on_and_its_interval() {
    // A second of n = 19's 273 subtasks on one thread: the line names the sample, the
    // time it took and a 95% interval (or, from too few subtasks, only its upper end);
    // stderr says it is sampling.
    let out = run(
        &[
            "count",
            "19",
            "--estimate",
            "--sample-seconds",
            "1",
            "--threads",
            "1",
        ],
        None,
    );
    let (line, err) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{err}");
    assert!(
        err.starts_with("nqueens: timing subtasks of n=19 drawn at random, for about 1 s"),
        "{err}"
    );
    assert!(line.starts_with("counting n=19 would take "), "{line}");
    let number_after = |marker: &str| -> u64 {
        let rest = line
            .split(marker)
            .nth(1)
            .unwrap_or_else(|| panic!("{marker}: {line}"));
        let digits: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == ',')
            .collect();
        digits
            .replace(',', "")
            .parse()
            .unwrap_or_else(|_| panic!("{marker}: {line}"))
    };
    let sampled = number_after("projected from ");
    let of = number_after(&format!("projected from {sampled} of "));
    assert_eq!(of, nqueens::subtask_count(19).unwrap(), "{line}");
    assert!((2..of).contains(&sampled), "{line}");
    assert!(line.contains("(95% interval "), "{line}");
    assert!(
        line.contains("drawn at random and timed on this machine in "),
        "{line}"
    );
    // Which advice ends it depends on how long 19 takes in this build (a release
    // build counts it in seconds, and a sample of a minute would be no shortcut); the
    // unit tests of `sampled_line` pin each.
    assert!(
        line.ends_with(" gives a tighter interval\n")
            || line.ends_with("; a longer sample would take about as long as the count\n"),
        "{line}"
    );
}

#[test]
fn an_estimate_that_times_every_subtask_or_none_says_so_without_an_interval() {
    // n = 12's subtasks all finish within the second, even in a debug build: their
    // sum is no projection.
    let out = run(
        &["count", "12", "--estimate", "--sample-seconds", "1"],
        None,
    );
    let line = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(line.starts_with("counting n=12 would take "), "{line}");
    let all = nqueens::subtask_count(12).unwrap();
    assert!(
        line.contains(&format!(
            ": all {all} of its subtasks were counted and timed on this machine in "
        )),
        "{line}"
    );
    assert!(!line.contains("interval"), "{line}");
    // A shard with no subtasks times nothing, and says why.
    let out = run(
        &[
            "count",
            "20",
            "--estimate",
            "--sample-seconds",
            "1",
            "--shard",
            "5000/100000",
        ],
        None,
    );
    let (line, err) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{err}");
    assert_eq!(
        line,
        "counting shard 5000/100000 of n=20 would take no time: it has no subtasks\n"
    );
    assert!(!err.contains("timing subtasks"), "{err}");
}

#[test]
fn sample_seconds_belongs_to_estimate_and_takes_whole_seconds() {
    // The option belongs to --estimate, and takes whole seconds from 1.
    let without = run(&["count", "16", "--sample-seconds", "5"], None);
    assert_usage_error(
        &without,
        "--estimate",
        "--sample-seconds without --estimate",
    );
    let zero = run(
        &["count", "16", "--estimate", "--sample-seconds", "0"],
        None,
    );
    assert_usage_error(&zero, "whole number of seconds from 1 up", "zero seconds");
}
