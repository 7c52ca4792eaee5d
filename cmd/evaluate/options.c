/* evaluate's options: set by main.c from the command line, read by the
 * files that do the job. */
#include "evaluate.h"

struct evopts opt = { .tau = -1, .step = 50000, .method = -1 };
