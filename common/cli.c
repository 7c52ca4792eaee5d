#include "cli.h"
#include "progress.h"
#include "ids.h"
#include "stream.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef DK_VERSION
#define DK_VERSION "unknown"
#endif

int dk_threads;

void
dk_cli_init(int argc, char **argv)
{
	dk_setprogname(argc > 0 && argv[0] ? argv[0] : "dupkit");
}

void
dk_cli_init_text(int argc, char **argv)
{
	dk_cli_init(argc, argv);
	dk_text_invalid = DK_INVALID_ERROR;
}

static void
print_synopsis(FILE *fp, const char *syn)
{
	const char *p = syn, *nl;
	int first = 1;

	for (; *p; p = nl + 1, first = 0) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		fprintf(fp, "%s %.*s\n", first ? "usage:" : "      ", (int)(nl - p), p);
		if (!*nl)
			break;
	}
}

/* The option summary, each DK_HELP_MEASURES in it written as the names of
 * the measures (measure.h), so that no program lists them by hand. */
static void
print_options(const char *s)
{
	const char *mark;

	while ((mark = strchr(s, DK_HELP_MEASURES[0])) != NULL) {
		printf("%.*s%s", (int)(mark - s), s, dk_measure_names());
		s = mark + 1;
	}
	fputs(s, stdout);
}

void
dk_usage(const struct dk_usage *u)
{
	print_synopsis(stderr, u->synopsis);
	fprintf(stderr, "Try '%s --help' for more information.\n", dk_progname);
	exit(DK_EXIT_INPUT);
}

int
dk_cli_common(int ch, const char *arg, const struct dk_usage *u)
{
	switch (ch) {
	case 'h':
		print_synopsis(stdout, u->synopsis);
		if (u->options) {
			putchar('\n');
			print_options(u->options);
		}
		printf("  --max-record SIZE  longest record accepted (default %zuM)\n",
		    DK_MAX_RECORD_DEFAULT >> 20);
		printf("  --progress         report progress on stderr every 2 s (as -v does)\n");
		printf("\nSee %s(1) for details.\n", dk_progname);
		exit(fflush(stdout) || ferror(stdout) ? DK_EXIT_OPERAND : DK_EXIT_OK);
	case DK_OPT_VERSION:
		printf("%s (dupkit) %s\n", dk_progname, DK_VERSION);
		exit(fflush(stdout) ? DK_EXIT_OPERAND : DK_EXIT_OK);
	case 'v':
		dk_verbose++;
		dk_progress_on = 1;
		return 1;
	case DK_OPT_PROGRESS:
		dk_progress_on = 1;
		return 1;
	case DK_OPT_MAXREC: {
		uint64_t v;
		const char *why = dk_check_size(arg, &v);

		if (why)
			dk_diex(DK_EXIT_INPUT, "--max-record is '%s': %s", arg, why);
		dk_max_record = (size_t)v;
		return 1;
	}
	case DK_OPT_REPIDS:
		dk_allow_repeated_ids = 1;
		return 1;
	case DK_OPT_REPLACE:
		dk_text_invalid = DK_INVALID_REPLACE;
		return 1;
	case 'j':
		dk_threads = (int)dk_parse_int(arg, 1, 1024, "thread count");
		return 1;
	case '?':
	case ':':
		dk_usage(u);
	}
	return 0;
}

