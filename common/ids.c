/* Unique document IDs: the set of IDs seen and where each was first seen
 * (ids.h). */
#include "ids.h"
#include "hash.h"
#include "msg.h"
#include "keys.h"

#include <stdlib.h>
#include <string.h>

int dk_allow_repeated_ids;
dk_ids dk_input_ids;

/* where: the file index above LINE_BITS, then the kind of position
 * (DK_AT_*) in two bits, then the line or offset.  The file index is below
 * 2^20 - 1, so no place is NOWHERE. */
#define LINE_BITS 44
#define POS_BITS 42
#define POS_MAX (((uint64_t)1 << POS_BITS) - 1)
#define NOWHERE UINT64_MAX
/* Scopes below MASKED are bits of an ID's mask; its top byte holds the
 * first of them the ID was seen in. */
#define MASKED 56
#define FIRST_SHIFT 56
#define ID_SEED 0x4944u

void
dk_ids_init(dk_ids *s)
{
	memset(s, 0, sizeof *s);
}

void
dk_ids_free(dk_ids *s)
{
	size_t i;

	dk_seen_free(&s->seen);
	if (s->set.slot)
		dk_intern_free(&s->set);
	if (s->scopes.slot)
		dk_intern_free(&s->scopes);
	for (i = 0; i < s->files.n; i++)
		free(s->files.v[i]);
	DK_FREE_ALL(s->files.v, s->mask.v, s->first.v, s->pair, s->last.v, s->pairkey.v);
	memset(s, 0, sizeof *s);
}

/* The index of the file called name among the operands met, added when
 * new; operands come one after another, so the last one is the likely
 * match. */
static uint64_t
file_index(dk_ids *s, const char *name, uint64_t pos)
{
	if (s->files.n == 0 || strcmp(s->files.v[s->files.n - 1], name) != 0) {
		if (s->files.n + 1 >= (size_t)1 << (64 - LINE_BITS))
			dk_die_at(name, (unsigned long)pos, "too many operands");
		DK_PUSH(&s->files, dk_strdup(name));
		s->fileserial = 0;
	}
	return s->files.n - 1;
}

/* Where the first of a repeated ID was, as seen from file: "at line N",
 * "at FILE:N", "at offset N", "in FILE at offset N", "given as an
 * operand", or "read: FILE given twice" when it is this very record. */
static void
first_place(const dk_ids *s, dk_buf *b, const char *file, int kind, uint64_t pos,
    uint64_t first)
{
	int fkind = (int)(first >> POS_BITS & 3);
	uint64_t fpos = first & POS_MAX;
	const char *ffile;
	int same;

	if (fkind == DK_AT_OPERAND) {
		dk_buf_str(b, "given as an operand");
		return;
	}
	ffile = s->files.v[first >> LINE_BITS];
	same = strcmp(ffile, file) == 0;
	if (same && fkind == kind && fpos == (pos > POS_MAX ? POS_MAX : pos)) {
		dk_buf_str(b, "read: ");
		dk_buf_str(b, file);
		dk_buf_str(b, " given twice");
		return;
	}
	if (fkind == DK_AT_LINE) {
		dk_buf_str(b, same ? "at line " : "at ");
		if (!same) {
			dk_buf_str(b, ffile);
			dk_buf_char(b, ':');
		}
	} else {
		if (!same) {
			dk_buf_str(b, "in ");
			dk_buf_str(b, ffile);
			dk_buf_char(b, ' ');
		}
		dk_buf_str(b, "at offset ");
	}
	dk_buf_u64(b, fpos);
}

static void DK_NORETURN
repeated(const dk_ids *s, const char *file, int kind, uint64_t pos, dk_str id,
    uint64_t first, dk_str inexact)
{
	int n = id.n > 200 ? 200 : (int)id.n;
	const char *more = id.n > 200 ? "..." : "";
	static dk_buf b;        /* reachable at exit */

	if (s->pending)
		s->pending(s->pending_arg);
	/* the scope's own first record is not known: the ID's first is */
	if (inexact.p) {
		dk_buf_str(&b, "under ");
		dk_buf_bytes(&b, inexact.p, inexact.n > 200 ? 200 : inexact.n);
		dk_buf_str(&b, " (its first record ");
	}
	first_place(s, &b, file, kind, pos, first);
	if (inexact.p)
		dk_buf_char(&b, ')');
	dk_buf_char(&b, '\0');
	if (kind == DK_AT_LINE)
		dk_die_at(file, (unsigned long)pos, "ID %.*s%s already %s (see "
		    "--allow-repeated-ids)", n, id.p, more, b.p);
	if (kind == DK_AT_OFFSET)
		dk_diex(DK_EXIT_INPUT, "%s: offset %llu: ID %.*s%s already %s (see "
		    "--allow-repeated-ids)", file, (unsigned long long)pos, n, id.p, more, b.p);
	dk_diex(DK_EXIT_INPUT, "%s: ID %.*s%s already %s (see --allow-repeated-ids)",
	    file, n, id.p, more, b.p);
}

