/* Matching a keyed stream's key groups (struct sm_keyed in keyed.h): the
 * postings radix-sorted into runs of documents sharing a key, the pairs
 * they make counted, the candidate pairs filtered by the documents'
 * lengths and signature sketches, and their verification (DK_PAIRS_VERIFY)
 * or score (DK_PAIRS_SHARE); spilled postings a bucket at a time
 * (kspill.c). */
#include "keyed.h"

#include <stdio.h>
#include <stdlib.h>

static size_t group_start(const sm_keyed *k, size_t i);

/* The postings [from, to), whole key groups, with those of keys with one
 * document dropped, the others moved to the front (up to *kept); the
 * pairs they make, counted once per key, and the keys, into *sum and
 * *ngroups. */
static void
count_share(uint64_t *p, size_t from, size_t to, unsigned sh, size_t *kept,
    uint64_t *sum, size_t *ngroups)
{
	size_t i, j, a, g, w = from;

	*sum = 0;
	*ngroups = 0;
	for (i = from; i < to; i = j) {
		for (j = i + 1; j < to && p[j] >> sh == p[i] >> sh; j++)
			;
		for (a = i, g = 0; a < j; a++)
			g += a == i || p[a] != p[a - 1];
		*sum += (uint64_t)g * (g - 1) / 2;
		(*ngroups)++;
		if (g > 1) {
			memmove(p + w, p + i, (j - i) * sizeof *p);
			w += j - i;
		}
	}
	*kept = w;
}

/* count_pairs' threads, each over a share of the postings from a key
 * group's start to the next share's, from[tid] .. from[tid + 1] (found
 * before the threads start: a share's postings are moved while the
 * share before it ends). */
struct counting {
	sm_keyed *k;
	int nt;
	size_t *from, *kept, *ngroups;
	uint64_t *sum;
};

static void
count_work(void *arg, int tid)
{
	struct counting *cn = arg;

	count_share(cn->k->pkey.v, cn->from[tid], cn->from[tid + 1], cn->k->shift,
	    &cn->kept[tid], &cn->sum[tid], &cn->ngroups[tid]);
}

/* Drops the postings of keys with one document (they make no pair), and
 * returns the pairs the other keys make, counted once per key (what the
 * candidate lists would hold before filtering), and the number of keys;
 * with nt threads, each over a share, the shares' kept postings then
 * joined in order. */
static uint64_t
count_pairs(sm_keyed *k, int nt, size_t *ngroups)
{
	struct counting cn = { k, nt, NULL, NULL, NULL, NULL };
	uint64_t sum = 0;
	size_t w = 0, m;
	int t;

	if (nt < 2 || k->pkey.n < 65536)
		nt = cn.nt = 1;
	cn.from = dk_reallocarray(NULL, (size_t)nt * 3 + 1, sizeof *cn.from);
	cn.kept = cn.from + nt + 1;
	cn.ngroups = cn.kept + nt;
	cn.sum = dk_reallocarray(NULL, (size_t)nt, sizeof *cn.sum);
	for (t = 0; t <= nt; t++)
		cn.from[t] = group_start(k, (size_t)((uint64_t)k->pkey.n * (unsigned)t /
		    (unsigned)nt));
	dk_parallel(nt, count_work, &cn);
	*ngroups = 0;
	for (t = 0; t < nt; t++) {
		m = cn.kept[t] - cn.from[t];
		if (m > 0 && cn.from[t] != w)
			memmove(k->pkey.v + w, k->pkey.v + cn.from[t], m * sizeof *k->pkey.v);
		w += m;
		sum += cn.sum[t];
		*ngroups += cn.ngroups[t];
	}
	k->pkey.n = w;
	free(cn.from);
	free(cn.sum);
	return sum;
}

/* What is known of each document before its signatures are read: its
 * length, and a 128-bit map with a bit for each of its signatures (by
 * number, as the exact route's bitmap filter).  Band candidates at a low
 * tau mostly fail on these alone, and the arrays (20 bytes a document)
 * are read faster than the documents. */
struct sketch {
	uint32_t *len;
	uint64_t *bits;         /* two words a document */
};

/* The sketches of documents [from, to). */
static void
sketch_docs(struct sketch *f, const sm_ctx *c, size_t from, size_t to)
{
	const sm_doc *d;
	const uint32_t *s;
	uint64_t h, *b;
	size_t i, j;

	for (i = from; i < to; i++) {
		d = &c->docs.v[i];
		s = sm_doc_sigs(c, d);
		b = f->bits + 2 * i;
		f->len[i] = d->len;
		/* signature 0 may stand for those a REF lacks: no bit, which
		 * only loosens the bound */
		for (j = 0; j < d->nsig; j++)
			if (s[j] != 0) {
				h = ((uint64_t)s[j] * 0x9e3779b97f4a7c15u) >> 57;
				b[h >> 6] |= (uint64_t)1 << (h & 63);
			}
	}
}

