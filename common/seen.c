/* The set of strings seen (seen.h): the filter, the batch and its index,
 * the sorted runs and their merging, the lookup of a string maybe seen. */
#include "seen.h"
#include "hash.h"
#include "mem.h"
#include "msg.h"

#include <stdlib.h>
#include <string.h>

struct dk_seen_entry {
	uint64_t h;         /* the hash; runs are sorted by its top 32 bits */
	uint64_t off;       /* of the string's value in text */
};

/* In text, a string's value (8 bytes), length (4), bytes. */
#define TEXT_HEAD 12

/* A batch of up to SEEN_BATCH entries, indexed by a table of twice as
 * many slots (64 KB) that holds a position + 1 in 16 bits. */
#define SEEN_BATCH 16384
#define BINDEX_MASK (2 * SEEN_BATCH - 1)
/* The filter: 512-bit blocks, 4 bits a string, for up to 32 strings a
 * block (16 bits a string); between 1 in 1,500 and 1 in 500 new strings
 * finds its 4 bits set (measured, 4 million strings). */
#define BLOCK_WORDS 8
#define PER_BLOCK 32
#define MIN_BLOCKS 64

#define KEY(h) ((uint32_t)((h) >> 32))

void
dk_seen_init(dk_seen *s)
{
	memset(s, 0, sizeof *s);
}

void
dk_seen_free(dk_seen *s)
{
	size_t i;

	for (i = 0; i < s->nrun; i++)
		free(s->run[i].e);
	DK_FREE_ALL(s->text, s->batch, s->sortbuf, s->bindex, s->filter);
	memset(s, 0, sizeof *s);
}

/* The filter's block for h, and in *g its 4 bits, 9 bits of *g each (the
 * word of the block, then the bit), by a second mixing of h.  Inline, with
 * the bits tested and set by shifting g: the filter is a cost of every
 * string added. */
static inline uint64_t *
filter_block(const dk_seen *s, uint64_t h, uint64_t *g)
{
	*g = dk_mix64(h);
	return s->filter + (KEY(h) & (s->fblocks - 1)) * BLOCK_WORDS;
}

/* Whether the 4 bits g names in the block b are all set. */
static inline int
filter_has(const uint64_t *b, uint64_t g)
{
	uint64_t all = 1;
	int i;

	for (i = 0; i < 4; i++, g >>= 9)
		all &= b[g >> 6 & 7] >> (g & 63);
	return (int)all;
}

static inline void
filter_put(uint64_t *b, uint64_t g)
{
	int i;

	for (i = 0; i < 4; i++, g >>= 9)
		b[g >> 6 & 7] |= (uint64_t)1 << (g & 63);
}

static void
filter_set(dk_seen *s, uint64_t h)
{
	uint64_t g, *b = filter_block(s, h, &g);

	filter_put(b, g);
}

/* A filter twice as large, for twice as many strings, made again from
 * the hashes of all the entries. */
static void
filter_grow(dk_seen *s)
{
	size_t i, j;

	free(s->filter);
	s->fblocks = s->fblocks ? 2 * s->fblocks : MIN_BLOCKS;
	s->fcap = s->fblocks * PER_BLOCK;
	s->filter = dk_calloc(s->fblocks * BLOCK_WORDS, sizeof *s->filter);
	for (i = 0; i < s->nrun; i++)
		for (j = 0; j < s->run[i].n; j++)
			filter_set(s, s->run[i].e[j].h);
	for (j = 0; j < s->nbatch; j++)
		filter_set(s, s->batch[j].h);
}

static int
same_string(const dk_seen *s, const struct dk_seen_entry *e, const char *p, size_t n)
{
	uint32_t len;

	memcpy(&len, s->text + e->off + 8, 4);
	return len == n && (n == 0 || memcmp(s->text + e->off + TEXT_HEAD, p, n) == 0);
}

