#include "msg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *dk_progname = "dupkit";
int dk_verbose;
void (*dk_msg_before)(void);

void
dk_setprogname(const char *argv0)
{
	const char *slash = strrchr(argv0, '/');

	dk_progname = slash ? slash + 1 : argv0;
}

static void
vmsg(const char *file, unsigned long line, int errnum, const char *fmt, va_list ap)
{
	fflush(stdout);
	if (dk_msg_before)
		dk_msg_before();
	fprintf(stderr, "%s: ", dk_progname);
	if (file)
		fprintf(stderr, "%s:%lu: ", file, line);
	vfprintf(stderr, fmt, ap);
	if (errnum)
		fprintf(stderr, ": %s", strerror(errnum));
	fputc('\n', stderr);
}

void
dk_warn(const char *fmt, ...)
{
	int e = errno;
	va_list ap;

	va_start(ap, fmt);
	vmsg(NULL, 0, e, fmt, ap);
	va_end(ap);
}

void
dk_warnx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(NULL, 0, 0, fmt, ap);
	va_end(ap);
}

void
dk_die(int status, const char *fmt, ...)
{
	int e = errno;
	va_list ap;

	va_start(ap, fmt);
	vmsg(NULL, 0, e, fmt, ap);
	va_end(ap);
	exit(status);
}

void
dk_diex(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(NULL, 0, 0, fmt, ap);
	va_end(ap);
	exit(status);
}

void
dk_die_at(const char *file, unsigned long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(file, line, 0, fmt, ap);
	va_end(ap);
	exit(DK_EXIT_INPUT);
}

void
dk_warn_at(const char *file, unsigned long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(file, line, 0, fmt, ap);
	va_end(ap);
}

void
dk_note(const char *fmt, ...)
{
	va_list ap;

	if (!dk_verbose)
		return;
	va_start(ap, fmt);
	vmsg(NULL, 0, 0, fmt, ap);
	va_end(ap);
}
