#!/bin/sh
test_description='spotmatch: keyed streams read by threads equal -j 1 and brute force'
. "$(dirname "$0")/lib.sh"

# With -j above 1 a partition or minhash stream is read ahead in batches
# (cmd/spotmatch/ahead.c): the threads parse each record's signatures and
# its key (a band key's values too), the first thread takes the records
# in order.  DK_TEST_AHEAD_BATCH=97 makes the batches 97 records at
# most, so that each case spans dozens of them, the numbering of one
# meeting the taking of the other.  Each case: a random collection with exact and near
# copies; a partition stream's pairs must be the brute force's (sorted:
# they come key group by key group), a minhash stream's a subset of them
# with the same SIM, and for every -j (1, 2, 3, 7) the pairs and the -v
# counts those of -j 1, byte for byte.

gen() { dk_gen_skewed "$@" -l 1:80 --copy 0.3 --change 0.08; }

# every KEYED OPTION...: -j 1's pairs into actual.1, each other -j's
# compared with them, and the -v counts.
every() {
	_k=$1
	shift
	spotmatch -v -j 1 "$@" "$_k" >actual.1 2>expect.err &&
	for j in 2 3 7; do
		DK_TEST_AHEAD_BATCH=97 spotmatch -v -j $j "$@" "$_k" >actual 2>actual.err &&
		test_cmp actual.1 actual &&
		test_cmp expect.err actual.err || return 1
	done
}

# subset EXPECT ACTUAL: ACTUAL's lines (pair and SIM) are EXPECT's, none
# twice, and at least half of them.
subset() {
	sort "$1" >subset.e &&
	sort "$2" >subset.a &&
	comm -13 subset.e subset.a >subset.extra &&
	test_must_be_empty subset.extra &&
	cut -f 1,2 subset.a | uniq -d >subset.dup &&
	test_must_be_empty subset.dup &&
	test $(($(wc -l <subset.a) * 2)) -ge $(wc -l <subset.e)
}

# Partition streams: seed, documents, threshold, measure.
while read seed n tau m; do
	test_expect_success "partition, seed $seed: $n docs, tau $tau, $m" "
		gen $seed $n >in &&
		dk_brute -t $tau -M $m in | sort >expect &&
		partition -t $tau -M $m in >keyed &&
		test \$(wc -l <keyed) -gt 1000 &&
		every keyed -M $m &&
		sort actual.1 >actual &&
		test_cmp expect actual
	"
done <<EOF_CASES
61 1500 0.9 jaccard
62 1500 0.7 set
63 2000 0.8 dice
64 1500 0.6 cosine
EOF_CASES

# Minhash streams, a record a document and a record a band: seed,
# documents, threshold, measure, minhash options.
while read seed n tau m opts; do
	test_expect_success "minhash, seed $seed: $n docs, tau $tau, $m, $opts" "
		gen $seed $n >in &&
		dk_brute -t $tau -M $m in >expect &&
		minhash $opts in >keyed &&
		every keyed -t $tau -M $m &&
		subset expect actual.1 &&
		cp actual.1 whole &&
		minhash --per-band $opts in >split &&
		test \$(wc -l <split) -gt 4000 &&
		every split -t $tau -M $m &&
		test_cmp whole actual.1
	"
done <<EOF_CASES
65 1500 0.9 jaccard -t 0.9
66 1500 0.6 cosine -t 0.6
67 2000 0.8 jaccard -w -k 4 -l 8
68 1500 0.5 set -t 0.5
EOF_CASES

# Enough postings (6,000 documents, 12 bands each) for the threads to
# sort them (cmd/spotmatch/kgroups.c): placed by top byte into a second
# array while they are at most half the budget, in place past it
# (DK_TEST_KEYED_SPILL=100000), and spilled to buckets past the budget
# (20000, each bucket then sorted alone); every -j's pairs are those of
# -j 1 unspilled, byte for byte, and the -v counts of a spilled run those
# of the same run at -j 1.
test_expect_success 'minhash, 72,000 postings: sorted by the threads, in place, spilled' '
	gen 70 6000 >in &&
	minhash -t 0.9 in >keyed &&
	spotmatch -v -j 1 -t 0.9 keyed >whole 2>whole.err &&
	test $(wc -l <whole) -gt 1000 &&
	for j in 2 7; do
		spotmatch -v -j $j -t 0.9 keyed >actual 2>actual.err &&
		test_cmp whole actual &&
		test_cmp whole.err actual.err || return 1
	done &&
	for budget in 100000 20000; do
		DK_TEST_KEYED_SPILL=$budget spotmatch -v -j 1 -t 0.9 keyed >actual.1 2>expect.err &&
		test_cmp whole actual.1 &&
		for j in 2 7; do
			DK_TEST_KEYED_SPILL=$budget DK_TEST_AHEAD_BATCH=97 \
				spotmatch -v -j $j -t 0.9 keyed >actual 2>actual.err &&
			test_cmp whole actual &&
			test_cmp expect.err actual.err || return 1
		done
	done
'

# A band key gone bad in a late batch: every -j reports the same line,
# and writes nothing.
test_expect_success 'a bad key in a later batch' '
	gen 69 1500 >in &&
	minhash -t 0.9 in >keyed &&
	awk "NR == 1201 { sub(/:[0-9a-f]+,/, \":xyz,\") } { print }" keyed >bad &&
	! cmp -s keyed bad &&
	test_expect_code 2 spotmatch -j 1 bad >out.1 2>err.1 &&
	test_must_be_empty out.1 &&
	grep ":1201:" err.1 &&
	for j in 2 3 7; do
		DK_TEST_AHEAD_BATCH=97 test_expect_code 2 spotmatch -j $j bad >out 2>err &&
		test_must_be_empty out &&
		test_cmp err.1 err || return 1
	done
'

# A repeated ID in a late batch, checked by the hash the threads made of
# it: a partition member, a partition probe (in its key), a record of
# minhash's per-document form (in its band); every -j reports the same
# repeat at the same line, the first record named, as -j 1 does.
test_expect_success 'a repeated ID in a later batch, checked by the threads hash' '
	gen 70 1500 >in &&
	partition -t 0.7 in >keyed &&
	minhash -t 0.9 in >mkeyed &&
	grep -n "	!probe" keyed | sed -n 3p | cut -d: -f1 >probe.at &&
	test -s probe.at &&
	awk -F "\t" "NR == 40 && \$3 !~ /^!probe/ { print \"member\" }" keyed >member.ok &&
	echo member >member.expect &&
	test_cmp member.expect member.ok &&
	{ cat keyed && sed -n 40p keyed; } >rep.member &&
	{ cat keyed && sed -n "$(cat probe.at)p" keyed; } >rep.probe &&
	{ cat mkeyed && sed -n 30p mkeyed; } >rep.band &&
	for f in rep.member rep.probe rep.band; do
		test_expect_code 2 spotmatch -j 1 $f >out.1 2>err.1 &&
		test_must_be_empty out.1 &&
		grep "already at line" err.1 &&
		for j in 2 3 7; do
			DK_TEST_AHEAD_BATCH=97 test_expect_code 2 spotmatch -j $j $f >out 2>err &&
			test_must_be_empty out &&
			test_cmp err.1 err || return 1
		done || return 1
	done
'

test_done
