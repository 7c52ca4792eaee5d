#!/bin/sh
test_description='spotmatch --window: length bands and sweeps over a long stream'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

# 1,500 documents whose lengths spread from 1 to about 120 signatures
# (log-uniform, so every length band up to there is used and pairs cross
# band boundaries), a third of them near copies of one of the last 150
# with a few signatures dropped or added; the window holds 100 documents,
# (and the document itself: 101), so the postings and slots of evicted
# documents are swept many times over while the queries go on; each runs
# again with postings made 32 bits wide once the window holds 50 documents,
# and with the order learned from the window after 300 documents.  A query
# reads a shorter prefix of its own in the bands above its length's, one
# band up at tau 0.6 and 0.85, two at 0.35.
gen() {
	dk_gen --copy 0.33 --back 150 --drop 0.08 --add 0.5 --loglen -l 1:120 \
		-v 600 "$@" 1500
}

for m in jaccard set max; do
	for tau in 0.35 0.6 0.85; do
		test_expect_success "$m, tau $tau" '
			gen -s 21 -c 3 >s &&
			spotmatch --window 100 -M $m -t $tau s >actual &&
			dk_brute --window 100 -M $m -t $tau s >expect &&
			test $(wc -l <expect) -gt 100 &&
			test_cmp expect actual &&
			DK_TEST_WINDOW_NARROW=50,60 spotmatch --window 100 -M $m -t $tau s >actual &&
			test_cmp expect actual &&
			spotmatch --learn 300 --window 100 -M $m -t $tau s >actual &&
			test_cmp expect actual
		'
	done
done

test_expect_success 'the sweeps leave only the window in the dictionary' '
	gen -s 22 -c 1 >s &&
	spotmatch -v --window 100 -M max -t 0.8 s >/dev/null 2>err &&
	tail -n 101 s | cut -f2 | tr " " "\n" | sort -u | wc -l >expect &&
	sed -n "s/.*documents held at the end: 101, signatures: //p" err >actual &&
	test_cmp expect actual &&
	DK_TEST_WINDOW_NARROW=50,60 spotmatch -v --window 100 -M max -t 0.8 s >/dev/null 2>err &&
	sed -n "s/.*documents held at the end: 101, signatures: //p" err >actual &&
	test_cmp expect actual
'

test_expect_success 'a bad DK_TEST_WINDOW_NARROW is refused' '
	echo "d1	a=1" >s1 &&
	for v in 5,5 0,3 3 3,70000 x; do
		test_expect_code 2 env DK_TEST_WINDOW_NARROW=$v spotmatch --window 3 s1 2>err &&
		grep -q "DK_TEST_WINDOW_NARROW: want MAX,SPAN" err || return 1
	done
'

test_done
