/* The stream reader and writer: escapes, carried columns, CRLF, a missing
 * final newline, a 50 MB line, invalid UTF-8 and NUL bytes, signatures,
 * gzip input (dk_reader_gunzip). */
#include "dk.h"
#include "gzmember.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

static char tmpl[] = "/tmp/dk-unit-XXXXXX";

/* A reader over the given bytes, through a temporary file. */
static dk_reader *
reader_of(const char *bytes, size_t n)
{
	char path[sizeof tmpl];
	int fd;
	dk_reader *r;

	memcpy(path, tmpl, sizeof tmpl);
	if ((fd = mkstemp(path)) < 0 || write(fd, bytes, n) != (ssize_t)n)
		abort();
	close(fd);
	r = dk_reader_open(path);
	unlink(path);
	return r;
}

static void
test_escapes(void)
{
	const char raw[] = "a\\b\tc\nd\re \\n";
	dk_buf b = { 0 };
	dk_str s;

	dk_buf_escaped(&b, raw, sizeof raw - 1);
	tap_is_str(b.p, b.n, "a\\\\b\\tc\\nd\\re \\\\n", "writer escapes \\\\ \\t \\n \\r");
	s.p = b.p;
	s.n = b.n;
	tap_ok(dk_unescape(&s) == NULL, "reader accepts its own escapes");
	tap_is_mem(s.p, s.n, raw, sizeof raw - 1, "round trip of every escape");
	{
		char bad[] = "x\\qy", end[] = "x\\";
		dk_str bs = { bad, 4 }, es = { end, 2 };

		tap_ok(dk_unescape(&bs) != NULL, "unknown escape \\q is an error");
		tap_ok(dk_unescape(&es) != NULL, "backslash at end of field is an error");
	}
	{
		/* one escape at every distance from the next: the reader goes
		 * eight bytes a step between escapes */
		char want[400], esc[800];
		size_t i, k, nw = 0, ne = 0;
		dk_str ls;

		for (i = 0; i < 20; i++) {
			for (k = 0; k < i; k++)
				want[nw++] = esc[ne++] = (char)('a' + k);
			want[nw++] = i % 2 ? '\n' : '\\';
			esc[ne++] = '\\';
			esc[ne++] = i % 2 ? 'n' : '\\';
		}
		ls.p = esc;
		ls.n = ne;
		tap_ok(dk_unescape(&ls) == NULL, "runs of 0 to 19 bytes between escapes");
		tap_is_mem(ls.p, ls.n, want, nw, "each unescaped, every byte between kept");
	}
	dk_buf_free(&b);
}

static void
test_records(void)
{
	static const char in[] = "id1\turl\t2008\ttext one\r\nid2\tu\t9\ttwo\\tparts\nlast\tx\ty\tno newline";
	dk_reader *r = reader_of(in, sizeof in - 1);
	dk_record rec = { 0 };
	dk_buf b = { 0 };
	dk_str t;

	tap_ok(dk_read_record(r, &rec, 2) && rec.n == 4, "four fields");
	t = dk_record_text(r, &rec);
	tap_is_str(t.p, t.n, "text one", "CR before LF is dropped");
	dk_buf_head(&b, &rec);
	tap_is_str(b.p, b.n, "id1\turl\t2008\t", "ID and carried columns copied with their tabs");
	tap_ok(dk_read_record(r, &rec, 2), "second record");
	t = dk_record_text(r, &rec);
	tap_is_str(t.p, t.n, "two\tparts", "text unescaped in place");
	tap_is_int((long long)dk_reader_lineno(r), 2, "line number");
	tap_ok(dk_read_record(r, &rec, 2), "last line without newline is read");
	t = dk_record_text(r, &rec);
	tap_is_str(t.p, t.n, "no newline", "last line's text");
	tap_ok(!dk_read_record(r, &rec, 2), "then end of input");
	tap_ok(!dk_reader_error(r), "no read error");
	dk_reader_close(r);
	dk_record_free(&rec);
	dk_buf_free(&b);
}

static void
test_binary(void)
{
	static const char in[] = "a\t\xff\xfe\x80 ok\0nul\n\nb\tc\n";
	dk_reader *r = reader_of(in, sizeof in - 1);
	dk_str line;

	tap_ok(dk_read_line(r, &line), "line with invalid UTF-8 and NUL");
	tap_is_mem(line.p, line.n, "a\t\xff\xfe\x80 ok\0nul", 12, "bytes passed through untouched");
	tap_ok(dk_read_line(r, &line) && line.n == 0, "empty line is a line");
	tap_ok(dk_read_line(r, &line) && line.n == 3, "then the next");
	dk_reader_close(r);
}

