#include "dk.h"
#include "spotmatch.h"

/* The --window mode is being written (issue 8); until then it refuses. */
int
spotmatch_window(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	dk_diex(DK_EXIT_INPUT, "--window is not implemented yet");
}
