#!/bin/sh
test_description='dkcluster --keep longest, max:COL, min:COL on random graphs:
the clusters of star-brute.awk; each named after the member the rule
prefers (ties in -a order); the representatives are those names, and keep
writes their records'
. "$(dirname "$0")/lib.sh"

# gen SEED: docs, a document stream ID TAB SCORE TAB DATE TAB TEXT in a
# shuffled ID order, whose scores are written several ways (3, 3.0, 0.3e1)
# and whose dates and text lengths repeat, so that the rules meet ties;
# texts hold escapes and two-byte characters, counted as bytes written.
# pairs: random pairs of a few SIMs, some self-pairs and some repeated.
gen() {
	LC_ALL=C awk -v seed=$1 'BEGIN {
		srand(seed); n = 20 + int(rand() * 60)
		split("3 3.0 0.3e1 -1 -0 0 2.5 +2.5 10 1e1 7", score, " ")
		split("a|b c|\\t|\\n|\303\251|\\\\|xyz", piece, "|")
		for (i = 0; i < n; i++) perm[i] = i
		for (i = n - 1; i > 0; i--) {
			j = int(rand() * (i + 1)); t = perm[i]; perm[i] = perm[j]; perm[j] = t
		}
		for (i = 0; i < n; i++) {
			text = "w"
			for (k = int(rand() * 6); k > 0; k--) text = text piece[1 + int(rand() * 7)]
			printf "d%d\t%s\t%d\t%s\n", perm[i], score[1 + int(rand() * 11)],
			    20240101 + int(rand() * 4), text > "docs"
		}
		split("0.300000 0.500000 0.500000 0.700000 0.900000 1.000000", sim, " ")
		for (i = 0; i < n * 1.2; i++) {
			a = int(rand() * n); b = rand() < 0.05 ? a : int(rand() * n)
			s = sim[1 + int(rand() * 6)]
			printf "d%d\td%d\t%s\n", a, b, s > "pairs"
			if (rand() < 0.1) printf "d%d\td%d\t%s\n", b, a, s > "pairs"
		}
	}'
}

# check RULE: each ID of docs once in actual, each cluster named after its
# member first by RULE (greatest value; equal values, first in docs).
check() {
	LC_ALL=C awk -F "\t" -v keep=$1 '
		BEGIN { col = keep ~ /^m(ax|in):/ ? substr(keep, 5) + 0 : 0 }
		FNR == NR {
			pos[$1] = NR
			if (keep == "longest") pref[$1] = length($NF)
			else if (keep ~ /^max:/) pref[$1] = $col + 0
			else pref[$1] = -($col + 0)
			next
		}
		{
			if (seen[$1]++) { print "twice: " $1; bad = 1 }
			c = $2
			if (pref[$1] > pref[c] || (pref[$1] == pref[c] && pos[$1] < pos[c])) {
				print "cluster " c ": " $1 " is preferred"; bad = 1
			}
			member[$1] = c
		}
		END {
			for (d in pos) if (!(d in seen)) { print "missing: " d; bad = 1 }
			for (d in member) if (member[member[d]] != member[d]) {
				print "name not a member: " member[d]; bad = 1
			}
			exit bad
		}' docs actual
}

test_expect_success 'the generator: ties, escapes and repeated pairs' '
	gen 1 &&
	test $(cut -f 1 docs | sort -u | wc -l) = $(wc -l <docs) &&
	grep -q "0.3e1" docs && grep -q "\\\\t" docs &&
	test $(wc -l <pairs) -gt $(wc -l <docs)
'

for seed in 1 2 3 4 5 6 7 8; do
	for rule in longest max:2 min:2 max:3 min:3; do
		if test $((seed % 2)) = 0; then ms=0.5 tau=500000; else ms=0 tau=0; fi
		test_expect_success "seed $seed, --keep $rule, --min-sim $ms" "
			gen $seed &&
			for m in star leader; do
				dkcluster -m \$m -a docs --keep $rule --min-sim $ms pairs >actual &&
				LC_ALL=C awk -v method=\$m -v tau=$tau -v keep=$rule \
					-f \"\$DK_TESTS/star-brute.awk\" docs pairs >expect &&
				test_cmp expect actual &&
				check $rule &&
				dkcluster -m \$m -a docs --keep $rule --min-sim $ms --representatives pairs >reps &&
				cut -f 2 actual | uniq >names &&
				test_cmp names reps &&
				keep reps docs >kept &&
				awk -F '\t' 'FNR == NR { r[\$1] = 1; next } \$1 in r' reps docs >expect &&
				test_cmp expect kept || return 1
			done
		"
	done
done

test_done
