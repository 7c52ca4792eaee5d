#!/bin/sh
# DDD workflow: qgram throughput, and spotmatch --window decisions per
# second with a full window of ~5 KB documents (-M max -t 0.8, 4-grams).
# Baseline in the same run: the same stream with a window of one document,
# which reads, interns and evicts but compares almost nothing.
#
#   DDD_WINDOW  documents in the window (default 2000; the issue asks 50000)
#   DDD_EXTRA   documents decided with the window full (default 1000)
#   DDD_KEEP    when set, keep the feed and its signatures for profiling
. "$(dirname "$0")/common.sh"
have_shared || exit 0

win=${DDD_WINDOW:-2000}
extra=${DDD_EXTRA:-1000}
n=$((win + extra))
t=$BENCH_TMP/ddd
mkdir -p "$t"

# Sentences of English-like pages, drawn at random into documents of about
# 5 KB; 2% are copies of a document of the window minus one sentence.  One
# day holds $win documents.
python3 "$DK_SHARED/bench/scalegen.py" text -n 600 --seed 11 >"$t/base.tsv"
awk -v seed=1 -v n=$n -v size=5000 -v dups=0.02 -v win=$win -v per=$win '
BEGIN { FS = "\t"; srand(seed) }
{
	k = split($2, a, /\. /)
	for (j = 1; j <= k; j++)
		if (length(a[j]) > 20)
			sent[ns++] = a[j] ". "
}
END {
	for (i = 0; i < n; i++) {
		if (i > 10 && rand() < dups) {
			src = i - 1 - int(rand() * (i < win ? i - 1 : win - 1))
			s = doc[src % win]
			cut = index(s, ". ")
			if (cut > 0)
				s = substr(s, cut + 2)
		} else {
			s = ""
			while (length(s) < size)
				s = s sent[int(rand() * ns)]
		}
		doc[i % win] = s
		printf "n%d\t%d\t%s\n", i, int(i * 86400 / per), s
	}
}' "$t/base.tsv" >"$t/feed.tsv"
bytes=$(wc -c <"$t/feed.tsv")

s=$(now)
qgram -q 4 "$t/feed.tsv" >"$t/feed.sig"
e=$(now)
echo "qgram -q 4: $n documents, $bytes bytes in $(elapsed "$s" "$e") s, $(rate "$bytes" "$(elapsed "$s" "$e")") MB/s"

s=$(now)
spotmatch -M max -t 0.8 --window 1 --novel "$t/feed.sig" >/dev/null
e=$(now)
base=$(elapsed "$s" "$e")

s=$(now)
spotmatch -v -M max -t 0.8 --window 24h --time-column 2 --novel "$t/feed.sig" \
	>"$t/novel" 2>"$t/err"
e=$(now)
full=$(elapsed "$s" "$e")

# The first $win documents fill the window; time them alone to isolate the
# decisions taken with a full window.
head -n "$win" "$t/feed.sig" >"$t/fill.sig"
s=$(now)
spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel "$t/fill.sig" >/dev/null
e=$(now)
fill=$(elapsed "$s" "$e")

awk -v n=$n -v w=$win -v x=$extra -v b=$base -v f=$full -v l=$fill 'BEGIN {
	d = f - l
	printf "window of %d documents: %d decisions in %.3f s, full window: %d in %.3f s\n", w, n, f, x, d
	printf "decisions per second with the window full: %.0f (%.3f ms each)\n", x / d, d / x * 1000
	printf "baseline (window of 1 document): %.3f s; ratio %.1f\n", b, f / b
}'
grep -E "peak|novel" "$t/err"
test -n "$DDD_KEEP" || rm -rf "$t"
