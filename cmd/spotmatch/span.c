/* The span, for -v -v, and the parallel regions it measures (par).
 *
 * How evenly the matching of the groups splits among the threads,
 * whatever the cores: each thread's CPU time (CLOCK_THREAD_CPUTIME_ID,
 * its own running time however many threads share a core) in each
 * parallel region of sm_match_groups, and the calling thread's outside
 * them.  The work is the sum of all; the span, the longest chain one
 * thread must do, is the time outside the regions plus each region's
 * longest thread (for the crew's, its longest chain: crew_clock).  On as
 * many idle cores as threads the matching takes about the span, so the
 * work of -j 1 over the span of -j N is the speedup N cores could give,
 * measured on fewer. */
#include "matcher.h"

#include <stdlib.h>
#include <time.h>

struct span *spanning;  /* while sm_match_groups measures */
static __thread int span_tid = -1;      /* a region's thread, else -1 */

double
sm_thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct region {
	void (*fn)(void *, int);
	void *arg;
	double *t;
};

static void
region_work(void *arg, int tid)
{
	struct region *rg = arg;
	double t0 = sm_thread_cpu();

	span_tid = tid;
	rg->fn(rg->arg, tid);
	span_tid = -1;
	rg->t[tid] = sm_thread_cpu() - t0;
}

/* dk_parallel, measured when a region of sm_match_groups starts on the
 * calling thread (one inside a region is part of that region's). */
void
sm_par(int n, void (*fn)(void *, int), void *arg)
{
	struct region rg = { fn, arg, NULL };
	double most = 0;
	int t;

	if (!spanning || span_tid >= 0 || n < 1) {
		dk_parallel(n, fn, arg);
		return;
	}
	rg.t = dk_calloc((size_t)n, sizeof *rg.t);
	dk_parallel(n, region_work, &rg);
	for (t = 0; t < n; t++) {
		most = rg.t[t] > most ? rg.t[t] : most;
		spanning->work += rg.t[t];
		spanning->cpu[t < SPANTHREADS ? t : SPANTHREADS - 1] += rg.t[t];
	}
	spanning->span += most;
	spanning->last = most;
	spanning->inside += rg.t[0];
	free(rg.t);
}

/* A work unit taken by the current region's thread: a whole group, or a
 * batch of queries. */
void
sm_span_unit(int group)
{
	int t = span_tid;

	/* (the threads past SPANTHREADS are not counted) */
	if (spanning && t >= 0 && t < SPANTHREADS)
		(group ? spanning->groups : spanning->batches)[t]++;
}

void
sm_span_begin(struct span *sp)
{
	if (dk_verbose < 2)
		return;
	memset(sp, 0, sizeof *sp);
	sp->start = sm_thread_cpu();
	spanning = sp;
}

/* The figures on standard error: the work, the span, and each thread's
 * CPU and units (one line each at -v -v -v). */
void
sm_span_end(struct span *sp, int nthreads)
{
	double serial, lo = 0, hi = 0;
	int t, n = nthreads < SPANTHREADS ? nthreads : SPANTHREADS;

	if (spanning != sp)
		return;
	spanning = NULL;
	serial = sm_thread_cpu() - sp->start - sp->inside;
	for (t = 0; t < n; t++) {
		lo = t == 0 || sp->cpu[t] < lo ? sp->cpu[t] : lo;
		hi = sp->cpu[t] > hi ? sp->cpu[t] : hi;
		if (dk_verbose > 2)
			dk_note("matching thread %d: %.3f s CPU, %lu groups, %lu query batches",
			    t, sp->cpu[t], sp->groups[t], sp->batches[t]);
	}
	dk_note("matching: work %.3f s CPU, span %.3f s (%.3f s outside the threads), "
	    "work/span %.2f; threads' CPU %.3f to %.3f s", serial + sp->work,
	    serial + sp->span, serial, (serial + sp->work) / (serial + sp->span > 0 ?
	    serial + sp->span : 1), lo, hi);
}
