#!/bin/sh
test_description='spotmatch --window: boundary, times, novel, errors'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

test_expect_success 'a copy 23h59m later is caught, 24h01m later is not' '
	cat >in <<-\EOF &&
	a	2008-01-01T12:00:00Z	A rose is a flower
	b	2008-01-02T11:59:00Z	A rose is a flower.
	c	2008-01-03T12:00:00Z	A rose, is a flower
	EOF
	qgram in >sigs &&
	spotmatch -M max -t 0.8 --window 24h --time-column 2 sigs >actual &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'exactly the window apart is inside; one second more is not' '
	printf "a\t100\tx=1 y=1\nb\t190\tx=1 y=1\nc\t281\tx=1 y=1\n" >in &&
	spotmatch --window 90 --time-column 2 in >actual &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch --window 1m31s --time-column 2 in >actual &&
	printf "a\tb\t1.000000\nb\tc\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'ISO 8601 offsets and Unix seconds are the same clock' '
	cat >in <<-\EOF &&
	a	2008-01-01T12:00:00Z	x=1 y=1
	b	2008-01-01T14:30:00+02:00	x=1 y=1
	c	1199192400	x=1 y=1
	d	2008-01-01 13:00:00.500-0000	x=1 y=1
	e	2008-01-01T10:00:01-03	x=1 y=1
	EOF
	spotmatch --window 1h --time-column 2 -v in >actual 2>err &&
	cat >expect <<-\EOF &&
	a	b	1.000000
	a	c	1.000000
	b	c	1.000000
	b	d	1.000000
	c	d	1.000000
	b	e	1.000000
	c	e	1.000000
	d	e	1.000000
	EOF
	test_cmp expect actual &&
	grep "peak documents held: 4$" err
'

test_expect_success 'the window counted in documents without a time column' '
	printf "a\tx=1\nb\ty=1\nc\tx=1\nd\tx=1\n" >in &&
	spotmatch --window 1 in >actual &&
	printf "c\td\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch --window 2 in >actual &&
	printf "a\tc\t1.000000\nc\td\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'measures and threshold: DDD max against Jaccard' '
	printf "a\tp=1 q=1 r=1 s=1 t=1\nb\tp=1 q=1 r=1 s=1 u=1\n" >in &&
	spotmatch --window 5 -M max -t 0.8 in >actual &&
	printf "a\tb\t0.800000\n" >expect &&
	test_cmp expect actual &&
	spotmatch --window 5 -t 0.8 in >actual &&
	test_must_be_empty actual &&
	spotmatch --window 5 -t 0.6 in >actual &&
	printf "a\tb\t0.666667\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'multiset counts count for jaccard and max, not for set' '
	printf "a\tp=3 q=1\nb\tp=1 q=1\n" >in &&
	spotmatch --window 5 -t 0.5 in >actual &&
	printf "a\tb\t0.500000\n" >expect &&
	test_cmp expect actual &&
	spotmatch --window 5 -M set -t 0.5 in >actual &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--novel: the IDs to let through; empty documents are novel' '
	printf "a\t1\tx=1\nb\t2\t\nc\t3\tx=1\nd\t4\ty=1\n" >in &&
	spotmatch --novel --window 10 --time-column 2 in >actual &&
	printf "a\nb\nd\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'carried columns around the time column; operands concatenated' '
	printf "a\tk\t5\tz\tx=1\n" >in1 &&
	printf "b\tk\t6\tz\tx=1\n" >in2 &&
	spotmatch --window 1 --time-column 3 in1 - <in2 >actual &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'out of order times are refused with FILE:LINE' '
	printf "a\t100\tx=1\nb\t99\tx=1\n" >in &&
	expect_error 2 "spotmatch: in:2: time .99. is 1 s before the latest so far: out of order" \
		spotmatch --window 10 --time-column 2 in
'

test_expect_success '--disorder tolerates a bounded step back, and no more' '
	printf "a\t100\tx=1\nb\t95\tx=1\nc\t120\tx=1\n" >in &&
	spotmatch --window 10 --time-column 2 --disorder 5 in >actual &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect actual &&
	printf "a\t100\tx=1\nb\t94\tx=1\n" >in &&
	expect_error 2 "spotmatch: in:2: .*beyond --disorder" \
		spotmatch --window 10 --time-column 2 --disorder 5s in
'

