/* dkdedup: the whole deduplication job, a corpus in and the same corpus
 * without its near duplicates out, in its own format.  It runs the stages
 * as child processes (the programs beside its own executable first, then
 * those on PATH), checks the exit status of every one, and writes OUT,
 * OUT.keep, OUT.pairs, OUT.removed (the removal report) and, without a
 * containment pass, OUT.contained (the copies it left) under temporary
 * names in OUT's directory, renamed only when every stage succeeded (or
 * skipped records, named, and did the rest: status 1, as keep -o): a
 * failed or interrupted job leaves none of them behind, nor half of one.
 * Its closing summary counts what the report and the signatures say.
 * This file reads the options and runs the job stage after stage
 * (dkdedup.h says what the other files do). */
#include "cli.h"
#include "dkdedup.h"
#include "dk_defaults.h"
#include "keys.h"
#include "msg.h"
#include "quote.h"
#include "stream.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The defaults (DK_TAU, DK_MIN_SHARED, DK_IDF, DK_AGREE, DK_QUOTED, DK_DENSE,
 * DK_DENSE_WORDS, DK_DENSE_TAU, DK_OWN_WORDS, DK_WORD_SIM, and --prose's DK_PROSE_CONTAIN and
 * DK_PROSE_CONTAIN_RATIO) come from examples/dupkit.defaults, through the
 * header the Makefile makes of it. */
static const struct dk_usage usage = {
	"dkdedup [-v] [-t TAU] [--min-shared N] [--dense N] [--dense-words L]\n"
	"        [--dense-tau T] [--idf LO:HI] [--agree A] [--own-words K]\n"
	"        [--word-sim S] [--prose]\n"
	"        [--contain C [--contain-min N] [--contain-ratio R]]\n"
	"        [-j N] [--quoted keep|skip] [--keep first|longest]\n"
	"        [--json ID,TEXT]\n"
	"        tsv|jsonl|warc IN OUT",
	"  -t TAU           similarity threshold of spotmatch (default " DK_TAU ")\n"
	"  --min-shared N   a pair also shares at least N distinct signatures;\n"
	"                   documents with fewer are kept, too short to judge (default "
	DK_MIN_SHARED ")\n"
	"  --dense N        documents with fewer than N spot signatures are\n"
	"                   judged on their word chains instead (spotsig\n"
	"                   --dense; 0: never; default " DK_DENSE ")\n"
	"  --dense-words L  the words of a chain (spotsig --dense-words; default\n"
	"                   " DK_DENSE_WORDS ")\n"
	"  --dense-tau T    a pair with a document judged on chains is a copy\n"
	"                   only at similarity T too (spotmatch --dense-tau;\n"
	"                   0: no such bar; default " DK_DENSE_TAU ")\n"
	"  --idf LO:HI      spotsig's IDF range: LO drops common signatures\n"
	"                   (default " DK_IDF ")\n"
	"  --agree A        but keeps those whose documents agree elsewhere, a\n"
	"                   story copied many times (default " DK_AGREE ")\n"
	"  --own-words K    not a copy: a pair whose documents each use a word K\n"
	"                   times or more, once in their first 100 words, that\n"
	"                   the other never uses (dkcluster --own-words; 0: no\n"
	"                   such rule; default " DK_OWN_WORDS ")\n"
	"  --word-sim S     not a copy: a pair whose sets of words have a Jaccard\n"
	"                   similarity below S (dkcluster --word-sim; not with\n"
	"                   a containment pass; 0: no such bar; default " DK_WORD_SIM "\n"
	"                   at -t " DK_TAU ", in proportion to -t)\n"
	"  --quoted WHAT    keep or skip quoted mail text, the lines beginning\n"
	"                   with '>' (spotsig --quoted; default " DK_QUOTED ")\n"
	"  --prose          the collection is prose that may hold cut copies\n"
	"                   (news, feeds, mail, edited text): --contain\n"
	"                   " DK_PROSE_CONTAIN " --contain-ratio " DK_PROSE_CONTAIN_RATIO
	" --keep longest,\n"
	"                   each unless given\n"
	"  --contain C      also a copy: a pair whose containment (shared\n"
	"                   signatures over the shorter's) reaches C, by a\n"
	"                   second spotmatch pass (truncated copies; 0: no\n"
	"                   such pass; without it, the copies it finds among\n"
	"                   those kept are only listed, in OUT.contained)\n"
	"  --contain-min N  such a pair shares at least N signatures (default:\n"
	"                   --min-shared)\n"
	"  --contain-ratio R  and the shorter holds at least R times the\n"
	"                   longer's signatures (default 0.5)\n"
	"  --keep RULE      which document of a cluster is kept: first (in the\n"
	"                   input, the default) or longest (text; dkcluster --keep)\n"
	"  -j N             spotmatch threads (default: one per CPU)\n"
	"  --json ID,TEXT   jsonl: the members that hold the ID and the text\n"
	"                   (default id,text)\n"
	"  -v               the stages' command lines, and -v to each stage\n"
	"  -h, --help, --version\n"
	"  and, given on to every dupkit stage:\n",
};

