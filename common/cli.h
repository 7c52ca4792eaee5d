/* Command-line conventions every program shares.
 *
 *   -t TAU   similarity threshold in (0, 1]     dk_parse_threshold
 *   -M MEASURE   similarity measure (measure.h)   dk_parse_measure
 *   -j N     worker threads (default: online CPUs)   dk_threads
 *   -v       progress and statistics on stderr (repeatable)   dk_verbose
 *   --progress      progress only (common/progress.h)   dk_progress_on
 *   -h, --help      usage and option summary on stdout, exit 0
 *   --version       "prog (dupkit) VERSION", exit 0
 *   --max-record SIZE   longest record accepted (dk_max_record), bytes
 *                   or with K, M, G (binary)
 *   --allow-repeated-ids   a document ID may repeat (dk_allow_repeated_ids,
 *                   common/ids.h); only in the programs that read documents
 *                   or signatures, which list DK_CLI_IDOPTS and put
 *                   DK_CLI_IDHELP in their option summary
 *   --replace-invalid   invalid UTF-8 in a document's text becomes U+FFFD
 *                   (dk_text_invalid, common/stream.h), instead of an
 *                   error; only in the programs that read document text
 *                   (dk_record_text), which list DK_CLI_TEXTOPTS and put
 *                   DK_CLI_TEXTHELP in their option summary
 *
 * A program lists DK_CLI_LONGOPTS in its getopt_long table, puts "hvj:"
 * (those it uses) in its short options, and hands every option it does not
 * handle itself to dk_cli_common(). */
#ifndef DK_CLI_H
#define DK_CLI_H

#include <getopt.h>
#include <stdint.h>
#include "measure.h"
#include "msg.h"

#define DK_OPT_VERSION 0x1000
#define DK_OPT_MAXREC 0x1001
#define DK_OPT_PROGRESS 0x1002
#define DK_OPT_REPIDS 0x1003
#define DK_OPT_REPLACE 0x1004
#define DK_OPT_QUOTED 0x1005      /* common/quote.h */
#define DK_CLI_LONGOPTS \
	{ "help", no_argument, NULL, 'h' }, \
	{ "version", no_argument, NULL, DK_OPT_VERSION }, \
	{ "max-record", required_argument, NULL, DK_OPT_MAXREC }, \
	{ "progress", no_argument, NULL, DK_OPT_PROGRESS }

#define DK_CLI_IDOPTS \
	{ "allow-repeated-ids", no_argument, NULL, DK_OPT_REPIDS }
#define DK_CLI_IDHELP \
	"  --allow-repeated-ids  a document ID may repeat (else an error)\n"
#define DK_CLI_TEXTOPTS \
	{ "replace-invalid", no_argument, NULL, DK_OPT_REPLACE }
#define DK_CLI_TEXTHELP \
	"  --replace-invalid  replace invalid UTF-8 in the text by U+FFFD (else an error)\n"

/* In an option summary: the names of the measures, "jaccard, set, ..."
 * (dk_measure_names), for -M's line. */
#define DK_HELP_MEASURES "\001"

struct dk_usage {
	const char *synopsis;   /* one or more lines, each without "usage: " */
	const char *options;    /* option summary printed by --help (see
	                           DK_HELP_MEASURES) */
};

extern int dk_threads;      /* set by -j; 0 until dk_cli_threads() */

/* Call first in main(): sets the program name, and line-buffers nothing. */
void dk_cli_init(int argc, char **argv);
/* dk_cli_init for a program that reads document text (dk_record_text):
 * invalid UTF-8 in the text is an error (dk_text_invalid =
 * DK_INVALID_ERROR) unless --replace-invalid, which it lists
 * (DK_CLI_TEXTOPTS, DK_CLI_TEXTHELP). */
void dk_cli_init_text(int argc, char **argv);
/* Handles h, v, j, --version and '?'; returns 0 for an option it does not know. */
int dk_cli_common(int ch, const char *arg, const struct dk_usage *u);
void dk_usage(const struct dk_usage *u) DK_NORETURN;   /* to stderr, exit 2 */
/* Number of threads to use: -j N, else the online CPUs. */
int dk_cli_threads(void);

/* Checked numbers; a bad value exits 2 with "prog: WHAT is VALUE: reason".
 * The dk_check_* functions behind them return NULL, or the reason (for a
 * number outside [lo, hi], the string dk_out_of_range). */
extern const char dk_out_of_range[];
const char *dk_check_double(const char *s, double lo, double hi, double *v);
const char *dk_check_int(const char *s, long long lo, long long hi, long long *v);
const char *dk_check_threshold(const char *s, double *v);
const char *dk_check_range(const char *s, double *lo, double *hi);
/* A size in bytes, with K, M or G for 2^10, 2^20, 2^30; in [1, 2^40]. */
const char *dk_check_size(const char *s, uint64_t *v);
/* A duration in milliseconds: a count with a unit (s, m, h, d, w),
 * repeated as in 1d12h, or a bare count of seconds; at most
 * DK_DURATION_MAX (285,000 years), so sums of times cannot overflow. */
#define DK_DURATION_MAX ((int64_t)1 << 53)
const char *dk_check_duration(const char *s, int64_t *ms);
/* A time of a record, n bytes at s (not NUL-terminated), in milliseconds
 * since 1970-01-01T00:00:00Z: ISO 8601 YYYY-MM-DD(T| )HH:MM[:SS[.fff]]
 * with a zone (Z, +HH, +HHMM or +HH:MM), or Unix seconds with an optional
 * fraction; within DK_DURATION_MAX either side of 1970, so that times and
 * durations add. */
const char *dk_check_time(const char *s, size_t n, int64_t *ms);

double dk_parse_double(const char *s, double lo, double hi, const char *what);
long long dk_parse_int(const char *s, long long lo, long long hi, const char *what);
double dk_parse_threshold(const char *s);    /* (0, 1] */
/* The same for another option's threshold, named what in the message. */
double dk_parse_threshold_of(const char *s, const char *what);
/* "LO:HI" with 0 <= LO <= HI <= 1. */
void dk_parse_range(const char *s, double *lo, double *hi, const char *what);
int64_t dk_parse_duration(const char *s, const char *what);
/* -M MEASURE: a name dk_measure_parse knows, else exit 2 with "measure is
 * 'NAME': expected one of ..." (every program taking -M says the same). */
dk_measure dk_parse_measure(const char *s);
/* One of a NULL-terminated list of words: its index, else exit 2 with
 * "WHAT is S: not A, B or C". */
int dk_parse_choice(const char *s, const char *what, const char *const *words);

#endif
