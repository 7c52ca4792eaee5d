/* evaluate's gold standard: the gold file read into the gold clusters
 * (IDs interned in order, the cluster of each, the members of each, the
 * true pairs), and given back at the end. */
#include "dk.h"
#include "evaluate.h"

#include <stdio.h>
#include <stdlib.h>

/* The gold clusters: IDs interned in order, gcl[id] the cluster of each. */
struct gold gold;

uint64_t
choose2(uint64_t n)
{
	return n * (n - 1) / 2;
}

void
load_gold(const char *path)
{
	dk_reader *r = dk_reader_open(path);
	dk_record rec = { 0 };
	dk_str id, name;
	const char *msg;
	uint32_t i, c;
	int isnew;

	if (r == NULL)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	dk_intern_init(&gold.ids, DK_INTERN_INDEX);
	dk_intern_init(&gold.names, DK_INTERN_INDEX);
	dk_expect(r, DK_KIND_CLUSTER, "a gold standard of clusters (ID CLUSTER) here");
	while (dk_read_record(r, &rec, 1)) {
		if ((msg = dk_parse_cluster(&rec, &id, &name)) != NULL)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
		c = dk_intern_id(&gold.names, name.p, name.n, &isnew);
		if (isnew)
			DK_PUSH(&gold.size, 0);
		i = dk_intern_id(&gold.ids, id.p, id.n, &isnew);
		/* listed twice, even in one cluster, is a mistake in the file */
		if (!isnew)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "ID \"%.*s\" %s at line %lu", (int)(id.n > 200 ? 200 : id.n), id.p,
			    gold.gcl.v[i] != c ? "is in two clusters: already" : "already",
			    gold.line.v[i]);
		DK_PUSH(&gold.line, dk_reader_lineno(r));
		DK_PUSH(&gold.gcl, c);
		gold.size.v[c]++;
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_record_free(&rec);
	dk_reader_close(r);
	gold.ngold = dk_intern_count(&gold.ids);
	for (c = 0; c < gold.size.n; c++)
		gold.truepairs += choose2(gold.size.v[c]);
}

/* What load_gold (and gold_id) took, given back at the end. */
void
free_gold(void)
{
	dk_intern_free(&gold.ids);
	dk_intern_free(&gold.names);
	free(gold.gcl.v);
	free(gold.size.v);
	free(gold.line.v);
}
