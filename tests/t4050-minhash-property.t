#!/bin/sh
test_description='minhash | spotmatch: every pair is an exact pair, with its exact SIM'
. "$(dirname "$0")/lib.sh"

# The LSH route may miss pairs (a banding is a bet), but what it writes is
# verified: each pair must be one the brute-force oracle finds, with the
# same SIM, and each pair once.  Random collections with exact and near
# copies (tests/gen.py), every measure, thresholds from 0.3 to 1, the
# bands chosen by -t or given by -k and -l, unweighted and -w.  The pairs
# are the same from the record a band of --per-band, and with the band
# postings spilled to files (DK_TEST_KEYED_SPILL: the postings held,
# here few enough that buckets are split again).  Case 12 posts 81,000
# band keys, enough that -j 2 sorts them by threads (65,536 or more).
gen() { dk_gen_skewed "$@" -l 1:60 --copy 0.2 --exact 0.4; }

# subset EXPECT ACTUAL: ACTUAL's pairs are EXPECT's lines (pair and SIM),
# none repeated; prints the recall.
subset() {
	sort "$1" >subset.e &&
	sort "$2" >subset.a &&
	comm -13 subset.e subset.a >subset.extra &&
	test_must_be_empty subset.extra &&
	cut -f 1,2 subset.a | uniq -d >subset.dup &&
	test_must_be_empty subset.dup &&
	echo "recall $(wc -l <subset.a) of $(wc -l <subset.e)"
}

# Each case: seed, documents, threshold, measure, minhash options.
while read seed n tau m opts; do
	test_expect_success "seed $seed: $n docs, tau $tau, $m, minhash $opts" "
		gen $seed $n >in &&
		dk_brute -t $tau -M $m in >expect &&
		minhash -j 1 $opts in >keyed &&
		spotmatch -j 1 -t $tau -M $m keyed >actual &&
		subset expect actual &&
		minhash -j 3 $opts in >keyed3 &&
		test_cmp keyed keyed3 &&
		spotmatch -j 2 -t $tau -M $m keyed3 >actual2 &&
		test_cmp actual actual2 &&
		minhash -j 2 --per-band $opts in >split &&
		spotmatch -j 2 -t $tau -M $m split >actual3 &&
		test_cmp actual actual3 &&
		DK_TEST_KEYED_SPILL=300 spotmatch -j 2 -t $tau -M $m keyed >actual4 &&
		test_cmp actual actual4
	"
done <<EOF_CASES
1 400 0.9 jaccard -t 0.9
2 400 0.5 jaccard -t 0.5
3 500 0.3 set -t 0.3
4 500 0.7 max -t 0.7
5 600 0.5 dice -w -t 0.5
6 600 0.8 cosine -t 0.8
7 800 1.0 jaccard -t 1
8 800 0.6 set -k 2 -l 40
9 1000 0.9 jaccard -w -k 8 -l 8
10 1500 0.5 jaccard -t 0.5 -s 7
12 3000 0.7 jaccard -t 0.7
EOF_CASES

# The filters that spare comparisons (lengths, signature maps) must drop
# no pair: with every document under one key (and under a second, so
# that each pair is met twice), every pair is a candidate, and the keyed
# mode must write exactly the brute-force pairs, for every measure and
# tau from 0.05 to 1, with and without spilling.
while read seed n m; do
	test_expect_success "seed $seed: one key for all, $m: equal to brute force at every tau" "
		gen $seed $n >in &&
		awk -F '\t' '{ print \"B:0000000000000000,00000000000000ff\t\" \$0 }' in >one &&
		for tau in 0.05 0.15 0.3 0.5 0.7 0.9 1; do
			dk_brute -t \$tau -M $m in | sort >expect &&
			spotmatch -j 2 -t \$tau -M $m one | sort >actual &&
			test_cmp expect actual &&
			DK_TEST_KEYED_SPILL=100 spotmatch -j 2 -t \$tau -M $m one | sort >actual &&
			test_cmp expect actual || return 1
		done
	"
done <<EOF_ALL
21 150 jaccard
22 150 set
23 150 max
24 150 dice
25 150 cosine
26 150 containment
EOF_ALL

# With -t the banding puts P(tau) near 0.9 or above, and the copies of the
# generator lie well above tau: on these fixed collections the route finds
# nearly every exact pair.
test_expect_success 'minhash -t finds at least 0.9 of the exact pairs at 0.9 and 0.5' '
	for tau in 0.9 0.5; do
		gen 11 2000 >in &&
		dk_brute -t $tau in >expect &&
		minhash -t $tau in | spotmatch -t $tau >actual &&
		subset expect actual &&
		e=$(wc -l <expect) a=$(wc -l <actual) &&
		test "$e" -gt 50 &&
		test $((100 * a)) -ge $((90 * e)) || return 1
	done
