#include "mem.h"
#include "msg.h"

#include <stdlib.h>
#include <string.h>

static void
nomem(size_t n)
{
	dk_diex(DK_EXIT_OPERAND, "out of memory (%zu bytes)", n);
}

void *
dk_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		nomem(n);
	return p;
}

void *
dk_calloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		nomem(nmemb * size);
	return p;
}

void *
dk_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		nomem(n);
	return p;
}

void *
dk_reallocarray(void *p, size_t nmemb, size_t size)
{
	if (size && nmemb > SIZE_MAX / size)
		nomem(SIZE_MAX);
	return dk_realloc(p, nmemb * size);
}

void *
dk_realloc_aligned(void *p, size_t old, size_t n, size_t align)
{
	void *q = aligned_alloc(align, n ? n : align);

	if (!q)
		nomem(n);
	if (p)
		memcpy(q, p, old < n ? old : n);
	free(p);
	return q;
}

char *
dk_memdup(const void *p, size_t n)
{
	char *s = dk_malloc(n + 1);

	memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

void
dk_free_all(void *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
}

char *
dk_strdup(const char *s)
{
	return dk_memdup(s, strlen(s));
}

struct dk_arena_block {
	struct dk_arena_block *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
};

void *
dk_arena_alloc(dk_arena *a, size_t n)
{
	struct dk_arena_block *b = a->head;

	n = (n + 15) & ~(size_t)15;
	if (!b || b->size - b->used < n) {
		size_t size = a->blocksize ? a->blocksize : 64 * 1024;

		while (size < n)
			size *= 2;
		b = dk_malloc(sizeof *b + size);
		b->size = size;
		b->used = 0;
		b->next = a->head;
		a->head = b;
		if (size > a->blocksize)
			a->blocksize = size;
	}
	b->used += n;
	return b->data + b->used - n;
}

char *
dk_arena_strndup(dk_arena *a, const char *s, size_t n)
{
	char *p = dk_arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Keep only the largest block so the next record reuses it. */
void
dk_arena_reset(dk_arena *a)
{
	struct dk_arena_block *b, *next, *keep = NULL;

	for (b = a->head; b; b = next) {
		next = b->next;
		if (!keep || b->size > keep->size) {
			free(keep);
			keep = b;
		} else
			free(b);
	}
	if (keep) {
		keep->next = NULL;
		keep->used = 0;
	}
	a->head = keep;
}

void
dk_arena_free(dk_arena *a)
{
	struct dk_arena_block *b, *next;

	for (b = a->head; b; b = next) {
		next = b->next;
		free(b);
	}
	a->head = NULL;
}

static int
cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

void
dk_sort_u64(uint64_t *v, size_t n)
{
	size_t i, j;
	uint64_t x;

	if (n > 64) {
		qsort(v, n, sizeof *v, cmp_u64);
		return;
	}
	for (i = 1; i < n; i++) {
		x = v[i];
		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

void
dk_sort_u32(uint32_t *v, size_t n, uint32_t *tmp)
{
	size_t count[4][256] = { { 0 } }, i, k, sum, t;
	uint32_t *src = v, *dst = tmp, *swap, x;
	int pass;

	if (n < 48) {
		for (i = 1; i < n; i++) {
			x = v[i];
			for (k = i; k > 0 && v[k - 1] > x; k--)
				v[k] = v[k - 1];
			v[k] = x;
		}
		return;
	}
	for (i = 0; i < n; i++)
		for (pass = 0; pass < 4; pass++)
			count[pass][(v[i] >> (8 * pass)) & 255]++;
	for (pass = 0; pass < 4; pass++) {
		/* a byte that every value shares leaves the order as it is */
		if (count[pass][(v[0] >> (8 * pass)) & 255] == n)
			continue;
		for (k = 0, sum = 0; k < 256; k++) {
			t = count[pass][k];
			count[pass][k] = sum;
			sum += t;
		}
		for (i = 0; i < n; i++)
			dst[count[pass][(src[i] >> (8 * pass)) & 255]++] = src[i];
		swap = src, src = dst, dst = swap;
	}
	if (src != v)
		memcpy(v, src, n * sizeof *v);
}

/* LSD radix sort of v[0..n) by its 16-bit digits from digit `first` (0 the
 * lowest) to the top, stable, a digit all values share skipped. */
static void
radix16(uint64_t *v, size_t n, uint64_t *tmp, int first)
{
	size_t *count, i, k, sum, t;
	uint64_t *src = v, *dst = tmp, *swap;
	int pass;

	count = dk_calloc((size_t)(4 - first) * 65536, sizeof *count);
	for (i = 0; i < n; i++)
		for (pass = first; pass < 4; pass++)
			count[(pass - first) * 65536 + ((v[i] >> (16 * pass)) & 0xffff)]++;
	for (pass = first; pass < 4; pass++) {
		size_t *c = count + (pass - first) * 65536;

		/* a digit that every value shares leaves the order as it is */
		if (c[(v[0] >> (16 * pass)) & 0xffff] == n)
			continue;
		for (k = 0, sum = 0; k < 65536; k++) {
			t = c[k];
			c[k] = sum;
			sum += t;
		}
		for (i = 0; i < n; i++)
			dst[c[(src[i] >> (16 * pass)) & 0xffff]++] = src[i];
		swap = src, src = dst, dst = swap;
	}
	if (src != v)
		memcpy(v, src, n * sizeof *v);
	free(count);
}

void
dk_sort_u64_tmp(uint64_t *v, size_t n, uint64_t *tmp)
{
	if (n < 4096)
		dk_sort_u64(v, n);
	else
		radix16(v, n, tmp, 0);
}

void
dk_sort_u64_top(uint64_t *v, size_t n, uint64_t *tmp)
{
	size_t i, k;
	uint64_t x;

	if (n >= 64) {
		radix16(v, n, tmp, 2);
		return;
	}
	for (i = 1; i < n; i++) {
		x = v[i];
		for (k = i; k > 0 && v[k - 1] >> 32 > x >> 32; k--)
			v[k] = v[k - 1];
		v[k] = x;
	}
}
