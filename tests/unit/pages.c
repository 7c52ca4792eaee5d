/* Unit tests of common/pages: the documents of file operands, exactly --
 * a page file plain and as two gzip members, and a WARC file, plain and a
 * gzip member a record, whose responses are chunked, gzip-coded, of
 * another type, without a WARC-Record-ID, or not a page by the program's
 * word -- each document's ID, head, payload and Content-Type, and what is
 * counted. */
#define _GNU_SOURCE     /* memmem */
#include <stdio.h>
#include <string.h>

#include "ids.h"
#include "mem.h"
#include "pages.h"
#include "gzmember.h"
#include "tap.h"

#define PLAN 24

/* What the callbacks saw: each document as "ID|HEAD|PAYLOAD|CTYPE|WHERE"
 * lines, the pages the program refused, and the order of the calls. */
static dk_buf seen, calls;

static int
notpage(const dk_page *p, void *arg)
{
	(void)arg;
	dk_buf_str(&calls, "n");
	return p->payload.n >= 4 && memcmp(p->payload.p, "%PDF", 4) == 0;
}

static void
page(const dk_page *p, void *arg)
{
	(void)arg;
	dk_buf_str(&calls, "p");
	dk_buf_bytes(&seen, p->id.p, p->id.n);
	dk_buf_char(&seen, '|');
	dk_buf_bytes(&seen, p->head.p, p->head.n);
	dk_buf_char(&seen, '|');
	dk_buf_bytes(&seen, p->payload.p, p->payload.n);
	dk_buf_char(&seen, '|');
	if (p->ctype.n)
		dk_buf_bytes(&seen, p->ctype.p, p->ctype.n);
	dk_buf_char(&seen, '|');
	dk_buf_str(&seen, p->where);
	dk_buf_str(&seen, p->rec ? "|warc\n" : "|file\n");
}

/* One WARC/1.0 record of the given type, ID (none when NULL), URI and
 * block into out. */
static void
record(dk_buf *out, const char *type, const char *id, const char *uri, const char *block,
    size_t blockn)
{
	char len[32];

	dk_buf_str(out, "WARC/1.0\r\nWARC-Type: ");
	dk_buf_str(out, type);
	dk_buf_str(out, "\r\nWARC-Target-URI: <");
	dk_buf_str(out, uri);
	dk_buf_str(out, ">\r\n");
	if (id) {
		dk_buf_str(out, "WARC-Record-ID: <");
		dk_buf_str(out, id);
		dk_buf_str(out, ">\r\n");
	}
	dk_buf_str(out, "WARC-Date: 2024-01-02T03:04:05Z\r\nContent-Type: application/http; "
	    "msgtype=response\r\nContent-Length: ");
	snprintf(len, sizeof len, "%zu", blockn);
	dk_buf_str(out, len);
	dk_buf_str(out, "\r\n\r\n");
	dk_buf_bytes(out, block, blockn);
	dk_buf_str(out, "\r\n\r\n");
}

