/* Sorting arrays of 64-bit values whose top bytes spread them (hashes),
 * as a most significant byte first radix sort does: the values placed by
 * top byte into 256 runs, then each run sorted on its own with scratch of
 * its own size.  The placing on one thread in place (American flag
 * sort), or on several into a second array (each thread tallying and
 * then placing a share of the values, in order, so that a run keeps the
 * values' order); the runs sorted by one thread or several. */
#ifndef DK_SPREAD_H
#define DK_SPREAD_H

#include <stddef.h>
#include <stdint.h>

/* Sorts v[0..n) ascending: placed in place by top byte, then each run
 * sorted (dk_sort_u64_tmp); short arrays by dk_sort_u64. */
void dk_sort_u64_spread(uint64_t *v, size_t n);
/* Its first step alone: v placed in place by top byte, run b being
 * v[start[b] .. start[b + 1]), each left to be sorted on its own
 * (dk_sort_runs). */
void dk_spread_runs(uint64_t *v, size_t n, size_t start[257]);
/* The same out of place by nt threads (dk_parallel): from[0..n) placed
 * by top byte into to[0..n), run b being to[start[b] .. start[b + 1]),
 * the values of a run in their order in from. */
void dk_spread_into(const uint64_t *from, size_t n, uint64_t *to, size_t start[257], int nt);
/* The runs of v as placed above sorted by nt threads, each run with
 * scratch[start[b] ..] when scratch (room for start[256] values) is
 * given, else with scratch each thread allocates for the runs it takes. */
void dk_sort_runs(uint64_t *v, const size_t start[257], uint64_t *scratch, int nt);

#endif