struct sketching {
	struct sketch *f;
	const sm_ctx *c;
	size_t ndocs;
	int nt;
};

static void
sketch_work(void *arg, int tid)
{
	struct sketching *sk = arg;
	uint64_t n = sk->ndocs;

	sketch_docs(sk->f, sk->c, (size_t)(n * (unsigned)tid / (unsigned)sk->nt),
	    (size_t)(n * (unsigned)(tid + 1) / (unsigned)sk->nt));
}

/* The sketches of the first ndocs documents, by c's threads, each over a
 * range of them. */
static void
sketch_init(struct sketch *f, const sm_ctx *c, size_t ndocs)
{
	struct sketching sk = { f, c, ndocs, ndocs < 65536 ? 1 : c->nthreads };

	f->len = dk_reallocarray(NULL, ndocs + 1, sizeof *f->len);
	f->bits = dk_calloc(2 * ndocs + 2, sizeof *f->bits);
	dk_parallel(sk.nt > 1 ? sk.nt : 1, sketch_work, &sk);
}

/* Whether documents a and b may reach tau: the overlap can pass neither
 * length less the signatures whose bits the other lacks (each weighs 1
 * or more). */
static int
sketch_fits(const sm_ctx *c, const struct sketch *f, uint64_t a, uint64_t b)
{
	uint64_t la = f->len[a], lb = f->len[b], need, oa, ob;
	const uint64_t *x = f->bits + 2 * a, *y = f->bits + 2 * b;

	need = dk_overlap_need(c->m, c->tau, la, lb);
	if (need < c->minshared)
		need = c->minshared;
	if (need > (la < lb ? la : lb))
		return 0;
	oa = (uint64_t)__builtin_popcountll(x[0] & ~y[0]) +
	    (uint64_t)__builtin_popcountll(x[1] & ~y[1]);
	ob = (uint64_t)__builtin_popcountll(y[0] & ~x[0]) +
	    (uint64_t)__builtin_popcountll(y[1] & ~x[1]);
	return oa <= la - need && ob <= lb - need;
}

/* The pairs a < b of distinct documents inside the key groups starting
 * in postings [from, to) whose a is in [lo, hi), appended to cand: a pair
 * appears once per key it shares.  With a sketch (band keys), pairs it
 * rules out are left out.  A group's postings are in document order. */
static void
group_pairs(const sm_keyed *k, const sm_ctx *c, const struct sketch *f, size_t from,
    size_t to, size_t lo, size_t hi, u64vec *cand)
{
	const uint64_t *p = k->pkey.v;
	size_t n = k->pkey.n, i, j, a, b;
	uint64_t mask = ((uint64_t)1 << k->shift) - 1, da, db;
	unsigned sh = k->shift;

	for (i = from; i < to; i = j) {
		for (j = i + 1; j < n && p[j] >> sh == p[i] >> sh; j++)
			;
		a = i;
		if (j - i > 16 && (p[i] & mask) < lo) {
			/* the first posting of the group at or past lo */
			size_t l = i, r = j;

			while (l < r) {
				size_t m = l + (r - l) / 2;

				if ((p[m] & mask) < lo)
					l = m + 1;
				else
					r = m;
			}
			a = l;
		}
		for (; a < j; a++) {
			if ((a > i && p[a] == p[a - 1]) || (p[a] & mask) < lo)
				continue;
			if ((da = p[a] & mask) >= hi)
				break;
			for (b = a + 1; b < j; b++) {
				if (p[b] == p[b - 1])
					continue;
				db = p[b] & mask;
				if (!f || sketch_fits(c, f, da, db))
					DK_PUSH(cand, da << 32 | db);
			}
		}
	}
}

/* The candidates of a pass, made by threads each over a share of the
 * postings (from a key group's start to the next share's). */
struct gen {
	const sm_keyed *k;
	const sm_ctx *c;
	const struct sketch *f;
	size_t lo, hi;
	int nt;
	u64vec *part;           /* one a thread */
};

/* The first posting at or after i that starts a key group. */
static size_t
group_start(const sm_keyed *k, size_t i)
{
	const uint64_t *p = k->pkey.v;
	unsigned sh = k->shift;

	while (i > 0 && i < k->pkey.n && p[i] >> sh == p[i - 1] >> sh)
		i++;
	return i < k->pkey.n ? i : k->pkey.n;
}

static void
gen_work(void *arg, int tid)
{
	struct gen *g = arg;
	size_t n = g->k->pkey.n;
	size_t from = group_start(g->k, (size_t)((uint64_t)n * (unsigned)tid / (unsigned)g->nt));
	size_t to = group_start(g->k, (size_t)((uint64_t)n * (unsigned)(tid + 1) / (unsigned)g->nt));

	g->part[tid].n = 0;
	group_pairs(g->k, g->c, g->f, from, to, g->lo, g->hi, &g->part[tid]);
}

