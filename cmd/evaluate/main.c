/* evaluate: precision, recall and F1 of a pair or cluster stream against
 * gold clusters, at one threshold or swept over many, with an SVG plot;
 * clusters, given or made from the pairs by a method of common/cluster.h,
 * also by the Adjusted Rand Index.  --histogram, without gold, is hist.c;
 * --keep, a keep list's losses and removed copies, is keep.c.  This file
 * is the options and the job; the gold file is read by gold.c, the runs by
 * input.c, scored by score.c and reported by report.c (evaluate.h). */
#include "dk.h"
#include "cluster.h"
#include "evaluate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const struct dk_usage usage = {
	"evaluate [-cev] [-m METHOD] [-t TAU] [-u MODE] [--sweep] [--step S]\n"
	"         [--plot FILE.svg]"
	"         [--per-cluster] [--tsv] GOLD [file ...]\n"
	"       evaluate --histogram [--step S] [--plot FILE.svg] [--tsv] [file ...]\n"
	"       evaluate --keep KEEPLIST [-v] [-u MODE] [--tsv] GOLD",
	"  GOLD           gold clusters: ID TAB CLUSTER; every pair inside a\n"
	"                 cluster is a true pair\n"
	"  -c             the input is a cluster stream, not a pair stream\n"
	"  -e, --each     score each file as a run of its own\n"
	"  -m METHOD      cluster the pairs (at each threshold) as dkcluster -m METHOD\n"
	"                 does (star, leader, center, components), score clusters\n"
	"  -t TAU         score only the pairs with SIM >= TAU (start of --sweep)\n"
	"  -u MODE        an ID missing from GOLD: error (default), singleton\n"
	"                 (a cluster of its own) or ignore (its pairs are skipped)\n"
	"  --sweep        scores for every threshold from TAU (default: the lowest\n"
	"                 SIM, rounded down to a step) to 1 in steps\n"
	"  --step S       the step of --sweep (default 0.05)\n"
	"  --plot FILE    draw precision, recall and F1 against the threshold as\n"
	"                 SVG (F1 of each run with -e); implies --sweep\n"
	"  --per-cluster  recall of each gold cluster and the false pairs touching it\n"
	"  --tsv          tab-separated output with a header line\n"
	"  --histogram    no GOLD: the pairs and the documents (by their best\n"
	"                 pair) in SIM bins of --step, as text with bars (and SVG\n"
	"                 with --plot), to choose a threshold without labels\n"
	"  --keep KEEPLIST  score a keep list (one ID a line, as dkcluster\n"
	"                 --representatives and dkdedup write): the gold clusters\n"
	"                 with no member kept (unique documents lost) and the\n"
	"                 copies removed\n"
	"  -v             counts of the gold file and the input on stderr\n"
	"  -h, --help, --version\n",
};

enum { OPT_SWEEP = 0x2000, OPT_STEP, OPT_PLOT, OPT_PERCLUSTER, OPT_TSV, OPT_HISTOGRAM,
	OPT_KEEP };
static const char *const unknown_words[] = { "error", "singleton", "ignore", NULL };

/* The options that score pairs or clusters, which --keep has not. */
static const char *
pairwise_option(int ch)
{
	switch (ch) {
	case 'c': return "-c";
	case 'e': return "-e";
	case 'm': return "-m";
	case 't': return "-t";
	case OPT_SWEEP: return "--sweep";
	case OPT_STEP: return "--step";
	case OPT_PLOT: return "--plot";
	case OPT_PERCLUSTER: return "--per-cluster";
	case OPT_HISTOGRAM: return "--histogram";
	default: return NULL;
	}
}

/* --keep: the keep list scored against the gold file, the only operand. */
static int
keep_main(int argc, char **argv)
{
	struct goldset g;

	if (opt.pairwise)
		dk_diex(DK_EXIT_INPUT, "--keep scores a keep list, not pairs or clusters: "
		    "not with %s", opt.pairwise);
	if (argc != 1)
		dk_diex(DK_EXIT_INPUT, "--keep: %s", argc ? "one operand, the gold file" :
		    "the gold file is missing");
	load_gold(argv[0]);
	g.ids = &gold.ids;
	g.gcl = gold.gcl.v;
	g.size = gold.size.v;
	g.ngold = gold.ngold;
	g.nclusters = gold.size.n;
	if (dk_verbose)
		dk_note("gold: %zu IDs in %zu clusters", g.ngold, g.nclusters);
	keep_report(opt.keep, &g, opt.unknown, opt.tsv);
	dk_out_close();
	free_gold();
	return DK_EXIT_OK;
}

