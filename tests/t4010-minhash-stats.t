#!/bin/sh
test_description='minhash: banding and estimation probabilities, determinism'
. "$(dirname "$0")/lib.sh"

# Pairs per similarity value; fewer under valgrind.  The tolerances below
# are in standard errors of the measured fractions, so they hold for any N.
N=300
test -n "$DK_SLOW" && N=60

# pairs U: N pairs of sets for each Jaccard similarity i/U, i = 2, 4 .. U;
# documents aP and bP, and the list "P<TAB>s" in truth.
make_pairs() {
	awk -v n="$N" -v u="$1" 'BEGIN {
		p = 0
		for (i = 2; i <= u; i += 2)
			for (r = 0; r < n; r++) {
				p++
				sa = ""; sb = ""
				for (j = 0; j < i; j++) {
					sa = sa " c" p "." j "=1"; sb = sb " c" p "." j "=1"
				}
				only = u - i
				for (j = 0; j < int(only / 2); j++)
					sa = sa " a" p "." j "=1"
				for (j = int(only / 2); j < only; j++)
					sb = sb " b" p "." j "=1"
				printf "a%d\t%s\nb%d\t%s\n", p, substr(sa, 2), p, substr(sb, 2)
				printf "%d\t%.10f\n", p, i / u >"truth"
			}
	}'
}

# check_bands K L KEYS: per similarity, the fraction of pairs sharing a key
# against 1 - (1 - s^K)^L, within 4 standard errors (plus one pair).
check_bands() {
	awk -F '\t' -v k="$1" -v l="$2" '
		FNR == NR { s[$1] = $2; next }
		{
			side = substr($2, 1, 1); p = substr($2, 2)
			if (side == "a") seen[p, $1] = 1
			else if ((p, $1) in seen) hit[p] = 1
		}
		END {
			for (p in s) { tot[s[p]]++; if (p in hit) got[s[p]]++ }
			bad = 0
			for (v in tot) {
				want = 1 - (1 - v ^ k) ^ l
				f = got[v] / tot[v]
				tol = 4 * sqrt(want * (1 - want) / tot[v]) + 1 / tot[v]
				printf "s %.2f: %.4f of pairs share a key, expected %.4f\n", v, f, want
				if (f - want > tol || want - f > tol) { print "  ^ off"; bad = 1 }
			}
			exit bad
		}' truth "$3"
}

test_expect_success 'setup: pairs with Jaccard 0.1 .. 1.0' '
	make_pairs 20 >pairs &&
	test "$(wc -l <truth)" -eq $((10 * N))
'

test_expect_success 'k 6, l 32: share a band key with probability 1-(1-s^6)^32' '
	minhash --per-band -k 6 -l 32 pairs >keys &&
	check_bands 6 32 keys >report &&
	cat report
'

test_expect_success 'k 3, l 10, another seed: 1-(1-s^3)^10' '
	minhash --per-band -k 3 -l 10 -s 12345 pairs >keys3 &&
	check_bands 3 10 keys3 >report &&
	cat report
'

test_expect_success 'identical sets share every band key' '
	awk -F "\t" "\$2 == 1" truth >same &&
	test -s same &&
	awk -F "\t" "FNR == NR { same[\$1] = 1; next }
		{ p = substr(\$2, 2) }
		p in same && substr(\$2, 1, 1) == \"a\" { n[p]++; k[p, \$1] = 1 }
		p in same && substr(\$2, 1, 1) == \"b\" { if (!((p, \$1) in k)) bad++ }
		END { exit bad > 0 }" same keys
'

