#!/bin/sh
test_description='minhash: keyed and sketch output, options, bad input'
. "$(dirname "$0")/lib.sh"

has_lines() {
	test "$(wc -l <"$2")" -eq "$1" || { echo >&2 "$2: not $1 lines"; return 1; }
}

test_expect_success 'setup' '
	printf "d1\tu1\tthe:a:b=1 is:c%%3Ad=2\n" >one &&
	printf "d1\ta=1 b=2 c=1\nd2\tx\ta=1 b=1 c=3\nd3\t\nd4\t!short a=1\r\n" >four
'

# These values pin the hash family: the same seed gives the same keys on
# every machine.
test_expect_success 'band keys of a small document: one record, all bands' '
	minhash -k 2 -l 2 one >actual &&
	printf "B/k2l2s0:42b4fe4e7c851faa,97a22a85b4363619\td1\tu1\tthe:a:b=1 is:c%%3Ad=2\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--per-band: a record a band, the same hashes' '
	minhash --per-band -k 2 -l 2 one >actual &&
	printf "B000/k2l2s0:42b4fe4e7c851faa\td1\tu1\tthe:a:b=1 is:c%%3Ad=2\n" >expect &&
	printf "B001/k2l2s0:97a22a85b4363619\td1\tu1\tthe:a:b=1 is:c%%3Ad=2\n" >>expect &&
	test_cmp expect actual &&
	expect_error 2 "^minhash: --sketch and --per-band exclude each other" \
		minhash --sketch --per-band one
'

test_expect_success 'sketch of a small document' '
	minhash -k 2 -l 2 --sketch one >actual &&
	printf "d1\tu1\tbdd58e94d3aab604 1797a17c0a47b045 8cbd93714a435544 04b9b37d228f6f68\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'sketch with another seed' '
	minhash -s 7 -k 1 -l 3 --sketch one >actual &&
	printf "d1\tu1\t07d28d280c7ac2ca 4ccc361aa3fb8f2a 11c0a7b0c71a863e\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'weighted sketch differs only where the count matters' '
	minhash -k 1 -l 2 --sketch -w one >actual &&
	printf "d1\tu1\t0bc6afde979c712c 1797a17c0a47b045\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'row r of the sketch does not depend on how rows are banded' '
	minhash -k 3 -l 4 --sketch four >a &&
	minhash -k 4 -l 3 --sketch four >b &&
	minhash -k 12 -l 1 --sketch four >c &&
	test_cmp a b &&
	test_cmp a c
'

test_expect_success 'default is k 6, l 32: 32 hashes a document, with --per-band 32 lines in band order' '
	minhash one >compact &&
	has_lines 1 compact &&
	cut -f1 compact | tr , "\n" | wc -l >n &&
	echo 32 >expect &&
	test_cmp expect n &&
	minhash -k 6 -l 32 one >explicit &&
	test_cmp compact explicit &&
	minhash --per-band one >actual &&
	has_lines 32 actual &&
	cut -c1-13 actual >bands &&
	awk "BEGIN { for (b = 0; b < 32; b++) printf \"B%03d/k6l32s0:\n\", b }" >expect &&
	test_cmp expect bands &&
	minhash --per-band -k 6 -l 32 one >explicit &&
	test_cmp actual explicit
'

test_expect_success 'key forms: B, the banding, l hashes apart by commas; --per-band B, 3-digit band, the banding, colon, a hash' '
	minhash -l 12 four >actual &&
	grep -v -E "^B/k6l12s0:[0-9a-f]{16}(,[0-9a-f]{16}){11}	" actual >bad;
	test_must_be_empty bad &&
	minhash --per-band -l 12 four >actual &&
	grep -v -E "^B[0-9]{3}/k6l12s0:[0-9a-f]{16}	" actual >bad;
	test_must_be_empty bad
'

test_expect_success 'the i-th hash of a document record is band i of --per-band' '
	minhash -k 2 -l 7 four >compact &&
	minhash --per-band -k 2 -l 7 four >split &&
	awk -F "\t" "{ n = split(substr(\$1, 10), h, \",\"); r = \$0; sub(/^[^\t]*\t/, \"\", r)
		for (b = 1; b <= n; b++) printf \"B%03d/k2l7s0:%s\t%s\n\", b - 1, h[b], r }" compact >expect &&
	test_cmp expect split
