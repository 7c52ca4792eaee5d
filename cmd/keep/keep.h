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

	/* the corpus: every ID read, and where, to refuse a repeated one */
	dk_intern seen;
	DK_VEC(unsigned long) where;     /* line (or WARC offset) of each */
	DK_VEC(unsigned) whichfile;      /* index of its file in files */
	DK_VEC(const char *) files;

	size_t field;                    /* -f: the ID column, from 1 */
	const char *json;                /* --json FIELD */
	int warc;                        /* --warc */
	int allow_empty;                 /* --allow-empty */
	unsigned long long n, kept, blank;
	unsigned long long skipped;      /* records over a limit, each named */
	dk_buf id;                       /* the ID of the record at hand */
};

/* main.c: whether the ID of the record at line at is on the list, counted
 * in n and kept; a repeated ID in the corpus is fatal, "FILE:LINE: ID x
 * already at line N". */
int keep_id(struct keep *k, const char *file, unsigned long at, const char *id, size_t n);
/* An empty list and a corpus that is not (a record read) is fatal unless
 * --allow-empty. */
void keep_nonempty(const struct keep *k);
/* The index of id on the list, marked found, or UINT32_MAX. */
uint32_t keep_listed(struct keep *k, const char *id, size_t n);

/* Records of r the reader skipped, over --max-record (it names each, and
 * counts it in its line numbers): those it numbered but did not return,
 * returned being the lines it returned. */
void keep_skipped(struct keep *k, const dk_reader *r, unsigned long returned);

/* lines.c: a TSV stream or JSON Lines on r. */
void keep_tsv(struct keep *k, dk_reader *r);
void keep_jsonl(struct keep *k, dk_reader *r);
void keep_jsonl_end(void);

/* warc.c: a WARC file, plain or .warc.gz, in memory; returns 0, or
 * DK_EXIT_OPERAND when a record over --max-record was skipped (counted in
 * skipped).  Damage is fatal. */
int keep_warc(struct keep *k, const char *name, const unsigned char *p, size_t n);

#endif