enum {
	OPT_JSON = 0x2000, OPT_MINSHARED, OPT_DENSE, OPT_DENSEWORDS, OPT_DENSETAU, OPT_IDF, OPT_AGREE, OPT_QUOTED, OPT_CONTAIN,
	OPT_CONTAINMIN, OPT_CONTAINRATIO, OPT_KEEP, OPT_PROSE, OPT_OWN,
	OPT_WORDSIM
};
static const char *const keeps[] = { "first", "longest", NULL };
enum { FMT_TSV, FMT_JSONL, FMT_WARC };
static const char *const formats[] = { "tsv", "jsonl", "warc", NULL };

/* IN is read more than once (signatures, the list of every document, the
 * records kept): it must be a file that reads the same each time. */
static void
check_in(const char *in)
{
	struct stat st;
	int fd = open(in, O_RDONLY);

	if (fd < 0 || fstat(fd, &st) < 0)
		dk_die(DK_EXIT_OPERAND, "%s", in);
	close(fd);
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		dk_die(DK_EXIT_OPERAND, "%s", in);
	}
	if (!S_ISREG(st.st_mode))
		dk_diex(DK_EXIT_OPERAND, "%s: not a regular file (IN is read more than once)", in);
}

/* The files of a job: the corpus, its format and JSON members (json: as
 * spotsig --json takes them), and the temporaries each stage writes (docs
 * is in for a document stream and JSON Lines, which spotsig reads). */
struct files {
	int fmt;
	const char *in, *id, *text, *json, *tau, *minshared, *dense, *densewords, *densetau,
	    *idf, *agree, *quoted, *keeprule, *threads, *ownwords;
	const char *wordsim;            /* NULL: no bar of words */
	char wordsimtext[32];           /* its default, in proportion to -t */
	const char *contain, *containmin;       /* NULL: no containment pass */
	double containratio;
	char ratiotext[32];     /* containratio, as dk_tau_format writes it */
	const char *docs, *sigs, *pairs, *contained, *keep, *removed, *result;
	const char *apart;              /* the pairs --own-words or --word-sim set apart */
	unsigned long long nshort;      /* too short to judge, kept */
	/* Without a containment pass (neither --prose nor --contain), it
	 * runs all the same at --prose's settings, and the pairs it finds
	 * between documents kept, those own words set apart taken out, are
	 * OUT.contained: the copies the job left, for the user to look at. */
	int probe;
	const char *leftsigs, *left, *leftapart, *leftkeep, *cut;
	const char *contained_out;      /* the file that becomes OUT.contained */
	unsigned long long nleft;
};

/* The pass by containment at threshold c over the signatures sigs, of
 * the pairs whose shorter document is long enough (--contain-min) and
 * holds at least ratio times the longer one's signatures (spotmatch
 * --size-ratio, which also bounds the lengths the pass compares; NULL:
 * no such guard).  It keeps the bar of chains: containment is never
 * below Jaccard, so a pair of chains the first pass held back would come
 * back here without it. */
