#define PCRE2_CODE_UNIT_WIDTH 8
#include "token.h"
#include "mem.h"
#include "msg.h"
#include "utf8.h"

#include <pcre2.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct dk_tokenizer {
	int fold;
	pcre2_code *re;
	int group;              /* capture group that is the token */
	pthread_key_t mdkey;    /* per-thread match data */
};

static void
free_md(void *md)
{
	pcre2_match_data_free(md);
}

dk_tokenizer *
dk_tokenizer_new(const char *pattern, int fold)
{
	dk_tokenizer *t = dk_calloc(1, sizeof *t);
	int errcode;
	PCRE2_SIZE erroff;
	uint32_t ncap = 0;

	t->fold = fold;
	(void)dk_uclass(0);     /* build the character tables now */
	if (!pattern)
		return t;
	t->re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
	    PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF, &errcode, &erroff, NULL);
	if (!t->re) {
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(errcode, msg, sizeof msg);
		free(t);
		dk_diex(DK_EXIT_INPUT, "token pattern '%s': %s at offset %zu",
		    pattern, (char *)msg, (size_t)erroff);
	}
	(void)pcre2_jit_compile(t->re, PCRE2_JIT_COMPLETE);   /* falls back to the interpreter */
	pcre2_pattern_info(t->re, PCRE2_INFO_CAPTURECOUNT, &ncap);
	t->group = ncap > 0 ? 1 : 0;
	if (pthread_key_create(&t->mdkey, free_md) != 0)
		dk_diex(DK_EXIT_OPERAND, "cannot create thread key");
	return t;
}

void
dk_tokenizer_free(dk_tokenizer *t)
{
	if (!t)
		return;
	if (t->re) {
		void *md = pthread_getspecific(t->mdkey);

		if (md)
			pcre2_match_data_free(md);
		pthread_key_delete(t->mdkey);
		pcre2_code_free(t->re);
	}
	free(t);
}

void
dk_tokens_free(dk_tokens *toks)
{
	free(toks->text);
	free(toks->v);
	memset(toks, 0, sizeof *toks);
}

static void
grow_tokens(dk_tokens *out)
{
	out->cap = out->cap ? out->cap * 2 : 256;
	out->v = dk_reallocarray(out->v, out->cap, sizeof *out->v);
}

static inline void
push_token(dk_tokens *out, size_t off, size_t pos)
{
	dk_token *v;

	if (out->n == out->cap)
		grow_tokens(out);
	v = &out->v[out->n++];
	v->off = (uint32_t)off;
	v->len = (uint32_t)(out->ntext - off);
	v->pos = (uint32_t)pos;
}

/* Appends the bytes of s, folded if asked, keeping only valid UTF-8.
 * dk_tokenize has made room for twice the input, as folding may lengthen a
 * character. */
static void
append_text(dk_tokens *out, const unsigned char *s, size_t n, int fold)
{
	size_t i = 0, len;
	uint32_t cp;

	while (i < n) {
		if (s[i] < 0x80) {
			unsigned char c = s[i++];

			out->text[out->ntext++] = (char)(fold && c >= 'A' && c <= 'Z' ? c + 32 : c);
			continue;
		}
		len = dk_utf8_decode(s + i, n - i, &cp);
		if (cp == DK_REPLACEMENT && len == 1) {
			i++;
			continue;
		}
		if (fold)
			cp = dk_ufold(cp);
		out->ntext += dk_utf8_encode(cp, out->text + out->ntext);
		i += len;
	}
}

static unsigned char ascii_word[128], ascii_lower[128];
static pthread_once_t ascii_once = PTHREAD_ONCE_INIT;

