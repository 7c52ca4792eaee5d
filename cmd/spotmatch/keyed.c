/* Keyed streams whose documents sharing a key are candidates (common/keys.h:
 * DK_PAIRS_VERIFY, minhash's bands, a record a band or a record listing a
 * document's bands, and DK_PAIRS_SHARE, imatch's fingerprints): reading
 * their records into postings (key, document), the checks of the keys'
 * fingerprint counts and bandings, and, for --against, the table from key
 * to documents.  Spilling postings past a budget is kspill.c; matching
 * the key groups (candidate pairs, their filters and verification) is
 * kgroups.c; struct sm_keyed is in keyed.h. */
#include "keyed.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

sm_keyed *
sm_keyed_new(const struct dk_keykind *kind)
{
	sm_keyed *k = dk_calloc(1, sizeof *k);

	k->kind = kind;
	/* a key id is a 32-bit number; documents are numbered from 0 */
	k->shift = kind->pairs == DK_PAIRS_SHARE ? 32 : 8;
	k->budget = SPILL_POSTINGS;
	if (getenv("DK_TEST_KEYED_SPILL"))
		k->budget = (size_t)strtoul(getenv("DK_TEST_KEYED_SPILL"), NULL, 10) + 1;
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

/* Band keys of two bandings (minhash's -k, -l, -s, -w) share no hash:
 * streams of both concatenated or merged would give no pairs between
 * them, or wrong candidates, with status 0.  Each band key's banding must
 * be the first's. */
void
sm_keyed_check_banding(sm_keyed *k, const dk_keyinfo *key, const dk_reader *r)
{
	char now[DK_BANDPAR_MAX], first[DK_BANDPAR_MAX];
	dk_str par = key->par;

	if (!k->parfile) {
		dk_buf_bytes(&k->par, par.p, par.n);
		k->parfile = dk_strdup(dk_reader_name(r));
		k->parline = dk_reader_lineno(r);
		return;
	}
	if (par.n == k->par.n && (par.n == 0 || memcmp(par.p, k->par.p, par.n) == 0))
		return;
	dk_bandpar_describe(par, now);
	dk_bandpar_describe((dk_str){ k->par.p, k->par.n }, first);
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "a band key of %s after one of %s "
	    "(at %s:%lu): keys of two bandings share no hash, so their documents would "
	    "not be paired (make every stream with the same minhash options)", now, first,
	    k->parfile, k->parline);
}

/* Band keys made for a higher threshold than tau (minhash -t 0.9's, k 16
 * and l 12, pair documents at 0.5 with a chance of 0.0002): most pairs
 * would be missed, with status 0.  LSH trades recall for speed, and
 * minhash --p-tau may ask for a low chance: a warning under one half. */
void
sm_keyed_check_chance(const sm_keyed *k, double tau)
{
	char desc[DK_BANDPAR_MAX], t[32];
	double p = dk_bandpar_chance((dk_str){ k->par.p, k->par.n }, tau);

	if (!k->parfile || p < 0 || p >= 0.5)
		return;
	dk_bandpar_describe((dk_str){ k->par.p, k->par.n }, desc);
	dk_tau_format(t, sizeof t, tau);
	dk_warnx("%s:%lu: band keys of %s pair documents at -t %s with a chance of %.2g: "
	    "most such pairs will be missed (minhash -t %s makes the keys for it)",
	    k->parfile, k->parline, desc, t, p, t);
}

/* Whether the record repeats the previous one's ID and SIGS bytes. */
static int
same_as_last(const sm_keyed *k, dk_str id, dk_str sigs)
{
	return k->haslast && id.n == k->lastid && sigs.n == k->last.n - k->lastid &&
	    memcmp(k->last.p, id.p, id.n) == 0 &&
	    (sigs.n == 0 || memcmp(k->last.p + id.n, sigs.p, sigs.n) == 0);
}

/* Whether a band key is of the per-document form, B<par>:<hash>,...
 * (keys.h), whose IDs dk_ids has checked unique in one scope: no band
 * number follows the B. */
static int
per_document(dk_str key)
{
	return key.n >= 2 && (key.p[1] == ':' || key.p[1] == '/');
}

/* Interns the IDs of the documents not yet in k->ids (see struct
 * sm_keyed), each getting the ID id it was counted under. */