static int
contain_pass(const struct files *f, const char *sigs, const char *c, const char *ratio)
{
	struct stage s[1];

	dd_stage(&s[0], "spotmatch", dd_pass.verbose);
	dd_args(&s[0], "-M", "containment", "-t", c, "--min-shared", f->containmin, (char *)NULL);
	if (ratio)
		dd_args(&s[0], "--size-ratio", ratio, (char *)NULL);
	if (f->densetau)
		dd_args(&s[0], "--dense-tau", f->densetau, (char *)NULL);
	if (f->threads)
		dd_args(&s[0], "-j", f->threads, (char *)NULL);
	dd_args(&s[0], sigs, (char *)NULL);
	return dd_run(s, 1, NULL, f->contained);
}

/* dkcluster's -a: the documents, and the members of JSON Lines. */
static void
cluster_docs(struct stage *s, const struct files *f)
{
	if (f->fmt == FMT_JSONL)
		dd_args(s, "--json", f->json, (char *)NULL);
	dd_args(s, "-a", f->docs, (char *)NULL);
}

/* The rules that set pairs apart in the job's dkcluster, as the summary
 * names them; NULL: none, and no --apart file. */
static const char *
apart_rules(const struct files *f)
{
	int own = atoi(f->ownwords) > 0;

	if (own && f->wordsim)
		return "--own-words, --word-sim";
	return own ? "--own-words" : f->wordsim ? "--word-sim" : NULL;
}

/* The copies the job left (f->probe): the containment pass at --prose's
 * settings over the signatures of the documents kept (keep takes them
 * out of the others), its pairs between two documents kept that the
 * job did not set apart (own words, the bar of words), and of those the
 * ones own words does not set apart as pairs by containment (dkcluster
 * again, on them alone; not the bar, a Jaccard bar). */
static int
left_copies(struct files *f)
{
	struct stage s[1];
	int status;

	dd_stage(&s[0], "keep", dd_pass.verbose);
	dd_args(&s[0], f->keep, f->sigs, (char *)NULL);
	if ((status = dd_run(s, 1, NULL, f->leftsigs)) != 0 ||
	    (status = contain_pass(f, f->leftsigs, DK_PROSE_CONTAIN, DK_PROSE_CONTAIN_RATIO)) != 0)
		return status;
	f->nleft = dd_pairs_left(f->contained, f->keep, apart_rules(f) ? f->apart : NULL, f->left);
	f->contained_out = f->left;
	if (!f->nleft || atoi(f->ownwords) <= 0)
		return 0;
	dd_stage(&s[0], "dkcluster", dd_pass.verbose);
	dd_args(&s[0], "--own-words", f->ownwords, "--apart", f->leftapart, (char *)NULL);
	cluster_docs(&s[0], f);
	dd_args(&s[0], f->left, (char *)NULL);
	if ((status = dd_run(s, 1, NULL, f->leftkeep)) != 0)
		return status;
	f->nleft = dd_pairs_left(f->left, NULL, f->leftapart, f->cut);
	f->contained_out = f->cut;
	return 0;
}

/* Runs the stages one after the other; the status of the first that
 * failed, or 0. */
