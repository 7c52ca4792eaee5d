#!/bin/sh
test_description='imatch: randomized lexicons (determinism, seeds, Kolcz stability estimate)'
. "$(dirname "$0")/lib.sh"

# A lexicon of 2000 letter-only words, all of IDF 0.51, and documents of 40
# draws of lexicon words each (a word drawn twice kept once).  Everything is
# generated with a fixed seed.
D=1000
test -n "$DK_SLOW" && D=400

test_expect_success 'setup' '
	awk "BEGIN {
		print \"!N\t1000\"
		for (i = 0; i < 2000; i++) {
			w = \"q\"; x = i
			for (j = 0; j < 4; j++) { w = w substr(\"abcdefghijklmnopqrstuvwxyz\", x % 26 + 1, 1); x = int(x / 26) }
			print w \"\t30\"
		}
	}" >lex &&
	sed 1d lex | cut -f1 >words &&
	test $(wc -l <words) = 2000
'

# mkdocs N SEED: writes orig and mod, the documents and their versions with N
# random insertions or deletions of lexicon words (each word changed once).
mkdocs() {
	dk_gen --text --words @words --skew 1 -l 40:40 --versions 2 \
		--edits $1 -s $2 $D >versions &&
	sed -n "s/v0\t/\t/p" versions >orig &&
	sed -n "s/v1\t/\t/p" versions >mod
}

# matched FILE1 FILE2: the fraction of documents with a fingerprint F01..
# in common between their two versions (F00 always changes).
matched() {
	awk -v D=$D -F "\t" "
	NR == FNR { if (\$1 !~ /^F00/) have[\$2 \" \" \$1] = 1; next }
	(\$2 \" \" \$1) in have { hit[\$2] = 1 }
	END { n = 0; for (d in hit) n++; printf \"%.4f\n\", n / D }" "$1" "$2"
}

# within OBSERVED N K P: |observed - (1 - (1 - P^N)^K)| is under four
# standard deviations of a proportion over D documents (plus 0.01).
within() {
	awk -v o=$1 -v n=$2 -v k=$3 -v p=$4 -v D=$D "BEGIN {
		e = 1 - (1 - p ^ n) ^ k
		tol = 4 * sqrt(e * (1 - e) / D) + 0.01
		d = o - e; if (d < 0) d = -d
		printf \"observed %.4f, estimate %.4f, tolerance %.4f\n\", o, e, tol
		exit !(d <= tol)
	}"
}

for c in "1 1 0.33" "1 10 0.33" "2 3 0.33" "2 10 0.33" "3 10 0.33" "2 10 0.5"; do
	set -- $c
	test_expect_success "stability: $1 changes, K = $2, FRAC = $3" '
		mkdocs '$1' 1'$1$2' &&
		imatch -L lex -K '$2' -p '$3' orig >a &&
		imatch -L lex -K '$2' -p '$3' mod >b &&
		! grep "^R" a b &&
		within $(matched a b) '$1' '$2' '$3'
	'
done

test_expect_success 'without extra lexicons nothing survives a change' '
	mkdocs 1 7 &&
	imatch -L lex orig >a &&
	imatch -L lex mod >b &&
	test "$(matched a b)" = 0.0000 &&
	cut -f1 a | sort -u >ka &&
	test $(wc -l <ka) = $D
'

test_expect_success 'same seed, same output' '
	imatch -L lex -K 5 -s 42 orig >s1 &&
	imatch -L lex -K 5 -s 42 orig >s2 &&
	test_cmp s1 s2
'

test_expect_success 'lexicon i does not depend on K' '
	imatch -L lex -K 2 -s 42 orig | sed "s|^\(F0[0-9]\)/3/|\1/6/|" >k2 &&
	grep -v "^F0[345]" s1 >k5 &&
	test_cmp k5 k2
'

# nopar: the keys without their <ipar> (which records -s, -p and the rest).
nopar() {
	sed "s|^\(F[0-9]*/[0-9]*\)/[^:]*:|\1:|"
}

test_expect_success 'the seed does not change F00; other seeds give other lexicons' '
	imatch -L lex -K 5 -s 43 orig >s3 &&
	grep "^F00" s1 | nopar >f1 &&
	grep "^F00" s3 | nopar >f3 &&
	test_cmp f1 f3 &&
	grep -v "^F00" s1 | nopar | sort >o1 &&
	grep -v "^F00" s3 | nopar | sort >o3 &&
	test $(comm -12 o1 o3 | wc -l) = 0 &&
	test $(wc -l <o1) = $((5 * D))
'

test_expect_success 'the default seed is 1' '
	imatch -L lex -K 2 orig >d0 &&
	imatch -L lex -K 2 -s 1 orig >d1 &&
	test_cmp d0 d1
'

test_done