/* The number of the ID of a scoped record, added when new (no scope
 * yet).  The ID last looked up is compared first: a keyed producer writes
 * a document's records one after another. */
static uint32_t
id_number(dk_ids *s, dk_str id)
{
	uint32_t k;
	int isnew;

	if (s->haslast && s->last.n == id.n && memcmp(s->last.v, id.p, id.n) == 0)
		return s->lastnum;
	if (!s->set.slot) {
		dk_intern_init(&s->set, 0);
		dk_intern_init(&s->scopes, DK_INTERN_INDEX);
	}
	k = dk_intern_id(&s->set, id.p, id.n, &isnew);
	if (isnew) {
		DK_PUSH(&s->mask, 0);
		DK_PUSH(&s->first, NOWHERE);
	}
	DK_GROW(&s->last, id.n + 1);
	memcpy(s->last.v, id.p, id.n);
	s->last.n = id.n;
	s->lastnum = k;
	s->haslast = 1;
	return k;
}

/* The slot of scope sc's ID k in the table of pairs, or the empty slot
 * where it goes; two words a slot. */
static size_t
pair_slot(const dk_ids *s, uint64_t key)
{
	size_t i = dk_mix64(key) & s->pairmask;

	while (s->pair[2 * i] && s->pair[2 * i] != key)
		i = (i + 1) & s->pairmask;
	return i;
}

static void
pair_grow(dk_ids *s)
{
	uint64_t *old = s->pair;
	size_t n = s->pair ? s->pairmask + 1 : 0, i, j;

	s->pairmask = n ? 2 * n - 1 : 1023;
	s->pair = dk_calloc(2 * (s->pairmask + 1), sizeof *s->pair);
	for (i = 0; i < n; i++)
		if (old[2 * i]) {
			j = pair_slot(s, old[2 * i]);
			s->pair[2 * j] = old[2 * i];
			s->pair[2 * j + 1] = old[2 * i + 1];
		}
	free(old);
}

/* The number of scope, added when new.  A stream names few scopes, a
 * record one: a cache by a short hash of the bytes spares the hash table
 * most lookups. */
static uint32_t
scope_number(dk_ids *s, dk_str scope)
{
	uint32_t h = 2166136261u, c, k;
	const char *q;
	size_t i, n;
	int isnew;

	for (i = 0; i < scope.n; i++)
		h = (h ^ (unsigned char)scope.p[i]) * 16777619u;
	h = (h ^ h >> 13 ^ h >> 26) & 63;
	if ((c = s->scache[h]) != 0) {
		q = dk_intern_get(&s->scopes, c - 1, &n);
		if (n == scope.n && memcmp(q, scope.p, n) == 0)
			return c - 1;
	}
	k = dk_intern_id(&s->scopes, scope.p, scope.n, &isnew);
	s->scache[h] = k + 1;
	return k;
}

/* Where ID k was first seen in scope (a number), or NOWHERE when not
 * yet, recording place; *inexact set when only the ID's first scoped
 * record is known (its mask holds the scope, which is not the first). */
static uint64_t
scoped(dk_ids *s, dk_str scope, uint32_t k, uint64_t place, int *inexact)
{
	uint64_t key, bit;
	uint32_t sc;
	size_t i;

	sc = scope_number(s, scope);
	if (sc < MASKED) {
		bit = (uint64_t)1 << sc;
		if (s->first.v[k] == NOWHERE) {
			s->mask.v[k] = (uint64_t)sc << FIRST_SHIFT | bit;
			s->first.v[k] = place;
			return NOWHERE;
		}
		if (!(s->mask.v[k] & bit)) {
			s->mask.v[k] |= bit;
			return NOWHERE;
		}
		*inexact = s->mask.v[k] >> FIRST_SHIFT != sc;
		return s->first.v[k];
	}
	key = ((uint64_t)sc << 32 | k) + 1;
	if (!s->pair || (s->npair + 1) * 2 > s->pairmask)
		pair_grow(s);
	i = pair_slot(s, key);
	if (s->pair[2 * i])
		return s->pair[2 * i + 1];
	s->pair[2 * i] = key;
	s->pair[2 * i + 1] = place;
	s->npair++;
	return NOWHERE;
}

