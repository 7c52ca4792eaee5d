/* Unique document IDs: the set of IDs seen and where each was first seen
 * (ids.h). */
#include "ids.h"
#include "msg.h"
#include "keys.h"

#include <stdlib.h>
#include <string.h>

int dk_allow_repeated_ids;
dk_ids dk_input_ids;

#define LINE_BITS 44

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

/* The index of r's name among the operands met, added when new; operands
 * come one after another, so the last one is the likely match. */
static uint64_t
file_index(dk_ids *s, dk_reader *r)
{
	const char *name = dk_reader_name(r);

	if (s->files.n == 0 || strcmp(s->files.v[s->files.n - 1], name) != 0) {
		if (s->files.n + 1 >= (size_t)1 << (64 - LINE_BITS))
			dk_die_at(name, dk_reader_lineno(r), "too many operands");
		DK_PUSH(&s->files, dk_strdup(name));
	}
	return s->files.n - 1;
}

static void DK_NORETURN
repeated(const dk_ids *s, dk_reader *r, dk_str id, uint64_t first)
{
	const char *file = s->files.v[first >> LINE_BITS];
	unsigned long line = (unsigned long)(first & (((uint64_t)1 << LINE_BITS) - 1));
	int n = id.n > 200 ? 200 : (int)id.n;
	const char *more = id.n > 200 ? "..." : "";

	if (s->pending)
		s->pending(s->pending_arg);
	if (strcmp(file, dk_reader_name(r)) == 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "ID %.*s%s already at line %lu (see --allow-repeated-ids)",
		    n, id.p, more, line);
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
	    "ID %.*s%s already at %s:%lu (see --allow-repeated-ids)",
	    n, id.p, more, file, line);
}

void
dk_ids_add(dk_ids *s, dk_reader *r, dk_str scope, dk_str id)
{
	const char *p = id.p;
	size_t n = id.n;
	uint64_t line = dk_reader_lineno(r), f;
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
		repeated(s, r, id, s->where.v[k]);
	f = file_index(s, r);
	if (line >> LINE_BITS)
		line = ((uint64_t)1 << LINE_BITS) - 1;
	DK_PUSH(&s->where, f << LINE_BITS | line);
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
