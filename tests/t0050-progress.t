#!/bin/sh
test_description='progress on long runs: -v and --progress report on stderr while a
program works, as plain lines, or on a terminal as one line rewritten in place'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

test_expect_success 'setup' '
	dk_inputs
'

# Every report so far, with the interval at 0: one at each chunk read.
for p in $progs; do
	test_expect_success "$p: --progress reports while it reads; its output is the same" '
		dk_invocation $p &&
		test -n "$kind" &&
		$p $args <$kind.big >want 2>err.quiet &&
		test_must_be_empty err.quiet &&
		DK_PROGRESS_INTERVAL=0 $p --progress $args <$kind.big >actual 2>err &&
		test_cmp want actual &&
		grep -E "^$p: (([a-z]+: )?[0-9,]+ [a-z]+.*|[a-z]+), [0-9.]+ s\$" err >reports &&
		test_cmp err reports
	'
done

test_expect_success 'the reading report: records, MB, MB/s and seconds' '
	DK_PROGRESS_INTERVAL=0 spotsig --progress docs.big >/dev/null 2>err &&
	grep -E "^spotsig: [0-9][0-9,]* records, [0-9]+\.[0-9] MB, [0-9]+\.[0-9] MB/s, [0-9]+\.[0-9] s\$" err &&
	tail -n 1 err | sed "s/ records.*//; s/.*: //; s/,//g" >n &&
	test $(cat n) -le $(wc -l <docs.big)
'

test_expect_success 'spotmatch reports its phases, then -v closes with its statistics' '
	DK_PROGRESS_INTERVAL=0 spotmatch -v -j 2 -t 0.5 sigs.big >actual 2>err &&
	spotmatch -j 2 -t 0.5 sigs.big >want &&
	test_cmp want actual &&
	grep "^spotmatch: [0-9,]* records" err &&
	grep "^spotmatch: indexing, " err &&
	grep -E "^spotmatch: matching: [0-9,]+ of [0-9,]+ documents \([0-9]+%\), [0-9,]+ pairs" err &&
	grep "^spotmatch: matching: .* documents (100%), " err &&
	tail -n 1 err | grep "^spotmatch: [0-9]* documents, .* pairs\$"
'

test_expect_success 'LSH keys: the candidates verified' '
	minhash sigs.big >keys &&
	DK_PROGRESS_INTERVAL=0 spotmatch --progress -t 0.5 keys >/dev/null 2>err &&
	grep -E "^spotmatch: verifying: [0-9,]+ of [0-9,]+ candidates" err
'

test_expect_success 'nothing without -v or --progress, nor in a run shorter than 2 s' '
	DK_PROGRESS_INTERVAL=0 spotsig docs.big >/dev/null 2>err &&
	test_must_be_empty err &&
	spotsig --progress docs.A >/dev/null 2>err &&
	test_must_be_empty err
'

test_expect_success 'on a terminal: one line rewritten in place, cleared before the statistics' '
	DK_PROGRESS_INTERVAL=0 script -qec "spotmatch -v -t 0.5 sigs.big >/dev/null" typescript >/dev/null &&
	printf "\r" >cr &&
	grep -c "$(cat cr)spotmatch: matching" typescript >n &&
	test $(cat n) -ge 1 &&
	printf "\033\\[K" >el &&
	grep -q "$(cat el)" typescript &&
	tr "\r" "\n" <typescript | grep -v -e "^$" -e "^Script " | tail -n 1 >last &&
	grep "^.\[Kspotmatch: [0-9]* documents, " last
'

test_done