'

test_expect_success 'input order of documents; the record is copied unchanged' '
	minhash -k 2 -l 3 four >actual &&
	cut -f2- actual >records &&
	printf "d1\ta=1 b=2 c=1\nd2\tx\ta=1 b=1 c=3\nd4\t!short a=1\n" >expect &&
	test_cmp expect records &&
	minhash --per-band -k 2 -l 3 four >actual &&
	cut -f2- actual >records &&
	printf "d1\ta=1 b=2 c=1\n" >expect &&
	printf "d1\ta=1 b=2 c=1\n" >>expect &&
	printf "d1\ta=1 b=2 c=1\n" >>expect &&
	printf "d2\tx\ta=1 b=1 c=3\n" >>expect &&
	printf "d2\tx\ta=1 b=1 c=3\n" >>expect &&
	printf "d2\tx\ta=1 b=1 c=3\n" >>expect &&
	printf "d4\t!short a=1\n" >>expect &&
	printf "d4\t!short a=1\n" >>expect &&
	printf "d4\t!short a=1\n" >>expect &&
	test_cmp expect records
'

test_expect_success 'equal sets (counts ignored) share every key, flags aside' '
	minhash --per-band -k 2 -l 3 four >actual &&
	sed -n "1,3p" actual | cut -f1 >k1 &&
	sed -n "4,6p" actual | cut -f1 >k2 &&
	test_cmp k1 k2 &&
	minhash -k 2 -l 3 four | cut -f1 >keys &&
	sed -n 1p keys >k1 &&
	sed -n 2p keys >k2 &&
	test_cmp k1 k2
'

test_expect_success 'weighted: different counts give different min-hashes' '
	minhash -w -k 1 -l 64 --sketch four >actual &&
	sed -n 1p actual | cut -f2 | tr " " "\n" >s1 &&
	sed -n 2p actual | cut -f3 | tr " " "\n" >s2 &&
	paste s1 s2 | awk "\$1 == \$2 { e++ } END { exit !(e > 0 && e < NR) }"
'

test_expect_success 'a document without signatures: no key, but a sketch line' '
	minhash -v four >actual 2>err &&
	! grep -q "^[^	]*	d3	" actual &&
	grep -q "4 documents (1 without signatures)" err &&
	minhash --sketch four >sk &&
	printf "d3\t\n" >expect &&
	sed -n 3p sk >line3 &&
	test_cmp expect line3
'

test_expect_success 'only documents without signatures' '
	printf "e1\t\ne2\tc\t\n" >empty &&
	minhash empty >out &&
	test_must_be_empty out &&
	minhash --sketch empty >out &&
	printf "e1\t\ne2\tc\t\n" >expect &&
	test_cmp expect out
'

test_expect_success '-w refuses a document of more than 2^24 occurrences' '
	printf "d\ta=16777215 b=1\nd2\ta=16777216 b=1\n" >huge &&
	test_expect_code 2 minhash -w -k 1 -l 1 huge >out 2>err &&
	grep -q "^minhash: huge:2: more than 16777216 signature occurrences for -w" err &&
	has_lines 1 out &&
	minhash -l 1 huge >out &&
	has_lines 2 out
'

test_expect_success 'sketch keeps the flags before the values' '
	minhash -k 1 -l 2 --sketch four >sk &&
	sed -n 4p sk >line4 &&
	grep -E "^d4	!short [0-9a-f]{16} [0-9a-f]{16}\$" line4 &&
	printf "p1\t!short !probe a=1\n" >probe &&
	minhash -k 1 -l 1 --sketch probe >out &&
	grep -E "^p1	!short !probe [0-9a-f]{16}\$" out
'

test_expect_success 'percent escapes are decoded before hashing' '
	printf "e1\tx%%3Ay=1\ne2\tx:y=1\n" >esc &&
	minhash -k 1 -l 4 --sketch esc >out &&
	cut -f2 out | uniq >vals &&
	has_lines 1 vals
