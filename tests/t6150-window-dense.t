#!/bin/sh
test_description='spotmatch --window: queries that read many postings (dense counts)'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

# 800 documents of 30 to 150 signatures over a skewed vocabulary of 300,
# so that a query reads hundreds of postings and is counted in the dense
# 16-bit lanes rather than one document at a time; 30% are near copies of
# one of the 400 before them, some with new signatures added.  With cmax 1
# every count is 1 and the postings carry no counts; with 3 they do.
# Each runs three ways: as is (postings of 16 bits), with postings of 16
# bits swept every 20 documents or so for their span rather than every
# quarter window, and with the postings made 32 bits wide once the window
# holds 100 documents (DK_TEST_WINDOW_NARROW=MAX,SPAN lowers the limits of
# the 16-bit postings, 60,000 documents and a span of 65,000).  Then the
# order is learned from the window (t6160), which renumbers the signatures
# and builds the index again: at the first document, at the window's edge,
# once documents have left it, and with the narrow postings as above.
gen() {
	dk_gen -s 31 --copy 0.3 --back 400 --drop 0.1 --add 0.75 -l 30:149 \
		-v 300 -c $1 800
}

for m in jaccard set max; do
	for c in 0.5:3 0.8:1; do
		tau=${c%:*} cmax=${c#*:}
		test_expect_success "$m, tau $tau, counts up to $cmax" '
			gen $cmax >s &&
			dk_brute --window 300 -M $m -t $tau s >expect &&
			test $(wc -l <expect) -gt 150 &&
			spotmatch -v --window 300 -M $m -t $tau s >actual 2>err &&
			test_cmp expect actual &&
			dense=$(sed -n "s/.*(\([0-9]*\) queries counted densely).*/\1/p" err) &&
			test "$dense" -gt 500 &&
			DK_TEST_WINDOW_NARROW=302,320 spotmatch --window 300 -M $m -t $tau s >actual &&
			test_cmp expect actual &&
			DK_TEST_WINDOW_NARROW=100,150 spotmatch --window 300 -M $m -t $tau s >actual &&
			test_cmp expect actual &&
			for n in 1 299 301 500; do
				spotmatch --learn $n --window 300 -M $m -t $tau s >actual &&
				test_cmp expect actual || return 1
			done &&
			DK_TEST_WINDOW_NARROW=302,320 spotmatch --learn 50 --window 300 -M $m -t $tau s >actual &&
			test_cmp expect actual &&
			DK_TEST_WINDOW_NARROW=100,150 spotmatch --learn 350 --window 300 -M $m -t $tau s >actual &&
			test_cmp expect actual
		'
	done
done

test_done
