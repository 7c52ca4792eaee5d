#!/bin/sh
test_description='htmlstrip --warc on a WARC file of several MB: the pages
of the mapped file behind the record being read are given back as it goes
(common/warc.c), which changes no output: the same pages, damage and records
over --max-record reported at the same offsets as when the file comes
through a pipe (read whole into memory)'
. "$(dirname "$0")/lib.sh"

# N response records of about 600 bytes, the page text naming its record
warc_feed() {
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++) {
			text = "page " i
			for (j = 0; j < 40; j++)
				text = text " w" (i * 7 + j * 13) % 20011
			body = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" \
			    "<html><body><p>" text "</p></body></html>"
			printf "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://s/%d\r\n" \
			    "WARC-Record-ID: <urn:uuid:r%d>\r\nWARC-Date: 2024-03-01T10:00:00Z\r\n" \
			    "Content-Type: application/http; msgtype=response\r\n" \
			    "Content-Length: %d\r\n\r\n%s\r\n\r\n", i, i, length(body), body
		}
	}'
}

test_expect_success 'setup: a 4 MB WARC, plain and a gzip member a record' '
	warc_feed 8000 >feed.warc &&
	test $(wc -c <feed.warc) -gt 4000000 &&
	python3 -c "
import sys, zlib
data = open(\"feed.warc\", \"rb\").read().split(b\"WARC/1.0\\r\\n\")[1:]
with open(\"feed.warc.gz\", \"wb\") as out:
    for rec in data:
        c = zlib.compressobj(6, zlib.DEFLATED, 31)
        out.write(c.compress(b\"WARC/1.0\\r\\n\" + rec) + c.flush())
" &&
	test $(wc -c <feed.warc.gz) -gt 1100000
'

test_expect_success 'every page, in order, as through a pipe' '
	htmlstrip --warc feed.warc >actual 2>err &&
	test_must_be_empty err &&
	test $(wc -l <actual) = 8000 &&
	cat feed.warc | htmlstrip --warc >expect &&
	test_cmp expect actual &&
	sed -n "8000p" actual | cut -f 1,4 | cut -c 1-24 >last &&
	printf "urn:uuid:r7999\tpage 7999\n" >want && test_cmp want last
'

test_expect_success '.warc.gz: every page, as through a pipe' '
	htmlstrip --warc feed.warc.gz >actual.gz 2>err &&
	test_must_be_empty err &&
	test_cmp expect actual.gz
'

# damage and a record over the limit past the first MB given back
test_expect_success 'damage and a record over --max-record late in the file: the same offsets' '
	warc_feed 4000 >bad.warc &&
	off=$(wc -c <bad.warc) &&
	printf "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: x\r\n\r\n" >>bad.warc &&
	warc_feed 1 | sed "s/urn:uuid:r0/urn:uuid:tail/; s|http://s/0|http://t/|" >>bad.warc &&
	test_expect_code 2 htmlstrip --warc bad.warc >actual 2>err &&
	grep "^htmlstrip: bad.warc: offset $off: " err &&
	cat bad.warc | test_expect_code 2 htmlstrip --warc >expect 2>err.pipe &&
	test_cmp expect actual &&
	sed "s/stdin/bad.warc/" err.pipe >err.expect && test_cmp err.expect err &&
	grep -c "^urn:uuid:tail	" actual >n && echo 1 >one && test_cmp one n &&
	cp feed.warc long.warc &&
	off=$(wc -c <long.warc) &&
	dk_http_page big "$(awk "BEGIN { for (i = 0; i < 300; i++) printf \"long \" }")" &&
	dk_warc_record response http://big/ urn:uuid:big 2024-03-01T10:00:00Z \
		"application/http; msgtype=response" big >>long.warc &&
	warc_feed 1 | sed "s/urn:uuid:r0/urn:uuid:after/" >>long.warc &&
	expect_error 1 "^htmlstrip: long.warc: offset $off: record longer than 1000 bytes skipped" \
		htmlstrip --warc --max-record 1000 long.warc &&
	test $(wc -l <err) = 1 &&
	htmlstrip --warc --max-record 1000 long.warc 2>/dev/null >actual;
	cat long.warc | htmlstrip --warc --max-record 1000 2>/dev/null >expect;
	test_cmp expect actual &&
	test $(wc -l <actual) = 8001 && tail -n 1 actual | cut -f 1 >last &&
	echo urn:uuid:after >want && test_cmp want last
'

test_done