static void
test_long_line(void)
{
	size_t big = 50u << 20, i;
	char *in = dk_malloc(big + 16);
	dk_reader *r;
	dk_record rec = { 0 };
	int same = 1;

	memcpy(in, "big\t", 4);
	for (i = 4; i < big; i++)
		in[i] = (char)('a' + i % 26);
	memcpy(in + big, "\nx\ty\n", 5);
	r = reader_of(in, big + 5);
	tap_ok(dk_read_record(r, &rec, 2) && rec.n == 2, "50 MB line read as one record");
	tap_is_int((long long)rec.f[1].n, (long long)(big - 4), "its text is whole");
	for (i = 0; i < rec.f[1].n && same; i++)
		same = rec.f[1].p[i] == (char)('a' + (i + 4) % 26);
	tap_ok(same, "and byte-identical");
	tap_ok(dk_read_record(r, &rec, 2) && rec.f[1].n == 1, "the line after it");
	dk_reader_close(r);
	dk_record_free(&rec);
	free(in);
}

static void
test_sigs(void)
{
	char ok[] = "the:south:carolina=2 a%20b=1 %25%3D%21=7";
	char flagged[] = "!short x=1";
	dk_sigs s = { 0 };
	dk_str f = { ok, sizeof ok - 1 };
	dk_buf b = { 0 };
	char all[256];
	int i;

	tap_ok(dk_parse_sigs(f, &s) == NULL && s.n == 3, "three signatures");
	tap_is_str(s.v[0].s.p, s.v[0].s.n, "the:south:carolina", "first signature");
	tap_is_int(s.v[0].count, 2, "its count");
	tap_is_str(s.v[1].s.p, s.v[1].s.n, "a b", "%20 decoded");
	tap_is_str(s.v[2].s.p, s.v[2].s.n, "%=!", "reserved bytes decoded");
	tap_is_int((long long)s.size, 10, "multiset size");
	f.p = flagged;
	f.n = sizeof flagged - 1;
	tap_ok(dk_parse_sigs(f, &s) == NULL && s.flags == DK_SIG_SHORT && s.n == 1, "!short flag");
	{
		char chains[] = "!probe !short !chains :a:b=1";

		f.p = chains;
		f.n = sizeof chains - 1;
		tap_ok(dk_parse_sigs(f, &s) == NULL && s.n == 1 &&
		    s.flags == (DK_SIG_SHORT | DK_SIG_PROBE | DK_SIG_CHAINS),
		    "!chains flag, flags in any order");
	}
	f.n = 0;
	tap_ok(dk_parse_sigs(f, &s) == NULL && s.n == 0, "empty multiset");
	{
		static const char *bad[] = { "a", "a=", "a=0", "a=x", "=3", "a=1  b=1", " a=1",
			"a=1 ", "x=1 !short", "!bogus", "!chains !chains", "x=1 !chains", "a%2=1", "a b=1", "a=99999999999" };
		size_t k;

		for (k = 0; k < sizeof bad / sizeof *bad; k++) {
			char tmp[32];

			strcpy(tmp, bad[k]);
			f.p = tmp;
			f.n = strlen(tmp);
			tap_ok(dk_parse_sigs(f, &s) != NULL, "rejects '%s'", bad[k]);
		}
	}
	for (i = 0; i < 256; i++)
		all[i] = (char)i;
	dk_buf_sigtext(&b, all, 256, ':');
	dk_buf_sigcount(&b, 3);
	tap_ok(memchr(b.p, ' ', b.n) == NULL && memchr(b.p, '\t', b.n) == NULL &&
	    memchr(b.p, '\n', b.n) == NULL && memchr(b.p, ':', b.n) == NULL,
	    "encoded signature has no space, tab, newline or extra byte");
	f.p = b.p;
	f.n = b.n;
	tap_ok(dk_parse_sigs(f, &s) == NULL && s.n == 1 && s.v[0].count == 3, "all 256 bytes parse back");
	tap_is_mem(s.v[0].s.p, s.v[0].s.n, all, 256, "and decode to themselves");
	dk_sigs_free(&s);
	dk_buf_free(&b);
}

/* A random SIG=COUNT list, mostly well formed, from pieces that meet
 * every branch of the parser; with escape set each item's first byte is
 * written %XX, which sends the item through the parser's general path. */
static size_t
random_field(char *out, uint64_t *st, int escape, uint64_t seed_items)
{
	static const char *const names[] = { "a", "the:cat:sat", "x%41", "\xc3\xa9t\xc3\xa9", "q", "" };
	static const char *const counts[] = { "1", "2", "0", "", "4294967295", "4294967296",
		"12x", "007", "99999999999999999999" };
	static const char *const seps[] = { " ", " ", " ", " ", "  ", "=", "!", "\\" };
	uint64_t items = seed_items, i;
	size_t n = 0;
	const char *nm;

	for (i = 0; i < items; i++) {
		if (i > 0)
			n += (size_t)sprintf(out + n, "%s", seps[dk_rand64(st) % 8 < 7 ? 0 : 1 + dk_rand64(st) % 7]);
		nm = names[dk_rand64(st) % 6];
		if (escape && nm[0] != '\0')
			n += (size_t)sprintf(out + n, "%%%02X%s", (unsigned char)nm[0], nm + 1);
		else
			n += (size_t)sprintf(out + n, "%s", nm);
		if (dk_rand64(st) % 16 != 0)
			n += (size_t)sprintf(out + n, "=%s", counts[dk_rand64(st) % 4 ? 0 :
			    dk_rand64(st) % 9]);
	}
	return n;
}