'

# Documents sharing a band are candidates, whatever the keys look like:
# the pairs of small hand-made keyed streams, exactly.
test_expect_success 'keyed stream: candidates are the documents sharing a key, verified' '
	k0=B000:00000000000000aa k1=B001:00000000000000bb k2=B002:00000000000000cc &&
	printf "$k0\td1\ta=1 b=1\n$k1\td1\ta=1 b=1\n" >in &&
	printf "$k0\td2\ta=1 b=1 c=1\n$k2\td2\ta=1 b=1 c=1\n" >>in &&
	printf "$k1\td3\ta=1 b=1\n$k2\td3\ta=1 b=1\n" >>in &&
	printf "$k0\td4\tz=1\n$k1\td4\tz=1\n" >>in &&
	printf "d1\td2\t0.666667\nd1\td3\t1.000000\nd2\td3\t0.666667\n" >expect &&
	spotmatch -t 0.5 in >actual &&
	test_cmp expect actual &&
	printf "d1\td3\t1.000000\n" >expect &&
	spotmatch -t 0.9 in >actual &&
	test_cmp expect actual
'

test_expect_success 'keyed stream: a key listing bands stands for each band, mixed with band keys' '
	a=00000000000000aa b=00000000000000bb c=00000000000000cc z=0000000000000000 &&
	printf "B:$a,$b,$z\td1\ta=1 b=1\n" >in &&
	printf "B000:$a\td2\ta=1 b=1 c=1\nB002:$c\td2\ta=1 b=1 c=1\n" >>in &&
	printf "B:$z,$b,$c\td3\ta=1 b=1\n" >>in &&
	printf "B:$a,$b\td4\tz=1\n" >>in &&
	printf "B:$c\td5\ta=1 b=1\n" >>in &&
	printf "d1\td2\t0.666667\nd1\td3\t1.000000\nd2\td3\t0.666667\n" >expect &&
	spotmatch -t 0.5 in >actual &&
	test_cmp expect actual &&
	DK_TEST_KEYED_SPILL=2 spotmatch -t 0.5 in >actual &&
	test_cmp expect actual
'

# spotmatch interns no ID of a record listing a document's bands (B:)
# until a record of one band (Bbbb:) comes; then the documents read so far,
# short ones too, are found again by ID.
test_expect_success 'keyed stream: documents of B: records met again under a band' '
	a=00000000000000aa b=00000000000000bb c=00000000000000cc z=0000000000000000 &&
	printf "B:$a,$b\td1\ta=1 b=1\n" >in &&
	printf "B:$z,$z\ts1\t!short a=1 b=1\n" >>in &&
	printf "B:$c,$c\td2\ta=1 b=1 c=1\n" >>in &&
	printf "B001:$b\td2\ta=1 b=1 c=1\n" >>in &&
	printf "B000:$a\ts1\t!short a=1 b=1\n" >>in &&
	printf "B000:$a\td1\ta=1 b=1\n" >>in &&
	printf "d1\td2\t0.666667\n" >expect &&
	for j in 1 2; do
		spotmatch -v -j $j -t 0.5 in >actual 2>err &&
		test_cmp expect actual &&
		grep "2 documents, 1 short, .* 4 partitions, .* 1 candidates compared, 1 pairs" err ||
		return 1
	done &&
	cp in in2 &&
	printf "B001:$b\ts1\t!short a=1 c=1\n" >>in2 &&
	expect_error 2 "spotmatch: in2:7: document .s1. appears with other signatures" \
		spotmatch -t 0.5 in2 &&
	printf "B001:$b\td1\ta=1 c=1\n" >>in &&
	expect_error 2 "spotmatch: in:7: document .d1. appears with other signatures" \
		spotmatch -t 0.5 in
'

test_expect_success 'keyed stream: a document met again later keeps its number' '
	k0=B000:00000000000000aa k1=B001:00000000000000bb &&
	printf "$k0\td1\ta=1 b=1\n$k0\td2\ta=1 b=1\n$k1\td1\ta=1 b=1\n$k1\td2\ta=1 b=1\n" >in &&
	printf "d1\td2\t1.000000\n" >expect &&
	spotmatch -v -t 0.5 in >actual 2>err &&
	test_cmp expect actual &&
	grep "2 documents, .* 2 partitions, .* 1 candidates compared, 1 pairs" err
'

