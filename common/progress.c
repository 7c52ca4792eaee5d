/* Progress reports of long runs; the contract is in progress.h. */
#include "progress.h"
#include "msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int dk_progress_on;
uint64_t dk_progress_records;

static struct {
	int64_t start, due, interval;   /* milliseconds */
	int inited, tty, dirty;         /* dirty: a report is on the tty line */
	uint64_t bytes;
	const char *phase, *unit;
	uint64_t total, done, found;
	int busy;                       /* one thread reports at a time */
} p;

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
clear_at_exit(void)
{
	dk_progress_clear();
}

static void
init(void)
{
	const char *e = getenv("DK_PROGRESS_INTERVAL");
	char *end;
	long v;

	p.inited = 1;
	p.interval = 2000;
	if (e && *e) {
		v = strtol(e, &end, 10);
		if (*end == 0 && v >= 0)
			p.interval = v;
	}
	p.tty = isatty(STDERR_FILENO);
	p.start = now_ms();
	p.due = p.start + p.interval;
	atexit(clear_at_exit);
}

/* v with a comma between thousands, into buf (at least 27 bytes). */
static const char *
grouped(uint64_t v, char *buf)
{
	char digits[21];
	int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v), i, o = 0;

	for (i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = 0;
	return buf;
}

static void
report(int64_t t)
{
	char a[32], b[32], c[32];
	double secs = (double)(t - p.start) / 1000;
	uint64_t total = __atomic_load_n(&p.total, __ATOMIC_RELAXED);
	uint64_t done = __atomic_load_n(&p.done, __ATOMIC_RELAXED);
	uint64_t bytes = __atomic_load_n(&p.bytes, __ATOMIC_RELAXED);
	const char *phase = __atomic_load_n(&p.phase, __ATOMIC_RELAXED);
	const char *unit = __atomic_load_n(&p.unit, __ATOMIC_RELAXED);

	fflush(stdout);
	fprintf(stderr, "%s%s: ", p.tty ? "\r" : "", dk_progname);
	if (!phase)
		fprintf(stderr, "%s records, %.1f MB, %.1f MB/s",
		    grouped(dk_progress_records, a), (double)bytes / 1e6,
		    secs > 0 ? (double)bytes / 1e6 / secs : 0.0);
	else {
		fprintf(stderr, "%s", phase);
		if (unit && total)
			fprintf(stderr, ": %s of %s %s (%d%%)", grouped(done, a),
			    grouped(total, b), unit, (int)(done * 100 / total));
		else if (unit)
			fprintf(stderr, ": %s %s", grouped(done, a), unit);
		if (unit)
			fprintf(stderr, ", %s pairs",
			    grouped(__atomic_load_n(&p.found, __ATOMIC_RELAXED), c));
	}
	fprintf(stderr, ", %.1f s%s", secs, p.tty ? "\033[K" : "\n");
	p.dirty = p.tty;
}

/* A report when one is due; only one thread writes it. */
static void
poll_due(void)
{
	int64_t t;

	if (!p.inited)
		init();
	t = now_ms();
	if (t < __atomic_load_n(&p.due, __ATOMIC_RELAXED))
		return;
	if (__atomic_exchange_n(&p.busy, 1, __ATOMIC_ACQUIRE))
		return;
	if (t >= p.due) {
		report(t);
		__atomic_store_n(&p.due, t + p.interval, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&p.busy, 0, __ATOMIC_RELEASE);
}

void
dk_progress_input(size_t bytes)
{
	if (!dk_progress_on)
		return;
	__atomic_fetch_add(&p.bytes, bytes, __ATOMIC_RELAXED);
	poll_due();
}

void
dk_progress_phase(const char *name, const char *unit, uint64_t total)
{
	if (!dk_progress_on)
		return;
	__atomic_store_n(&p.phase, name, __ATOMIC_RELAXED);
	__atomic_store_n(&p.unit, unit, __ATOMIC_RELAXED);
	__atomic_store_n(&p.total, total, __ATOMIC_RELAXED);
	__atomic_store_n(&p.done, 0, __ATOMIC_RELAXED);
	poll_due();
}

void
dk_progress_step(uint64_t done, uint64_t found)
{
	if (!dk_progress_on)
		return;
	__atomic_fetch_add(&p.done, done, __ATOMIC_RELAXED);
	__atomic_fetch_add(&p.found, found, __ATOMIC_RELAXED);
	poll_due();
}

void
dk_progress_clear(void)
{
	if (p.dirty) {
		fputs("\r\033[K", stderr);
		p.dirty = 0;
	}
}