/* Where a record is, as kept. */
static uint64_t
place_of(dk_ids *s, const char *file, int kind, uint64_t pos)
{
	uint64_t place = (uint64_t)kind << POS_BITS | (pos > POS_MAX ? POS_MAX : pos);

	/* a file operand is named by the ID: its name need not be kept */
	if (kind != DK_AT_OPERAND)
		place |= file_index(s, file, pos) << LINE_BITS;
	return place;
}

/* Where the record just read from r is.  Its file's index is kept by
 * the reader's number: a record would otherwise compare its file's name
 * with the last one's (file_index), and the check of an ID is a cost of
 * every record. */
static inline uint64_t
reader_place(dk_ids *s, dk_reader *r)
{
	unsigned long serial = dk_reader_serial(r);
	uint64_t pos = dk_reader_lineno(r);

	if (serial != s->fileserial) {
		s->fileidx = file_index(s, dk_reader_name(r), pos);
		s->fileserial = serial;
	}
	return s->fileidx << LINE_BITS | (uint64_t)DK_AT_LINE << POS_BITS |
	    (pos > POS_MAX ? POS_MAX : pos);
}

/* The hash the set of strings seen keeps key by: h when the caller knows
 * it (dk_ids_seen_hash), else made here. */
static uint64_t
seen_hash_of(dk_str key, uint64_t h)
{
	return h ? h : dk_hash64(key.p, key.n, ID_SEED);
}

/* key (the ID, or a scope and the ID; its hash h, or 0 when not known)
 * checked in the set of strings seen, at place (place_of); a repeat names
 * id. */
static void
add_seen(dk_ids *s, const char *file, int kind, uint64_t pos, uint64_t place, dk_str key,
    dk_str id, uint64_t h)
{
	uint64_t w = dk_seen_add(&s->seen, key.p, key.n, seen_hash_of(key, h), place);

	if (w != DK_SEEN_NEW)
		repeated(s, file, kind, pos, id, w, (dk_str){ NULL, 0 });
}

uint64_t
dk_ids_place(dk_ids *s, dk_reader *r)
{
	return reader_place(s, r);
}

void
dk_ids_repeated(const dk_ids *s, dk_reader *r, dk_str id, uint64_t first)
{
	repeated(s, dk_reader_name(r), DK_AT_LINE, dk_reader_lineno(r), id, first,
	    (dk_str){ NULL, 0 });
}

/* dk_ids_add_at, the record being at place (place_of). */
static void
add_at(dk_ids *s, const char *file, int kind, uint64_t pos, uint64_t place, dk_str scope,
    dk_str id)
{
	uint64_t w;
	int inexact = 0;

	if (scope.n == 0) {
		add_seen(s, file, kind, pos, place, id, id, 0);
		return;
	}
	w = scoped(s, scope, id_number(s, id), place, &inexact);
	if (w != NOWHERE)
		repeated(s, file, kind, pos, id, w, inexact ? scope : (dk_str){ NULL, 0 });
}

void
dk_ids_add_at(dk_ids *s, const char *file, int kind, uint64_t pos, dk_str scope,
    dk_str id)
{
	if (!dk_allow_repeated_ids)
		add_at(s, file, kind, pos, place_of(s, file, kind, pos), scope, id);
}

/* The pair of scope and ID as the set of strings seen holds it, "SCOPE
 * TAB ID", written to to (room for scope.n + 1 + id.n bytes); its length. */
static size_t
put_pair(char *to, dk_str scope, dk_str id)
{
	memcpy(to, scope.p, scope.n);
	to[scope.n] = '\t';
	if (id.n)
		memcpy(to + scope.n + 1, id.p, id.n);
	return scope.n + 1 + id.n;
}

/* A partition's probe (its ID is a member's of another key), or a
 * minhash record of a document's every band: the pair of scope and ID is
 * nearly always new, which the set of strings seen tells touching the
 * least memory.  The pair is kept there as "SCOPE TAB ID", which no ID (a
 * field) is. */
