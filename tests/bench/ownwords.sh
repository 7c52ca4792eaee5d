#!/bin/sh
# ownwords: what dkcluster --own-words (common/ownwords.h) costs: the
# text of the shared real pages (htmlstrip) repeated OWN_COPIES times
# (default 7, about 200 MB) under new IDs as -a, and a pair stream of
# OWN_PAIRS pairs (default 1,000,000, the second end within 50 documents
# of the first).  The baseline is the same dkcluster on the same files
# without --own-words (it reads -a for the IDs only): the CPU seconds
# (user + system, the median of OWN_ROUNDS runs, default 3) of each, the
# MB/s of text profiled, the peak memory of each, and the pairs ignored.
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

news= olds=
i=1
while test "$i" -le "$rounds"; do
	a=$(cpu_run dkcluster "$t/old.out" -a "$text" "$t/pairs") || exit 1
	b=$(cpu_run dkcluster "$t/new.out" --own-words 3 -a "$text" "$t/pairs") || exit 1
	olds="$olds $a"
	news="$news $b"
	i=$((i + 1))
done
o=$(echo "$olds" | median)
n=$(echo "$news" | median)
dkcluster -v --own-words 3 -a "$text" "$t/pairs" 2>&1 >/dev/null | sed -n 's/^dkcluster: --own-words/  --own-words/p'
echo "dkcluster -a TEXT: CPU s$olds; with --own-words 3: CPU s$news;" \
	"the profiles $(awk -v a="$o" -v b="$n" 'BEGIN { printf "%.2f", b - a }') s, $(rate "$bytes" "$(awk -v a="$o" -v b="$n" 'BEGIN { printf "%.3f", (b - a > 0.001 ? b - a : 0.001) }')") MB/s of text"
echo "peak memory: $(peak -a "$text" "$t/pairs") KB without, $(peak --own-words 3 -a "$text" "$t/pairs") KB with --own-words 3"
rm -rf "$t"
