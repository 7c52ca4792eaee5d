/* spotmatch --window: the driver.  The stream of records and their times,
 * each record's ID checked against the window, each document's result (its
 * pairs, or its ID when novel), the -v report, and the state freed.  The
 * rest of the mode, and how its files share the work, is told in window.h. */
#include "window.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- the stream ---- */

/* The time of the record: its time column, or its arrival number. */
static int64_t
record_time(struct win *w, dk_reader *r)
{
	const dk_str *f;
	const char *msg;
	int64_t t;

	if (!w->o.timecol)
		return (int64_t)w->docs;
	f = &w->in.x.rec.f[w->o.timecol - 1];
	if ((msg = dk_check_time(f->p, f->n, &t)) != NULL)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "time '%.*s': %s",
		    (int)f->n, f->p, msg);
	if (w->docs > 0 && t < w->newest - w->o.disorder)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "time '%.*s' is %lld s before the latest so far: out of order%s",
		    (int)f->n, f->p, (long long)((w->newest - t + 999) / 1000),
		    w->o.disorder ? " beyond --disorder" : " (see --disorder)");
	return t;
}

/* --dense-tau: the hits of the arriving document (its flags) that
 * sm_dense_below drops. */
static void
dense_bar(struct win *w, unsigned flags)
{
	struct query *q = &w->q;
	size_t i, k;

	for (i = k = 0; i < q->hits.n; i++)
		if (!sm_dense_below(w->o.dense_tau, flags | win_doc(w, q->hits.v[i].seq)->flags,
		    q->hits.v[i].sim))
			q->hits.v[k++] = q->hits.v[i];
	w->ndense += q->hits.n - k;
	q->hits.n = k;
}

static void
write_result(struct win *w)
{
	const struct query *q = &w->q;
	dk_str id = w->in.x.id;
	size_t i;

	if (w->o.novel) {
		if (q->hits.n == 0) {
			sm_write_id(id);
			w->novel++;
		}
		return;
	}
	for (i = 0; i < q->hits.n; i++) {
		char *first = win_doc(w, q->hits.v[i].seq)->id;

		sm_write_pair((dk_str){ first, strlen(first) }, id, q->hits.v[i].sim);
	}
	w->pairs += q->hits.n;
}

static void
run(dk_reader *r, void *arg)
{
	struct win *w = arg;
	const dk_sigs *sigs;
	uint64_t len;
	int64_t t;
	unsigned flags;

	sm_reader_start(&w->in, r, 0);
	while (sm_next(&w->in, r)) {
		sigs = sm_rec_sigs(&w->in, r);
		flags = sigs->flags & DK_SIG_CHAINS;
		t = record_time(w, r);
		if (w->docs == 0 || t > w->newest)
			w->newest = t;
		while (w->head < w->tail &&
		    win_doc(w, w->head)->time < w->newest - w->o.disorder - w->o.window) {
			if (w->full == 0) {
				w->full = w->docs + 1;
				clock_gettime(CLOCK_MONOTONIC, &w->wall0);
				clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &w->cpu0);
			}
			win_evict_head(w);
		}
		/* once the window holds what it holds for this record */
		if (!dk_allow_repeated_ids)
			wids_check(w, r, w->in.x.id);
		/* a record flagged !short matches nothing (it is never
		 * queried nor held), as in the other modes */
		if (sigs->flags & DK_SIG_SHORT) {
			w->nshort++;
			len = 0;
		} else
			len = win_query_load(w, sigs, r);
		if (!dk_allow_repeated_ids)
			wids_add(w, w->in.x.id, t, len > 0);
		if (len > 0)
			win_query_run(w, len, t);
		else
			w->q.hits.n = 0;
		dense_bar(w, flags);
		write_result(w);
		if (len > 0) {
			win_add(w, &w->in.x.id, t, len);
			win_doc(w, w->tail - 1)->flags = flags;
			if (w->tail == w->o.learn && !w->lex)
				w->learnt = win_learn(w);
		}
		if (w->held > w->peak_bytes)
			w->peak_bytes = w->held;
		w->docs++;
		dk_out_maybe_flush();
	}
}

/* ---- the report ---- */