static int
job(struct files *f)
{
	struct stage s[1];
	int status = 0;

	/* The document stream (spotsig reads JSON Lines itself). */
	if (f->fmt == FMT_WARC) {
		dd_stage(&s[0], "htmlstrip", dd_pass.verbose);
		dd_args(&s[0], "--main", "--warc", f->in, (char *)NULL);
		status = dd_run(s, 1, NULL, f->docs);
	}
	/* The signatures (kept in a file: the summary counts the documents
	 * too short to judge, which spotsig -m marks as spotmatch
	 * --min-distinct leaves them apart), then the pairs. */
	if (!status) {
		dd_stage(&s[0], "spotsig", dd_pass.verbose);
		if (f->fmt == FMT_JSONL)
			dd_args(&s[0], "--json", f->json, (char *)NULL);
		dd_args(&s[0], "--checksum", "--idf", f->idf, "--agree", f->agree, "--quoted",
		    f->quoted, "-m", f->minshared, "--dense", f->dense, "--dense-words",
		    f->densewords, f->docs, (char *)NULL);
		status = dd_run(s, 1, NULL, f->sigs);
	}
	if (!status) {
		dd_stage(&s[0], "spotmatch", dd_pass.verbose);
		dd_args(&s[0], "-t", f->tau, "--min-distinct", f->minshared, (char *)NULL);
		if (f->densetau)
			dd_args(&s[0], "--dense-tau", f->densetau, (char *)NULL);
		if (f->threads)
			dd_args(&s[0], "-j", f->threads, (char *)NULL);
		dd_args(&s[0], f->sigs, (char *)NULL);
		status = dd_run(s, 1, NULL, f->pairs);
	}
	/* The truncated copies: a second pass by containment, its pairs
	 * added to the first pass's. */
	if (!status && f->contain) {
		status = contain_pass(f, f->sigs, f->contain,
		    f->containratio > 0 ? f->ratiotext : NULL);
		if (!status)
			(void)dd_add_contained(f->pairs, f->contained);
	}
	if (!status)
		f->nshort = dd_exact_short(f->sigs, f->pairs);
	/* The keep list, and the removal report. */
	if (!status) {
		dd_stage(&s[0], "dkcluster", dd_pass.verbose);
		if (atoi(f->ownwords) > 0)
			dd_args(&s[0], "--own-words", f->ownwords, (char *)NULL);
		if (f->wordsim)
			dd_args(&s[0], "--word-sim", f->wordsim, (char *)NULL);
		if (apart_rules(f))
			dd_args(&s[0], "--apart", f->apart, (char *)NULL);
		cluster_docs(&s[0], f);
		dd_args(&s[0], "--keep", f->keeprule, "--representatives", "--removed", f->removed,
		    f->pairs, (char *)NULL);
		status = dd_run(s, 1, NULL, f->keep);
	}
	if (!status && f->probe)
		status = left_copies(f);
	/* The records kept; keep's -v statistics close the job. */
	if (!status) {
		dd_stage(&s[0], "keep", dd_pass.verbose ? dd_pass.verbose : 1);
		if (f->fmt == FMT_JSONL)
			dd_args(&s[0], "--json", f->id, (char *)NULL);
		else if (f->fmt == FMT_WARC)
			dd_args(&s[0], "--warc", (char *)NULL);
		dd_args(&s[0], f->keep, f->in, (char *)NULL);
		status = dd_run(s, 1, NULL, f->result);
	}
	return status;
}

/* The temporaries, in a directory beside OUT (so that each is renamed
 * within one file system), all named before the signals are caught. */
static void
make_temps(const char *out, struct files *f)
{
	dd_temps_open(out);
	f->sigs = dd_tmpname("sigs");
	f->pairs = dd_tmpname("pairs");
	f->contained = dd_tmpname("contained");
	f->keep = dd_tmpname("keep");
	f->removed = dd_tmpname("removed");
	f->apart = dd_tmpname("apart");
	f->leftsigs = dd_tmpname("leftsigs");
	f->left = dd_tmpname("left");
	f->leftapart = dd_tmpname("leftapart");
	f->leftkeep = dd_tmpname("leftkeep");
	f->cut = dd_tmpname("cut");
	f->result = dd_tmpname("out");
	f->docs = f->fmt == FMT_WARC ? dd_tmpname("docs") : f->in;
	dd_temps_watch();
}

/* Every stage succeeded: the results take their names, none of them
 * interrupted half-way, and the temporaries go.  OUT.contained is the
 * probe's (f->probe); a job with a containment pass of its own has none,
 * and one an earlier job left is removed, as it says nothing of this
 * OUT. */
static void
finish(const char *out, const struct files *f)
{
	static const char *const ext[] = { ".pairs", ".keep", ".removed", "", ".contained" };
	const char *from[] = { f->pairs, f->keep, f->removed, f->result, f->contained_out };
	char *to[5];
	int i, n = f->probe ? 5 : 4;

	for (i = 0; i < 5; i++)
		to[i] = dd_cat(out, ext[i]);
	dd_temps_commit(n, from, to);
	if (!f->probe && unlink(to[4]) < 0 && errno != ENOENT)
		dk_warn("%s", to[4]);
	for (i = 0; i < 5; i++)
		free(to[i]);
}

