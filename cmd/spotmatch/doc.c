/* The record-to-document layer of every mode: a record of a signature or
 * keyed stream taken apart and checked (sm_next), and the one constructor
 * of a document (sm_add_doc), which turns its signatures into a sorted
 * array of (number, count) in the context's pool. */
#include "sm.h"
#include "sigform.h"

#include <stdlib.h>
#include <time.h>

double
sm_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void
sm_ctx_init(sm_ctx *c, const sm_opts *o)
{
	memset(c, 0, sizeof *c);
	c->m = o->m;
	c->tau = o->tau;
	c->prune = o->prune;
	c->partition = o->partition;
	c->nthreads = o->nthreads;
	c->rho = o->rho;
	c->minshared = o->minshared;
	c->dense_tau = o->dense_tau;
	c->mindistinct = o->mindistinct;
	c->size_ratio = o->size_ratio;
	c->sumcol = o->sumcol;
	dk_intern_init(&c->sigs, 0);
	dk_intern_init(&c->sums, 0);
}

void
sm_ctx_free(sm_ctx *c)
{
	DK_FREE_ALL(c->pool.v, c->big.v, c->stage.v, c->docs.v, c->ids.v, c->sum.v, c->sumdoc.v, c->other.v,
	    c->keys.v);
	dk_intern_free(&c->sums);
	dk_intern_free(&c->sigs);
	sm_ids_free(c);
}

size_t
sm_ctx_bytes(const sm_ctx *c)
{
	return c->pool.cap * sizeof *c->pool.v +
	    c->big.cap * sizeof *c->big.v + c->docs.cap * sizeof *c->docs.v +
	    c->ids.cap + dk_intern_bytes(&c->sigs);
}

int
sm_distinct_below(sm_ctx *c, uint32_t a, uint32_t b)
{
	if (c->mindistinct <= 1 ||
	    sm_doc_shared(c, &c->docs.v[a], &c->docs.v[b], 1) >= c->mindistinct)
		return 0;
	c->ndistinct++;
	return 1;
}

void
sm_pair_rules(sm_ctx *c, sm_pairs *p)
{
	size_t i, k;

	if (c->dense_tau == 0 && c->mindistinct <= 1 && c->size_ratio == 0)
		return;
	for (i = k = 0; i < p->n; i++) {
		const sm_pair *x = &p->v[i];

		if (sm_dense_below(c->dense_tau, c->docs.v[x->a].flags | c->docs.v[x->b].flags,
		    x->sim)) {
			c->ndense++;
			continue;
		}
		if (dk_size_below(c->size_ratio, c->docs.v[x->a].len, c->docs.v[x->b].len)) {
			c->nsize++;
			continue;
		}
		if (sm_distinct_below(c, x->a, x->b))
			continue;
		p->v[k++] = *x;
	}
	p->n = k;
}

