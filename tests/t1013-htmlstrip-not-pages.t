#!/bin/sh
test_description='htmlstrip: binary files, PDF documents and images given as
pages are named and skipped with status 1, as a file, a gzip file, a stream
record or a WARC response that says it is HTML; UTF-16 pages and plain text
are still pages; a page or record over --max-record is skipped alike'
. "$(dirname "$0")/lib.sh"

H="application/http; msgtype=response"
D=2024-01-01T00:00:00Z

# bytes N SEED: N random bytes, the same at every run.
bytes() {
	dk_python -c "import random, sys; r = random.Random($2); sys.stdout.buffer.write(bytes(r.getrandbits(8) for _ in range($1)))"
}

test_expect_success 'setup' '
	bytes 20000 1 >junk.bin &&
	{ printf "%%PDF-1.4\n%%\342\343\317\323\n1 0 obj\n<< /Length 2000 >>\nstream\n" &&
	  bytes 2000 2; } >fake.pdf &&
	printf "\211PNG\r\n\032\n\000\000\000\rIHDR\000\000\000\020" >head.png &&
	head -c 1000 /dev/zero >nul.bin &&
	printf "<p>first page</p>" >a.html &&
	printf "<p>second page</p>" >b.html &&
	printf "just a line of text, no markup\n" >plain.txt
'

test_expect_success 'random bytes are not a page' '
	test_expect_code 1 htmlstrip junk.bin >actual 2>err &&
	test_must_be_empty actual &&
	echo "htmlstrip: junk.bin: not an HTML page (binary data): skipped" >expect &&
	test_cmp expect err
'

test_expect_success 'a PDF document, by its header' '
	test_expect_code 1 htmlstrip fake.pdf >actual 2>err &&
	test_must_be_empty actual &&
	echo "htmlstrip: fake.pdf: not an HTML page (PDF document): skipped" >expect &&
	test_cmp expect err
'

test_expect_success 'a PNG image, by its header alone' '
	test_expect_code 1 htmlstrip head.png >actual 2>err &&
	test_must_be_empty actual &&
	echo "htmlstrip: head.png: not an HTML page (PNG image): skipped" >expect &&
	test_cmp expect err
'

test_expect_success 'a file of NUL bytes' '
	test_expect_code 1 htmlstrip nul.bin >actual 2>err &&
	test_must_be_empty actual &&
	echo "htmlstrip: nul.bin: not an HTML page (binary data): skipped" >expect &&
	test_cmp expect err
'

test_expect_success 'gzip files: a PDF inside, gzip data inside' '
	gzip -n <fake.pdf >pdf.gz &&
	gzip -n <a.html | gzip -n >twice.html.gz &&
	test_expect_code 1 htmlstrip pdf.gz twice.html.gz >actual 2>err &&
	test_must_be_empty actual &&
	cat >expect <<-\EOF &&
	htmlstrip: pdf.gz: not an HTML page (PDF document): skipped
	htmlstrip: twice.html.gz: not an HTML page (gzip data): skipped
	EOF
	test_cmp expect err
'

test_expect_success 'pages and junk together: the pages written, the junk named, -v counts' '
	test_expect_code 1 htmlstrip -v a.html junk.bin b.html fake.pdf >actual 2>err &&
	printf "a.html\tfirst page\nb.html\tsecond page\n" >expect &&
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	htmlstrip: junk.bin: not an HTML page (binary data): skipped
	htmlstrip: fake.pdf: not an HTML page (PDF document): skipped
	htmlstrip: 2 documents, 0 WARC records skipped (0 non-HTML responses), 0 damaged, 2 not HTML pages, 0 over --max-record
	EOF
	test_cmp expect err
'

test_expect_success 'UTF-16 pages with a byte order mark are pages' '
	{ printf "\377\376" && printf "<p>caf\303\251 \316\251</p>" | iconv -f UTF-8 -t UTF-16LE; } >le.html &&
	{ printf "\376\377" && printf "<p>\320\274\320\270\321\200 \346\227\245</p>" | iconv -f UTF-8 -t UTF-16BE; } >be.html &&
	htmlstrip le.html be.html >actual 2>err &&
	printf "le.html\tcaf\303\251 \316\251\nbe.html\t\320\274\320\270\321\200 \346\227\245\n" >expect &&
	test_cmp expect actual &&
	test_must_be_empty err
'

test_expect_success 'plain text and ISO-2022-JP (escapes in every line) are pages' '
	i=0 && while test $i -lt 60; do printf "\346\227\245a\346\234\254b\350\252\236c\n"; i=$((i + 1)); done >jp.txt &&
	{ printf "<meta charset=iso-2022-jp><pre>" && iconv -f UTF-8 -t ISO-2022-JP <jp.txt; } >jp.html &&
	test $(tr -cd "\033" <jp.html | wc -c) -ge 300 &&
	htmlstrip plain.txt jp.html >actual 2>err &&
	printf "plain.txt\tjust a line of text, no markup\njp.html\t" >expect &&
	sed "s/\$/\\\\n/" jp.txt | tr -d "\n" | sed "s/\\\\n\$//" >>expect &&
	echo >>expect &&
	test_cmp expect actual &&
	test_must_be_empty err
