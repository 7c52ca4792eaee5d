#!/bin/sh
test_description='htmlstrip --warc: each page named by its WARC-Record-ID,
its date and URI carried as columns 2 and 3; pages without one named by URI
and date'
. "$(dirname "$0")/lib.sh"

H="application/http; msgtype=response"
Q="application/http; msgtype=request"
D1=2024-03-01T10:00:00Z
D2=2024-03-02T09:00:00Z

test_expect_success 'setup' '
	dk_http_page p1 "the ferry runs on its winter timetable from monday" &&
	dk_http_page p2 "the museum opens a new hall of maritime history" &&
	printf "GET / HTTP/1.1\r\n\r\n" >req
'

test_expect_success 'ID TAB DATE TAB URI TAB TEXT, the ID without angle brackets' '
	{ dk_warc_record request http://a/ urn:uuid:aa-q $D1 "$Q" req &&
	  dk_warc_record response http://a/ urn:uuid:aa-r $D1 "$H" p1 urn:uuid:aa-q &&
	  dk_warc_record response "<http://b/>" urn:uuid:bb $D1 "$H" p2
	} >a.warc &&
	htmlstrip a.warc >actual 2>err &&
	printf "urn:uuid:aa-r\t$D1\thttp://a/\tthe ferry runs on its winter timetable from monday\n" >expect &&
	printf "urn:uuid:bb\t$D1\thttp://b/\tthe museum opens a new hall of maritime history\n" >>expect &&
	test_cmp expect actual &&
	test_must_be_empty err
'

test_expect_success 'a site crawled twice: the same URI under two IDs' '
	{ dk_warc_record response http://a/ urn:uuid:1 $D1 "$H" p1 &&
	  dk_warc_record response http://a/ urn:uuid:2 $D2 "$H" p1 &&
	  dk_warc_record response http://b/ urn:uuid:3 $D2 "$H" p2
	} >two.warc &&
	htmlstrip two.warc | cut -f 1-3 >actual &&
	printf "urn:uuid:1\t$D1\thttp://a/\nurn:uuid:2\t$D2\thttp://a/\nurn:uuid:3\t$D2\thttp://b/\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'the DDD line on it: the page seen the day before is not novel' '
	htmlstrip --warc <two.warc | qgram -q 4 |
		spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel >actual &&
	printf "urn:uuid:1\nurn:uuid:3\n" >expect &&
	test_cmp expect actual
'

