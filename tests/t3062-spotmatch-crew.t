#!/bin/sh
test_description='spotmatch: threads helping with the queries of a large group equal brute force'
. "$(dirname "$0")/lib.sh"

# With -j above 1 and several groups, the threads are a crew
# (cmd/spotmatch/match.c, "groups side by side: the crew"): a thread
# opens a group in a lane of its own (folds its copies, indexes it), then
# any thread takes batches of 64 of its queries, on a worker of its own,
# and the last one out closes the group (the pairs of its copies).  Each
# case: one large group of many near and exact copies of equal lengths,
# whose queries the threads share, beside many small groups of lengths 1
# to 200; the pairs at -j 1, 2, 3, 7 and 16 must be those of the brute
# force, and the -v counts those of -j 1.

# gen SEED: 2,000 documents of 28 to 30 signatures over a
# large vocabulary (their group is matched by queries, not joined by
# signature pairs), then 1,000 of lengths 1 to 200.
gen() {
	dk_gen -s $1 -p a -v 5000,50000 -l 28:30 --repeat --copy 0.6 --exact 0.4 \
		--change 0.05 2000 &&
	dk_gen -s $(($1 + 1)) -p b -v 50,400,4000 --loglen -l 1:200 --repeat \
		--copy 0.5 --exact 0.6 --change 0.05 1000
}

# every FILE TAU MEASURE OPTION...: the brute force, then each -j.
every() {
	_f=$1 _t=$2 _m=$3
	shift 3
	dk_brute -t $_t -M $_m "$@" "$_f" >expect &&
	spotmatch -v -j 1 -t $_t -M $_m "$@" "$_f" >actual 2>expect.err &&
	test_cmp expect actual &&
	for j in 2 3 7 16; do
		spotmatch -v -j $j -t $_t -M $_m "$@" "$_f" >actual 2>actual.err &&
		test_cmp expect actual &&
		test_cmp expect.err actual.err || return 1
	done
}

test_expect_success 'the case has a large group matched by queries, and small ones' '
	gen 61 >in &&
	spotmatch -v -j 2 -t 0.9 in 2>err >/dev/null &&
	sed -n "s/.* \([0-9]*\) partitions, \([0-9]*\) joined.* \([0-9]*\) exact copies folded.*/\1 \2 \3/p" \
		err >counts &&
	read groups joined folded <counts &&
	test "$groups" -ge 20 &&
	test "$joined" = 0 &&
	test "$folded" -ge 1000 &&
	test "$(grep -c "^a" in)" = 2000
'

while read seed tau m; do
	test_expect_success "seed $seed: tau $tau, $m" "
		gen $seed >in &&
		every in $tau $m
	"
done <<EOF_CASES
61 0.9 jaccard
63 0.8 cosine
65 0.95 set
67 0.85 dice
EOF_CASES

test_expect_success '--min-shared' '
	gen 69 >in &&
	every in 0.9 jaccard --min-shared 20
'

# A partition stream: its large key group is shared the same way.
test_expect_success 'a partition stream' '
	gen 71 >in &&
	dk_brute -t 0.9 in | sort >expect &&
	partition -t 0.9 in >keyed &&
	spotmatch -v -j 1 keyed >actual.1 2>expect.err &&
	sort actual.1 >actual &&
	test_cmp expect actual &&
	for j in 2 3 7 16; do
		spotmatch -v -j $j keyed >actual 2>actual.err &&
		test_cmp actual.1 actual &&
		test_cmp expect.err actual.err || return 1
	done
'

# Larger, against -j 1 (the brute force would take minutes): 30,000
# documents in the large group, 10,000 beside, many of their groups
# joined by signature pairs; every thread gets groups and queries.  The
# -v counts are the last line (a slow run notes its progress before).
test_expect_success 'a larger collection: every -j as -j 1' '
	dk_gen -s 81 -p a -v 5000,50000 -l 28:30 --repeat --copy 0.6 --exact 0.4 \
		--change 0.05 30000 >in &&
	dk_gen -s 82 -p b -v 50,400,4000 --loglen -l 1:200 --repeat \
		--copy 0.5 --exact 0.6 --change 0.05 10000 >>in &&
	for tau in 0.9 0.8; do
		spotmatch -v -j 1 -t $tau in >expect 2>err &&
		tail -n 1 err >expect.err &&
		test -s expect &&
		grep -q " [1-9][0-9]* joined by signature pairs" expect.err &&
		for j in 2 3 7 16; do
			spotmatch -v -j $j -t $tau in >actual 2>err &&
			tail -n 1 err >actual.err &&
			test_cmp expect actual &&
			test_cmp expect.err actual.err || return 1
		done || return 1
	done
'

# Only the large group: one group, matched with the threads inside it.
test_expect_success 'a single group' '
	dk_gen -s 73 -p a -v 5000,50000 -l 29:29 --repeat --copy 0.6 --exact 0.4 \
		--change 0.05 2000 >in &&
	every in 0.9 jaccard
'

test_done
