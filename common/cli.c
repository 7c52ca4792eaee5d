#include "cli.h"

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
		if (u->options)
			printf("\n%s", u->options);
		printf("\nSee %s(1) for details.\n", dk_progname);
		exit(fflush(stdout) || ferror(stdout) ? DK_EXIT_OPERAND : DK_EXIT_OK);
	case DK_OPT_VERSION:
		printf("%s (dupkit) %s\n", dk_progname, DK_VERSION);
		exit(fflush(stdout) ? DK_EXIT_OPERAND : DK_EXIT_OK);
	case 'v':
		dk_verbose++;
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

double
dk_parse_double(const char *s, double lo, double hi, const char *what)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno == ERANGE || isnan(v))
		dk_diex(DK_EXIT_INPUT, "%s is '%s': not a number", what, s);
	if (v < lo || v > hi)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': not in [%g, %g]", what, s, lo, hi);
	return v;
}

long long
dk_parse_int(const char *s, long long lo, long long hi, const char *what)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (end == s || *end || errno == ERANGE)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': not an integer", what, s);
	if (v < lo || v > hi)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': not in [%lld, %lld]", what, s, lo, hi);
	return v;
}

double
dk_parse_threshold(const char *s)
{
	double t = dk_parse_double(s, 0, 1, "threshold");

	if (t <= 0)
		dk_diex(DK_EXIT_INPUT, "threshold is '%s': must be above 0", s);
	return t;
}

void
dk_parse_range(const char *s, double *lo, double *hi, const char *what)
{
	const char *colon = strchr(s, ':');
	char buf[64];
	size_t n;

	if (!colon || (n = (size_t)(colon - s)) >= sizeof buf)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': expected LO:HI", what, s);
	memcpy(buf, s, n);
	buf[n] = '\0';
	*lo = dk_parse_double(buf, 0, 1, what);
	*hi = dk_parse_double(colon + 1, 0, 1, what);
	if (*lo > *hi)
		dk_diex(DK_EXIT_INPUT, "%s is '%s': LO is above HI", what, s);
}