/* OUT must be a name a file can take. */
static void
check_out(const char *out)
{
	struct stat st;

	if (*out == '\0')
		dk_diex(DK_EXIT_OPERAND, "OUT is empty");
	if (stat(out, &st) == 0 && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		dk_die(DK_EXIT_OPERAND, "%s", out);
	}
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		{ "json", required_argument, NULL, OPT_JSON },
		{ "min-shared", required_argument, NULL, OPT_MINSHARED },
		{ "dense", required_argument, NULL, OPT_DENSE },
		{ "dense-words", required_argument, NULL, OPT_DENSEWORDS },
		{ "dense-tau", required_argument, NULL, OPT_DENSETAU },
		{ "own-words", required_argument, NULL, OPT_OWN },
		{ "word-sim", required_argument, NULL, OPT_WORDSIM },
		{ "idf", required_argument, NULL, OPT_IDF },
		{ "agree", required_argument, NULL, OPT_AGREE },
		{ "quoted", required_argument, NULL, OPT_QUOTED },
		{ "contain", required_argument, NULL, OPT_CONTAIN },
		{ "contain-min", required_argument, NULL, OPT_CONTAINMIN },
		{ "contain-ratio", required_argument, NULL, OPT_CONTAINRATIO },
		{ "keep", required_argument, NULL, OPT_KEEP },
		{ "prose", no_argument, NULL, OPT_PROSE },
		{ NULL, 0, NULL, 0 }
	};
	struct files f = { .tau = DK_TAU, .minshared = DK_MIN_SHARED, .idf = DK_IDF, .agree = DK_AGREE,
		.quoted = DK_QUOTED, .keeprule = "first", .dense = DK_DENSE, .densewords = DK_DENSE_WORDS, .densetau = DK_DENSE_TAU,
		.ownwords = DK_OWN_WORDS, .wordsim = DK_WORD_SIM, .id = "id", .text = "text",
		.json = "id,text", .containratio = 0.5 };
	const char *json = NULL, *out;
	char *id = NULL, *comma;
	int ch, status, i, wordsimset = 0, containset = 0, ratioset = 0, keepset = 0, prose = 0;

	dk_cli_init(argc, argv);
	/* the stages' standard streams are 0, 1 and 2: none may be a file
	 * opened here */
	for (i = 0; i < 3; i++)
		if (fcntl(i, F_GETFD) < 0 && open("/dev/null", O_RDWR) != i)
			dk_die(DK_EXIT_OPERAND, "/dev/null");
	while ((ch = getopt_long(argc, argv, "hj:t:v", longopts, NULL)) != -1) {
		switch (ch) {
		case 't':
			dk_parse_threshold(optarg);
			f.tau = optarg;
			break;
		case 'j':
			dk_cli_common(ch, optarg, &usage);
			f.threads = optarg;
			break;
		case OPT_JSON: json = optarg; break;
		case OPT_MINSHARED:
			dk_parse_int(optarg, 1, UINT32_MAX, "--min-shared");
			f.minshared = optarg;
			break;
		case OPT_DENSE:
			dk_parse_int(optarg, 0, 1000000, "--dense");
			f.dense = optarg;
			break;
		case OPT_DENSEWORDS:
			dk_parse_int(optarg, 1, 64, "--dense-words");
			f.densewords = optarg;
			break;
		case OPT_DENSETAU:
			f.densetau = dk_parse_double(optarg, 0, 1, "--dense-tau") > 0 ? optarg : NULL;
			break;
		case OPT_IDF: f.idf = optarg; break;
		case OPT_AGREE:
			dk_parse_double(optarg, 0, 1, "--agree");
			f.agree = optarg;
			break;
		case OPT_QUOTED:
			dk_parse_quoted(optarg);
			f.quoted = optarg;
			break;
		case OPT_CONTAIN:
			f.contain = dk_parse_double(optarg, 0, 1, "--contain") > 0 ? optarg : NULL;
			containset = 1;
			break;
		case OPT_CONTAINMIN:
			dk_parse_int(optarg, 1, UINT32_MAX, "--contain-min");
			f.containmin = optarg;
			break;
		case OPT_CONTAINRATIO:
			f.containratio = dk_parse_double(optarg, 0, 1, "--contain-ratio");
			ratioset = 1;
			break;
		case OPT_PROSE: prose = 1; break;
		case OPT_OWN:
			dk_parse_int(optarg, 0, 1000000, "--own-words");
			f.ownwords = optarg;
			break;
		case OPT_WORDSIM:
			f.wordsim = dk_parse_double(optarg, 0, 1, "--word-sim") > 0 ? optarg : NULL;
			wordsimset = 1;
			break;
		case OPT_KEEP:
			f.keeprule = keeps[dk_parse_choice(optarg, "--keep", keeps)];
			keepset = 1;
			break;
		case DK_OPT_MAXREC:
			dk_cli_common(ch, optarg, &usage);
			dd_pass.maxrec = optarg;
			break;
		case DK_OPT_PROGRESS:
			dd_pass.progress = 1;
			break;
		default: dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 3)
		dk_usage(&usage);
	f.fmt = dk_parse_choice(argv[0], "the format", formats);
	f.in = argv[1];
	out = argv[2];
	if (json) {
		if (f.fmt != FMT_JSONL)
			dk_diex(DK_EXIT_INPUT, "--json names the members of JSON Lines: "
			    "give it with the format jsonl");
		id = dd_cat(json, "");
		if ((comma = strchr(id, ',')) != NULL) {
			*comma = '\0';
			f.text = comma + 1;
		}
		if (!*id || !*f.text)
			dk_diex(DK_EXIT_INPUT, "--json is '%s': want ID,TEXT, two member names", json);
		f.id = id;
		f.json = json;
	}
	/* --prose: the containment pass at the settings chosen for prose,
	 * and of a copy and the longer text it was cut from, the longer one
	 * kept; the options given beside it first */
	if (prose && !containset) {
		f.contain = DK_PROSE_CONTAIN;
		containset = 1;
	}
	if (prose && !ratioset)
		f.containratio = dk_parse_double(DK_PROSE_CONTAIN_RATIO, 0, 1, "--contain-ratio");
	if (prose && !keepset)
		f.keeprule = "longest";
	/* the guards of a pass that was never asked for would do nothing */
	if ((f.containmin || ratioset) && !containset)
		dk_diex(DK_EXIT_INPUT, "%s needs --contain",
		    f.containmin ? "--contain-min" : "--contain-ratio");
	if (!f.containmin)
		f.containmin = f.minshared;
	/* The bar of words is a Jaccard bar: a copy cut to 40% shares about
	 * 40% of the words of its original, so pairs by containment would
	 * fall below it. */
	if (containset && f.contain && wordsimset && f.wordsim)
		dk_diex(DK_EXIT_INPUT, "--word-sim %s: the bar is for pairs by Jaccard "
		    "similarity, and --%s adds pairs by containment (a cut copy shares "
		    "few of its original's words); leave --word-sim out", f.wordsim,
		    prose ? "prose" : "contain");
	if (containset && f.contain)
		f.wordsim = NULL;
	/* The bar's default goes with the threshold: DK_WORD_SIM at DK_TAU,
	 * in proportion to -t (to a thousandth), so that a lower -t is not
	 * undone by a bar chosen for DK_TAU. */
	if (!wordsimset && f.wordsim) {
		double v = dk_parse_double(DK_WORD_SIM, 0, 1, "DK_WORD_SIM") *
		    dk_parse_double(f.tau, 0, 1, "-t") / dk_parse_double(DK_TAU, 0, 1, "DK_TAU");

		snprintf(f.wordsimtext, sizeof f.wordsimtext, "%g", floor(v * 1000 + 0.5) / 1000);
		f.wordsim = f.wordsimtext;
	}
	f.probe = !containset;
	/* the text that reads back as the ratio itself (spotmatch compares
	 * the double) */
	dk_tau_format(f.ratiotext, sizeof f.ratiotext, f.containratio);
	dd_pass.verbose = dk_verbose;
	check_in(f.in);
	check_out(out);
	dd_find_self();

	make_temps(out, &f);
	if ((status = job(&f)) != 0) {
		dk_warnx("%s: not written", out);
		exit(status);
	}
	dd_summary(f.nshort, f.sigs, f.keep, f.removed, apart_rules(&f) ? f.apart : NULL,
	    apart_rules(&f), f.nleft, out);
	finish(out, &f);
	free(id);
	if (dd_skipped)
		dk_warnx("%s: written without the records skipped above", out);
	return dk_exit_status(dd_skipped ? DK_EXIT_OPERAND : DK_EXIT_OK);
}

