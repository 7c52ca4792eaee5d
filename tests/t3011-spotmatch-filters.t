#!/bin/sh
test_description='spotmatch: the prefix, positional and bitmap filters lose no pair at any threshold'
. "$(dirname "$0")/lib.sh"

# The exact matcher indexes the members' prefixes only (their signatures
# in ascending document frequency), cuts a member's query shorter than
# another's, drops a candidate whose overlap so far and what is left
# cannot reach the overlap the pair needs, and another whose bitmaps say
# so (match.c).  Each bound depends on the measure, the lengths and the
# counts; every case here compares the pairs with the brute-force oracle
# (dk_brute), for every measure, at thresholds from 0.05 to 1, with one
# thread and with two.

# check TAU MEASURE FILE [OPTIONS]: spotmatch's pairs, with -j 1 and with
# -j 2 and OPTIONS, are the oracle's, byte for byte.
check() {
	_tau=$1 _m=$2 _f=$3
	shift 3
	dk_brute -t "$_tau" -M "$_m" "$_f" >expect &&
	spotmatch -j 1 -t "$_tau" -M "$_m" "$@" "$_f" >actual &&
	test_cmp expect actual &&
	spotmatch -j 2 -t "$_tau" -M "$_m" "$@" "$_f" >actual &&
	test_cmp expect actual
}

# Random collections: a skewed vocabulary (frequent signatures in many
# documents, so that prefixes reach them at low thresholds), counts up to
# 4, lengths from 1 to 60, near and exact copies.
for m in jaccard set max dice cosine containment; do
	for tau in 0.05 0.15 0.3 0.5 0.75 1.0; do
		test_expect_success "random, $m, tau $tau" "
			dk_gen -s 7 -v 60,200 --skew 3 -l 1:60 --loglen -c 4 --repeat \
				--copy 0.2 --exact 0.3 --change 0.3 400 >in &&
			check $tau $m in
		"
	done
done

# Many documents with the same prefix: groups of 25 whose rarest
# signatures (g<k>a, g<k>b, g<k>c, held by the group alone) are the same,
# each then with signatures of a common vocabulary of 12, counts up to 3:
# a query meets every document of its group through the same lists, and
# what decides the pair lies after the prefixes.
cat >prefixes.py <<'PY'
import random
rnd = random.Random(5)
for g in range(12):
    for k in range(25):
        sigs = {"g%d%s" % (g, x): 1 + rnd.randrange(2) for x in "abc"}
        for _ in range(rnd.randrange(1, 14)):
            w = "c%d" % rnd.randrange(12)
            sigs[w] = sigs.get(w, 0) + 1 + rnd.randrange(2)
        print("d%d.%d\t%s" % (g, k, " ".join("%s=%d" % kv for kv in sigs.items())))
PY
test_expect_success 'identical prefixes: the generator' '
	dk_python prefixes.py >same &&
	test $(wc -l <same) = 300
'
for m in jaccard set max dice cosine containment; do
	for tau in 0.1 0.3 0.5 0.8; do
		test_expect_success "identical prefixes, $m, tau $tau" "
			check $tau $m same &&
			check $tau $m same --no-partition
		"
	done
done

# Tiny documents at the thresholds their lengths fall on: every multiset
# over a, b, c, d with counts up to 2 (80 documents of lengths 1 to 8), at
# the thresholds a pair of them reaches exactly (1/3 and 2/3 as the
# doubles their quotients give).
cat >tiny.py <<'PY'
import itertools
n = 0
for c in itertools.product(range(3), repeat=4):
    if any(c):
        n += 1
        print("t%d\t%s" % (n, " ".join("%s=%d" % (w, k) for w, k in zip("abcd", c) if k)))
PY
test_expect_success 'tiny documents: the generator' '
	dk_python tiny.py >tiny &&
	test $(wc -l <tiny) = 80
'
for m in jaccard set max dice cosine containment; do
	for tau in 0.25 0.3333333333333333 0.4 0.5 0.6 0.6666666666666666 0.75 0.8 1; do
		test_expect_success "tiny documents, $m, tau $tau" "
			check $tau $m tiny &&
			check $tau $m tiny --no-partition &&
			check $tau $m tiny -r 3
		"
	done
done

test_expect_success 'sizes 2 and 4 at tau 0.5: the pair is on the threshold for jaccard, set and max' '
	printf "x\ta=1 b=1\ny\ta=1 b=1 c=1 d=1\nz\tc=1 e=1 f=1 g=1\n" >two &&
	printf "x\ty\t0.500000\n" >expect &&
	for m in jaccard set max; do
		spotmatch -t 0.5 -M $m two >actual &&
		test_cmp expect actual || return 1
	done &&
	printf "x\ty\t0.666667\ny\tz\t0.250000\n" >expect &&
	spotmatch -t 0.25 -M dice two >actual &&
	test_cmp expect actual
'

test_expect_success 'counts: a pair on the threshold through its counts alone' '
	printf "x\ta=3 b=1\ny\ta=1 b=1\n" >counts &&
	printf "x\ty\t0.500000\n" >expect &&
	spotmatch -t 0.5 counts >actual &&
	test_cmp expect actual &&
	printf "x\ty\t1.000000\n" >expect &&
	spotmatch -t 1 -M set counts >actual &&
	test_cmp expect actual &&
	spotmatch -t 0.51 counts >actual &&
	test_must_be_empty actual
'

# --against: REF indexed by its prefixes, the input queried as probes of
# any length (the member's shorter query does not apply).
for m in jaccard set max dice cosine containment; do
	for tau in 0.1 0.4 0.7; do
		test_expect_success "--against, $m, tau $tau" "
			dk_gen -s 3 -v 80 --skew 3 -l 1:40 --loglen -c 3 --copy 0.3 --change 0.3 300 >all &&
			head -n 150 all >ref && tail -n 150 all >in &&
			dk_brute -t $tau -M $m --against ref in >expect &&
			spotmatch -j 1 -t $tau -M $m --against ref in >actual &&
			test_cmp expect actual &&
			spotmatch -j 2 -t $tau -M $m --against ref in >actual &&
			test_cmp expect actual
		"
	done
done

# Each filter does its part: on the identical prefixes at 0.5 the members
# met outnumber those past the positional filter, which outnumber those
# compared (past the bitmap filter), and --no-prune meets every member.
counts() {
	sed -n 's/.* \([0-9]*\) candidates met, \([0-9]*\) past the positional filter, \([0-9]*\) candidates compared.*/\1 \2 \3/p' "$1"
}
test_expect_success 'the -v counts of each filter' '
	spotmatch -v -j 1 -t 0.5 same >/dev/null 2>err &&
	counts err >c && test -s c &&
	read met placed compared <c &&
	test "$met" -gt "$placed" &&
	test "$placed" -gt "$compared" &&
	spotmatch -v -j 1 -t 0.5 --no-prune same >/dev/null 2>err &&
	counts err >c &&
	read met2 placed2 compared2 <c &&
	test "$met2" = "$placed2" &&
	test "$placed2" = "$compared2" &&
	test "$met2" -gt "$met"
'

test_done
