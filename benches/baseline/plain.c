/* The baseline for `cargo bench --bench count`: a plain bitmask depth-first N-Queens
 * counter, as in every tutorial. No symmetry, no tricks beyond the bitmasks and taking
 * the lowest free bit. Built with `cc -O3` by the benchmark.
 * Usage: plain N   (prints the total) */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long solve(unsigned all, unsigned cols, unsigned left, unsigned right) {
    if (cols == all) return 1;
    unsigned long long total = 0;
    unsigned free = all & ~(cols | left | right);
    while (free) {
        unsigned bit = free & -free;
        free ^= bit;
        total += solve(all, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return total;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 1 || n > 31) {
        fprintf(stderr, "usage: plain N (1 <= N <= 31)\n");
        return 2;
    }
    printf("%llu\n", solve((1u << n) - 1, 0, 0, 0));
    return 0;
}
