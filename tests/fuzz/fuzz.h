/* Shared by the libFuzzer targets (tests/fuzz/fuzz_*.c, built by `make fuzz`).
 *
 * A target drives the code a program runs on its input, never a path that
 * exits: parsers report bad input by returning a message.  What a program
 * would write to standard output goes to /dev/null. */
#ifndef DK_FUZZ_H
#define DK_FUZZ_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE     /* memfd_create */
#endif
#include "dk.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static inline void
fuzz_quiet_stdout(void)
{
	int fd = open("/dev/null", O_WRONLY);

	if (fd >= 0 && fd != STDOUT_FILENO) {
		dup2(fd, STDOUT_FILENO);
		close(fd);
	}
}

/* The usual LLVMFuzzerInitialize: standard output to /dev/null. */
#define FUZZ_QUIET_INITIALIZE \
	int LLVMFuzzerInitialize(int *argc, char ***argv) \
	{ \
		(void)argc, (void)argv; \
		fuzz_quiet_stdout(); \
		return 0; \
	}

/* A failed property: abort, so libFuzzer keeps the input. */
#define FUZZ_CHECK(cond) do { if (!(cond)) { \
	fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
	abort(); } } while (0)

/* A reader over a copy of data, through a memory file. */
static inline dk_reader *
fuzz_reader(const uint8_t *data, size_t size)
{
	int fd = memfd_create("fuzz", 0);

	FUZZ_CHECK(fd >= 0);
	FUZZ_CHECK(size == 0 || write(fd, data, size) == (ssize_t)size);
	FUZZ_CHECK(lseek(fd, 0, SEEK_SET) == 0);
	return dk_reader_fd(fd, "fuzz");
}

#endif
