/* dkdedup's stages as child processes: the programs found beside dkdedup's
 * own executable first, then on PATH; their command lines, shown by -v;
 * the pipelines run, each exit status read; and the temporaries, in one
 * directory beside OUT, removed by the exit and signal handlers unless
 * the job committed them. */
#include "dkdedup.h"
#include "mem.h"
#include "msg.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* What the signal handler and the exit handler clean up: the children
 * running, the temporary files (all named before the first is made) and
 * their directory.  done is set once everything is renamed. */
#define MAXKIDS 4
static volatile pid_t kids[MAXKIDS];
static char *tmpdir;
static char *tmpfile_[16];
static int ntmp;
static volatile sig_atomic_t done;
int dd_skipped;

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

void
dd_find_self(void)
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
void
dd_args(struct stage *s, ...)
{
	va_list ap;
	const char *a;

	va_start(ap, s);
	while ((a = va_arg(ap, const char *)) != NULL)
		arg(s, a);
	va_end(ap);
}

struct dd_pass dd_pass;

static const char *const vflags[] = { "-v", "-vv", "-vvv", "-vvvv" };

void
dd_stage(struct stage *s, const char *prog, int verbose)
{
	s->argc = 0;
	arg(s, prog);
	if (verbose > 0)
		arg(s, vflags[verbose > 4 ? 3 : verbose - 1]);
	if (dd_pass.progress)
		arg(s, "--progress");
	if (dd_pass.maxrec) {
		arg(s, "--max-record");
		arg(s, dd_pass.maxrec);
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
int
dd_run(struct stage *s, int n, const char *in, const char *out)
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
			dd_skipped = 1;
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

/* ---- names ---- */

char *
dd_cat(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	char *p = malloc(na + nb + 1);

	if (!p)
		dk_diex(DK_EXIT_OPERAND, "out of memory");
	memcpy(p, a, na);
	memcpy(p + na, b, nb + 1);
	return p;
}

char *
dd_tmpname(const char *name)
{
	char *p = dd_cat(tmpdir, name);

	if (ntmp == (int)(sizeof tmpfile_ / sizeof tmpfile_[0]))
		dk_diex(DK_EXIT_OPERAND, "too many temporary files");
	tmpfile_[ntmp++] = p;
	return p;
}

/* ---- the temporaries ---- */

void
dd_temps_open(const char *out)
{
	char *t;

	tmpdir = dd_cat(out, ".dkdedup.XXXXXX");
	if (!mkdtemp(tmpdir)) {
		int e = errno;

		free(tmpdir);
		tmpdir = NULL;
		errno = e;
		dk_die(DK_EXIT_OPERAND, "%s: cannot make a temporary directory beside it", out);
	}
	t = dd_cat(tmpdir, "/");
	free(tmpdir);
	tmpdir = t;
}

void
dd_temps_watch(void)
{
	struct sigaction sa;

	tmpdir[strlen(tmpdir) - 1] = '\0';
	atexit(cleanup);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

void
dd_temps_commit(int n, const char *const *from, char *const *to)
{
	int i;

	block_signals(SIG_BLOCK);
	for (i = 0; i < n; i++)
		if (rename(from[i], to[i]) < 0)
			dk_die(DK_EXIT_OPERAND, "%s", to[i]);
	for (i = 0; i < ntmp; i++)
		unlink(tmpfile_[i]);
	if (rmdir(tmpdir) < 0)
		dk_warn("%s", tmpdir);
	done = 1;
	block_signals(SIG_UNBLOCK);
}
