/* cluster: connected components of a pair stream, as a cluster stream. */
#include "dk.h"

#include <stdio.h>
#include <stdlib.h>

static const struct dk_usage usage = {
	"cluster [-v] [-a FILE] [--min-sim S] [--min-size N] [--representatives] [file ...]",
	"  -a FILE            every ID, from the first column of FILE (an ID list,\n"
	"                     document or signature stream): singletons are listed\n"
	"                     and IDs order the output\n"
	"  --min-sim S        ignore pairs whose SIM is below S\n"
	"  --min-size N       write only clusters of at least N members\n"
	"  --representatives  write one ID per cluster, its name (the keep list)\n"
	"  -v                 statistics on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_MINSIM = 0x2000, OPT_MINSIZE, OPT_REPS };

/* IDs get dense numbers in order of first appearance (-a first); the
 * cluster of an ID is named by its member numbered lowest. */
static struct {
	dk_intern ids;
	DK_VEC(uint32_t) up;     /* union-find parent */
	DK_VEC(uint32_t) size;   /* members, at roots */
	int closed;              /* -a given: no new IDs */
	int64_t minsim;          /* millionths, -1: every pair */
	unsigned long npairs, nused, nself, nweak;
} g = { .minsim = -1 };

static uint32_t
find(uint32_t x)
{
	while (g.up.v[x] != x) {
		g.up.v[x] = g.up.v[g.up.v[x]];    /* path halving */
		x = g.up.v[x];
	}
	return x;
}

/* Union by size; the root keeps no name, so any root will do. */
static void
join(uint32_t a, uint32_t b)
{
	uint32_t t;

	a = find(a);
	b = find(b);
	if (a == b)
		return;
	if (g.size.v[a] < g.size.v[b])
		t = a, a = b, b = t;
	g.up.v[b] = a;
	g.size.v[a] += g.size.v[b];
}

/* The number of ID s (hash h), a new one unless -a closed the list. */
static uint32_t
id_of(const char *file, unsigned long line, dk_str s, uint64_t h)
{
	uint32_t i;
	int isnew;

	if (g.closed) {
		if ((i = dk_intern_find_hashed(&g.ids, s.p, s.n, h)) == UINT32_MAX)
			dk_die_at(file, line, "ID \"%.*s\" is not in the -a list",
			    (int)(s.n > 200 ? 200 : s.n), s.p);
		return i;
	}
	i = dk_intern_id_hashed(&g.ids, s.p, s.n, h, &isnew);
	if (isnew) {
		DK_PUSH(&g.up, i);
		DK_PUSH(&g.size, 1);
	}
	return i;
}

/* Pairs are read in batches whose IDs are looked up together: the table
 * of 10 million IDs does not fit a cache, and the misses of a batch
 * overlap when its slots are prefetched first. */
enum { BATCH = 256 };

static struct {
	DK_VEC(char) text;             /* the IDs of the batch */
	struct {
		size_t off[2];
		uint32_t len[2];
		uint64_t h[2];
		int64_t sim;
		unsigned long line;
	} p[BATCH];
	size_t n;
} batch;

static void
flush_batch(const char *file)
{
	size_t k, e;
	uint32_t a, b;
	dk_str s;

	for (k = 0; k < batch.n; k++)
		for (e = 0; e < 2; e++) {
			batch.p[k].h[e] = dk_intern_hash(batch.text.v + batch.p[k].off[e],
			    batch.p[k].len[e]);
			dk_intern_prefetch(&g.ids, batch.p[k].h[e]);
		}
	for (k = 0; k < batch.n; k++)
		for (e = 0; e < 2; e++)
			dk_intern_prefetch_entry(&g.ids, batch.p[k].h[e]);
	for (k = 0; k < batch.n; k++) {
		s.p = batch.text.v + batch.p[k].off[0];
		s.n = batch.p[k].len[0];
		a = id_of(file, batch.p[k].line, s, batch.p[k].h[0]);
		s.p = batch.text.v + batch.p[k].off[1];
		s.n = batch.p[k].len[1];
		b = id_of(file, batch.p[k].line, s, batch.p[k].h[1]);
		if (g.minsim >= 0 && batch.p[k].sim < g.minsim)
			g.nweak++;
		else if (a == b)
			g.nself++;
		else {
			g.nused++;
			join(a, b);
		}
	}
	batch.n = 0;
	batch.text.n = 0;
}

static void
batch_add(dk_str id1, dk_str id2, int64_t sim, unsigned long line)
{
	size_t k = batch.n++;

	DK_GROW(&batch.text, batch.text.n + id1.n + id2.n);
	batch.p[k].off[0] = batch.text.n;
	batch.p[k].len[0] = (uint32_t)id1.n;
	memcpy(batch.text.v + batch.text.n, id1.p, id1.n);
	batch.text.n += id1.n;
	batch.p[k].off[1] = batch.text.n;
	batch.p[k].len[1] = (uint32_t)id2.n;
	memcpy(batch.text.v + batch.text.n, id2.p, id2.n);
	batch.text.n += id2.n;
	batch.p[k].sim = sim;
	batch.p[k].line = line;
}

static void
load_ids(const char *path)
{
	dk_reader *r = dk_reader_open(path);
	dk_record rec = { 0 };

	if (r == NULL)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	dk_expect(r, DK_KIND_LIST | DK_KIND_DOC | DK_KIND_SIG | DK_KIND_CLUSTER,
	    "IDs with -a (an ID list, a document stream or a signature stream)");
	while (dk_read_record(r, &rec, 1)) {
		dk_ids_check(&dk_input_ids, r, &rec, 0);
		if (rec.f[0].n == 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "empty ID");
		if (memchr(rec.f[0].p, 0, rec.f[0].n))
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "NUL byte in an ID");
		id_of(dk_reader_name(r), dk_reader_lineno(r), rec.f[0],
		    dk_intern_hash(rec.f[0].p, rec.f[0].n));
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_record_free(&rec);
	dk_reader_close(r);
	g.closed = 1;
}

static void
run(dk_reader *r, void *arg)
{
	dk_record rec = { 0 };
	dk_pair p;
	const char *msg;

	(void)arg;
	dk_expect(r, DK_KIND_PAIR, NULL);
	while (dk_read_record(r, &rec, 2)) {
		if ((msg = dk_parse_pair(&rec, &p)) != NULL)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
		if (g.minsim >= 0 && p.sim < 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "--min-sim needs a SIM column");
		if (p.id1.n > UINT32_MAX || p.id2.n > UINT32_MAX)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "ID too long");
		g.npairs++;
		batch_add(p.id1, p.id2, p.sim, dk_reader_lineno(r));
		if (batch.n == BATCH)
			flush_batch(dk_reader_name(r));
	}
	flush_batch(dk_reader_name(r));
	dk_record_free(&rec);
}

