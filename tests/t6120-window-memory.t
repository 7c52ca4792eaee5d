#!/bin/sh
test_description='spotmatch --window: memory bounded by the window, not the stream'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

# One document every 8.64 s: 10,000 a day, so a 24h window holds about
# 10,000.  Every 100th document copies the one before it.  The long stream
# covers 100 days (1 million documents), the short one 10 days; under
# DK_SLOW (valgrind) 3 days against 1.5.
if test -n "$DK_SLOW"; then long=30000 short=15000; else long=1000000 short=100000; fi

stream() {
	awk -v n=$1 'BEGIN {
		for (i = 0; i < n; i++) {
			k = i % 100 == 99 ? i - 1 : i
			printf "d%d\t%d\tx%d=1 y%d=1 z%d=1\n", i, int(i * 864 / 100), k, k % 50, k % 997
		}
	}'
}

field() {
	sed -n "s/^spotmatch: window: $1: \([0-9]*\).*/\1/p" "$2"
}

test_expect_success 'a long stream: every copy caught' '
	stream $long >long &&
	spotmatch --window 24h --time-column 2 --novel -v long >novel 2>err.long &&
	test $(wc -l <novel) -eq $((long - long / 100)) &&
	! grep -x "d99" novel &&
	grep -x "d98" novel
'

test_expect_success 'the window holds one day of documents' '
	peak=$(field "peak documents held" err.long) &&
	test "$peak" -ge 10000 && test "$peak" -le 10002
'

test_expect_success 'a stream ten times shorter needs the same memory' '
	stream $short >short &&
	spotmatch --window 24h --time-column 2 --novel -v short >/dev/null 2>err.short &&
	test "$(field "peak documents held" err.short)" = "$(field "peak documents held" err.long)" &&
	bl=$(field "peak bytes held" err.long) &&
	bs=$(field "peak bytes held" err.short) &&
	test $((bl * 10)) -le $((bs * 11))
'

test_expect_success 'signatures of evicted documents leave the dictionary' '
	sed -n "s/.*signatures: //p" err.long >n &&
	test "$(cat n)" -le $((10002 + 50 + 997))
'

test_done
