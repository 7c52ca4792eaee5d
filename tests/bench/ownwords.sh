#!/bin/sh
# ownwords: what dkcluster --own-words (common/ownwords.h) costs, on the
# text of the shared real pages (htmlstrip) repeated OWN_COPIES times
# (default 7, about 200 MB) under new IDs as -a, and a pair stream of
# OWN_PAIRS random pairs (default 1,000,000, the second end within 50
# documents of the first: pages mostly unrelated, the worst case of the
# pair test, where nearly every pair has own words).  The CPU seconds
# (user + system, of OWN_ROUNDS runs, default 3, the median used) of:
# dkcluster -a TEXT PAIRS without the rule (the baseline, which reads -a
# for the IDs only); every document profiled (-a a pipe, no pairs), in MB
# of text a second; and --own-words 3 -a TEXT PAIRS (the file read twice,
# the documents in a pair profiled, every pair tested), in seconds over
# the baseline; --word-sim 0.55 -a TEXT PAIRS (the bar of words alone:
# every pair's sets of words compared), in seconds over the baseline too;
# the peak memory of each, and the pairs ignored.
. "$(dirname "$0")/common.sh"
timed_bench dkcluster
rounds=${OWN_ROUNDS:-3}
copies=${OWN_COPIES:-7}
npairs=${OWN_PAIRS:-1000000}
t=$BENCH_TMP/ownwords
mkdir -p "$t"
text=$t/text.tsv
pages_text "$copies" "$text" || exit 1
cut -f 1 "$text" >"$t/ids"
awk -v n="$npairs" 'NR == FNR { id[NR - 1] = $1; m = NR; next }
	END { srand(1); for (i = 0; i < n; i++) { a = int(rand() * m); b = a + 1 + int(rand() * 50)
		if (b >= m) b = m - 1; if (a != b) printf "%s\t%s\t0.%06d\n", id[a], id[b], int(rand() * 1000000) } }' \
	"$t/ids" "$t/ids" >"$t/pairs" || exit 1
bytes=$(wc -c <"$text")
echo "input: the text of $(($(wc -l <"$text") / copies)) pages x$copies, $bytes bytes; $(wc -l <"$t/pairs") pairs"

# peak KB of dkcluster ARGS
peak() {
	/usr/bin/time -f "%M" -o "$t/mem" dkcluster "$@" >/dev/null 2>&1 && cat "$t/mem"
}
base= prof= full= words=
i=1
while test "$i" -le "$rounds"; do
	a=$(cpu_run dkcluster "$t/old.out" -a "$text" "$t/pairs") || exit 1
	b=$(cpu_run sh "$t/prof.out" -c "cat \"$text\" | dkcluster --own-words 3 -a - /dev/null") || exit 1
	c=$(cpu_run dkcluster "$t/new.out" --own-words 3 -a "$text" "$t/pairs") || exit 1
	d=$(cpu_run dkcluster "$t/words.out" --word-sim 0.55 -a "$text" "$t/pairs") || exit 1
	base="$base $a" prof="$prof $b" full="$full $c" words="$words $d"
	i=$((i + 1))
done
a=$(echo "$base" | median)
b=$(echo "$prof" | median)
c=$(echo "$full" | median)
d=$(echo "$words" | median)
dkcluster -v --own-words 3 -a "$text" "$t/pairs" 2>&1 >/dev/null | sed -n 's/^dkcluster: --own-words/  --own-words/p'
dkcluster -v --word-sim 0.55 -a "$text" "$t/pairs" 2>&1 >/dev/null | sed -n 's/^dkcluster: --word-sim/  --word-sim/p'
echo "dkcluster -a TEXT PAIRS: CPU s$base"
echo "every document profiled (-a a pipe, no pairs): CPU s$prof, $(rate "$bytes" "$b") MB/s of text, peak $(cat "$text" | /usr/bin/time -f "%M" dkcluster --own-words 3 -a - /dev/null 2>&1 >/dev/null | tail -n 1) KB"
echo "--own-words 3 -a TEXT PAIRS (read twice, the documents in a pair profiled, every pair tested): CPU s$full, $(awk -v a="$a" -v c="$c" 'BEGIN { printf "%+.2f", c - a }') s on the baseline, peak $(peak --own-words 3 -a "$text" "$t/pairs") KB against $(peak -a "$text" "$t/pairs") KB"
echo "--word-sim 0.55 -a TEXT PAIRS (every pair's sets of words compared): CPU s$words, $(awk -v a="$a" -v d="$d" 'BEGIN { printf "%+.2f", d - a }') s on the baseline, peak $(peak --word-sim 0.55 -a "$text" "$t/pairs") KB"
rm -rf "$t"