/* The candidates whose a is in [lo, hi), sorted. */
static void
candidates(struct gen *g, size_t lo, size_t hi, u64vec *cand, u64vec *tmp)
{
	int t;

	g->lo = lo;
	g->hi = hi;
	dk_parallel(g->nt, gen_work, g);
	cand->n = 0;
	for (t = 0; t < g->nt; t++) {
		DK_GROW(cand, cand->n + g->part[t].n);
		if (g->part[t].n > 0)
			memcpy(cand->v + cand->n, g->part[t].v, g->part[t].n * sizeof *cand->v);
		cand->n += g->part[t].n;
	}
	DK_GROW(tmp, cand->n);
	dk_sort_u64_tmp(cand->v, cand->n, tmp->v);
}

struct verify {
	sm_ctx *c;
	const uint64_t *cand;
	size_t n;
	double *sim;
	dk_counter next;
};

static void
verify_work(void *arg, int tid)
{
	struct verify *v = arg;
	size_t i, end;

	(void)tid;
	while ((i = dk_counter_take(&v->next, 256, v->n)) < v->n) {
		end = i + 256 < v->n ? i + 256 : v->n;
		for (; i < end; i++)
			v->sim[i] = sm_candidate_sim(v->c, (uint32_t)(v->cand[i] >> 32),
			    (uint32_t)v->cand[i]);
	}
}

/* The candidate pairs of one pass: LSH candidates are verified exactly,
 * each once; imatch pairs are duplicates by definition, with the share of
 * fingerprints as SIM. */
static void
finish_pass(sm_keyed *k, sm_ctx *c, int tau_set, u64vec *cand, sm_pairs *out)
{
	struct verify v = { 0 };
	size_t i, j, u = 0;
	double sim;

	for (i = 0; i < cand->n; i = j) {
		for (j = i + 1; j < cand->n && cand->v[j] == cand->v[i]; j++)
			;
		cand->v[u] = cand->v[i];
		if (k->kind->pairs == DK_PAIRS_SHARE) {
			sim = (double)(j - i) / (double)k->nfp;
			if (!tau_set || sim >= c->tau)
				DK_PUSH(out, ((sm_pair){ (uint32_t)(cand->v[i] >> 32),
				    (uint32_t)cand->v[i], sim }));
		}
		u++;
	}
	c->candidates += u;
	if (k->kind->pairs != DK_PAIRS_VERIFY)
		return;
	v = (struct verify){ c, cand->v, u, dk_reallocarray(NULL, u + 1, sizeof(double)), { 0 } };
	dk_parallel(u < 1024 ? 1 : c->nthreads, verify_work, &v);
	for (i = 0; i < u; i++)
		if (v.sim[i] >= c->tau)
			DK_PUSH(out, ((sm_pair){ (uint32_t)(cand->v[i] >> 32),
			    (uint32_t)cand->v[i], v.sim[i] }));
	free(v.sim);
}

/* The candidates are made in passes over ranges of the first document, so
 * that a pass holds about PASS_PAIRS of them (with repeats) and memory
 * stays bounded however many pairs the keys make; the pairs come out in
 * the same order for any number of passes.  The first range is what the
 * unfiltered pairs give; each next one is scaled by the candidates the
 * last one made per document, so that filtered passes are few (a pass
 * reads every posting). */
#define PASS_PAIRS ((uint64_t)1 << 20)

/* Sorting the postings (common/spread): placed by top byte, then the 256
 * runs sorted by threads, each taking the next run.  The placing is in
 * place, on one thread, or, while the postings are at most half the
 * budget (keyed.h), by the threads into a second array, which then
 * holds the postings, the first being the runs' scratch. */
static void
sort_postings(sm_keyed *k, int nt)
{
	size_t start[257];
	uint64_t *scratch = NULL, *to;

	if (nt < 2 || k->pkey.n < 65536) {
		dk_sort_u64_spread(k->pkey.v, k->pkey.n);
		return;
	}
	if (k->pkey.n <= k->budget / 2) {
		to = dk_reallocarray(NULL, k->pkey.n + 1, sizeof *to);
		dk_spread_into(k->pkey.v, k->pkey.n, to, start, nt);
		scratch = k->pkey.v;
		k->pkey.v = to;
		k->pkey.cap = k->pkey.n + 1;
	} else
		dk_spread_runs(k->pkey.v, k->pkey.n, start);
	dk_sort_runs(k->pkey.v, start, scratch, nt);
	free(scratch);
}