# More candidate pairs than one pass holds (2^20 with repeats): 1,450
# identical documents in two keys make 2,101,050, so several passes over
# ranges of the first document; each pair once, in order.
test_expect_success 'keyed stream: candidates in several passes, each pair once, in order' '
	awk "BEGIN { for (d = 0; d < 1450; d++) {
		printf \"B000:00000000000000aa\\td%04d\\ta=1 b=2\\n\", d
		printf \"B001:00000000000000bb\\td%04d\\ta=1 b=2\\n\", d } }" >in &&
	awk "BEGIN { for (a = 0; a < 1450; a++) for (b = a + 1; b < 1450; b++)
		printf \"d%04d\\td%04d\\t1.000000\\n\", a, b }" >expect &&
	spotmatch -v -j 2 -t 0.9 in >actual 2>err &&
	test_cmp expect actual &&
	grep "1050525 candidates compared, 1050525 pairs" err &&
	DK_TEST_KEYED_SPILL=1000 spotmatch -j 2 -t 0.9 in >actual &&
	test_cmp expect actual
'

# Band keys of two bandings (-k, -l, -s, -w) share no hash: streams of
# both, concatenated or merged, would pair no document of the one with
# one of the other, status 0.  Each key names its banding (B/k2l3s0:,
# B000/k2l3s0:) and spotmatch refuses a key of another one than the
# stream's first, or one without (an earlier minhash's, or by hand).
test_expect_success 'keyed stream: band keys of two bandings are refused' '
	printf "d1\ta=1 b=1 c=1 d=1\nd2\ta=1 b=1 c=1 d=1\n" >bsigs &&
	head -n 1 bsigs >b1 && tail -n 1 bsigs >b2 &&
	minhash -k 2 -l 3 b1 >s0 && minhash -k 2 -l 3 -s 1 b2 >s1 &&
	cut -f1 s0 | cut -c1-9 >actual && echo "B/k2l3s0:" >expect && test_cmp expect actual &&
	expect_error 2 "^spotmatch: s1:1: a band key of minhash -k 2 -l 3 -s 1 after one of minhash -k 2 -l 3 -s 0 (at s0:1): keys of two bandings share no hash, so their documents would not be paired (make every stream with the same minhash options)\$" spotmatch -t 0.5 s0 s1 &&
	minhash -k 3 -l 2 b2 >kl &&
	expect_error 2 "^spotmatch: kl:1: a band key of minhash -k 3 -l 2 -s 0 after one of minhash -k 2 -l 3 -s 0 (at s0:1)" spotmatch -t 0.5 s0 kl &&
	minhash -w -k 2 -l 3 b2 >w &&
	expect_error 2 "^spotmatch: w:1: a band key of minhash -k 2 -l 3 -s 0 -w after one of minhash -k 2 -l 3 -s 0 (at s0:1)" spotmatch -t 0.5 s0 w &&
	minhash --per-band -k 2 -l 3 b1 >p0 && minhash --per-band -k 2 -l 3 -s 1 b2 >p1 &&
	sort p0 p1 >merged &&
	expect_error 2 "^spotmatch: merged:[2-6]: a band key of minhash -k 2 -l 3 -s [01] after one of minhash -k 2 -l 3 -s [01] (at merged:1)" spotmatch -t 0.5 merged &&
	printf "B000:00000000000000aa\td2\ta=1 b=1 c=1 d=1\n" >hand &&
	expect_error 2 "^spotmatch: hand:1: a band key of an unrecorded banding (an earlier minhash.s, or written by hand) after one of minhash -k 2 -l 3 -s 0 (at s0:1)" spotmatch -t 0.5 s0 hand &&
	expect_error 2 "^spotmatch: s0:1: a band key of minhash -k 2 -l 3 -s 0 after one of an unrecorded banding" spotmatch -t 0.5 hand s0
'

test_expect_success '--against: an input banded otherwise than REF is refused, at its line' '
	expect_error 2 "^spotmatch: s1:1: a band key of minhash -k 2 -l 3 -s 1 after one of minhash -k 2 -l 3 -s 0 (at s0:1)" \
		spotmatch -t 0.5 --against s0 s1 &&
	expect_error 2 "^spotmatch: kl:1: a band key of minhash -k 3 -l 2 -s 0 after one of minhash -k 2 -l 3 -s 0 (at s0:1)" \
		spotmatch -t 0.5 --against s0 --within kl &&
	minhash -k 2 -l 3 b2 >same &&
	printf "d1\td2\t1.000000\n" >expect &&
	spotmatch -t 0.5 --against s0 same >actual && test_cmp expect actual
'

test_expect_success 'keyed stream: streams of one banding, in both forms, shards or merged, give the pairs of one' '
	printf "d1\td2\t1.000000\n" >expect &&
	minhash -k 2 -l 3 bsigs | spotmatch -t 0.5 >actual && test_cmp expect actual &&
	minhash -k 2 -l 3 b2 >s2 && spotmatch -t 0.5 s0 s2 >actual && test_cmp expect actual &&
	minhash --per-band -k 2 -l 3 b2 >p2 && sort p0 p2 | spotmatch -t 0.5 >actual &&
	test_cmp expect actual &&
	spotmatch -t 0.5 s0 p2 >actual && test_cmp expect actual
'

test_done
