#!/bin/sh
test_description='keep: WARC corpora, plain and gzip, by the record IDs
htmlstrip gives; captures of concurrent records kept together'
. "$(dirname "$0")/lib.sh"

D=2024-01-01T00:00:00Z
H="application/http; msgtype=response"
Q="application/http; msgtype=request"
M=application/warc-fields

# Records, one file each: a warcinfo; a capture written request first
# (the response names the request, as wget writes it) with a metadata
# record; one written response first (the request names the response, as
# Heritrix writes it); an image; and a capture whose records have no
# WARC-Record-ID, named by URI and date.
test_expect_success 'setup the records' '
	printf "software: test\r\n" >info &&
	printf "GET / HTTP/1.1\r\nHost: a\r\n\r\n" >req &&
	printf "via: test\r\n" >meta &&
	dk_http_page pa "page a" && dk_http_page pb "page b" && dk_http_page pc "page c" &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\211PNG" >png &&
	dk_warc_record warcinfo "" urn:x:info $D $M info >0.w &&
	dk_warc_record request http://a/ urn:x:qa $D "$Q" req >1.w &&
	dk_warc_record response http://a/ urn:x:ra $D "$H" pa urn:x:qa >2.w &&
	dk_warc_record metadata http://a/ urn:x:ma $D $M meta urn:x:ra >3.w &&
	dk_warc_record response http://b/ urn:x:rb $D "$H" pb >4.w &&
	dk_warc_record request http://b/ urn:x:qb $D "$Q" req urn:x:rb >5.w &&
	dk_warc_record response http://a/logo.png urn:x:rp $D "$H" png >6.w &&
	dk_warc_record request http://c/ "" $D "$Q" req >7.w &&
	dk_warc_record response http://c/ "" $D "$H" pc >8.w &&
	cat 0.w 1.w 2.w 3.w 4.w 5.w 6.w 7.w 8.w >t.warc &&
	for i in 0 1 2 3 4 5 6 7 8; do gzip -n <$i.w || return 1; done >t.warc.gz &&
	gzip -n <t.warc >one.warc.gz
'

test_expect_success 'htmlstrip names the pages: these IDs are the keep list' '
	htmlstrip t.warc 2>/dev/null | cut -f 1-3 >ids &&
	printf "urn:x:ra\t$D\thttp://a/\nurn:x:rb\t$D\thttp://b/\nhttp://c/ $D\t$D\thttp://c/\n" >expect &&
	test_cmp expect ids
'

test_expect_success 'plain: a capture kept whole (request, response, metadata), warcinfo kept' '
	echo urn:x:ra >list &&
	keep -v list t.warc >actual 2>err &&
	cat 0.w 1.w 2.w 3.w >expect &&
	test_cmp expect actual &&
	printf "keep: t.warc: 9 records, 4 captures, 1 kept\nkeep: kept 1 of 4 (3 removed, 75.0%%)\n" >expect.err &&
	test_cmp expect.err err
'

test_expect_success 'plain: a request named by its response; records named by URI and date' '
	printf "urn:x:rb\nhttp://c/ $D\n" >list2 &&
	keep list2 t.warc >actual &&
	cat 0.w 4.w 5.w 7.w 8.w >expect &&
	test_cmp expect actual
'

test_expect_success 'plain: any ID of a capture keeps it, a request ID too' '
	echo urn:x:qa >list3 &&
	keep list3 t.warc >actual &&
	cat 0.w 1.w 2.w 3.w >expect &&
	test_cmp expect actual
'

test_expect_success 'the list htmlstrip makes, back through htmlstrip, gives its pages' '
	cut -f 1 ids | sed -n "1p;3p" >list4 &&
	keep list4 t.warc | htmlstrip --warc >actual &&
	htmlstrip t.warc 2>/dev/null | sed -n "1p;3p" >expect &&
	test_cmp expect actual
'

test_expect_success 'gzip, a member a record: kept members copied byte for byte' '
	keep list2 t.warc.gz >actual &&
	for i in 0 4 5 7 8; do gzip -n <$i.w || return 1; done >expect &&
	test_cmp expect actual
'

test_expect_success 'gzip, one member for all: the kept records compressed afresh, one member each' '
	keep list2 one.warc.gz >actual.gz &&
	gzip -t actual.gz &&
	gzip -dc actual.gz >actual &&
	cat 0.w 4.w 5.w 7.w 8.w >expect &&
	test_cmp expect actual &&
	for i in 0 4 5 7 8; do gzip -n <$i.w || return 1; done | cmp - actual.gz
'

