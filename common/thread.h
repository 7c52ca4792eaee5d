/* Running work on several threads. */
#ifndef DK_THREAD_H
#define DK_THREAD_H

#include <stddef.h>

/* Runs fn(ctx, tid) for tid = 0 .. n-1, tid 0 on the calling thread, and
 * waits for all.  n <= 1 runs fn(ctx, 0) directly. */
void dk_parallel(int n, void (*fn)(void *ctx, int tid), void *ctx);

/* A shared counter handing out work items 0, 1, 2 ... to threads. */
typedef struct {
	size_t next;
} dk_counter;

/* Claims the next chunk of up to `chunk` items below `limit`; returns its
 * start, or limit when none is left. */
size_t dk_counter_take(dk_counter *c, size_t chunk, size_t limit);

#endif
