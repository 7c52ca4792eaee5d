/* Allocation that never returns NULL, growable arrays, and an arena for
 * per-record scratch memory. */
#ifndef DK_MEM_H
#define DK_MEM_H

#include <stddef.h>
#include <stdint.h>

void *dk_malloc(size_t n);
void *dk_calloc(size_t nmemb, size_t size);
void *dk_realloc(void *p, size_t n);
/* realloc of nmemb * size bytes, checked for overflow. */
void *dk_reallocarray(void *p, size_t nmemb, size_t size);
/* p (of old bytes, from here or NULL) moved to n bytes aligned to align,
 * a power of two that divides n: for arrays whose elements should each
 * sit in one cache line. */
void *dk_realloc_aligned(void *p, size_t old, size_t n, size_t align);
char *dk_strdup(const char *s);
char *dk_memdup(const void *p, size_t n);
/* Frees the n blocks of v; DK_FREE_ALL(a, b, ...) frees the blocks it is
 * given: the arrays of a run's state, at its end. */
void dk_free_all(void *const *v, size_t n);
#define DK_FREE_ALL(...) dk_free_all((void *const[]){ __VA_ARGS__ }, \
	sizeof((void *const[]){ __VA_ARGS__ }) / sizeof(void *))

/* Growable array: struct { T *v; size_t n, cap; }.
 *   DK_VEC(int) v = {0};  DK_PUSH(&v, 3);  free(v.v); */
#define DK_VEC(T) struct { T *v; size_t n, cap; }
#define DK_GROW(a, need) do { \
	if ((need) > (a)->cap) { \
		size_t dk_c_ = (a)->cap ? (a)->cap : 8; \
		while (dk_c_ < (need)) dk_c_ *= 2; \
		(a)->v = dk_reallocarray((a)->v, dk_c_, sizeof *(a)->v); \
		(a)->cap = dk_c_; \
	} \
} while (0)
#define DK_PUSH(a, x) do { DK_GROW(a, (a)->n + 1); (a)->v[(a)->n++] = (x); } while (0)

/* Sorts v[0..n) ascending: LSD radix sort by bytes, skipping the bytes all
 * values share, with insertion sort for short arrays.  tmp has room for n
 * values. */
void dk_sort_u32(uint32_t *v, size_t n, uint32_t *tmp);

/* Sorts v[0..n) ascending: insertion sort for the short arrays most
 * callers have (up to 64 values), qsort for the others. */
void dk_sort_u64(uint64_t *v, size_t n);
/* Sorts v[0..n) ascending for large arrays: LSD radix sort by 16-bit
 * digits, skipping the digits all values share; tmp has room for n
 * values. */
void dk_sort_u64_tmp(uint64_t *v, size_t n, uint64_t *tmp);
/* Sorts v[0..n) by the top halves of the values alone, stably: values
 * whose top halves are equal keep their order (LSD radix sort by the two
 * 16-bit digits of the top half; insertion sort for short arrays); tmp
 * has room for n values. */
void dk_sort_u64_top(uint64_t *v, size_t n, uint64_t *tmp);
/* Sorting by top byte first, for values it spreads (hashes): common/spread.h. */

/* Arena: bump allocation from chained blocks; dk_arena_reset keeps the
 * first block so a per-record arena stops calling malloc once warm. */
struct dk_arena_block;
typedef struct {
	struct dk_arena_block *head;
	size_t blocksize;
} dk_arena;

void *dk_arena_alloc(dk_arena *a, size_t n);   /* aligned to 16 bytes */
char *dk_arena_strndup(dk_arena *a, const char *s, size_t n);
void dk_arena_reset(dk_arena *a);
void dk_arena_free(dk_arena *a);

#endif
