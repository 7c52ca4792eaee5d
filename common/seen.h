/* A set of byte strings, each kept with a 64-bit value (where it was first
 * seen), for a stream of insertions nearly all new: the unique-ID check of
 * a whole stream (common/ids).  Exact: a string is found again only by
 * comparing its bytes.
 *
 * A hash table would pay a cache miss for every insertion once it outgrows
 * the caches (a quarter of spotmatch's time on a stream of 400,000
 * documents).  Here an insertion touches little memory at random:
 *   - a blocked Bloom filter of 2 to 4 bytes a string (one cache line a
 *     lookup) says "certainly new" for nearly every new string;
 *   - the strings come in batches of SEEN_BATCH with a small index of
 *     their own; a full batch is sorted by hash (radix) and becomes a
 *     run; runs of like length are merged (a log-structured merge), so
 *     that there are about log2(n / SEEN_BATCH) of them;
 *   - only a string the filter may have seen (about 1 in 1,000 new ones,
 *     and every repeat) is looked for: in the batch's index, then in each
 *     run by interpolation on the hash (hashes are uniform).
 * Memory: an entry of 16 bytes, the string with 12 bytes (its value and
 * length), 2 to 4 bytes of filter; and 832 KB for the batch (its entries,
 * their sorting, its index), reached only as it fills.
 */
#ifndef DK_SEEN_H
#define DK_SEEN_H

#include <stddef.h>
#include <stdint.h>

#define DK_SEEN_NEW UINT64_MAX

struct dk_seen_entry;
struct dk_seen_run {
	struct dk_seen_entry *e;
	size_t n;
};

typedef struct {
	char *text;                 /* each string: uint32 length, bytes */
	size_t textn, textcap;
	struct dk_seen_entry *batch, *sorted;   /* one block */
	size_t nbatch;
	uint64_t *sortbuf;          /* keys for sorting a batch, twice */
	uint16_t *bindex;           /* batch position + 1 by hash; 0 empty */
	struct dk_seen_run run[64]; /* longest first */
	size_t nrun;
	uint64_t *filter;           /* blocks of 8 words */
	size_t fblocks, fcap;       /* blocks (a power of 2); strings it is
	                             * sized for */
	size_t n;
} dk_seen;

/* A zeroed dk_seen is an empty set too. */
void dk_seen_init(dk_seen *s);
void dk_seen_free(dk_seen *s);
/* p[0..n) with its hash h (any well-mixed 64-bit hash of the bytes, the
 * same for the same bytes): the value it was added with, or DK_SEEN_NEW
 * after adding it with value v. */
uint64_t dk_seen_add(dk_seen *s, const char *p, size_t n, uint64_t h, uint64_t v);
/* For a caller that knows the hash h of a string it will add some
 * strings later: the memory that adding will touch first, fetched (a hint
 * only; anything may come between). */
void dk_seen_prefetch(const dk_seen *s, uint64_t h);
/* Bytes held, for statistics. */
size_t dk_seen_bytes(const dk_seen *s);

#endif
