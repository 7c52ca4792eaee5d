#!/bin/sh
test_description='spotmatch: groups matched side by side equal brute force'
. "$(dirname "$0")/lib.sh"

# With -j above 1 and a plain stream in several length partitions (or a
# partition stream of several keys), the groups are matched side by
# side, the largest first, each in a lane with a matcher of its own, the
# threads sharing the queries of the groups open (cmd/spotmatch/match.c,
# "groups side by side: the crew"; t3062 has a large group beside small
# ones); the links of exact copies are shared by the lanes, as a
# document is a member of one group and a probe of the next.  Each case: a random collection of
# many short partitions (wide lengths, high thresholds) with many exact
# and near copies, whose pairs at -j 1, 2, 3 and 7 must be those of the
# brute force, and the -v counts those of -j 1.

# gen SEED N: lengths 1 to 200 on a log scale, counts above one, half the
# documents copies, most of them exact.
gen() {
	dk_gen -v 50,400,4000 --loglen -l 1:200 --repeat \
		--copy 0.5 --exact 0.6 --change 0.05 -s "$@"
}

# every FILE TAU MEASURE OPTION...: the brute force, then each -j.
every() {
	_f=$1 _t=$2 _m=$3
	shift 3
	dk_brute -t $_t -M $_m "$@" "$_f" >expect &&
	spotmatch -v -j 1 -t $_t -M $_m "$@" "$_f" >actual 2>expect.err &&
	test_cmp expect actual &&
	for j in 2 3 7; do
		spotmatch -v -j $j -t $_t -M $_m "$@" "$_f" >actual 2>actual.err &&
		test_cmp expect actual &&
		test_cmp expect.err actual.err || return 1
	done
}

while read seed n tau m; do
	test_expect_success "seed $seed: $n docs, tau $tau, $m" "
		gen $seed $n >in &&
		every in $tau $m
	"
done <<EOF_CASES
41 1500 0.9 jaccard
42 1500 0.95 set
43 2000 0.8 dice
44 1500 1.0 jaccard
45 2000 0.85 cosine
46 1500 0.9 containment
47 2000 0.7 max
48 3000 0.9 jaccard
EOF_CASES

test_expect_success 'the cases have many groups and fold copies' '
	gen 41 1500 >in &&
	spotmatch -v -j 2 -t 0.9 in 2>err >/dev/null &&
	sed -n "s/.* \([0-9]*\) partitions.* \([0-9]*\) exact copies folded.*/\1 \2/p" err >counts &&
	read groups folded <counts &&
	test "$groups" -ge 20 &&
	test "$folded" -ge 100
'

test_expect_success '--min-shared' '
	gen 49 2000 >in &&
	every in 0.8 jaccard --min-shared 4
'

# A partition stream's key groups go side by side the same way; its
# pairs come key group by key group, so the brute force's are sorted.
test_expect_success 'a partition stream' '
	gen 51 2000 >in &&
	dk_brute -t 0.9 in | sort >expect &&
	partition -t 0.9 in >keyed &&
	spotmatch -v -j 1 keyed >actual.1 2>expect.err &&
	sort actual.1 >actual &&
	test_cmp expect actual &&
	for j in 2 3 7; do
		spotmatch -v -j $j keyed >actual 2>actual.err &&
		test_cmp actual.1 actual &&
		test_cmp expect.err actual.err || return 1
	done
'

test_expect_success '--checksum-column: copies by checksum' '
	dk_gen -s 50 -v 400,4000 -l 1:200 --loglen --copy 0.5 --exact 0.7 --checksum \
		2000 >sums &&
	spotmatch -j 1 -t 0.9 --checksum-column 2 sums >expect &&
	for j in 2 3 7; do
		spotmatch -j $j -t 0.9 --checksum-column 2 sums >actual &&
		test_cmp expect actual || return 1
	done
'

test_done
