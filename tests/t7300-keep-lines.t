#!/bin/sh
test_description='keep: TSV and JSON Lines corpora, exact outputs, IDs of
every kind, the missing-ID actions, malformed lines'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup a TSV corpus and a keep list' '
	printf "a\tURL-a\tfirst text\nb\tURL-b\tsecond\\\\ttext\r\nc\tURL-c\tthird\nd\\\\te\tURL-d\tfourth\nf\tURL-f\tlast, no LF" >docs.tsv &&
	printf "f\nb\nd\\\\te\nb\n" >keep.txt
'

test_expect_success 'TSV: kept records in corpus order, bytes unchanged (CR kept, LF added at the end)' '
	printf "b\tURL-b\tsecond\\\\ttext\r\nd\\\\te\tURL-d\tfourth\nf\tURL-f\tlast, no LF\n" >expect &&
	keep keep.txt docs.tsv >actual 2>err &&
	test_cmp expect actual &&
	test_must_be_empty err
'

test_expect_success 'TSV: -v closes with kept K of N' '
	keep -v keep.txt docs.tsv >actual 2>err &&
	echo "keep: kept 3 of 5 (2 removed, 40.0%)" >expect &&
	test_cmp expect err
'

test_expect_success 'TSV: the ID in another column (-f 2), the corpus on stdin' '
	printf "URL-c\nURL-a\n" >urls &&
	printf "a\tURL-a\tfirst text\nc\tURL-c\tthird\n" >expect &&
	keep -f 2 urls <docs.tsv >actual &&
	test_cmp expect actual
'

test_expect_success 'TSV: the keep list on stdin, the corpus in two files' '
	printf "x\tone\ny\ttwo\n" >more.tsv &&
	printf "a\tURL-a\tfirst text\ny\ttwo\n" >expect &&
	printf "y\na\n" | keep - docs.tsv more.tsv >actual &&
	test_cmp expect actual &&
	expect_error 2 "^keep: the keep list and the corpus cannot both be standard input" keep - -
'

test_expect_success 'TSV: dkcluster --representatives makes the list' '
	printf "a\tc\t0.9\nb\tf\t0.8\n" >pairs &&
	cut -f 1 docs.tsv | dkcluster -a - --representatives pairs >reps &&
	printf "a\nb\nd\\\\te\n" >expect.reps && test_cmp expect.reps reps &&
	keep -v reps docs.tsv >actual 2>err &&
	printf "a\tURL-a\tfirst text\nb\tURL-b\tsecond\\\\ttext\r\nd\\\\te\tURL-d\tfourth\n" >expect &&
	test_cmp expect actual &&
	echo "keep: kept 3 of 5 (2 removed, 40.0%)" >expect.err &&
	test_cmp expect.err err
'

test_expect_success 'missing IDs: warned by default, the first with its line, status 0' '
	printf "a\nzz\nyy\n" >partial &&
	keep partial docs.tsv >actual 2>err &&
	printf "a\tURL-a\tfirst text\n" >expect && test_cmp expect actual &&
	echo "keep: partial:2: ID zz not in the corpus (nor 1 more IDs of the list)" >expect.err &&
	test_cmp expect.err err
'

test_expect_success 'missing IDs: --missing error is status 2, the output still whole' '
	expect_error 2 "^keep: partial:2: ID zz not in the corpus" keep --missing error partial docs.tsv &&
	keep --missing error partial docs.tsv >actual 2>/dev/null;
	test_cmp expect actual
'

test_expect_success 'missing IDs: --missing ignore is silent, counted under -v' '
	keep --missing ignore partial docs.tsv >actual 2>err &&
	test_cmp expect actual && test_must_be_empty err &&
	keep -v --missing ignore partial docs.tsv 2>err >/dev/null &&
	printf "keep: partial: 2 IDs not in the corpus\nkeep: kept 1 of 5 (4 removed, 80.0%%)\n" >expect.err &&
	test_cmp expect.err err
'

test_expect_success 'no ID of the list in the corpus: a mix-up, status 2' '
	expect_error 2 "^keep: urls: none of its 2 IDs is in the corpus of 5 records (is the ID field right" \
		keep urls docs.tsv &&
	keep --missing ignore urls docs.tsv >actual &&
	test_must_be_empty actual
'