int
dk_cli_threads(void)
{
	long n;

	if (dk_threads > 0)
		return dk_threads;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

const char dk_out_of_range[] = "out of range";

const char *
dk_check_double(const char *s, double lo, double hi, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (end == s || *end || errno == ERANGE || isnan(*v))
		return "not a number";
	if (*v < lo || *v > hi)
		return dk_out_of_range;
	return NULL;
}

const char *
dk_check_int(const char *s, long long lo, long long hi, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	if (end == s || *end || errno == ERANGE)
		return "not an integer";
	if (*v < lo || *v > hi)
		return dk_out_of_range;
	return NULL;
}

const char *
dk_check_threshold(const char *s, double *v)
{
	const char *why = dk_check_double(s, 0, 1, v);

	if (why == dk_out_of_range)
		return "not in [0, 1]";
	if (!why && *v <= 0)
		return "must be above 0";
	return why;
}

const char *
dk_check_range(const char *s, double *lo, double *hi)
{
	const char *colon = strchr(s, ':'), *why;
	char buf[64];
	size_t n;

	if (!colon || (n = (size_t)(colon - s)) >= sizeof buf)
		return "expected LO:HI";
	memcpy(buf, s, n);
	buf[n] = '\0';
	if ((why = dk_check_double(buf, 0, 1, lo)) != NULL ||
	    (why = dk_check_double(colon + 1, 0, 1, hi)) != NULL)
		return why == dk_out_of_range ? "not in [0, 1]" : why;
	if (*lo > *hi)
		return "LO is above HI";
	return NULL;
}

const char *
dk_check_size(const char *s, uint64_t *v)
{
	const char *p = s;
	int shift = 0;

	for (*v = 0; *p >= '0' && *p <= '9'; p++)
		if ((*v = *v * 10 + (uint64_t)(*p - '0')) > (uint64_t)1 << 40)
			return "too large (at most 1T)";
	if (p == s)
		return "expected a size such as 512M";
	switch (*p) {
	case 'K': case 'k': shift = 10; p++; break;
	case 'M': case 'm': shift = 20; p++; break;
	case 'G': case 'g': shift = 30; p++; break;
	}
	if (*p)
		return "expected a size such as 512M (units K, M, G)";
	if (*v == 0)
		return "must be above 0";
	if (*v > ((uint64_t)1 << 40) >> shift)
		return "too large (at most 1T)";
	*v <<= shift;
	return NULL;
}

const char *
dk_check_duration(const char *s, int64_t *ms)
{
	const char *p = s;
	int64_t v, unit;
	int units = 0;

	*ms = 0;
	do {
		if (*p < '0' || *p > '9')
			return "expected a duration such as 24h";
		for (v = 0; *p >= '0' && *p <= '9'; p++)
			if ((v = v * 10 + (*p - '0')) > DK_DURATION_MAX / 1000)
				return "too long";
		switch (*p) {
		case 'w': unit = 7 * 86400; p++; units++; break;
		case 'd': unit = 86400; p++; units++; break;
		case 'h': unit = 3600; p++; units++; break;
		case 'm': unit = 60; p++; units++; break;
		case 's': unit = 1; p++; units++; break;
		case '\0': unit = units == 0; break;     /* bare seconds */
		default: unit = 0;
		}
		if (unit == 0)
			return "units are s, m, h, d, w";
		if (v > (DK_DURATION_MAX - *ms) / 1000 / unit)
			return "too long";
		*ms += v * unit * 1000;
	} while (*p);
	return NULL;
}

double
dk_parse_double(const char *s, double lo, double hi, const char *what)
{
	double v;
	const char *why = dk_check_double(s, lo, hi, &v);

	if (why == dk_out_of_range)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': not in [%g, %g]", what, s, lo, hi);
	if (why)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': %s", what, s, why);
	return v;
}

long long
dk_parse_int(const char *s, long long lo, long long hi, const char *what)
{
	long long v;
	const char *why = dk_check_int(s, lo, hi, &v);

	if (why == dk_out_of_range)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': not in [%lld, %lld]", what, s, lo, hi);
	if (why)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': %s", what, s, why);
	return v;
}

double
dk_parse_threshold_of(const char *s, const char *what)
{
	double t;
	const char *why = dk_check_threshold(s, &t);

	if (why)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': %s", what, s, why);
	return t;
}

double
dk_parse_threshold(const char *s)
{
	return dk_parse_threshold_of(s, "threshold");
}

void
dk_parse_range(const char *s, double *lo, double *hi, const char *what)
{
	const char *why = dk_check_range(s, lo, hi);

	if (why)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': %s", what, s, why);
}

int64_t
dk_parse_duration(const char *s, const char *what)
{
	int64_t ms;
	const char *why = dk_check_duration(s, &ms);

	if (why)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': %s", what, s, why);
	return ms;
}

dk_measure
dk_parse_measure(const char *s)
{
	int m = dk_measure_parse(s);

	if (m < 0)
		dk_diex(DK_EXIT_INPUT, "measure is '%s': expected one of %s", s, dk_measure_names());
	return (dk_measure)m;
}

int
dk_parse_choice(const char *s, const char *what, const char *const *words)
{
	char list[256];
	size_t n = 0, i, k;

	for (k = 0; words[k]; k++)
		if (strcmp(s, words[k]) == 0)
			return (int)k;
	list[0] = '\0';
	for (i = 0; i < k; i++)
		n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0, "%s%s",
		    i == 0 ? "" : i + 1 < k ? ", " : " or ", words[i]);
	dk_diex(DK_EXIT_INPUT, "%s is %s: not %s", what, s, list);
}

