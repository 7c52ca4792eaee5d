#!/bin/sh
test_description='dkdedup --keep: which document of a cluster is kept, the
first in the input or the one with the longest text, in each format'
. "$(dirname "$0")/lib.sh"

H="application/http; msgtype=response"
D=2024-05-01T00:00:00Z
A="the cat sat on the mat and the dog ran off to the house of the king"
C="a wholly different story about a ferry that crossed the river in the night"
# the copy is the whole story after words that hold no antecedent: SIM 1
# on the spot signatures, the longer text second in the input
L="late at night $A"
# the bare rule of t7400: three short documents, no IDF cut, no word chains
BARE="--idf 0:1 --min-shared 1 --dense 0"

test_expect_success 'tsv: first keeps the first, longest the longer copy' '
	printf "a\t%s\nb\t%s\nc\t%s\n" "$A" "$L" "$C" >docs.tsv &&
	dkdedup $BARE tsv docs.tsv first.tsv 2>err &&
	printf "a\nc\n" >expect && test_cmp expect first.tsv.keep &&
	dkdedup $BARE --keep first tsv docs.tsv first2.tsv 2>err &&
	test_cmp first.tsv first2.tsv &&
	dkdedup $BARE --keep longest tsv docs.tsv long.tsv 2>err &&
	printf "b\nc\n" >expect && test_cmp expect long.tsv.keep &&
	printf "b\t%s\nc\t%s\n" "$L" "$C" >expect && test_cmp expect long.tsv &&
	printf "a\tb\t1.000000\tb\tthe cat sat on the mat and the dog ran off to the house of...\n" >expect &&
	test_cmp expect long.tsv.removed
'

test_expect_success 'tsv: equal lengths keep the first of them' '
	printf "a\t%s\nb\t%s\nc\t%s\n" "$A" "$A" "$C" >same.tsv &&
	dkdedup $BARE --keep longest tsv same.tsv same.out 2>err &&
	printf "a\nc\n" >expect && test_cmp expect same.out.keep
'

test_expect_success 'jsonl: longest measures the text member, not the record' '
	printf "{\"id\":\"a\",\"text\":\"%s\",\"pad\":\"%s\"}\n" "$A" "$C$C$C" >docs.jsonl &&
	printf "{\"id\":\"b\",\"text\":\"%s\"}\n" "$L" >>docs.jsonl &&
	printf "{\"id\":\"c\",\"text\":\"%s\"}\n" "$C" >>docs.jsonl &&
	dkdedup $BARE --keep longest jsonl docs.jsonl out.jsonl 2>err &&
	printf "b\nc\n" >expect && test_cmp expect out.jsonl.keep &&
	sed -n "2p;3p" docs.jsonl >expect && test_cmp expect out.jsonl
'

test_expect_success 'warc: longest measures the extracted text' '
	dk_http_page p1 "$A" && dk_http_page p2 "$L" && dk_http_page p3 "$C" &&
	dk_warc_record response http://x/1 urn:uuid:1 $D "$H" p1 >r1 &&
	dk_warc_record response http://x/2 urn:uuid:2 $D "$H" p2 >r2 &&
	dk_warc_record response http://x/3 urn:uuid:3 $D "$H" p3 >r3 &&
	cat r1 r2 r3 >in.warc &&
	dkdedup $BARE --keep longest warc in.warc out.warc 2>err &&
	printf "urn:uuid:2\nurn:uuid:3\n" >expect && test_cmp expect out.warc.keep &&
	cat r2 r3 >expect && test_cmp expect out.warc
'

test_expect_success 'a rule dkdedup does not take: usage error, nothing run' '
	expect_error 2 "^dkdedup: --keep is max:2: not first or longest$" \
		dkdedup --keep max:2 tsv docs.tsv bad.out &&
	! test -e bad.out && ! ls bad.out.* 2>/dev/null
'

test_done