test_expect_success 'TSV: bad input at its line, status 2' '
	printf "a\tx\nb\n" >short.tsv &&
	expect_error 2 "^keep: short.tsv:2: expected at least 2 tab-separated fields, found 1" keep keep.txt short.tsv &&
	expect_error 2 "^keep: docs.tsv:1: expected at least 4 tab-separated fields, found 3" keep -f 4 keep.txt docs.tsv &&
	printf "a\tx\n\ty\n" >empty.tsv &&
	expect_error 2 "^keep: empty.tsv:2: empty ID in field 1" keep keep.txt empty.tsv &&
	printf "a\tx\nb\ty\na\tz\n" >twice.tsv &&
	expect_error 2 "^keep: twice.tsv:3: ID a already at line 1 (see --allow-repeated-ids)\$" keep keep.txt twice.tsv &&
	printf "q\tx\na\tz\n" >again.tsv &&
	printf "a\tx\n" >once.tsv &&
	expect_error 2 "^keep: again.tsv:2: ID a already at once.tsv:1 (see --allow-repeated-ids)\$" keep keep.txt once.tsv again.tsv &&
	printf "a\n\nb\n" >badlist &&
	expect_error 2 "^keep: badlist:2: empty ID" keep badlist docs.tsv
'

test_expect_success '--allow-repeated-ids: every record of a listed ID is kept, each counted' '
	printf "a\n" >lista &&
	keep -v --allow-repeated-ids lista twice.tsv >actual 2>err &&
	printf "a\tx\na\tz\n" >expect &&
	test_cmp expect actual &&
	echo "keep: kept 2 of 3 (1 removed, 33.3%)" >expect.err &&
	test_cmp expect.err err &&
	keep --allow-repeated-ids lista once.tsv again.tsv >actual &&
	printf "a\tx\na\tz\n" >expect &&
	test_cmp expect actual &&
	printf "{\"id\":\"a\",\"n\":1}\n{\"id\":\"b\"}\n{\"id\":\"a\",\"n\":2}\n" >twice.jsonl &&
	expect_error 2 "^keep: twice.jsonl:3: ID a already at line 1 (see --allow-repeated-ids)\$" \
		keep --json id lista twice.jsonl &&
	keep --json id --allow-repeated-ids lista twice.jsonl >actual &&
	grep "\"a\"" twice.jsonl >expect &&
	test_cmp expect actual
'

test_expect_success 'usage errors' '
	expect_error 2 "^usage: keep" keep &&
	expect_error 2 "^keep: -f, --json and --warc name different formats" keep -f 2 --json id keep.txt &&
	expect_error 2 "^keep: --missing is maybe: not warn, error or ignore" keep --missing maybe keep.txt &&
	expect_error 2 "^keep: -f is .0.: not in \\[1, " keep -f 0 keep.txt &&
	expect_error 1 "^keep: no-such-list: No such file" keep no-such-list docs.tsv
'

# JSON Lines: IDs as strings (plain, escaped, Unicode by escape and raw,
# a surrogate pair) and integers (negative, past 2^63), other members
# before the ID, blanks around it.
test_expect_success 'setup a JSON Lines corpus' '
	cat >corpus.jsonl <<-\EOF &&
	{"id": "plain", "text": "one"}
	{"text": "two", "id": 42}
	{"id":-7,"text":"three"}
	{"id":18446744073709551614,"text":"four"}
	{"id":"tab\there","text":"five"}
	{"id":"back\\slash \"quoted\"","text":"six"}
	{"id":"caf\u00e9","text":"seven"}
	{"id":"smile \ud83d\ude00","n":[1,{"id":"inner"}]}
	  {"id": "blanks" }  
	{"id":"raw café","text":"nine"}
	EOF
	printf "42\n-7\n18446744073709551614\ntab\\\\there\nback\\\\\\\\slash \"quoted\"\ncafé\nsmile \360\237\230\200\nblanks\n" >ids &&
	cat ids
'

test_expect_success 'JSONL: string, escaped, Unicode and integer IDs, compared as TSV IDs' '
	sed -n "2,9p" corpus.jsonl >expect &&
	keep -v --json id ids corpus.jsonl >actual 2>err &&
	test_cmp expect actual &&
	echo "keep: kept 8 of 10 (2 removed, 20.0%)" >expect.err &&
	test_cmp expect.err err
'

