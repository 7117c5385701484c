//! End-to-end tests of the `nqueens` binary: exact answers, stdin, errors, verify.

use crate::common::{assert_usage_error, run, text};

/// OEIS A000170, n = 1..=13: written out here so the binary is checked against an
/// outside source, not against the library it is built from.
const A000170: [u128; 13] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];

/// The expected answer, built from the independent reference search and A000170.
fn expected(n: u32) -> String {
    let mut out = String::new();
    let mut listed = 0;
    nqueens::reference::for_each(n, |cols| {
        let row: Vec<String> = cols.iter().map(|c| (c + 1).to_string()).collect();
        out.push_str(&row.join(" "));
        out.push('\n');
        listed += 1;
        listed < 3
    });
    out.push_str(&A000170[n as usize - 1].to_string());
    out.push('\n');
    out
}

#[test]
fn the_checker_challenge_sample_for_6() {
    let sample = "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n";
    for out in [run(&["6"], None), run(&[], Some(b"6\n"))] {
        assert!(out.status.success());
        assert_eq!(text(&out.stdout), sample);
        assert!(out.stderr.is_empty());
    }
}

#[test]
fn every_size_up_to_13_by_argument_and_by_stdin() {
    for n in 1..=13u32 {
        let want = expected(n);
        let by_arg = run(&[&n.to_string()], None);
        let by_stdin = run(&[], Some(format!("{n}\n").as_bytes()));
        for out in [by_arg, by_stdin] {
            assert_eq!(out.status.code(), Some(0), "n={n}");
            assert_eq!(text(&out.stdout), want, "n={n}");
            assert!(out.stderr.is_empty(), "n={n}: {}", text(&out.stderr));
        }
    }
}

#[test]
fn the_small_sizes_print_what_the_challenge_expects() {
    assert_eq!(text(&run(&["1"], None).stdout), "1\n1\n");
    assert_eq!(text(&run(&["2"], None).stdout), "0\n");
    assert_eq!(text(&run(&["3"], None).stdout), "0\n");
}

#[test]
fn solving_at_run_time_prints_the_same_as_the_table() {
    for n in 6..=10 {
        let table = run(&[&n.to_string()], None);
        let solved = run(&[&n.to_string(), "--solve"], None);
        assert_eq!(table.stdout, solved.stdout, "n={n}");
    }
}

#[test]
fn bad_arguments_are_one_line_usage_errors() {
    let huge = "9".repeat(100);
    let cases: &[(&str, &str)] = &[
        ("0", "'0'"),
        ("33", "'33'"),
        ("abc", "'abc'"),
        ("-8", "'-8'"),
        ("+8", "'+8'"),
        ("8.0", "'8.0'"),
        ("1e1", "'1e1'"),
        ("8x", "'8x'"),
        ("", "empty"),
        ("   ", "empty"),
        ("99999999999999999999999999999999999999999", "out of range"),
        (&huge, "out of range"),
        ("--frobnicate", "'--frobnicate'"),
    ];
    for &(arg, names) in cases {
        let out = run(&[arg], None);
        assert_usage_error(&out, names, arg);
        assert!(
            text(&out.stderr).contains("1 to 32") || arg.starts_with("--"),
            "{arg}"
        );
    }
    assert_usage_error(&run(&["8", "9"], None), "'9'", "two sizes");
}

#[test]
fn bad_stdin_is_a_one_line_usage_error() {
    let cases: &[(&[u8], &str)] = &[
        (b"", "empty"),
        (b"  \n\t\n", "empty"),
        (b"8 9\n", "more than one"),
        (b"8\n9\n", "more than one"),
        (b"eight\n", "'eight'"),
        (b"-3\n", "'-3'"),
        (b"0\n", "'0'"),
        (b"100\n", "'100'"),
        (b"\xff\xfe\n", "UTF-8"),
        (b"8\0", "'8\\u{0}'"),
    ];
    for &(input, names) in cases {
        assert_usage_error(&run(&[], Some(input)), names, &format!("{input:?}"));
    }
}

