/* The record-to-document layer of every mode: a record of a signature or
 * keyed stream taken apart and checked (sm_next), and the one constructor
 * of a document (sm_add_doc), which turns its signatures into a sorted
 * array of (number, count) in the context's pool. */
#include "sm.h"

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
	c->sumcol = o->sumcol;
	dk_intern_init(&c->sigs, 0);
	dk_intern_init(&c->sums, 0);
}

void
sm_ctx_free(sm_ctx *c)
{
	DK_FREE_ALL(c->pool.v, c->docs.v, c->ids.v, c->sum.v, c->sumdoc.v, c->other.v,
	    c->keys.v);
	dk_intern_free(&c->sums);
	dk_intern_free(&c->sigs);
}

size_t
sm_ctx_bytes(const sm_ctx *c)
{
	return c->pool.cap * sizeof *c->pool.v + c->docs.cap * sizeof *c->docs.v +
	    c->ids.cap + dk_intern_bytes(&c->sigs);
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
	if (size > UINT32_MAX || id.n > UINT32_MAX || c->docs.n >= UINT32_MAX - 1)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "record too large");
	return 1;
}

/* The document whose n signatures lie at the end of the pool, sorted and
 * checked, added. */
static uint32_t
put_doc(sm_ctx *c, dk_str id, size_t n, uint64_t size, size_t nlisted, unsigned flags,
    unsigned how)
{
	dk_idcount *v = c->pool.v + c->pool.n;
	sm_doc d;

	d.sig = c->pool.n;
	c->pool.n += n;
	d.nsig = (uint32_t)n;
	d.len = (uint32_t)dk_measure_len(c->m, size, nlisted);
	d.flags = flags;
	/* compared by checksums and by the matcher's copy folding; without
	 * them sm_order_sigs sets it */
	d.fp = c->sumcol || (how & SM_ADD_REF) ? dk_hash64(v, n * sizeof *v, 0) : 0;
	d.id = c->ids.n;
	d.idlen = (uint32_t)id.n;
	DK_GROW(&c->ids, c->ids.n + id.n);
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
	DK_GROW(&c->pool, c->pool.n + sg->n + 1);
	v = c->pool.v + c->pool.n;
	if (how & SM_ADD_REF) {
		n = number_by_ref(c, r, sg, v);
		sm_sort_sigs(v + 1, n - 1, &c->keys);
		if (v[0].count == 0)        /* all known: no entry 0 */
			memmove(v, v + 1, --n * sizeof *v);
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
	return put_doc(c, id, n, sg->size, sg->n, sg->flags, how);
}

uint32_t
sm_add_numbered(sm_ctx *c, dk_reader *r, dk_str id, const sm_numbered *x)
{
	dk_idcount *v;
	size_t i;
	int isnew;

	if (!admit(c, r, id, x->flags, x->n, x->size, 0))
		return UINT32_MAX;
	DK_GROW(&c->pool, c->pool.n + x->n + 1);
	v = c->pool.v + c->pool.n;
	if (x->n)
		memcpy(v, x->v, x->n * sizeof *x->v);
	if (x->nmiss) {
		/* in the order of the field, as sm_add_doc adds them */
		for (i = 0; i < x->nmiss; i++)
			v[x->miss[i].at].id = dk_intern_id_hashed(&c->sigs, x->miss[i].s.p,
			    x->miss[i].s.n, x->miss[i].hash, &isnew);
		sm_sort_sigs(v, x->n, &c->keys);
		for (i = 1; i < x->n; i++)
			if (v[i].id == v[i - 1].id)
				dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
				    "a signature is listed twice");
	}
	return put_doc(c, id, x->n, x->size, x->n, x->flags, 0);
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

void
sm_reader_start(sm_reader *s, dk_reader *r, int keyed)
{
	(void)s;
	dk_expect(r, DK_KIND_SIG | (keyed ? DK_KIND_KEYED : 0), NULL);
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
		k = dk_key_parse(x->rec.f[0], &x->key);
	x->kind = &dk_keykinds[k];
	if (!s->kind)
		s->kind = &dk_keykinds[x->kind->family];
	keyed = s->kind->key != DK_KEY_NONE;
	if (!s->ids)
		;               /* the caller checks them */
	else if (k != DK_KEY_NONE)
		dk_ids_check_key(s->ids, r, &x->rec, &x->key);
	else
		dk_ids_check(s->ids, r, &x->rec, keyed);
	if (x->kind->family != s->kind->key)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "not a record of the keyed stream begun on line 1 (mixed input?)");
	x->id = x->rec.f[keyed ? 1 : 0];
	x->sigtext = x->rec.f[x->rec.n - 1];
}

const dk_sigs *
sm_rec_sigs(sm_reader *s, dk_reader *r)
{
	const char *msg = dk_parse_sigs(s->x.sigtext, &s->x.sigs);

	if (msg)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
	return &s->x.sigs;
}
