#!/bin/sh
test_description='keep: a WARC record over --max-record, plain or in a
.warc.gz, is skipped, named by file and offset, counted under -v, the rest
kept, status 1; no byte of it is written, whatever members it shares'
. "$(dirname "$0")/lib.sh"

D=2024-01-01T00:00:00Z
H="application/http; msgtype=response"

# Four responses a, b, c, d: b's block over the limit of 400 bytes, the
# others' whole records under it (so that a gzip member of one is too).
test_expect_success 'setup the records' '
	dk_http_page pa "page a" && dk_http_page pc "page c" && dk_http_page pd "page d" &&
	dk_http_page pb "$(printf "%0400d" 0)" &&
	dk_warc_record response http://a/ a $D "$H" pa >1.w &&
	dk_warc_record response http://b/ b $D "$H" pb >2.w &&
	dk_warc_record response http://c/ c $D "$H" pc >3.w &&
	dk_warc_record response http://d/ d $D "$H" pd >4.w &&
	for i in 1 3 4; do test $(wc -c <$i.w) -lt 360 || return 1; done &&
	test $(wc -c <2.w) -gt 600 && test $(wc -c <2.w) -lt 700 &&
	cat 1.w 2.w 3.w 4.w >t.warc &&
	for i in 1 2 3 4; do gzip -n <$i.w || return 1; done >t.warc.gz &&
	printf "a\nc\n" >list &&
	cat 1.w 3.w >expect.plain &&
	for i in 1 3; do gzip -n <$i.w || return 1; done >expect.gz &&
	B="record longer than 400 bytes skipped (see --max-record)"
'

test_expect_success 'plain: the neighbours kept, the long record not written, status 1' '
	off=$(wc -c <1.w) &&
	expect_error 1 "^keep: t.warc: offset $off: $B\$" keep --max-record 400 list t.warc &&
	test $(wc -l <err) = 1 &&
	keep --max-record 400 list t.warc >actual 2>/dev/null;
	test_cmp expect.plain actual
'

test_expect_success 'plain: -v counts the skipped record' '
	test_expect_code 1 keep -v --max-record 400 list t.warc >/dev/null 2>err &&
	printf "%s\n" "keep: t.warc: offset $(wc -c <1.w): $B" \
		"keep: t.warc: 3 records, 3 captures, 2 kept" \
		"keep: kept 2 of 3 (1 removed, 33.3%), and 1 record skipped (see --max-record)" >expect &&
	test_cmp expect err
'

test_expect_success 'plain: within the limit, all four read as before' '
	keep -v list t.warc >actual 2>err &&
	test_cmp expect.plain actual &&
	echo "keep: kept 2 of 4 (2 removed, 50.0%)" >expect && tail -n 1 err >last &&
	test_cmp expect last
'

# The reader passes over a long record by its Content-Length: a record in
# its block (a WARC file held as a resource) is none of the file's.
test_expect_success 'plain: the block of a skipped record is not read for records' '
	{ cat 3.w && head -c 200 /dev/zero | tr "\\000" x; } >inner &&
	dk_warc_record resource http://x/ x $D application/warc inner >x.w &&
	cat 1.w x.w 4.w >nested.warc &&
	printf "a\nd\n" >list-ad &&
	expect_error 1 "^keep: nested.warc: offset $(wc -c <1.w): $B\$" keep --max-record 400 list-ad nested.warc &&
	test $(wc -l <err) = 1 &&
	keep --max-record 400 list-ad nested.warc >actual 2>/dev/null;
	cat 1.w 4.w >expect && test_cmp expect actual
'

test_expect_success 'gzip, a member a record: the kept members copied, the long one left out' '
	off=$(gzip -n <1.w | wc -c) &&
	expect_error 1 "^keep: t.warc.gz: offset $off: $B\$" keep --max-record 400 list t.warc.gz &&
	test $(wc -l <err) = 1 &&
	keep --max-record 400 list t.warc.gz >actual 2>/dev/null;
	cmp expect.gz actual &&
	test_expect_code 1 keep -v --max-record 400 list t.warc.gz >/dev/null 2>err &&
	printf "%s\n" "keep: t.warc.gz: offset $off: $B" \
		"keep: t.warc.gz: 3 records, 3 captures, 2 kept" \
		"keep: kept 2 of 3 (1 removed, 33.3%), and 1 record skipped (see --max-record)" >expect &&
	test_cmp expect err
