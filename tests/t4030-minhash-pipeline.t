#!/bin/sh
test_description='minhash: after spotsig and qgram, verified by spotmatch'
. "$(dirname "$0")/lib.sh"

test -x "$DK_BIN/spotsig" && test -x "$DK_BIN/qgram" &&
	test -x "$DK_BIN/spotmatch" && test_set_prereq PIPELINE

canon() {
	awk -F '\t' '{ if ($1 < $2) print $1 "\t" $2 "\t" $3; else print $2 "\t" $1 "\t" $3 }' "$1" | sort
}

# check EXACT LSH K L: LSH holds only exact pairs with their SIM, and as
# many as the sum of 1-(1-s^K)^L over the exact pairs predicts, within 4
# standard errors and 2 pairs.
check() {
	canon "$1" >exact.c &&
	canon "$2" >lsh.c &&
	comm -23 lsh.c exact.c >extra &&
	test_must_be_empty extra &&
	awk -F '\t' -v k="$3" -v l="$4" -v got="$(wc -l <lsh.c)" '
		{ p = 1 - (1 - $3 ^ k) ^ l; e += p; v += p * (1 - p) }
		END {
			printf "exact %d, found %d, expected %.1f\n", NR, got, e
			d = got - e
			exit !(NR > 0 && got > 0 && d * d <= (4 * sqrt(v) + 2) ^ 2)
		}' exact.c
}

# 40 stories in 5 versions each, version v with about 8v% of its words
# replaced; every third word is "the", so spotsig finds signatures.
test_expect_success PIPELINE 'setup' '
	awk "BEGIN { srand(11); for (b = 0; b < 40; b++) {
		for (i = 0; i < 60; i++) w[i] = (i % 3 == 0) ? \"the\" : \"w\" int(rand() * 400)
		for (v = 0; v < 5; v++) { s = \"\"
			for (i = 0; i < 60; i++) { x = w[i]
				if (v && rand() < 0.08 * v) x = \"w\" int(rand() * 400)
				s = s (i ? \" \" : \"\") x }
			printf \"b%02dv%d\t%s.\n\", b, v, s } } }" >docs &&
	test "$(wc -l <docs)" -eq 200
'

test_expect_success PIPELINE 'spotsig | minhash -w | spotmatch -t 0.44' '
	spotsig docs >sigs &&
	spotmatch -t 0.44 sigs >exact &&
	minhash -w sigs >keyed &&
	spotmatch -t 0.44 keyed >lsh &&
	check exact lsh 6 32
'

test_expect_success PIPELINE 'qgram | minhash -w -k 4 -l 16 | spotmatch -t 0.5' '
	qgram docs >grams &&
	spotmatch -t 0.5 grams >qexact &&
	minhash -w -k 4 -l 16 grams >qkeyed &&
	spotmatch -t 0.5 qkeyed >qlsh &&
	check qexact qlsh 4 16
'

test_expect_success PIPELINE 'qgram: the keyed stream of -j 1 and -j 2 is the same' '
	minhash -j 1 -w -k 4 -l 16 grams >j1 &&
	minhash -j 2 -w -k 4 -l 16 grams >j2 &&
	test_cmp j1 qkeyed &&
	test_cmp j1 j2
'

test_expect_success PIPELINE 'identical documents are always found' '
	{ cat docs && sed -n "1p;6p;11p" docs | sed "s/^b/copy/"; } >docs2 &&
	spotsig docs2 >sigs2 &&
	minhash sigs2 | spotmatch -t 1.0 >same &&
	grep -c "	1.000000\$" same >n &&
	test "$(cat n)" -ge 3 &&
	{ grep -q "b00v0	copy00v0	1.000000" same ||
	  grep -q "copy00v0	b00v0	1.000000" same; }
'

test_done
