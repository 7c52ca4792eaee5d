#!/bin/sh
# The DDD pipeline in bounded memory: peak RSS of each stage of
#   htmlstrip --warc --allow-repeated-ids FEED |
#   qgram -q 4 --allow-repeated-ids |
#   spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel
# (the pipeline README and the man pages tell a user to run on a feed) on
# WARC feeds of WINDOW_MEMORY_SIZES documents (default 5000 20000 200000
# 1000000; 10000000 on request: a 4 GB feed, 27 minutes here), each run as
# told, as checked (htmlstrip and qgram without --allow-repeated-ids, so
# that they hold every ID of the feed), and as told with the build in
# WINDOW_MEMORY_OLD (the bin folder of another build, e.g. main's) when
# set.  Every run of a feed must write the same bytes: the feed repeats no
# ID, so the checks change nothing but memory.  Criteria (issue 32), for
# the pipeline as told, stage by stage: 20,000 documents within 10% of
# 5,000, and the largest feed under 100 MB.
#
# The feed: a .warc.gz of a gzip member a record, as crawlers write them,
# 2,000 responses a day (spotmatch's window holds 2,001), each an HTML page
# of 40 words drawn from 20,000, or 2% of the time a near copy of one of
# the 1,000 before it (its first word changed).  A Park-Miller generator,
# so that every awk writes the same feed; python3 compresses it.
. "$(dirname "$0")/common.sh"
have_time || exit 0
sizes=${WINDOW_MEMORY_SIZES:-5000 20000 200000 1000000}
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
	function words(   t, j) {
		t = ""
		for (j = 0; j < 40; j++)
			t = t (j ? " " : "") "w" (rnd() % 20000)
		return t
	}
	BEGIN {
		s = 12345
		for (i = 0; i < n; i++) {
			r = rnd() / 2147483647
			if (i > 1000 && r < 0.02) {
				text = ring[(i - 1 - int(r * 50000)) % 1000]
				sub(/^w[0-9]+/, "x" i, text)
			} else
				text = words()
			ring[i % 1000] = text
			body = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" \
			    "<html><body><p>" text "</p></body></html>"
			printf "WARC/1.0\r\nWARC-Type: response\r\n" \
			    "WARC-Target-URI: https://site%04d.example.com/page/%09d\r\n" \
			    "WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\n" \
			    "WARC-Date: %s\r\nContent-Type: application/http; msgtype=response\r\n" \
			    "Content-Length: %d\r\n\r\n%s\r\n\r\n", i % 5000, i, i,
			    strftime("%Y-%m-%dT%H:%M:%SZ", 1199145600 + int(i * 43.2), 1),
			    length(body), body
		}
	}' | python3 -c '
import sys, zlib
mark, buf, out = b"WARC/1.0\r\n", b"", sys.stdout.buffer
def member(rec):
    c = zlib.compressobj(1, zlib.DEFLATED, 31)
    out.write(c.compress(rec) + c.flush())
for chunk in iter(lambda: sys.stdin.buffer.read(1 << 20), b""):
    recs = (buf + chunk).split(mark)
    buf = mark + recs.pop()         # the last, perhaps cut
    for rec in recs:
        if rec:
            member(mark + rec)
if buf != mark:
    member(buf)
'
}

# run BIN LABEL FEED [UPSTREAM-OPTION]: "HTMLSTRIP QGRAM SPOTMATCH CKSUM:SIZE",
# the peak RSS of each stage in KB and the pipeline's output summed
run() {
	{
		/usr/bin/time -o "$t/rss1" -f %M "$1/htmlstrip" --warc $4 "$3" 2>"$t/err1"
		echo $? >"$t/rc1"
	} | {
		/usr/bin/time -o "$t/rss2" -f %M "$1/qgram" -q 4 $4 2>"$t/err2"
		echo $? >"$t/rc2"
	} | {
		/usr/bin/time -o "$t/rss3" -f %M "$1/spotmatch" -M max -t 0.8 \
			--window 24h --time-column 2 --novel 2>"$t/err3"
		echo $? >"$t/rc3"
	} | cksum >"$t/sum"
	test "$(cat "$t/rc1" "$t/rc2" "$t/rc3")" = "$(printf '0\n0\n0')" || {
		echo "window-memory.sh: $2 failed on $3:" >&2
		cat "$t/err1" "$t/err2" "$t/err3" >&2
		return 1
	}
	echo "$(tail -n 1 "$t/rss1") $(tail -n 1 "$t/rss2") $(tail -n 1 "$t/rss3")" \
	    "$(cut -d' ' -f1,2 "$t/sum" | tr ' ' :)"
}

echo "htmlstrip --warc FEED | qgram -q 4 | spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel"
echo "peak RSS in KB, stage by stage: told (--allow-repeated-ids given to htmlstrip and qgram),"
echo "checked (without it), old (the build in WINDOW_MEMORY_OLD, as told)"
printf "%9s %-9s %9s %9s %9s  %s\n" documents run htmlstrip qgram spotmatch output
status=0
: >"$t/table"
for n in $sizes; do
	f=$t/feed-$n.warc.gz
	test -s "$f" || feed "$n" >"$f" || exit 1
	r=$(run "$DK_BIN" told "$f" --allow-repeated-ids) || exit 1
	set -- $r
	told=$4
	printf "%9d %-9s %9d %9d %9d\n" "$n" told "$1" "$2" "$3"
	echo "$n $1 $2 $3" >>"$t/table"
	r=$(run "$DK_BIN" checked "$f") || exit 1
	set -- $r
	same=identical
	test "$4" = "$told" || { same=DIFFERENT; status=1; }
	printf "%9s %-9s %9d %9d %9d  %s\n" "" checked "$1" "$2" "$3" "$same"
	if test -n "$old"; then
		r=$(run "$old" old "$f" --allow-repeated-ids) || exit 1
		set -- $r
		same=identical
		test "$4" = "$told" || { same=DIFFERENT; status=1; }
		printf "%9s %-9s %9d %9d %9d  %s\n" "" old "$1" "$2" "$3" "$same"
	fi
	rm -f "$f"
done
awk 'BEGIN { split("htmlstrip qgram spotmatch", name) }
	$1 == 5000 { for (i = 2; i <= 4; i++) a[i] = $i }
	$1 == 20000 { for (i = 2; i <= 4; i++) b[i] = $i }
	{ last = $1; for (i = 2; i <= 4; i++) l[i] = $i }
	END {
		for (i = 2; i <= 4; i++) {
			if (a[i] && b[i])
				printf "%s: 20,000 documents against 5,000 %+.1f%% (criterion: within 10%%); ",
				    name[i - 1], (b[i] - a[i]) * 100 / a[i]
			else
				printf "%s: ", name[i - 1]
			printf "%d documents %.1f MB (criterion: under 100 MB)\n", last, l[i] / 1024
		}
	}' "$t/table"
rm -rf "$t"
exit $status
