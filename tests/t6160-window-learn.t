#!/bin/sh
test_description='spotmatch --window: the order learned from the window (--learn)'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

# The documents of t6150, whose results with a learned order are compared
# with brute force there: 800 over a skewed vocabulary of 300, 30% near
# copies, with a window of 300.
gen() {
	dk_gen -s 31 --copy 0.3 --back 400 --drop 0.1 --add 0.75 -l 30:149 \
		-v 300 -c 1 800
}

# The vocabulary is skewed, so the order learned puts rare signatures in
# the prefixes and the queries read fewer postings than in birth order.
postings() {
	sed -n "s/.*postings read \([0-9]*\) .*/\1/p" "$1"
}

test_expect_success 'learning is reported, and makes the prefixes rarer' '
	gen >s &&
	spotmatch -v --learn 100 --window 300 -M max s >/dev/null 2>learnt &&
	grep "order learned from the window after 100 documents: [1-9][0-9]* signatures ranked" learnt &&
	spotmatch -v --learn 0 --window 300 -M max s >/dev/null 2>birth &&
	! grep "order learned" birth &&
	test $(postings learnt) -lt $(postings birth) &&
	spotmatch -v --window 300 -M max s >/dev/null 2>default &&
	! grep "order learned" default &&
	test $(postings default) -eq $(postings birth)
'

test_expect_success 'a lexicon sets the order instead, and not with --learn' '
	gen >s &&
	head -n 100 s | dklexicon >lex &&
	spotmatch -v -L lex --window 300 -M max s >/dev/null 2>err &&
	! grep "order learned" err &&
	test_expect_code 2 spotmatch -L lex --learn 100 --window 300 s 2>err &&
	grep "^spotmatch: -L and --learn both set the order: give one$" err
'

test_expect_success 'a bad --learn is refused' '
	echo "d1	a=1" >s1 &&
	for v in -1 x 4294967296 ""; do
		test_expect_code 2 spotmatch --learn "$v" --window 3 s1 2>err &&
		grep -q "^spotmatch: --learn is " err || return 1
	done
'

test_done