/* The first big count at position at or after. */
static size_t
big_from(const sm_ctx *c, uint64_t at)
{
	size_t lo = 0, hi = c->big.n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (c->big.v[mid].at < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

uint32_t
sm_big_count(const sm_ctx *c, uint64_t at)
{
	return c->big.v[big_from(c, at)].count;
}

/* The words of d's array in the pool. */
static size_t
doc_words(const sm_doc *d)
{
	return d->nsig + (d->flags & SM_COUNTS ? (d->nsig + 3) / 4 : 0);
}

/* Writes v[0..n) as d's array, its big counts into c->big from k on. */
static void
pool_write(sm_ctx *c, const sm_doc *d, const dk_idcount *v, size_t k)
{
	uint32_t *id;
	uint8_t *cnt;
	size_t i, n = d->nsig;

	if (n == 0)
		return;
	id = c->pool.v + d->sig;
	cnt = (uint8_t *)(id + n);
	for (i = 0; i < n; i++)
		id[i] = v[i].id;
	if (!(d->flags & SM_COUNTS))
		return;
	memset(cnt, 0, (n + 3) / 4 * sizeof *id);
	for (i = 0; i < n; i++) {
		if (v[i].count < SM_BIGCOUNT) {
			cnt[i] = (uint8_t)v[i].count;
			continue;
		}
		cnt[i] = SM_BIGCOUNT;
		c->big.v[k++] = (sm_bigcount){ d->sig + i, v[i].count };
	}
}

void
sm_pool_put(sm_ctx *c, sm_doc *d, const dk_idcount *v, size_t n)
{
	size_t i, nbig = 0, other = 0, need;

	for (i = 0; i < n; i++) {
		other += v[i].count != 1;
		nbig += v[i].count >= SM_BIGCOUNT;
	}
	d->sig = c->pool.n;
	d->nsig = (uint32_t)n;
	d->flags = (d->flags & ~(unsigned)SM_COUNTS) | (other ? SM_COUNTS : 0);
	need = c->pool.n + doc_words(d);
	DK_GROW(&c->pool, need);
	DK_GROW(&c->big, c->big.n + nbig);
	pool_write(c, d, v, c->big.n);
	c->pool.n = need;
	c->pool.nocc += n;
	c->big.n += nbig;
}

void
sm_pool_set(sm_ctx *c, const sm_doc *d, const dk_idcount *v)
{
	pool_write(c, d, v, big_from(c, d->sig));
}

void
sm_pool_truncate(sm_ctx *c, size_t n, size_t nocc)
{
	c->pool.n = n;
	c->pool.nocc = nocc;
	c->big.n = big_from(c, n);
}

int
sm_doc_has_big(const sm_ctx *c, const sm_doc *d)
{
	return (d->flags & SM_COUNTS) &&
	    memchr(c->pool.v + d->sig + d->nsig, SM_BIGCOUNT, d->nsig) != NULL;
}

void
sm_doc_get(const sm_ctx *c, const sm_doc *d, dk_idcount *v)
{
	size_t i;

	for (i = 0; i < d->nsig; i++)
		v[i] = (dk_idcount){ c->pool.v[d->sig + i], sm_sig_count(c, d, i) };
}

uint64_t
sm_doc_fp(const sm_ctx *c, const sm_doc *d)
{
	return dk_hash64(c->pool.v + d->sig, doc_words(d) * sizeof *c->pool.v,
	    d->flags & SM_COUNTS);
}

int
sm_same_sigs(const sm_ctx *c, const sm_doc *x, const sm_doc *y)
{
	const uint8_t *cnt;
	size_t i;

	if (x->nsig != y->nsig || (x->flags & SM_COUNTS) != (y->flags & SM_COUNTS))
		return 0;
	if (x->sig == y->sig || x->nsig == 0)
		return 1;
	if (memcmp(c->pool.v + x->sig, c->pool.v + y->sig, doc_words(x) * sizeof *c->pool.v) != 0)
		return 0;
	if (!(x->flags & SM_COUNTS))
		return 1;
	cnt = (const uint8_t *)(c->pool.v + x->sig + x->nsig);
	for (i = 0; i < x->nsig; i++)
		if (cnt[i] == SM_BIGCOUNT &&
		    sm_big_count(c, x->sig + i) != sm_big_count(c, y->sig + i))
			return 0;
	return 1;
}

/* Sorts k[0..n) by their top halves (LSD radix by bytes, a byte every
 * value shares skipped), with room for n more after them. */
static void
sort_by_top(uint64_t *k, size_t n)
{
	size_t count[256], i, sum, t;
	uint64_t *src = k, *dst = k + n, *swap, all_or = 0, all_and = UINT64_MAX;
	int sh;

	for (i = 0; i < n; i++)
		all_or |= k[i], all_and &= k[i];
	for (sh = 32; sh < 64; sh += 8) {
		if ((((all_or ^ all_and) >> sh) & 0xff) == 0)
			continue;       /* every value has this byte */
		memset(count, 0, sizeof count);
		for (i = 0; i < n; i++)
			count[(src[i] >> sh) & 0xff]++;
		for (i = 0, sum = 0; i < 256; i++)
			t = count[i], count[i] = sum, sum += t;
		for (i = 0; i < n; i++)
			dst[count[(src[i] >> sh) & 0xff]++] = src[i];
		swap = src, src = dst, dst = swap;
	}
	if (src != k)
		memcpy(k, src, n * sizeof *k);
}

/* Sorts the numbered signatures by number, as dk_overlap merges sorted
 * arrays: in place for the usual short lists, a long one packed into the
 * scratch as number << 32 | count and radix sorted by number (a list of a
 * million in reverse order is no worst case). */
void
sm_sort_sigs(dk_idcount *v, size_t n, sm_scratch *scratch)
{
	dk_idcount x;
	uint64_t *k;
	size_t i, j;

	if (n <= 64) {
		for (i = 1; i < n; i++) {
			x = v[i];
			for (j = i; j > 0 && v[j - 1].id > x.id; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	DK_GROW(scratch, 2 * n + 1);
	k = scratch->v;
	for (i = 0; i < n; i++)
		k[i] = (uint64_t)v[i].id << 32 | v[i].count;
	sort_by_top(k, n);
	for (i = 0; i < n; i++)
		v[i] = (dk_idcount){ (uint32_t)(k[i] >> 32), (uint32_t)k[i] };
}

static int
cmp_bytes(const void *x, const void *y)
{
	const dk_str *a = x, *b = y;

	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return memcmp(a->p, b->p, a->n);
}

/* SM_ADD_REF: the signatures REF's dictionary holds, by REF's numbers,
 * into v[1..], and the weight of the others into v[0]; returns the number
 * of entries, v[0] included.  The others are compared by their bytes for
 * a signature listed twice, as the dictionary does not number them. */
static size_t
number_by_ref(sm_ctx *c, dk_reader *r, const dk_sigs *sg, dk_idcount *v)
{
	uint64_t mass = 0;
	uint32_t x;
	size_t i, n = 1;

	for (i = 0; i < sg->n; i++) {
		x = dk_intern_find(&c->sigs, sg->v[i].s.p, sg->v[i].s.n);
		if (x != UINT32_MAX) {
			v[n++] = (dk_idcount){ c->refnum[x], sg->v[i].count };
			continue;
		}
		DK_PUSH(&c->other, sg->v[i].s);
		mass += dk_measure_weight(c->m, sg->v[i].count);
	}
	if (c->other.n > 1)
		qsort(c->other.v, c->other.n, sizeof *c->other.v, cmp_bytes);
	for (i = 1; i < c->other.n; i++)
		if (cmp_bytes(&c->other.v[i], &c->other.v[i - 1]) == 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "a signature is listed twice");
	c->other.n = 0;
	v[0] = (dk_idcount){ 0, (uint32_t)mass };
	return n;
}

/* Whether a document of these signatures is taken: a short one is
 * counted and left out unless SM_ADD_ALL; dies on one that cannot be. */
static int
admit(sm_ctx *c, dk_reader *r, dk_str id, unsigned flags, size_t n, uint64_t size,
    unsigned how)
{
	if (((flags & DK_SIG_SHORT) || (n > 0 &&
	    dk_measure_len(c->m, size, n) < c->minshared)) && !(how & SM_ADD_ALL)) {
		c->nshort++;
		return 0;
	}
	if (n == 0 && !c->nosigs && !(how & SM_ADD_ALL))
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "record without signatures");
	if (size > UINT32_MAX || id.n > UINT32_MAX || c->docs.n >= UINT32_MAX - 1 ||
	    c->ids.n + id.n + 5 >= (uint64_t)1 << 48)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "record too large");
	return 1;
}

/* The document of the n signatures v, sorted and checked, added. */
static uint32_t
put_doc(sm_ctx *c, dk_str id, const dk_idcount *v, size_t n, uint64_t size, size_t nlisted,
    unsigned flags)
{
	sm_doc d;
	size_t k;

	d.flags = flags;
	sm_pool_put(c, &d, v, n);
	d.len = (uint32_t)dk_measure_len(c->m, size, nlisted);
	d.id = c->ids.n;
	DK_GROW(&c->ids, c->ids.n + id.n + 5);
	for (k = id.n; k >= 0x80; k >>= 7)
		c->ids.v[c->ids.n++] = (char)(unsigned char)((k & 0x7f) | 0x80);
	c->ids.v[c->ids.n++] = (char)(unsigned char)k;
	if (id.n)
		memcpy(c->ids.v + c->ids.n, id.p, id.n);
	c->ids.n += id.n;
	DK_PUSH(&c->docs, d);
	return (uint32_t)(c->docs.n - 1);
}

uint32_t
sm_add_doc(sm_ctx *c, dk_reader *r, dk_str id, const dk_sigs *sg, unsigned how)
{
	dk_idcount *v;
	size_t i, n = sg->n;
	uint64_t *h;
	int isnew;

	if (!admit(c, r, id, sg->flags, sg->n, sg->size, how))
		return UINT32_MAX;
	DK_GROW(&c->stage, sg->n + 1);
	v = c->stage.v;
	if (how & SM_ADD_REF) {
		n = number_by_ref(c, r, sg, v);
		sm_sort_sigs(v + 1, n - 1, &c->keys);
		if (v[0].count == 0)        /* all known: no entry 0 */
			v++, n--;
	} else {
		/* the hashes first, the table's slots and entries fetched ahead
		 * of the lookups, which miss the cache on a large dictionary */
		DK_GROW(&c->keys, n + 1);
		h = c->keys.v;
		for (i = 0; i < n; i++) {
			h[i] = dk_intern_hash(sg->v[i].s.p, sg->v[i].s.n);
			dk_intern_prefetch(&c->sigs, h[i]);
		}
		for (i = 0; i < n; i++)
			dk_intern_prefetch_entry(&c->sigs, h[i]);
		for (i = 0; i < n; i++) {
			v[i].id = dk_intern_id_hashed(&c->sigs, sg->v[i].s.p, sg->v[i].s.n,
			    h[i], &isnew);
			v[i].count = sg->v[i].count;
		}
		sm_sort_sigs(v, n, &c->keys);
	}
	for (i = 1; i < n; i++)
		if (v[i].id == v[i - 1].id)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "a signature is listed twice");
	return put_doc(c, id, v, n, sg->size, sg->n, sg->flags);
}

/* The number of a signature the dictionary lacked when its record was
 * numbered ahead: added (to c->pend while it is set). */
static uint32_t
miss_id(sm_ctx *c, const sm_miss *m)
{
	uint32_t id;
	int isnew;

	if (!c->pend)
		return dk_intern_id_hashed(&c->sigs, m->s.p, m->s.n, m->hash, &isnew);
	id = dk_intern_find_hashed(&c->sigs, m->s.p, m->s.n, m->hash);
	if (id != UINT32_MAX)
		return id;
	id = dk_intern_id_hashed(c->pend, m->s.p, m->s.n, m->hash, &isnew);
	if (c->pendbase + id >= UINT32_MAX - 1)
		dk_diex(DK_EXIT_INPUT, "too many distinct signatures");
	return (uint32_t)(c->pendbase + id);
}

void
sm_pend_begin(sm_ctx *c, dk_intern *pend)
{
	c->pend = pend;
	c->pendbase = dk_intern_count(&c->sigs);
}

void
sm_pend_end(sm_ctx *c)
{
	dk_intern *pend = c->pend;
	size_t i, n = dk_intern_count(pend), len;
	const char *p;
	int isnew;

	c->pend = NULL;
	for (i = 0; i < n; i++) {
		p = dk_intern_get(pend, (uint32_t)i, &len);
		if (dk_intern_id(&c->sigs, p, len, &isnew) != c->pendbase + i || !isnew)
			dk_diex(DK_EXIT_INPUT, "internal error: signatures numbered out of order");
	}
	if (n) {
		dk_intern_free(pend);
		dk_intern_init(pend, DK_INTERN_INDEX);
	}
}

uint32_t
sm_add_numbered(sm_ctx *c, dk_reader *r, dk_str id, const sm_numbered *x)
{
	dk_idcount *v;
	size_t i;

	if (!admit(c, r, id, x->flags, x->n, x->size, 0))
		return UINT32_MAX;
	if (!x->nmiss)
		return put_doc(c, id, x->v, x->n, x->size, x->n, x->flags);
	DK_GROW(&c->stage, x->n + 1);
	v = c->stage.v;
	memcpy(v, x->v, x->n * sizeof *x->v);
	/* in the order of the field, as sm_add_doc adds them */
	for (i = 0; i < x->nmiss; i++)
		v[x->miss[i].at].id = miss_id(c, &x->miss[i]);
	sm_sort_sigs(v, x->n, &c->keys);
	for (i = 1; i < x->n; i++)
		if (v[i].id == v[i - 1].id)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "a signature is listed twice");
	return put_doc(c, id, v, x->n, x->size, x->n, x->flags);
}

/* ---- the unique IDs of a plain stream ----
 * A slot: 0 when empty, else the top 31 bits of the ID's hash, a bit for
 * a short record, and the entry (document or short record) + 1 in 32
 * bits.  An ID's first slot is named by the top bits of its hash, so that
 * a table twice as large is made from the slots alone, read in order. */
#define SLOT_TAG(h) ((h) >> 33 << 33)
#define SLOT_SHORT ((uint64_t)1 << 32)
#define SLOT_ENTRY(x) (((x) & UINT32_MAX) - 1)
#define TAG_BITS 31
#define ID_SEED 0x1d5eedu

struct shortid {
	uint64_t off, place;       /* its ID in stext; where it was */
	uint32_t len;
};

/* From document doc on, the documents were on consecutive lines from
 * place on. */
struct idrun {
	uint64_t doc, place;
};

struct sm_idset {
	uint64_t *slot;
	size_t mask, n;
	int bits;                  /* the table has 2^bits slots */
	DK_VEC(char) stext;
	DK_VEC(struct shortid) shorts;
	DK_VEC(struct idrun) runs;
	uint64_t lastplace;        /* of the last document */
	uint64_t hash, place;      /* of the record sm_id_check took */
};

void
sm_ids_free(sm_ctx *c)
{
	struct sm_idset *s = c->idset;

	if (!s)
		return;
	DK_FREE_ALL(s->slot, s->stext.v, s->shorts.v, s->runs.v);
	free(s);
	c->idset = NULL;
}

size_t
sm_ids_bytes(const sm_ctx *c)
{
	const struct sm_idset *s = c->idset;

	return s ? (s->mask + 1) * sizeof *s->slot + s->stext.cap +
	    s->shorts.cap * sizeof *s->shorts.v + s->runs.cap * sizeof *s->runs.v : 0;
}

static dk_str
entry_id(const sm_ctx *c, uint64_t x)
{
	const struct sm_idset *s = c->idset;
	const struct shortid *e;

	if (!(x & SLOT_SHORT))
		return sm_doc_id(c, (uint32_t)SLOT_ENTRY(x));
	e = &s->shorts.v[SLOT_ENTRY(x)];
	return (dk_str){ s->stext.v + e->off, e->len };
}

/* Where the record of slot value x was. */
static uint64_t
entry_place(const sm_ctx *c, uint64_t x)
{
	const struct sm_idset *s = c->idset;
	uint64_t d = SLOT_ENTRY(x);
	size_t lo = 0, hi = s->runs.n, mid;

	if (x & SLOT_SHORT)
		return s->shorts.v[d].place;
	while (hi - lo > 1) {       /* the last run from d or before */
		mid = lo + (hi - lo) / 2;
		if (s->runs.v[mid].doc <= d)
			lo = mid;
		else
			hi = mid;
	}
	return s->runs.v[lo].place + (d - s->runs.v[lo].doc);
}

static void
slot_put(struct sm_idset *s, uint64_t h, uint64_t x)
{
	size_t i = (size_t)(h >> (64 - s->bits));

	while (s->slot[i])
		i = (i + 1) & s->mask;
	s->slot[i] = SLOT_TAG(h) | x;
}

/* The table made again at twice the size: from the slots while their
 * tags hold the bits that name a slot, else from the IDs. */
static void
ids_grow(sm_ctx *c)
{
	struct sm_idset *s = c->idset;
	uint64_t *old = s->slot;
	size_t i, oldsize = old ? s->mask + 1 : 0;
	dk_str id;

	s->bits = old ? s->bits + 1 : 10;
	s->mask = ((size_t)1 << s->bits) - 1;
	s->slot = dk_calloc(s->mask + 1, sizeof *s->slot);
	if (old && s->bits <= TAG_BITS) {
		for (i = 0; i < oldsize; i++)
			if (old[i])
				slot_put(s, old[i], old[i] & (SLOT_SHORT | UINT32_MAX));
		free(old);
		return;
	}
	free(old);
	for (i = 0; i < c->docs.n; i++) {
		id = sm_doc_id(c, (uint32_t)i);
		slot_put(s, dk_hash64(id.p, id.n, ID_SEED), i + 1);
	}
	for (i = 0; i < s->shorts.n; i++) {
		id = entry_id(c, SLOT_SHORT | (i + 1));
		slot_put(s, dk_hash64(id.p, id.n, ID_SEED), SLOT_SHORT | (i + 1));
	}
}

uint64_t
sm_id_hash(dk_str id)
{
	return dk_hash64(id.p, id.n, ID_SEED);
}

void
sm_id_check(sm_ctx *c, dk_reader *r, dk_str id, uint64_t h)
{
	struct sm_idset *s = c->idset;
	uint64_t x;
	dk_str e;
	size_t i;

	if (!s) {
		s = c->idset = dk_calloc(1, sizeof *s);
		ids_grow(c);
	}
	for (i = (size_t)(h >> (64 - s->bits)); (x = s->slot[i]) != 0; i = (i + 1) & s->mask) {
		if (SLOT_TAG(x) != SLOT_TAG(h))
			continue;
		e = entry_id(c, x);
		if (e.n == id.n && (id.n == 0 || memcmp(e.p, id.p, id.n) == 0))
			dk_ids_repeated(&dk_input_ids, r, id, entry_place(c, x));
	}
	s->hash = h;
	s->place = dk_ids_place(&dk_input_ids, r);
}

void
sm_id_note(sm_ctx *c, dk_str id, uint32_t d)
{
	struct sm_idset *s = c->idset;
	uint64_t x;

	if (d != UINT32_MAX) {
		if (s->runs.n == 0 || s->place != s->lastplace + 1)
			DK_PUSH(&s->runs, ((struct idrun){ d, s->place }));
		s->lastplace = s->place;
		x = (uint64_t)d + 1;
	} else {
		if (s->shorts.n >= UINT32_MAX - 1)
			dk_diex(DK_EXIT_INPUT, "too many short records");
		DK_PUSH(&s->shorts, ((struct shortid){ s->stext.n, s->place, (uint32_t)id.n }));
		DK_GROW(&s->stext, s->stext.n + id.n);
		if (id.n)
			memcpy(s->stext.v + s->stext.n, id.p, id.n);
		s->stext.n += id.n;
		x = SLOT_SHORT | s->shorts.n;
	}
	slot_put(s, s->hash, x);
	if (++s->n > (s->mask + 1) / 4 * 3)
		ids_grow(c);
}

void
sm_reader_init(sm_reader *s, int force_plain, dk_ids *ids)
{
	memset(s, 0, sizeof *s);
	s->force_plain = force_plain;
	s->minfields = 2;
	s->ids = ids;
}

void
sm_reader_free(sm_reader *s)
{
	dk_record_free(&s->x.rec);
	dk_sigs_free(&s->x.sigs);
}

/* The form of the signatures of every plain stream of the run, input
 * and --against REF alike (sigform.h): one run, one form. */
static dk_sigform forms;

void
sm_reader_start(sm_reader *s, dk_reader *r, int keyed)
{
	(void)s;
	dk_expect(r, DK_KIND_SIG | (keyed ? DK_KIND_KEYED : 0), NULL);
	dk_sigform_file(&forms);
}

int
sm_next(sm_reader *s, dk_reader *r)
{
	if (!dk_read_record(r, &s->x.rec, s->minfields))
		return 0;
	sm_take(s, r);
	return 1;
}

void
sm_take(sm_reader *s, dk_reader *r)
{
	sm_rec *x = &s->x;
	enum dk_key k = DK_KEY_NONE;
	int keyed;

	/* the first record decides; a plain stream stays plain whatever its
	 * later IDs look like */
	if (x->rec.n >= 3 && !s->force_plain && (!s->kind || s->kind->key != DK_KEY_NONE))
		k = x->keyparsed ? x->keyk : dk_key_parse(x->rec.f[0], &x->key);
	x->keyparsed = 0;
	x->kind = &dk_keykinds[k];
	if (!s->kind)
		s->kind = &dk_keykinds[x->kind->family];
	keyed = s->kind->key != DK_KEY_NONE;
	if (!s->ids || (s->own_plain && !keyed))
		;               /* the caller checks them */
	else if (k != DK_KEY_NONE)
		dk_ids_check_key_hashed(s->ids, r, &x->rec, &x->key, x->seenhash);
	else
		dk_ids_check(s->ids, r, &x->rec, keyed);
	if (x->kind->family != s->kind->key)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "not a record of the keyed stream begun on line 1 (mixed input?)");
	x->seenhash = 0;
	x->id = x->rec.f[keyed ? 1 : 0];
	x->idhashed = 0;
	x->sigtext = x->rec.f[x->rec.n - 1];
	if (!keyed && dk_sigform_want(&forms))
		dk_sigform_record(&forms, sm_rec_sigs(s, r), r);
}

const dk_sigs *
sm_rec_sigs(sm_reader *s, dk_reader *r)
{
	const char *msg = dk_parse_sigs(s->x.sigtext, &s->x.sigs);

	if (msg)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
	return &s->x.sigs;
}
