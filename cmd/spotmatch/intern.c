#include "sm.h"

#include <stdlib.h>

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

void
sm_intern_init(sm_intern *t)
{
	memset(t, 0, sizeof *t);
	t->mask = 1023;
	t->slot = dk_calloc(t->mask + 1, sizeof *t->slot);
	DK_PUSH(&t->off, 0);
}

void
sm_intern_free(sm_intern *t)
{
	free(t->slot);
	free(t->off.v);
	free(t->text.v);
	memset(t, 0, sizeof *t);
}

static void
grow(sm_intern *t)
{
	size_t nmask = t->mask * 2 + 1, i, j, n;
	uint64_t *ns = dk_calloc(nmask + 1, sizeof *ns);
	const char *p;

	for (i = 0; i <= t->mask; i++) {
		if (!t->slot[i])
			continue;
		p = sm_intern_str(t, (uint32_t)(t->slot[i] & 0xffffffffu) - 1, &n);
		j = dk_hash64(p, n, SEED) & nmask;
		while (ns[j])
			j = (j + 1) & nmask;
		ns[j] = t->slot[i];
	}
	free(t->slot);
	t->slot = ns;
	t->mask = nmask;
}

uint32_t
sm_intern_find(const sm_intern *t, const char *p, size_t n)
{
	uint64_t h = dk_hash64(p, n, SEED), tag = h & ~(uint64_t)0xffffffffu, s;
	size_t i = h & t->mask, sn;
	uint32_t id;
	const char *q;

	for (; (s = t->slot[i]) != 0; i = (i + 1) & t->mask) {
		if ((s & ~(uint64_t)0xffffffffu) != tag)
			continue;
		id = (uint32_t)(s & 0xffffffffu) - 1;
		q = sm_intern_str(t, id, &sn);
		if (sn == n && same(p, q, n))
			return id;
	}
	return UINT32_MAX;
}

uint32_t
sm_intern_id(sm_intern *t, const char *p, size_t n, int *isnew)
{
	uint64_t h = dk_hash64(p, n, SEED), tag = h & ~(uint64_t)0xffffffffu, s;
	size_t i = h & t->mask, sn;
	uint32_t id;
	const char *q;

	for (; (s = t->slot[i]) != 0; i = (i + 1) & t->mask) {
		if ((s & ~(uint64_t)0xffffffffu) != tag)
			continue;
		id = (uint32_t)(s & 0xffffffffu) - 1;
		q = sm_intern_str(t, id, &sn);
		if (sn == n && same(p, q, n)) {
			*isnew = 0;
			return id;
		}
	}
	if (t->off.n >= 0xfffffffeu)
		dk_diex(DK_EXIT_INPUT, "more than 4294967293 distinct strings");
	id = (uint32_t)(t->off.n - 1);
	t->slot[i] = tag | (id + 1);
	DK_GROW(&t->text, t->text.n + n);
	memcpy(t->text.v + t->text.n, p, n);
	t->text.n += n;
	DK_PUSH(&t->off, t->text.n);
	if (t->off.n * 2 > t->mask)
		grow(t);
	*isnew = 1;
	return id;
}
