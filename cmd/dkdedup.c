/* dkdedup: the whole deduplication job, a corpus in and the same corpus
 * without its near duplicates out, in its own format.  It runs the stages
 * as child processes (the programs beside its own executable first, then
 * those on PATH), checks the exit status of every one, and writes OUT,
 * OUT.keep, OUT.pairs and OUT.removed (the removal report) under temporary
 * names in OUT's directory, renamed only when every stage succeeded (or
 * skipped records, named, and did the rest: status 1, as keep -o): a
 * failed or interrupted job leaves none of them behind, nor half of one.
 * Its closing summary counts what the report and the signatures say. */
#include "cli.h"
#include "dk_defaults.h"
#include "intern.h"
#include "msg.h"
#include "quote.h"
#include "stream.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The defaults (DK_TAU, DK_MIN_SHARED, DK_IDF, DK_AGREE, DK_QUOTED, DK_DENSE)
 * come from examples/dupkit.defaults, through the header the Makefile makes
 * of it. */
static const struct dk_usage usage = {
	"dkdedup [-v] [-t TAU] [--min-shared N] [--dense N] [--idf LO:HI] [--agree A]\n"
	"        [--contain C [--contain-min N] [--contain-ratio R]] [-j N]\n"
	"        [--quoted keep|skip] [--keep first|longest] [--json ID,TEXT]\n"
	"        tsv|jsonl|warc IN OUT",
	"  -t TAU           similarity threshold of spotmatch (default " DK_TAU ")\n"
	"  --min-shared N   a pair also shares at least N signatures; documents\n"
	"                   with fewer are kept, too short to judge (default "
	DK_MIN_SHARED ")\n"
	"  --dense N        documents with fewer than N spot signatures are\n"
	"                   judged on their word chains instead (spotsig\n"
	"                   --dense; 0: never; default " DK_DENSE ")\n"
	"  --idf LO:HI      spotsig's IDF range: LO drops common signatures\n"
	"                   (default " DK_IDF ")\n"
	"  --agree A        but keeps those whose documents agree elsewhere, a\n"
	"                   story copied many times (default " DK_AGREE ")\n"
	"  --quoted WHAT    keep or skip quoted mail text, the lines beginning\n"
	"                   with '>' (spotsig --quoted; default " DK_QUOTED ")\n"
	"  --contain C      also a copy: a pair whose containment (shared\n"
	"                   signatures over the shorter's) reaches C, by a\n"
	"                   second spotmatch pass (truncated copies; 0: no\n"
	"                   such pass, the default)\n"
	"  --contain-min N  such a pair shares at least N signatures (default:\n"
	"                   --min-shared)\n"
	"  --contain-ratio R  and the shorter holds at least R times the\n"
	"                   longer's signatures (default 0.5)\n"
	"  --keep RULE      which document of a cluster is kept: first (in the\n"
	"                   input, the default) or longest (text; dkcluster --keep)\n"
	"  -j N             spotmatch threads (default: one per CPU)\n"
	"  --json ID,TEXT   jsonl: the members that hold the ID and the text\n"
	"                   (default id,text)\n"
	"  -v               the stages' command lines, and -v to each stage\n"
	"  -h, --help, --version\n"
	"  and, given on to every dupkit stage:\n",
};

enum {
	OPT_JSON = 0x2000, OPT_MINSHARED, OPT_DENSE, OPT_IDF, OPT_AGREE, OPT_QUOTED, OPT_CONTAIN,
	OPT_CONTAINMIN, OPT_CONTAINRATIO, OPT_KEEP
};
static const char *const keeps[] = { "first", "longest", NULL };
enum { FMT_TSV, FMT_JSONL, FMT_WARC };
static const char *const formats[] = { "tsv", "jsonl", "warc", NULL };

/* A stage: its argument vector (argv[0] is the program's name). */
#define MAXARG 24
struct stage {
	const char *argv[MAXARG + 1];
	int argc;
};

/* What the signal handler and the exit handler clean up: the children
 * running, the temporary files (all named before the first is made) and
 * their directory.  done is set once everything is renamed. */
#define MAXKIDS 4
static volatile pid_t kids[MAXKIDS];
static char *tmpdir;
static char *tmpfile_[7];
static int ntmp;
static volatile sig_atomic_t done;
/* A stage skipped records (each named by it) and did the rest. */
static int skipped;

