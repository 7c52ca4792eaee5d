/* Unique document IDs: the set of IDs seen and where each was first seen
 * (ids.h). */
#include "ids.h"
#include "msg.h"
#include "keys.h"

#include <stdlib.h>
#include <string.h>

int dk_allow_repeated_ids;
dk_ids dk_input_ids;

/* where: the file index above LINE_BITS, then the kind of position
 * (DK_AT_*) in two bits, then the line or offset. */
#define LINE_BITS 44
#define POS_BITS 42
#define POS_MAX (((uint64_t)1 << POS_BITS) - 1)

void
dk_ids_init(dk_ids *s)
{
	memset(s, 0, sizeof *s);
	dk_intern_init(&s->set, 0);
}

void
dk_ids_free(dk_ids *s)
{
	size_t i;

	dk_intern_free(&s->set);
	for (i = 0; i < s->files.n; i++)
		free(s->files.v[i]);
	free(s->files.v);
	free(s->where.v);
	free(s->scratch.v);
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
    uint64_t first)
{
	int n = id.n > 200 ? 200 : (int)id.n;
	const char *more = id.n > 200 ? "..." : "";
	static dk_buf b;        /* reachable at exit */

	if (s->pending)
		s->pending(s->pending_arg);
	first_place(s, &b, file, kind, pos, first);
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

void
dk_ids_add_at(dk_ids *s, const char *file, int kind, uint64_t pos, dk_str scope,
    dk_str id)
{
	const char *p = id.p;
	size_t n = id.n;
	uint64_t f = 0;
	uint32_t k;
	int isnew;

	if (dk_allow_repeated_ids)
		return;
	if (!s->set.slot)
		dk_intern_init(&s->set, 0);
	if (scope.n > 0) {
		n = scope.n + 1 + id.n;
		DK_GROW(&s->scratch, n);
		memcpy(s->scratch.v, scope.p, scope.n);
		s->scratch.v[scope.n] = '\t';      /* no key holds a TAB */
		memcpy(s->scratch.v + scope.n + 1, id.p, id.n);
		p = s->scratch.v;
	}
	k = dk_intern_id(&s->set, p, n, &isnew);
	if (!isnew)
		repeated(s, file, kind, pos, id, s->where.v[k]);
	/* a file operand is named by the ID: its name need not be kept */
	if (kind != DK_AT_OPERAND)
		f = file_index(s, file, pos);
	if (pos > POS_MAX)
		pos = POS_MAX;
	DK_PUSH(&s->where, f << LINE_BITS | (uint64_t)kind << POS_BITS | pos);
}

void
dk_ids_add(dk_ids *s, dk_reader *r, dk_str scope, dk_str id)
{
	dk_ids_add_at(s, dk_reader_name(r), DK_AT_LINE, dk_reader_lineno(r), scope, id);
}

void
dk_ids_check_key(dk_ids *s, dk_reader *r, const dk_record *rec, const dk_keyinfo *k)
{
	dk_str last = rec->f[rec->n - 1];
	/* a partition member is one document of the stream; a probe repeats
	 * a member of another key, once in each key it probes */
	int probe = last.n >= 6 && memcmp(last.p, "!probe", 6) == 0 &&
	    (last.n == 6 || last.p[6] == ' ');

	dk_ids_add(s, r, dk_key_scope(k, rec->f[0], probe), rec->f[1]);
}

void
dk_ids_check(dk_ids *s, dk_reader *r, const dk_record *rec, int keyed)
{
	dk_keyinfo k;

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
	return dk_intern_bytes(&s->set) + s->where.cap * sizeof *s->where.v +
	    s->scratch.cap;
}
