/* htmlstrip: web pages to clean UTF-8 text. */
#ifndef HTMLSTRIP_H
#define HTMLSTRIP_H

#define _GNU_SOURCE     /* memmem */

#include "dk.h"
#include "pages.h"

/* entities.c: the WHATWG named character references, sorted by name (as
 * bytes).  legacy: the name is also recognised without its ";". */
struct hs_entity {
	const char *name;
	unsigned char len, legacy;
	uint32_t cp[2];
};
extern const struct hs_entity hs_entities[];
extern const size_t hs_nentities;

/* tree.c: --main's light tree of one page.  The scanner reports the block
 * elements it opens and closes, links, and breaks; each stretch of text
 * between two block boundaries is a segment [start, end) of the page's
 * text, owned by the innermost open block.  Memory is a node and a
 * segment per block boundary of the page: bounded by its length. */
enum hs_kind {
	HK_BLOCK,        /* div, section, table, ...: a container */
	HK_A,            /* a link: counted, not a node */
	HK_VOID,         /* br, hr, title, ...: a break, not a node */
	HK_P, HK_H1, HK_H, HK_LI, HK_DD, HK_TD, HK_TR, HK_BOX,
	HK_ARTICLE, HK_BODY,
	HK_NAV, HK_ASIDE, HK_FOOTER, HK_FORM, HK_BAD,
	HK_INPUT,        /* input: an e-mail field marks its form */
};
/* Hints at least this strong mark the node hidden (display:none). */
#define HS_HIDDEN (-1000)
/* What a node's markup says beyond its hint (struct hs_node's flags). */
enum {
	HF_CMT = 1,      /* a class or id token names readers' comments */
	HF_AWAY = 2,     /* a class, id, role or aria-modal names a block that
	                    is never the article: a pop-up, a sign-up form, an
	                    author's bio, related stories, a sidebar */
	HF_MARK = 4,     /* the article's own: itemprop=articleBody, role=main */
	HF_FORM = 8,     /* a form holding a textarea or an e-mail input */
	HF_PRE = 16,     /* pre, listing: text laid out as written (code) */
	HF_LEVEL = 32,   /* h1..h6: the level times this */
};
struct hs_node {
	int parent;          /* -1 for the root, node 0 */
	unsigned short tag;  /* which element, for matching end tags */
	unsigned char kind;
	unsigned char flags; /* HF_* */
	int hint;            /* class/id/role: < 0 boilerplate, > 0 content */
	int depth;
	size_t start;        /* where its text starts in the page's text */
};
struct hs_seg {
	int node;
	size_t start, end;   /* in the page's text */
	size_t link;         /* bytes of it inside links */
};
struct hs_tree {
	struct hs_node *node;
	struct hs_seg *seg;
	size_t nnode, capnode, nseg, capseg;
	int top;             /* the innermost open node */
	size_t segstart, linkstart;
	size_t link;         /* link bytes of the open segment */
	int inlink;
	/* A link not yet closed by its </a>: the node open at its start,
	 * and the first segment it reached past a block boundary.  A link
	 * whose node closes, or which another <a> or the page's end meets
	 * first, was never closed: what it reached past its first block
	 * boundary is not link text (browsers close it there in effect). */
	int linknode;
	size_t linkseg;
};
void hs_tree_reset(struct hs_tree *t);
void hs_tree_open(struct hs_tree *t, unsigned tag, int kind, int hint,
    unsigned flags, size_t pos);
/* A textarea or an e-mail input: the innermost open form is HF_FORM. */
void hs_tree_input(struct hs_tree *t);
void hs_tree_close(struct hs_tree *t, unsigned tag, size_t pos);
void hs_tree_break(struct hs_tree *t, size_t pos);
void hs_tree_link(struct hs_tree *t, int open, size_t pos);
void hs_tree_end(struct hs_tree *t, size_t pos);
void hs_tree_free(struct hs_tree *t);

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
/* The same, building the page's tree in tree (when not NULL). */
void hs_strip_tree(const char *p, size_t n, dk_buf *body, dk_buf *title,
    struct hs_tree *tree);
/* What one attribute says of the element's content (see struct hs_node's
 * hint): class and id words, role, itemprop, hidden, style; HF_CMT,
 * HF_AWAY and HF_MARK are added to *flags. */
int hs_attr_hint(const struct hs_attr *a, unsigned *flags);

/* extract.c: --main.  The text of the main content of a page whose text
 * is text[0..n) and tree t, into out (cleared first).  Returns 1 when no
 * block stands out and out is the whole text, else 0.  Readers' comments
 * are left out. */
int hs_main(const struct hs_tree *t, const char *text, size_t n, dk_buf *out);
/* The same; comments: keep readers' comments; *kept: the percentage of
 * the page's paragraph text (long plain lines outside boilerplate) that
 * out holds. */
