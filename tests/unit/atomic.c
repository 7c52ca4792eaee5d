/* dk_atomic (common/file.h): a file written whole or not at all, in a
 * scratch directory of its own. */
#include "dk.h"
#include "tap.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[] = "/tmp/dk-atomic-XXXXXX";

/* The names in dir, sorted, joined by spaces. */
static const char *
names(void)
{
	static char out[1024];
	struct dirent **e;
	int i, n = scandir(dir, &e, NULL, alphasort);

	out[0] = '\0';
	for (i = 0; i < n; i++) {
		if (strcmp(e[i]->d_name, ".") != 0 && strcmp(e[i]->d_name, "..") != 0) {
			if (out[0])
				strcat(out, " ");
			strncat(out, e[i]->d_name, sizeof out - strlen(out) - 2);
		}
		free(e[i]);
	}
	free(e);
	return out;
}

static const char *
content(const char *path)
{
	static char buf[256];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return "(absent)";
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	buf[n < 0 ? 0 : n] = '\0';
	return buf;
}

static void
is(const char *got, const char *want, const char *name)
{
	tap_is_mem(got, strlen(got), want, strlen(want), name);
}

static void
put(int fd, const char *s)
{
	if (write(fd, s, strlen(s)) != (ssize_t)strlen(s))
		abort();
}

int
main(void)
{
	char out[64], dev[] = "/dev/null";
	struct stat st;
	dk_atomic a;
	int fd, status;
	pid_t pid;

	tap_plan(12);
	if (!mkdtemp(dir))
		abort();
	snprintf(out, sizeof out, "%s/out", dir);

	fd = dk_atomic_open(&a, out);
	put(fd, "new\n");
	tap_ok(strncmp(names(), ".out.tmp.", 9) == 0 && strlen(names()) == 15,
	    "while written: only the temporary file, hidden, beside OUT (%s)", names());
	tap_ok(dk_atomic_commit(&a) == 0, "commit");
	is(content(out), "new\n", "committed: OUT holds the bytes");
	is(names(), "out", "committed: no temporary file left");
	tap_ok(stat(out, &st) == 0 && (st.st_mode & 0777) == (0666 & ~(unsigned)umask(022)),
	    "a new file's mode is 0666 less the umask");

	chmod(out, 0640);
	fd = dk_atomic_open(&a, out);
	put(fd, "lost\n");
	dk_atomic_abort(&a);
	is(content(out), "new\n", "aborted: OUT untouched");
	is(names(), "out", "aborted: no temporary file left");

	fd = dk_atomic_open(&a, out);
	put(fd, "replaced\n");
	dk_atomic_commit(&a);
	tap_ok(stat(out, &st) == 0 && (st.st_mode & 0777) == 0640 &&
	    strcmp(content(out), "replaced\n") == 0, "a replaced file keeps its mode");

	/* A process that dies of a signal, or exits, before the commit. */
	if ((pid = fork()) == 0) {
		put(dk_atomic_open(&a, out), "killed\n");
		raise(SIGTERM);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	tap_ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
	    "SIGTERM before the commit: the process still dies of it");
	tap_ok(strcmp(content(out), "replaced\n") == 0 && strcmp(names(), "out") == 0,
	    "SIGTERM before the commit: OUT untouched, no temporary file");
	if ((pid = fork()) == 0) {
		put(dk_atomic_open(&a, out), "exited\n");
		exit(2);
	}
	waitpid(pid, &status, 0);
	tap_ok(WIFEXITED(status) && strcmp(content(out), "replaced\n") == 0 &&
	    strcmp(names(), "out") == 0, "exit before the commit: OUT untouched, no temporary file");

	tap_ok(dk_atomic_open(&a, dev) < 0 && errno == EINVAL, "a device is refused");

	unlink(out);
	rmdir(dir);
	return tap_done(12);
}