test_expect_success 'gzip, one member for all, all kept: copied as it is' '
	printf "urn:x:ra\nurn:x:rb\nurn:x:rp\nhttp://c/ $D\n" >all &&
	keep -v all one.warc.gz >actual 2>err &&
	test_cmp one.warc.gz actual &&
	grep "^keep: kept 4 of 4 (0 removed, 0.0%)" err
'

test_expect_success 'gzip, records across members: the members kept with them' '
	{ head -c 300 t.warc | gzip -n && tail -c +301 t.warc | gzip -n; } >split.warc.gz &&
	keep all split.warc.gz >actual &&
	test_cmp split.warc.gz actual &&
	keep list split.warc.gz | gzip -dc >actual &&
	cat 0.w 1.w 2.w 3.w >expect &&
	test_cmp expect actual
'

test_expect_success 'a pipe needs --warc; -f refuses a WARC file' '
	cat t.warc | keep --warc list >actual &&
	cat 0.w 1.w 2.w 3.w >expect &&
	test_cmp expect actual &&
	keep list <t.warc >actual &&
	test_cmp expect actual &&
	expect_error 2 "^keep: stdin:1: this looks like a WARC file; keep reads one with --warc, or as a file operand without -f or --json$" sh -c "cat t.warc | keep list" &&
	expect_error 2 "^keep: t.warc:1: this looks like a WARC file; keep reads one with --warc, or as a file operand without -f or --json$" keep -f 1 list t.warc
'

test_expect_success 'IDs of the list not in the WARC file are reported' '
	printf "urn:x:ra\nurn:x:nowhere\n" >list5 &&
	keep list5 t.warc >actual 2>err &&
	echo "keep: list5:2: ID urn:x:nowhere not in the corpus" >expect.err &&
	test_cmp expect.err err
'

test_expect_success 'a repeated WARC-Record-ID is bad input, nothing written' '
	cat 0.w 1.w 2.w 2.w >dup.warc &&
	off=$(cat 0.w 1.w 2.w | wc -c) && first=$(cat 0.w 1.w | wc -c) &&
	expect_error 2 "^keep: dup.warc: offset $off: ID urn:x:ra already at offset $first (see --allow-repeated-ids)\$" keep list dup.warc &&
	keep list dup.warc >actual 2>/dev/null;
	test_must_be_empty actual
'

test_expect_success 'a record ID in two WARC files is bad input, the second not written' '
	first=$(wc -c <0.w) && member=$(gzip -n <0.w | wc -c) &&
	expect_error 2 "^keep: t.warc.gz: offset $member: ID urn:x:qa already in t.warc at offset $first (see --allow-repeated-ids)\$" \
		keep list t.warc t.warc.gz &&
	keep list t.warc t.warc.gz >actual 2>/dev/null;
	cat 0.w 1.w 2.w 3.w >expect &&
	test_cmp expect actual
'

test_expect_success 'two responses of one URI and date without IDs are bad input' '
	cat 8.w 8.w >dup2.warc &&
	expect_error 2 "^keep: dup2.warc: offset $(wc -c <8.w): ID http://c/ $D already at offset 0" keep list dup2.warc
'

test_expect_success '--allow-repeated-ids: records of a repeated name kept together' '
	echo urn:x:ra >list6 &&
	keep -v --allow-repeated-ids list6 dup.warc >actual 2>err &&
	cat dup.warc >expect &&
	test_cmp expect actual &&
	printf "keep: dup.warc: 4 records, 1 captures, 1 kept\nkeep: kept 1 of 1 (0 removed, 0.0%%)\n" >expect.err &&
	test_cmp expect.err err &&
	keep --allow-repeated-ids list6 t.warc t.warc.gz >actual &&
	{ cat 0.w 1.w 2.w 3.w && gzip -n <0.w && gzip -n <1.w && gzip -n <2.w && gzip -n <3.w; } >expect &&
	test_cmp expect actual &&
	echo "http://c/ $D" >list7 &&
	keep --allow-repeated-ids list7 dup2.warc >actual &&
	cat 8.w 8.w >expect &&
	test_cmp expect actual
'

test_expect_success 'a damaged record or gzip member stops keep, nothing written' '
	{ cat 0.w 1.w 2.w && head -c 40 4.w; } >cut.warc &&
	off=$(cat 0.w 1.w 2.w | wc -c) &&
	expect_error 2 "^keep: cut.warc: offset $off: truncated WARC record" keep list cut.warc &&
	keep list cut.warc >actual 2>/dev/null;
	test_must_be_empty actual &&
	{ gzip -n <0.w && gzip -n <2.w | head -c 50; } >cut.warc.gz &&
	expect_error 2 "^keep: cut.warc.gz: offset $(gzip -n <0.w | wc -c): truncated gzip member" keep list cut.warc.gz
'

test_done
