/* Progress reports of long runs; the contract is in progress.h. */
#include "progress.h"
#include "mem.h"
#include "msg.h"

#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int dk_progress_on;
uint64_t dk_progress_records;

static struct {
	int64_t start, due, interval;   /* milliseconds */
	int inited, tty, dirty;         /* dirty: a report is on the tty line */
	uint64_t bytes;
	uint64_t size;                  /* of all the input declared */
	int unknown;                    /* something of unknown size was met */
	const char *phase, *unit;
	uint64_t total, done, found;
	int64_t phase_start;
	int busy;                       /* one thread reports at a time */
} p;

/* The operands declared, by their file, in order; those before first
 * are opened by a reader already (as they usually are, in order). */
struct file_id {
	dev_t dev;
	ino_t ino;
	int opened;
};
static DK_VEC(struct file_id) declared;
static size_t first;

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
	dk_msg_before = dk_progress_clear;
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

/* done of total, in percent; 100 at most (a file may grow as it is read). */
static int
share(uint64_t done, uint64_t total)
{
	return done >= total ? 100 : (int)((double)done * 100 / (double)total);
}

/* ", about N s left" at the average rate since ms milliseconds ago, when
 * done is short of total and a second has passed: earlier, the rate is
 * mostly the time to start. */
static void
time_left(int64_t ms, uint64_t done, uint64_t total)
{
	double s;

	if (ms < 1000 || done == 0 || done >= total)
		return;
	s = (double)ms / 1000 * (double)(total - done) / (double)done;
	if (s < 99.5)
		fprintf(stderr, ", about %.0f s left", s < 1 ? 1 : s);
	else if (s < 99.5 * 60)
		fprintf(stderr, ", about %.0f min left", s / 60);
	else
		fprintf(stderr, ", about %.1f h left", s / 3600);
}

static void
report(int64_t t)
{
	char a[32], b[32], c[32];
	double secs = (double)(t - p.start) / 1000;
	uint64_t total = __atomic_load_n(&p.total, __ATOMIC_RELAXED);
	uint64_t done = __atomic_load_n(&p.done, __ATOMIC_RELAXED);
	uint64_t bytes = __atomic_load_n(&p.bytes, __ATOMIC_RELAXED);
	uint64_t size = __atomic_load_n(&p.size, __ATOMIC_RELAXED);
	const char *phase = __atomic_load_n(&p.phase, __ATOMIC_RELAXED);
	const char *unit = __atomic_load_n(&p.unit, __ATOMIC_RELAXED);
	int known = size > 0 && !__atomic_load_n(&p.unknown, __ATOMIC_RELAXED);

	fflush(stdout);
	fprintf(stderr, "%s%s: ", p.tty ? "\r" : "", dk_progname);
	if (!phase) {
		fprintf(stderr, "%s records, %.1f MB", grouped(dk_progress_records, a),
		    (double)bytes / 1e6);
		if (known && size >= 1000000000)
			fprintf(stderr, " of %.1f GB (%d%%)", (double)size / 1e9,
			    share(bytes, size));
		else if (known)
			fprintf(stderr, " of %.1f MB (%d%%)", (double)size / 1e6,
			    share(bytes, size));
		fprintf(stderr, ", %.1f MB/s, %.1f s",
		    secs > 0 ? (double)bytes / 1e6 / secs : 0.0, secs);
		if (known)
			time_left(t - p.start, bytes, size);
	} else {
		fprintf(stderr, "%s", phase);
		if (unit && total)
			fprintf(stderr, ": %s of %s %s (%d%%)", grouped(done, a),
			    grouped(total, b), unit, share(done, total));
		else if (unit)
			fprintf(stderr, ": %s %s", grouped(done, a), unit);
		if (unit)
			fprintf(stderr, ", %s pairs",
			    grouped(__atomic_load_n(&p.found, __ATOMIC_RELAXED), c));
		fprintf(stderr, ", %.1f s", secs);
		if (unit && total)
			time_left(t - __atomic_load_n(&p.phase_start, __ATOMIC_RELAXED),
			    done, total);
	}
	fputs(p.tty ? "\033[K" : "\n", stderr);
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

/* Sizes: a regular file's is known (from offset at, for a file opened
 * already), a directory's does not matter (it cannot be read), anything
 * else's is unknown. */
static void
add_size(const struct stat *st, off_t at)
{
	if (S_ISREG(st->st_mode))
		__atomic_fetch_add(&p.size, (uint64_t)st->st_size -
		    (uint64_t)(at > 0 && at <= st->st_size ? at : 0), __ATOMIC_RELAXED);
	else if (!S_ISDIR(st->st_mode))
		__atomic_store_n(&p.unknown, 1, __ATOMIC_RELAXED);
}

void
dk_progress_operands(int argc, char **argv)
{
	struct stat st;
	int i, fd;

	if (!dk_progress_on)
		return;
	for (i = 0; i == 0 || i < argc; i++) {
		fd = argc == 0 || strcmp(argv[i], "-") == 0 ? STDIN_FILENO : -1;
		if (fd < 0 ? stat(argv[i], &st) != 0 : fstat(fd, &st) != 0)
			continue;       /* not read: the program says why */
		add_size(&st, fd < 0 ? 0 : lseek(fd, 0, SEEK_CUR));
		if (S_ISREG(st.st_mode))
			DK_PUSH(&declared, ((struct file_id){ st.st_dev, st.st_ino, 0 }));
	}
}

void
dk_progress_file(int fd)
{
	struct stat st;
	size_t i;

	if (!dk_progress_on || fstat(fd, &st) != 0)
		return;
	for (i = first; i < declared.n; i++)
		if (!declared.v[i].opened && declared.v[i].dev == st.st_dev &&
		    declared.v[i].ino == st.st_ino)
			break;
	if (i == declared.n) {
		add_size(&st, lseek(fd, 0, SEEK_CUR));
		return;
	}
	declared.v[i].opened = 1;
	while (first < declared.n && declared.v[first].opened)
		first++;
	if (first == declared.n) {
		free(declared.v);
		memset(&declared, 0, sizeof declared);
		first = 0;
	}
}

void
dk_progress_phase(const char *name, const char *unit, uint64_t total)
{
	if (!dk_progress_on)
		return;
	__atomic_store_n(&p.phase_start, now_ms(), __ATOMIC_RELAXED);
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