static void
cleanup(void)
{
	int i;

	if (done)
		return;
	for (i = 0; i < MAXKIDS; i++)
		if (kids[i] > 0)
			kill(kids[i], SIGTERM);
	for (i = 0; i < ntmp; i++)
		unlink(tmpfile_[i]);
	if (tmpdir)
		rmdir(tmpdir);
}

static void
on_signal(int sig)
{
	sigset_t s;

	cleanup();
	done = 1;
	signal(sig, SIG_DFL);
	raise(sig);
	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(SIG_UNBLOCK, &s, NULL);
	_exit(128 + sig);
}

static void
block_signals(int how)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	sigaddset(&s, SIGTERM);
	sigaddset(&s, SIGHUP);
	sigprocmask(how, &s, NULL);
}

/* ---- the stages' programs and command lines ---- */

static char selfdir[PATH_MAX];

static void
find_self(void)
{
	ssize_t n = readlink("/proc/self/exe", selfdir, sizeof selfdir - 1);
	char *slash;

	if (n <= 0) {
		selfdir[0] = '\0';
		return;
	}
	selfdir[n] = '\0';
	if ((slash = strrchr(selfdir, '/')) != NULL)
		*slash = '\0';
	else
		selfdir[0] = '\0';
}

static void
arg(struct stage *s, const char *a)
{
	if (s->argc == MAXARG)
		dk_diex(DK_EXIT_OPERAND, "too many arguments for %s", s->argv[0]);
	s->argv[s->argc++] = a;
	s->argv[s->argc] = NULL;
}

/* arg() for each argument up to a NULL. */
static void
args(struct stage *s, ...)
{
	va_list ap;
	const char *a;

	va_start(ap, s);
	while ((a = va_arg(ap, const char *)) != NULL)
		arg(s, a);
	va_end(ap);
}

/* Options every dupkit stage gets from dkdedup's own. */
static struct {
	const char *maxrec;
	int progress;
	int verbose;
} pass;

static const char *const vflags[] = { "-v", "-vv", "-vvv", "-vvvv" };

static void
stage(struct stage *s, const char *prog, int verbose)
{
	s->argc = 0;
	arg(s, prog);
	if (verbose > 0)
		arg(s, vflags[verbose > 4 ? 3 : verbose - 1]);
	if (pass.progress)
		arg(s, "--progress");
	if (pass.maxrec) {
		arg(s, "--max-record");
		arg(s, pass.maxrec);
	}
}

/* The command line of a stage, for -v and for messages. */
static void
show(const struct stage *s, int n, const char *in, const char *out)
{
	int i, j;

	if (!dk_verbose)
		return;
	fflush(stdout);
	fprintf(stderr, "%s: ", dk_progname);
	for (i = 0; i < n; i++) {
		for (j = 0; j < s[i].argc; j++)
			fprintf(stderr, "%s%s", j ? " " : i ? " | " : "", s[i].argv[j]);
	}
	if (in)
		fprintf(stderr, " <%s", in);
	fprintf(stderr, " >%s\n", out);
}

/* The stages' environment: dkdedup's, with DK_STAGE=1, so that a
 * stage that skipped records and did the rest ends with DK_EXIT_SKIPPED
 * where it would end with 1, which is also a failure's status
 * (common/stream.h, dk_exit_status). */
static char **
stage_env(void)
{
	static char **env;      /* reachable at exit */
	size_t n = 0, i, k = 0;

	if (env)
		return env;
	while (environ[n])
		n++;
	env = dk_malloc((n + 2) * sizeof *env);
	for (i = 0; i < n; i++)
		if (strncmp(environ[i], "DK_STAGE=", 9) != 0)
			env[k++] = environ[i];
	env[k++] = "DK_STAGE=1";
	env[k] = NULL;
	return env;
}

/* ---- running a pipeline ---- */

static int
spawn(const struct stage *s, int in, int out, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, dfl;
	char path[PATH_MAX + 64];
	int e, beside = 0;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO);
	posix_spawnattr_init(&at);
	sigemptyset(&none);
	sigemptyset(&dfl);
	sigaddset(&dfl, SIGINT);
	sigaddset(&dfl, SIGTERM);
	sigaddset(&dfl, SIGHUP);
	sigaddset(&dfl, SIGPIPE);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &dfl);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	if (selfdir[0]) {
		snprintf(path, sizeof path, "%s/%s", selfdir, s->argv[0]);
		beside = access(path, X_OK) == 0;
	}
	if (beside)
		e = posix_spawn(pid, path, &fa, &at, (char *const *)s->argv, stage_env());
	else
		e = posix_spawnp(pid, s->argv[0], &fa, &at, (char *const *)s->argv, stage_env());
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	return e;
}

