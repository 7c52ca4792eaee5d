/* The keep list: its IDs, read once (one a line, as dkcluster
 * --representatives writes them), looked up for each record of the corpus,
 * and at the end those the corpus did not have. */
#include "keep.h"

#include <stdio.h>
#include <stdlib.h>

/* What a keep list is, and how one is made of what was given instead. */
#define LIST_IS "a keep list, one ID a line"
#define LIST_FROM_PAIRS "dkcluster -a DOCS --representatives makes one of the pairs"
#define LIST_FROM_CLUSTERS "dkcluster --representatives writes one instead of the clusters"
#define LIST_COLUMN "cut -f 1 takes column 1, if every ID there is meant"

/* A stream of another kind refused at line 1, naming it and what to do;
 * a TAB on a later line is refused by read_list. */
static void
expect_list(dk_reader *r)
{
	const char *how;
	unsigned best, k = dk_sniff_reader(r, &best);

	if (k && !(k & DK_KIND_LIST) && (best & (DK_KIND_DOC | DK_KIND_SIG |
	    DK_KIND_KEYED | DK_KIND_PAIR | DK_KIND_CLUSTER | DK_KIND_LEXICON))) {
		how = best == DK_KIND_CLUSTER ? LIST_FROM_CLUSTERS "; " LIST_COLUMN :
		    best == DK_KIND_PAIR ? LIST_FROM_PAIRS : LIST_COLUMN;
		dk_die_at(dk_reader_name(r), 1, "this looks like %s; keep reads "
		    LIST_IS ": %s", dk_kind_says(best), how);
	}
	dk_expect(r, DK_KIND_LIST, LIST_IS " (from dkcluster --representatives)");
}

/* The keep list, one ID a line.  IDs are @tsv-escaped, so a TAB is never
 * part of one: a line with a TAB is a stream of another kind (a cluster
 * or pair stream, whose column 1 would keep every document). */
void
keep_read_list(struct keep *k, const char *path)
{
	dk_reader *r = dk_reader_open(path);
	dk_str line;
	int isnew;

	if (!r)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	expect_list(r);
	k->listname = dk_reader_name(r);
	dk_intern_init(&k->list, DK_INTERN_INDEX);
	while (dk_read_line(r, &line)) {
		if (memchr(line.p, '\t', line.n))
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "a TAB, but "
			    "a keep list has one ID a line (a TAB in an ID is escaped, \\t): is this a cluster or "
			    "pair stream? dkcluster --representatives writes the keep list "
			    "instead; " LIST_COLUMN);
		if (line.n == 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "empty ID");
		dk_intern_id(&k->list, line.p, line.n, &isnew);
		if (isnew) {
			DK_PUSH(&k->found, 0);
			DK_PUSH(&k->listline, dk_reader_lineno(r));
		}
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	k->listname = dk_strdup(k->listname);
	dk_reader_close(r);
}

void
keep_nonempty(const struct keep *k)
{
	if (k->found.n == 0 && !k->allow_empty)
		dk_diex(DK_EXIT_INPUT, "%s: the keep list is empty, and the corpus is not: "
		    "nothing of it would be kept (see --allow-empty)", k->listname);
}

uint32_t
keep_listed(struct keep *k, const char *id, size_t n)
{
	uint32_t t = dk_intern_find(&k->list, id, n);

	if (t != UINT32_MAX)
		k->found.v[t] = 1;
	return t;
}

/* IDs of the list the corpus did not have: see MISSING IDS in keep(1). */
int
keep_missing(struct keep *k, int action)
{
	size_t i, n = 0, first = 0, len;
	const char *id;
	char more[64];

	for (i = k->found.n; i-- > 0;)
		if (!k->found.v[i])
			n++, first = i;
	if (n == 0)
		return 0;
	id = dk_intern_get(&k->list, (uint32_t)first, &len);
	if (action == MISSING_IGNORE) {
		if (dk_verbose)
			dk_note("%s: %zu IDs not in the corpus", k->listname, n);
		return 0;
	}
	if (action == MISSING_WARN && n == k->found.n && k->n > 0) {
		dk_warnx("%s: none of its %zu IDs is in the corpus of %llu records "
		    "(is the ID field right? see -f, --json, --warc)", k->listname, n, k->n);
		return DK_EXIT_INPUT;
	}
	if (n > 1)
		snprintf(more, sizeof more, " (nor %zu more IDs of the list)", n - 1);
	dk_warnx("%s:%lu: ID %.*s not in the corpus%s", k->listname, k->listline.v[first],
	    (int)len, id, n > 1 ? more : "");
	return action == MISSING_ERROR ? DK_EXIT_INPUT : 0;
}
