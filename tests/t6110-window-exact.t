#!/bin/sh
test_description='spotmatch --window: equal to brute force over the window'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

# gen [OPTIONS] N (tests/gen.py): N documents, random small multisets
# over a vocabulary of -v, half of them near copies of an earlier one;
# Unix-second times with random gaps below G, stepping back by up to D now
# and then (--time G:D).  dk_brute --window ... FILE: the pairs (--novel:
# the IDs) spotmatch writes.
gen() {
	dk_gen -l 1:8 --skew 1 --copy 0.5 --drop 0.15 --add 0.5 "$@"
}

for m in jaccard set max dice cosine containment; do
	for tau in 0.5 0.8; do
		test_expect_success "$m, tau $tau, in time order" '
			gen -s 3 -v 30 --time 100:0 -c 3 400 >s &&
			spotmatch --window 1000 --time-column 2 -M $m -t $tau s >actual &&
			dk_brute --window 1000 --time-column 2 -M $m -t $tau s >expect &&
			test $(wc -l <expect) -gt 10 &&
			test_cmp expect actual
		'
		test_expect_success "$m, tau $tau, with --disorder" '
			gen -s 5 -v 30 --time 100:150 -c 3 400 >s &&
			spotmatch --window 1000 --time-column 2 --disorder 150 -M $m -t $tau s >actual &&
			dk_brute --window 1000 --time-column 2 -M $m -t $tau s >expect &&
			test $(wc -l <expect) -gt 10 &&
			test_cmp expect actual
		'
	done
	test_expect_success "$m, window counted in documents" '
		gen -s 7 -v 20 --time 10:0 -c 2 400 >s &&
		spotmatch --window 30 -M $m -t 0.6 s >actual &&
		dk_brute --window 30 -M $m -t 0.6 s >expect &&
		test $(wc -l <expect) -gt 10 &&
		test_cmp expect actual
	'
done

test_expect_success '-L: prefixes in the order of a lexicon, pairs unchanged' '
	gen -s 3 -v 30 --time 100:0 -c 3 400 >s &&
	head -n 150 s | dklexicon >lex &&
	for m in jaccard set max; do
		spotmatch -L lex --window 1000 --time-column 2 -M $m -t 0.5 s >actual &&
		dk_brute --window 1000 --time-column 2 -M $m -t 0.5 s >expect &&
		test $(wc -l <expect) -gt 10 &&
		test_cmp expect actual || return 1
	done
'

test_expect_success '--novel lists exactly the documents without a pair' '
	gen -s 9 -v 30 --time 100:0 -c 1 300 >s &&
	spotmatch --window 800 --time-column 2 -M max -t 0.7 s >pairs &&
	spotmatch --window 800 --time-column 2 -M max -t 0.7 --novel s >actual &&
	cut -f2 pairs | sort -u >dups &&
	cut -f1 s | sort >all &&
	comm -23 all dups >expect.sorted &&
	sort actual >actual.sorted &&
	test_cmp expect.sorted actual.sorted &&
	test $(wc -l <actual) -lt 300 &&
	cut -f1 s | grep -x -F -f actual >order &&
	test_cmp order actual &&
	dk_brute --window 800 --time-column 2 -M max -t 0.7 --novel s >expect &&
	test_cmp expect actual
'

test_done