/* Runs the n stages as a pipeline, the first reading the file in (or
 * /dev/null), the last writing the file out, made anew.  Returns 0, or
 * the status dkdedup exits with, having said which stage failed. */
static int
run(struct stage *s, int n, const char *in, const char *out)
{
	int fdin, fdout, fd[2], next, i, e, st[MAXKIDS], status = 0;
	pid_t pid;

	show(s, n, in, out);
	if ((fdin = open(in ? in : "/dev/null", O_RDONLY | O_CLOEXEC)) < 0)
		dk_die(DK_EXIT_OPERAND, "%s", in ? in : "/dev/null");
	if ((fdout = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) < 0)
		dk_die(DK_EXIT_OPERAND, "%s", out);
	for (i = 0; i < n; i++) {
		if (i < n - 1) {
			if (pipe(fd) < 0 || fcntl(fd[0], F_SETFD, FD_CLOEXEC) < 0 ||
			    fcntl(fd[1], F_SETFD, FD_CLOEXEC) < 0)
				dk_die(DK_EXIT_OPERAND, "pipe");
			next = fd[0];
		} else {
			fd[1] = fdout;
			next = -1;
		}
		block_signals(SIG_BLOCK);
		e = spawn(&s[i], fdin, fd[1], &pid);
		if (e == 0)
			kids[i] = pid;
		block_signals(SIG_UNBLOCK);
		close(fdin);
		close(fd[1]);
		fdin = next;
		if (e) {
			if (next >= 0)
				close(next);
			errno = e;
			dk_die(DK_EXIT_OPERAND, "cannot run %s", s[i].argv[0]);
		}
	}
	for (i = 0; i < n; i++) {
		while (waitpid(kids[i], &st[i], 0) < 0)
			if (errno != EINTR)
				dk_die(DK_EXIT_OPERAND, "waiting for %s", s[i].argv[0]);
		kids[i] = 0;
	}
	/* A stage that failed is named, but not one killed by SIGPIPE because
	 * a later one failed and stopped reading it. */
	for (i = n; i-- > 0;) {
		if (WIFEXITED(st[i]) && WEXITSTATUS(st[i]) == 0)
			continue;
		/* records skipped by the policy of dupkit-formats(5), as
		 * keep -o goes on past them: the job goes on, status 1 */
		if (WIFEXITED(st[i]) && WEXITSTATUS(st[i]) == DK_EXIT_SKIPPED) {
			skipped = 1;
			continue;
		}
		if (WIFSIGNALED(st[i]) && WTERMSIG(st[i]) == SIGPIPE && status)
			continue;
		if (WIFEXITED(st[i])) {
			dk_warnx("%s failed (exit status %d)", s[i].argv[0], WEXITSTATUS(st[i]));
			e = WEXITSTATUS(st[i]);
			status = e == DK_EXIT_INPUT ? DK_EXIT_INPUT : DK_EXIT_OPERAND;
		} else {
			dk_warnx("%s killed by signal %d (%s)", s[i].argv[0], WTERMSIG(st[i]),
			    strsignal(WTERMSIG(st[i])));
			status = DK_EXIT_OPERAND;
		}
	}
	return status;
}

/* ---- the job ---- */

static char *
cat(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	char *p = malloc(na + nb + 1);

	if (!p)
		dk_diex(DK_EXIT_OPERAND, "out of memory");
	memcpy(p, a, na);
	memcpy(p + na, b, nb + 1);
	return p;
}

static char *
tmpname(const char *name)
{
	char *p = cat(tmpdir, name);

	if (ntmp == (int)(sizeof tmpfile_ / sizeof tmpfile_[0]))
		dk_diex(DK_EXIT_OPERAND, "too many temporary files");
	tmpfile_[ntmp++] = p;
	return p;
}


/* IN is read more than once (signatures, the list of every document, the
 * records kept): it must be a file that reads the same each time. */
static void
check_in(const char *in)
{
	struct stat st;
	int fd = open(in, O_RDONLY);

	if (fd < 0 || fstat(fd, &st) < 0)
		dk_die(DK_EXIT_OPERAND, "%s", in);
	close(fd);
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		dk_die(DK_EXIT_OPERAND, "%s", in);
	}
	if (!S_ISREG(st.st_mode))
		dk_diex(DK_EXIT_OPERAND, "%s: not a regular file (IN is read more than once)", in);
}

/* ---- the summary ---- */

