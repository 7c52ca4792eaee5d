/* spotmatch: every pair of documents whose similarity reaches a threshold.
 * The options of every mode, and the dispatch to the mode (sm.h says which
 * file holds which). */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>

static const struct dk_usage usage = {
	"spotmatch [-v] [-j N] [-t TAU] [-M MEASURE] [--min-shared N] [--min-distinct N]\n"
	"          [--dense-tau T] [--size-ratio R] [-r RHO] [--no-prune]\n"
	"          [--no-partition] [--plain] [--checksum-column N] [file ...]\n"
	"spotmatch --against REF [--against REF ...] [--within] [--novel] [-v] [-j N]\n"
	"          [-t TAU] [-M MEASURE] [--min-shared N] [--min-distinct N] [--dense-tau T]\n"
	"          [--size-ratio R] [--no-prune] [--no-partition] [--plain] [file ...]\n"
	"spotmatch --window D [-v] [-L LEXICON | --learn N] [-M MEASURE] [-t TAU]\n"
	"          [--min-shared N] [--dense-tau T] [--size-ratio R] [--novel]\n"
	"          [--time-column N [--disorder D]] [file ...]",
	"  -t TAU          threshold in (0, 1] (default: the partitioning threshold\n"
	"                  of a partition stream, else 0.9; imatch: any shared;\n"
	"                  --window: 0.8)\n"
	"  -M MEASURE      " DK_HELP_MEASURES " (default jaccard)\n"
	"  --min-shared N  a pair also shares at least N signatures (counted as the\n"
	"                  measure weighs them); shorter documents are never\n"
	"                  paired (default 1)\n"
	"  --min-distinct N\n"
	"                  a pair also shares at least N distinct signatures, each\n"
	"                  counted once whatever its count; implies --min-shared N\n"
	"                  (default: no such rule; not with --window)\n"
	"  --dense-tau T   a pair with a document of word chains (!chains, spotsig\n"
	"                  --dense) is reported only at similarity max(TAU, T),\n"
	"                  T in (0, 1] (default: no other bar than TAU)\n"
	"  --size-ratio R  a pair's shorter document is also at least R times as\n"
	"                  long as the longer (lengths as the measure counts them),\n"
	"                  R in (0, 1] (default: any lengths)\n"
	"  -r RHO          last partition starts at RHO, for plain input (default 1000)\n"
	"  -j N            threads (default: online CPUs)\n"
	"  --no-prune      visit whole lists: no length or prefix bounds\n"
	"  --no-partition  one partition for plain input\n"
	"  --plain         read a plain signature stream even if IDs look like keys\n"
	"  --checksum-column N\n"
	"                  field N (1 is the ID) holds a checksum of the text:\n"
	"                  documents sharing one are copies (spotsig --checksum)\n"
	"  --against REF   pairs of a REF document (ID1) and an input document only;\n"
	"                  REF is indexed once, the input streamed (repeatable)\n"
	"  --within        with --against, also the pairs inside the input (which\n"
	"                  is then held in memory)\n"
	"  --novel         with --against or --window, the IDs of input documents\n"
	"                  without a pair instead of the pairs\n"
	"  --window D      streaming: compare each document with those at most D\n"
	"                  before it: a count of documents, or with --time-column a\n"
	"                  duration such as 86400, 24h, 90m, 1d12h (units s m h d w)\n"
	"  --time-column N field N (1 is the ID) holds the time: ISO 8601 with a\n"
	"                  zone (2008-01-01T12:00:00Z, ...+02:00) or Unix seconds\n"
	"  --disorder D    accept records up to D older than the newest so far\n"
	"                  (default 0: times must not decrease)\n"
	"  -L LEXICON      --window: order the prefixes by the lexicon's document\n"
	"                  frequencies (rarest first) instead of learning it\n"
	"  --learn N       --window: learn that order from the window once N\n"
	"                  documents have come in (default 2000; 0: by birth)\n"
	"  -v              counts on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

/* Long options without a short name; --window's last, their arguments
 * kept as given (struct given) until the mode is known. */
enum { OPT_AGAINST = 0x2000, OPT_SUMCOL, OPT_MINSHARED, OPT_MINDISTINCT, OPT_DENSETAU, OPT_SIZERATIO,
	OPT_WINDOW, OPT_TIMECOL,
	OPT_DISORDER, OPT_LEARN, OPT_END };

/* The options of one mode only, by name ("r" is -r, else --NAME). */
static const char *const batch_only[] = { "r", "j", "no-prune", "no-partition",
	"plain", "against", "within", "checksum-column", "min-distinct", NULL };
static const char *const window_only[] = { "L", "time-column", "disorder", "learn",
	NULL };

/* What the options of one mode only were, as given. */
struct given {
	/* --window's arguments by OPT_WINDOW.., read by window_options()
	 * once the mode and the time column are known; NULL when not given */
	const char *win[OPT_END - OPT_WINDOW];
	char batch[40], winonly[40];    /* an option of one mode, for the
	                                 * message, or "" */
};
#define WIN(g, opt) ((g)->win[(opt) - OPT_WINDOW])

static void note_mode(struct given *g, int ch, const char *longname);
static void window_options(sm_opts *o, const struct given *g);

int
main(int argc, char **argv)
{
	sm_opts o = { 0 };
	const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		/* the whole input, and --against (flags set by getopt_long) */
		{ "no-prune", no_argument, &o.prune, 0 },
		{ "no-partition", no_argument, &o.partition, 0 },
		{ "plain", no_argument, &o.force_plain, 1 },
		{ "checksum-column", required_argument, NULL, OPT_SUMCOL },
		{ "min-shared", required_argument, NULL, OPT_MINSHARED },
		{ "min-distinct", required_argument, NULL, OPT_MINDISTINCT },
		{ "dense-tau", required_argument, NULL, OPT_DENSETAU },
		{ "size-ratio", required_argument, NULL, OPT_SIZERATIO },
		{ "against", required_argument, NULL, OPT_AGAINST },
		{ "within", no_argument, &o.within, 1 },
		{ "novel", no_argument, &o.novel, 1 },
		/* --window */
		{ "window", required_argument, NULL, OPT_WINDOW },
		{ "time-column", required_argument, NULL, OPT_TIMECOL },
		{ "disorder", required_argument, NULL, OPT_DISORDER },
		{ "learn", required_argument, NULL, OPT_LEARN },
		{ NULL, 0, NULL, 0 }
	};
	struct given g = { 0 };
	int ch, li = -1, status;

	dk_cli_init(argc, argv);
	o.m = DK_M_JACCARD;
	o.prune = o.partition = 1;
	o.rho = DK_RHO_DEFAULT;
	o.minshared = 1;
	while ((ch = getopt_long(argc, argv, "hvj:t:M:r:L:", longopts, &li)) != -1) {
		note_mode(&g, ch, li >= 0 ? longopts[li].name : NULL);
		li = -1;
		switch (ch) {
		case 0:
			break;          /* a flag */
		case 't':
			o.tau = dk_parse_threshold(optarg);
			o.tau_set = 1;
			break;
		case 'M':
			o.m = dk_parse_measure(optarg);
			break;
		case 'r':
			o.rho = (uint64_t)dk_parse_int(optarg, 1, (long long)DK_RHO_MAX, "RHO");
			break;
		case OPT_AGAINST:
			DK_PUSH(&o.ref, optarg);
			break;
		case OPT_MINSHARED:
			o.minshared = (uint64_t)dk_parse_int(optarg, 1, UINT32_MAX, "--min-shared");
			break;
		case OPT_MINDISTINCT:
			o.mindistinct = (uint64_t)dk_parse_int(optarg, 1, UINT32_MAX,
			    "--min-distinct");
			break;
		case OPT_DENSETAU:
			o.dense_tau = dk_parse_threshold_of(optarg, "--dense-tau");
			break;
		case OPT_SIZERATIO:
			o.size_ratio = dk_parse_threshold_of(optarg, "--size-ratio");
			break;
		case OPT_SUMCOL:
			o.sumcol = (size_t)dk_parse_int(optarg, 2, 100000, "checksum column");
			break;
		case OPT_WINDOW:
		case OPT_TIMECOL:
		case OPT_DISORDER:
		case OPT_LEARN:
			WIN(&g, ch) = optarg;
			break;
		case 'L':
			o.lexicon = optarg;
			break;
		default:
			dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	o.nthreads = dk_cli_threads();
	/* N distinct shared signatures weigh at least N: the bounds of
	 * --min-shared hold for them, and prune the candidates */
	if (o.minshared < o.mindistinct)
		o.minshared = o.mindistinct;
	if (WIN(&g, OPT_WINDOW)) {
		window_options(&o, &g);
		return dk_exit_status(sm_window(&o, argc, argv));
	}
	if (g.winonly[0])
		dk_diex(DK_EXIT_INPUT, "%s needs --window", g.winonly);
	if (o.within && o.ref.n == 0)
		dk_diex(DK_EXIT_INPUT, "--within needs --against");
	if (o.novel && o.ref.n == 0)
		dk_diex(DK_EXIT_INPUT, "--novel needs --against or --window");
	if (o.ref.n > 0 && o.sumcol)
		dk_diex(DK_EXIT_INPUT, "--checksum-column does not work with --against");
	status = o.ref.n > 0 ? sm_against(&o, argc, argv) : sm_batch(&o, argc, argv);
	free(o.ref.v);
	return dk_exit_status(status);
}

/* --window's settings, checked with the rest of the options. */
static void
window_options(sm_opts *o, const struct given *g)
{
	const char *timecol = WIN(g, OPT_TIMECOL), *disorder = WIN(g, OPT_DISORDER);
	const char *learn = WIN(g, OPT_LEARN), *window = WIN(g, OPT_WINDOW);

	if (g->batch[0])
		dk_diex(DK_EXIT_INPUT, "%s does not work with --window", g->batch);
	if (timecol)
		o->timecol = (size_t)dk_parse_int(timecol, 1, 100000, "time column");
	if (disorder && !timecol)
		dk_diex(DK_EXIT_INPUT, "--disorder needs --time-column");
	if (learn && o->lexicon)
		dk_diex(DK_EXIT_INPUT, "-L and --learn both set the order: give one");
	o->learn = learn ? (uint64_t)dk_parse_int(learn, 0, UINT32_MAX, "--learn") : 2000;
	if (!o->tau_set)
		o->tau = 0.8;
	/* a duration (common/cli), or without a time column a count */
	if (timecol)
		o->window = dk_parse_duration(window, "window");
	else
		o->window = dk_parse_int(window, 1, INT32_MAX, "window");
	if (disorder)
		o->disorder = dk_parse_duration(disorder, "disorder");
}

static int
listed(const char *const *names, const char *name)
{
	for (; *names; names++)
		if (strcmp(*names, name) == 0)
			return 1;
	return 0;
}

/* Notes an option of one mode only: ch, or the long option longname. */
static void
note_mode(struct given *g, int ch, const char *longname)
{
	char shortname[2] = { (char)ch, 0 };
	const char *name = longname ? longname : shortname;
	const char *dashes = longname ? "--" : "-";

	if (listed(batch_only, name))
		snprintf(g->batch, sizeof g->batch, "%s%s", dashes, name);
	else if (listed(window_only, name))
		snprintf(g->winonly, sizeof g->winonly, "%s%s", dashes, name);
}
