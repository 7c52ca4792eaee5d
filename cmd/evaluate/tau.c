/* evaluate: thresholds and SIMs as its tables and --histogram write them
 * (main.c and hist.c both, so in a file of its own). */
#include "evaluate.h"

#include <stdio.h>

void
put_tau(char *buf, size_t size, int64_t tau)
{
	int len;

	len = snprintf(buf, size, "%d.%06d", (int)(tau / MICRO), (int)(tau % MICRO));
	while (len > 4 && buf[len - 1] == '0')
		buf[--len] = '\0';
}
