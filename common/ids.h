/* Unique document IDs: the set of the IDs a stream has shown, which turns
 * a repeated ID into an error at the record that repeats it,
 *     prog: FILE:LINE: ID x already at line N      (exit 2)
 * ("already at OTHERFILE:N" when the first was in another operand), unless
 * the user gave --allow-repeated-ids (dk_allow_repeated_ids, common/cli).
 *
 * Which records must differ in ID depends on the stream (dupkit-formats(5)):
 *   document and signature streams   every record is a document: the ID
 *                                    (field 1) appears once.
 *   keyed streams (KEY TAB ID ...)   a document is written once under each
 *                                    of several keys, so the ID is unique
 *                                    within a scope named by the key:
 *       P (partition)   a member (no !probe flag) once in the stream; a
 *                       !probe once within its key.
 *       B (minhash)     once within its band, the key up to ':' (B007).
 *       F (imatch)      once within its fingerprint number (F01/04); R once.
 * An unscoped ID (a document of the stream), and a partition's probe or
 * a record of minhash's per-document form (B<par>:<hash>,..., a
 * document once in its scope) as "SCOPE TAB ID", costs an entry of the
 * set of strings seen (common/seen):
 * its bytes and about 30 more, with little memory touched at random where
 * a hash table would miss the cache at every record.  The other scoped
 * IDs (minhash's records of a band, imatch fingerprints: a document
 * under every scope)
 * are numbered in an exact hash set (common/intern), and their records
 * cost no string of their own: the scopes are numbered, the first 56 a
 * stream names are bits of a mask kept by ID (8 bytes an ID, and 8 for
 * where its first scoped record was), the others pairs of numbers in a
 * table of 16 bytes an entry.  As a keyed producer writes a document's
 * records one after the other, the ID last seen is looked up by comparing
 * its bytes.
 *
 * A repeat is reported at the first record that repeats, with where the
 * earlier one was: exactly, but in one case a mask cannot tell, a repeat
 * in a masked scope (not a partition's) other than the one of the ID's
 * first scoped record (a stream neither in a producer's order nor sorted
 * by key), where the message names the scope and the ID's first record
 * instead:
 *     prog: FILE:LINE: ID x already under B003 (its first record at line N)
 *
 * The set of a whole stream grows with it (the bytes of each ID and about
 * 30 more).  A program that holds only a window of its stream may check
 * the window alone, in memory bounded by the window, with a set of its own
 * and the two functions at the end: spotmatch --window reports a record
 * whose ID is that of a record the window still holds once it has evicted
 * for it (its documents, and the records without signatures no older than
 * the bound it evicts by), by the same message and exactly, and checks
 * nothing beyond the window: an ID whose record has left it is taken as
 * new (spotmatch(1)).  Nothing beyond is kept, not even a filter, as a
 * repeat it hinted at could not be confirmed, and a repeat reported is
 * always one.
 */
#ifndef DK_IDS_H
#define DK_IDS_H

#include "intern.h"
#include "keys.h"
#include "msg.h"
#include "seen.h"
#include "stream.h"

extern int dk_allow_repeated_ids;

typedef struct {
	dk_seen seen;             /* unscoped IDs, and partition probes as
	                           * "KEY TAB ID", with where each was */
	DK_VEC(char) pairkey;     /* such a pair, made */
	/* Scoped records (keyed streams), made at the first: */
	dk_intern set;            /* their IDs, numbered */
	dk_intern scopes;         /* the scopes, numbered (readable by number) */
	uint32_t scache[64];      /* scope number + 1 by a hash of its bytes */
	DK_VEC(uint64_t) mask;    /* by ID number: scopes 0..55 seen, and in
	                           * the top byte the first of them */
	DK_VEC(uint64_t) first;   /* by ID number: where in that first scope */
	uint64_t *pair;           /* scopes 56 and up: scope << 32 | ID + 1,
	                           * where; two words a slot, 0 empty */
	size_t pairmask, npair;
	DK_VEC(char) last;        /* the ID last looked up, and its number */
	uint32_t lastnum;
	int haslast;
	DK_VEC(char *) files;     /* names of the operands met */
	unsigned long fileserial; /* the reader last met (dk_reader_serial), */
	uint64_t fileidx;         /* and its file's index; 0: none */
	/* Optional: finishes the records before this one that the program
	 * holds unprocessed (a batch for threads), called before a repeated
	 * ID is reported, so that their output is written and an error of an
	 * earlier line is the one reported.  It may end the program. */
	void (*pending)(void *arg);
	void *pending_arg;
} dk_ids;

/* The IDs of a program's input, for a program that reads one stream. */
extern dk_ids dk_input_ids;

/* A zeroed dk_ids is ready too (the sets are made at the first ID). */
void dk_ids_init(dk_ids *s);
void dk_ids_free(dk_ids *s);
/* The record just read from r: a document of a document or signature
 * stream (field 1 is its ID), or when keyed a record of a keyed stream
 * (KEY TAB ID ...), checked by the rules above; a key of no known kind
 * scopes by the key up to ':'. */
void dk_ids_check(dk_ids *s, dk_reader *r, const dk_record *rec, int keyed);
/* The same for a record of a keyed stream whose key k the caller has
 * parsed already (keys.h). */
void dk_ids_check_key(dk_ids *s, dk_reader *r, const dk_record *rec, const dk_keyinfo *k);
/* The ID alone, with a scope (may be empty), for callers with their own
 * record layout. */
void dk_ids_add(dk_ids *s, dk_reader *r, dk_str scope, dk_str id);
/* The same for a record not read through a dk_reader: at a line or a byte
 * offset of file, or a file operand that is one document named by its
 * operand (file is then the ID).  A repeat is reported where it is,
 *     prog: FILE: offset N: ID x already in FILE2 at offset M
 *     prog: FILE: ID x already given as an operand
 * and a file read twice as "ID x already read: FILE given twice". */
enum { DK_AT_LINE, DK_AT_OFFSET, DK_AT_OPERAND };
void dk_ids_add_at(dk_ids *s, const char *file, int kind, uint64_t pos, dk_str scope,
    dk_str id);
/* For a program that reads records ahead on other threads: the hash
 * dk_ids_check_key would look the record up by, for a record of key k
 * (of the bytes key, its first field), ID id and last field last, when it
 * is one checked in the set of strings seen, else 0; made of the bytes as
 * given, with no state (any thread may call it).  dk_ids_prefetch with
 * that hash, some records before the record is checked, fetches the
 * memory the check touches first; a hint only, whatever the hash. */
uint64_t dk_ids_seen_hash(const dk_keyinfo *k, dk_str key, dk_str id, dk_str last);
void dk_ids_prefetch(const dk_ids *s, uint64_t h);
/* dk_ids_check_key with that hash h of the same record made already (by
 * another thread, say), so that it is not made again; 0: not known (made
 * here).  A hash of other bytes breaks the check: h must be
 * dk_ids_seen_hash of the record's key, ID and last field as given. */
void dk_ids_check_key_hashed(dk_ids *s, dk_reader *r, const dk_record *rec,
    const dk_keyinfo *k, uint64_t h);
/* Bytes held, for statistics. */
size_t dk_ids_bytes(const dk_ids *s);
/* For a program with a set of its own (above): where the record just
 * read from r is, as kept here (files named in s), and the report of the
 * repeat of id at that record, whose first record was at first. */
uint64_t dk_ids_place(dk_ids *s, dk_reader *r);
void dk_ids_repeated(const dk_ids *s, dk_reader *r, dk_str id, uint64_t first) DK_NORETURN;

#endif