/* Writes the clusters in order of their names, members in ID order. */
static void
write_clusters(uint32_t minsize, int reps)
{
	size_t n = dk_intern_count(&g.ids), i, len;
	uint32_t *name = dk_reallocarray(NULL, n ? n : 1, sizeof *name);
	uint32_t *start = dk_calloc(n + 1, sizeof *start);
	uint32_t *member = dk_reallocarray(NULL, n ? n : 1, sizeof *member);
	uint32_t *low = dk_reallocarray(NULL, n ? n : 1, sizeof *low);
	unsigned long nclusters = 0, nsingle = 0, largest = 0;

	/* IDs are visited in order, so the first member met of a root names
	 * its cluster; low[] maps roots to those names */
	for (i = 0; i < n; i++)
		low[i] = UINT32_MAX;
	for (i = 0; i < n; i++) {
		uint32_t root = find((uint32_t)i);
		if (low[root] == UINT32_MAX)
			low[root] = (uint32_t)i;
		name[i] = low[root];
	}
	/* counting sort of the IDs by cluster name, stable */
	for (i = 0; i < n; i++)
		start[name[i] + 1]++;
	for (i = 0; i < n; i++)
		start[i + 1] += start[i];
	for (i = 0; i < n; i++)
		member[start[name[i]]++] = (uint32_t)i;
	/* start[k] is now the end of cluster k; walk the clusters in order */
	for (i = 0; i < n; ) {
		uint32_t c = name[member[i]], end = start[c], size = end - (uint32_t)i, j;
		size_t cn;
		const char *cname = dk_intern_get(&g.ids, c, &cn);

		nclusters++;
		nsingle += size == 1;
		if (size > largest)
			largest = size;
		if (size >= minsize) {
			for (j = (uint32_t)i; j < end && (j == i || !reps); j++) {
				const char *id = dk_intern_get(&g.ids, member[j], &len);

				dk_buf_bytes(&dk_out, id, len);
				if (!reps) {
					dk_buf_char(&dk_out, '\t');
					dk_buf_bytes(&dk_out, cname, cn);
				}
				dk_buf_char(&dk_out, '\n');
				dk_out_maybe_flush();
			}
		}
		i = end;
	}
	if (dk_verbose)
		dk_note("%lu pairs read, %lu joined, %lu self, %lu below --min-sim; "
		    "%zu IDs in %lu clusters (%lu singletons, largest %lu)",
		    g.npairs, g.nused, g.nself, g.nweak, n, nclusters, nsingle, largest);
	free(name);
	free(low);
	free(start);
	free(member);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		{ "min-sim", required_argument, NULL, OPT_MINSIM },
		{ "min-size", required_argument, NULL, OPT_MINSIZE },
		{ "representatives", no_argument, NULL, OPT_REPS },
		{ NULL, 0, NULL, 0 }
	};
	const char *all = NULL;
	uint32_t minsize = 1;
	int ch, reps = 0, status;

	dk_cli_init(argc, argv);
	dk_intern_init(&g.ids, DK_INTERN_INDEX);
	while ((ch = getopt_long(argc, argv, "a:hv", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a': all = optarg; break;
		case OPT_MINSIM:
			g.minsim = (int64_t)(dk_parse_double(optarg, 0, 1, "--min-sim") * 1e6 + 0.5);
			break;
		case OPT_MINSIZE:
			minsize = (uint32_t)dk_parse_int(optarg, 1, UINT32_MAX, "--min-size");
			break;
		case OPT_REPS: reps = 1; break;
		default: dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;

	if (all)
		load_ids(all);
	status = dk_each_input(argc, argv, run, NULL);
	write_clusters(minsize, reps);
	dk_out_close();
	dk_intern_free(&g.ids);
	free(g.up.v);
	free(g.size.v);
	free(batch.text.v);
	return status;
}
