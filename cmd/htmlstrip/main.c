/* htmlstrip: web pages to clean UTF-8 text. */
#include "htmlstrip.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static const struct dk_usage usage = {
	"htmlstrip [-v] [--main [--comments]] [--title] [--warc | --json id[,html]]\n"
	"          [file ...]",
	"  --main    only the main content of each page: the article without\n"
	"            navigation, link lists, teasers, footers and banners,\n"
	"            readers' comments, comment and sign-up forms, pop-ups,\n"
	"            author bios, related stories and sidebars\n"
	"  --comments  with --main, keep readers' comments\n"
	"  --title   keep the page's <title> as the first line of its text\n"
	"  --warc    the input is WARC (found without it in file operands)\n"
	"  --json ID[,HTML]  the input is JSON Lines, the page's ID and HTML in\n"
	"            its members ID and HTML (default id,text), gzipped or not;\n"
	"            every operand is such a stream\n"
	"  -v        statistics on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_TITLE = 0x2000, OPT_WARC, OPT_MAIN, OPT_COMMENTS };

/* A document stream, ID [CARRIED...] HTML, or JSON Lines (--json ID,HTML),
 * read by the corpus reader. */
static void
do_stream(struct hs_doc *d, dk_reader *r)
{
	dk_doc doc = { 0 };
	dk_str html;
	dk_buf where = { 0 };

	dk_corpus_start(r, DK_KIND_DOC, "a document stream (ID [CARRIED]... HTML) on "
	    "standard input, or a WARC file with --warc");
	while (dk_corpus_next(r, &doc, DK_DOC_TEXT)) {
		html = doc.text;
		if (hs_not_page((const unsigned char *)html.p, html.n, NULL, 0)) {
			where.n = 0;
			dk_buf_str(&where, dk_reader_name(r));
			dk_buf_char(&where, ':');
			dk_buf_u64(&where, dk_reader_lineno(r));
			dk_buf_char(&where, 0);
			hs_skip_not_page(d, html.p, html.n, NULL, 0, where.p);
			continue;
		}
		dk_buf_bytes(&dk_out, doc.head.p, doc.head.n);
		hs_emit(d, html.p, html.n, NULL, 0, dk_reader_name(r));
	}
	dk_doc_free(&doc);
	dk_buf_free(&where);
}

static int
operand(struct hs_doc *d, dk_pages *ps, const char *path, int warc, dk_filebuf *fb)
{
	dk_file f;
	dk_reader *r;
	int fd, status;

	/* standard input is a stream, and with --json every operand */
	if ((strcmp(path, "-") == 0 && !warc) || dk_corpus.json) {
		if ((r = dk_reader_open(path)) == NULL) {
			dk_warn("%s", path);
			return DK_EXIT_OPERAND;
		}
		do_stream(d, r);
		status = dk_reader_error(r) ? DK_EXIT_OPERAND : 0;
		dk_reader_close(r);
		return status;
	}
	fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY);
	if (fd < 0 || dk_file_read(fd, &f, fb) < 0) {
		dk_warn("%s", path);
		if (fd > STDIN_FILENO)
			close(fd);
		return DK_EXIT_OPERAND;
	}
	status = dk_pages_file(ps, strcmp(path, "-") == 0 ? "stdin" : path, warc, &f);
	dk_file_unload(&f);
	if (fd != STDIN_FILENO)
		close(fd);
	return status;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		{ "comments", no_argument, NULL, OPT_COMMENTS },
		{ "main", no_argument, NULL, OPT_MAIN },
		DK_CLI_IDOPTS,
		{ "title", no_argument, NULL, OPT_TITLE },
		{ "warc", no_argument, NULL, OPT_WARC },
		DK_CORPUS_OPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct hs_doc d = { 0 };
	dk_pages ps = { 0 };
	dk_filebuf fb = { 0 };
	int ch, warc = 0, status = 0, s;
	char *stdin_only[] = { "-", NULL };

	dk_cli_init(argc, argv);
	hs_pages(&d, &ps);
	while ((ch = getopt_long(argc, argv, "hv", longopts, NULL)) != -1) {
		switch (ch) {
		case OPT_MAIN:
			d.main = 1;
			break;
		case OPT_COMMENTS:
			d.comments = 1;
			break;
		case OPT_TITLE:
			d.title = 1;
			break;
		case OPT_WARC:
			warc = 1;
			break;
		default:
			if (!dk_corpus_option(ch, optarg))
				dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (dk_corpus.json && warc)
		dk_diex(DK_EXIT_INPUT, "--json and --warc name different formats: give one");
	if (d.comments && !d.main)
		dk_diex(DK_EXIT_INPUT, "--comments needs --main (without it the whole text is kept)");

	if (argc == 0)
		argv = stdin_only;
	dk_progress_operands(argc, argv);
	for (; *argv; argv++)
		if ((s = operand(&d, &ps, *argv, warc, &fb)) > status)
			status = s;
	d.skipped = ps.skipped, d.nothtml = ps.nothtml, d.damaged = ps.damaged;
	d.toolong = ps.toolong + dk_records_skipped;    /* and records of a stream */
	dk_out_close();
	if (dk_verbose && d.main)
		dk_note("%lu documents, %lu WARC records skipped (%lu non-HTML responses), "
		    "%lu damaged, %lu not HTML pages, %lu over --max-record, "
		    "%lu with no main content (whole page kept), "
		    "%lu where it kept under a quarter of the text",
		    d.docs, d.skipped, d.nothtml, d.damaged, d.notpage, d.toolong, d.whole,
		    d.little);
	else if (dk_verbose)
		dk_note("%lu documents, %lu WARC records skipped (%lu non-HTML responses), "
		    "%lu damaged, %lu not HTML pages, %lu over --max-record",
		    d.docs, d.skipped, d.nothtml, d.damaged, d.notpage, d.toolong);
	dk_buf_free(&d.conv), dk_buf_free(&d.body), dk_buf_free(&d.title_text);
	dk_pages_free(&ps);
	dk_buf_free(&d.text), hs_tree_free(&d.tree);
	free(fb.p);
	return dk_exit_status(status);
}
