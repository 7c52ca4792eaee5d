/* Keyed streams whose documents sharing a key are candidates (common/keys.h:
 * DK_PAIRS_VERIFY, minhash's bands, a record a band or a record listing a
 * document's bands, and DK_PAIRS_SHARE, imatch's fingerprints): the
 * postings (key, document), spilled to temporary files by key past a
 * budget, and, for --against, the table from key to documents; the
 * candidate pairs, filtered by the documents' lengths and signature maps,
 * and their verification or score. */
#include "sm.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#define NONE UINT32_MAX

typedef DK_VEC(uint64_t) u64vec;

/* Band postings are held in memory up to SPILL_POSTINGS (128 MB), then
 * spilled to NBUCKET temporary files by the top bits of their key; a
 * bucket is then matched on its own, split again while it is over the
 * budget (DK_TEST_KEYED_SPILL sets the budget, for the tests). */
#define SPILL_POSTINGS ((size_t)1 << 24)
#define NBUCKET 64
#define BUCKET_BITS 6

/* A posting is a (key, document) pair.  A band key (DK_PAIRS_VERIFY) is
 * held as the 64-bit value keys.h gives its band and hash, the same
 * whether a record carries one band or all of a document's: keys that
 * collide only make more candidates, and every candidate is verified.  A fingerprint key
 * (DK_PAIRS_SHARE) counts towards SIM, so it is interned exactly.  Each
 * posting is one 64-bit word, the key's top bits above the document
 * number (shift bits: a key id takes 32; for a key hash they grow with the
 * documents, dropping low bits of the hashes posted), and the words are
 * radix-sorted: documents sharing a key become runs, without a table of
 * keys. */
struct sm_keyed {
	const struct dk_keykind *kind;
	dk_intern keys, ids;        /* keys: DK_PAIRS_SHARE only */
	DK_VEC(uint32_t) doc;       /* by ID id: document, or NONE if short */
	DK_VEC(uint64_t) rawhash;   /* by ID id: hash of its SIGS field */
	u64vec pkey;                /* the postings, packed */
	unsigned long nfp;          /* imatch: fingerprints a document */
	/* the previous record's ID and SIGS bytes and its document: the
	 * records of a document follow each other, and a record repeating
	 * them needs no lookup */
	dk_buf last;
	size_t lastid;
	uint32_t lastdoc;
	int haslast;
	/* The IDs of documents read from records of the per-document form
	 * ("B:HASH,HASH,...") are not interned while the stream shows no
	 * other: dk_ids has checked them unique in that form's scope, so
	 * only a record of a band ("Bbbb:HASH") could meet one again.  The
	 * first such record (or --allow-repeated-ids) interns them, in order
	 * of their ID ids, from c's IDs and, for short documents, which c
	 * does not keep, from shortid (their lengths in shortlen). */
	int indexed;
	DK_VEC(char) shortid;
	DK_VEC(uint32_t) shortlen;
	size_t ndocs;               /* 1 + the greatest document posted */
	unsigned shift;             /* bits of the document in a packed word */
	/* sm_keyed_index: documents of the i-th key (kkey[i], sorted) are
	 * kdoc[kstart[i] .. kstart[i + 1]) */
	u64vec kkey;
	DK_VEC(uint32_t) kstart, kdoc;
	DK_VEC(uint32_t) hits;      /* sm_keyed_lookup of a list of bands */
	/* band postings past the budget, spilled to files by their key's
	 * top bits (see spill) */
	FILE *bucket[NBUCKET];
	size_t budget;
	int spilled;
	/* the banding of the first band key (keys.h: <par>, "" when not
	 * recorded) and where it was read: every band key must have it */
	dk_buf par;
	char *parfile;
	unsigned long parline;
};

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

	if (!k->indexed && (key.n < 2 || key.p[1] != ':' || dk_allow_repeated_ids))
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

static FILE *
temp_file(void)
{
	FILE *f = tmpfile();

	if (!f)
		dk_die(1, "cannot make a temporary file for the band postings");
	return f;
}

static void
write_postings(FILE *f, const uint64_t *p, size_t n)
{
	if (n > 0 && fwrite(p, sizeof *p, n, f) != n)
		dk_die(1, "cannot write the band postings to a temporary file");
}

/* Spilled postings keep the top 32 bits of the key above 32 bits of
 * document, whatever the shift of those in memory (at most 32: a key
 * keeps its top 32 bits); those of one key go to one bucket. */
/* Appends postings in the spilled form to the buckets to[], chosen by
 * their key's bits after the top `bits`. */
