#!/bin/sh
test_description='minhash -t 0.44 on goldset-dev: recall of the exact pairs'
. "$(dirname "$0")/lib.sh"

test -x "$DK_BIN/htmlstrip" && test -x "$DK_BIN/spotsig" &&
	test -x "$DK_BIN/spotmatch" && test_set_prereq PIPELINE

# canon FILE: pairs with the smaller ID first, sorted.
canon() {
	awk -F '\t' '{ if ($1 < $2) print $1 "\t" $2 "\t" $3; else print $2 "\t" $1 "\t" $3 }' "$1" | sort
}

test_expect_success SHARED,PIPELINE 'setup: exact pairs at 0.44 of goldset-dev' '
	htmlstrip "$DK_SHARED"/corpora/goldset-dev/docs/*.html >docs 2>/dev/null &&
	spotsig --idf 0.2:0.85 docs >sigs &&
	spotmatch -t 0.44 sigs >exact.raw &&
	canon exact.raw >exact &&
	test "$(wc -l <exact)" -gt 10000
'

# found KEYED: the pairs spotmatch verifies from the keyed stream KEYED are
# all exact pairs, and at least 0.95 of them.
found() {
	spotmatch -t 0.44 "$1" >lsh.raw &&
	canon lsh.raw >lsh &&
	comm -23 lsh exact >extra &&
	test_must_be_empty extra &&
	n=$(wc -l <exact) got=$(wc -l <lsh) &&
	echo "recall $got / $n" &&
	test $((100 * got)) -ge $((95 * n))
}

# The defaults (k 6, l 32) find about 0.76 of these pairs; the banding
# -t 0.44 chooses (k 3, l 32) puts P(0.44) at 0.94 and finds 0.99 of them,
# since most exact pairs lie well above 0.44.
test_expect_success SHARED,PIPELINE '-t 0.44: recall at least 0.95, no pair outside the exact ones' '
	minhash -v -t 0.44 sigs >keyed 2>err &&
	grep "k 3, l 32" err &&
	found keyed
'

# -t sketches multisets (the Jaccard spotmatch verifies), as -w does;
# --set sketches the sets.
test_expect_success SHARED,PIPELINE '-t is -w -t; --set -t 0.44 (set Jaccard): the same goal' '
	minhash -w -t 0.44 sigs >wkeyed &&
	test_cmp keyed wkeyed &&
	minhash --set -t 0.44 sigs >skeyed &&
	! cmp -s keyed skeyed &&
	found skeyed
'

test_done
