/* Quoted mail text (--quoted skip): the lines of a reply that repeat the
 * message it answers, which are not its author's words and so no
 * evidence that two documents are copies.  Written once here for every
 * program that turns document text into words or q-grams.
 *
 * A quoted line is one whose first character after blanks (spaces, tabs)
 * is '>' followed by a blank, another '>', a carriage return or the end
 * of the line: "> text", ">> text", "> > text", ">" alone.  Not ">10" or
 * ">::name" (man pages, code), and not "&gt; text": text is plain text,
 * and htmlstrip decodes the entity of a mail archive's HTML to '>'.  The
 * attribution that opens a block ("Ann wrote:", "On DATE, Ann wrote:",
 * "Ann a écrit :") goes with it: the line before the block's first line,
 * or before one blank line before it, when it ends with ':' (trailing
 * blanks aside), and with that line the rest of its paragraph (the lines
 * after a blank or quoted line, or the text's start) when the paragraph
 * has at most 3 lines: an attribution a mailer wrapped ("On DATE, NAME
 * <ADDRESS>" then "wrote:").  A longer paragraph loses its last line
 * only.  The rule does not know mail from other text: a transcript or a
 * diff whose lines begin with "> " loses them too. */
#ifndef DK_QUOTE_H
#define DK_QUOTE_H

#include "cli.h"
#include "stream.h"

enum { DK_QUOTED_KEEP, DK_QUOTED_SKIP };

#define DK_QUOTED_OPTS \
	{ "quoted", required_argument, NULL, DK_OPT_QUOTED }
#define DK_QUOTED_HELP \
	"  --quoted WHAT  keep (the default) or skip quoted mail text: lines\n" \
	"                beginning with '>' and the \"... wrote:\" lines before them\n"

/* --quoted's argument: DK_QUOTED_KEEP or DK_QUOTED_SKIP, else exit 2. */
int dk_parse_quoted(const char *arg);

/* The text with every quoted line and attribution emptied, each line's
 * newline kept (so that the text around a block stays in paragraphs of
 * its own): the text itself when it quotes nothing, else buf's bytes,
 * valid until buf changes. */
dk_str dk_unquote(dk_str text, dk_buf *buf);

#endif