static void
index_ids(sm_keyed *k, const sm_ctx *c)
{
	size_t i = dk_intern_count(&k->ids), off = 0, nshort = 0;
	dk_str id;
	int isnew;

	for (; i < k->doc.n; i++) {
		if (k->doc.v[i] != NONE)
			id = sm_doc_id(c, k->doc.v[i]);
		else {
			id = (dk_str){ k->shortid.v + off, k->shortlen.v[nshort] };
			off += k->shortlen.v[nshort++];
		}
		dk_intern_id(&k->ids, id.p, id.n, &isnew);
	}
	k->shortid.n = k->shortlen.n = 0;
	k->indexed = 1;
}

/* The document of a record not like the previous one: new (its signatures
 * numbered ahead when pre is set), or met before with the same
 * signatures. */
static uint32_t
record_doc(sm_keyed *k, sm_ctx *c, sm_reader *s, dk_reader *r, const sm_numbered *pre,
    dk_str id, dk_str sigs)
{
	dk_str key = s->x.rec.f[0];
	uint64_t h = pre && pre->nband ? pre->sighash : dk_hash64(sigs.p, sigs.n, 0);
	uint32_t i, d;
	int isnew = 1;

	if (!k->indexed && (!per_document(key) || dk_allow_repeated_ids))
		index_ids(k, c);
	if (k->indexed)
		i = dk_intern_id(&k->ids, id.p, id.n, &isnew);
	else
		i = (uint32_t)k->doc.n;
	if (isnew) {
		d = pre ? sm_add_numbered(c, r, id, pre) : sm_add_doc(c, r, id, sm_rec_sigs(s, r), 0);
		DK_PUSH(&k->doc, d);
		DK_PUSH(&k->rawhash, h);
		if (!k->indexed && d == NONE) {
			DK_GROW(&k->shortid, k->shortid.n + id.n + 1);
			if (id.n)
				memcpy(k->shortid.v + k->shortid.n, id.p, id.n);
			k->shortid.n += id.n;
			DK_PUSH(&k->shortlen, (uint32_t)id.n);
		}
	} else if (k->rawhash.v[i] != h)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "document '%.*s' appears with other signatures", (int)id.n, id.p);
	/* the next record repeats this one only in a stream of bands */
	k->haslast = k->indexed;
	if (!k->indexed)
		return k->doc.v[i];
	k->last.n = 0;
	dk_buf_bytes(&k->last, id.p, id.n);
	dk_buf_bytes(&k->last, sigs.p, sigs.n);
	k->lastid = id.n;
	return k->lastdoc = k->doc.v[i];
}

/* What stands for band i of a band key in a posting (see struct
 * sm_keyed). */
static uint64_t
band_value(const dk_keyinfo *ki, dk_str key, unsigned i)
{
	return dk_key_bandvalue((unsigned)ki->num + i, dk_key_bandhash(key, i));
}

/* More documents than the document bits hold: four bits more, taken
 * from the key hashes of the postings so far. */
static void
widen(sm_keyed *k)
{
	uint64_t *p = k->pkey.v, low = ((uint64_t)1 << k->shift) - 1;
	unsigned b = k->shift + 4 < 32 ? k->shift + 4 : 32;
	size_t i;

	for (i = 0; i < k->pkey.n; i++)
		p[i] = p[i] >> b << b | (p[i] & low);
	k->shift = b;
}

void
sm_keyed_add(sm_keyed *k, sm_ctx *c, sm_reader *s, dk_reader *r, const sm_numbered *pre)
{
	const sm_rec *x = &s->x;
	dk_str key = x->rec.f[0], id = x->id, sigs = x->sigtext;
	uint64_t v;
	uint32_t d;
	unsigned i;
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
	} else
		sm_keyed_check_banding(k, &x->key, r);
	d = same_as_last(k, id, sigs) ? k->lastdoc : record_doc(k, c, s, r, pre, id, sigs);
	if (d == NONE)
		return;
	if (d >= k->ndocs) {
		k->ndocs = (size_t)d + 1;
		while (k->ndocs > (size_t)1 << k->shift)
			widen(k);
	}
	if (k->kind->pairs == DK_PAIRS_SHARE) {
		v = dk_intern_id(&k->keys, key.p, key.n, &isnew);
		DK_PUSH(&k->pkey, v << 32 | d);
		return;
	}
	DK_GROW(&k->pkey, k->pkey.n + x->key.nband);
	for (i = 0; i < x->key.nband; i++) {
		/* worked out ahead by the threads when they read it */
		v = pre && pre->nband ? pre->band[i] : band_value(&x->key, key, i);
		k->pkey.v[k->pkey.n++] = v >> k->shift << k->shift | d;
	}
	if (k->pkey.n >= k->budget)
		sm_spill(k);
}