# README and spotmatch(1) give the stages before the window
# --allow-repeated-ids (their memory would grow with the feed): the window
# still reports a repeat it holds, at the line of its own input
test_expect_success 'the DDD line as told: the same novel pages; a repeat within the window reported by spotmatch' '
	htmlstrip --warc --allow-repeated-ids two.warc | qgram -q 4 --allow-repeated-ids |
		spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel >actual &&
	test_cmp expect actual &&
	{ cat two.warc && dk_warc_record response http://c/ urn:uuid:2 $D2 "$H" p2; } >again.warc &&
	htmlstrip --warc --allow-repeated-ids again.warc | qgram -q 4 --allow-repeated-ids >grams &&
	expect_error 2 "^spotmatch: grams:4: ID urn:uuid:2 already at line 2 (see --allow-repeated-ids)\$" \
		spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel grams &&
	expect_error 2 "^htmlstrip: again.warc: offset [0-9]*: ID urn:uuid:2 already" htmlstrip --warc again.warc
'

test_expect_success 'without a WARC-Record-ID: named URI SP DATE, with a warning counting them' '
	{ dk_warc_record response http://a/ "" $D1 "$H" p1 &&
	  dk_warc_record response http://a/ "" $D2 "$H" p1 &&
	  dk_warc_record response http://b/ urn:uuid:3 $D2 "$H" p2
	} >noid.warc &&
	htmlstrip noid.warc >actual 2>err &&
	cut -f 1-3 actual >ids &&
	printf "http://a/ $D1\t$D1\thttp://a/\nhttp://a/ $D2\t$D2\thttp://a/\nurn:uuid:3\t$D2\thttp://b/\n" >expect &&
	test_cmp expect ids &&
	echo "htmlstrip: noid.warc: 2 pages without a WARC-Record-ID, named by URI and date" >expect.err &&
	test_cmp expect.err err &&
	dk_warc_record response http://c/ "" $D1 "$H" p2 >one.warc &&
	htmlstrip one.warc 2>err >/dev/null &&
	echo "htmlstrip: one.warc: 1 page without a WARC-Record-ID, named by URI and date" >expect.err &&
	test_cmp expect.err err
'

test_expect_success 'a page with no name, or a bad one, is damage at its offset; the rest is read' '
	{ dk_warc_record response http://a/ "" "" "$H" p1 &&
	  dk_warc_record response http://b/ urn:uuid:3 $D2 "$H" p2
	} >nodate.warc &&
	expect_error 2 "^htmlstrip: nodate.warc: offset 0: no WARC-Record-ID, WARC-Target-URI or WARC-Date" \
		htmlstrip nodate.warc &&
	htmlstrip nodate.warc 2>/dev/null | cut -f 1 >actual &&
	echo urn:uuid:3 >expect &&
	test_cmp expect actual &&
	dk_warc_record response http://a/ "$(printf "urn:x\001y")" $D1 "$H" p1 >ctl.warc &&
	expect_error 2 "^htmlstrip: ctl.warc: offset 0: bad WARC-Record-ID" htmlstrip ctl.warc &&
	dk_warc_record response "$(printf "http://a/\tb")" urn:uuid:9 $D1 "$H" p1 >tab.warc &&
	expect_error 2 "^htmlstrip: tab.warc: offset 0: bad WARC-Target-URI or WARC-Date" htmlstrip tab.warc
'

test_expect_success 'a recrawl is not a repeat; a record ID or a URI and date given twice is' '
	htmlstrip two.warc >/dev/null &&
	dk_warc_record response http://b/ urn:uuid:1 $D2 "$H" p2 >again.w &&
	cat two.warc again.w >rep.warc &&
	expect_error 2 "^htmlstrip: rep.warc: offset $(wc -c <two.warc): ID urn:uuid:1 already at offset 0 (see --allow-repeated-ids)\$" \
		htmlstrip rep.warc &&
	htmlstrip --allow-repeated-ids rep.warc | cut -f 1-3 >actual &&
	printf "urn:uuid:1\t$D1\thttp://a/\nurn:uuid:2\t$D2\thttp://a/\nurn:uuid:3\t$D2\thttp://b/\nurn:uuid:1\t$D2\thttp://b/\n" >expect &&
	test_cmp expect actual &&
	dk_warc_record response http://a/ "" $D2 "$H" p2 >noid2.w &&
	cat noid.warc noid2.w >rep2.warc &&
	expect_error 2 "^htmlstrip: rep2.warc: offset $(wc -c <noid.warc): ID http://a/ $D2 already at offset [0-9]* (see --allow-repeated-ids)\$" \
		htmlstrip rep2.warc
'

test_expect_success 'a WARC file given twice, or a record of it in another: the first place named' '
	expect_error 2 "^htmlstrip: two.warc: offset 0: ID urn:uuid:1 already read: two.warc given twice (see --allow-repeated-ids)\$" \
		htmlstrip two.warc two.warc &&
	gzip -n <two.warc >two.warc.gz &&
	expect_error 2 "^htmlstrip: two.warc.gz: offset 0: ID urn:uuid:1 already in two.warc at offset 0 (see --allow-repeated-ids)\$" \
		htmlstrip two.warc two.warc.gz &&
	htmlstrip two.warc >docs.tsv &&
	expect_error 2 "^htmlstrip: stdin:1: ID urn:uuid:1 already in two.warc at offset 0 (see --allow-repeated-ids)\$" \
		htmlstrip two.warc - <docs.tsv &&
	htmlstrip --allow-repeated-ids two.warc two.warc.gz >actual &&
	cat docs.tsv docs.tsv >expect &&
	test_cmp expect actual
'

test_expect_success 'an empty date column when the record has an ID but no date' '
	dk_warc_record response http://a/ urn:uuid:7 "" "$H" p1 >empty.warc &&
	htmlstrip empty.warc | cut -f 1-3 >actual &&
	printf "urn:uuid:7\t\thttp://a/\n" >expect &&
	test_cmp expect actual
'

test_done