/* The entry of p[0..n) in run r, by interpolation on the key (the hashes
 * are uniform), then bisection should the guesses go slowly. */
static const struct dk_seen_entry *
run_find(const dk_seen *s, const struct dk_seen_run *r, const char *p, size_t n,
    uint64_t h)
{
	const struct dk_seen_entry *e = r->e;
	uint32_t key = KEY(h), klo, khi, km;
	size_t lo = 0, hi = r->n, mid;
	int round;

	for (round = 0; hi - lo > 8; round++) {
		klo = KEY(e[lo].h);
		khi = KEY(e[hi - 1].h);
		if (key < klo || key > khi)
			return NULL;
		if (round < 6 && khi > klo)
			mid = lo + (size_t)((double)(key - klo) / ((double)(khi - klo) + 1) *
			    (double)(hi - lo));
		else
			mid = lo + (hi - lo) / 2;
		if (mid >= hi)
			mid = hi - 1;
		km = KEY(e[mid].h);
		if (km < key)
			lo = mid + 1;
		else if (km > key)
			hi = mid;
		else {
			/* the entries of this key around mid */
			for (lo = mid; lo > 0 && KEY(e[lo - 1].h) == key; lo--)
				;
			for (hi = mid + 1; hi < r->n && KEY(e[hi].h) == key; hi++)
				;
			break;
		}
	}
	for (; lo < hi; lo++)
		if (e[lo].h == h && same_string(s, &e[lo], p, n))
			return &e[lo];
	return NULL;
}

/* The entry of p[0..n) (hash h), or NULL. */
static const struct dk_seen_entry *
find(const dk_seen *s, const char *p, size_t n, uint64_t h)
{
	const struct dk_seen_entry *e;
	size_t i, k;

	for (i = h & BINDEX_MASK; (k = s->bindex[i]) != 0; i = (i + 1) & BINDEX_MASK) {
		e = &s->batch[k - 1];
		if (e->h == h && same_string(s, e, p, n))
			return e;
	}
	for (i = 0; i < s->nrun; i++)
		if ((e = run_find(s, &s->run[i], p, n, h)) != NULL)
			return e;
	return NULL;
}

/* Run a grown to hold b too, the union sorted by key, merged from the
 * back (a's own pages are kept: a large block grows in place). */
static void
merge_into(struct dk_seen_run *a, const struct dk_seen_entry *b, size_t nb)
{
	size_t i = a->n, j = nb, k = a->n + nb;

	a->e = dk_reallocarray(a->e, k, sizeof *a->e);
	while (j > 0)
		a->e[--k] = i > 0 && KEY(a->e[i - 1].h) > KEY(b[j - 1].h) ? a->e[--i] : b[--j];
	a->n += nb;
}

/* The batch sorted by key (an LSD radix sort of key and position in one
 * word, by the key's 4 bytes), merged into the last run if that is no
 * more than twice as long, or else a run of its own; then the runs of
 * like length merged, so that each is more than twice as long as the
 * next. */