/* Frees what only reading needed. */
void
sm_pack(sm_keyed *k)
{
	DK_FREE_ALL(k->doc.v, k->rawhash.v, k->shortid.v, k->shortlen.v);
	memset(&k->doc, 0, sizeof k->doc);
	memset(&k->rawhash, 0, sizeof k->rawhash);
	memset(&k->shortid, 0, sizeof k->shortid);
	memset(&k->shortlen, 0, sizeof k->shortlen);
	dk_buf_free(&k->last);
	memset(&k->last, 0, sizeof k->last);
	k->haslast = 0;
	dk_intern_free(&k->ids);
	dk_intern_init(&k->ids, 0);
}

void
sm_keyed_free(sm_keyed *k)
{
	size_t b;

	for (b = 0; k->spilled && b < NBUCKET; b++)
		fclose(k->bucket[b]);
	DK_FREE_ALL(k->doc.v, k->rawhash.v, k->pkey.v, k->kkey.v,
	    k->kstart.v, k->kdoc.v, k->hits.v, k->shortid.v, k->shortlen.v);
	dk_buf_free(&k->last);
	dk_buf_free(&k->par);
	free(k->parfile);
	dk_intern_free(&k->keys);
	dk_intern_free(&k->ids);
	free(k);
}

/* --against: REF's postings become a sorted table of keys, each with its
 * documents. */
void
sm_keyed_index(sm_keyed *k)
{
	const uint64_t *p;
	size_t i, n;
	unsigned sh;

	sm_pack(k);
	sm_unspill(k);
	dk_sort_u64_spread(k->pkey.v, k->pkey.n);
	p = k->pkey.v;
	n = k->pkey.n;
	sh = k->shift;
	for (i = 0; i < n; i++) {
		if (i > 0 && p[i] == p[i - 1])
			continue;
		if (i == 0 || p[i] >> sh != p[i - 1] >> sh) {
			DK_PUSH(&k->kkey, p[i] >> sh);
			DK_PUSH(&k->kstart, (uint32_t)k->kdoc.n);
		}
		DK_PUSH(&k->kdoc, (uint32_t)(p[i] & (((uint64_t)1 << sh) - 1)));
	}
	DK_PUSH(&k->kstart, (uint32_t)k->kdoc.n);
	free(k->pkey.v);
	memset(&k->pkey, 0, sizeof k->pkey);
}

/* The documents of the key whose value is want, *docs pointing at them. */
static size_t
lookup_value(const sm_keyed *k, uint64_t want, const uint32_t **docs)
{
	size_t lo = 0, hi = k->kkey.n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (k->kkey.v[mid] < want)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == k->kkey.n || k->kkey.v[lo] != want)
		return 0;
	*docs = k->kdoc.v + k->kstart.v[lo];
	return k->kstart.v[lo + 1] - k->kstart.v[lo];
}

size_t
sm_keyed_lookup(sm_keyed *k, dk_str key, const uint32_t **docs)
{
	const uint32_t *d;
	dk_keyinfo ki;
	size_t n;
	unsigned i;

	if (k->kind->pairs == DK_PAIRS_SHARE) {
		uint32_t id = dk_intern_find(&k->keys, key.p, key.n);

		return id == NONE ? 0 : lookup_value(k, id, docs);
	}
	dk_key_parse(key, &ki);
	if (ki.nband == 1)
		return lookup_value(k, band_value(&ki, key, 0) >> k->shift, docs);
	/* a list of bands: the documents of each, one after the other */
	k->hits.n = 0;
	for (i = 0; i < ki.nband; i++) {
		if ((n = lookup_value(k, band_value(&ki, key, i) >> k->shift, &d)) == 0)
			continue;
		DK_GROW(&k->hits, k->hits.n + n);
		memcpy(k->hits.v + k->hits.n, d, n * sizeof *d);
		k->hits.n += n;
	}
	*docs = k->hits.v;
	return k->hits.n;
}

size_t
sm_keyed_bytes(const sm_keyed *k)
{
	return sizeof *k + dk_intern_bytes(&k->keys) + dk_intern_bytes(&k->ids) +
	    (k->doc.cap + k->kstart.cap + k->kdoc.cap + k->hits.cap + k->shortlen.cap) *
	    sizeof(uint32_t) + (k->rawhash.cap + k->pkey.cap + k->kkey.cap) * sizeof(uint64_t) +
	    k->last.cap + k->shortid.cap;
}
