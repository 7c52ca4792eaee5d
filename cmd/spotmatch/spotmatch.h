/* Entry points of spotmatch's two modes. */
#ifndef SPOTMATCH_H
#define SPOTMATCH_H

/* Streaming detection over a sliding window (--window); window.c. */
int spotmatch_window(int argc, char **argv);

#endif