/* The WARC file of the tests into out, each record a gzip member when gz. */
static void
warc_file(dk_buf *out, int gz)
{
	static const char *const html = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>one";
	static const char *const chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
	    "3\r\n<p>\r\n3\r\ntwo\r\n0\r\n\r\n";
	static const char *const png = "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\nPNG";
	static const char *const pdf = "HTTP/1.1 200 OK\r\n\r\n%PDF-1.4";
	static const char *const noid = "HTTP/1.1 200 OK\r\n\r\n<p>five";
	dk_buf rec = { 0 }, coded = { 0 }, block = { 0 };
	int i;

	gzip_member(&coded, "<p>three", 8);
	dk_buf_str(&block, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n");
	dk_buf_bytes(&block, coded.p, coded.n);
	for (i = 0; i < 7; i++) {
		rec.n = 0;
		switch (i) {
		case 0: record(&rec, "warcinfo", "urn:x:0", "http://i/", "x", 1); break;
		case 1: record(&rec, "response", "urn:x:1", "http://a/", html, strlen(html)); break;
		case 2: record(&rec, "response", "urn:x:2", "http://b/", chunked, strlen(chunked)); break;
		case 3: record(&rec, "response", "urn:x:3", "http://c/", block.p, block.n); break;
		case 4: record(&rec, "response", "urn:x:4", "http://d/", png, strlen(png)); break;
		case 5: record(&rec, "response", "urn:x:5", "http://e/", pdf, strlen(pdf)); break;
		case 6: record(&rec, "response", NULL, "http://f/", noid, strlen(noid)); break;
		}
		if (gz)
			gzip_member(out, rec.p, rec.n);
		else
			dk_buf_bytes(out, rec.p, rec.n);
	}
	dk_buf_free(&rec), dk_buf_free(&coded), dk_buf_free(&block);
}

static const char want_warc[] =
    "urn:x:1|urn:x:1\t2024-01-02T03:04:05Z\thttp://a/\t|<p>one|text/html|W: offset O1 (http://a/)|warc\n"
    "urn:x:2|urn:x:2\t2024-01-02T03:04:05Z\thttp://b/\t|<p>two||W: offset O2 (http://b/)|warc\n"
    "urn:x:3|urn:x:3\t2024-01-02T03:04:05Z\thttp://c/\t|<p>three||W: offset O3 (http://c/)|warc\n"
    "http://f/ 2024-01-02T03:04:05Z|http://f/ 2024-01-02T03:04:05Z\t2024-01-02T03:04:05Z\t"
    "http://f/\t|<p>five||W: offset O6 (http://f/)|warc\n";

/* want_warc with the file's name and its records' offsets. */
static void
expected(dk_buf *out, const char *name, const dk_buf *file, int gz)
{
	const char *p, *q;
	char off[32];
	size_t at[7], i, k = 0, pos = 0;

	/* the records (plain) or members (gzip), in order */
	for (i = 0; i < 7; i++) {
		if (gz) {
			at[i] = pos;
			/* each member ends where the next gzip magic starts */
			q = memmem(file->p + pos + 1, file->n - pos - 1, "\x1f\x8b\x08", 3);
			pos = q ? (size_t)(q - file->p) : file->n;
		} else {
			q = memmem(file->p + pos + (i > 0), file->n - pos - (i > 0), "WARC/1.0\r\n", 10);
			at[i] = pos = (size_t)(q - file->p);
		}
	}
	out->n = 0;
	for (p = want_warc; *p; p++) {
		if (p[0] == 'W' && p[1] == ':') {
			dk_buf_str(out, name);
			continue;
		}
		if (p[0] == 'O' && p[1] >= '0' && p[1] <= '9') {
			k = (size_t)(p[1] - '0');
			snprintf(off, sizeof off, "%zu", at[k]);
			dk_buf_str(out, off);
			p++;
			continue;
		}
		dk_buf_char(out, *p);
	}
}

int
main(void)
{
	dk_pages ps = { 0 };
	dk_buf file = { 0 }, want = { 0 };
	const char *names[2] = { "w.warc", "w.warc.gz" };
	int gz;

	tap_plan(PLAN);
	/* the same records are read more than once (their ID checks are
	 * tests/t1005's) */
	dk_allow_repeated_ids = 1;
	ps.notpage = notpage;
	ps.page = page;

	/* a page file */
	dk_buf_str(&file, "<html><p>hi</p></html>");
	tap_ok(dk_pages_file(&ps, "a.html", 0, &(dk_file){ (unsigned char *)file.p, file.n,
	    DK_FILE_BORROWED }) == 0, "a page file: status 0");
	tap_is_mem(seen.p, seen.n, "a.html|a.html\t|<html><p>hi</p></html>||a.html|file\n",
	    strlen("a.html|a.html\t|<html><p>hi</p></html>||a.html|file\n"),
	    "a page file: named by its path, the file its payload");
	tap_is_mem(calls.p, calls.n, "np", 2, "a page file: told whether it is a page, then taken");

	/* the same page as two gzip members */
	file.n = seen.n = calls.n = 0;
	gzip_member(&file, "<html><p>", 9);
	gzip_member(&file, "hi</p></html>", 13);
	tap_ok(dk_pages_file(&ps, "b.html.gz", 0, &(dk_file){ (unsigned char *)file.p, file.n,
	    DK_FILE_BORROWED }) == 0, "a gzipped page file: status 0");
	tap_is_mem(seen.p, seen.n, "b.html.gz|b.html.gz\t|<html><p>hi</p></html>||b.html.gz|file\n",
	    strlen("b.html.gz|b.html.gz\t|<html><p>hi</p></html>||b.html.gz|file\n"),
	    "a gzipped page file: its members inflated one after another");

	/* a page the program refuses: neither taken nor named */
	file.n = seen.n = calls.n = 0;
	dk_buf_str(&file, "%PDF-1.4 ...");
	tap_ok(dk_pages_file(&ps, "c.pdf", 0, &(dk_file){ (unsigned char *)file.p, file.n,
	    DK_FILE_BORROWED }) == 0 && seen.n == 0, "a file the program says is no page: not taken");
	tap_is_mem(calls.p, calls.n, "n", 1, "... after it was asked");

	/* a WARC file, plain and a gzip member a record */
	for (gz = 0; gz < 2; gz++) {
		unsigned long skipped = ps.skipped, nothtml = ps.nothtml, damaged = ps.damaged;

		file.n = seen.n = calls.n = 0;
		warc_file(&file, gz);
		tap_ok(dk_pages_file(&ps, names[gz], 0, &(dk_file){ (unsigned char *)file.p, file.n,
		    DK_FILE_BORROWED }) == 0, "%s: found by its first bytes, status 0", names[gz]);
		expected(&want, names[gz], &file, gz);
		tap_is_mem(seen.p, seen.n, want.p, want.n, gz ? "w.warc.gz: its HTML responses" :
		    "w.warc: its HTML responses (plain, chunked, gzip coding, by URI and date)");
		tap_is_mem(calls.p, calls.n, "npnpnpnnp", 9, gz ? "w.warc.gz: the calls" :
		    "w.warc: every response of HTML or no type asked about, the pages taken");
		tap_ok(ps.skipped - skipped == 2, "%s: the warcinfo and the PNG response skipped",
		    names[gz]);
		tap_ok(ps.nothtml - nothtml == 1, "%s: the PNG response counted as not HTML",
		    names[gz]);
		tap_ok(ps.damaged == damaged && ps.toolong == 0 && dk_skips == 0,
		    "%s: nothing damaged or too long", names[gz]);
	}

	/* --warc: a WARC file gzipped is read as one with the option too */
	file.n = seen.n = calls.n = 0;
	warc_file(&file, 1);
	tap_ok(dk_pages_file(&ps, "w.warc.gz", 1, &(dk_file){ (unsigned char *)file.p, file.n,
	    DK_FILE_BORROWED }) == 0, "--warc: status 0");
	expected(&want, "w.warc.gz", &file, 1);
	tap_is_mem(seen.p, seen.n, want.p, want.n, "--warc: the same documents");

	/* a damaged record: reported, counted, the others read */
	file.n = seen.n = calls.n = 0;
	dk_buf_str(&file, "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: x\r\n\r\n");
	warc_file(&file, 0);
	tap_ok(dk_pages_file(&ps, "bad.warc", 0, &(dk_file){ (unsigned char *)file.p, file.n,
	    DK_FILE_BORROWED }) == DK_EXIT_INPUT, "a damaged record: status 2");
	tap_ok(ps.damaged == 1, "... counted");
	tap_ok(calls.n == 9, "... the records after it read");

	dk_buf_free(&file), dk_buf_free(&want), dk_buf_free(&seen), dk_buf_free(&calls);
	dk_pages_free(&ps);
	dk_ids_free(&dk_input_ids);
	return tap_failed != 0;
}
