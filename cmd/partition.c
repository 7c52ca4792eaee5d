/* partition: key a signature stream by length partition (SpotSigs 4.2). */
#include "dk.h"
#include "partition.h"
#include "sigform.h"

#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>

static const struct dk_usage usage = {
	"partition -t TAU [-v] [-M MEASURE] [-r RHO] [--size-ratio R] [--shard] [file ...]\n"
	"partition -t TAU [-M MEASURE] [-r RHO] [--size-ratio R] --bounds",
	"  -t TAU      similarity threshold in (0, 1] (required)\n"
	"  -M MEASURE  " DK_HELP_MEASURES " (default jaccard): sets what |d|\n"
	"              counts\n"
	"  -r RHO      partitions end at length RHO, then one open one (default 1000)\n"
	"  --size-ratio R\n"
	"              partitions for spotmatch --size-ratio R, R in (0, 1]: pairs\n"
	"              whose shorter length is below R times the longer are held\n"
	"              apart (gives containment length partitions)\n"
	"  --shard     the input is one shard of a collection: write every probe,\n"
	"              even for a partition empty here\n"
	"  --bounds    print the partition table K, LO, HI and exit\n"
	"  -v          statistics on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_BOUNDS = 0x2000, OPT_SHARD, OPT_SIZERATIO };

/* One buffered input record. */
struct rec {
	uint64_t off;      /* into the line buffer */
	uint32_t n;        /* bytes of the line */
	uint32_t headn;    /* bytes of ID and carried columns, with their TABs */
	uint32_t part;
	uint32_t probe;    /* also emitted for part + 1 */
};

static struct {
	DK_VEC(char) text;
	DK_VEC(struct rec) recs;
	unsigned long nshort;
} in;

static void
print_bounds(const dk_parts *t)
{
	size_t k;
	uint64_t hi;

	for (k = 0; k < t->n; k++) {
		dk_buf_u64(&dk_out, k);
		dk_buf_char(&dk_out, '\t');
		dk_buf_u64(&dk_out, t->p[k]);
		dk_buf_char(&dk_out, '\t');
		if ((hi = dk_parts_upper(t, k)) == UINT64_MAX)
			dk_buf_str(&dk_out, "inf");
		else
			dk_buf_u64(&dk_out, hi);
		dk_buf_char(&dk_out, '\n');
	}
}

/* Reads one operand into memory: the output is grouped by partition, so
 * nothing can be written before the input ends.  Operands whose
 * signatures cannot meet (q-grams of two lengths, spot signatures of
 * other chains) are refused by form: partitioned together they would
 * lose every pair across them later, with status 0. */
static void
load(dk_reader *r, const dk_parts *t, dk_measure m, dk_sigform *form)
{
	dk_record rec = { 0 };
	dk_sigs sigs = { 0 };
	struct rec x;
	uint64_t len;

	dk_expect(r, DK_KIND_SIG, NULL);
	dk_sigform_file(form);
	while (dk_read_record(r, &rec, 2)) {
		dk_ids_check(&dk_input_ids, r, &rec, 0);
		dk_record_sigs(r, &rec, &sigs);
		if (dk_sigform_want(form))
			dk_sigform_record(form, &sigs, r);
		if (sigs.flags & DK_SIG_PROBE)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "!probe record: input is already keyed");
		if (sigs.flags & DK_SIG_SHORT) {
			in.nshort++;
			continue;
		}
		if (sigs.n == 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "record without signatures");
		if (rec.line.n > UINT32_MAX)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "record too long");
		len = dk_measure_len(m, sigs.size, sigs.n);
		x.off = in.text.n;
		x.n = (uint32_t)rec.line.n;
		x.headn = (uint32_t)(rec.f[rec.n - 1].p - rec.line.p);
		x.part = (uint32_t)dk_parts_find(t, len);
		x.probe = (uint32_t)dk_parts_probe(t, x.part, len);
		DK_GROW(&in.text, in.text.n + rec.line.n);
		memcpy(in.text.v + in.text.n, rec.line.p, rec.line.n);
		in.text.n += rec.line.n;
		DK_PUSH(&in.recs, x);
	}
	dk_sigs_free(&sigs);
	dk_record_free(&rec);
}

/* Sizes the line buffer from a regular file up front, sparing the copies
 * of doubling it through a large input. */
static void
reserve(const char *path)
{
	struct stat st;

	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (uint64_t)st.st_size < SIZE_MAX / 2)
		DK_GROW(&in.text, in.text.n + (size_t)st.st_size);
}

struct job {
	const dk_parts *t;
	dk_measure m;
	double sizeratio;          /* --size-ratio, 0 without */
	dk_sigform form;           /* of the operands' signatures (sigform.h) */
};

static void
operand(dk_reader *r, void *arg)
{
	struct job *j = arg;

	reserve(dk_reader_name(r));
	load(r, j->t, j->m, &j->form);
}