'

# b over three members, each inflating to less than the limit; the last
# holds c after b's end.  keep copies a and d, and compresses c afresh
# (its member holds b's last bytes).
test_expect_success 'gzip, a long record over several members: none of its bytes written' '
	{ gzip -n <1.w && head -c 300 2.w | gzip -n && head -c 550 2.w | tail -c 250 | gzip -n &&
	  { tail -c +551 2.w && cat 3.w; } | gzip -n && gzip -n <4.w; } >across.warc.gz &&
	off=$(gzip -n <1.w | wc -c) &&
	printf "a\nc\nd\n" >list-acd &&
	expect_error 1 "^keep: across.warc.gz: offset $off: $B\$" keep --max-record 400 list-acd across.warc.gz &&
	test $(wc -l <err) = 1 &&
	keep --max-record 400 list-acd across.warc.gz >actual 2>/dev/null;
	for i in 1 3 4; do gzip -n <$i.w || return 1; done >expect &&
	cmp expect actual &&
	keep --max-record 400 list across.warc.gz >actual 2>/dev/null;
	cmp expect.gz actual &&
	keep list-acd across.warc.gz | gzip -dc >actual &&
	cat 1.w 3.w 4.w >expect && test_cmp expect actual
'

# b's header in the second member, all the rest of b with c in the third,
# which inflates to more than the limit with b but less without: b's
# bytes are passed over, not held, so c is read (and compressed afresh).
test_expect_success 'gzip, a member over the limit only with the rest of a skipped record: the record after it kept' '
	head -c 200 2.w | tr -d "\r" | grep -q "^\$" &&
	{ gzip -n <1.w && head -c 200 2.w | gzip -n && { tail -c +201 2.w && cat 3.w; } | gzip -n &&
	  gzip -n <4.w; } >tail.warc.gz &&
	test $({ tail -c +201 2.w && cat 3.w; } | wc -c) -gt 400 &&
	off=$(gzip -n <1.w | wc -c) &&
	expect_error 1 "^keep: tail.warc.gz: offset $off: $B\$" keep --max-record 400 list-acd tail.warc.gz &&
	test $(wc -l <err) = 1 &&
	keep --max-record 400 list-acd tail.warc.gz >actual 2>/dev/null;
	for i in 1 3 4; do gzip -n <$i.w || return 1; done >expect &&
	cmp expect actual
'

test_expect_success 'htmlstrip reads these files the same way (the common reader)' '
	expect_error 1 "^htmlstrip: across.warc.gz: offset $(gzip -n <1.w | wc -c): $B\$" \
		htmlstrip --max-record 400 across.warc.gz &&
	test $(wc -l <err) = 1 &&
	htmlstrip --max-record 400 across.warc.gz 2>/dev/null | cut -f 1 >ids &&
	printf "a\nc\nd\n" >expect && test_cmp expect ids &&
	expect_error 1 "^htmlstrip: tail.warc.gz: offset $(gzip -n <1.w | wc -c): $B\$" \
		htmlstrip --max-record 400 tail.warc.gz &&
	test $(wc -l <err) = 1 &&
	htmlstrip --max-record 400 tail.warc.gz 2>/dev/null | cut -f 1 >ids &&
	test_cmp expect ids
'

# a and the first bytes of b in one member, the rest of b (over the limit
# with them) in the next: a is compressed afresh, not copied with b.
test_expect_success 'gzip, a kept record sharing its member with a skipped one: compressed afresh' '
	{ { cat 1.w && head -c 100 2.w; } | gzip -n && tail -c +101 2.w | gzip -n && gzip -n <3.w; } >shared.warc.gz &&
	off=$({ cat 1.w && head -c 100 2.w; } | gzip -n | wc -c) &&
	expect_error 1 "^keep: shared.warc.gz: offset $off: $B\$" keep --max-record 400 list shared.warc.gz &&
	test $(wc -l <err) = 1 &&
	keep --max-record 400 list shared.warc.gz >actual 2>/dev/null;
	cmp expect.gz actual
