/* htmlstrip: web pages to clean UTF-8 text. */
#include "htmlstrip.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static const struct dk_usage usage = {
	"htmlstrip [-v] [--main [--comments]] [--title] [--warc] [file ...]",
	"  --main    only the main content of each page: the article without\n"
	"            navigation, link lists, teasers, footers and banners,\n"
	"            readers' comments, comment and sign-up forms, pop-ups,\n"
	"            author bios, related stories and sidebars\n"
	"  --comments  with --main, keep readers' comments\n"
	"  --title   keep the page's <title> as the first line of its text\n"
	"  --warc    the input is WARC (found without it in file operands)\n"
	"  -v        statistics on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_TITLE = 0x2000, OPT_WARC, OPT_MAIN, OPT_COMMENTS };

/* A gzip file: its members, one after another, are the document.  A damaged
 * member is reported and skipped.  Members before pos are in d->gz.  When
 * they inflate beyond --max-record, d->gz is left longer than it and
 * nothing is said here. */
static int
gunzip_all(struct hs_doc *d, const char *name, const unsigned char *p, size_t n,
    size_t pos)
{
	const unsigned char *q;
	size_t used;
	const char *why;
	int status = 0;

	while (pos < n) {
		why = dk_is_gzip(p + pos, n - pos) ?
		    dk_gunzip(p + pos, n - pos, &d->gz, &used, dk_max_record) :
		    "not a gzip member";
		if (!why) {
			pos += used;
			continue;
		}
		if (why == dk_gz_limit)
			break;
		dk_warnx("%s: offset %zu: %s", name, pos, why);
		status = DK_EXIT_INPUT;
		q = memmem(p + pos + 1, n - pos - 1, "\x1f\x8b\x08", 3);
		pos = q ? (size_t)(q - p) : n;
	}
	return status;
}

static int
id_ok(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20)
			return 0;
	return 1;
}

/* One file operand: a page (maybe gzipped) or a WARC file. */
static int
do_file(struct hs_doc *d, const char *path, int warc, const dk_file *f)
{
	size_t used = 0;
	const char *why = NULL;
	int status = 0;
	unsigned kind;
	dk_str id;

	if (dk_is_gzip(f->p, f->n)) {
		d->gz.n = 0;
		why = dk_gunzip(f->p, f->n, &d->gz, &used, dk_max_record);
		if (warc || dk_is_warc((unsigned char *)d->gz.p, d->gz.n))
			return hs_warc(d, path, f->p, f->n);
		if (why) {
			d->gz.n = 0;
			used = 0;
		}
		status = gunzip_all(d, path, f->p, f->n, used);
		if (d->gz.n > dk_max_record) {
			hs_skip_too_long(d, path);
			return status;
		}
		if ((kind = dk_sniff_page(d->gz.p ? d->gz.p : "", d->gz.n)) != 0) {
			dk_warnx("%s:1: this looks like gzip data holding %s; htmlstrip "
			    "reads a page here (a stream of pages goes on standard input)",
			    path, dk_kind_says(kind));
			return DK_EXIT_INPUT;
		}
		if (hs_skip_not_page(d, d->gz.p ? d->gz.p : "", d->gz.n, NULL, 0, path))
			return status;
	} else if (warc || dk_is_warc(f->p, f->n))
		return hs_warc(d, path, f->p, f->n);
	else if (f->n > dk_max_record) {
		hs_skip_too_long(d, path);
		return 0;
	} else if ((kind = dk_sniff_page((const char *)f->p, f->n)) != 0) {
		dk_warnx("%s:1: this looks like %s; htmlstrip reads a page here "
		    "(a stream of pages goes on standard input)", path, dk_kind_says(kind));
		return DK_EXIT_INPUT;
	} else if (hs_skip_not_page(d, (const char *)f->p, f->n, NULL, 0, path))
		return 0;
	if (!id_ok(path)) {
		dk_warnx("%s: file name has a control character, cannot be an ID", path);
		return DK_EXIT_INPUT;
	}
	id.p = (char *)path;       /* read only */
	id.n = strlen(path);
	dk_ids_add_at(&dk_input_ids, path, DK_AT_OPERAND, 0, (dk_str){ id.p, 0 }, id);
	dk_progress_records++;
	dk_progress_input(f->n);
	dk_buf_str(&dk_out, path);
	dk_buf_char(&dk_out, '\t');
	if (used || why)
		hs_emit(d, d->gz.p ? d->gz.p : "", d->gz.n, NULL, 0, path);
	else
		hs_emit(d, (const char *)f->p, f->n, NULL, 0, path);
	return status;
}

/* A document stream: ID [CARRIED...] HTML. */
static void
do_stream(struct hs_doc *d, dk_reader *r)
{
	dk_record rec = { 0 };
	dk_str html;
	dk_buf where = { 0 };

	dk_expect(r, DK_KIND_DOC, "a document stream (ID [CARRIED]... HTML) on "
	    "standard input, or a WARC file with --warc");
	while (dk_read_record(r, &rec, 2)) {
		dk_ids_check(&dk_input_ids, r, &rec, 0);
		html = dk_record_text(r, &rec);
		if (hs_not_page((const unsigned char *)html.p, html.n, NULL, 0)) {
			where.n = 0;
			dk_buf_str(&where, dk_reader_name(r));
			dk_buf_char(&where, ':');
			dk_buf_u64(&where, dk_reader_lineno(r));
			dk_buf_char(&where, 0);
			hs_skip_not_page(d, html.p, html.n, NULL, 0, where.p);
			continue;
		}
		dk_buf_head(&dk_out, &rec);
		hs_emit(d, html.p, html.n, NULL, 0, dk_reader_name(r));
	}
	dk_record_free(&rec);
	dk_buf_free(&where);
}

static int
operand(struct hs_doc *d, const char *path, int warc, dk_filebuf *fb)
{
	dk_file f;
	dk_reader *r;
	int fd, status;

	if (strcmp(path, "-") == 0 && !warc) {
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
	status = do_file(d, strcmp(path, "-") == 0 ? "stdin" : path, warc, &f);
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
		{ NULL, 0, NULL, 0 }
	};
	struct hs_doc d = { 0 };
	dk_filebuf fb = { 0 };
	int ch, warc = 0, status = 0, s;
	char *stdin_only[] = { "-", NULL };

	dk_cli_init(argc, argv);
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
			dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (d.comments && !d.main)
		dk_diex(DK_EXIT_INPUT, "--comments needs --main (without it the whole text is kept)");

	if (argc == 0)
		argv = stdin_only;
	dk_progress_operands(argc, argv);
	for (; *argv; argv++)
		if ((s = operand(&d, *argv, warc, &fb)) > status)
			status = s;
	if (d.status > status)
		status = d.status;
	d.toolong += dk_records_skipped;    /* records of a stream on stdin */
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
	dk_buf_free(&d.gz), dk_buf_free(&d.chunk), dk_buf_free(&d.inflated);
	dk_buf_free(&d.name), dk_buf_free(&d.warc.gz);
	dk_buf_free(&d.text), hs_tree_free(&d.tree);
	free(fb.p);
	return status;
}