/* The one-pass path of plain items and the general path agree: on
 * 20,000 random lists, each parsed as written and with every item's first
 * byte escaped, the same error or the same signatures. */
static void
test_sigs_paths(void)
{
	char a[512], b[600];
	dk_sigs sa = { 0 }, sb = { 0 };
	uint64_t st = 7, st2, k;
	const char *ea, *eb;
	size_t na, nb, i;
	int bad = 0, errors = 0;

	for (k = 0; k < 20000; k++) {
		uint64_t items = 1 + dk_rand64(&st) % 6;

		st2 = st;
		na = random_field(a, &st, 0, items);
		nb = random_field(b, &st2, 1, items);
		ea = dk_parse_sigs((dk_str){ a, na }, &sa);
		eb = dk_parse_sigs((dk_str){ b, nb }, &sb);
		errors += ea != NULL;
		if (ea != eb || (!ea && (sa.n != sb.n || sa.size != sb.size || sa.flags != sb.flags)))
			bad++;
		for (i = 0; !ea && ea == eb && i < sa.n && i < sb.n; i++)
			if (sa.v[i].count != sb.v[i].count || sa.v[i].s.n != sb.v[i].s.n ||
			    memcmp(sa.v[i].s.p, sb.v[i].s.p, sa.v[i].s.n) != 0)
				bad++;
		if (bad == 1 && k == 0)
			tap_diag("%.*s | %.*s", (int)na, a, (int)nb, b);
	}
	tap_is_int(bad, 0, "one-pass and general signature parsing agree (20,000 lists)");
	tap_ok(errors > 2000 && errors < 18000, "both well formed and bad lists (%d bad)", errors);
	dk_sigs_free(&sa);
	dk_sigs_free(&sb);
}

static void
test_numbers(void)
{
	dk_buf b = { 0 };

	dk_buf_sim(&b, 0.8);
	dk_buf_char(&b, ' ');
	dk_buf_sim(&b, 1.0);
	dk_buf_char(&b, ' ');
	dk_buf_sim(&b, 2.0 / 3);
	dk_buf_char(&b, ' ');
	dk_buf_sim(&b, 0);
	dk_buf_char(&b, ' ');
	dk_buf_u64(&b, 18446744073709551615ULL);
	tap_is_str(b.p, b.n, "0.800000 1.000000 0.666667 0.000000 18446744073709551615",
	    "similarities and integers");
	dk_buf_free(&b);
}

static void
test_gunzip(void)
{
	dk_buf gz = { 0 }, big = { 0 };
	dk_reader *r;
	dk_str line;
	size_t i;
	int ok;

	/* a line of 600,000 bytes over two members: more than a read
	 * buffer of inflated bytes, and a line cut between members */
	for (i = 0; i < 600000; i++)
		dk_buf_char(&big, (char)('a' + i % 26));
	gzip_member(&gz, "one\ttwo\r\n", 9);
	gzip_member(&gz, big.p, 300000);
	gzip_member(&gz, big.p + 300000, 300000);
	gzip_member(&gz, "\nlast", 5);
	r = reader_of(gz.p, gz.n);
	tap_ok(dk_reader_gunzip(r) == 1, "gzip magic: the reader inflates");
	ok = dk_read_line(r, &line);
	tap_is_str(ok ? line.p : "", ok ? line.n : 0, "one\ttwo", "the first line, its CR dropped");
	ok = dk_read_line(r, &line) && line.n == big.n && memcmp(line.p, big.p, big.n) == 0;
	tap_ok(ok, "a long line across members");
	ok = dk_read_line(r, &line);
	tap_is_str(ok ? line.p : "", ok ? line.n : 0, "last", "the last line, without LF");
	tap_ok(!dk_read_line(r, &line) && !dk_reader_error(r) && dk_reader_lineno(r) == 3,
	    "end of input after three lines");
	dk_reader_close(r);

	r = reader_of("\x1f\x8b", 2);
	tap_ok(dk_reader_gunzip(r) == 0 && dk_read_line(r, &line) && line.n == 2,
	    "two bytes of magic alone are read as they are");
	dk_reader_close(r);
	r = reader_of("id\ttext\n", 8);
	tap_ok(dk_reader_gunzip(r) == 0 && dk_read_line(r, &line) && line.n == 7,
	    "text is read as it is");
	dk_reader_close(r);
	dk_buf_free(&gz);
	dk_buf_free(&big);
}

int
main(void)
{
	tap_plan(62);
	test_escapes();
	test_records();
	test_binary();
	test_long_line();
	test_sigs();
	test_sigs_paths();
	test_numbers();
	test_gunzip();
	return tap_done(62);
}
