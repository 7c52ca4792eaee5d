/* What is certainly not a web page: a file format known by its magic
 * number (PDF, images, archives, executables) or bytes that no text in any
 * encoding htmlstrip reads holds, so that such an input is named and
 * skipped instead of written as one document of mojibake.  Only the first
 * bytes are looked at (HS_NOTPAGE_LOOK), so that the cost does not grow
 * with the page. */
#include "htmlstrip.h"

/* How far the share of control bytes is counted. */
#define HS_NOTPAGE_LOOK 4096

struct magic {
	size_t off;             /* where the magic bytes are */
	const char *bytes;
	size_t n;
	const char *what;
};

/* Each is binary or long and odd enough that no page starts with it. */
static const struct magic magics[] = {
	{ 0, "%PDF-", 5, "PDF document" },
	{ 0, "\x89PNG\r\n\x1a\n", 8, "PNG image" },
	{ 0, "\xff\xd8\xff", 3, "JPEG image" },
	{ 0, "GIF87a", 6, "GIF image" },
	{ 0, "GIF89a", 6, "GIF image" },
	{ 8, "WEBP", 4, "WebP image" },           /* after "RIFF" and a size */
	{ 8, "WAVE", 4, "WAV audio" },
	{ 8, "AVI ", 4, "AVI video" },
	{ 4, "ftyp", 4, "MP4 or QuickTime media" },   /* after a size < 16M */
	{ 0, "OggS\0", 5, "Ogg media" },
	{ 0, "PK\x03\x04", 4, "ZIP archive or Office document" },
	{ 0, "PK\x05\x06", 4, "ZIP archive or Office document" },
	{ 0, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", 8, "Office document (OLE)" },
	{ 0, "\x1f\x8b", 2, "gzip data" },
	{ 0, "\xfd" "7zXZ\0", 6, "xz data" },
	{ 0, "\x28\xb5\x2f\xfd", 4, "zstd data" },
	{ 0, "7z\xbc\xaf\x27\x1c", 6, "7-Zip archive" },
	{ 0, "Rar!\x1a\x07", 6, "RAR archive" },
	{ 257, "ustar\0", 6, "tar archive" },        /* POSIX */
	{ 257, "ustar  \0", 8, "tar archive" },      /* GNU */
	{ 0, "\x7f" "ELF", 4, "ELF executable" },
	{ 0, "\0asm", 4, "WebAssembly module" },
	{ 0, "SQLite format 3\0", 16, "SQLite database" },
};

/* Whether c is one of the C0 controls other than TAB, LF, VT, FF, CR and
 * ESC (ISO-2022-JP's escapes), NUL among them: text in an
 * ASCII-compatible encoding has a few at most (the pages of tests/t1003 up
 * to 4 in their first 4 KiB), random or compressed bytes one in ten. */
static unsigned char
control(unsigned char c)
{
	return (unsigned char)((c < 0x09) | ((unsigned char)(c - 0x0e) < 0x0d) |
	    ((unsigned char)(c - 0x1c) < 0x04));
}

#define ONES 0x0101010101010101ull
#define HIGH 0x8080808080808080ull

/* The high bit of each byte of x that is n (1 to 128) or more. */
static inline uint64_t
ge(uint64_t x, unsigned n)
{
	return (((x & ~HIGH) + (0x80 - n) * ONES) | x) & HIGH;
}

/* How many of p[0..n) are such controls: eight bytes at a time, most of
 * them all printable (about 0.2 ns a byte, against 0.6 one by one). */
static size_t
controls(const unsigned char *p, size_t n)
{
	size_t i, k = 0;
	uint64_t x, bad;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&x, p + i, 8);
		if (ge(x, 0x20) == HIGH)
			continue;
		bad = (~ge(x, 0x09) | (ge(x, 0x0e) & ~ge(x, 0x1b)) |
		    (ge(x, 0x1c) & ~ge(x, 0x20))) & HIGH;
		k += (size_t)__builtin_popcountll(bad);
	}
	for (; i < n; i++)
		k += control(p[i]);
	return k;
}

const char *
hs_not_page(const unsigned char *p, size_t n, const char *hint, size_t hintn)
{
	size_t k, look, all, ctl[2];
	char label[40];
	int e;

	if (n >= 2 && ((p[0] == 0xfe && p[1] == 0xff) || (p[0] == 0xff && p[1] == 0xfe)))
		return NULL;    /* UTF-16 with its byte order mark */
	for (k = 0; k < sizeof magics / sizeof *magics; k++)
		if (n >= magics[k].off + magics[k].n &&
		    memcmp(p + magics[k].off, magics[k].bytes, magics[k].n) == 0 &&
		    (magics[k].off != 8 || memcmp(p, "RIFF", 4) == 0) &&
		    (magics[k].off != 4 || p[0] == 0))
			return magics[k].what;
	look = n < HS_NOTPAGE_LOOK ? n : HS_NOTPAGE_LOOK;
	/* One byte in 32, and at least 8 of them (4 in a file of fewer than
	 * 256 bytes, where a stray NUL or two may still be a snippet of
	 * markup). */
	all = controls(p, look);
	if (all * 32 < look || all < (look >= 256 ? 8u : 4u))
		return NULL;
	for (ctl[0] = 0, k = 0; k < look; k += 2)
		ctl[0] += control(p[k]);
	ctl[1] = all - ctl[0];
	/* UTF-16 without a byte order mark: the high byte of each code unit
	 * (NUL for ASCII, 04 for Cyrillic) at one parity; random bytes have
	 * as many at each.  Told only from 8 controls up. */
	if (all >= 8 && (ctl[0] > 4 * ctl[1] || ctl[1] > 4 * ctl[0]))
		return NULL;
	if (hint && ((e = hs_content_charset((const unsigned char *)hint, hintn, label)) ==
	    HS_UTF_16BE || e == HS_UTF_16LE))
		return NULL;
	return "binary data";
}
