/* Exact string interning: each distinct byte string gets a dense id, in
 * order of first insertion.  A slot holds 24 bits of the string's hash and
 * the offset of its entry in one text arena (id, length, 32 bits of the
 * hash that spare growing the table a new hashing, bytes), so a lookup
 * touches two cache lines; the bytes are always compared, so two
 * strings never share an id.  With DK_INTERN_INDEX the strings can also be
 * read back by id (8 more bytes each). */
#ifndef DK_INTERN_H
#define DK_INTERN_H

#include "mem.h"

#include <stddef.h>
#include <stdint.h>

enum { DK_INTERN_INDEX = 1 };

typedef struct {
	uint64_t *slot;        /* hash tag << 40 | entry offset + 1; 0 empty */
	size_t mask, n;
	DK_VEC(char) text;
	DK_VEC(uint64_t) off;  /* entry offset by id, with DK_INTERN_INDEX */
	int flags;
} dk_intern;

void dk_intern_init(dk_intern *t, int flags);
void dk_intern_free(dk_intern *t);
/* The id of p[0..n), added when new (*isnew set). */
uint32_t dk_intern_id(dk_intern *t, const char *p, size_t n, int *isnew);
/* The same with the string's hash, dk_intern_hash(p, n), computed ahead:
 * a caller with many strings to look up hashes a batch of them, calls
 * dk_intern_prefetch for each, then dk_intern_prefetch_entry (which reads
 * the slot the first call fetched), then looks them up, so that the cache
 * misses of a batch overlap instead of following one another. */
uint64_t dk_intern_hash(const char *p, size_t n);
uint32_t dk_intern_id_hashed(dk_intern *t, const char *p, size_t n, uint64_t h, int *isnew);
uint32_t dk_intern_find_hashed(const dk_intern *t, const char *p, size_t n, uint64_t h);
void dk_intern_prefetch(const dk_intern *t, uint64_t h);
void dk_intern_prefetch_entry(const dk_intern *t, uint64_t h);
/* The id of p[0..n), or UINT32_MAX. */
uint32_t dk_intern_find(const dk_intern *t, const char *p, size_t n);
/* The bytes of id (DK_INTERN_INDEX only); not NUL-terminated. */
const char *dk_intern_get(const dk_intern *t, uint32_t id, size_t *n);
/* For a caller reading many ids at random: dk_intern_prefetch_index for
 * an id some places ahead, dk_intern_prefetch_bytes (which reads the
 * index the first fetched) for one nearer, then dk_intern_get. */
void dk_intern_prefetch_index(const dk_intern *t, uint32_t id);
void dk_intern_prefetch_bytes(const dk_intern *t, uint32_t id);
static inline size_t dk_intern_count(const dk_intern *t) { return t->n; }
/* Ends lookups, for a caller that needs only dk_intern_get and
 * dk_intern_count from now on (nothing else may be called but
 * dk_intern_free): the hash table's memory becomes the index by id (the
 * table has room for twice the strings), and the rest of it, *spare bytes
 * (at least 8 a string) at the pointer returned, is the caller's to use
 * until dk_intern_free.  Its pages are already the process's: fresh
 * memory costs as each page is first touched. */
void *dk_intern_seal(dk_intern *t, size_t *spare);
/* Bytes allocated, for statistics. */
static inline size_t
dk_intern_bytes(const dk_intern *t)
{
	return (t->mask + 1) * sizeof *t->slot + t->text.cap + t->off.cap * sizeof *t->off.v;
}

#endif
