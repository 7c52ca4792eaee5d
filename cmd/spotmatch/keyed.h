/* The keyed-stream state shared by spotmatch's keyed files: struct
 * sm_keyed (the postings of a minhash or imatch stream, their spill
 * buckets and --against's key table), and what keyed.c (reading records
 * into postings), kspill.c (spilling postings to temporary files) and
 * kgroups.c (matching the key groups) give each other.  The rest of
 * spotmatch sees only sm.h's sm_keyed_* functions. */
#ifndef KEYED_H
#define KEYED_H

#include "sm.h"

#include <stdio.h>

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
	 * ("B:HASH,HASH,...", or "B/k16l12s0w:HASH,..." with the banding)
	 * are not interned while the stream shows no other: dk_ids has
	 * checked them unique in that form's scope, so only a record of a
	 * band ("Bbbb:HASH") could meet one again.  The
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

/* keyed.c: frees what only reading needed. */
void sm_pack(sm_keyed *k);

/* kspill.c: a temporary file for postings (dies when none can be made). */
FILE *sm_temp_file(void);
/* Appends postings in the spilled form to the buckets to[], chosen by
 * their key's bits after the top `bits`. */
void sm_scatter(const uint64_t *p, size_t n, FILE **to, unsigned bits);
/* The postings in memory, in the spilled form, to k's buckets (made at
 * the first spill). */
void sm_spill(sm_keyed *k);
/* The postings in f; f is rewound. */
size_t sm_postings_in(FILE *f);
/* The postings of f, from its start, into k->pkey; f is closed. */
void sm_load(sm_keyed *k, FILE *f);
/* Everything spilled back into memory, in the spilled form. */
void sm_unspill(sm_keyed *k);

#endif