/* Writes partition k: its members and the probes of partition k-1, in
 * input order. */
static void
write_part(size_t k, const uint32_t *idx, size_t n, const dk_partkey *pk)
{
	const struct rec *x;
	const char *line;
	size_t i;

	for (i = 0; i < n; i++) {
		x = &in.recs.v[idx[i]];
		line = in.text.v + x->off;
		dk_buf_partkey(&dk_out, pk, k);
		dk_buf_char(&dk_out, '\t');
		if (x->part == k)
			dk_buf_bytes(&dk_out, line, x->n);
		else {
			dk_buf_bytes(&dk_out, line, x->headn);
			dk_buf_str(&dk_out, "!probe ");
			dk_buf_bytes(&dk_out, line + x->headn, x->n - x->headn);
		}
		dk_buf_char(&dk_out, '\n');
		dk_out_maybe_flush();
	}
}

/* Groups the records by partition with a counting sort, keeping input
 * order inside each group, and writes them. */
static void
write_all(const dk_parts *t, dk_measure m, double sizeratio, int shard)
{
	size_t *start = dk_calloc(t->n + 1, sizeof *start);
	uint32_t *idx, *fill;
	size_t i, k, nprobe = 0;
	dk_partkey pk;

	/* a probe for a partition without members would compare nothing,
	 * unless another shard of the collection has members there */
	for (i = 0; i < in.recs.n; i++)
		start[in.recs.v[i].part + 1]++;
	for (i = 0; i < in.recs.n && !shard; i++) {
		if (in.recs.v[i].probe && start[in.recs.v[i].part + 2] == 0)
			in.recs.v[i].probe = 0;
	}
	for (i = 0; i < in.recs.n; i++) {
		if (in.recs.v[i].probe) {
			start[in.recs.v[i].part + 2]++;
			nprobe++;
		}
	}
	for (k = 0; k < t->n; k++)
		start[k + 1] += start[k];
	idx = dk_reallocarray(NULL, start[t->n] + 1, sizeof *idx);
	fill = dk_reallocarray(NULL, t->n, sizeof *fill);
	for (k = 0; k < t->n; k++)
		fill[k] = (uint32_t)start[k];
	for (i = 0; i < in.recs.n; i++) {
		idx[fill[in.recs.v[i].part]++] = (uint32_t)i;
		if (in.recs.v[i].probe)
			idx[fill[in.recs.v[i].part + 1]++] = (uint32_t)i;
	}
	dk_partkey_init(&pk, t->tau, m, t->rho, sizeratio, t->n);
	for (k = 0; k < t->n; k++)
		write_part(k, idx + start[k], start[k + 1] - start[k], &pk);
	if (dk_verbose)
		dk_note("%zu documents, %zu probe copies, %lu short skipped, %zu partitions",
		    in.recs.n, nprobe, in.nshort, t->n);
	free(start);
	free(idx);
	free(fill);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		{ "bounds", no_argument, NULL, OPT_BOUNDS },
		{ "shard", no_argument, NULL, OPT_SHARD },
		{ "size-ratio", required_argument, NULL, OPT_SIZERATIO },
		{ NULL, 0, NULL, 0 }
	};
	struct job job;
	dk_parts t;
	double tau = 0, sizeratio = 0;
	uint64_t rho = DK_RHO_DEFAULT;
	dk_measure m = DK_M_JACCARD;
	int ch, bounds = 0, shard = 0, status = DK_EXIT_OK;

	dk_cli_init(argc, argv);
	while ((ch = getopt_long(argc, argv, "hvt:r:M:", longopts, NULL)) != -1) {
		switch (ch) {
		case 't':
			tau = dk_parse_threshold(optarg);
			break;
		case 'r':
			rho = (uint64_t)dk_parse_int(optarg, 1, (long long)DK_RHO_MAX, "RHO");
			break;
		case 'M':
			m = dk_parse_measure(optarg);
			break;
		case OPT_BOUNDS:
			bounds = 1;
			break;
		case OPT_SHARD:
			shard = 1;
			break;
		case OPT_SIZERATIO:
			sizeratio = dk_parse_threshold_of(optarg, "--size-ratio");
			break;
		default:
			dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (tau == 0)
		dk_diex(DK_EXIT_INPUT, "a threshold -t TAU is required");
	if (bounds && argc > 0)
		dk_usage(&usage);
	dk_parts_init(&t, m, tau, sizeratio, rho);
	if (bounds)
		print_bounds(&t);
	else {
		job = (struct job){ &t, m, sizeratio, { 0 } };
		status = dk_each_input(argc, argv, operand, &job);
		dk_sigform_free(&job.form);
		write_all(&t, m, sizeratio, shard);
	}
	dk_out_close();
	free(in.text.v);
	free(in.recs.v);
	dk_parts_free(&t);
	return dk_exit_status(status);
}