/* The options that score against GOLD, which --histogram has not. */
static const char *
scoring_option(int ch)
{
	switch (ch) {
	case 'c': return "-c";
	case 'e': return "-e";
	case 'm': return "-m";
	case 't': return "-t";
	case 'u': return "-u";
	case OPT_SWEEP: return "--sweep";
	case OPT_PERCLUSTER: return "--per-cluster";
	default: return NULL;
	}
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		{ "each", no_argument, NULL, 'e' },
		{ "sweep", no_argument, NULL, OPT_SWEEP },
		{ "step", required_argument, NULL, OPT_STEP },
		{ "plot", required_argument, NULL, OPT_PLOT },
		{ "per-cluster", no_argument, NULL, OPT_PERCLUSTER },
		{ "tsv", no_argument, NULL, OPT_TSV },
		{ "histogram", no_argument, NULL, OPT_HISTOGRAM },
		{ "keep", required_argument, NULL, OPT_KEEP },
		{ NULL, 0, NULL, 0 }
	};
	static char *stdin_only[] = { "-" };
	struct run *runs;
	size_t nruns, i, len;
	int ch, status = DK_EXIT_OK;
	double x;

	dk_cli_init(argc, argv);
	while ((ch = getopt_long(argc, argv, "cehm:t:u:v", longopts, NULL)) != -1) {
		if (scoring_option(ch))
			opt.scoring = scoring_option(ch);
		if (pairwise_option(ch))
			opt.pairwise = pairwise_option(ch);
		switch (ch) {
		case 'c': opt.clusters = 1; break;
		case 'm':
			if ((opt.method = dk_cluster_method(optarg)) < 0)
				dk_diex(DK_EXIT_INPUT, "-m %s: not %s", optarg, dk_cluster_names);
			break;
		case 'e': opt.each = 1; break;
		case 't':
			opt.tau = (int64_t)(dk_parse_double(optarg, 0, 1, "threshold") * MICRO + 0.5);
			break;
		case 'u': opt.unknown = dk_parse_choice(optarg, "-u", unknown_words); break;
		case OPT_SWEEP: opt.sweep = 1; break;
		case OPT_STEP:
			x = dk_parse_double(optarg, 0.000001, 1, "--step");
			opt.step = (uint32_t)(x * MICRO + 0.5);
			break;
		case OPT_PLOT: opt.plot = optarg; break;
		case OPT_PERCLUSTER: opt.percluster = 1; break;
		case OPT_TSV: opt.tsv = 1; break;
		case OPT_HISTOGRAM: opt.histogram = 1; break;
		case OPT_KEEP: opt.keep = optarg; break;
		default: dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (opt.keep)
		return dk_exit_status(keep_main(argc, argv));
	if (opt.histogram && opt.scoring)
		dk_diex(DK_EXIT_INPUT, "--histogram scores nothing against a gold file: "
		    "not with %s", opt.scoring);
	if (opt.histogram) {
		status = histogram(argv, argc, opt.step, opt.tsv, opt.plot);
		dk_out_close();
		return dk_exit_status(status);
	}
	if (opt.plot)
		opt.sweep = 1;
	if (argc < 1)
		dk_usage(&usage);
	if (opt.clusters && opt.method >= 0)
		dk_diex(DK_EXIT_INPUT, "-c and -m: the input is a cluster stream or "
		    "pairs to cluster, not both");
	if (opt.clusters && (opt.sweep || opt.tau >= 0))
		dk_diex(DK_EXIT_INPUT, "-c: a cluster stream has no SIM to threshold");

	load_gold(argv[0]);
	argc--;
	argv++;
	if (argc == 0)
		argv = stdin_only, argc = 1;
	nruns = opt.each ? (size_t)argc : 1;
	runs = dk_calloc(nruns, sizeof *runs);
	for (i = 0; i < nruns; i++) {
		runs[i].label = opt.each ? argv[i] : argc == 1 ? argv[0] : "input";
		if ((len = strlen(runs[i].label)) > (size_t)labelwidth)
			labelwidth = len > 40 ? 40 : (int)len;
		if (read_run(&runs[i], opt.each ? argv + i : argv, opt.each ? 1 : (size_t)argc))
			status = DK_EXIT_OPERAND;
	}
	if (dk_verbose)
		dk_note("gold: %zu IDs in %zu clusters, %llu true pairs", gold.ngold,
		    dk_intern_count(&gold.names), (unsigned long long)gold.truepairs);
	report(runs, nruns);
	dk_out_close();
	for (i = 0; i < nruns; i++)
		free_run(&runs[i]);
	free(runs);
	free_gold();
	return dk_exit_status(status);
}