static void
scatter(const uint64_t *p, size_t n, FILE **to, unsigned bits)
{
	enum { BUF = 512 };
	uint64_t *buf = dk_reallocarray(NULL, (size_t)NBUCKET * BUF, sizeof *buf);
	size_t i, b, nbuf[NBUCKET] = { 0 };

	for (i = 0; i < n; i++) {
		b = (size_t)(p[i] << bits >> (64 - BUCKET_BITS));
		buf[b * BUF + nbuf[b]++] = p[i];
		if (nbuf[b] == BUF) {
			write_postings(to[b], buf + b * BUF, BUF);
			nbuf[b] = 0;
		}
	}
	for (b = 0; b < NBUCKET; b++)
		write_postings(to[b], buf + b * BUF, nbuf[b]);
	free(buf);
}

/* Spilled postings keep the top 32 bits of the key above 32 bits of
 * document, whatever the shift of those in memory (at most 32: a key
 * keeps its top 32 bits); those of one key go to one bucket. */
static void
spill(sm_keyed *k)
{
	uint64_t *p = k->pkey.v, low = ((uint64_t)1 << k->shift) - 1;
	size_t i, b;

	if (!k->spilled) {
		for (b = 0; b < NBUCKET; b++)
			k->bucket[b] = temp_file();
		k->spilled = 1;
	}
	for (i = 0; i < k->pkey.n; i++)
		p[i] = p[i] >> 32 << 32 | (p[i] & low);
	scatter(p, k->pkey.n, k->bucket, 0);
	k->pkey.n = 0;
}

/* The postings in f. */
static size_t
postings_in(FILE *f)
{
	long size;

	if (fflush(f) != 0 || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0)
		dk_die(1, "cannot read the band postings back");
	return (size_t)size / sizeof(uint64_t);
}

/* The postings of f, from its start, into k->pkey; f is closed. */
static void
load(sm_keyed *k, FILE *f)
{
	size_t n = postings_in(f);

	DK_GROW(&k->pkey, k->pkey.n + n);
	if (n > 0 && fread(k->pkey.v + k->pkey.n, sizeof(uint64_t), n, f) != n)
		dk_die(1, "cannot read the band postings back");
	k->pkey.n += n;
	fclose(f);
}

/* Everything spilled back into memory, in the spilled form (for
 * --against's table, which lookups need whole). */
static void
unspill(sm_keyed *k)
{
	size_t b;

	if (!k->spilled)
		return;
	spill(k);
	for (b = 0; b < NBUCKET; b++)
		load(k, k->bucket[b]);
	k->spilled = 0;
	k->shift = 32;
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
		spill(k);
}

/* Frees what only reading needed. */
static void
pack(sm_keyed *k)
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
 * group's start to the next share's. */
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
	size_t n = cn->k->pkey.n, from, to;

	from = group_start(cn->k, (size_t)((uint64_t)n * (unsigned)tid / (unsigned)cn->nt));
	to = group_start(cn->k, (size_t)((uint64_t)n * (unsigned)(tid + 1) / (unsigned)cn->nt));
	cn->from[tid] = from;
	count_share(cn->k->pkey.v, from, to, cn->k->shift, &cn->kept[tid], &cn->sum[tid],
	    &cn->ngroups[tid]);
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
	cn.from = dk_reallocarray(NULL, (size_t)nt * 3, sizeof *cn.from);
	cn.kept = cn.from + nt;
	cn.ngroups = cn.kept + nt;
	cn.sum = dk_reallocarray(NULL, (size_t)nt, sizeof *cn.sum);
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

/* Sorting the postings: placed by top byte, then the 256 runs sorted by
 * threads, each taking the next run. */
struct runsort {
	uint64_t *v;
	size_t start[257];
	dk_counter next;
};

static void
runsort_work(void *arg, int tid)
{
	struct runsort *rs = arg;
	u64vec tmp = { 0 };
	size_t b, n;

	(void)tid;
	while ((b = dk_counter_take(&rs->next, 1, 256)) < 256) {
		n = rs->start[b + 1] - rs->start[b];
		DK_GROW(&tmp, n + 1);
		dk_sort_u64_tmp(rs->v + rs->start[b], n, tmp.v);
	}
	free(tmp.v);
}

static void
sort_postings(sm_keyed *k, int nt)
{
	struct runsort rs = { k->pkey.v, { 0 }, { 0 } };

	if (nt < 2 || k->pkey.n < 65536) {
		dk_sort_u64_spread(k->pkey.v, k->pkey.n);
		return;
	}
	dk_spread_runs(k->pkey.v, k->pkey.n, rs.start);
	dk_parallel(nt, runsort_work, &rs);
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
	size_t n = postings_in(f), b, got;

	if (n <= k->budget || bits + BUCKET_BITS > 32) {
		k->pkey.n = 0;
		load(k, f);
		match_postings(k, c, tau_set, sk, out, cand, tmp);
		return;
	}
	for (b = 0; b < NBUCKET; b++)
		part[b] = temp_file();
	DK_GROW(&k->pkey, k->budget);
	while ((got = fread(k->pkey.v, sizeof(uint64_t), k->budget, f)) > 0)
		scatter(k->pkey.v, got, part, bits + BUCKET_BITS);
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

	pack(k);
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
	spill(k);
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

	pack(k);
	unspill(k);
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