# jq 1.6 reads integers as doubles: 2^64 - 2 is left out.
test_expect_success 'JSONL: the same IDs as jq @tsv writes them, and as a TSV stream made by jq' '
	if command -v jq >/dev/null
	then
		grep -v 18446744073709551614 corpus.jsonl >small.jsonl &&
		grep -v 18446744073709551614 ids >small.ids &&
		jq -r "[.id] | @tsv" small.jsonl | sed -n "2,8p" >jq.ids &&
		test_cmp small.ids jq.ids &&
		jq -r "[.id, .text] | @tsv" small.jsonl >jq.tsv &&
		keep small.ids jq.tsv | cut -f 1 >ids.tsv &&
		test_cmp small.ids ids.tsv
	fi
'

test_expect_success 'JSONL: the field is a top-level member, found wherever it is' '
	echo inner >inner &&
	expect_error 2 "^keep: inner: none of its 1 IDs is in the corpus" keep --json id inner corpus.jsonl &&
	printf "one\nnine\n" >texts &&
	keep --json text texts corpus.jsonl 2>&1 >/dev/null | grep "^keep: corpus.jsonl:8: no member \"text\" (the ID, --json)"
'

test_expect_success 'JSONL: blank lines are skipped and counted' '
	printf "{\"id\":1}\n\n   \n{\"id\":2}\r\n" >blank.jsonl &&
	printf "2\n" >two &&
	keep -v --json id two blank.jsonl >actual 2>err &&
	printf "{\"id\":2}\r\n" >expect && test_cmp expect actual &&
	printf "keep: 2 blank lines skipped\nkeep: kept 1 of 2 (1 removed, 50.0%%)\n" >expect.err &&
	test_cmp expect.err err
'

# bad LINE REASON: corpus.jsonl with line 3 replaced by LINE fails at line 3
# with REASON, and what was written is whole kept records from before it.
bad() {
	{ sed -n 1,2p corpus.jsonl && printf "%s\n" "$1" && sed -n "4,\$p" corpus.jsonl; } >bad.jsonl &&
	expect_error 2 "^keep: bad.jsonl:3: $2" keep --json id ids bad.jsonl &&
	{ keep --json id ids bad.jsonl >out 2>/dev/null; test $? = 2; } &&
	sed -n 2p corpus.jsonl >before &&
	if test -s out; then test_cmp before out; fi
}

test_expect_success 'JSONL: malformed lines stop at FILE:LINE, status 2' '
	bad "{\"id\":1,}" "invalid JSON at byte 9: unexpected character" &&
	bad "{\"id\":1" "JSON value cut short at the end of the line" &&
	bad "{\"id\":1} x" "invalid JSON at byte 10: unexpected character" &&
	bad "{\"id\":1}{}" "invalid JSON at byte 9: unexpected character" &&
	bad "[1,2]" "not a JSON object" &&
	bad "\"id\"" "not a JSON object" &&
	bad "{\"x\":1}" "no member \"id\" (the ID, --json)" &&
	bad "{\"id\":1.5}" "member \"id\" (the ID) is a number with a fraction or an exponent" &&
	bad "{\"id\":1e3}" "member \"id\" (the ID) is a number with a fraction or an exponent" &&
	bad "{\"id\":null}" "member \"id\" (the ID) is null" &&
	bad "{\"id\":true}" "member \"id\" (the ID) is a boolean" &&
	bad "{\"id\":[1]}" "member \"id\" (the ID) is an array" &&
	bad "{\"id\":\"\"}" "member \"id\" (the ID) is an empty string" &&
	bad "{\"id\":99999999999999999999}" "member \"id\" (the ID) is an integer out of range" &&
	bad "{\"id\":-99999999999999999999}" "member \"id\" (the ID) is an integer out of range" &&
	bad "$(printf "{\"id\":\"\377\"}")" "invalid JSON at byte 8: invalid utf-8 string" &&
	bad "{\"id\":42}" "ID 42 already at line 2"
'

test_expect_success 'JSONL: nesting deeper than json-c alone allows (32) is read' '
	awk "BEGIN { s = \"1\"; for (i = 0; i < 100; i++) s = \"[\" s \"]\"; print \"{\\\"id\\\":\\\"deep\\\",\\\"x\\\":\" s \"}\" }" >deep.jsonl &&
	echo deep >deep.ids &&
	keep --json id deep.ids deep.jsonl >actual &&
	test_cmp deep.jsonl actual
'

test_done
