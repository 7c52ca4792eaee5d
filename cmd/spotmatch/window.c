/* spotmatch --window: the driver.  The options, the stream of records and
 * their times, each document's result (its pairs, or its ID when novel),
 * the -v report, and the state freed.  The rest of the mode, and how its
 * files share the work, is told in window.h. */
#include "window.h"
#include "spotmatch.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const struct dk_usage usage = {
	"spotmatch --window duration [-v] [-L lexicon | --learn N] [-M measure] [-t tau]\n"
	"          [--novel] [--time-column N [--disorder duration]] [file ...]",
	"  --window D        compare each document with those at most D before it:\n"
	"                    a count of documents, or with --time-column a duration\n"
	"                    such as 86400, 24h, 90m, 1d12h (units s m h d w)\n"
	"  --time-column N   field N (1 is the ID) holds the time: ISO 8601 with a\n"
	"                    zone (2008-01-01T12:00:00Z, ...+02:00) or Unix seconds\n"
	"  --disorder D      accept records up to D older than the newest so far\n"
	"                    (default 0: times must not decrease)\n"
	"  --novel           write the IDs of documents with no near duplicate in\n"
	"                    the window instead of the pairs\n"
	"  -L lexicon        order the prefixes by the lexicon's document\n"
	"                    frequencies (rarest first) instead of learning it\n"
	"  --learn N         learn that order from the window once N documents\n"
	"                    have come in (default 2000; 0: by birth, newest first)\n"
	"  -M measure        jaccard (default), set, max (DDD) or dice\n"
	"  -t tau            similarity threshold (default 0.8)\n"
	"  -v                statistics on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_WINDOW = 0x2000, OPT_TIMECOL, OPT_DISORDER, OPT_NOVEL, OPT_LEARN };

/* ---- the options ---- */

int
sm_window_options(int argc, char **argv, struct sm_window_opts *o)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		{ "window", required_argument, NULL, OPT_WINDOW },
		{ "time-column", required_argument, NULL, OPT_TIMECOL },
		{ "disorder", required_argument, NULL, OPT_DISORDER },
		{ "novel", no_argument, NULL, OPT_NOVEL },
		{ "learn", required_argument, NULL, OPT_LEARN },
		{ NULL, 0, NULL, 0 }
	};
	const char *window = NULL, *disorder = NULL;
	int ch, learn = 0;

	optind = 1;     /* the caller may have looked at the options already */
	while ((ch = getopt_long(argc, argv, "hL:M:t:v", longopts, NULL)) != -1) {
		switch (ch) {
		case 'L':
			o->lexicon = optarg;
			break;
		case 'M':
			o->m = dk_parse_measure(optarg);
			break;
		case 't':
			o->tau = dk_parse_threshold(optarg);
			break;
		case OPT_WINDOW:
			window = optarg;
			break;
		case OPT_TIMECOL:
			o->timecol = (size_t)dk_parse_int(optarg, 1, 100000, "time column");
			break;
		case OPT_DISORDER:
			disorder = optarg;
			break;
		case OPT_NOVEL:
			o->novel = 1;
			break;
		case OPT_LEARN:
			o->learn = (uint64_t)dk_parse_int(optarg, 0, UINT32_MAX, "--learn");
			learn = 1;
			break;
		default:
			dk_cli_common(ch, optarg, &usage);
		}
	}
	if (!window)
		dk_diex(DK_EXIT_INPUT, "--window is required in this mode");
	if (disorder && !o->timecol)
		dk_diex(DK_EXIT_INPUT, "--disorder needs --time-column");
	if (learn && o->lexicon)
		dk_diex(DK_EXIT_INPUT, "-L and --learn both set the order: give one");
	/* a duration (common/cli), or without a time column a count */
	if (o->timecol)
		o->window = dk_parse_duration(window, "window");
	else
		o->window = dk_parse_int(window, 1, INT32_MAX, "window");
	if (disorder)
		o->disorder = dk_parse_duration(disorder, "disorder");
	return optind;
}

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
	f = &w->rec.f[w->o.timecol - 1];
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

static void
write_result(struct win *w)
{
	const struct query *q = &w->q;
	const dk_str *id = &w->rec.f[0];
	size_t i;

	if (w->o.novel) {
		if (q->hits.n == 0) {
			dk_buf_bytes(&dk_out, id->p, id->n);
			dk_buf_char(&dk_out, '\n');
			w->novel++;
		}
		return;
	}
	for (i = 0; i < q->hits.n; i++) {
		const char *first = win_doc(w, q->hits.v[i].seq)->id;

		sm_write_pair(first, strlen(first), id->p, id->n, q->hits.v[i].sim);
	}
	w->pairs += q->hits.n;
}

static void
run(dk_reader *r, void *arg)
{
	struct win *w = arg;
	uint64_t len;
	int64_t t;

	dk_expect(r, DK_KIND_SIG, NULL);
	while (dk_read_record(r, &w->rec, w->o.timecol ? w->o.timecol + 1 : 2)) {
		dk_ids_check(&dk_input_ids, r, &w->rec, 0);
		dk_record_sigs(r, &w->rec, &w->sigs);
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
		len = query_load(w, &w->sigs, r);
		if (len > 0)
			query_run(w, len, t);
		else
			w->q.hits.n = 0;
		write_result(w);
		if (len > 0) {
			win_add(w, &w->rec.f[0], t, len);
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
	dk_note("window: peak documents held: %zu", w->peak);
	dk_note("window: documents held at the end: %llu, signatures: %zu",
	    (unsigned long long)(w->tail - w->head), w->dict.live);
	dk_note("window: peak bytes held: %zu (%zu a document)", w->peak_bytes,
	    w->peak_bytes / peak);
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

		bands_free(w, t);
		free(t->band);
		if (t->serial && t->n > sizeof t->s.inl)
			free(t->s.p);
	}
	free(w->ring);
	free(w->tally);
	free(w->dense);
	free(w->dict.v);
	free(w->dict.tab);
	free(w->dict.freeslots.v);
	dk_lexicon_free(w->lex);
	free(w->rank);
	free(q->tok.v);
	free(q->cnt.v);
	free(q->ser.v);
	free(q->cand.v);
	free(q->span.v);
	free(q->hits.v);
	free(q->ord.v);
	free(q->ord2.v);
	free(q->hash.v);
	free(q->bits.v);
	dk_record_free(&w->rec);
	dk_sigs_free(&w->sigs);
}

int
spotmatch_window(int argc, char **argv)
{
	struct win w;
	int status;

	memset(&w, 0, sizeof w);
	w.o = (struct sm_window_opts)SM_WINDOW_OPTS_INIT;
	dk_cli_init(argc, argv);
	optind = sm_window_options(argc, argv, &w.o);
	argc -= optind;
	argv += optind;

	w.ratio = dk_measure_ratio(w.o.m, w.o.tau);
	if (w.o.lexicon)
		order_load(&w, w.o.lexicon);
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
