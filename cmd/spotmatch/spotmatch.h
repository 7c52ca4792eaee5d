/* Entry points of spotmatch's two modes, and the pair writer they share. */
#ifndef SPOTMATCH_H
#define SPOTMATCH_H

#include "stream.h"

/* Streaming detection over a sliding window (--window); window.c. */
int spotmatch_window(int argc, char **argv);

/* The one pair writer of every mode: "ID1 TAB ID2 TAB SIM" on standard
 * output (the caller flushes). */
static inline void
sm_write_pair(const char *a, size_t an, const char *b, size_t bn, double sim)
{
	dk_buf_bytes(&dk_out, a, an);
	dk_buf_char(&dk_out, '\t');
	dk_buf_bytes(&dk_out, b, bn);
	dk_buf_char(&dk_out, '\t');
	dk_buf_sim(&dk_out, sim);
	dk_buf_char(&dk_out, '\n');
}

#endif
