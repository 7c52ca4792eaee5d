#!/bin/sh
test_description='htmlstrip: files, gzip, WARC, document streams, errors'
. "$(dirname "$0")/lib.sh"

# record TYPE URI CONTENT-TYPE BLOCK-FILE: one WARC record on stdout, its
# WARC-Record-ID <urn:x:TYPE:URI> (the URI without angle brackets).
record() {
	printf "WARC/1.0\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\n" "$1" "$2" &&
	printf "WARC-Record-ID: <urn:x:%s:%s>\r\n" "$1" "$(echo "$2" | tr -d "<>")" &&
	printf "WARC-Date: 2024-01-01T00:00:00Z\r\n" &&
	printf "Content-Type: %s\r\nContent-Length: %s\r\n\r\n" "$3" "$(wc -c <"$4" | tr -d " ")" &&
	cat "$4" && printf "\r\n\r\n"
}

test_expect_success 'setup WARC records' '
	printf "software: test\r\n" >info &&
	printf "GET / HTTP/1.1\r\nHost: a\r\n\r\n" >req &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>one</p><p>two</p>" >r1 &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\211PNG" >r2 &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1251\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n<b>\340\r\n4\r\n</b>\r\n0\r\n\r\n" >r3 &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>three</p>" >r4 &&
	{ record warcinfo "" application/warc-fields info &&
	  record request http://a/ "application/http; msgtype=request" req &&
	  record response http://a/ "application/http; msgtype=response" r1 &&
	  record response http://a/x.png "application/http; msgtype=response" r2 &&
	  record response "<http://b/>" "application/http; msgtype=response" r3
	} >a.warc &&
	record response http://c/ "application/http; msgtype=response" r4 >c.warc &&
	printf "urn:x:response:http://a/\t2024-01-01T00:00:00Z\thttp://a/\tone\\\\ntwo\n" >expect.warc &&
	printf "urn:x:response:http://b/\t2024-01-01T00:00:00Z\thttp://b/\tа\n" >>expect.warc &&
	printf "urn:x:response:http://c/\t2024-01-01T00:00:00Z\thttp://c/\tthree\n" >expect.c
'

test_expect_success 'WARC: HTML responses only, found without --warc' '
	htmlstrip -v a.warc >actual 2>err &&
	test_cmp expect.warc actual &&
	grep "2 documents, 3 WARC records skipped (1 non-HTML responses), 0 damaged, 0 not HTML pages, 0 over --max-record\$" err
'

test_expect_success 'WARC on stdin needs --warc' '
	htmlstrip --warc <a.warc >actual &&
	test_cmp expect.warc actual
'

test_expect_success 'WARC with a gzip member per record' '
	rm -f a.warc.gz &&
	{ record warcinfo "" application/warc-fields info | gzip -n &&
	  record request http://a/ "application/http; msgtype=request" req | gzip -n &&
	  record response http://a/ "application/http; msgtype=response" r1 | gzip -n &&
	  record response http://a/x.png "application/http; msgtype=response" r2 | gzip -n &&
	  record response "<http://b/>" "application/http; msgtype=response" r3 | gzip -n
	} >a.warc.gz &&
	htmlstrip a.warc.gz >actual &&
	test_cmp expect.warc actual
'

test_expect_success 'WARC: one gzip member for all, records across members' '
	gzip -n <a.warc >one.warc.gz &&
	htmlstrip one.warc.gz >actual &&
	test_cmp expect.warc actual &&
	{ head -c 300 a.warc | gzip -n && tail -c +301 a.warc | gzip -n; } >split.warc.gz &&
	htmlstrip split.warc.gz >actual &&
	test_cmp expect.warc actual
'

