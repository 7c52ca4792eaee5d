/* A small TAP emitter for the C unit tests: plan, ok, is, diagnostics.
 * Header only; each test file is one program. */
#ifndef TAP_H
#define TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_n, tap_failed;

static inline void
tap_plan(int n)
{
	printf("1..%d\n", n);
	fflush(stdout);
}

static inline void
tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

static inline int
tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	tap_n++;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
	if (!cond)
		tap_failed++;
	return cond;
}

/* Byte strings equal (got of length gn, want NUL-terminated unless wn given). */
static inline int
tap_is_mem(const char *got, size_t gn, const char *want, size_t wn, const char *name)
{
	int eq = gn == wn && memcmp(got, want, gn) == 0;

	if (!tap_ok(eq, "%s", name)) {
		tap_diag("got:  '%.*s' (%zu bytes)", (int)(gn > 200 ? 200 : gn), got, gn);
		tap_diag("want: '%.*s' (%zu bytes)", (int)(wn > 200 ? 200 : wn), want, wn);
	}
	return eq;
}

#define tap_is_str(got, gn, want, name) tap_is_mem(got, gn, want, strlen(want), name)

static inline int
tap_is_int(long long got, long long want, const char *name)
{
	if (!tap_ok(got == want, "%s", name))
		tap_diag("got %lld, want %lld", got, want);
	return got == want;
}

/* Call last: exit status 1 when any test failed or the count is off. */
static inline int
tap_done(int planned)
{
	if (tap_n != planned)
		tap_diag("planned %d tests, ran %d", planned, tap_n);
	return tap_failed || tap_n != planned;
}

#endif
