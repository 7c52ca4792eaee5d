/* keep: the deduplicated corpus in its own format.  Reads a keep list (one
 * ID a line, as dkcluster --representatives writes it) and writes the records
 * of the corpus whose IDs are on it, order and bytes unchanged. */
#include "keep.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const struct dk_usage usage = {
	"keep [-v] [-f field | --json field | --warc] [--missing action] [--allow-empty]\n"
	"            [-o out] list [file ...]",
	"  -f N            the ID is TSV column N (default 1)\n"
	"  --json FIELD    the corpus is JSON Lines, the ID its top-level FIELD\n"
	"  --warc          the corpus is WARC, plain or .warc.gz (found without it\n"
	"                  in file operands)\n"
	"  --missing ACTION  an ID of the list not in the corpus: warn (default),\n"
	"                  error or ignore\n"
	"  --allow-empty   an empty keep list keeps nothing (else it is an error\n"
	"                  when the corpus is not empty)\n"
	"  -o OUT          write to OUT, replaced when all was read (status 0, or 1\n"
	"                  for records skipped over --max-record); on standard output\n"
	"                  an error leaves the output cut short\n"
	"  -v              kept and removed records on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_WARC = 0x2000, OPT_MISSING, OPT_EMPTY };

static int
warc_operand(struct keep *k, int fd, const char *name)
{
	dk_file f;
	int status = 0;

	if (dk_file_load(fd, &f) < 0) {
		dk_warn("%s", name);
		return DK_EXIT_OPERAND;
	}
	if (f.n)
		status = keep_warc(k, name, f.p, f.n);
	dk_file_unload(&f);
	return status;
}

/* A corpus of another format than the one being read stops keep at its
 * first line, as a stream of the wrong kind stops any program: JSON Lines
 * or WARC without their option, compressed data, and for TSV a stream whose
 * column 1 holds no document IDs (pairs, a lexicon, a keyed stream). */
static void
expect_corpus(dk_reader *r)
{
	unsigned best;

	dk_reader_gunzip(r);
	if (dk_corpus.json) {
		dk_expect(r, ~(DK_KIND_MAGIC & ~DK_KIND_JSONL), "JSON Lines with --json");
		return;
	}
	if (dk_sniff_reader(r, &best) == DK_KIND_JSONL)
		dk_die_at(dk_reader_name(r), 1, "this looks like JSON Lines; keep reads "
		    "them with --json FIELD, FIELD the member that holds the ID");
	if (best == DK_KIND_WARC)
		dk_die_at(dk_reader_name(r), 1, "this looks like a WARC file; keep reads "
		    "one with --warc, or as a file operand without -f or --json");
	dk_expect(r, DK_KIND_DOC | DK_KIND_SIG | DK_KIND_SKETCH | DK_KIND_CLUSTER | DK_KIND_LIST |
	    (dk_corpus.idcol > 1 ? DK_KIND_KEYED : 0), "a corpus: a TSV stream with the ID "
	    "in column 1 (see -f), JSON Lines with --json FIELD, or WARC");
}

static int
operand(struct keep *k, const char *path, int guess)
{
	int fd, status;
	dk_reader *r;

	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO, path = "stdin";
	else if ((fd = open(path, O_RDONLY)) < 0) {
		dk_warn("%s", path);
		return DK_EXIT_OPERAND;
	}
	/* a WARC file is told by its first bytes (a gzip file by what it
	 * inflates to, so that a gzipped TSV stream is not called a bad WARC) */
	if (k->warc || (guess && dk_pages_looks_warc(fd))) {
		status = warc_operand(k, fd, path);
		if (fd != STDIN_FILENO)
			close(fd);
		return status;
	}
	r = dk_reader_fd(fd, path);
	expect_corpus(r);
	keep_lines(k, r);
	status = dk_reader_error(r) ? DK_EXIT_OPERAND : 0;
	dk_reader_close(r);
	return status;
}

