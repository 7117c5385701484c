#!/bin/sh
# Runs every fuzz target for SECONDS seconds each (default 60), two at a time, on the
# committed seed corpora. Needs the nightly toolchain and `cargo install cargo-fuzz`.
# Findings land in fuzz/artifacts/<target>/ and are printed; keep each in
# fuzz/seeds/<target>/, which tests/suite/fuzz_seeds.rs replays as a regression test.
set -eu
SECONDS_EACH=${1:-60}
cd "$(dirname "$0")/.."
targets="board_size placement checker checkpoint shard"
for target in $targets; do
    mkdir -p "fuzz/corpus/$target"
    cp -n fuzz/seeds/"$target"/* "fuzz/corpus/$target/" 2>/dev/null || true
done
cargo +nightly fuzz build
run() {
    cargo +nightly fuzz run "$1" "fuzz/corpus/$1" -- -max_total_time="$SECONDS_EACH" \
        -rss_limit_mb=2048 > "fuzz/$1.log" 2>&1 && { echo "$1: ok"; return 0; }
    # A finding: show it, so that it can be kept in fuzz/seeds/$1/, where the
    # regression test (tests/suite/fuzz_seeds.rs) replays it through the command line.
    echo "$1: FAILED (fuzz/$1.log)"
    tail -n 30 "fuzz/$1.log"
    for found in fuzz/artifacts/"$1"/*; do
        [ -f "$found" ] || continue
        echo "finding $found, as hex (keep it as fuzz/seeds/$1/regression-NAME):"
        od -A x -t x1z -v "$found" | head -n 40
    done
    return 1
}
status=0
set -- $targets
while [ $# -gt 0 ]; do
    run "$1" & first=$!
    if [ $# -gt 1 ]; then run "$2" & second=$!; else second=; fi
    wait $first || status=1
    [ -z "$second" ] || wait $second || status=1
    shift; [ $# -gt 0 ] && shift
done
exit $status
