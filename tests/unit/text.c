/* UTF-8 decoding, character classes and the tokenizers. */
#include "dk.h"
#include "tap.h"

#include <stdlib.h>

/* The tokens of text joined by '|'. */
static char *
joined(dk_tokenizer *t, const char *text)
{
	static dk_buf b;
	dk_tokens toks = { 0 };
	size_t i;

	b.n = 0;
	dk_tokenize(t, text, strlen(text), &toks);
	for (i = 0; i < toks.n; i++) {
		if (i)
			dk_buf_char(&b, '|');
		dk_buf_bytes(&b, dk_token_text(&toks, i), toks.v[i].len);
	}
	dk_buf_char(&b, '\0');
	dk_tokens_free(&toks);
	return b.p;
}

/* dk_utf8_replace on s, with U+FFFD written as '?' in want; and
 * dk_utf8_valid_prefix stops where the first replacement is. */
static void
replaced(const char *s, size_t n, const char *want, size_t count)
{
	char out[64], exp[64];
	size_t nout, i, e = 0, got, first = strcspn(want, "?");

	for (i = 0; want[i]; i++)
		if (want[i] == '?')
			memcpy(exp + e, "\xef\xbf\xbd", 3), e += 3;
		else
			exp[e++] = want[i];
	got = dk_utf8_replace(s, n, out, &nout);
	tap_ok(got == count && nout == e && memcmp(out, exp, e) == 0,
	    "replace: %s (%zu replaced)", want, count);
	tap_ok(dk_utf8_valid_prefix(s, n) == (count ? first : n), "valid prefix before %s", want);
}

static void
test_utf8_replace(void)
{
	char big[4096];
	size_t i, nout;
	static char out[3 * 4096];

	replaced("plain ascii text, longer than eight", 35, "plain ascii text, longer than eight", 0);
	replaced("caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80", 14, "caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80", 0);
	replaced("les param\xe8tres", 14, "les param?tres", 1);
	/* overlong forms: the lead byte is never the start of a valid sequence
	 * (C0, C1) or its second byte is out of range (E0 80, F0 80): one
	 * replacement a byte */
	replaced("a\xc0\xaf" "b", 4, "a??b", 2);
	replaced("a\xe0\x80\xaf" "b", 5, "a???b", 3);
	replaced("a\xf0\x80\x80\xaf" "b", 6, "a????b", 4);
	/* surrogates (ED A0..BF) and above U+10FFFF (F4 90, F5..FF) */
	replaced("a\xed\xa0\x80" "b", 5, "a???b", 3);
	replaced("a\xf4\x90\x80\x80" "b", 6, "a????b", 4);
	replaced("a\xf5\xff\xfe" "b", 5, "a???b", 3);
	/* a cut sequence is one maximal subpart, at the end or before ASCII */
	replaced("ab\xe2\x82", 4, "ab?", 1);
	replaced("ab\xf0\x9f\x98", 5, "ab?", 1);
	replaced("a\xf0\x9f\x98" "b\xe2\x82\xac", 8, "a?b\xe2\x82\xac", 1);
	replaced("\xe2\x82\xe2\x82\xac", 5, "?\xe2\x82\xac", 1);
	/* lone continuation bytes, each one */
	replaced("\x80\xbf", 2, "??", 2);
	/* the ASCII fast path on a long run, an invalid byte at each offset */
	memset(big, 'x', sizeof big);
	for (i = 0; i < 64; i++) {
		big[1000 + i] = (char)0xE9;
		if (dk_utf8_valid_prefix(big, sizeof big) != 1000 + i ||
		    dk_utf8_replace(big, sizeof big, out, &nout) != 1 || nout != sizeof big + 2)
			break;
		big[1000 + i] = 'x';
	}
	tap_is_int((long long)i, 64, "an invalid byte at each offset of an ASCII run is found");
	tap_is_int((long long)dk_utf8_valid_prefix(big, sizeof big), sizeof big, "all ASCII is valid");
}