static void
closing(const struct keep *k)
{
	unsigned long long removed = k->n - k->kept;
	char more[96] = "";

	if (k->skipped)
		snprintf(more, sizeof more, ", and %llu record%s skipped (see --max-record)",
		    k->skipped, k->skipped == 1 ? "" : "s");
	if (k->blank)
		dk_note("%llu blank line%s skipped", k->blank, k->blank == 1 ? "" : "s");
	dk_note("kept %llu of %llu (%llu removed, %.1f%%)%s", k->kept, k->n, removed,
	    k->n ? 100.0 * (double)removed / (double)k->n : 0.0, more);
}

/* --missing's words, in the order of MISSING_* (keep.h). */
static const char *const missing_words[] = { "warn", "error", "ignore", NULL };

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CORPUS_OPTS,
		{ "warc", no_argument, NULL, OPT_WARC },
		{ "missing", required_argument, NULL, OPT_MISSING },
		{ "allow-empty", no_argument, NULL, OPT_EMPTY },
		DK_CLI_IDOPTS,
		{ NULL, 0, NULL, 0 }
	};
	static struct keep k;
	int ch, action = MISSING_WARN, status = 0, s, formats = 0, fd;
	char *stdin_only[] = { "-", NULL };
	const char *out = NULL;
	dk_atomic a = { NULL, NULL, -1 };

	dk_cli_init(argc, argv);
	while ((ch = getopt_long(argc, argv, "f:ho:v", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			dk_corpus.idcol = (size_t)dk_parse_int(optarg, 1, 1 << 20, "-f");
			formats |= 1;
			break;
		case DK_OPT_JSON:
			dk_corpus_option(ch, optarg);   /* ID, or ID,TEXT */
			formats |= 2;
			break;
		case OPT_WARC:
			k.warc = 1;
			formats |= 4;
			break;
		case OPT_MISSING:
			action = dk_parse_choice(optarg, "--missing", missing_words);
			break;
		case OPT_EMPTY:
			k.allow_empty = 1;
			break;
		case 'o':
			if (!*optarg)
				dk_diex(DK_EXIT_INPUT, "-o: the file name is empty");
			out = optarg;
			break;
		default:
			dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1)
		dk_usage(&usage);
	if (formats & (formats - 1))
		dk_diex(DK_EXIT_INPUT, "-f, --json and --warc name different formats: give one");

	keep_read_list(&k, argv[0]);
	if (out) {
		if ((fd = dk_atomic_open(&a, out)) < 0 && errno == EINVAL)
			dk_diex(DK_EXIT_INPUT, "-o %s: not a regular file, which -o replaces "
			    "whole; write to standard output instead", out);
		if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0)
			dk_die(DK_EXIT_OPERAND, "-o %s", out);
	}
	argc--, argv++;
	if (argc == 0)
		argv = stdin_only;
	if (strcmp(k.listname, "stdin") == 0)
		for (s = 0; argv[s]; s++)
			if (strcmp(argv[s], "-") == 0)
				dk_diex(DK_EXIT_INPUT, "the keep list and the corpus cannot both be standard input");
	dk_progress_operands(argc, argv);
	for (; *argv; argv++)
		if ((s = operand(&k, *argv, formats == 0)) > status)
			status = s;
	dk_out_close();
	if ((s = keep_missing(&k, action)) > status)
		status = s;
	if (dk_verbose)
		closing(&k);
	/* OUT is what standard output would have been, written when all was
	 * read: records skipped over --max-record are left out by policy
	 * (each named, the status 1), an operand that could not be read or
	 * bad input leaves OUT as it was */
	if (out && status == 0 && dk_atomic_commit(&a) != 0)
		dk_die(DK_EXIT_OPERAND, "-o %s", out);
	if (out && status != 0)
		dk_atomic_abort(&a);
	dk_skips += k.skipped;  /* each named as it was skipped: status 1 */
	return dk_exit_status(status);
}
