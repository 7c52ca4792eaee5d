/* keep: the records of a corpus whose IDs are on a keep list, in the
 * corpus's own format (a TSV stream, JSON Lines or WARC), order and bytes
 * unchanged. */
#ifndef KEEP_H
#define KEEP_H

#include "dk.h"

enum { MISSING_WARN, MISSING_ERROR, MISSING_IGNORE };

struct keep {
	/* the keep list: its IDs, and for each whether the corpus had it */
	dk_intern list;
	DK_VEC(unsigned char) found;
	DK_VEC(unsigned long) listline;
	const char *listname;

	int warc;                        /* --warc */
	int allow_empty;                 /* --allow-empty */
	unsigned long long n, kept, blank;
	unsigned long long skipped;      /* records over a limit, each named */
};

/* The corpus's IDs are checked once each, a repeat being fatal, in
 * dk_input_ids (common/ids.h), by the corpus reader and by warc.c. */

/* list.c: the keep list of path, one ID a line (fatal when it is not
 * one). */
void keep_read_list(struct keep *k, const char *path);
/* An empty list and a corpus that is not (a record read) is fatal unless
 * --allow-empty. */
void keep_nonempty(const struct keep *k);
/* The index of id on the list, marked found, or UINT32_MAX. */
uint32_t keep_listed(struct keep *k, const char *id, size_t n);
/* The IDs of the list the corpus did not have, by --missing's action
 * (MISSING_*): the exit status they give. */
int keep_missing(struct keep *k, int action);

/* lines.c: a TSV stream or JSON Lines on r (dk_corpus says which, and the
 * ID's column or member), the kept records on standard output. */
void keep_lines(struct keep *k, dk_reader *r);

/* warc.c: a WARC file, plain or .warc.gz, in memory; returns 0, or
 * DK_EXIT_OPERAND when a record over --max-record was skipped (counted in
 * skipped).  Damage is fatal. */
int keep_warc(struct keep *k, const char *name, const unsigned char *p, size_t n);

#endif