test_expect_success 'bad times' '
	for t in 2008-01-01T12:00:00 2008-02-30T00:00:00Z 2008-01-01 12:00 \
	    2008-01-01T25:00:00Z 2008-01-01T12:00:00+2 1e9 "" 12.; do
		printf "a\t%s\tx=1\n" "$t" >in &&
		expect_error 2 "spotmatch: in:1: time " spotmatch --window 1h --time-column 2 in ||
		return 1
	done &&
	printf "a\t2008-01-01T12:00:00+25:00\tx=1\n" >in &&
	expect_error 2 "in:1: time .*bad zone offset" spotmatch --window 1h --time-column 2 in &&
	printf "a\t2008-01-01T12:00:00\tx=1\n" >in &&
	expect_error 2 "in:1: time .*without a zone" spotmatch --window 1h --time-column 2 in
'

test_expect_success 'bad input: missing columns, bad signatures, repeated signature' '
	printf "a\t5\n" >in &&
	expect_error 2 "spotmatch: in:1: expected at least 3" spotmatch --window 1h --time-column 2 in &&
	printf "a\tx=0\n" >in &&
	expect_error 2 "spotmatch: in:1: signature count is 0" spotmatch --window 3 in &&
	printf "a\tx=1\nb\tx=1 y=1 x=2\n" >in &&
	expect_error 2 "spotmatch: in:2: signature .x. listed twice" spotmatch --window 3 in
'

test_expect_success 'unreadable operand: warn, go on, exit 1' '
	printf "a\tx=1\nb\tx=1\n" >in &&
	test_expect_code 1 spotmatch --window 3 nosuch in >actual 2>err &&
	grep "spotmatch: nosuch: " err &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'usage errors' '
	expect_error 2 "window is .24h.: not an integer" spotmatch --window 24h &&
	expect_error 2 "units are s, m, h, d, w" spotmatch --window 24x --time-column 2 &&
	expect_error 2 "disorder needs --time-column" spotmatch --window 3 --disorder 5 &&
	expect_error 2 "measure is .foo." spotmatch --window 3 -M foo &&
	expect_error 2 "threshold" spotmatch --window 3 -t 0 &&
	expect_error 2 "^usage: spotmatch" spotmatch --window 3 --bogus &&
	spotmatch --window=3 --help >out && grep -e "--time-column" out
'

test_expect_success 'the options of one mode are refused in the other' '
	for o in "-j 2" "-r 10" --no-prune --no-partition --plain "--checksum-column 2" \
		"--against in" --within; do
		expect_error 2 "^spotmatch: ${o%% *} does not work with --window\$" \
			spotmatch --window 3 $o in || return 1
	done &&
	for o in "--time-column 2" "--disorder 1h" "--learn 5" "-L lex" \
		"--time-column x" "--learn -1"; do
		expect_error 2 "^spotmatch: ${o%% *} needs --window\$" spotmatch $o in || return 1
	done &&
	expect_error 2 "^spotmatch: time column is .0.: not in \[1, 100000\]\$" \
		spotmatch --window 3 --time-column 0 in &&
	expect_error 2 "^spotmatch: --novel needs --against or --window\$" spotmatch --novel in &&
	expect_error 2 "^spotmatch: --within needs --against\$" spotmatch --within in
'

test_expect_success 'a record flagged !short matches nothing and is never held' '
	printf "a\tx1=1 x2=1 x3=1\nb\t!short x1=1 x2=1 x3=1\nc\tx1=1 x2=1 x3=1\n" >sh.in &&
	spotmatch --window 5 -t 0.5 -v sh.in >actual 2>err &&
	printf "a\tc\t1.000000\n" >expect &&
	test_cmp expect actual &&
	grep "^spotmatch: window: records flagged !short skipped: 1\$" err &&
	grep "^spotmatch: window: peak documents held: 2\$" err &&
	spotmatch --window 5 -t 0.5 --novel sh.in >actual &&
	printf "a\nb\n" >expect &&
	test_cmp expect actual
'

# live PROG ARGS...: feeds PROG one record through a FIFO that stays open
# and reads its first output line before sending anything more; a program
# that kept the line in its buffer would leave the read waiting (10 s).
live() {
	rm -f in.fifo out.fifo &&
	mkfifo in.fifo out.fifo &&
	{ "$@" <in.fifo >out.fifo & } &&
	exec 8>in.fifo 9<out.fifo &&
	cat first.in >&8 &&
	timeout 10 sh -c 'IFS= read -r line <&9 && printf "%s\n" "$line"' >first.out
	_st=$?
	exec 8>&- && cat <&9 >rest.out && exec 9<&- && wait
	return $_st
}

test_expect_success 'a live feed: each result goes out before the next record comes' '
	printf "a\tx=1 y=1\n" >first.in &&
	live spotmatch --window 10 --novel &&
	echo a >expect && test_cmp expect first.out &&
	printf "a\tthe text of a page\n" >first.in &&
	live qgram -q 3 &&
	grep -q "^a	" first.out
'

test_done
