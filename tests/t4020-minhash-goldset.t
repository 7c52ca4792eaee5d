#!/bin/sh
test_description='minhash: LSH-S on goldset-dev against exact spotmatch'
. "$(dirname "$0")/lib.sh"

test -x "$DK_BIN/htmlstrip" && test -x "$DK_BIN/spotsig" &&
	test -x "$DK_BIN/spotmatch" && test_set_prereq PIPELINE

# canon FILE: pairs with the smaller ID first, sorted.
canon() {
	awk -F '\t' '{ if ($1 < $2) print $1 "\t" $2 "\t" $3; else print $2 "\t" $1 "\t" $3 }' "$1" | sort
}

# expected K L EXACT: the number of exact pairs the bands should find,
# sum over pairs of 1 - (1 - s^K)^L.
expected() {
	awk -F '\t' -v k="$1" -v l="$2" '{ e += 1 - (1 - $3 ^ k) ^ l } END { printf "%.0f\n", e }' "$3"
}

test_expect_success SHARED,PIPELINE 'setup: spot signatures of goldset-dev' '
	htmlstrip "$DK_SHARED"/corpora/goldset-dev/docs/*.html >docs 2>/dev/null &&
	spotsig --idf 0.2:0.85 docs >sigs &&
	awk -F "\t" "\$NF != \"\"" sigs >sigs.nonempty &&
	spotmatch -t 0.44 sigs.nonempty >exact.raw &&
	canon exact.raw >exact &&
	test "$(wc -l <exact)" -gt 1000
'

test_expect_success SHARED,PIPELINE 'LSH-S (k 6, l 32) at 0.44: only exact pairs, with their SIM' '
	minhash -k 6 -l 32 sigs >keyed &&
	spotmatch -t 0.44 keyed >lsh.raw &&
	canon lsh.raw >lsh &&
	comm -23 lsh exact >extra &&
	test_must_be_empty extra &&
	test "$(wc -l <lsh)" -gt 0
'

# Recall is below 1 by design, and set by the similarities of the exact
# pairs: here many lie between 0.44 and 0.6, where the bands find a pair
# with probability 0.2 to 0.8.  With -w the bands follow the multiset
# Jaccard that spotmatch verifies, so the expected count is exact; the
# tolerance (3% of the pairs) allows for the pairs of one cluster being
# found or missed together.
test_expect_success SHARED,PIPELINE 'recall of LSH-S at 0.44 is what 1-(1-s^6)^32 predicts' '
	minhash -w -k 6 -l 32 sigs >wkeyed &&
	spotmatch -t 0.44 wkeyed >wlsh.raw &&
	canon wlsh.raw >wlsh &&
	comm -23 wlsh exact >extra &&
	test_must_be_empty extra &&
	n=$(wc -l <exact) got=$(wc -l <wlsh) want=$(expected 6 32 exact) &&
	echo "exact $n, found $got, expected $want (unweighted: $(wc -l <lsh))" &&
	test $((100 * (got - want))) -le $((3 * n)) &&
	test $((100 * (want - got))) -le $((3 * n))
'

test_expect_success SHARED,PIPELINE 'recall at least 0.95 at 0.44 with bands suited to it (k 3, l 32)' '
	minhash -k 3 -l 32 sigs >keyed3 &&
	spotmatch -t 0.44 keyed3 >lsh3.raw &&
	canon lsh3.raw >lsh3 &&
	comm -23 lsh3 exact >extra &&
	test_must_be_empty extra &&
	n=$(wc -l <exact) got=$(wc -l <lsh3) &&
	echo "recall $got / $n" &&
	test $((100 * got)) -ge $((95 * n))
'

test_expect_success SHARED,PIPELINE 'LSH-S (k 6, l 32) recall at least 0.95 at 0.7' '
	spotmatch -t 0.7 sigs.nonempty >exact7.raw &&
	canon exact7.raw >exact7 &&
	spotmatch -t 0.7 keyed >lsh7.raw &&
	canon lsh7.raw >lsh7 &&
	comm -23 lsh7 exact7 >extra &&
	test_must_be_empty extra &&
	n=$(wc -l <exact7) got=$(wc -l <lsh7) &&
	echo "recall $got / $n" &&
	test $((100 * got)) -ge $((95 * n))
'

test_done
