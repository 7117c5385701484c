//! End-to-end tests of `nqueens trace`: the steps it prints are the library's trace,
//! their counts agree with `compare` and `solutions`, bad input is a usage error, and a
//! closed pipe ends it quietly.

use crate::common::{assert_usage_error, run, text};
use serde_json::Value;

/// The lines `nqueens trace ARGS` prints; it must succeed with nothing on stderr.
fn trace(args: &[&str]) -> Vec<String> {
    let out = run(&[&["trace"], args].concat(), None);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout).lines().map(str::to_owned).collect()
}

/// `compare N --algorithm A --json`: (total, nodes).
fn compared(n: &str, algorithm: &str) -> (u64, u64) {
    let out = run(&["compare", n, "--algorithm", algorithm, "--json"], None);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &json["algorithms"][0];
    (
        row["total"].as_u64().unwrap(),
        row["nodes"].as_u64().unwrap(),
    )
}

/// The word after the step number: place, refuse, remove, skip, choose or found.
fn verb(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or_default()
}

#[test]
fn the_bitmask_trace_of_four_shows_the_masks_in_binary_under_each_step() {
    let lines = trace(&["4", "--limit", "14"]);
    assert_eq!(lines.len(), 15);
    let masks = "row  2: columns 0001  left 0010  right 0000  free 1100";
    assert_eq!(lines[0], format!("    1  place 1,1           {masks}"));
    // Row 3 has no free square after 1,1 and 2,3: the masks say why.
    let dead = "row  3: columns 0101  left 1100  right 0010  free 0000";
    assert_eq!(lines[1], format!("    2    place 2,3         {dead}"));
    // On the last row there is no next row to hand masks down to: the line says so,
    // rather than show row 4's masks from before its queen, where column 3 was free.
    assert_eq!(
        lines[11],
        "   12        place 4,3     no next row: every row has a queen"
    );
    assert_eq!(lines[12], "   13        found 2 4 1 3 (placement 1)");
    // Taken off again, row 4's masks are back, column 3 free once more.
    let row_4 = "row  4: columns 1011  left 0010  right 0010  free 0100";
    assert_eq!(lines[13], format!("   14        remove 4,3    {row_4}"));
    assert!(
        lines[14].starts_with("stopped after 14 steps: 8 nodes, 1 placement so far;"),
        "{}",
        lines[14]
    );
}

#[test]
fn every_algorithm_places_as_many_queens_as_compare_counts_nodes() {
    for algorithm in ["naive", "flags", "bitmask", "dancing-links", "cell-by-cell"] {
        let lines = trace(&["6", "--algorithm", algorithm, "--limit", "all"]);
        let (total, nodes) = compared("6", algorithm);
        let count =
            |verbs: &[&str]| lines.iter().filter(|l| verbs.contains(&verb(l))).count() as u64;
        assert_eq!(count(&["place", "skip"]), nodes, "{algorithm}");
        assert_eq!(count(&["found"]), total, "{algorithm}");
        let last = lines.last().unwrap();
        let steps = lines.len() - 1;
        let end = format!("done after {steps} steps: {nodes} nodes, {total} placements");
        assert_eq!(*last, end, "{algorithm}");
    }
}

#[test]
fn json_lines_carry_each_step_and_the_placements_of_solutions() {
    let lines = trace(&["6", "-a", "flags", "--json", "--limit", "all"]);
    let objects: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (last, steps) = objects.split_last().unwrap();
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(step["step"], i as u64 + 1, "{step}");
        assert!(step["flags"]["columns"].is_string(), "{step}");
    }
    let placements: Vec<String> = steps
        .iter()
        .filter(|s| s["event"] == "found")
        .map(|s| {
            let cols = s["placement"].as_array().unwrap();
            let cols: Vec<String> = cols.iter().map(ToString::to_string).collect();
            cols.join(" ")
        })
        .collect();
    let solutions = run(&["solutions", "6"], None);
    assert_eq!(
        placements,
        text(&solutions.stdout).lines().collect::<Vec<_>>()
    );
    let places = steps.iter().filter(|s| s["event"] == "place").count();
    assert_eq!(last["event"], "done");
    assert_eq!(last["nodes"], places as u64);
    assert_eq!(last["nodes"], 152);
    let refused = steps.iter().find(|s| s["event"] == "refuse").unwrap();
    assert_eq!(
        (&refused["row"], &refused["why"]),
        (&Value::from(2), &"column".into())
    );
}

#[test]
fn json_shows_the_bitmask_masks_and_a_stopped_search_says_so() {
    let lines = trace(&["5", "--json", "--limit", "2"]);
    let first: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(first["event"], "place");
    assert_eq!((&first["row"], &first["col"]), (&1.into(), &1.into()));
    let masks = &first["masks"];
    assert_eq!(
        (&masks["row"], &masks["columns"], &masks["left"]),
        (&2.into(), &1.into(), &2.into())
    );
    let last: Value = serde_json::from_str(&lines[2]).unwrap();
    assert_eq!(
        (&last["event"], &last["steps"], &last["nodes"]),
        (&"stopped".into(), &2.into(), &2.into())
    );
}

#[test]
fn json_has_no_masks_while_every_row_has_a_queen() {
    // Every step of the bitmask search of 6: masks after each step, handed down to
    // the next row after a place, except while the board is full (the last row's
    // place and the placement found), where there is no next row.
    let lines = trace(&["6", "--json", "--limit", "all"]);
    let mut queens = 0;
    let mut full = 0;
    for line in &lines[..lines.len() - 1] {
        let step: Value = serde_json::from_str(line).unwrap();
        match step["event"].as_str().unwrap() {
            "place" => queens += 1,
            "remove" => queens -= 1,
            _ => {}
        }
        let masks = &step["masks"];
        if queens == 6 {
            full += 1;
            assert!(masks.is_null(), "{line}");
        } else if step["event"] == "place" {
            assert_eq!(masks["row"], step["row"].as_u64().unwrap() + 1, "{line}");
        } else {
            assert_eq!(masks["row"], step["row"], "{line}");
        }
    }
    // 4 placements of 6, each with its place and found lines.
    assert_eq!(full, 8);
}

#[test]
fn the_default_limit_is_200_steps_and_the_size_can_come_from_stdin() {
    let out = run(&["trace"], Some(b"8\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 201);
    assert!(
        lines[200].starts_with("stopped after 200 steps"),
        "{}",
        lines[200]
    );
    assert!(lines[200].contains("--limit all"), "{}", lines[200]);
}

#[test]
fn trace_rejects_bad_input() {
    let cases: [(&[&str], &str); 8] = [
        (&["0"], "'0'"),
        (&["33"], "'33'"),
        (&["four"], "'four'"),
        (&["4", "5"], "'5'"),
        (&["4", "--algorithm", "quick"], "'quick'"),
        (&["4", "--limit", "0"], "'0'"),
        (&["4", "--limit", "-3"], "'-3'"),
        (&["4", "--limit", "some"], "'some'"),
    ];
    for (args, names) in cases {
        let out = run(&[&["trace"], args].concat(), None);
        assert_usage_error(&out, names, &format!("{args:?}"));
    }
}

#[test]
fn trace_ends_quietly_when_the_reader_closes_the_pipe() {
    let first = crate::common::head_then_close(&["trace", "14", "--limit", "all"]);
    assert!(first.starts_with(b"    1  place 1,1"));
}