/* The pairs of the postings in k->pkey, sorted here, appended to out. */
static void
match_postings(sm_keyed *k, sm_ctx *c, int tau_set, const struct sketch *f,
    sm_pairs *out, u64vec *cand, u64vec *tmp)
{
	size_t ngroups, npass, lo, hi;
	uint64_t total;
	double step, made;
	struct gen g = { k, c, f, 0, 0, 1, NULL };
	int t;

	/* key hashes are spread: the sort needs little scratch */
	sort_postings(k, c->nthreads);
	total = count_pairs(k, c->nthreads, &ngroups);
	c->ngroups += ngroups;
	npass = (size_t)(total / PASS_PAIRS) + 1;
	step = (double)k->ndocs / (double)npass;
	if (k->pkey.n >= 65536)
		g.nt = c->nthreads;
	g.part = dk_calloc((size_t)g.nt, sizeof *g.part);
	if (!k->spilled)
		dk_progress_phase(k->kind->pairs == DK_PAIRS_VERIFY ? "verifying" :
		    "pairing", "documents", k->ndocs);
	for (lo = 0; lo < k->ndocs; lo = hi) {
		hi = step >= (double)(k->ndocs - lo) ? k->ndocs : lo + (size_t)step;
		if (hi <= lo)
			hi = lo + 1;
		candidates(&g, lo, hi, cand, tmp);
		/* the next range: as long as makes PASS_PAIRS at this rate,
		 * growing at most 8 times a pass */
		made = (double)cand->n / (double)(hi - lo);
		step = made > 0 ? (double)PASS_PAIRS / made : 8 * (double)(hi - lo);
		if (step > 8 * (double)(hi - lo))
			step = 8 * (double)(hi - lo);
		finish_pass(k, c, tau_set, cand, out);
		if (!k->spilled)
			dk_progress_step(hi - lo, 0);
	}
	for (t = 0; t < g.nt; t++)
		free(g.part[t].v);
	free(g.part);
}

/* The pairs of a bucket of spilled postings, whose keys agree on their
 * top `bits` bits: matched at once, or, over the budget, split by the
 * next bits first (down to the 32 bits a spilled key keeps).  f is
 * closed. */
static void
match_bucket(sm_keyed *k, sm_ctx *c, int tau_set, const struct sketch *sk, FILE *f,
    unsigned bits, sm_pairs *out, u64vec *cand, u64vec *tmp)
{
	FILE *part[NBUCKET];
	size_t n = sm_postings_in(f), b, got;

	if (n <= k->budget || bits + BUCKET_BITS > 32) {
		k->pkey.n = 0;
		sm_load(k, f);
		match_postings(k, c, tau_set, sk, out, cand, tmp);
		return;
	}
	for (b = 0; b < NBUCKET; b++)
		part[b] = sm_temp_file();
	DK_GROW(&k->pkey, k->budget);
	while ((got = fread(k->pkey.v, sizeof(uint64_t), k->budget, f)) > 0)
		sm_scatter(k->pkey.v, got, part, bits + BUCKET_BITS);
	if (ferror(f))
		dk_die(1, "cannot read the band postings back");
	fclose(f);
	for (b = 0; b < NBUCKET; b++)
		match_bucket(k, c, tau_set, sk, part[b], bits + BUCKET_BITS, out, cand, tmp);
}

void
sm_keyed_finish(sm_keyed *k, sm_ctx *c, int tau_set, sm_pairs *out)
{
	u64vec cand = { 0 }, tmp = { 0 };
	sm_pairs got = { 0 };
	struct sketch sk = { NULL, NULL }, *f = NULL;
	size_t b, i;

	sm_pack(k);
	c->ngroups = 0;
	if (k->kind->pairs == DK_PAIRS_VERIFY) {
		sketch_init(&sk, c, k->ndocs);
		f = &sk;
	}
	if (!k->spilled) {
		match_postings(k, c, tau_set, f, out, &cand, &tmp);
		DK_FREE_ALL(cand.v, tmp.v, sk.len, sk.bits);
		sm_keyed_free(k);
		return;
	}
	/* a pair sharing keys of two buckets is found in both: the pairs
	 * are sorted as one pass would have made them, and repeats dropped */
	sm_spill(k);
	k->shift = 32;
	dk_progress_phase("verifying", NULL, 0);
	for (b = 0; b < NBUCKET; b++)
		match_bucket(k, c, tau_set, f, k->bucket[b], BUCKET_BITS, &got, &cand, &tmp);
	k->spilled = 0;
	sm_sort_pairs(&got);
	for (i = 0; i < got.n; i++)
		if (i == 0 || got.v[i].a != got.v[i - 1].a || got.v[i].b != got.v[i - 1].b)
			DK_PUSH(out, got.v[i]);
	DK_FREE_ALL(cand.v, tmp.v, got.v, sk.len, sk.bits);
	sm_keyed_free(k);
}