# The fraction of equal min-hashes per pair estimates s: per similarity,
# the mean is within 4 standard errors of s, and so is the overall bias.
test_expect_success 'equal single min-hashes estimate s without bias' '
	minhash -k 8 -l 24 --sketch -s 99 pairs >sk &&
	awk -F "\t" "
		FNR == NR { s[\$1] = \$2; next }
		{ p = substr(\$1, 2); n = split(\$2, v, \" \") }
		/^a/ { for (i = 1; i <= n; i++) a[p, i] = v[i]; next }
		{
			e = 0
			for (i = 1; i <= n; i++) e += (a[p, i] == v[i])
			sum[s[p]] += e / n; cnt[s[p]]++; rows = n
			bias += e / n - s[p]; var += s[p] * (1 - s[p]) / n; np++
		}
		END {
			bad = 0
			for (x in sum) {
				m = sum[x] / cnt[x]
				tol = 4 * sqrt(x * (1 - x) / rows / cnt[x]) + 1e-9
				printf \"s %.2f: mean estimate %.4f\n\", x, m
				if (m - x > tol || x - m > tol) { print \"  ^ off\"; bad = 1 }
			}
			printf \"bias %.5f over %d pairs\n\", bias / np, np
			if (bias / np > 4 * sqrt(var) / np || -bias / np > 4 * sqrt(var) / np) bad = 1
			exit bad
		}" truth sk >report &&
	cat report
'

# Multisets: a signature of count c is c elements, so the estimate follows
# sum(min)/sum(max); unweighted, it follows the Jaccard of the plain sets.
test_expect_success 'weighted (-w) estimates the multiset Jaccard' '
	awk -v n="$N" "BEGIN { srand(5)
		for (p = 1; p <= 4 * n; p++) {
			sa = \"\"; sb = \"\"; mn = 0; mx = 0; both = 0; any = 0
			for (j = 0; j < 8; j++) {
				ca = int(rand() * 4); cb = int(rand() * 4)
				if (ca) sa = sa \" m\" p \".\" j \"=\" ca
				if (cb) sb = sb \" m\" p \".\" j \"=\" cb
				mn += ca < cb ? ca : cb; mx += ca > cb ? ca : cb
				both += ca && cb; any += ca || cb
			}
			if (sa == \"\" || sb == \"\") continue
			printf \"a%d\t%s\nb%d\t%s\n\", p, substr(sa, 2), p, substr(sb, 2)
			printf \"%d\t%.10f\t%.10f\n\", p, mn / mx, both / any >\"mtruth\"
		} }" >multi &&
	minhash -w -k 8 -l 24 --sketch multi >wsk &&
	minhash -k 8 -l 24 --sketch multi >usk &&
	for run in "wsk 2" "usk 3"; do
		set -- $run &&
		awk -F "\t" -v col="$2" "
			FNR == NR { s[\$1] = \$col; next }
			{ p = substr(\$1, 2); n = split(\$2, v, \" \") }
			/^a/ { for (i = 1; i <= n; i++) a[p, i] = v[i]; next }
			{
				e = 0
				for (i = 1; i <= n; i++) e += (a[p, i] == v[i])
				bias += e / n - s[p]; var += s[p] * (1 - s[p]) / n; np++
			}
			END {
				printf \"%s: bias %.5f over %d pairs\n\", FILENAME, bias / np, np
				exit (bias > 4 * sqrt(var) || -bias > 4 * sqrt(var))
			}" mtruth $1 || return 1
	done >report &&
	cat report
'

test_expect_success 'weighted and unweighted differ on these multisets' '
	! cmp -s wsk usk
'

test_expect_success 'disjoint sets share no band key (k 1 and k 6)' '
	awk -v n="$((10 * N))" "BEGIN { for (d = 0; d < n; d++) { s = \"\"
		for (j = 0; j < 15; j++) s = s (j ? \" \" : \"\") \"z\" d \".\" j \"=1\"
		printf \"d%d\t%s\n\", d, s } }" >disjoint &&
	minhash --per-band -k 1 -l 32 disjoint >dk1 &&
	minhash --per-band disjoint >dk6 &&
	cut -f1 dk1 | sort | uniq -d >dup1 &&
	cut -f1 dk6 | sort | uniq -d >dup6 &&
	test_must_be_empty dup1 &&
	test_must_be_empty dup6 &&
	test "$(wc -l <dk1)" -eq $((320 * N))
'

test_expect_success 'same input, same output: across runs and across -j' '
	{ cat pairs disjoint && sed "s/^/again-/" pairs; } >big &&
	minhash -j 1 big >j1 &&
	minhash -j 1 big >j1again &&
	minhash -j 2 big >j2 &&
	minhash -j 3 big >j3 &&
	test_cmp j1 j1again &&
	test_cmp j1 j2 &&
	test_cmp j1 j3 &&
	minhash -j 1 -w --sketch big >s1 &&
	minhash -j 4 -w --sketch big >s4 &&
	test_cmp s1 s4
'

test_expect_success 'a bad line stops at the same place for every -j' '
	{ cat big && printf "x\ty=0\n" && cat pairs; } >bigbad &&
	test_expect_code 2 minhash -j 1 bigbad >o1 2>e1 &&
	test_expect_code 2 minhash -j 3 bigbad >o3 2>e3 &&
	test_cmp o1 o3 &&
	test_cmp e1 e3 &&
	test_cmp j1 o1
'

test_expect_success 'the seed changes the keys' '
	minhash -s 1 pairs >seed1 &&
	! cmp -s keys seed1
'

test_done