/* Records of a stream file whose last field satisfies want(); every
 * record when want is NULL. */
static unsigned long long
count(const char *path, int (*want)(dk_str last))
{
	dk_reader *r = dk_reader_open(path);
	unsigned long long n = 0;
	dk_str line, last;
	char *tab;

	if (!r)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	while (dk_read_line(r, &line)) {
		if (!want) {
			n++;
			continue;
		}
		for (tab = line.p + line.n; tab > line.p && tab[-1] != '\t'; tab--)
			;
		last.p = tab;
		last.n = line.n - (size_t)(tab - line.p);
		n += want(last) != 0;
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
	return n;
}

/* A document with no signature, or marked !short: never matched, kept. */
static int
too_short(dk_str sigs)
{
	return sigs.n == 0 || (sigs.n >= 6 && memcmp(sigs.p, "!short", 6) == 0);
}

/* The ID, checksum and signature field of line, a record of spotsig
 * --checksum (ID TAB ... TAB SUM TAB SIGS, whatever columns the document
 * stream carries between), read from sigs by r. */
static void
split_sigs(const char *sigs, dk_reader *r, dk_str line, dk_str *id, dk_str *sum, dk_str *last)
{
	char *t1, *t2, *t3;

	/* t1, t2 and t3: the tabs after the ID, before SUM and before SIGS */
	for (t3 = line.p + line.n; t3 > line.p && t3[-1] != '\t'; t3--)
		;
	for (t2 = t3 - 1; t2 > line.p && t2[-1] != '\t'; t2--)
		;
	t1 = memchr(line.p, '\t', line.n);
	if (t3 <= line.p || t2 <= line.p || !t1 || t1 >= t2)
		dk_die_at(sigs, dk_reader_lineno(r), "no checksum column");
	t3--;
	t2--;
	*id = (dk_str){ line.p, (size_t)(t1 - line.p) };
	*sum = (dk_str){ t2 + 1, (size_t)(t3 - t2 - 1) };
	*last = (dk_str){ t3 + 1, line.n - (size_t)(t3 + 1 - line.p) };
}

/* Exact copies too short to judge: spotsig --checksum gave each document
 * the SHA-1 of its text (the field before the signatures, whatever
 * columns the document stream carries before it), and a short
 * document whose text an earlier one has is its copy whatever it holds,
 * so the pair (first, copy, 1) is added to the pairs at path pairs (the
 * others spotmatch found: identical signatures, at 1).  Returns the short
 * documents left unjudged, the first of their text. */
static unsigned long long
exact_short(const char *sigs, const char *pairs)
{
	dk_reader *r = dk_reader_open(sigs);
	FILE *fp = fopen(pairs, "a");
	dk_intern sums;
	DK_VEC(char) ids = { 0 };
	DK_VEC(size_t) at = { 0 };
	unsigned long long n = 0;
	dk_str line, id, sum, last;
	uint32_t k;
	int isnew;

	if (!r)
		dk_die(DK_EXIT_OPERAND, "%s", sigs);
	if (!fp)
		dk_die(DK_EXIT_OPERAND, "%s", pairs);
	dk_intern_init(&sums, 0);
	while (dk_read_line(r, &line)) {
		split_sigs(sigs, r, line, &id, &sum, &last);
		if (!too_short(last))
			continue;
		k = dk_intern_id(&sums, sum.p, sum.n, &isnew);
		if (isnew) {
			DK_PUSH(&at, ids.n);
			DK_GROW(&ids, ids.n + id.n);
			memcpy(ids.v + ids.n, id.p, id.n);
			ids.n += id.n;
			n++;
			continue;
		}
		fprintf(fp, "%.*s\t%.*s\t1.000000\n",
		    (int)((k + 1 < at.n ? at.v[k + 1] : ids.n) - at.v[k]), ids.v + at.v[k],
		    (int)id.n, id.p);
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
	if (ferror(fp) | fclose(fp))
		dk_die(DK_EXIT_OPERAND, "%s", pairs);
	dk_intern_free(&sums);
	free(ids.v);
	free(at.v);
	return n;
}

/* The exact copies among the removed: the lines of the removal report
 * (ID KEPT SIM WITH LABEL, dkcluster(1)) whose ID and KEPT have one text,
 * by the SHA-1 of spotsig --checksum in sigs.  (A SIM of 1 is not enough:
 * two texts may differ where no signature is.) */
static unsigned long long
count_exact(const char *sigs, const char *removed)
{
	dk_reader *r = dk_reader_open(sigs);
	dk_intern ids;
	DK_VEC(dk_str) sums = { 0 };
	unsigned long long n = 0;
	dk_str line, id, sum, last, kept;
	char *t1, *t2;
	uint32_t a, b;
	int isnew;

	if (!r)
		dk_die(DK_EXIT_OPERAND, "%s", sigs);
	dk_intern_init(&ids, 0);
	while (dk_read_line(r, &line)) {
		split_sigs(sigs, r, line, &id, &sum, &last);
		(void)dk_intern_id(&ids, id.p, id.n, &isnew);
		if (isnew)      /* IDs are unique: spotsig checked them */
			DK_PUSH(&sums, ((dk_str){ dk_memdup(sum.p, sum.n), sum.n }));
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
	if (!(r = dk_reader_open(removed)))
		dk_die(DK_EXIT_OPERAND, "%s", removed);
	while (dk_read_line(r, &line)) {
		t1 = memchr(line.p, '\t', line.n);
		t2 = t1 ? memchr(t1 + 1, '\t', line.n - (size_t)(t1 + 1 - line.p)) : NULL;
		if (!t2)
			dk_die_at(removed, dk_reader_lineno(r), "not a removal report line");
		id = (dk_str){ line.p, (size_t)(t1 - line.p) };
		kept = (dk_str){ t1 + 1, (size_t)(t2 - t1 - 1) };
		a = dk_intern_find(&ids, id.p, id.n);
		b = dk_intern_find(&ids, kept.p, kept.n);
		n += a != UINT32_MAX && b != UINT32_MAX && sums.v[a].n == sums.v[b].n &&
		    memcmp(sums.v[a].p, sums.v[b].p, sums.v[a].n) == 0;
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
	for (a = 0; a < sums.n; a++)
		free(sums.v[a].p);
	free(sums.v);
	dk_intern_free(&ids);
	return n;
}

/* The pair of rec (ID1 TAB ID2 TAB SIM, from the file path), as interned
 * numbers in ids (added when new), smaller first, in key. */
static void
pair_key(const char *path, dk_reader *r, dk_intern *ids, const dk_record *rec, uint32_t key[2])
{
	const char *msg;
	uint32_t a, b;
	dk_pair p;
	int isnew;

	if ((msg = dk_parse_pair(rec, &p)) != NULL)
		dk_die_at(path, dk_reader_lineno(r), "%s", msg);
	a = dk_intern_id(ids, p.id1.p, p.id1.n, &isnew);
	b = dk_intern_id(ids, p.id2.p, p.id2.n, &isnew);
	key[0] = a < b ? a : b;
	key[1] = a < b ? b : a;
}

/* The truncated copies: to the pairs at path pairs (Jaccard's), the pairs
 * of contained (spotmatch -M containment, whose --min-shared already
 * bounds the shared mass) whose shorter document holds at least ratio of
 * the longer one's signature mass (by the signatures at path sigs), and
 * that are not there yet.  Returns the pairs added. */
static unsigned long long
add_contained(const char *sigs, const char *pairs, const char *contained, double ratio)
{
	dk_reader *r = dk_reader_open(sigs);
	dk_intern ids, seen;
	DK_VEC(double) mass = { 0 };
	unsigned long long n = 0;
	dk_str line, id, sum, last;
	dk_sigs parsed = { 0 };
	dk_record rec = { 0 };
	const char *msg;
	uint32_t key[2];
	double lo, hi;
	FILE *fp;
	int isnew;

	if (!r)
		dk_die(DK_EXIT_OPERAND, "%s", sigs);
	dk_intern_init(&ids, 0);
	dk_intern_init(&seen, 0);
	while (dk_read_line(r, &line)) {
		split_sigs(sigs, r, line, &id, &sum, &last);
		(void)dk_intern_id(&ids, id.p, id.n, &isnew);
		if (!isnew)     /* IDs are unique: spotsig checked them */
			continue;
		/* the multiset size, as spotmatch's measures count it */
		if (too_short(last))
			DK_PUSH(&mass, 0);
		else if ((msg = dk_parse_sigs(last, &parsed)) != NULL)
			dk_die_at(sigs, dk_reader_lineno(r), "%s", msg);
		else
			DK_PUSH(&mass, (double)parsed.size);
	}
	dk_sigs_free(&parsed);
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
	if (!(r = dk_reader_open(pairs)))
		dk_die(DK_EXIT_OPERAND, "%s", pairs);
	while (dk_read_record(r, &rec, 2)) {
		pair_key(pairs, r, &ids, &rec, key);
		(void)dk_intern_id(&seen, (const char *)key, sizeof key, &isnew);
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
	if (!(r = dk_reader_open(contained)))
		dk_die(DK_EXIT_OPERAND, "%s", contained);
	if (!(fp = fopen(pairs, "a")))
		dk_die(DK_EXIT_OPERAND, "%s", pairs);
	while (dk_read_record(r, &rec, 2)) {
		pair_key(contained, r, &ids, &rec, key);
		if (key[1] >= mass.n)
			dk_die_at(contained, dk_reader_lineno(r), "not a pair of the signatures");
		lo = mass.v[key[0]] < mass.v[key[1]] ? mass.v[key[0]] : mass.v[key[1]];
		hi = mass.v[key[0]] < mass.v[key[1]] ? mass.v[key[1]] : mass.v[key[0]];
		/* the quotient, as spotmatch compares its measures with TAU */
		if (hi <= 0 || lo / hi < ratio)
			continue;
		(void)dk_intern_id(&seen, (const char *)key, sizeof key, &isnew);
		if (!isnew)
			continue;
		fprintf(fp, "%.*s\n", (int)rec.line.n, rec.line.p);
		n++;
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
	if (ferror(fp) | fclose(fp))
		dk_die(DK_EXIT_OPERAND, "%s", pairs);
	dk_record_free(&rec);
	free(mass.v);
	dk_intern_free(&ids);
	dk_intern_free(&seen);
	return n;
}

/* The closing summary, after keep's own line: what was kept, what was
 * removed and how, and what could not be judged at all. */
static void
summary(unsigned long long nshort, const char *sigs, const char *keep, const char *removed,
    const char *out)
{
	unsigned long long nkeep = count(keep, NULL), nrem = count(removed, NULL);
	unsigned long long nexact = count_exact(sigs, removed);
	unsigned long long n = nkeep + nrem;

	fprintf(stderr, "%s: %llu documents, %llu kept, %llu removed (%llu exact %s, "
	    "%llu near %s: see %s.removed), %llu too short to judge (kept)\n",
	    dk_progname, n, nkeep, nrem, nexact, nexact == 1 ? "copy" : "copies",
	    nrem - nexact, nrem - nexact == 1 ? "copy" : "copies", out, nshort);
}

/* The files of a job: the corpus, its format and JSON members (json: as
 * spotsig --json takes them), and the temporaries each stage writes (docs
 * is in for a document stream and JSON Lines, which spotsig reads). */
struct files {
	int fmt;
	const char *in, *id, *text, *json, *tau, *minshared, *dense, *idf, *agree, *quoted,
	    *keeprule, *threads;
	const char *contain, *containmin;       /* NULL: no containment pass */
	double containratio;
	const char *docs, *sigs, *pairs, *contained, *keep, *removed, *result;
	unsigned long long nshort;      /* too short to judge, kept */
};

/* Runs the stages one after the other; the status of the first that
 * failed, or 0. */
static int
job(struct files *f)
{
	struct stage s[1];
	int status = 0;

	/* The document stream (spotsig reads JSON Lines itself). */
	if (f->fmt == FMT_WARC) {
		stage(&s[0], "htmlstrip", pass.verbose);
		args(&s[0], "--main", "--warc", f->in, (char *)NULL);
		status = run(s, 1, NULL, f->docs);
	}
	/* The signatures (kept in a file: the summary counts the documents
	 * too short to judge, which spotsig -m marks as spotmatch
	 * --min-shared leaves them apart), then the pairs. */
	if (!status) {
		stage(&s[0], "spotsig", pass.verbose);
		if (f->fmt == FMT_JSONL)
			args(&s[0], "--json", f->json, (char *)NULL);
		args(&s[0], "--checksum", "--idf", f->idf, "--agree", f->agree, "--quoted",
		    f->quoted, "-m", f->minshared, "--dense", f->dense, f->docs, (char *)NULL);
		status = run(s, 1, NULL, f->sigs);
	}
	if (!status) {
		stage(&s[0], "spotmatch", pass.verbose);
		args(&s[0], "-t", f->tau, "--min-shared", f->minshared, (char *)NULL);
		if (f->threads)
			args(&s[0], "-j", f->threads, (char *)NULL);
		args(&s[0], f->sigs, (char *)NULL);
		status = run(s, 1, NULL, f->pairs);
	}
	/* The truncated copies: a second pass by containment, its pairs
	 * added when the shorter document is long enough (its --min-shared)
	 * and holds enough of the longer one's signatures. */
	if (!status && f->contain) {
		stage(&s[0], "spotmatch", pass.verbose);
		args(&s[0], "-M", "containment", "-t", f->contain, "--min-shared", f->containmin,
		    (char *)NULL);
		if (f->threads)
			args(&s[0], "-j", f->threads, (char *)NULL);
		args(&s[0], f->sigs, (char *)NULL);
		status = run(s, 1, NULL, f->contained);
		if (!status)
			(void)add_contained(f->sigs, f->pairs, f->contained, f->containratio);
	}
	if (!status)
		f->nshort = exact_short(f->sigs, f->pairs);
	/* The keep list, and the removal report. */
	if (!status) {
		stage(&s[0], "dkcluster", pass.verbose);
		if (f->fmt == FMT_JSONL)
			args(&s[0], "--json", f->json, (char *)NULL);
		args(&s[0], "-a", f->docs, "--keep", f->keeprule, "--representatives",
		    "--removed", f->removed, f->pairs, (char *)NULL);
		status = run(s, 1, NULL, f->keep);
	}
	/* The records kept; keep's -v statistics close the job. */
	if (!status) {
		stage(&s[0], "keep", pass.verbose ? pass.verbose : 1);
		if (f->fmt == FMT_JSONL)
			args(&s[0], "--json", f->id, (char *)NULL);
		else if (f->fmt == FMT_WARC)
			args(&s[0], "--warc", (char *)NULL);
		args(&s[0], f->keep, f->in, (char *)NULL);
		status = run(s, 1, NULL, f->result);
	}
	return status;
}

/* The temporaries, in a directory beside OUT (so that each is renamed
 * within one file system), all named before the signals are caught. */
static void
make_temps(const char *out, struct files *f)
{
	struct sigaction sa;
	char *t;

	tmpdir = cat(out, ".dkdedup.XXXXXX");
	if (!mkdtemp(tmpdir)) {
		int e = errno;

		free(tmpdir);
		tmpdir = NULL;
		errno = e;
		dk_die(DK_EXIT_OPERAND, "%s: cannot make a temporary directory beside it", out);
	}
	t = cat(tmpdir, "/");
	free(tmpdir);
	tmpdir = t;
	f->sigs = tmpname("sigs");
	f->pairs = tmpname("pairs");
	f->contained = tmpname("contained");
	f->keep = tmpname("keep");
	f->removed = tmpname("removed");
	f->result = tmpname("out");
	f->docs = f->fmt == FMT_WARC ? tmpname("docs") : f->in;
	tmpdir[strlen(tmpdir) - 1] = '\0';
	atexit(cleanup);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* Every stage succeeded: the results take their names, none of them
 * interrupted half-way, and the temporaries go. */
static void
finish(const char *out, const struct files *f)
{
	static const char *const ext[] = { ".pairs", ".keep", ".removed", "" };
	const char *from[] = { f->pairs, f->keep, f->removed, f->result };
	char *to[4];
	int i;

	for (i = 0; i < 4; i++)
		to[i] = cat(out, ext[i]);
	block_signals(SIG_BLOCK);
	for (i = 0; i < 4; i++)
		if (rename(from[i], to[i]) < 0)
			dk_die(DK_EXIT_OPERAND, "%s", to[i]);
	for (i = 0; i < ntmp; i++)
		unlink(tmpfile_[i]);
	if (rmdir(tmpdir) < 0)
		dk_warn("%s", tmpdir);
	done = 1;
	block_signals(SIG_UNBLOCK);
	for (i = 0; i < 4; i++)
		free(to[i]);
}

/* OUT must be a name a file can take. */
static void
check_out(const char *out)
{
	struct stat st;

	if (*out == '\0')
		dk_diex(DK_EXIT_OPERAND, "OUT is empty");
	if (stat(out, &st) == 0 && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		dk_die(DK_EXIT_OPERAND, "%s", out);
	}
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		{ "json", required_argument, NULL, OPT_JSON },
		{ "min-shared", required_argument, NULL, OPT_MINSHARED },
		{ "dense", required_argument, NULL, OPT_DENSE },
		{ "idf", required_argument, NULL, OPT_IDF },
		{ "agree", required_argument, NULL, OPT_AGREE },
		{ "quoted", required_argument, NULL, OPT_QUOTED },
		{ "contain", required_argument, NULL, OPT_CONTAIN },
		{ "contain-min", required_argument, NULL, OPT_CONTAINMIN },
		{ "contain-ratio", required_argument, NULL, OPT_CONTAINRATIO },
		{ "keep", required_argument, NULL, OPT_KEEP },
		{ NULL, 0, NULL, 0 }
	};
	struct files f = { .tau = DK_TAU, .minshared = DK_MIN_SHARED, .idf = DK_IDF, .agree = DK_AGREE,
		.quoted = DK_QUOTED, .keeprule = "first", .dense = DK_DENSE, .id = "id", .text = "text",
		.json = "id,text", .containratio = 0.5 };
	const char *json = NULL, *out;
	char *id = NULL, *comma;
	int ch, status, i, containset = 0, ratioset = 0;

	dk_cli_init(argc, argv);
	/* the stages' standard streams are 0, 1 and 2: none may be a file
	 * opened here */
	for (i = 0; i < 3; i++)
		if (fcntl(i, F_GETFD) < 0 && open("/dev/null", O_RDWR) != i)
			dk_die(DK_EXIT_OPERAND, "/dev/null");
	while ((ch = getopt_long(argc, argv, "hj:t:v", longopts, NULL)) != -1) {
		switch (ch) {
		case 't':
			dk_parse_threshold(optarg);
			f.tau = optarg;
			break;
		case 'j':
			dk_cli_common(ch, optarg, &usage);
			f.threads = optarg;
			break;
		case OPT_JSON: json = optarg; break;
		case OPT_MINSHARED:
			dk_parse_int(optarg, 1, UINT32_MAX, "--min-shared");
			f.minshared = optarg;
			break;
		case OPT_DENSE:
			dk_parse_int(optarg, 0, 1000000, "--dense");
			f.dense = optarg;
			break;
		case OPT_IDF: f.idf = optarg; break;
		case OPT_AGREE:
			dk_parse_double(optarg, 0, 1, "--agree");
			f.agree = optarg;
			break;
		case OPT_QUOTED:
			dk_parse_quoted(optarg);
			f.quoted = optarg;
			break;
		case OPT_CONTAIN:
			f.contain = dk_parse_double(optarg, 0, 1, "--contain") > 0 ? optarg : NULL;
			containset = 1;
			break;
		case OPT_CONTAINMIN:
			dk_parse_int(optarg, 1, UINT32_MAX, "--contain-min");
			f.containmin = optarg;
			break;
		case OPT_CONTAINRATIO:
			f.containratio = dk_parse_double(optarg, 0, 1, "--contain-ratio");
			ratioset = 1;
			break;
		case OPT_KEEP:
			f.keeprule = keeps[dk_parse_choice(optarg, "--keep", keeps)];
			break;
		case DK_OPT_MAXREC:
			dk_cli_common(ch, optarg, &usage);
			pass.maxrec = optarg;
			break;
		case DK_OPT_PROGRESS:
			pass.progress = 1;
			break;
		default: dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 3)
		dk_usage(&usage);
	f.fmt = dk_parse_choice(argv[0], "the format", formats);
	f.in = argv[1];
	out = argv[2];
	if (json) {
		if (f.fmt != FMT_JSONL)
			dk_diex(DK_EXIT_INPUT, "--json names the members of JSON Lines: "
			    "give it with the format jsonl");
		id = cat(json, "");
		if ((comma = strchr(id, ',')) != NULL) {
			*comma = '\0';
			f.text = comma + 1;
		}
		if (!*id || !*f.text)
			dk_diex(DK_EXIT_INPUT, "--json is '%s': want ID,TEXT, two member names", json);
		f.id = id;
		f.json = json;
	}
	/* the guards of a pass that was never asked for would do nothing */
	if ((f.containmin || ratioset) && !containset)
		dk_diex(DK_EXIT_INPUT, "%s needs --contain",
		    f.containmin ? "--contain-min" : "--contain-ratio");
	if (!f.containmin)
		f.containmin = f.minshared;
	pass.verbose = dk_verbose;
	check_in(f.in);
	check_out(out);
	find_self();

	make_temps(out, &f);
	if ((status = job(&f)) != 0) {
		dk_warnx("%s: not written", out);
		exit(status);
	}
	summary(f.nshort, f.sigs, f.keep, f.removed, out);
	finish(out, &f);
	free(id);
	if (skipped)
		dk_warnx("%s: written without the records skipped above", out);
	return dk_exit_status(skipped ? DK_EXIT_OPERAND : DK_EXIT_OK);
}