static void
flush(dk_seen *s)
{
	uint64_t *a = s->sortbuf, *b = a + SEEN_BATCH, *t;
	struct dk_seen_entry *sorted = s->sorted;
	size_t count[256], i, sum, c, n = s->nbatch;
	struct dk_seen_run *r;
	int pass;

	for (i = 0; i < n; i++)
		a[i] = (uint64_t)KEY(s->batch[i].h) << 32 | i;
	for (pass = 4; pass < 8; pass++) {
		memset(count, 0, sizeof count);
		for (i = 0; i < n; i++)
			count[a[i] >> (8 * pass) & 255]++;
		for (i = 0, sum = 0; i < 256; i++) {
			c = count[i];
			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			b[count[a[i] >> (8 * pass) & 255]++] = a[i];
		t = a, a = b, b = t;
	}
	for (i = 0; i < n; i++)
		sorted[i] = s->batch[(uint32_t)a[i]];
	s->nbatch = 0;
	memset(s->bindex, 0, (BINDEX_MASK + 1) * sizeof *s->bindex);
	if (s->nrun > 0 && s->run[s->nrun - 1].n <= 2 * n)
		merge_into(&s->run[s->nrun - 1], sorted, n);
	else {
		r = &s->run[s->nrun++];
		r->e = dk_reallocarray(NULL, n, sizeof *r->e);
		memcpy(r->e, sorted, n * sizeof *r->e);
		r->n = n;
	}
	while (s->nrun >= 2 && s->run[s->nrun - 2].n <= 2 * s->run[s->nrun - 1].n) {
		r = &s->run[--s->nrun];
		merge_into(r - 1, r->e, r->n);
		free(r->e);
	}
}

void
dk_seen_prefetch(const dk_seen *s, uint64_t h)
{
	if (s->filter)
		__builtin_prefetch(s->filter + (KEY(h) & (s->fblocks - 1)) * BLOCK_WORDS, 1);
	if (s->bindex)
		__builtin_prefetch(s->bindex + (h & BINDEX_MASK), 1);
}

uint64_t
dk_seen_add(dk_seen *s, const char *p, size_t n, uint64_t h, uint64_t v)
{
	uint64_t g, *blk;
	const struct dk_seen_entry *e;
	struct dk_seen_entry *ne;
	uint32_t len = (uint32_t)n;
	size_t i;

	if (!s->batch) {
		s->batch = dk_reallocarray(NULL, 2 * SEEN_BATCH, sizeof *s->batch);
		s->sorted = s->batch + SEEN_BATCH;
		s->sortbuf = dk_reallocarray(NULL, 2 * SEEN_BATCH, sizeof *s->sortbuf);
		s->bindex = dk_calloc(BINDEX_MASK + 1, sizeof *s->bindex);
	}
	if (s->n + 1 > s->fcap)
		filter_grow(s);
	blk = filter_block(s, h, &g);
	if (filter_has(blk, g) && (e = find(s, p, n, h)) != NULL) {
		memcpy(&v, s->text + e->off, 8);
		return v;
	}
	filter_put(blk, g);
	/* the string, then its entry in the batch and the batch's index */
	if (n > UINT32_MAX || s->textn + TEXT_HEAD + n < s->textn)
		dk_diex(DK_EXIT_INPUT, "a string too long to keep (%zu bytes)", n);
	if (s->textn + TEXT_HEAD + n > s->textcap) {
		s->textcap = s->textcap ? s->textcap : 4096;
		while (s->textn + TEXT_HEAD + n > s->textcap)
			s->textcap *= 2;
		s->text = dk_realloc(s->text, s->textcap);
	}
	ne = &s->batch[s->nbatch];
	ne->h = h;
	ne->off = s->textn;
	memcpy(s->text + s->textn, &v, 8);
	memcpy(s->text + s->textn + 8, &len, 4);
	if (n > 0)
		memcpy(s->text + s->textn + TEXT_HEAD, p, n);
	s->textn += TEXT_HEAD + n;
	for (i = h & BINDEX_MASK; s->bindex[i]; i = (i + 1) & BINDEX_MASK)
		;
	s->bindex[i] = (uint16_t)++s->nbatch;
	s->n++;
	if (s->nbatch == SEEN_BATCH)
		flush(s);
	return DK_SEEN_NEW;
}

size_t
dk_seen_bytes(const dk_seen *s)
{
	size_t b = s->textcap + s->fblocks * BLOCK_WORDS * sizeof *s->filter, i;

	if (s->batch)
		b += 2 * SEEN_BATCH * (sizeof *s->batch + sizeof *s->sortbuf) +
		    (BINDEX_MASK + 1) * sizeof *s->bindex;
	for (i = 0; i < s->nrun; i++)
		b += s->run[i].n * sizeof *s->run[i].e;
	return b;
}