static void
init_ascii(void)
{
	int c;

	for (c = 0; c < 128; c++) {
		ascii_word[c] = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
		    (c >= 'A' && c <= 'Z');
		ascii_lower[c] = (unsigned char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
}

#define ONES 0x0101010101010101ULL
#define HIGH 0x8080808080808080ULL

/* The bytes of x (their low 7 bits in x7) between lo and hi, each as its
 * high bit. */
static inline uint64_t
bytes_in(uint64_t x7, unsigned lo, unsigned hi)
{
	return (x7 + ONES * (0x80 - lo)) & ~(x7 + ONES * (0x7f - hi)) & HIGH;
}

/* The ASCII letters and digits from s[i], copied (folded if asked) as
 * they are scanned; returns where they end.  Eight bytes a step while
 * eight are left: their word bytes found and the capitals lowered
 * without a branch a byte, the eight stored at once (dk_tokenize leaves
 * room for them) and only the word bytes counted. */
static size_t
ascii_run(const unsigned char *s, size_t i, size_t n, int fold, dk_tokens *out)
{
	char *dst = out->text + out->ntext;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	while (i + 8 <= n) {
		uint64_t x, x7, up, word, other;
		size_t k;

		memcpy(&x, s + i, 8);
		x7 = x & ~HIGH;
		up = bytes_in(x7, 'A', 'Z');
		word = (up | bytes_in(x7, 'a', 'z') | bytes_in(x7, '0', '9')) & ~x;
		if (fold)
			x += up >> 2;           /* 'A' + 0x20 is 'a' */
		memcpy(dst, &x, 8);
		other = ~word & HIGH;
		if (!other) {
			dst += 8;
			i += 8;
			continue;
		}
		k = (size_t)__builtin_ctzll(other) >> 3;
		dst += k;
		i += k;
		out->ntext = (size_t)(dst - out->text);
		return i;
	}
#endif
	if (fold)
		for (; i < n && s[i] < 0x80 && ascii_word[s[i]]; i++)
			*dst++ = (char)ascii_lower[s[i]];
	else
		for (; i < n && s[i] < 0x80 && ascii_word[s[i]]; i++)
			*dst++ = (char)s[i];
	out->ntext = (size_t)(dst - out->text);
	return i;
}

static void
tokenize_builtin(const dk_tokenizer *t, const unsigned char *s, size_t n, dk_tokens *out)
{
	size_t i = 0, start, len;
	uint32_t cp;

	pthread_once(&ascii_once, init_ascii);
	while (i < n) {
		/* skip separators */
		while (i < n) {
			if (s[i] < 0x80) {
				if (ascii_word[s[i]])
					break;
				i++;
				continue;
			}
			len = dk_utf8_decode(s + i, n - i, &cp);
			if (dk_uclass(cp) & DK_CC_WORD)
				break;
			i += len;
		}
		if (i >= n)
			break;
		start = i;
		{
			/* most words are ASCII through: copied in one pass */
			size_t off = out->ntext;

			i = ascii_run(s, i, n, t->fold, out);
			if (i >= n || s[i] < 0x80) {
				if (i > start) {
					push_token(out, off, start);
					continue;
				}
			}
			out->ntext = off;
			i = start;
		}
		while (i < n) {
			if (s[i] < 0x80) {
				if (!ascii_word[s[i]])
					break;
				i++;
				continue;
			}
			len = dk_utf8_decode(s + i, n - i, &cp);
			if (!(dk_uclass(cp) & DK_CC_WORD))
				break;
			i += len;
		}
		{
			size_t off = out->ntext;

			append_text(out, s + start, i - start, t->fold);
			push_token(out, off, start);
		}
	}
}

static void
tokenize_re(const dk_tokenizer *t, const unsigned char *s, size_t n, dk_tokens *out)
{
	pcre2_match_data *md = pthread_getspecific(t->mdkey);
	PCRE2_SIZE *ov, at = 0;
	int rc;

	if (!md) {
		md = pcre2_match_data_create_from_pattern(t->re, NULL);
		if (!md || pthread_setspecific(t->mdkey, md) != 0)
			dk_diex(DK_EXIT_OPERAND, "out of memory");
	}
	ov = pcre2_get_ovector_pointer(md);
	while (at <= n) {
		rc = pcre2_match(t->re, s, n, at, 0, md, NULL);
		if (rc < 0)
			break;
		if (rc > t->group && ov[2 * t->group] != PCRE2_UNSET &&
		    ov[2 * t->group + 1] > ov[2 * t->group]) {
			size_t off = out->ntext;

			append_text(out, s + ov[2 * t->group],
			    ov[2 * t->group + 1] - ov[2 * t->group], t->fold);
			if (out->ntext > off)
				push_token(out, off, ov[2 * t->group]);
		}
		if (ov[1] > ov[0])
			at = ov[1];
		else {  /* empty match: step over one character */
			at = ov[1] + 1;
			while (at < n && (s[at] & 0xC0) == 0x80)
				at++;
		}
	}
}

void
dk_tokenize(dk_tokenizer *t, const char *text, size_t n, dk_tokens *out)
{
	out->n = 0;
	out->ntext = 0;
	if (out->captext < n * 2 + 16) {
		while (out->captext < n * 2 + 16)
			out->captext = out->captext ? out->captext * 2 : 4096;
		free(out->text);
		out->text = dk_malloc(out->captext);
	}
	if (t->re)
		tokenize_re(t, (const unsigned char *)text, n, out);
	else
		tokenize_builtin(t, (const unsigned char *)text, n, out);
}

int
dk_is_word(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, len;
	uint32_t cp;

	pthread_once(&ascii_once, init_ascii);
	if (n == 0)
		return 0;
	while (i < n) {
		if (u[i] < 0x80) {
			if (!ascii_word[u[i]])
				return 0;
			i++;
			continue;
		}
		len = dk_utf8_decode(u + i, n - i, &cp);
		if (!(dk_uclass(cp) & DK_CC_WORD))
			return 0;
		i += len;
	}
	return 1;
}

int
dk_unspaced_letter(uint32_t cp)
{
	return (cp >= 0x0e00 && cp <= 0x0eff) ||       /* Thai, Lao */
	    (cp >= 0x1000 && cp <= 0x109f) ||           /* Myanmar */
	    (cp >= 0x1780 && cp <= 0x17ff) ||           /* Khmer */
	    (cp >= 0x3040 && cp <= 0x30ff) ||           /* Hiragana, Katakana */
	    (cp >= 0x3400 && cp <= 0x4dbf) ||           /* Han, extension A */
	    (cp >= 0x4e00 && cp <= 0x9fff) ||           /* Han */
	    (cp >= 0xf900 && cp <= 0xfaff) ||           /* Han compatibility */
	    (cp >= 0xff66 && cp <= 0xff9f) ||           /* halfwidth Katakana */
	    (cp >= 0x20000 && cp <= 0x3ffff);           /* Han, planes 2 and 3 */
}

size_t
dk_tokens_unspaced(const dk_tokens *t)
{
	const unsigned char *s;
	size_t i, n = 0;
	uint32_t cp;

	for (i = 0; i < t->n; i++) {
		s = (const unsigned char *)dk_token_text(t, i);
		/* every such letter takes three or four bytes */
		if (s[0] < 0xe0 || t->v[i].len < 3)
			continue;
		(void)dk_utf8_decode(s, t->v[i].len, &cp);
		if (dk_unspaced_letter(cp))
			n += t->v[i].len;
	}
	return n;
}