'

test_expect_success 'several operands and -, in order' '
	minhash --allow-repeated-ids -k 1 -l 1 one - four <one >actual &&
	cut -f2 actual >ids &&
	printf "d1\nd1\nd1\nd2\nd4\n" >expect &&
	test_cmp expect ids
'

test_expect_success 'a band key is shared exactly when the band min-hashes agree' '
	awk "BEGIN { srand(3); for (d = 0; d < 400; d++) { n = 1 + int(rand() * 4); s = \"\";
		for (i = 0; i < n; i++) s = s (i ? \" \" : \"\") \"w\" int(rand() * 8) \"_\" i \"=1\";
		print \"d\" d \"\t\" s } }" >rand &&
	minhash --per-band -k 2 -l 5 rand >keys &&
	minhash -k 2 -l 5 --sketch rand >sk &&
	awk -F "\t" "{ n = split(\$2, v, \" \"); for (b = 0; b < 5; b++)
		printf \"B%03d:%s,%s\t%s\n\", b, v[2 * b + 1], v[2 * b + 2], \$1 }" sk >bysketch &&
	cut -f1,2 keys >bykey &&
	awk -F "\t" "{ g[\$1] = g[\$1] \" \" \$2 } END { for (k in g) print g[k] }" bysketch | sort >groups1 &&
	awk -F "\t" "{ g[\$1] = g[\$1] \" \" \$2 } END { for (k in g) print g[k] }" bykey | sort >groups2 &&
	test_cmp groups1 groups2 &&
	awk "NF > 1" groups1 >shared &&
	test -s shared
'

test_expect_success 'bad count: FILE:LINE and status 2, earlier lines written' '
	printf "d1\ta=1\nd2\ta=0\n" >bad &&
	test_expect_code 2 minhash -k 1 -l 1 bad >out 2>err &&
	grep -q "^minhash: bad:2: signature count is 0" err &&
	has_lines 1 out
'

test_expect_success 'a line without a SIGS field is an error' '
	printf "d1\ta=1\nd2\n" >bad2 &&
	expect_error 2 "^minhash: bad2:2: expected at least 2" minhash bad2
'

test_expect_success 'bad signature lists' '
	printf "d1\ta=1  b=1\n" >b3 &&
	expect_error 2 "^minhash: b3:1: empty item" minhash b3 &&
	printf "d1\ta=1 !short\n" >b4 &&
	expect_error 2 "^minhash: b4:1: flag after" minhash b4 &&
	printf "d1\ta\n" >b5 &&
	expect_error 2 "^minhash: b5:1: signature without =COUNT" minhash b5
'

test_expect_success 'an unreadable operand: warning, status 1, the rest processed' '
	test_expect_code 1 minhash -k 1 -l 1 nosuch one >out 2>err &&
	grep -q "^minhash: nosuch: " err &&
	has_lines 1 out
'

test_expect_success 'option values are checked' '
	expect_error 2 "^minhash: K is .0.: not in" minhash -k 0 one &&
	expect_error 2 "^minhash: K is .65.: not in" minhash -k 65 one &&
	expect_error 2 "^minhash: L is .1001.: not in" minhash -l 1001 one &&
	expect_error 2 "^minhash: L is .x.: not an integer" minhash -l x one &&
	expect_error 2 "^minhash: seed is .-1.: not in" minhash -s -1 one &&
	expect_error 2 "^minhash: thread count is .0." minhash -j 0 one &&
	expect_error 2 "^usage: minhash" minhash -q one
'

test_expect_success 'band numbers up to 999; 1000 hashes in one key' '
	minhash --per-band -k 1 -l 1000 one >out &&
	has_lines 1000 out &&
	tail -n 1 out | grep -q "^B999/k1l1000s0:" &&
	minhash -k 1 -l 1000 one >out &&
	has_lines 1 out &&
	cut -f1 out | tr , "\n" | wc -l >n &&
	echo 1000 >expect &&
	test_cmp expect n &&
	spotmatch -t 0.5 out >pairs &&
	test_must_be_empty pairs
'

test_done
