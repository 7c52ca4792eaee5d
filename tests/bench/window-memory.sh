#!/bin/sh
# spotmatch --window in bounded memory: peak RSS of the DDD command,
#   spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel FEED
# on feeds of WINDOW_MEMORY_SIZES documents (default 5000 20000 200000
# 1000000 2000000; 10000000 takes 2.3 GB of disk, and 11 minutes for the
# three runs on a shared 2-core machine),
# with the repeated-ID check and with --allow-repeated-ids (the window's
# own memory), and with the build in WINDOW_MEMORY_OLD (the bin folder of
# another build, e.g. main's) when set.  Every run of a feed must write the
# same bytes: the feed repeats no ID, so the check changes nothing but
# memory.  Criteria (issue 32): 20,000 documents within 10% of 5,000, and
# the largest feed under 100 MB.
#
# The feed is written here, no htmlstrip or qgram: 2,000 documents a day
# (the window holds 2,001), URL-like IDs of 43 bytes, none repeated; a
# document is 16 signatures, two halves drawn from pools of 8,192, or 2%
# of the time a near copy of one of the 1,000 before it (its signatures
# and one of its own), or 0.1% of the time none.  A Park-Miller generator,
# so that every awk writes the same feed.
. "$(dirname "$0")/common.sh"
sizes=${WINDOW_MEMORY_SIZES:-5000 20000 200000 1000000 2000000}
old=${WINDOW_MEMORY_OLD:-}
for n in $sizes; do
	case $n in
	'' | *[!0-9]* | 0)
		echo "window-memory.sh: WINDOW_MEMORY_SIZES: $n: want positive whole numbers" >&2
		exit 2 ;;
	esac
done
if test -n "$old" && ! test -x "$old/spotmatch"; then
	echo "window-memory.sh: WINDOW_MEMORY_OLD: no $old/spotmatch" >&2
	exit 2
fi
t=$BENCH_TMP/window-memory
mkdir -p "$t"

feed() {
	awk -v n="$1" '
	function rnd() { s = (s * 16807) % 2147483647; return s }
	BEGIN {
		s = 12345
		for (h = 0; h < 2; h++)
			for (k = 0; k < 8192; k++) {
				x = ""
				for (j = 0; j < 8; j++)
					x = x (j ? " " : "") "g" (8 * h + j) "." (rnd() % 20000) "=1"
				pool[h, k] = x
			}
		for (i = 0; i < n; i++) {
			r = rnd() / 2147483647
			if (i > 1000 && r < 0.02) {
				sig = ring[(i - 1 - int(r * 50000)) % 1000]
				sig = sig (sig == "" ? "" : " ") "z" i "=1"
			} else if (r > 0.999)
				sig = ""
			else
				sig = pool[0, rnd() % 8192] " " pool[1, rnd() % 8192]
			ring[i % 1000] = sig
			printf "https://site%04d.example.com/page/%09d\t%d\t%s\n", i % 5000, i,
			    1199145600 + int(i * 43.2), sig
		}
	}'
}

# run BIN LABEL FEED [OPTION]: "PEAK_KB CKSUM:SIZE" of the DDD command,
# its output summed as it comes
run() {
	{
		/usr/bin/time -o "$t/rss" -f %M "$1/spotmatch" $4 -M max -t 0.8 \
			--window 24h --time-column 2 --novel "$3" 2>"$t/err"
		echo $? >"$t/rc"
	} | cksum >"$t/sum"
	test "$(cat "$t/rc")" = 0 || {
		echo "window-memory.sh: $2 failed on $3:" >&2
		cat "$t/err" >&2
		return 1
	}
	echo "$(tail -n 1 "$t/rss") $(cut -d' ' -f1,2 "$t/sum" | tr ' ' :)"
}

echo "spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel: peak RSS in KB"
printf "%10s %10s %10s %10s  %s\n" documents new allow old "outputs"
status=0
: >"$t/table"
for n in $sizes; do
	f=$t/feed-$n
	test -s "$f" || feed "$n" >"$f" || exit 1
	r=$(run "$DK_BIN" new "$f") || exit 1
	kn=${r% *} sn=${r#* }
	r=$(run "$DK_BIN" allow "$f" --allow-repeated-ids) || exit 1
	ka=${r% *} sa=${r#* }
	ko=- so=$sn
	if test -n "$old"; then
		r=$(run "$old" old "$f") || exit 1
		ko=${r% *} so=${r#* }
	fi
	same=identical
	test "$sn" = "$sa" && test "$sn" = "$so" || { same=DIFFERENT; status=1; }
	printf "%10d %10d %10d %10s  %s\n" "$n" "$kn" "$ka" "$ko" "$same"
	echo "$n $kn" >>"$t/table"
	rm -f "$f"
done
awk '$1 == 5000 { a = $2 } $1 == 20000 { b = $2 } { last = $1; lk = $2 }
	END {
		if (a && b)
			printf "20,000 documents against 5,000: %+.1f%% (criterion: within 10%%)\n",
			    (b - a) * 100 / a
		printf "%d documents: %.1f MB (criterion: under 100 MB)\n", last, lk / 1024
	}' "$t/table"
rm -rf "$t"
exit $status