int hs_main_opt(const struct hs_tree *t, const char *text, size_t n,
    dk_buf *out, int comments, int *kept);

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
/* The longest label kept for notes, its NUL included. */
#define HS_LABELMAX 40
/* The encoding a label names (ASCII white space around it ignored, any
 * case), or -1. */
int hs_label_encoding(const unsigned char *label, size_t n);

/* charset.c: a page to UTF-8 (sniffing its encoding, then decoding). */
extern const uint16_t hs_cp1252[32];      /* 0x80..0x9F, 0 = undefined */
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
int hs_prescan(const unsigned char *p, size_t n, int *cut, char label[HS_LABELMAX]);
int hs_late_meta(const unsigned char *p, size_t n, char label[HS_LABELMAX]);
/* The charset parameter of a Content-Type value, as an enum hs_enc, or -1;
 * *label as above. */
int hs_content_charset(const unsigned char *p, size_t n, char label[HS_LABELMAX]);

/* detect.c: a guess at the encoding of an undeclared page that is not
 * valid UTF-8, from its bytes (see htmlstrip(1)); UTF-8 only when it is
 * but for a few damaged characters. */
int hs_detect(const unsigned char *p, size_t n);

/* notpage.c: what the bytes p[0..n) of an input given as a page are when
 * they are certainly not one ("PDF document", "PNG image", ..., "binary
 * data"), else NULL.  hint is the HTTP Content-Type (or NULL): a UTF-16
 * charset there lets the bytes of UTF-16 text through. */
const char *hs_not_page(const unsigned char *p, size_t n, const char *hint, size_t hintn);

/* letters.c, written by gen-letters.py: the high halves of the single-byte
 * encodings hs_detect weighs, in the order ties go, and how often each
 * letter outside ASCII is in each language it knows. */
enum { HS_K_CONTROL, HS_K_SYMBOL, HS_K_SMALL, HS_K_CAPITAL, HS_K_CASELESS };
struct hs_sbcs {
	int enc;
	struct {
		uint16_t cp;     /* the character */
		uint16_t key;    /* a letter's small form, as struct hs_freq has it */
		unsigned char kind;
	} hi[128];          /* bytes 0x80-0xFF */
};
/* Where a letter stands: 2 * (0 after a non-letter, 1 after a capital,
 * 2 after a small letter) + (1 when a letter follows), + 6 for a capital. */
#define HS_CELLS 12
struct hs_freq {
	uint16_t cp;
	uint32_t cell[HS_CELLS];     /* ten millionths of the language's
	                                letters outside ASCII */
};
struct hs_lang {
	const char *name;
	int enc[3];         /* the encodings it is written in, ended by -1 */
	uint32_t symbols;   /* millionths of its characters outside ASCII */
	const struct hs_freq *freq;      /* sorted by cp */
	size_t nfreq;
	uint32_t cell[HS_CELLS];         /* millionths of all of them */
};
extern const struct hs_sbcs hs_sbcs[];
extern const size_t hs_nsbcs;
extern const struct hs_lang hs_langs[];
extern const size_t hs_nlangs;

/* warc.c */
struct hs_doc {
	int title;                 /* --title */
	int main;                  /* --main */
	int comments;              /* --comments */
	dk_buf conv, body, title_text, text;
	struct hs_tree tree;
	unsigned long docs, whole;
	unsigned long skipped, damaged;    /* WARC records (common/pages.h) */
	unsigned long little;      /* --main kept under a quarter of the text */
	unsigned long nothtml;     /* of skipped: responses of another type */
	unsigned long notpage;     /* inputs skipped as not pages */
	unsigned long toolong;     /* pages and records over --max-record */
};
/* When p[0..n) is not a page (hs_not_page), says so ("WHERE: not an HTML
 * page (PDF document): skipped"), counts it and returns 1. */
int hs_skip_not_page(struct hs_doc *d, const char *p, size_t n, const char *hint,
    size_t hintn, const char *where);
/* The text of page u[0..un) into d->body (and its title into
 * d->title_text with --title): the whole page, or with --main its main
 * content, counting in d->whole the pages that fell back to the whole and
 * in d->little (said under -v, with name) those where it kept under a
 * quarter of the text. */
void hs_page_text(struct hs_doc *d, const char *u, size_t un, const char *name);
/* Writes one record: head (ID and carried columns, each with its TAB),
 * then the text of the page. */
void hs_emit(struct hs_doc *d, const char *p, size_t n, const char *hint,
    size_t hintn, const char *name);
/* The pages of file operands read by ps (common/pages.h) as documents:
 * each skipped when it is not a page (hs_skip_not_page), else written
 * (hs_emit) with its head (WARC: ID TAB DATE TAB URI TAB). */
void hs_pages(struct hs_doc *d, dk_pages *ps);

#endif
