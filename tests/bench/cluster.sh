#!/bin/sh
# cluster: 10 million random pairs (the issue's figure) over 3 million and
# over 1 million IDs, with `wc -l` over the same bytes as the baseline of
# the same run.  Needs no shared/ material.  CLUSTER_BASELINE names another
# cluster binary (a build of an older tree) to time in the same run: the
# CPU time of each method is given as a ratio to it.
. "$(dirname "$0")/common.sh"
t=$BENCH_TMP/cluster
mkdir -p "$t"
n=${CLUSTER_PAIRS:-10000000}

# gen IDS SPAN: n pairs; SPAN 0 draws both ends at random, otherwise the
# second end lies within SPAN of the first (the locality of real output)
gen() {
	awk -v n="$n" -v ids="$1" -v span="$2" 'BEGIN {
		srand(1)
		for (i = 0; i < n; i++) {
			a = int(rand() * ids)
			b = span ? a + 1 + int(rand() * span) : int(rand() * ids)
			if (b >= ids) b = ids - 1
			printf "doc%07d\tdoc%07d\t0.%06d\n", a, b, int(rand() * 1000000)
		}
	}'
}

# cpu CMD...: user + system seconds of CMD, output discarded
cpu() {
	/usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.2f", $1 + $2 }'
}

for spec in "3000000 0" "1000000 50"; do
	set -- $spec
	f=$t/pairs-$1-$2
	test -s "$f" || gen "$1" "$2" >"$f" || exit 1
	bytes=$(wc -c <"$f")
	s=$(now); wc -l "$f" >/dev/null; e=$(now); base=$(elapsed "$s" "$e")
	s=$(now); dkcluster -v "$f" 2>"$t/err" >/dev/null || exit 1; e=$(now)
	wall=$(elapsed "$s" "$e")
	c=$(cpu dkcluster "$f")
	echo "cluster, $n pairs over $1 IDs ($(test "$2" = 0 && echo "random ends" || echo "ends within $2")), $bytes bytes: ${wall} s wall, ${c} s CPU; wc -l ${base} s ($(awk -v a="$wall" -v b="$base" 'BEGIN { printf "%.1f", a / b }')x)"
	sed 's/^/  /' "$t/err"
	old=
	test -n "$CLUSTER_BASELINE" && old=$(cpu "$CLUSTER_BASELINE" "$f")
	for m in star leader center components; do
		c=$(cpu dkcluster -m $m "$f")
		echo "  -m $m: ${c} s CPU${old:+ against ${old} s for $CLUSTER_BASELINE ($(awk -v a="$c" -v b="$old" 'BEGIN { printf "%.2f", a / b }')x)}"
	done
done
rm -rf "$t"