test_expect_success 'WARC: <meta> charset wins over the HTTP header' '
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1251\r\n\r\n<meta charset=koi8-r>\301" >r6 &&
	record response http://k/ "application/http; msgtype=response" r6 >k.warc &&
	htmlstrip k.warc >actual &&
	printf "urn:x:response:http://k/\t2024-01-01T00:00:00Z\thttp://k/\tа\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'WARC: gzip content coding is undone' '
	printf "<p>zipped</p>" | gzip -n >body.gz &&
	{ printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n" &&
	  cat body.gz; } >r5 &&
	record response http://z/ "application/http; msgtype=response" r5 >z.warc &&
	htmlstrip z.warc >actual &&
	printf "urn:x:response:http://z/\t2024-01-01T00:00:00Z\thttp://z/\tzipped\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'WARC: a damaged record is reported, the rest read' '
	sed "s/^Content-Length: [0-9]*/Content-Length: x/" c.warc >bad.warc &&
	cat c.warc >>bad.warc &&
	expect_error 2 "htmlstrip: bad.warc: offset 0: missing or bad Content-Length" htmlstrip bad.warc &&
	htmlstrip bad.warc >actual 2>/dev/null;
	test_cmp expect.c actual
'

test_expect_success 'WARC: a truncated gzip member is reported, the rest read' '
	record response http://a/ "application/http; msgtype=response" r1 | gzip -n >m1 &&
	record response http://c/ "application/http; msgtype=response" r4 | gzip -n >m2 &&
	size=$(wc -c <m1) &&
	{ head -c $((size - 12)) m1 && cat m2; } >t.warc.gz &&
	expect_error 2 "htmlstrip: t.warc.gz: offset 0: " htmlstrip t.warc.gz &&
	htmlstrip t.warc.gz >actual 2>/dev/null;
	test_cmp expect.c actual
'

test_expect_success 'WARC: a record cut short at the end' '
	head -c $(($(wc -c <c.warc) - 10)) c.warc >cut.warc &&
	expect_error 2 "htmlstrip: cut.warc: offset 0: truncated WARC record" htmlstrip cut.warc
'

test_expect_success 'gzip files are read, concatenated members too' '
	printf "<p>first</p>" | gzip -n >p.html.gz &&
	printf "<p>second</p>" | gzip -n >>p.html.gz &&
	htmlstrip p.html.gz >actual &&
	printf "p.html.gz\tfirst\\\\nsecond\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'a truncated gzip file: reported, what was read is kept' '
	printf "<p>all of this text</p>" | gzip -n >full.gz &&
	head -c $(($(wc -c <full.gz) - 8)) full.gz >trunc.gz &&
	expect_error 2 "htmlstrip: trunc.gz: offset 0: truncated gzip member" htmlstrip trunc.gz &&
	htmlstrip trunc.gz >actual 2>/dev/null;
	printf "trunc.gz\tall of this text\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'document stream on stdin keeps carried columns' '
	printf "d1\tc1\t<p>a</p>\\\\n<p>b\\\\tc</p>\nd2\t\tx&amp;y\n" >in.tsv &&
	htmlstrip <in.tsv >actual &&
	printf "d1\tc1\ta\\\\nb c\nd2\t\tx&y\n" >expect &&
	test_cmp expect actual &&
	htmlstrip - <in.tsv >actual &&
	test_cmp expect actual
'

test_expect_success 'stream: too few fields, bad escape' '
	printf "d1\t<p>a</p>\nnotab\n" >bad.tsv &&
	expect_error 2 "htmlstrip: stdin:2: expected at least 2" htmlstrip <bad.tsv &&
	printf "d1\tx\\\\q\n" >bad.tsv &&
	expect_error 2 "htmlstrip: stdin:1: invalid escape" htmlstrip <bad.tsv
'

test_expect_success 'unreadable operand: warn, go on, exit 1' '
	printf "<p>ok</p>" >ok.html &&
	expect_error 1 "htmlstrip: nope.html: No such file" htmlstrip nope.html ok.html &&
	mkdir -p adir &&
	expect_error 1 "htmlstrip: adir: Is a directory" htmlstrip adir ok.html &&
	htmlstrip nope.html ok.html >actual 2>/dev/null;
	printf "ok.html\tok\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'empty page, random bytes but for controls (a page, not binary data)' '
	: >empty.html &&
	head -c 20000 /dev/urandom | tr -d "\000-\010\016-\032\034-\037" >junk.html &&
	htmlstrip empty.html junk.html >actual &&
	test $(wc -l <actual) = 2 &&
	head -1 actual >first &&
	printf "empty.html\t\n" >expect &&
	test_cmp expect first &&
	iconv -f UTF-8 -t UTF-8 actual >/dev/null
'

test_expect_success 'usage errors' '
	expect_error 2 "usage: htmlstrip" htmlstrip --bogus
'

test_done
