/* htmlstrip: web pages to clean UTF-8 text. */
#ifndef HTMLSTRIP_H
#define HTMLSTRIP_H

#define _GNU_SOURCE     /* memmem */

#include "dk.h"
#include "warc.h"

/* entities.c: the WHATWG named character references, sorted by name (as
 * bytes).  legacy: the name is also recognised without its ";". */
struct hs_entity {
	const char *name;
	unsigned char len, legacy;
	uint32_t cp[2];
};
extern const struct hs_entity hs_entities[];
extern const size_t hs_nentities;

/* html.c */
struct hs_attr {
	const unsigned char *name, *value;
	size_t namelen, valuelen;
};
/* Next attribute of the tag whose attributes start at *pp.  Returns 0 at
 * the end of the tag, *pp then just after its '>' (or at end), and
 * *selfclosing telling whether it ended in "/>". */
int hs_attr_next(const unsigned char **pp, const unsigned char *end,
    struct hs_attr *a, int *selfclosing);
/* Strips valid UTF-8 HTML into body (and the first <title> into title when
 * title is not NULL); both are cleared first.  Lines end in '\n', except the
 * last. */
void hs_strip(const char *p, size_t n, dk_buf *body, dk_buf *title);

/* charset.c */
extern const uint16_t hs_cp1252[32];      /* 0x80..0x9F, 0 = undefined */
/* The document as UTF-8: p itself when it already is, else a conversion in
 * conv.  hint is the HTTP Content-Type (or NULL); name is for -v notes. */
const char *hs_decode(const char *p, size_t n, const char *hint, size_t hintn,
    dk_buf *conv, size_t *outn, const char *name);

/* warc.c */
struct hs_doc {
	int title;                 /* --title */
	dk_buf conv, body, title_text, gz, chunk, inflated, name;
	dk_warc_reader warc;
	const char *file;          /* the WARC file being read */
	unsigned long docs, skipped, damaged, unnamed;
};
/* Writes one record: head (ID and carried columns, each with its TAB),
 * then the text of the page. */
void hs_emit(struct hs_doc *d, const char *p, size_t n, const char *hint,
    size_t hintn, const char *name);
/* Every HTML response of a WARC file (plain or gzip members) as a document
 * ID TAB DATE TAB URI TAB TEXT, ID the record's name (common/warc.h).
 * Returns 0, or DK_EXIT_INPUT when something was damaged. */
int hs_warc(struct hs_doc *d, const char *name, const unsigned char *p, size_t n);

#endif
