/* Splitting text into words, shared by spotsig, qgram, imatch and lexicon.
 *
 * The built-in tokenizer takes maximal runs of word characters (Unicode
 * letters, digits and combining marks; see utf8.h), lower-cased with the
 * simple one-to-one mapping.  Invalid UTF-8 separates words and is never
 * copied into a token, so tokens are always valid UTF-8.
 *
 * A PCRE2 pattern (UTF and UCP mode, JIT-compiled when possible) replaces
 * the built-in rule: every match is a token (capture group 1 when the
 * pattern has one), lower-cased unless folding is off. */
#ifndef DK_TOKEN_H
#define DK_TOKEN_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
	uint32_t off, len;      /* into dk_tokens.text */
	uint32_t pos;           /* byte offset of the token in the input */
} dk_token;

typedef struct {
	char *text;             /* the tokens' (folded) bytes, back to back */
	size_t ntext, captext;
	dk_token *v;
	size_t n, cap;
} dk_tokens;

typedef struct dk_tokenizer dk_tokenizer;

/* pattern NULL: the built-in tokenizer.  A bad pattern is fatal (exit 2)
 * with PCRE2's message and offset. */
dk_tokenizer *dk_tokenizer_new(const char *pattern, int fold);
void dk_tokenizer_free(dk_tokenizer *t);

/* Replaces out's contents with the tokens of text.  Safe to call from
 * several threads on one tokenizer with different outputs. */
void dk_tokenize(dk_tokenizer *t, const char *text, size_t n, dk_tokens *out);
/* Is s one word of the built-in rule: not empty, and word characters
 * only (any case)? */
int dk_is_word(const char *s, size_t n);
void dk_tokens_free(dk_tokens *toks);

/* Is cp a letter of a script written without spaces between words (Han,
 * Hiragana, Katakana, Thai, Lao, Myanmar, Khmer)?  The built-in rule
 * takes a run of such letters between two punctuation marks, a phrase or
 * a sentence, for one word. */
int dk_unspaced_letter(uint32_t cp);
/* The bytes of the tokens that begin with such a letter, of t->ntext. */
size_t dk_tokens_unspaced(const dk_tokens *t);

static inline const char *
dk_token_text(const dk_tokens *t, size_t i)
{
	return t->text + t->v[i].off;
}

#endif
