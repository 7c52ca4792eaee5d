/* evaluate --histogram: the SIMs of a pair stream in bins, to choose a
 * threshold without a gold standard: pairs per bin, and documents whose
 * best (highest-SIM) pair falls in it, as text with bars, as TSV, and as
 * SVG through plot.c. */
#include "dk.h"
#include "evaluate.h"

#include <stdio.h>
#include <stdlib.h>

enum { BAR = 50 };              /* the longest bar, in '#' */

static struct {
	dk_intern ids;
	DK_VEC(uint32_t) best;          /* of each ID: its highest SIM + 1, 0 when
	                                 * it has no pair but with itself */
	uint64_t *pairs;                /* by bin, from SIM 0 */
	uint32_t step, nbins;
	int64_t lo, hi;                 /* lowest and highest SIM, -1: none */
	unsigned long nrec, nself;
} h = { .lo = -1, .hi = -1 };

static uint32_t
bin_of(uint32_t sim)
{
	uint32_t k = sim / h.step;

	return k < h.nbins ? k : h.nbins - 1;
}

static void
read_sims(dk_reader *r, void *arg)
{
	dk_record rec = { 0 };
	dk_pair p;
	const char *msg;
	uint32_t id[2];
	int e, isnew;

	(void)arg;
	dk_expect(r, DK_KIND_PAIR, NULL);
	while (dk_read_record(r, &rec, 2)) {
		if ((msg = dk_parse_pair(&rec, &p)) != NULL)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
		if (p.sim < 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "--histogram needs the SIM column");
		h.nrec++;
		id[0] = dk_intern_id(&h.ids, p.id1.p, p.id1.n, &isnew);
		if (isnew)
			DK_PUSH(&h.best, 0);
		id[1] = dk_intern_id(&h.ids, p.id2.p, p.id2.n, &isnew);
		if (isnew)
			DK_PUSH(&h.best, 0);
		if (id[0] == id[1]) {
			h.nself++;
			continue;
		}
		h.pairs[bin_of((uint32_t)p.sim)]++;
		if (h.lo < 0 || p.sim < h.lo)
			h.lo = p.sim;
		if (p.sim > h.hi)
			h.hi = p.sim;
		for (e = 0; e < 2; e++)
			if ((uint32_t)p.sim + 1 > h.best.v[id[e]])
				h.best.v[id[e]] = (uint32_t)p.sim + 1;
	}
	dk_record_free(&rec);
}

/* The bins from that of the lowest SIM to the last, with their documents:
 * the IDs of a pair whose best pair is in the bin (an ID only in
 * self-pairs is in none). */
static size_t
make_bins(struct bin **out)
{
	uint32_t first = h.lo < 0 ? h.nbins : bin_of((uint32_t)h.lo), k;
	size_t n = h.nbins - first, i;
	struct bin *b = dk_calloc(n ? n : 1, sizeof *b);

	for (k = first; k < h.nbins; k++) {
		b[k - first].lo = (int64_t)k * h.step;
		b[k - first].hi = k + 1 < h.nbins ? (int64_t)(k + 1) * h.step : MICRO;
		b[k - first].pairs = h.pairs[k];
	}
	for (i = 0; i < h.best.n; i++)
		if (h.best.v[i] > 0)
			b[bin_of(h.best.v[i] - 1) - first].docs++;
	*out = b;
	return n;
}

static void
put_padded(const char *s, int width, int left)
{
	int pad = width - (int)strlen(s);

	if (left)
		dk_buf_str(&dk_out, s);
	for (; pad > 0; pad--)
		dk_buf_char(&dk_out, ' ');
	if (!left)
		dk_buf_str(&dk_out, s);
}

static int
digits(uint64_t x)
{
	char tmp[24];

	return snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)x);
}