#[test]
fn verify_checks_every_table_entry() {
    let out = run(&["verify"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    for n in 6..=13 {
        assert!(report.contains(&format!("n={n}: ok")), "{report}");
    }
    assert!(report.contains("verified 8 table entries"), "{report}");
}

#[test]
fn verify_flag_reports_on_stderr_and_keeps_stdout_clean() {
    let out = run(&["8", "--verify"], None);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), expected(8));
    let err = text(&out.stderr);
    assert!(err.starts_with("n=8: ok: total 92 = native solver (2056 nodes) = reference search = table; 3 placements"), "{err}");
    let out = run(&["5", "--verify"], None);
    let err = text(&out.stderr);
    assert!(
        err.starts_with(
            "n=5: ok: total 10 = native solver (53 nodes) = reference search; 3 placements"
        ),
        "{err}"
    );
    // One of each, and none, said so.
    let err = text(&run(&["1", "--verify"], None).stderr);
    assert!(
        err.starts_with(
            "n=1: ok: total 1 = native solver (1 node) = reference search; 1 placement valid;"
        ),
        "{err}"
    );
    let err = text(&run(&["3", "--verify"], None).stderr);
    assert!(err.contains("; no placements to check;"), "{err}");
}

#[test]
fn help_and_version_go_to_stdout() {
    let help = run(&["--help"], None);
    assert!(help.status.success());
    assert!(text(&help.stdout).contains("Usage: nqueens"));
    let version = run(&["--version"], None);
    assert!(version.status.success());
    assert_eq!(
        text(&version.stdout),
        format!("nqueens {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn count_prints_the_total_or_the_distinct_count() {
    for n in 1..=12u32 {
        let out = run(&["count", &n.to_string()], None);
        assert!(out.status.success());
        assert_eq!(text(&out.stdout), format!("{}\n", A000170[n as usize - 1]));
    }
    assert_eq!(
        text(&run(&["count", "10", "--unique"], None).stdout),
        "92\n"
    );
    assert_eq!(text(&run(&["count"], Some(b"8\n")).stdout), "92\n");
    let two = run(&["count", "12", "--threads", "2"], None);
    assert_eq!(text(&two.stdout), "14200\n");
}

#[test]
fn count_json_has_every_field() {
    let out = run(
        &["count", "11", "--unique", "--json", "--threads", "2"],
        None,
    );
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["n"], 11);
    assert_eq!(json["total"], 2680);
    assert_eq!(json["unique"], 341);
    assert_eq!(json["threads"], 2);
    assert!(json["elapsed_seconds"].as_f64().unwrap() >= 0.0);
    assert!(json["nodes"].as_u64().unwrap() > 0);
    assert!(json["subtasks"].as_u64().unwrap() > 1);
    assert_eq!(json["engine"], "constellations");
    let joined = run(&["count", "14", "--json"], None);
    let joined: serde_json::Value = serde_json::from_slice(&joined.stdout).unwrap();
    assert_eq!(
        (&joined["total"], &joined["engine"]),
        (&365_596.into(), &"join".into())
    );
    let plain = run(&["count", "11", "--json"], None);
    let json: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(json.get("unique").is_none(), "unique only when asked");
}

#[test]
fn count_memory_budget_is_honoured_and_named_when_bad() {
    // 144K leaves room for one thread of the join, whose lists then come in pieces.
    let out = run(
        &[
            "count",
            "14",
            "--memory",
            "144K",
            "--threads",
            "2",
            "--unique",
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&json["total"], &json["unique"]),
        (&365_596.into(), &45_752.into())
    );
    assert_eq!(json["threads"], 1, "two threads do not fit in 144K");
    // And it says so, once, on stderr; not with --quiet.
    assert_eq!(
        text(&out.stderr),
        "nqueens: counting on 1 thread instead of 2: each thread needs 144K or more, and \
         --memory 144K holds 1\n"
    );
    let quiet = run(
        &["count", "14", "--memory", "144K", "--threads", "2", "-q"],
        None,
    );
    assert!(
        quiet.status.success() && quiet.stderr.is_empty(),
        "{quiet:?}"
    );
    // An estimate for less than the default budget says its rates were not measured
    // with it; for the default or more, or a size the join does not count, nothing.
    let estimate = |n: &str, memory: &str| {
        let args = [
            "count",
            n,
            "--memory",
            memory,
            "--threads",
            "1",
            "--estimate",
        ];
        let out = run(&args, None);
        assert!(out.status.success(), "{args:?}");
        text(&out.stderr)
    };
    assert_eq!(
        estimate("14", "16M"),
        "nqueens: the rates were measured with --memory 1G; with --memory 16M the count \
         may take longer than this\n"
    );
    assert_eq!(estimate("14", "1G"), "");
    assert_eq!(estimate("14", "2G"), "");
    assert_eq!(
        estimate("12", "16M"),
        "",
        "the constellation search takes no budget"
    );
    let roomy = run(
        &[
            "count",
            "14",
            "--memory",
            "1.5G",
            "--threads",
            "2",
            "--json",
        ],
        None,
    );
    let roomy: serde_json::Value = serde_json::from_slice(&roomy.stdout).unwrap();
    assert_eq!(
        (&roomy["total"], &roomy["threads"]),
        (&365_596.into(), &2.into())
    );
    for bad in ["143K", "0", "abc", "-1M", "1e3", ""] {
        let out = run(&["count", "14", "--memory", bad], None);
        assert_usage_error(&out, &format!("'{bad}'"), bad);
        assert!(text(&out.stderr).contains("144K or more"), "{bad}");
    }
    // Too large is not "too small": the message says which.
    for bad in ["16E", "99999999999T"] {
        let out = run(&["count", "14", "--memory", bad], None);
        assert_usage_error(&out, &format!("'{bad}'"), bad);
        let err = text(&out.stderr);
        assert!(err.contains("more than this machine can address"), "{err}");
        assert!(!err.contains("or more"), "{err}");
    }
}

#[test]
fn count_threads_outside_1_to_1024_say_what_is_accepted() {
    for bad in ["abc", "0", "1025", "-1", "+2", "2.0", "", " ", "1 2"] {
        let out = run(&["count", "12", "--threads", bad], None);
        assert_usage_error(&out, &format!("'{bad}'"), bad);
        let err = text(&out.stderr);
        assert!(err.contains("from 1 to 1024"), "{bad}: {err}");
    }
    for good in ["1", "1024", " 2", "2\n"] {
        let out = run(&["count", "12", "--threads", good], None);
        assert_eq!(text(&out.stdout), "14200\n", "{good}");
    }
}

#[test]
fn threads_far_past_the_cores_get_a_warning() {
    // More than twice the cores only share them, and many more slow a count down: one
    // line says so (the count still runs, on the threads asked for). Up to twice the
    // cores, nothing; with --quiet, nothing.
    let cores = std::thread::available_parallelism().unwrap().get();
    let warned = |threads: usize, quiet: bool| {
        let threads = threads.to_string();
        let mut args = vec!["count", "12", "--threads", &threads, "--json"];
        if quiet {
            args.push("--quiet");
        }
        let out = run(&args, None);
        assert!(out.status.success(), "{args:?}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["total"], 14_200);
        assert_eq!(json["threads"], threads.parse::<u64>().unwrap());
        text(&out.stderr)
    };
    let many = 2 * cores + 1;
    let plural = if cores == 1 { "" } else { "s" };
    assert_eq!(
        warned(many, false),
        format!(
            "nqueens: --threads {many} is far more than the {cores} core{plural} here: \
             threads past the cores only share them, and this many slow the count down \
             (without --threads, a count runs one thread per core)\n"
        )
    );
    assert_eq!(warned(many, true), "");
    assert_eq!(warned(2 * cores, false), "");
    assert_eq!(warned(1, false), "");
    // Threads the memory budget leaves out are not run: only the fewer are said.
    let out = run(
        &["count", "16", "--threads", "1000", "--memory", "144K"],
        None,
    );
    assert_eq!(text(&out.stdout), "14772512\n");
    assert!(
        text(&out.stderr).starts_with("nqueens: counting on 1 thread instead of 1000:")
            && text(&out.stderr).lines().count() == 1,
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_shard_with_no_subtasks_says_so_and_still_merges() {
    // n = 10 has fewer subtasks than shards here: shards past the last subtask hold
    // none. Each says so on stderr, naming the count's subtasks, even with --quiet (it
    // is about the result, not the time); its result, a total of 0, still merges.
    let subtasks = nqueens::Split::new(10).unwrap().len();
    let shards = subtasks + 2;
    let dir = crate::common::scratch("empty-shards");
    let mut files = Vec::new();
    for i in 0..shards {
        let file = dir.join(format!("shard-{i}.json"));
        let shard = format!("{i}/{shards}");
        let args = ["count", "10", "--shard", &shard, "--output"];
        let out = run(
            &[&args[..], &[crate::common::arg(&file), "--quiet"]].concat(),
            None,
        );
        assert!(out.status.success(), "{shard}: {}", text(&out.stderr));
        let said = text(&out.stderr);
        if i < subtasks {
            assert_eq!(said, "", "{shard}");
        } else {
            assert_eq!(
                said,
                format!(
                    "nqueens: shard {shard} of n=10 has no subtasks to count: n=10 has \
                     {subtasks} subtasks, held by shards 0 to {}; this shard's result \
                     still merges\n",
                    subtasks - 1
                )
            );
        }
        files.push(file);
    }
    let files: Vec<&str> = files.iter().map(|f| crate::common::arg(f)).collect();
    let merged = run(&[&["merge"][..], &files].concat(), None);
    assert_eq!(text(&merged.stdout), "724\n", "{}", text(&merged.stderr));
    // The estimate of an empty shard says so too.
    let shard = format!("{subtasks}/{shards}");
    let estimate = run(&["count", "10", "--shard", &shard, "--estimate"], None);
    assert!(text(&estimate.stderr).contains("has no subtasks to count"));
}

#[test]
fn a_count_whose_table_needs_more_than_the_default_budget_names_the_budget_that_holds_it() {
    // At 23 the quarter table takes 5.2 GB: the default budget searches the halves,
    // and the count says which --memory builds them from the table. Empty shards, so
    // that nothing is counted or built.
    let split = nqueens::Split::new(23).unwrap();
    let empty = format!("{}/{}", split.len(), split.len() + 1);
    let shard = ["--shard", &empty, "--threads", "1"];
    let said = |extra: &[&str]| {
        let out = run(&[&["count", "23"][..], &shard, extra].concat(), None);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stderr)
    };
    let need = split.memory_for_table(std::num::NonZeroUsize::MIN).unwrap();
    let hint = format!(
        "nqueens: with --memory {}G or more, where the machine has it, n=23 builds its \
         half boards from a table rather than searching them, which is faster\n",
        need.div_ceil(1 << 30)
    );
    assert!(said(&[]).starts_with(&hint), "{}", said(&[]));
    assert!(said(&["--memory", "4G"]).starts_with(&hint));
    // Given the room, or asked to be quiet, it says nothing of the kind; nor at 22,
    // whose table fits the default budget.
    assert!(!said(&["--memory", "7G"]).contains("--memory"));
    assert!(!said(&["--quiet"]).contains("--memory"));
    let at_22 = run(&["count", "22", "--shard", "99999/100000"], None);
    assert!(!text(&at_22.stderr).contains("--memory"));
}

#[test]
fn stdin_that_is_not_utf8_names_the_sizes_accepted() {
    for args in [&[][..], &["count"][..]] {
        let out = run(args, Some(b"\xff\n"));
        assert_usage_error(&out, "not valid UTF-8", "stdin 0xff");
        assert!(text(&out.stderr).contains("from 1 to 32"), "{args:?}");
    }
}

#[test]
fn count_rejects_bad_input() {
    assert_usage_error(&run(&["count", "0"], None), "'0'", "count 0");
    assert_usage_error(&run(&["count", "33"], None), "'33'", "count 33");
    assert_usage_error(&run(&["count", "x"], None), "'x'", "count x");
    assert_usage_error(&run(&["count", "8", "9"], None), "'9'", "count 8 9");
    assert_usage_error(
        &run(&["count", "8", "--threads", "0"], None),
        "'0'",
        "threads 0",
    );
    assert_usage_error(
        &run(&["count", "8", "--threads", "two"], None),
        "'two'",
        "threads two",
    );
    assert_usage_error(
        &run(&["count", "8", "--bogus"], None),
        "'--bogus'",
        "bogus flag",
    );
    assert_usage_error(&run(&["count"], Some(b"")), "empty", "count, empty stdin");
}

#[test]
fn sizes_past_the_table_take_their_total_from_the_engine() {
    let out = run(&["14"], None);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[3], "365596");
    assert_eq!(lines[0], "1 3 5 7 12 10 13 4 14 9 2 6 8 11");
}

#[test]
fn every_number_option_takes_the_board_size_s_forms() {
    // Surrounding whitespace is ignored, as for N itself; a sign is refused, whichever
    // option it is given to. Each case: the arguments with `{}` where the value goes,
    // and the plain value, whose run's output the spaced values must give.
    let options: &[(&[&str], &str)] = &[
        (&["count", "{}"], "12"),
        (&["count", "12", "--threads", "{}"], "2"),
        (&["count", "12", "--memory", "{}"], "1M"),
        (&["solutions", "6", "--limit", "{}"], "1"),
        (&["show", "6", "--index", "{}"], "2"),
        (&["trace", "4", "--limit", "{}"], "3"),
        (&["trace", "4", "--limit", "{}"], "all"),
    ];
    for &(args, plain) in options {
        let with =
            |value: &str| -> Vec<String> { args.iter().map(|a| a.replace("{}", value)).collect() };
        let run_with = |value: &str| {
            let args = with(value);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            run(&args, None)
        };
        let want = run_with(plain);
        assert!(want.status.success(), "{args:?} {plain}");
        for spaced in [
            format!(" {plain}"),
            format!("{plain} "),
            format!("\t{plain}\n"),
        ] {
            let out = run_with(&spaced);
            assert_eq!(out.stdout, want.stdout, "{args:?} {spaced:?}");
            assert_eq!(out.status.code(), Some(0), "{args:?} {spaced:?}");
        }
        let signed = format!("+{plain}");
        assert_usage_error(&run_with(&signed), &format!("'{signed}'"), &signed);
    }
    // `--shard I/M`, printed to stdout as JSON with its elapsed time, so compared by
    // its exit code and its total.
    for spaced in [" 0/2", "0/2 "] {
        let out = run(&["count", "12", "--shard", spaced], None);
        assert_eq!(out.status.code(), Some(0), "{spaced:?}");
        assert!(text(&out.stdout).contains("\"shard\""), "{spaced:?}");
    }
    assert_usage_error(
        &run(&["count", "12", "--shard", "+0/2"], None),
        "'+0/2'",
        "+0/2",
    );
}

#[test]
fn memory_takes_the_size_forms_the_docs_list() {
    // docs/cli.md: binary units with or without `i` and `B`, decimals, plain bytes.
    for size in ["512M", "1.5G", "2GiB", "2GB", "150000", "150000B", "1T"] {
        let out = run(&["count", "12", "--memory", size], None);
        assert_eq!(
            text(&out.stdout),
            "14200\n",
            "{size}: {}",
            text(&out.stderr)
        );
    }
}
