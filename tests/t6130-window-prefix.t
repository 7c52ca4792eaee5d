#!/bin/sh
test_description='spotmatch --window: long multisets near the prefix bounds'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

# Prefixes grow with the length and shrink with the threshold; documents of
# 1 to 50 signatures with counts up to 4, and high thresholds, put matches
# right at the edge of the prefixes.  Half the documents copy an earlier
# one, some exactly, some with a count moved by one or a signature dropped
# or added, so that pairs land on both sides of every threshold.
cat >gen.awk <<'AWK'
BEGIN {
	srand(seed);
	for (i = 0; i < n; i++) {
		if (i > 0 && rand() < 0.5) {
			k = split(doc[int(rand() * i)], a, " ");
			s = "";
			for (j = 1; j <= k; j++) {
				split(a[j], kv, "=");
				c = kv[2];
				r = rand();
				if (r < edits / 2 && c > 1) c--;
				else if (r < edits) c++;
				else if (r < edits * 1.5 && k > 1) continue;
				s = s (s == "" ? "" : " ") kv[1] "=" c;
			}
			if (rand() < edits) s = s (s == "" ? "" : " ") "x" i "=1";
		} else {
			k = 1 + int(rand() * 50);
			s = ""; delete seen;
			for (j = 0; j < k; j++) {
				w = "w" int(rand() * v);
				if (w in seen) continue;
				seen[w] = 1;
				s = s (s == "" ? "" : " ") w "=" (1 + int(rand() * cmax));
			}
		}
		doc[i] = s;
		printf "d%d\t%s\n", i, s;
	}
}
AWK


seed=11
for m in jaccard set max; do
	for tau in 0.6 0.8 0.9 0.95 1; do
		seed=$((seed + 1))
		test_expect_success "$m, tau $tau" '
			awk -v seed=$seed -v n=300 -v v=80 -v cmax=4 -v edits=0.04 -f gen.awk >s &&
			spotmatch --window 200 -M $m -t $tau s >actual &&
			awk -v w=200 -v m=$m -v tau=$tau -v col=0 -f "$DK_TESTS/window-brute.awk" s >expect &&
			test $(wc -l <expect) -gt 10 &&
			test_cmp expect actual
		'
	done
done

test_expect_success 'a threshold just below a reachable similarity' '
	awk -v seed=99 -v n=300 -v v=80 -v cmax=4 -v edits=0.02 -f gen.awk >s &&
	spotmatch --window 300 -M max -t 0.975 s >actual &&
	awk -v w=300 -v m=max -v tau=0.975 -v col=0 -f "$DK_TESTS/window-brute.awk" s >expect &&
	test $(wc -l <expect) -gt 10 &&
	test_cmp expect actual
'

test_done