/* ---- times of records (dk_check_time) ---- */

/* Days from 1970-01-01 to the given proleptic Gregorian date, counting
 * years in 400-year eras of 146097 days that start on March 1st. */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* n decimal digits at *s, advanced; -1 when they are not all there. */
static int64_t
digits(const char **s, const char *end, int n)
{
	int64_t v = 0;

	for (; n > 0; n--, (*s)++) {
		if (*s == end || **s < '0' || **s > '9')
			return -1;
		v = v * 10 + (**s - '0');
	}
	return v;
}

/* Milliseconds of an optional ".fraction" (digits past the third are
 * dropped); the fraction must have at least one digit. */
static int
fraction(const char **s, const char *end, int64_t *ms)
{
	int64_t scale = 100;

	*ms = 0;
	if (*s == end || (**s != '.' && **s != ','))
		return 0;
	if (++*s == end || **s < '0' || **s > '9')
		return -1;
	for (; *s < end && **s >= '0' && **s <= '9'; (*s)++, scale /= 10)
		*ms += (**s - '0') * scale;
	return 0;
}

static const char *
parse_unix(const char *s, const char *end, int64_t *ms)
{
	int neg = s < end && *s == '-';
	int64_t sec = 0, frac;

	s += neg;
	if (s == end || *s < '0' || *s > '9')
		return "not a time";
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		if (sec > DK_DURATION_MAX / 1000 / 10)   /* so times and durations add */
			return "time out of range";
		sec = sec * 10 + (*s - '0');
	}
	if (fraction(&s, end, &frac) < 0 || s != end)
		return "not a time (ISO 8601 with a zone, or Unix seconds)";
	*ms = neg ? -(sec * 1000 + frac) : sec * 1000 + frac;
	return NULL;
}

/* The zone designator: Z, +HH, +HHMM or +HH:MM (or -), as minutes east. */
static const char *
parse_zone(const char *s, const char *end, int64_t *east)
{
	int64_t hh, mm = 0;
	int sign;

	if (s == end)
		return "time without a zone (add Z or an offset such as +02:00)";
	if ((*s == 'Z' || *s == 'z') && s + 1 == end) {
		*east = 0;
		return NULL;
	}
	if (*s != '+' && *s != '-')
		return "bad zone designator";
	sign = *s++ == '-' ? -1 : 1;
	if ((hh = digits(&s, end, 2)) < 0 || hh > 23)
		return "bad zone offset";
	if (s < end && *s == ':')
		s++;
	if (s < end && ((mm = digits(&s, end, 2)) < 0 || mm > 59))
		return "bad zone offset";
	if (s != end)
		return "bad zone offset";
	*east = sign * (hh * 60 + mm);
	return NULL;
}

const char *
dk_check_time(const char *s, size_t n, int64_t *ms)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	const char *end = s + n, *p = s;
	int64_t y, mo, d, h, mi, sec = 0, frac = 0, east;
	const char *msg;

	if (n < 5 || s[4] != '-')
		return parse_unix(s, end, ms);
	if ((y = digits(&p, end, 4)) < 0 || *p++ != '-' || (mo = digits(&p, end, 2)) < 1 ||
	    mo > 12 || p == end || *p++ != '-' || (d = digits(&p, end, 2)) < 1 ||
	    d > mdays[mo - 1] || (mo == 2 && d == 29 && (y % 4 || (y % 100 == 0 && y % 400))))
		return "bad date (YYYY-MM-DD)";
	if (p == end || (*p != 'T' && *p != 't' && *p != ' '))
		return "date without a time of day (YYYY-MM-DDTHH:MM:SSZ)";
	p++;
	if ((h = digits(&p, end, 2)) < 0 || h > 23 || p == end || *p++ != ':' ||
	    (mi = digits(&p, end, 2)) < 0 || mi > 59)
		return "bad time of day (HH:MM:SS)";
	if (p < end && *p == ':' && (p++, (sec = digits(&p, end, 2)) < 0 || sec > 60))
		return "bad seconds";
	if (fraction(&p, end, &frac) < 0)
		return "bad fraction of a second";
	if ((msg = parse_zone(p, end, &east)) != NULL)
		return msg;
	*ms = ((days_from_civil(y, (int)mo, (int)d) * 24 + h) * 60 + mi - east) * 60000 +
	    sec * 1000 + frac;
	return NULL;
}