static double
since(const struct timespec *t0, clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void
report(const struct win *w)
{
	const struct query *q = &w->q;
	size_t peak = w->peak ? w->peak : 1;
	unsigned long long n = w->full ? w->docs - w->full + 1 : 0;
	double wall, cpu;

	/* the decisions taken once documents began to leave the window */
	if (n > 0) {
		wall = since(&w->wall0, CLOCK_MONOTONIC);
		cpu = since(&w->cpu0, CLOCK_PROCESS_CPUTIME_ID);
		dk_note("window: full from document %llu: %llu decisions in %.3f s wall, "
		    "%.3f s CPU (%.3f ms each)", (unsigned long long)w->full, n, wall, cpu,
		    cpu / (double)n * 1000);
	}

	if (w->o.learn && w->tail >= w->o.learn && !w->lex)
		dk_note("window: order learned from the window after %llu documents: "
		    "%zu signatures ranked", (unsigned long long)w->o.learn, w->learnt);
	dk_note("window: %llu documents, %llu %s", (unsigned long long)w->docs,
	    (unsigned long long)(w->o.novel ? w->novel : w->pairs),
	    w->o.novel ? "novel" : "pairs");
	if (w->o.dense_tau > 0)
		dk_note("window: pairs below --dense-tau dropped: %llu",
		    (unsigned long long)w->ndense);
	if (w->nshort > 0)
		dk_note("window: records flagged !short skipped: %llu",
		    (unsigned long long)w->nshort);
	dk_note("window: peak documents held: %zu", w->peak);
	dk_note("window: documents held at the end: %llu, signatures: %zu",
	    (unsigned long long)(w->tail - w->head), w->dict.live);
	dk_note("window: peak bytes held: %zu (%zu a document)", w->peak_bytes,
	    w->peak_bytes / peak);
	if (!dk_allow_repeated_ids)
		dk_note("window: IDs checked against the window: peak %zu held, %zu bytes",
		    w->ids.peak, wids_bytes(&w->ids));
	dk_note("window: prefix entries %llu, lists read %llu, postings read %llu "
	    "(%llu queries counted densely), candidates %llu, verified %llu",
	    (unsigned long long)q->prefix, (unsigned long long)q->lists,
	    (unsigned long long)q->visits, (unsigned long long)q->dense,
	    (unsigned long long)q->candidates, (unsigned long long)q->verified);
}

void
win_free(struct win *w)
{
	struct query *q = &w->q;
	size_t i;

	while (w->head < w->tail)
		win_evict_head(w);
	for (i = 0; i < w->dict.n; i++) {
		struct tok *t = &w->dict.v[i];

		win_bands_free(w, t);
		free(t->band);
		if (t->serial && t->n > sizeof t->s.inl)
			free(t->s.p);
	}
	DK_FREE_ALL(w->ring, w->tally, w->dense, w->dict.v, w->dict.tab,
	    w->dict.freeslots.v, w->rank);
	dk_lexicon_free(w->lex);
	DK_FREE_ALL(q->tok.v, q->cnt.v, q->ser.v, q->cand.v, q->span.v, q->hits.v,
	    q->ord.v, q->ord2.v, q->hash.v, q->bits.v);
	sm_reader_free(&w->in);
	wids_free(&w->ids);
}

int
sm_window(const sm_opts *o, int argc, char **argv)
{
	struct win w;
	int status;

	memset(&w, 0, sizeof w);
	w.o = *o;
	/* the IDs are checked here against the window (wids.c), not the
	 * whole stream */
	sm_reader_init(&w.in, 1, NULL);
	w.in.minfields = o->timecol ? o->timecol + 1 : 2;
	w.ratio = dk_measure_ratio(w.o.m, w.o.tau);
	w.oratio = dk_overlap_ratio(w.o.m, w.o.tau, w.o.size_ratio);
	if (w.o.lexicon)
		win_order_load(&w, w.o.lexicon);
	win_narrow_limits(&w);
	status = dk_each_input(argc, argv, run, &w);
	dk_out_close();
	if (dk_verbose) {
		win_sweep(&w);  /* so the signatures counted are the window's */
		report(&w);
	}
	win_free(&w);
	return status;
}