static void
put_text(const struct bin *b, size_t n, int tsv)
{
	char lo[32], hi[32], label[72], num[24];
	uint64_t maxp = 0, maxd = 0, sum = 0, docs = 0;
	int wl = 3, wp, wd;
	size_t i, k, bar;

	for (i = 0; i < n; i++) {
		maxp = b[i].pairs > maxp ? b[i].pairs : maxp;
		maxd = b[i].docs > maxd ? b[i].docs : maxd;
		sum += b[i].pairs;
		docs += b[i].docs;
	}
	if (tsv) {
		dk_buf_str(&dk_out, "lo\thi\tpairs\tdocuments\n");
		for (i = 0; i < n; i++) {
			put_tau(lo, sizeof lo, b[i].lo);
			put_tau(hi, sizeof hi, b[i].hi);
			dk_buf_str(&dk_out, lo);
			dk_buf_char(&dk_out, '\t');
			dk_buf_str(&dk_out, hi);
			dk_buf_char(&dk_out, '\t');
			dk_buf_u64(&dk_out, b[i].pairs);
			dk_buf_char(&dk_out, '\t');
			dk_buf_u64(&dk_out, b[i].docs);
			dk_buf_char(&dk_out, '\n');
		}
		return;
	}
	for (i = 0; i < n; i++) {
		put_tau(lo, sizeof lo, b[i].lo);
		put_tau(hi, sizeof hi, b[i].hi);
		k = strlen(lo) + 1 + strlen(hi);
		wl = (int)k > wl ? (int)k : wl;
	}
	wp = digits(maxp) > 5 ? digits(maxp) : 5;
	wd = digits(maxd) > 9 ? digits(maxd) : 9;
	if (n > 0) {
		put_padded("SIM", wl, 1);
		dk_buf_str(&dk_out, "  ");
		put_padded("pairs", wp, 0);
		dk_buf_str(&dk_out, "  ");
		put_padded("documents", wd, 0);
		dk_buf_char(&dk_out, '\n');
	}
	for (i = 0; i < n; i++) {
		put_tau(lo, sizeof lo, b[i].lo);
		put_tau(hi, sizeof hi, b[i].hi);
		snprintf(label, sizeof label, "%s-%s", lo, hi);
		put_padded(label, wl, 1);
		dk_buf_str(&dk_out, "  ");
		snprintf(num, sizeof num, "%llu", (unsigned long long)b[i].pairs);
		put_padded(num, wp, 0);
		dk_buf_str(&dk_out, "  ");
		snprintf(num, sizeof num, "%llu", (unsigned long long)b[i].docs);
		put_padded(num, wd, 0);
		/* at least one '#' for a count that is not 0 */
		bar = b[i].pairs ? (size_t)((b[i].pairs * BAR + maxp - 1) / maxp) : 0;
		if (bar) {
			dk_buf_str(&dk_out, "  ");
			for (k = 0; k < bar; k++)
				dk_buf_char(&dk_out, '#');
		}
		dk_buf_char(&dk_out, '\n');
	}
	dk_buf_u64(&dk_out, sum);
	dk_buf_str(&dk_out, " pairs of ");
	dk_buf_u64(&dk_out, docs);
	dk_buf_str(&dk_out, " documents");
	if (n > 0) {
		dk_buf_str(&dk_out, ", SIM ");
		dk_buf_sim(&dk_out, (double)h.lo / MICRO);
		dk_buf_str(&dk_out, " to ");
		dk_buf_sim(&dk_out, (double)h.hi / MICRO);
	}
	dk_buf_char(&dk_out, '\n');
}

int
histogram(char **files, int nfiles, uint32_t step, int tsv, const char *plot)
{
	struct bin *b;
	size_t n;
	int status;

	h.step = step;
	h.nbins = (MICRO + step - 1) / step;
	h.pairs = dk_calloc(h.nbins, sizeof *h.pairs);
	dk_intern_init(&h.ids, 0);
	status = dk_each_input(nfiles, files, read_sims, NULL);
	if (dk_verbose)
		dk_note("%lu records, %lu self-pairs skipped, %zu IDs", h.nrec, h.nself,
		    dk_intern_count(&h.ids));
	n = make_bins(&b);
	put_text(b, n, tsv);
	if (plot && plot_histogram(plot, b, n) < 0)
		dk_die(DK_EXIT_OPERAND, "%s", plot);
	free(b);
	free(h.pairs);
	free(h.best.v);
	dk_intern_free(&h.ids);
	return status;
}
