/* UTF-8 decoding and encoding, and the Unicode character classes the
 * tokenizers use.  Classes and lower-casing come from the C library's
 * C.UTF-8 locale (independent of the user's locale), cached for the BMP. */
#ifndef DK_UTF8_H
#define DK_UTF8_H

#include <stddef.h>
#include <stdint.h>

#define DK_REPLACEMENT 0xFFFDu

/* Decodes the character at s (n > 0 bytes available) into *cp and returns
 * its length.  An invalid or truncated sequence, an overlong form or a
 * surrogate gives U+FFFD and length 1. */
size_t dk_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);
/* Writes cp (invalid ones as U+FFFD) and returns 1..4. */
size_t dk_utf8_encode(uint32_t cp, char out[4]);
/* Length of the longest valid UTF-8 prefix of s: n when s is all valid.
 * Valid is what dk_utf8_decode takes whole (no overlong form, surrogate,
 * code point above U+10FFFF or cut sequence).  ASCII goes 8 bytes a step. */
size_t dk_utf8_valid_prefix(const char *s, size_t n);
/* s with each maximal subpart of an ill-formed sequence (Unicode 3.9,
 * "U+FFFD substitution of maximal subparts", as the WHATWG decoder does:
 * the longest start of a valid sequence, else one byte) replaced by
 * U+FFFD, into out, which has room for 3 * n bytes (a lone bad byte
 * becomes three).  *nout is the length written; returns the number of
 * replacements. */
size_t dk_utf8_replace(const char *s, size_t n, char *out, size_t *nout);

enum {
	DK_CC_WORD = 1,    /* letters, digits, combining marks */
	DK_CC_SPACE = 2,
	DK_CC_PUNCT = 4,   /* punctuation and symbols */
};

unsigned dk_uclass(uint32_t cp);
/* Simple lower-case mapping (one character to one). */
uint32_t dk_ufold(uint32_t cp);

#endif