'

# A record keep skipped was not read: keep cannot tell its ID, so one on
# the list is reported as missing, after the message that says why, as
# for a TSV or JSON Lines record (t7340).
test_expect_success 'the long record listed: not written, its ID reported missing too' '
	printf "a\nb\nc\n" >list-abc &&
	for f in t.warc t.warc.gz; do
		test_expect_code 1 keep --max-record 400 list-abc $f >actual 2>err &&
		grep -q "^keep: $f: offset [0-9]*: $B\$" err &&
		grep -q "^keep: list-abc:2: ID b not in the corpus\$" err &&
		test $(wc -l <err) = 2 || return 1
	done &&
	keep --max-record 400 list-abc t.warc >actual 2>/dev/null;
	test_cmp expect.plain actual &&
	expect_error 2 "^keep: list-abc:2: ID b not in the corpus\$" \
		keep --missing error --max-record 400 list-abc t.warc.gz
'

test_expect_success 'the long record neither kept nor listed: named all the same, status 1' '
	echo a >list-a &&
	expect_error 1 "^keep: t.warc.gz: offset [0-9]*: $B\$" keep --max-record 400 list-a t.warc.gz &&
	test $(wc -l <err) = 1 &&
	keep --max-record 400 list-a t.warc.gz >actual 2>/dev/null;
	gzip -n <1.w >expect && cmp expect actual
'

test_expect_success '-o OUT: a record skipped (status 1) is left out of OUT, written as standard output is' '
	mkdir o &&
	expect_error 1 "^keep: t.warc: offset" keep -o o/new --max-record 400 list t.warc &&
	keep --max-record 400 list t.warc >expect 2>/dev/null; test $? = 1 &&
	test_cmp expect o/new &&
	echo old >o/out &&
	expect_error 1 "^keep: t.warc.gz: offset" keep -o o/out --max-record 400 list t.warc.gz &&
	keep --max-record 400 list t.warc.gz >expect 2>/dev/null; test $? = 1 &&
	cmp expect o/out &&
	ls -A o >names && printf "new\nout\n" >expect && test_cmp expect names
'

test_expect_success '-o OUT: a record skipped and an operand unreadable (status 1): OUT as it was' '
	echo old >o/out && cp o/out before &&
	keep -o o/out --max-record 400 list t.warc no-such 2>err; test $? = 1 &&
	grep "^keep: t.warc: offset" err && grep "^keep: no-such: " err &&
	test_cmp before o/out &&
	ls -A o >names && printf "new\nout\n" >expect && test_cmp expect names
'

test_expect_success 'a long record cut short by the end of a .warc.gz is damage: status 2, nothing written' '
	{ gzip -n <1.w && head -c 300 2.w | gzip -n; } >cut.warc.gz &&
	off=$(gzip -n <1.w | wc -c) &&
	test_expect_code 2 keep --max-record 400 list cut.warc.gz >actual 2>err &&
	printf "%s\n" "keep: cut.warc.gz: offset $off: $B" \
		"keep: cut.warc.gz: offset $off: truncated WARC record" >expect &&
	test_cmp expect err &&
	test_must_be_empty actual
'

test_expect_success 'damage after a skipped record still stops keep (status 2)' '
	{ cat 1.w 2.w 3.w && head -c 40 4.w; } >cut.warc &&
	off=$(cat 1.w 2.w 3.w | wc -c) &&
	test_expect_code 2 keep --max-record 400 list cut.warc >actual 2>err &&
	printf "%s\n" "keep: cut.warc: offset $(wc -c <1.w): $B" \
		"keep: cut.warc: offset $off: truncated WARC record header" >expect &&
	test_cmp expect err &&
	test_must_be_empty actual
'

test_done
