#!/bin/sh
test_description='spotmatch: groups joined by signature pairs lose no pair and add none'
. "$(dirname "$0")/lib.sh"

# A length partition whose members' prefix lists are long (a small
# vocabulary, many documents) is matched by the pairs of signatures of a
# longer prefix, the pair prefix, sorted and joined, instead of by one
# query a member (match.c, "signature pairs").  -v says how many
# partitions were.  Every case compares the pairs with the brute-force
# oracle for every measure, at thresholds from 0.05 to 1, with -j 1 and
# -j 2, and checks that some partitions were joined where the collection
# is built for it.

# check TAU MEASURE FILE [OPTIONS]: spotmatch's pairs, with -j 1 and with
# -j 2 and OPTIONS, are the oracle's, byte for byte; the number of
# partitions joined by pairs into joined.
check() {
	_tau=$1 _m=$2 _f=$3
	shift 3
	dk_brute -t "$_tau" -M "$_m" "$@" "$_f" >expect &&
	spotmatch -v -j 1 -t "$_tau" -M "$_m" "$@" "$_f" >actual 2>err &&
	test_cmp expect actual &&
	sed -n "s/.* \([0-9]*\) joined by signature pairs,.*/\1/p" err >joined &&
	test -s joined &&
	spotmatch -j 2 -t "$_tau" -M "$_m" "$@" "$_f" >actual &&
	test_cmp expect actual
}

# joined: at least one partition was joined by pairs in the last check
joined() {
	test "$(cat joined)" -gt 0
}

# Collections for it: 800 documents over a vocabulary of 25 to 40
# signatures, counts up to 3, lengths from 1 to 40, near and exact copies.
test_expect_success 'the collections' '
	dk_gen -s 11 -v 30 --skew 1 -l 4:40 -c 3 --copy 0.3 --exact 0.1 --change 0.2 800 >flat &&
	dk_gen -s 12 -v 25,40 --skew 1.5 -l 1:30 --loglen -c 2 --repeat --copy 0.3 \
		--exact 0.2 --change 0.3 800 >skewed &&
	test $(wc -l <flat) = 800 &&
	test $(wc -l <skewed) = 800
'
for m in jaccard set max dice cosine containment; do
	for tau in 0.05 0.5 0.8 1.0; do
		test_expect_success "flat, $m, tau $tau" "
			check $tau $m flat
		"
		test_expect_success "skewed, $m, tau $tau" "
			check $tau $m skewed
		"
	done
done
# (containment needs an overlap of 1 only: no document is pairable, none joined)
for m in jaccard set max dice cosine; do
	test_expect_success "some partitions joined by pairs, $m" "
		check 0.9 $m flat && joined &&
		check 0.9 $m skewed && joined
	"
done

# --min-shared raises the overlap of every prefix and pair prefix.
for n in 2 5 9; do
	test_expect_success "--min-shared $n" "
		check 0.8 jaccard flat --min-shared $n && joined &&
		check 0.6 set skewed --min-shared $n
	"
done

# A signature whose count reaches the overlap a document needs makes it
# unpairable (a match may share that signature alone): its partition is
# matched by queries, and the pair it makes with one signature is found.
test_expect_success 'a count as large as the overlap: no pairs, the pair found' '
	{
		cat flat &&
		printf "big1\tw0=40 w1=1\nbig2\tw0=40 w2=1\n"
	} >heavy &&
	check 0.9 jaccard heavy &&
	grep -q "^big1	big2	" actual
'

test_done
