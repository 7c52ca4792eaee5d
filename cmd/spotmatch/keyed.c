/* Keyed streams whose documents sharing a key are candidates (common/keys.h:
 * DK_PAIRS_VERIFY, minhash's bands, and DK_PAIRS_SHARE, imatch's
 * fingerprints): the table from key to documents, the candidate pairs, and
 * their verification or score. */
#include "sm.h"

#include <stdlib.h>

#define NONE UINT32_MAX

typedef DK_VEC(uint64_t) u64vec;

struct sm_keyed {
	const struct dk_keykind *kind;
	dk_intern keys, ids;
	DK_VEC(uint32_t) doc;       /* by ID id: document, or NONE if short */
	DK_VEC(uint64_t) rawhash;   /* by ID id: hash of its SIGS field */
	DK_VEC(uint64_t) post;      /* key id << 32 | document */
	unsigned long nfp;          /* imatch: fingerprints a document */
	/* sm_keyed_index: documents of key i are kdoc[kstart[i] .. kstart[i + 1]) */
	DK_VEC(uint32_t) kstart, kdoc;
};

sm_keyed *
sm_keyed_new(const struct dk_keykind *kind)
{
	sm_keyed *k = dk_calloc(1, sizeof *k);

	k->kind = kind;
	dk_intern_init(&k->keys, 0);
	dk_intern_init(&k->ids, 0);
	return k;
}

unsigned long
sm_keyed_nfp(const sm_keyed *k)
{
	return k->nfp;
}

/* imatch keys say how many fingerprints a document has; all must agree. */
void
sm_keyed_check_nfp(sm_keyed *k, const dk_keyinfo *key, dk_reader *r)
{
	unsigned long n = key->nfp;

	if (n == 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "bad fingerprint count in key");
	if (k->nfp && n != k->nfp)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "key with %lu fingerprints in a stream of %lu (mixed input?)", n, k->nfp);
	k->nfp = n;
}

void
sm_keyed_add(sm_keyed *k, sm_ctx *c, sm_reader *s, dk_reader *r)
{
	const sm_rec *x = &s->x;
	dk_str key = x->rec.f[0], id = x->id, sigs = x->sigtext;
	uint64_t h;
	uint32_t i, d;
	int isnew;

	if (x->kind->pairs == DK_PAIRS_NONE) {
		c->nrejected++;
		return;
	}
	if (k->kind->pairs == DK_PAIRS_SHARE) {
		sm_keyed_check_nfp(k, &x->key, r);
		/* SIM is the share of fingerprints: imatch of a document
		 * stream writes no signatures, and none are needed */
		c->nosigs = 1;
	}
	h = dk_hash64(sigs.p, sigs.n, 0);
	i = dk_intern_id(&k->ids, id.p, id.n, &isnew);
	if (isnew) {
		d = sm_add_doc(c, r, id, sm_rec_sigs(s, r), 0);
		DK_PUSH(&k->doc, d);
		DK_PUSH(&k->rawhash, h);
	} else if (k->rawhash.v[i] != h)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "document '%.*s' appears with other signatures", (int)id.n, id.p);
	if ((d = k->doc.v[i]) == NONE)
		return;
	i = dk_intern_id(&k->keys, key.p, key.n, &isnew);
	DK_PUSH(&k->post, (uint64_t)i << 32 | d);
}

/* Every pair of distinct documents inside each key group, a < b; a pair
 * appears once per key it shares. */
static void
candidates(sm_keyed *k, u64vec *cand)
{
	uint64_t *p = k->post.v;
	size_t n = k->post.n, i, j, a, b;

	dk_sort_u64(p, n);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && p[j] >> 32 == p[i] >> 32; j++)
			;
		for (a = i; a < j; a++) {
			if (a > i && p[a] == p[a - 1])
				continue;
			for (b = a + 1; b < j; b++)
				if (p[b] != p[b - 1])
					DK_PUSH(cand, (uint64_t)(uint32_t)p[a] << 32 | (uint32_t)p[b]);
		}
	}
	dk_sort_u64(cand->v, cand->n);
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
		dk_progress_step(end - i, 0);
		for (; i < end; i++)
			v->sim[i] = sm_doc_sim(v->c, (uint32_t)(v->cand[i] >> 32),
			    (uint32_t)v->cand[i]);
	}
}

