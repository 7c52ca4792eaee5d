/* Differential: spotmatch's matcher (partitions, prefix pruning, threads)
 * against brute force on small fuzzer-made collections.
 *   byte 0  measure (% 3), prune (bit 2), partition (bit 3), 2 threads (bit 4)
 *   byte 1  rho - 1 (% 16: small, so the last partition is reached)
 *   byte 2  tau = (b % 100 + 1) / 100
 *   then one document a line, a signature a byte (16 distinct), a repeated
 *   byte counting twice; a line starting with '!' is flagged !short.
 * Property: the pairs are exactly those whose dk_sim reaches tau, with that
 * similarity, each once.  Linked with spotmatch's files but main.c: the
 * documents are made by sm_add_doc (doc.c), as every mode makes them. */
#include "fuzz.h"
#include "sm.h"

FUZZ_QUIET_INITIALIZE

/* One line as a SIGS field: letters with their counts. */
static void
sigs_text(dk_buf *b, const uint8_t *p, size_t n)
{
	unsigned cnt[16] = { 0 };
	size_t i;

	b->n = 0;
	if (n > 0 && p[0] == '!') {
		dk_buf_str(b, "!short");
		p++, n--;
	}
	for (i = 0; i < n; i++)
		cnt[p[i] % 16]++;
	for (i = 0; i < 16; i++) {
		if (!cnt[i])
			continue;
		if (b->n)
			dk_buf_char(b, ' ');
		dk_buf_char(b, (int)('a' + i));
		dk_buf_sigcount(b, cnt[i]);
	}
}

/* d's signatures with their counts, into v (the pool keeps the counts
 * apart from the numbers: sm.h) */
typedef DK_VEC(dk_idcount) counts;

static const dk_idcount *
doc_counts(const sm_ctx *c, const sm_doc *d, counts *v)
{
	const uint32_t *sig = sm_doc_sigs(c, d);
	size_t i;

	v->n = 0;
	for (i = 0; i < d->nsig; i++)
		DK_PUSH(v, ((dk_idcount){ sig[i], sm_sig_count(c, d, i) }));
	return v->v;
}

static void
brute_force(const sm_ctx *c, sm_pairs *want)
{
	const sm_doc *a, *b;
	counts va = { 0 }, vb = { 0 };
	uint32_t i, j;
	double sim;

	for (i = 0; i < c->docs.n; i++)
		for (j = i + 1; j < c->docs.n; j++) {
			a = &c->docs.v[i];
			b = &c->docs.v[j];
			sim = dk_sim(c->m, dk_overlap(c->m, doc_counts(c, a, &va), a->nsig,
			    doc_counts(c, b, &vb), b->nsig), a->len, b->len);
			if (sim >= c->tau)
				DK_PUSH(want, ((sm_pair){ i, j, sim }));
		}
	free(va.v);
	free(vb.v);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static dk_reader *r;
	static sm_ctx c;
	sm_pairs got = { 0 }, want = { 0 };
	dk_sigs scratch = { 0 };
	dk_buf text = { 0 };
	const uint8_t *p, *end = data + size, *nl;
	dk_str id = { "d", 1 }, f;
	const char *msg;
	size_t i;

	if (size < 3)
		return 0;
	if (!r)
		r = fuzz_reader(NULL, 0);
	memset(&c, 0, sizeof c);
	c.m = (dk_measure)(data[0] % 3);
	c.prune = data[0] >> 2 & 1;
	c.partition = data[0] >> 3 & 1;
	c.nthreads = 1 + (data[0] >> 4 & 1);
	c.rho = 1 + data[1] % 16;
	c.tau = (data[2] % 100 + 1) / 100.0;
	dk_intern_init(&c.sigs, 0);
	dk_intern_init(&c.sums, 0);
	for (p = data + 3; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		sigs_text(&text, p, (size_t)(nl - p));
		if (text.n == 0)
			continue;      /* a record without signatures is an error */
		f.p = text.p, f.n = text.n;
		msg = dk_parse_sigs(f, &scratch);
		FUZZ_CHECK(msg == NULL);
		sm_add_doc(&c, r, id, &scratch, 0);
	}
	sm_order_sigs(&c, NULL);
	sm_match_plain(&c, &got);
	brute_force(&c, &want);
	FUZZ_CHECK(got.n == want.n);
	for (i = 0; i < got.n; i++)
		FUZZ_CHECK(got.v[i].a == want.v[i].a && got.v[i].b == want.v[i].b &&
		    got.v[i].sim == want.v[i].sim);
	free(got.v), free(want.v), free(text.p);
	dk_sigs_free(&scratch);
	sm_ctx_free(&c);
	return 0;
}
