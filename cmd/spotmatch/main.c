/* spotmatch: every pair of documents whose similarity reaches a threshold.
 * The options of every mode, and the dispatch to the mode (sm.h says which
 * file holds which). */
#include "sm.h"

#include <stdlib.h>

static const struct dk_usage usage = {
	"spotmatch [-v] [-j N] [-t TAU] [-M MEASURE] [-r RHO] [--no-prune]\n"
	"          [--no-partition] [--plain] [--checksum-column N] [file ...]\n"
	"spotmatch --against REF [--against REF ...] [--within] [--novel] [-v] [-j N]\n"
	"          [-t TAU] [-M MEASURE] [--no-prune] [--no-partition] [--plain] [file ...]\n"
	"spotmatch --window ...",
	"  -t TAU          threshold in (0, 1] (default: the partitioning threshold\n"
	"                  of a partition stream, else 0.9; imatch: any shared)\n"
	"  -M MEASURE      jaccard (default), set, max or dice\n"
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
	"  --novel         with --against, the IDs of input documents without a pair\n"
	"  --window ...    streaming mode, see spotmatch(1)\n"
	"  -v              counts on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_NOPRUNE = 0x2000, OPT_NOPART, OPT_PLAIN, OPT_AGAINST, OPT_WITHIN, OPT_NOVEL,
	OPT_SUMCOL };

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		{ "no-prune", no_argument, NULL, OPT_NOPRUNE },
		{ "no-partition", no_argument, NULL, OPT_NOPART },
		{ "plain", no_argument, NULL, OPT_PLAIN },
		{ "against", required_argument, NULL, OPT_AGAINST },
		{ "within", no_argument, NULL, OPT_WITHIN },
		{ "novel", no_argument, NULL, OPT_NOVEL },
		{ "checksum-column", required_argument, NULL, OPT_SUMCOL },
		{ NULL, 0, NULL, 0 }
	};
	sm_opts o = { 0 };
	int ch, i, status;

	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--window") == 0 || strncmp(argv[i], "--window=", 9) == 0)
			return spotmatch_window(argc, argv);
	dk_cli_init(argc, argv);
	o.m = DK_M_JACCARD;
	o.prune = o.partition = 1;
	o.rho = 1000;
	while ((ch = getopt_long(argc, argv, "hvj:t:M:r:", longopts, NULL)) != -1) {
		switch (ch) {
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
		case OPT_NOPRUNE:
			o.prune = 0;
			break;
		case OPT_NOPART:
			o.partition = 0;
			break;
		case OPT_PLAIN:
			o.force_plain = 1;
			break;
		case OPT_AGAINST:
			DK_PUSH(&o.ref, optarg);
			break;
		case OPT_WITHIN:
			o.within = 1;
			break;
		case OPT_NOVEL:
			o.novel = 1;
			break;
		case OPT_SUMCOL:
			o.sumcol = (size_t)dk_parse_int(optarg, 2, 100000, "checksum column");
			break;
		default:
			dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	o.nthreads = dk_cli_threads();
	if ((o.within || o.novel) && o.ref.n == 0)
		dk_diex(DK_EXIT_INPUT, "%s needs --against (or --window)",
		    o.novel ? "--novel" : "--within");
	if (o.ref.n > 0 && o.sumcol)
		dk_diex(DK_EXIT_INPUT, "--checksum-column does not work with --against");
	status = o.ref.n > 0 ? sm_against(&o, argc, argv) : sm_batch(&o, argc, argv);
	free(o.ref.v);
	return status;
}
