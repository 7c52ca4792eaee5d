#include "thread.h"
#include "mem.h"
#include "msg.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

struct job {
	void (*fn)(void *, int);
	void *ctx;
	int tid;
};

static void *
run(void *arg)
{
	struct job *j = arg;

	j->fn(j->ctx, j->tid);
	return NULL;
}

void
dk_parallel(int n, void (*fn)(void *ctx, int tid), void *ctx)
{
	pthread_t *th;
	struct job *jobs;
	int i, e;

	if (n <= 1) {
		fn(ctx, 0);
		return;
	}
	th = dk_calloc((size_t)n, sizeof *th);
	jobs = dk_calloc((size_t)n, sizeof *jobs);
	for (i = 1; i < n; i++) {
		jobs[i] = (struct job){ fn, ctx, i };
		if ((e = pthread_create(&th[i], NULL, run, &jobs[i])) != 0) {
			errno = e;
			dk_die(DK_EXIT_OPERAND, "cannot start a thread");
		}
	}
	fn(ctx, 0);
	for (i = 1; i < n; i++)
		pthread_join(th[i], NULL);
	free(th);
	free(jobs);
}

size_t
dk_counter_take(dk_counter *c, size_t chunk, size_t limit)
{
	size_t start = __atomic_fetch_add(&c->next, chunk, __ATOMIC_RELAXED);

	return start < limit ? start : limit;
}