'

test_expect_success 'a document stream: a binary record named by its line, the others written' '
	printf "d1\t<p>one</p>\nd2\t%%PDF-1.5 \001\002\003\004\nd3\t\001\002\003\004\005\006\007\010\021\022\023\024\025\026\027\030\nd4\t<p>four</p>\n" >in.tsv &&
	test_expect_code 1 htmlstrip -v <in.tsv >actual 2>err &&
	printf "d1\tone\nd4\tfour\n" >expect &&
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	htmlstrip: stdin:2: not an HTML page (PDF document): skipped
	htmlstrip: stdin:3: not an HTML page (binary data): skipped
	htmlstrip: 2 documents, 0 WARC records skipped (0 non-HTML responses), 0 damaged, 2 not HTML pages, 0 over --max-record
	EOF
	test_cmp expect err
'

test_expect_success 'WARC: a binary response that says text/html is named by offset and ID; a PDF response is filtered, counted' '
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>the page</p>" >r1 &&
	{ printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" && cat fake.pdf; } >r2 &&
	{ printf "HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\n\r\n" && cat fake.pdf; } >r3 &&
	{ printf "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-16le\r\n\r\n" &&
	  printf "<p>wide page</p>" | iconv -f UTF-8 -t UTF-16LE; } >r4 &&
	dk_warc_record response http://a/ urn:uuid:1 $D "$H" r1 >w1 &&
	dk_warc_record response http://b/ urn:uuid:2 $D "$H" r2 >w2 &&
	dk_warc_record response http://c/ urn:uuid:3 $D "$H" r3 >w3 &&
	dk_warc_record response http://d/ urn:uuid:4 $D "$H" r4 >w4 &&
	cat w1 w2 w3 w4 >a.warc &&
	test_expect_code 1 htmlstrip -v a.warc >actual 2>err &&
	printf "urn:uuid:1\t$D\thttp://a/\tthe page\nurn:uuid:4\t$D\thttp://d/\twide page\n" >expect &&
	test_cmp expect actual &&
	echo "htmlstrip: a.warc: offset $(wc -c <w1) (urn:uuid:2): not an HTML page (PDF document): skipped" >expect &&
	echo "htmlstrip: 2 documents, 1 WARC records skipped (1 non-HTML responses), 0 damaged, 1 not HTML pages, 0 over --max-record" >>expect &&
	test_cmp expect err
'

test_expect_success 'WARC: responses of other types alone are no error' '
	cat w1 w3 >b.warc &&
	htmlstrip b.warc >actual 2>err &&
	printf "urn:uuid:1\t$D\thttp://a/\tthe page\n" >expect &&
	test_cmp expect actual &&
	test_must_be_empty err
'

test_expect_success 'a page over --max-record is skipped, the next written, exit 1' '
	printf "<p>%0200d</p>" 0 >long.html &&
	test_expect_code 1 htmlstrip -v --max-record 100 long.html a.html >actual 2>err &&
	printf "a.html\tfirst page\n" >expect &&
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	htmlstrip: long.html: record longer than 100 bytes skipped (see --max-record)
	htmlstrip: 1 documents, 0 WARC records skipped (0 non-HTML responses), 0 damaged, 0 not HTML pages, 1 over --max-record
	EOF
	test_cmp expect err
'

test_expect_success 'a gzip page and a WARC record over --max-record alike' '
	gzip -n <long.html >long.html.gz &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" >r5 && cat long.html >>r5 &&
	dk_warc_record response http://e/ urn:uuid:5 $D "$H" r5 >w5 &&
	cat w5 w1 >c.warc &&
	test_expect_code 1 htmlstrip -v --max-record 200 long.html.gz c.warc >actual 2>err &&
	printf "urn:uuid:1\t$D\thttp://a/\tthe page\n" >expect &&
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	htmlstrip: long.html.gz: record longer than 200 bytes skipped (see --max-record)
	htmlstrip: c.warc: offset 0: record longer than 200 bytes skipped (see --max-record)
	htmlstrip: 1 documents, 0 WARC records skipped (0 non-HTML responses), 0 damaged, 0 not HTML pages, 2 over --max-record
	EOF
	test_cmp expect err
'

test_expect_success 'a damaged record and one over --max-record: status 2, the worse' '
	{ cat w5 && head -c 100 w1; } >d.warc &&
	test_expect_code 2 htmlstrip --max-record 200 d.warc >actual 2>err &&
	grep "^htmlstrip: d.warc: offset 0: record longer than 200 bytes skipped" err &&
	grep "^htmlstrip: d.warc: offset $(wc -c <w5): truncated WARC record" err
'

test_done
