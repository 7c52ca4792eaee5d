/* The corpus reader's file operands (common/corpus.h reads the streams):
 * a file read whole (common/file.h) that is
 *   a WARC file, plain or gzipped (common/warc.h splits it), found by its
 *       first record or told by the caller (--warc): its documents are its
 *       HTTP responses ("response" records of application/http) whose
 *       Content-Type is HTML (text/html, application/xhtml...) or absent,
 *       each named by its record's name, with its date and URI as carried
 *       columns, and as payload the HTTP body, its chunked transfer coding
 *       and gzip content coding undone;
 *   a single page, maybe gzipped (its gzip members one after another, a
 *       damaged one reported and passed over), named by its path.
 * A page's bytes are the program's to read (charset, whether it is a page
 * at all: htmlstrip); this file gives each document its ID, checked in
 * dk_input_ids (common/ids.h), the head a document stream line starts with
 * (ID TAB DATE TAB URI TAB, or PATH TAB), the payload and, for WARC, its
 * record (raw span: unit, off, len).
 *
 * keep reads the records of a WARC file through dk_pages_records, each
 * whole with its byte span, naming them itself (common/warc.h).
 *
 * Messages, each counted, the reading going on:
 *   FILE: offset N: reason              a damaged record or gzip member
 *                                       (common/warc.h), status 2
 *   FILE: offset N: record longer than M bytes skipped (see --max-record)
 *   FILE: record longer than ...        a page file over --max-record,
 *                                       status 1 (dk_skips, common/stream.h)
 *   FILE: N pages without a WARC-Record-ID, named by URI and date
 * and, ending the operand with status 2, a file of another kind given as a
 * page ("FILE:1: this looks like ...: PROG reads a page here"), a page file
 * whose name has a control character (it cannot be an ID). */
#ifndef DK_PAGES_H
#define DK_PAGES_H

#include "file.h"
#include "stream.h"
#include "warc.h"

typedef struct {
	dk_str id;              /* the record's name, or the path */
	dk_str head;            /* ID TAB DATE TAB URI TAB, or PATH TAB */
	dk_str payload;         /* the page's bytes */
	dk_str ctype;           /* the HTTP Content-Type; none for a file */
	const char *where;      /* for notes on the page: "FILE: offset N (URI)",
	                         * or the path */
	const char *what;       /* for skipping it: "FILE: offset N (ID)", or
	                         * the path */
	const dk_warc_rec *rec; /* the WARC record; NULL for a page file */
} dk_page;

typedef struct {
	/* The program's, called with arg: notpage says whether p is not a
	 * page, after saying so and counting it (a page file is told before
	 * its ID is checked, a WARC response after); page takes it. */
	int (*notpage)(const dk_page *p, void *arg);
	void (*page)(const dk_page *p, void *arg);
	void *arg;
	/* counts, over every operand */
	unsigned long skipped;  /* WARC records that are not documents */
	unsigned long nothtml;  /* of them, responses of another type */
	unsigned long damaged, toolong;
	/* the reader's own */
	dk_warc_reader warc;
	const char *file;
	unsigned long unnamed;
	dk_buf gz, chunk, inflated, name, head, where, what;
} dk_pages;

/* The documents of file operand f, named path; warc: it is WARC (else
 * found by its first bytes).  Returns 0, or DK_EXIT_INPUT when something
 * was damaged or the operand refused. */
int dk_pages_file(dk_pages *ps, const char *path, int warc, const dk_file *f);
void dk_pages_free(dk_pages *ps);

/* For a program that copies the records of a WARC file whole (keep): every
 * record of it, whatever its type, to w->fn and the bytes of those over
 * --max-record to w->skip, as dk_warc_read gives them (common/warc.h);
 * damage ends the program (exit 2).  A record's name and its ID check are
 * the program's, for the captures it keeps together.  Returns 0, or
 * DK_EXIT_OPERAND when a record was over --max-record (counted in
 * w->toolong). */
int dk_pages_records(dk_warc_reader *w, const char *path, const dk_file *f);
/* Whether the file open on fd is a WARC file, plain or gzipped, by its
 * first bytes, for a program that reads another format from a file that
 * is not (read by dk_reader): a gzip file by what it inflates to.  A file
 * that is not a regular one is not looked at (0). */
int dk_pages_looks_warc(int fd);

#endif
