#!/bin/sh
# The unique-ID check (common/ids): the same run with and without
# --allow-repeated-ids, on a signature stream of IDS_DOCS (default 2
# million) documents with URL-like IDs of about 40 bytes and 8 signatures
# each, so that the per-document work is small and the check's share
# large.  Figures: CPU seconds and peak RSS of each, and their ratios.
# Needs no shared/ material.
. "$(dirname "$0")/common.sh"
t=$BENCH_TMP/ids
mkdir -p "$t"
n=${IDS_DOCS:-2000000}
f=$t/sigs-$n
test -s "$f" || awk -v n="$n" 'BEGIN {
	srand(7)
	for (i = 0; i < n; i++) {
		printf "https://site%04d.example.com/page/%08d\t", i % 5000, i
		for (j = 0; j < 8; j++)
			printf "%sw%d:w%d=1", j ? " " : "", int(rand() * 50000), int(rand() * 50000)
		printf "\n"
	}
}' >"$f" || exit 1

# measure CMD...: "CPU_SECONDS PEAK_KB" of CMD, output discarded
measure() {
	/usr/bin/time -f "%U %S %M" "$@" 2>&1 >/dev/null | tail -n 1 |
		awk '{ printf "%.2f %d", $1 + $2, $3 }'
}

for cmd in "minhash -j 1 -k 2 -l 4" "partition -t 0.8" "lexicon"; do
	set -- $(measure $cmd --allow-repeated-ids "$f")
	c0=$1 m0=$2
	set -- $(measure $cmd "$f")
	c1=$1 m1=$2
	echo "$cmd, $n documents ($(wc -c <"$f") bytes): without the check ${c0} s CPU, ${m0} KB peak; with it ${c1} s, ${m1} KB ($(awk -v a="$c1" -v b="$c0" -v x="$m1" -v y="$m0" 'BEGIN { printf "%.2fx CPU, %.2fx memory, +%.0f bytes a document", a / b, x / y, (x - y) * 1024 / '"$n"' }'))"
done