static void
add_probe(dk_ids *s, dk_reader *r, dk_str scope, dk_str id, uint64_t h)
{
	DK_GROW(&s->pairkey, scope.n + 1 + id.n);
	s->pairkey.n = put_pair(s->pairkey.v, scope, id);
	add_seen(s, dk_reader_name(r), DK_AT_LINE, dk_reader_lineno(r), reader_place(s, r),
	    (dk_str){ s->pairkey.v, s->pairkey.n }, id, h);
}

/* dk_ids_add, an unscoped ID's hash h when known (else 0). */
static void
add_hashed(dk_ids *s, dk_reader *r, dk_str scope, dk_str id, uint64_t h)
{
	uint64_t w;

	if (scope.n > 0) {
		add_at(s, dk_reader_name(r), DK_AT_LINE, dk_reader_lineno(r), reader_place(s, r),
		    scope, id);
		return;
	}
	/* a document's ID, the check of every record of a corpus: add_seen
	 * with no more calls than it needs */
	w = dk_seen_add(&s->seen, id.p, id.n, seen_hash_of(id, h), reader_place(s, r));
	if (w != DK_SEEN_NEW)
		repeated(s, dk_reader_name(r), DK_AT_LINE, dk_reader_lineno(r), id, w,
		    (dk_str){ NULL, 0 });
}

void
dk_ids_add(dk_ids *s, dk_reader *r, dk_str scope, dk_str id)
{
	if (!dk_allow_repeated_ids)
		add_hashed(s, r, scope, id, 0);
}

/* Whether the record of key k (the bytes key) with last field last is
 * checked as a pair SCOPE TAB ID in the set of strings seen (add_probe):
 * a partition's probe, which repeats a member of another key once in each
 * key it probes, or minhash's default record, B<par>:<hash>,..., a
 * document once in its scope, nearly always new there as a probe is. */
static int
checked_as_pair(const dk_keyinfo *k, dk_str key, dk_str last)
{
	if (k->key == DK_KEY_PART)
		return last.n >= 6 && memcmp(last.p, "!probe", 6) == 0 &&
		    (last.n == 6 || last.p[6] == ' ');
	return k->key == DK_KEY_BAND && k->par.p == key.p + 1;
}

void
dk_ids_check_key_hashed(dk_ids *s, dk_reader *r, const dk_record *rec, const dk_keyinfo *k,
    uint64_t h)
{
	if (dk_allow_repeated_ids)
		return;
	/* a partition member is one document of the stream */
	if (checked_as_pair(k, rec->f[0], rec->f[rec->n - 1]))
		add_probe(s, r, dk_key_scope(k, rec->f[0], 1), rec->f[1], h);
	else
		add_hashed(s, r, dk_key_scope(k, rec->f[0], 0), rec->f[1], h);
}

void
dk_ids_check_key(dk_ids *s, dk_reader *r, const dk_record *rec, const dk_keyinfo *k)
{
	dk_ids_check_key_hashed(s, r, rec, k, 0);
}

uint64_t
dk_ids_seen_hash(const dk_keyinfo *k, dk_str key, dk_str id, dk_str last)
{
	char pair[256];
	dk_str scope;

	if (!checked_as_pair(k, key, last))
		return k->key == DK_KEY_PART ? dk_hash64(id.p, id.n, ID_SEED) : 0;
	scope = dk_key_scope(k, key, 1);
	if (scope.n + 1 + id.n > sizeof pair)
		return 0;
	return dk_hash64(pair, put_pair(pair, scope, id), ID_SEED);
}

void
dk_ids_prefetch(const dk_ids *s, uint64_t h)
{
	if (h)
		dk_seen_prefetch(&s->seen, h);
}

void
dk_ids_check(dk_ids *s, dk_reader *r, const dk_record *rec, int keyed)
{
	dk_keyinfo k;

	if (dk_allow_repeated_ids)
		return;
	if (!keyed || rec->n < 2) {
		dk_ids_add(s, r, (dk_str){ rec->f[0].p, 0 }, rec->f[0]);
		return;
	}
	dk_key_parse(rec->f[0], &k);
	dk_ids_check_key(s, r, rec, &k);
}

size_t
dk_ids_bytes(const dk_ids *s)
{
	return dk_seen_bytes(&s->seen) + dk_intern_bytes(&s->set) + dk_intern_bytes(&s->scopes) +
	    (s->mask.cap + s->first.cap) * sizeof(uint64_t) +
	    (s->pair ? 2 * (s->pairmask + 1) * sizeof *s->pair : 0) + s->last.cap +
	    s->pairkey.cap;
}
