#!/bin/sh
# One count split into shards, run by GNU parallel: on this machine, or across machines
# with `-S host1,host2` (each needs nqueens on its PATH and a shared directory).
# Usage: N=17 SHARDS=8 sh gnu-parallel.sh
# The files carry N, so counts of other sizes can share the folder. A shard file that
# holds another count's result (the same N in other SHARDS) is refused: remove that
# count's n$N-shard-* files first, or run in another folder.
set -eu
N=${N:-17}
SHARDS=${SHARDS:-8}
seq 0 $((SHARDS - 1)) |
    parallel --will-cite --halt now,fail=1 nqueens count "$N" --shard {}/"$SHARDS" --quiet --output "n$N-shard-{}.json"
nqueens merge "n$N"-shard-*.json