/* LSH candidates are verified exactly, each once; imatch pairs are
 * duplicates by definition, with the share of fingerprints as SIM. */
void
sm_keyed_finish(sm_keyed *k, sm_ctx *c, int tau_set, sm_pairs *out)
{
	u64vec cand = { 0 };
	struct verify v = { 0 };
	size_t i, j, u = 0;
	double sim;

	candidates(k, &cand);
	for (i = 0; i < cand.n; i = j) {
		for (j = i + 1; j < cand.n && cand.v[j] == cand.v[i]; j++)
			;
		cand.v[u] = cand.v[i];
		if (k->kind->pairs == DK_PAIRS_SHARE) {
			sim = (double)(j - i) / (double)k->nfp;
			if (!tau_set || sim >= c->tau)
				DK_PUSH(out, ((sm_pair){ (uint32_t)(cand.v[i] >> 32),
				    (uint32_t)cand.v[i], sim }));
		}
		u++;
	}
	c->candidates = u;
	c->ngroups = dk_intern_count(&k->keys);
	if (k->kind->pairs == DK_PAIRS_VERIFY) {
		dk_progress_phase("verifying", "candidates", u);
		v = (struct verify){ c, cand.v, u, dk_reallocarray(NULL, u + 1, sizeof(double)), { 0 } };
		dk_parallel(u < 1024 ? 1 : c->nthreads, verify_work, &v);
		for (i = 0; i < u; i++)
			if (v.sim[i] >= c->tau)
				DK_PUSH(out, ((sm_pair){ (uint32_t)(cand.v[i] >> 32),
				    (uint32_t)cand.v[i], v.sim[i] }));
		free(v.sim);
	}
	free(cand.v);
	sm_keyed_free(k);
}

void
sm_keyed_free(sm_keyed *k)
{
	DK_FREE_ALL(k->doc.v, k->rawhash.v, k->post.v, k->kstart.v, k->kdoc.v);
	dk_intern_free(&k->keys);
	dk_intern_free(&k->ids);
	free(k);
}

void
sm_keyed_index(sm_keyed *k)
{
	size_t nkey = dk_intern_count(&k->keys), i, key;
	uint64_t *p = k->post.v;

	dk_sort_u64(p, k->post.n);
	DK_GROW(&k->kstart, nkey + 1);
	k->kstart.n = nkey + 1;
	for (i = 0, key = 0; i < k->post.n; i++) {
		if (i > 0 && p[i] == p[i - 1])
			continue;
		while (key <= p[i] >> 32)
			k->kstart.v[key++] = (uint32_t)k->kdoc.n;
		DK_PUSH(&k->kdoc, (uint32_t)p[i]);
	}
	while (key <= nkey)
		k->kstart.v[key++] = (uint32_t)k->kdoc.n;
	free(k->post.v);
	free(k->doc.v);
	free(k->rawhash.v);
	memset(&k->post, 0, sizeof k->post);
	memset(&k->doc, 0, sizeof k->doc);
	memset(&k->rawhash, 0, sizeof k->rawhash);
	dk_intern_free(&k->ids);
	dk_intern_init(&k->ids, 0);
}

size_t
sm_keyed_lookup(const sm_keyed *k, dk_str key, const uint32_t **docs)
{
	uint32_t i = dk_intern_find(&k->keys, key.p, key.n);

	if (i == NONE || i + 1 >= k->kstart.n)
		return 0;
	*docs = k->kdoc.v + k->kstart.v[i];
	return k->kstart.v[i + 1] - k->kstart.v[i];
}

size_t
sm_keyed_bytes(const sm_keyed *k)
{
	return sizeof *k + dk_intern_bytes(&k->keys) + dk_intern_bytes(&k->ids) +
	    (k->doc.cap + k->kstart.cap + k->kdoc.cap) * sizeof(uint32_t) +
	    (k->rawhash.cap + k->post.cap) * sizeof(uint64_t);
}
