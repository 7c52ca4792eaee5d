#!/bin/sh
test_description='unique IDs in keyed streams: the first record that repeats an ID in its scope, and where the earlier one is, against an awk oracle'
. "$(dirname "$0")/lib.sh"

# gen SEED: a minhash-like band stream on stdout.  Documents d1..dN, each
# under NB bands (NB up to 120, so that scopes past the 56 that ids.c keeps
# as mask bits are met), written a document at a time or shuffled; now and
# then a record repeated (same band and ID) or an ID reused by another
# document, so that most streams have a repeat and some none.
gen() {
	awk -v seed="$1" 'BEGIN {
		srand(seed)
		nd = 1 + int(rand() * 30); nb = 1 + int(rand() * (rand() < 0.5 ? 8 : 120))
		n = 0
		for (d = 1; d <= nd; d++)
			for (b = 0; b < nb; b++) {
				id = "d" d
				if (rand() < 0.01) id = "d" (1 + int(rand() * nd))
				rec[++n] = sprintf("B%03d:%016x\t%s\ta=1", b, int(rand() * 4), id)
				if (rand() < 0.005) rec[++n] = rec[n - 1]
			}
		if (rand() < 0.4)
			for (i = n; i > 1; i--) { j = 1 + int(rand() * i); t = rec[i]; rec[i] = rec[j]; rec[j] = t }
		for (i = 1; i <= n; i++) print rec[i]
	}'
}

# oracle FILE: the message spotmatch must give, or "ok".  Scopes are the
# band (key up to ":"), numbered by first appearance; a scope numbered
# below 56 is a mask bit, and a repeat there that is not in the scope of
# the ID first scoped record names the scope and that record instead.
oracle() {
	awk -F '\t' -v f="$1" '{
		split($1, k, ":"); s = k[1]; id = $2
		if (!(s in num)) num[s] = nscope++
		if ((s, id) in at) {
			if (num[s] < 56 && s != firsts[id])
				printf "spotmatch: %s:%d: ID %s already under %s (its first record at line %d) (see --allow-repeated-ids)\n", f, NR, id, s, firstl[id]
			else
				printf "spotmatch: %s:%d: ID %s already at line %d (see --allow-repeated-ids)\n", f, NR, id, at[s, id]
			bad = 1; exit
		}
		at[s, id] = NR
		if (num[s] < 56 && !(id in firsts)) { firsts[id] = s; firstl[id] = NR }
	} END { if (!bad) print "ok" }' "$1"
}

test_expect_success 'the oracle meets each case: exact, past the masks, another masked scope' '
	printf "B000:0000000000000000\td1\ta=1\nB001:0000000000000000\td1\ta=1\nB001:0000000000000001\td1\ta=1\n" >other &&
	oracle other >expect &&
	echo "spotmatch: other:3: ID d1 already under B001 (its first record at line 1) (see --allow-repeated-ids)" >want &&
	test_cmp want expect &&
	test_expect_code 2 spotmatch -t 0.5 other >out 2>err &&
	test_cmp expect err &&
	test_must_be_empty out
'

test_expect_success 'a repeat in the first scope, and past the 56th, is placed exactly' '
	awk "BEGIN { for (b = 0; b < 60; b++) printf \"B%03d:0000000000000000\td1\ta=1\n\", b
		print \"B000:0000000000000001\td1\ta=1\" }" >first &&
	expect_error 2 "^spotmatch: first:61: ID d1 already at line 1 (see --allow-repeated-ids)\$" spotmatch -t 0.5 first &&
	awk "BEGIN { for (b = 0; b < 60; b++) printf \"B%03d:0000000000000000\td1\ta=1\n\", b
		print \"B058:0000000000000001\td1\ta=1\" }" >late &&
	expect_error 2 "^spotmatch: late:61: ID d1 already at line 59 (see --allow-repeated-ids)\$" spotmatch -t 0.5 late
'

test_expect_success 'an ID unscoped and scoped: a partition member and its probes' '
	printf "P0.5:00001\td1\ta=1 b=1\nP0.5:00002\td1\t!probe a=1 b=1\nP0.5:00003\td1\t!probe a=1 b=1\nP0.5:00003\td2\ta=1 b=1\n" >mp &&
	spotmatch mp >/dev/null &&
	printf "P0.5:00003\td2\t!probe a=1 b=1\n" >>mp &&
	spotmatch mp >/dev/null &&
	printf "P0.5:00004\td1\ta=1 b=1\n" >>mp &&
	expect_error 2 "^spotmatch: mp:6: ID d1 already at line 1 " spotmatch mp
'

test_expect_success 'a partition probe repeated in its key is placed exactly, whatever key came first' '
	printf "P0.5:00001\td1\ta=1 b=1\nP0.5:00002\td1\t!probe a=1 b=1\nP0.5:00003\td1\t!probe a=1 b=1\nP0.5:00003\td1\t!probe a=1 b=1\n" >pp &&
	expect_error 2 "^spotmatch: pp:4: ID d1 already at line 3 (see --allow-repeated-ids)\$" spotmatch pp
'

test_expect_success 'a record of every band of a document, with the banding, repeated: placed exactly' '
	h=0000000000000000 &&
	printf "B/k4l2s0w:$h,$h\td1\ta=1\nB/k4l2s0w:$h,$h\td2\ta=1\nB/k4l2s0w:$h,$h\td1\ta=1\n" >pd &&
	expect_error 2 "^spotmatch: pd:3: ID d1 already at line 1 (see --allow-repeated-ids)\$" spotmatch -t 0.5 pd &&
	printf "B000/k4l2s0w:$h\td1\ta=1\nB/k4l2s0w:$h,$h\td1\ta=1\nB001/k4l2s0w:$h\td1\ta=1\nB/k4l2s0w:$h,$h\td1\ta=1\n" >mixed &&
	expect_error 2 "^spotmatch: mixed:4: ID d1 already at line 2 (see --allow-repeated-ids)\$" spotmatch -t 0.5 mixed &&
	head -n 3 mixed >once &&
	spotmatch -t 0.5 once >/dev/null
'

test_expect_success '300 random band streams: spotmatch stops where the oracle says' '
	seed=1 && fails=0 && repeats=0 &&
	while test $seed -le 300; do
		gen $seed >s && oracle s >expect &&
		if test "$(cat expect)" = ok; then
			spotmatch -t 0.5 s >/dev/null 2>err && test_must_be_empty err ||
				{ echo "seed $seed: refused"; cat err; fails=$((fails + 1)); }
		else
			repeats=$((repeats + 1)) &&
			test_expect_code 2 spotmatch -t 0.5 s >/dev/null 2>err &&
			test_cmp expect err || { echo "seed $seed"; fails=$((fails + 1)); }
		fi
		seed=$((seed + 1))
	done &&
	echo "$repeats of 300 with a repeat" &&
	test $repeats -ge 60 && test $((300 - repeats)) -ge 60 &&
	test $fails -eq 0
'

test_done
