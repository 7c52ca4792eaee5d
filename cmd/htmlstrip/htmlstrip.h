/* htmlstrip: web pages to clean UTF-8 text. */
#ifndef HTMLSTRIP_H
#define HTMLSTRIP_H

#define _GNU_SOURCE     /* memmem */

#include "dk.h"

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

/* labels.c: the encodings of the WHATWG Encoding Standard, in its order,
 * and every label of each. */
enum hs_enc {
	HS_UTF_8, HS_IBM866, HS_ISO_8859_2, HS_ISO_8859_3, HS_ISO_8859_4,
	HS_ISO_8859_5, HS_ISO_8859_6, HS_ISO_8859_7, HS_ISO_8859_8,
	HS_ISO_8859_8_I, HS_ISO_8859_10, HS_ISO_8859_13, HS_ISO_8859_14,
	HS_ISO_8859_15, HS_ISO_8859_16, HS_KOI8_R, HS_KOI8_U, HS_MACINTOSH,
	HS_WINDOWS_874, HS_WINDOWS_1250, HS_WINDOWS_1251, HS_WINDOWS_1252,
	HS_WINDOWS_1253, HS_WINDOWS_1254, HS_WINDOWS_1255, HS_WINDOWS_1256,
	HS_WINDOWS_1257, HS_WINDOWS_1258, HS_X_MAC_CYRILLIC, HS_GBK,
	HS_GB18030, HS_BIG5, HS_EUC_JP, HS_ISO_2022_JP, HS_SHIFT_JIS,
	HS_EUC_KR, HS_REPLACEMENT, HS_UTF_16BE, HS_UTF_16LE, HS_X_USER_DEFINED
};
struct hs_encoding {
	const char *name;       /* the standard's name */
	const char *iconv;      /* glibc's name, "" when decoded here */
};
struct hs_label {
	const char *label;      /* lower case */
	int enc;
};
extern const struct hs_encoding hs_encodings[];
extern const struct hs_label hs_labels[];
extern const size_t hs_nlabels;

/* charset.c */
extern const uint16_t hs_cp1252[32];      /* 0x80..0x9F, 0 = undefined */
/* The encoding a label names (ASCII white space around it ignored, any
 * case), or -1. */
int hs_label_encoding(const unsigned char *label, size_t n);
/* The document as UTF-8: p itself when it already is, else a conversion in
 * conv.  hint is the HTTP Content-Type (or NULL); name says where the
 * page is, for -v notes. */
const char *hs_decode(const char *p, size_t n, const char *hint, size_t hintn,
    dk_buf *conv, size_t *outn, const char *name);

/* sniff.c: the encoding a page declares in a <meta>.  hs_prescan reads the
 * first 1024 bytes as HTML's prescan does; a label not ended within them
 * is not used, and *cut tells that a <meta> ran past them.  hs_late_meta
 * reads the whole page, as a browser's parser meets its <meta> elements
 * (outside comments and raw text), for the first that declares an
 * encoding.  Both return an enum hs_enc, UTF-16 and x-user-defined mapped
 * as HTML maps them, or -1; *label is the label found, for notes. */
int hs_prescan(const unsigned char *p, size_t n, int *cut, char label[40]);
int hs_late_meta(const unsigned char *p, size_t n, char label[40]);
/* The charset parameter of a Content-Type value, as an enum hs_enc, or -1;
 * *label as above. */
int hs_content_charset(const unsigned char *p, size_t n, char label[40]);

/* detect.c: a guess at the encoding of an undeclared page that is not
 * UTF-8, from its bytes (see htmlstrip(1)); never UTF-8. */
int hs_detect(const unsigned char *p, size_t n);

/* warc.c */
struct hs_doc {
	int title;                 /* --title */
	dk_buf conv, body, title_text, gz, chunk, inflated;
	unsigned long docs, skipped, damaged;
};
/* Writes one record: head (ID and carried columns, each with its TAB),
 * then the text of the page. */
void hs_emit(struct hs_doc *d, const char *p, size_t n, const char *hint,
    size_t hintn, const char *name);
/* Inflates the gzip member at p into out (appended).  Returns NULL, or the
 * reason it is damaged; *used is the compressed length consumed.  out never
 * grows beyond dk_max_record + 1 bytes: past that the reason is
 * hs_gz_limit. */
extern const char hs_gz_limit[];
const char *hs_gunzip(const unsigned char *p, size_t n, dk_buf *out, size_t *used);
int hs_is_gzip(const unsigned char *p, size_t n);
int hs_is_warc(const unsigned char *p, size_t n);
/* Every HTML response of a WARC file (plain or gzip members) as a document.
 * Returns 0, or DK_EXIT_INPUT when something was damaged. */
int hs_warc(struct hs_doc *d, const char *name, const unsigned char *p, size_t n);

#endif
