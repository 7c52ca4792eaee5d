/* Line formats, a TSV stream by its ID column or JSON Lines by a member,
 * either gzipped, read by the corpus reader (common/corpus.h), which also
 * refuses a repeated ID.  A kept record is written as it was read (as it
 * inflates, for gzip), its CR and LF included. */
#include "keep.h"

static void
put_raw(dk_str raw)
{
	dk_buf_bytes(&dk_out, raw.p, raw.n);
	if (raw.n == 0 || raw.p[raw.n - 1] != '\n')
		dk_buf_char(&dk_out, '\n');     /* the last line, unended */
	dk_out_maybe_flush();
}

void
keep_lines(struct keep *k, dk_reader *r)
{
	dk_doc doc = { 0 };
	unsigned long blank = dk_corpus_blank, lines = 0;

	while (dk_corpus_next(r, &doc, 0)) {
		lines++;
		if (doc.id.n == 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "empty ID in field %zu",
			    dk_corpus.idcol);
		keep_nonempty(k);
		k->n++;
		if (keep_listed(k, doc.id.p, doc.id.n) != UINT32_MAX) {
			k->kept++;
			put_raw(doc.raw);
		}
	}
	k->blank += dk_corpus_blank - blank;
	/* the records the reader skipped, over --max-record: those it
	 * numbered but did not return (it names each) */
	k->skipped += dk_reader_lineno(r) - lines - (dk_corpus_blank - blank);
	dk_doc_free(&doc);
}
