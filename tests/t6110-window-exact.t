#!/bin/sh
test_description='spotmatch --window: equal to brute force over the window'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

# gen.awk: n documents, random small multisets over a vocabulary of v,
# half of them near copies of an earlier one; Unix-second times with random
# gaps below g, stepping back by up to d now and then.
cat >gen.awk <<'AWK'
BEGIN {
	srand(seed);
	t = 1000000;
	for (i = 0; i < n; i++) {
		if (i > 0 && rand() < 0.5) {
			src = int(rand() * i);
			s = doc[src];
			k = split(s, a, " ");
			s = "";
			for (j = 1; j <= k; j++) {
				if (rand() < 0.15) continue;
				s = s (s == "" ? "" : " ") a[j];
			}
			if (rand() < 0.5) s = s (s == "" ? "" : " ") "x" i "=1";
		} else {
			k = 1 + int(rand() * 8);
			s = ""; delete seen;
			for (j = 0; j < k; j++) {
				w = "w" int(rand() * v);
				if (w in seen) continue;
				seen[w] = 1;
				s = s (s == "" ? "" : " ") w "=" (1 + int(rand() * cmax));
			}
		}
		doc[i] = s;
		t += int(rand() * g);
		tt = t;
		if (d > 0 && rand() < 0.3) tt = t - int(rand() * (d + 1));
		printf "d%d\t%d\t%s\n", i, tt, s;
	}
}
AWK


for m in jaccard set max dice; do
	for tau in 0.5 0.8; do
		test_expect_success "$m, tau $tau, in time order" '
			awk -v seed=3 -v n=400 -v v=30 -v g=100 -v d=0 -v cmax=3 -f gen.awk >s &&
			spotmatch --window 1000 --time-column 2 -M $m -t $tau s >actual &&
			awk -v col=2 -v w=1000 -v m=$m -v tau=$tau -f "$DK_TESTS/window-brute.awk" s >expect &&
			test $(wc -l <expect) -gt 10 &&
			test_cmp expect actual
		'
		test_expect_success "$m, tau $tau, with --disorder" '
			awk -v seed=5 -v n=400 -v v=30 -v g=100 -v d=150 -v cmax=3 -f gen.awk >s &&
			spotmatch --window 1000 --time-column 2 --disorder 150 -M $m -t $tau s >actual &&
			awk -v col=2 -v w=1000 -v m=$m -v tau=$tau -f "$DK_TESTS/window-brute.awk" s >expect &&
			test $(wc -l <expect) -gt 10 &&
			test_cmp expect actual
		'
	done
	test_expect_success "$m, window counted in documents" '
		awk -v seed=7 -v n=400 -v v=20 -v g=10 -v d=0 -v cmax=2 -f gen.awk >s &&
		spotmatch --window 30 -M $m -t 0.6 s >actual &&
		awk -v col=0 -v w=30 -v m=$m -v tau=0.6 -f "$DK_TESTS/window-brute.awk" s >expect &&
		test $(wc -l <expect) -gt 10 &&
		test_cmp expect actual
	'
done

test_expect_success '-L: prefixes in the order of a lexicon, pairs unchanged' '
	awk -v seed=3 -v n=400 -v v=30 -v g=100 -v d=0 -v cmax=3 -f gen.awk >s &&
	head -n 150 s | dklexicon >lex &&
	for m in jaccard set max; do
		spotmatch -L lex --window 1000 --time-column 2 -M $m -t 0.5 s >actual &&
		awk -v col=2 -v w=1000 -v m=$m -v tau=0.5 -f "$DK_TESTS/window-brute.awk" s >expect &&
		test $(wc -l <expect) -gt 10 &&
		test_cmp expect actual || return 1
	done
'

test_expect_success '--novel lists exactly the documents without a pair' '
	awk -v seed=9 -v n=300 -v v=30 -v g=100 -v d=0 -v cmax=1 -f gen.awk >s &&
	spotmatch --window 800 --time-column 2 -M max -t 0.7 s >pairs &&
	spotmatch --window 800 --time-column 2 -M max -t 0.7 --novel s >actual &&
	cut -f2 pairs | sort -u >dups &&
	cut -f1 s | sort >all &&
	comm -23 all dups >expect.sorted &&
	sort actual >actual.sorted &&
	test_cmp expect.sorted actual.sorted &&
	test $(wc -l <actual) -lt 300 &&
	cut -f1 s | grep -x -F -f actual >order &&
	test_cmp order actual
'

test_done
