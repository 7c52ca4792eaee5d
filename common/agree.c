/* The agreement of a common signature's documents (agree.h), for spotsig
 * --agree and dklexicon --agree.  A signature held by many documents that otherwise share little (a site's template, a licence
 * phrase in unrelated texts) tells nothing; one held by many documents
 * that share much else besides (a story copied into many pages) is the
 * story's own text, and dropping it leaves its copies nothing to match
 * on.  For each signature below the IDF range's lower bound, DK_AGREE_SAMPLE
 * of its documents, chosen by a hash of the signature and the document's
 * ID (so the choice depends on neither the input's order nor the other
 * documents), are compared two by two: the mean multiset Jaccard of the
 * pairs, the signature itself left out, at least A keeps it. */
#include "agree.h"
#include "hash.h"
#include "mem.h"

#include <stdlib.h>

/* What the functions below share: the documents and the lexicon. */
struct docs {
	const dk_lexicon *lx;
	const dk_idcount *ids;
	const dk_agree_doc *v;
	size_t n;
};

/* One document of a signature's sample: the key it was chosen by. */
struct pick {
	uint64_t key;
	uint32_t doc;
};

static int
by_id(const void *a, const void *b)
{
	const dk_idcount *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static int
by_key(const void *a, const void *b)
{
	const struct pick *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->doc > y->doc) - (x->doc < y->doc);
}

/* The overlaps of the pairs compared so far, by pair: the copies of one
 * story are compared again for each of its signatures.  Up to PAIRS_MAX
 * of them (128 MiB at most); the rest are computed each time. */
#define PAIRS_MAX (1u << 22)
struct pairs {
	uint64_t *key;          /* (a + 1) << 32 | (b + 1), a < b; 0 empty */
	uint64_t *overlap;
	size_t n, mask;
};

static uint64_t *
pair_slot(struct pairs *t, uint64_t key, int *isnew)
{
	size_t i;

	if (t->n >= PAIRS_MAX) {
		for (i = dk_mix64(key) & t->mask; t->key[i] && t->key[i] != key; i = (i + 1) & t->mask)
			;
		*isnew = !t->key[i];
		return t->key[i] ? &t->overlap[i] : NULL;
	}
	if (2 * (t->n + 1) > t->mask + 1) {
		struct pairs g = { dk_calloc(2 * (t->mask + 1), sizeof *g.key),
			dk_calloc(2 * (t->mask + 1), sizeof *g.overlap), t->n, 2 * t->mask + 1 };

		for (i = 0; i <= t->mask; i++) {
			size_t j;

			if (!t->key[i])
				continue;
			for (j = dk_mix64(t->key[i]) & g.mask; g.key[j]; j = (j + 1) & g.mask)
				;
			g.key[j] = t->key[i];
			g.overlap[j] = t->overlap[i];
		}
		free(t->key);
		free(t->overlap);
		*t = g;
	}
	for (i = dk_mix64(key) & t->mask; t->key[i] && t->key[i] != key; i = (i + 1) & t->mask)
		;
	*isnew = !t->key[i];
	if (*isnew) {
		t->key[i] = key;
		t->n++;
	}
	return &t->overlap[i];
}

/* A document's signatures sorted by id, and their total count, made once
 * when first needed. */
struct sorted {
	dk_idcount *v;
	size_t n;
	uint64_t len;
};

static const struct sorted *
sorted_doc(const struct docs *ds, struct sorted *cache, uint32_t i)
{
	struct sorted *s = &cache[i];
	const dk_agree_doc *d = &ds->v[i];
	size_t j;

	if (s->v || d->n == 0)
		return s;
	s->v = dk_reallocarray(NULL, d->n, sizeof *s->v);
	for (j = 0; j < d->n; j++) {
		s->v[j] = ds->ids[d->first + j];
		s->len += s->v[j].count;
	}
	qsort(s->v, d->n, sizeof *s->v, by_id);
	s->n = d->n;
	return s;
}

/* The count of signature id in a sorted document (it holds it). */
static uint32_t
count_of(const dk_idcount *v, size_t n, uint32_t id)
{
	size_t lo = 0, hi = n;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].id <= id)
			lo = mid;
		else
			hi = mid;
	}
	return v[lo].id == id ? v[lo].count : 0;
}

/* The mean multiset Jaccard of the pairs of sample p[0, n), signature id
 * left out of both sides. */
