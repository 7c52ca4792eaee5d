/* String interning (intern.h): the open-addressing table of slots, the text
 * arena of entries, the index by id, and sealing the table into that index. */
#include "intern.h"
#include "hash.h"
#include "msg.h"

#include <stdlib.h>
#include <string.h>

#define SEED 0x5350u

/* Signatures are short: an inline comparison beats a call to memcmp. */
static inline int
same(const char *a, const char *b, size_t n)
{
	uint64_t x, y;

	for (; n >= 8; a += 8, b += 8, n -= 8) {
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x != y)
			return 0;
	}
	for (; n > 0; n--)
		if (*a++ != *b++)
			return 0;
	return 1;
}

/* An entry in text: uint32 id, uint32 length, the low 32 bits of the
 * string's hash (so that growing the table hashes nothing again), the
 * bytes. */
#define HEAD 12
#define OFFBITS 40
#define OFFMASK (((uint64_t)1 << OFFBITS) - 1)

void
dk_intern_init(dk_intern *t, int flags)
{
	memset(t, 0, sizeof *t);
	t->flags = flags;
	t->mask = 1023;
	t->slot = dk_calloc(t->mask + 1, sizeof *t->slot);
}

void
dk_intern_free(dk_intern *t)
{
	free(t->slot);
	free(t->text.v);
	free(t->off.v);
	memset(t, 0, sizeof *t);
}

static void
entry(const dk_intern *t, uint64_t s, uint32_t *id, const char **p, uint32_t *n)
{
	const char *e = t->text.v + (s & OFFMASK) - 1;

	memcpy(id, e, 4);
	memcpy(n, e + 4, 4);
	*p = e + HEAD;
}

static void
grow(dk_intern *t)
{
	size_t nmask = t->mask * 2 + 1, i, j;
	uint64_t *ns = dk_calloc(nmask + 1, sizeof *ns);
	const char *p;
	uint32_t id, n, h32;

	for (i = 0; i <= t->mask; i++) {
		if (!t->slot[i])
			continue;
		entry(t, t->slot[i], &id, &p, &n);
		if (nmask >> 32 == 0) {
			memcpy(&h32, p - 4, 4);
			j = h32 & nmask;
		} else
			j = dk_hash64(p, n, SEED) & nmask;
		while (ns[j])
			j = (j + 1) & nmask;
		ns[j] = t->slot[i];
	}
	free(t->slot);
	t->slot = ns;
	t->mask = nmask;
}

/* The slot holding p[0..n), or the empty slot where it belongs. */
static size_t
probe(const dk_intern *t, const char *p, size_t n, uint64_t h)
{
	uint64_t tag = h >> OFFBITS << OFFBITS, s;
	size_t i = h & t->mask;
	const char *q;
	uint32_t id, qn;

	for (; (s = t->slot[i]) != 0; i = (i + 1) & t->mask) {
		if ((s & ~OFFMASK) != tag)
			continue;
		entry(t, s, &id, &q, &qn);
		if (qn == n && same(p, q, n))
			break;
	}
	return i;
}

uint32_t
dk_intern_find(const dk_intern *t, const char *p, size_t n)
{
	return dk_intern_find_hashed(t, p, n, dk_hash64(p, n, SEED));
}

uint32_t
dk_intern_find_hashed(const dk_intern *t, const char *p, size_t n, uint64_t h)
{
	size_t i = probe(t, p, n, h);
	uint32_t id, qn;
	const char *q;

	if (!t->slot[i])
		return UINT32_MAX;
	entry(t, t->slot[i], &id, &q, &qn);
	return id;
}

uint64_t
dk_intern_hash(const char *p, size_t n)
{
	return dk_hash64(p, n, SEED);
}

void
dk_intern_prefetch(const dk_intern *t, uint64_t h)
{
	__builtin_prefetch(&t->slot[h & t->mask]);
}

void
dk_intern_prefetch_entry(const dk_intern *t, uint64_t h)
{
	uint64_t s = t->slot[h & t->mask];

	if (s)
		__builtin_prefetch(t->text.v + (s & OFFMASK) - 1);
}

uint32_t
dk_intern_id(dk_intern *t, const char *p, size_t n, int *isnew)
{
	return dk_intern_id_hashed(t, p, n, dk_hash64(p, n, SEED), isnew);
}

uint32_t
dk_intern_id_hashed(dk_intern *t, const char *p, size_t n, uint64_t h, int *isnew)
{
	size_t i = probe(t, p, n, h);
	uint32_t id, qn, h32;
	const char *q;

	*isnew = !t->slot[i];
	if (!*isnew) {
		entry(t, t->slot[i], &id, &q, &qn);
		return id;
	}
	if (t->n >= 0xfffffffeu || n > UINT32_MAX || t->text.n + HEAD + n >= OFFMASK)
		dk_diex(DK_EXIT_INPUT, "too many distinct strings");
	id = (uint32_t)t->n++;
	qn = (uint32_t)n;
	t->slot[i] = (h >> OFFBITS << OFFBITS) | (t->text.n + 1);
	if (t->flags & DK_INTERN_INDEX)
		DK_PUSH(&t->off, t->text.n);
	DK_GROW(&t->text, t->text.n + HEAD + n);
	memcpy(t->text.v + t->text.n, &id, 4);
	memcpy(t->text.v + t->text.n + 4, &qn, 4);
	h32 = (uint32_t)h;
	memcpy(t->text.v + t->text.n + 8, &h32, 4);
	memcpy(t->text.v + t->text.n + HEAD, p, n);
	t->text.n += HEAD + n;
	if (t->n * 2 > t->mask)
		grow(t);
	return id;
}

void *
dk_intern_seal(dk_intern *t, size_t *spare)
{
	size_t id, k;
	uint32_t qn;

	free(t->off.v);
	t->off.v = t->slot;
	t->off.cap = t->mask + 1;
	t->off.n = t->n;
	t->slot = NULL;
	t->mask = 0;           /* dk_intern_bytes counts the table once */
	t->flags |= DK_INTERN_INDEX;
	/* the entries lie in id order, one after the other */
	for (id = 0, k = 0; id < t->n; id++) {
		t->off.v[id] = k;
		memcpy(&qn, t->text.v + k + 4, 4);
		k += HEAD + qn;
	}
	*spare = (t->off.cap - t->n) * sizeof *t->off.v;
	return t->off.v + t->n;
}

void
dk_intern_prefetch_index(const dk_intern *t, uint32_t id)
{
	__builtin_prefetch(&t->off.v[id]);
}

void
dk_intern_prefetch_bytes(const dk_intern *t, uint32_t id)
{
	__builtin_prefetch(t->text.v + t->off.v[id]);
}

const char *
dk_intern_get(const dk_intern *t, uint32_t id, size_t *n)
{
	uint32_t qn;

	memcpy(&qn, t->text.v + t->off.v[id] + 4, 4);
	*n = qn;
	return t->text.v + t->off.v[id] + HEAD;
}
