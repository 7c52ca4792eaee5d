/* Placing 64-bit values by top byte, in place or by threads into a
 * second array, and sorting the runs so placed (spread.h). */
#include "spread.h"
#include "mem.h"
#include "thread.h"

#include <stdlib.h>

#define TOP(x) ((unsigned)((x) >> 56))

/* count[b] += the values of v[lo .. hi) of top byte b. */
static void
tally(const uint64_t *v, size_t lo, size_t hi, size_t count[256])
{
	size_t i;

	for (i = lo; i < hi; i++)
		count[TOP(v[i])]++;
}

/* From nt tallies, count[t * 256 + b] the values of share t of top byte
 * b: start[] of the runs, and count[t * 256 + b] turned into where share
 * t places its first value of byte b (the shares in order within a
 * run). */
static void
starts(size_t *count, int nt, size_t start[257])
{
	size_t at = 0, c;
	unsigned b;
	int t;

	for (b = 0; b < 256; b++) {
		start[b] = at;
		for (t = 0; t < nt; t++) {
			c = count[(size_t)t * 256 + b];
			count[(size_t)t * 256 + b] = at;
			at += c;
		}
	}
	start[256] = at;
}

void
dk_spread_runs(uint64_t *v, size_t n, size_t start[257])
{
	size_t next[256] = { 0 };
	uint64_t x, y;
	unsigned b, d;

	tally(v, 0, n, next);
	starts(next, 1, start);
	/* each value goes to its run, displacing one that goes on to its
	 * own, until the cycle comes back to the hole */
	for (b = 0; b < 256; b++)
		while (next[b] < start[b + 1]) {
			x = v[next[b]];
			while ((d = TOP(x)) != b) {
				y = v[next[d]];
				v[next[d]++] = x;
				x = y;
			}
			v[next[b]++] = x;
		}
}

void
dk_sort_u64_spread(uint64_t *v, size_t n)
{
	size_t start[257], big = 0;
	uint64_t *tmp;
	unsigned b;

	if (n < 4096) {
		dk_sort_u64(v, n);
		return;
	}
	dk_spread_runs(v, n, start);
	for (b = 0; b < 256; b++)
		if (start[b + 1] - start[b] > big)
			big = start[b + 1] - start[b];
	tmp = dk_reallocarray(NULL, big + 1, sizeof *tmp);
	for (b = 0; b < 256; b++)
		dk_sort_u64_tmp(v + start[b], start[b + 1] - start[b], tmp);
	free(tmp);
}

/* The threads' work on one array: placing from into to, share t of the
 * values being from[n * t / nt .. n * (t + 1) / nt), count[t * 256 ..]
 * its tally and then where it places next; or sorting the runs of v, one
 * at a time as next hands them out. */
struct spread {
	const uint64_t *from;
	uint64_t *to, *v, *scratch;
	size_t n, *count;
	const size_t *start;
	int nt;
	dk_counter next;
};

static void
share(const struct spread *sp, int tid, size_t *lo, size_t *hi)
{
	*lo = (size_t)((uint64_t)sp->n * (unsigned)tid / (unsigned)sp->nt);
	*hi = (size_t)((uint64_t)sp->n * (unsigned)(tid + 1) / (unsigned)sp->nt);
}

static void
tally_work(void *arg, int tid)
{
	struct spread *sp = arg;
	size_t lo, hi;

	share(sp, tid, &lo, &hi);
	tally(sp->from, lo, hi, sp->count + (size_t)tid * 256);
}

static void
place_work(void *arg, int tid)
{
	struct spread *sp = arg;
	size_t *at = sp->count + (size_t)tid * 256, i, lo, hi;
	uint64_t x;

	share(sp, tid, &lo, &hi);
	for (i = lo; i < hi; i++) {
		x = sp->from[i];
		sp->to[at[TOP(x)]++] = x;
	}
}

void
dk_spread_into(const uint64_t *from, size_t n, uint64_t *to, size_t start[257], int nt)
{
	struct spread sp = { 0 };

	if (nt < 1)
		nt = 1;
	sp.from = from;
	sp.to = to;
	sp.n = n;
	sp.nt = nt;
	sp.count = dk_calloc((size_t)nt * 256, sizeof *sp.count);
	dk_parallel(nt, tally_work, &sp);
	starts(sp.count, nt, start);
	dk_parallel(nt, place_work, &sp);
	free(sp.count);
}

static void
sort_work(void *arg, int tid)
{
	struct spread *sp = arg;
	uint64_t *tmp = NULL;
	size_t b, n, cap = 0;

	(void)tid;
	while ((b = dk_counter_take(&sp->next, 1, 256)) < 256) {
		n = sp->start[b + 1] - sp->start[b];
		if (sp->scratch)
			dk_sort_u64_tmp(sp->v + sp->start[b], n, sp->scratch + sp->start[b]);
		else {
			if (n + 1 > cap) {
				cap = n + 1;
				tmp = dk_reallocarray(tmp, cap, sizeof *tmp);
			}
			dk_sort_u64_tmp(sp->v + sp->start[b], n, tmp);
		}
	}
	free(tmp);
}

void
dk_sort_runs(uint64_t *v, const size_t start[257], uint64_t *scratch, int nt)
{
	struct spread sp = { 0 };

	sp.v = v;
	sp.scratch = scratch;
	sp.start = start;
	dk_parallel(nt, sort_work, &sp);
}