static double
mean_agreement(const struct docs *ds, struct sorted *cache, struct pairs *seen,
    const struct pick *p, size_t n, uint32_t id)
{
	double sum = 0;
	size_t a, b, pairs = 0;

	for (a = 0; a < n; a++) {
		const struct sorted *x = sorted_doc(ds, cache, p[a].doc);
		size_t nx = x->n;
		uint32_t cx = count_of(x->v, nx, id);

		for (b = a + 1; b < n; b++) {
			const struct sorted *y = sorted_doc(ds, cache, p[b].doc);
			size_t ny = y->n;
			uint32_t cy = count_of(y->v, ny, id);
			uint32_t lo = p[a].doc < p[b].doc ? p[a].doc : p[b].doc;
			uint32_t hi = p[a].doc ^ p[b].doc ^ lo;
			int isnew;
			uint64_t *op = pair_slot(seen, ((uint64_t)lo + 1) << 32 | ((uint64_t)hi + 1), &isnew);
			uint64_t o;

			if (!op)
				o = dk_overlap(DK_M_JACCARD, x->v, nx, y->v, ny);
			else if (isnew)
				o = *op = dk_overlap(DK_M_JACCARD, x->v, nx, y->v, ny);
			else
				o = *op;
			o -= cx < cy ? cx : cy;
			sum += dk_sim(DK_M_JACCARD, o, x->len - cx, y->len - cy);
			pairs++;
		}
	}
	return pairs ? sum / (double)pairs : 0.0;
}

uint64_t
dk_agree_idhash(const char *id, size_t n)
{
	return dk_hash64(id, n, 0);
}

size_t
dk_agree_mark(dk_lexicon *lx, double lo, double agree, const dk_idcount *ids,
    const dk_agree_doc *docs, size_t ndocs, uint64_t *ncommon)
{
	struct docs ds = { lx, ids, docs, ndocs };
	size_t nterms = dk_lexicon_size(lx), i, j, k, nf = 0, nstory = 0;
	uint32_t *fidx = dk_calloc(nterms ? nterms : 1, sizeof *fidx); /* sample + 1 */
	uint64_t *thash = dk_calloc(nterms ? nterms : 1, sizeof *thash);
	struct pick *pk;
	uint32_t *npk;
	struct sorted *cache;
	struct pairs seen = { 0 };
	const char *term;
	size_t n;

	for (i = 0; i < nterms; i++) {
		uint64_t df = dk_lexicon_df_id(lx, (uint32_t)i);

		if (df < 2 || dk_lexicon_idf(lx, df) >= lo)
			continue;
		fidx[i] = (uint32_t)++nf;
		term = dk_lexicon_term(lx, (uint32_t)i, &n);
		thash[i] = dk_hash64(term, n, 0x5ea7ULL);
	}
	*ncommon = nf;
	pk = dk_reallocarray(NULL, nf ? nf * DK_AGREE_SAMPLE : 1, sizeof *pk);
	npk = dk_calloc(nf ? nf : 1, sizeof *npk);
	/* each common signature's DK_AGREE_SAMPLE documents of least key */
	for (i = 0; i < ndocs; i++) {
		const dk_agree_doc *d = &docs[i];

		for (j = 0; j < d->n; j++) {
			uint32_t id = ids[d->first + j].id, f;
			struct pick *s, x;

			if (!fidx[id])
				continue;
			f = fidx[id] - 1;
			s = pk + (size_t)f * DK_AGREE_SAMPLE;
			x.key = dk_mix64(thash[id] ^ d->idhash);
			x.doc = (uint32_t)i;
			if (npk[f] < DK_AGREE_SAMPLE) {
				s[npk[f]++] = x;
				continue;
			}
			for (k = 1, n = 0; k < DK_AGREE_SAMPLE; k++)
				if (by_key(&s[k], &s[n]) > 0)
					n = k;
			if (by_key(&x, &s[n]) < 0)
				s[n] = x;
		}
	}
	cache = dk_calloc(ndocs ? ndocs : 1, sizeof *cache);
	seen.mask = 1023;
	seen.key = dk_calloc(seen.mask + 1, sizeof *seen.key);
	seen.overlap = dk_calloc(seen.mask + 1, sizeof *seen.overlap);
	for (i = 0; i < nterms; i++) {
		struct pick *s;
		uint32_t f;

		if (!fidx[i])
			continue;
		f = fidx[i] - 1;
		s = pk + (size_t)f * DK_AGREE_SAMPLE;
		qsort(s, npk[f], sizeof *s, by_key);    /* one order of the sum */
		if (mean_agreement(&ds, cache, &seen, s, npk[f], (uint32_t)i) >= agree) {
			dk_lexicon_set_agreed(lx, (uint32_t)i);
			nstory++;
		}
	}
	for (i = 0; i < ndocs; i++)
		free(cache[i].v);
	free(cache);
	free(seen.key);
	free(seen.overlap);
	free(pk);
	free(npk);
	free(thash);
	free(fidx);
	return nstory;
}
