/* Option values: the checked numbers of common/cli (dk_check_*, behind
 * dk_parse_*), durations, and the times of spotmatch's time column
 * (dk_check_time).  Each input line is a kind letter and a value:
 *   d double in [-1e9, 1e9]   i integer in [-1e12, 1e12]   t threshold
 *   r LO:HI range   D duration   T time of a record   S size (--max-record)
 * Property: an accepted value is within its bounds, and a duration written
 * back in seconds parses to the same value. */
#include "fuzz.h"
#include "cli.h"

#include <math.h>
#include <stdio.h>

FUZZ_QUIET_INITIALIZE

static void
check(char kind, const char *s, size_t n)
{
	double d, lo, hi;
	long long i;
	uint64_t u;
	int64_t ms, again;
	char back[32];

	switch (kind) {
	case 'd':
		if (!dk_check_double(s, -1e9, 1e9, &d))
			FUZZ_CHECK(d >= -1e9 && d <= 1e9);
		break;
	case 'i':
		if (!dk_check_int(s, -1000000000000LL, 1000000000000LL, &i))
			FUZZ_CHECK(i >= -1000000000000LL && i <= 1000000000000LL);
		break;
	case 't':
		if (!dk_check_threshold(s, &d))
			FUZZ_CHECK(d > 0 && d <= 1);
		break;
	case 'r':
		if (!dk_check_range(s, &lo, &hi))
			FUZZ_CHECK(lo >= 0 && lo <= hi && hi <= 1);
		break;
	case 'D':
		if (dk_check_duration(s, &ms))
			break;
		FUZZ_CHECK(ms >= 0 && ms <= DK_DURATION_MAX && ms % 1000 == 0);
		snprintf(back, sizeof back, "%llds", (long long)(ms / 1000));
		FUZZ_CHECK(dk_check_duration(back, &again) == NULL && again == ms);
		break;
	case 'S':
		if (!dk_check_size(s, &u))
			FUZZ_CHECK(u >= 1 && u <= (uint64_t)1 << 40);
		break;
	case 'T':
		if (!dk_check_time(s, n, &ms))
			FUZZ_CHECK(ms >= -DK_DURATION_MAX && ms <= DK_DURATION_MAX);
		break;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size, *nl;
	char *v;
	size_t n;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		n = (size_t)(nl - p);
		if (n == 0)
			continue;
		v = dk_malloc(n);
		memcpy(v, p + 1, n - 1);
		v[n - 1] = '\0';
		check(p[0], v, strlen(v));
		free(v);
	}
	return 0;
}
