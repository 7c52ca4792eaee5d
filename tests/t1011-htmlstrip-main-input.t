#!/bin/sh
test_description='htmlstrip --main: every input htmlstrip takes, limits, hostile pages'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup: a page with framing, its text' '
	cat >page.html <<-\EOF &&
	<html><head><title>Ferry</title></head><body>
	<ul class="menu"><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/contact">Contact</a></li></ul>
	<div class="story"><h1>Ferry returns after repairs</h1>
	<p>The island ferry is back in service after six weeks in dry dock, where its engines were overhauled and its hull repainted.</p>
	<p>The first crossing left at seven in the morning with forty cars on board, and the timetable is the same as before the repairs.</p></div>
	<footer><a href="/about">About</a> Copyright 2024 Island Post</footer>
	</body></html>
	EOF
	text="Ferry returns after repairs\\\\nThe island ferry is back in service after six weeks in dry dock, where its engines were overhauled and its hull repainted.\\\\nThe first crossing left at seven in the morning with forty cars on board, and the timetable is the same as before the repairs." &&
	printf "page.html\t$text\n" >expect.page &&
	printf "urn:uuid:f1\t2024-01-01T00:00:00Z\thttp://f/\t$text\n" >expect.warc &&
	printf "d1\tcarried\t$text\n" >expect.stream &&
	printf "page.html\tFerry\\\\n$text\n" >expect.title
'

test_expect_success 'file operand, and --title' '
	htmlstrip --main page.html >actual &&
	test_cmp expect.page actual &&
	htmlstrip --main --title page.html >actual &&
	test_cmp expect.title actual
'

test_expect_success 'gzip page' '
	gzip -n <page.html >page.html.gz &&
	htmlstrip --main page.html.gz >actual &&
	sed "s/^page.html/page.html.gz/" expect.page >expect &&
	test_cmp expect actual
'

test_expect_success 'WARC, plain and gzipped, and on stdin with --warc' '
	{ printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" && cat page.html; } >resp &&
	dk_warc_record response http://f/ urn:uuid:f1 2024-01-01T00:00:00Z "application/http; msgtype=response" resp >a.warc &&
	htmlstrip --main a.warc >actual &&
	test_cmp expect.warc actual &&
	gzip -n <a.warc >a.warc.gz &&
	htmlstrip --main a.warc.gz >actual &&
	test_cmp expect.warc actual &&
	htmlstrip --main --warc <a.warc >actual &&
	test_cmp expect.warc actual
'

test_expect_success 'document stream on stdin keeps carried columns' '
	{ printf "d1\tcarried\t" && sed "s/\$/\\\\n/" page.html | tr -d "\n" && echo; } >in.tsv &&
	htmlstrip --main <in.tsv >actual &&
	test_cmp expect.stream actual
'

test_expect_success '-v counts pages kept whole over every input' '
	printf "<a href=/>Home</a> <a href=/x>X</a>" >links.html &&
	htmlstrip -v --main page.html links.html a.warc <in.tsv >/dev/null 2>err &&
	grep "3 documents, 0 WARC records skipped (0 non-HTML responses), 0 damaged, 0 not HTML pages, 0 over --max-record, 1 with no main content (whole page kept), 0 where it kept under a quarter of the text\$" err
'

test_expect_success '--max-record skips a long page as without --main' '
	expect_error 1 "^htmlstrip: page.html: record longer than 100 bytes skipped (see --max-record)\$" \
		htmlstrip --main --max-record 100 page.html
'

test_expect_success 'deep nesting, unclosed and stray tags: bounded, same words' '
	n=100000 && test -z "$DK_SLOW" || n=10000 &&
	awk -v n=$n "BEGIN { for (i = 0; i < n; i++) printf \"<div class=c%d>\", i; printf \"deep\"; for (i = 0; i < n; i++) printf \"</div>\"; }" >deep.html &&
	htmlstrip --main deep.html >actual &&
	printf "deep.html\tdeep\n" >expect &&
	test_cmp expect actual &&
	printf "</p></div></td><li><p>a<td>b</tr></table></li></a><a><a>c" >stray.html &&
	htmlstrip --main stray.html >actual &&
	printf "stray.html\ta\\\\nb\\\\nc\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'random markup: valid UTF-8, a line a page, words from the page only' '
	for i in 1 2 3 4 5 6; do
		head -c 30000 /dev/urandom | tr "\000-\377" "<<>>&&;;!!--\"\"ab /=#x\000\n\200\351\303pdivlatr_" >r$i.html ||
		return 1
	done &&
	htmlstrip --main r*.html >actual &&
	test $(wc -l <actual) = 6 &&
	iconv -f UTF-8 -t UTF-8 actual >/dev/null &&
	htmlstrip r*.html >whole &&
	cut -f 2 actual | sed "s/\\\\n/ /g" | tr " " "\n" | sort -u >w.main &&
	cut -f 2 whole | sed "s/\\\\n/ /g" | tr " " "\n" | sort -u >w.whole &&
	comm -23 w.main w.whole >extra &&
	test_must_be_empty extra
'

test_done
