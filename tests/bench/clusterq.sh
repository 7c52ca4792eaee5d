#!/bin/sh
# Quality of cluster's methods (the goals of issue 22): on goldset-dev and
# on the collection of copies.py (a construction nothing was tuned on),
# whole pages through htmlstrip | spotsig --idf 0.2:0.85 | spotmatch -t
# 0.1, then for each method the clusters at thresholds 0.1 to 0.9 scored
# by evaluate -m: the best F1 (and ARI) beside the best pair F1 of the same
# pairs, and the widest ranges of thresholds whose F1 is within 0.05 of the
# method's best and of the best pair F1.  Needs shared/.
. "$(dirname "$0")/common.sh"
have_shared || exit 0
t=$BENCH_TMP/clusterq
mkdir -p "$t"

# quality NAME CORPUS: the figures of one labelled collection
quality() {
	(cd "$2/docs" && htmlstrip *.html) | spotsig --idf 0.2:0.85 |
		spotmatch -t 0.1 >"$t/$1.pairs" || return 1
	pair=$(evaluate --sweep -t 0.1 --tsv "$2/gold.tsv" "$t/$1.pairs" |
		awk -F '\t' 'NR > 1 && $7 > b { b = $7; at = $1 } END { printf "%.4f at %s", b, at }')
	echo "$1 ($(wc -l <"$2/gold.tsv") documents, $(wc -l <"$t/$1.pairs") pairs): best pair F1 $pair"
	for m in star leader center components; do
		evaluate -m $m --sweep -t 0.1 --step 0.05 --tsv "$2/gold.tsv" "$t/$1.pairs" |
		awk -F '\t' -v m=$m -v pb="${pair%% *}" 'NR > 1 && $1 <= 0.9 { n++; tau[n] = $1; f[n] = $7; ari[n] = $8
				if ($7 > f[b] || b == 0) b = n }
			END {
				printf "  %-10s best F1 %.4f ARI %.4f at %s; within 0.05 of it %s, of the pair F1 %s\n",
					m, f[b], ari[b], tau[b], range(f[b] - 0.05), range(pb - 0.05)
			}
			# the widest run of thresholds whose F1 is at least floor
			function range(floor,   i, s, w, lo, hi) {
				w = -1
				for (i = 1; i <= n; i++) {
					if (f[i] < floor) { s = 0; continue }
					if (!s) s = i
					if (tau[i] - tau[s] > w) { w = tau[i] - tau[s]; lo = tau[s]; hi = tau[i] }
				}
				return w < 0 ? "nowhere" : sprintf("%s-%s (%.2f wide)", lo, hi, w)
			}'
	done
}

quality goldset-dev "$DK_SHARED/corpora/goldset-dev"
rm -rf "$t/copies"
python3 "$here/copies.py" "$DK_SHARED/corpora/pages/dragnet" "$t/copies" >/dev/null || exit 1
quality "copies of dragnet" "$t/copies"
rm -rf "$t"