static void
test_utf8(void)
{
	static const struct { const char *s; uint32_t cp; size_t len; } cases[] = {
		{ "A", 'A', 1 }, { "\xc3\xa9", 0xE9, 2 }, { "\xe4\xb8\xad", 0x4E2D, 3 },
		{ "\xf0\x9f\x98\x80", 0x1F600, 4 }, { "\xc0\xaf", DK_REPLACEMENT, 1 },
		{ "\xed\xa0\x80", DK_REPLACEMENT, 1 }, { "\xf4\x90\x80\x80", DK_REPLACEMENT, 1 },
		{ "\xe4\xb8", DK_REPLACEMENT, 1 }, { "\x80", DK_REPLACEMENT, 1 },
	};
	size_t i, len;
	uint32_t cp;
	char out[4];

	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		len = dk_utf8_decode((const unsigned char *)cases[i].s, strlen(cases[i].s), &cp);
		tap_ok(cp == cases[i].cp && len == cases[i].len, "decode case %zu (U+%04X)", i,
		    (unsigned)cases[i].cp);
	}
	tap_ok(dk_utf8_encode(0x1F600, out) == 4 && memcmp(out, "\xf0\x9f\x98\x80", 4) == 0,
	    "encode 4 bytes");
	tap_ok(dk_utf8_encode(0xD800, out) == 3 && memcmp(out, "\xef\xbf\xbd", 3) == 0,
	    "a surrogate encodes as U+FFFD");
	tap_is_int((long long)dk_utf8_valid_prefix("ab\xc3\xa9\xff", 5), 4, "valid prefix");
	test_utf8_replace();
	tap_ok(dk_uclass(0x4E2D) == DK_CC_WORD && dk_uclass(0x0301) == DK_CC_WORD &&
	    dk_uclass(',') == DK_CC_PUNCT && dk_uclass(0x3000) == DK_CC_SPACE &&
	    dk_uclass(0xA0) == DK_CC_SPACE, "character classes");
	tap_ok(dk_ufold(0x3A9) == 0x3C9 && dk_ufold(0x416) == 0x436 && dk_ufold('Q') == 'q',
	    "lower-casing");
}

static void
test_tokenizer(void)
{
	dk_tokenizer *t = dk_tokenizer_new(NULL, 1), *raw = dk_tokenizer_new(NULL, 0);
	dk_tokenizer *re = dk_tokenizer_new("\\p{L}+(?:'\\p{L}+)?", 1);
	dk_tokenizer *grp = dk_tokenizer_new("<(\\w+)>", 1);

	tap_is_str(joined(t, "The South-Carolina primary, 2008!"), strlen(joined(t, "The South-Carolina primary, 2008!")),
	    "the|south|carolina|primary|2008", "ASCII words, folded");
	tap_ok(strcmp(joined(raw, "The END"), "The|END") == 0, "folding can be off");
	tap_ok(strcmp(joined(t, "Ελληνικά ΚΕΙΜΕΝΑ, Русский текст; café déjà"),
	    "ελληνικά|κειμενα|русский|текст|café|déjà") == 0, "Greek, Cyrillic, accented Latin");
	tap_ok(strcmp(joined(t, "中文文本。日本語"), "中文文本|日本語") == 0,
	    "CJK runs split at ideographic punctuation");
	tap_ok(strcmp(joined(t, "ab\xff" "cd \xe4\xb8 ef"), "ab|cd|ef") == 0,
	    "invalid UTF-8 separates words and is dropped");
	tap_ok(strcmp(joined(t, "e\xcc\x81t\xc3\xa9"), "e\xcc\x81t\xc3\xa9") == 0,
	    "a combining accent stays inside the word");
	tap_ok(strcmp(joined(t, ""), "") == 0, "no text, no token");
	tap_ok(strcmp(joined(re, "Don't STOP me-now"), "don't|stop|me|now") == 0,
	    "PCRE2 pattern, folded");
	tap_ok(strcmp(joined(grp, "<A> b <Cd>"), "a|cd") == 0, "capture group 1 is the token");
	dk_tokenizer_free(t);
	dk_tokenizer_free(raw);
	dk_tokenizer_free(re);
	dk_tokenizer_free(grp);
}

int
main(void)
{
	tap_plan(53);
	test_utf8();
	test_tokenizer();
	return tap_done(53);
}
