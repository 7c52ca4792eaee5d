#!/bin/sh
# DDD workflow: qgram throughput, and spotmatch --window decisions per
# second with a full window of ~5 KB documents (-M max -t 0.8, 4-grams),
# on two feeds:
#   prose   English-like pages from scalegen's word bigram model (mean 12
#           paragraphs, ~4.7 KB), 2% of them edited copies of earlier ones:
#           the realistic feed; window DDD_WINDOW documents (default 50000,
#           the issue's figure);
#   pool    pages drawn sentence by sentence from a pool of ~600 pages, so
#           every page shares sentences with many others in the window: a
#           stress case for prefix filtering; window DDD_POOL_WINDOW
#           (default 2000).
# Each feed holds DDD_EXTRA documents (default 2000) beyond its window;
# spotmatch -v times the decisions taken once the window is full.  The
# prose feed runs three ways: as is (the order of the prefixes learned
# from the window after 2,000 documents), with --learn 0 (by birth), and
# with -L, a lexicon of its first 2,000 documents.  The first runs
# DDD_REPEAT times (default 3), and the median is given too: the machines
# are shared, and a busy neighbour slows a run by as much as half.
#
#   DDD_KEEP    when set, keep the feeds and their signatures for profiling
. "$(dirname "$0")/common.sh"
have_shared || exit 0

win=${DDD_WINDOW:-50000}
pwin=${DDD_POOL_WINDOW:-2000}
extra=${DDD_EXTRA:-2000}
repeat=${DDD_REPEAT:-3}
for v in "DDD_WINDOW=$win" "DDD_POOL_WINDOW=$pwin" "DDD_EXTRA=$extra" "DDD_REPEAT=$repeat"; do
	case ${v#*=} in
	'' | *[!0-9]* | 0)
		echo "ddd.sh: $v: want a positive whole number" >&2
		exit 2 ;;
	esac
done
t=$BENCH_TMP/ddd
mkdir -p "$t"

# decide NAME SIGS WIN [OPTION...]: the decisions taken with the window
# full, timed by spotmatch itself from the first eviction on
decide() {
	_name=$1 _sig=$2 _w=$3
	shift 3
	spotmatch -v "$@" -M max -t 0.8 --window 24h --time-column 2 --novel "$_sig" \
		2>"$t/err" >/dev/null || return 1
	echo "$_name, window of $_w documents${*:+ ($*)}:"
	sed -n "s/^spotmatch: window: /  /p" "$t/err" | grep -E "full|peak|postings"
	awk '/full from/ { for (i = 1; i <= NF; i++) if ($i == "CPU") c = $(i - 2); n = $7 }
		END { if (c > 0) printf "  %.0f decisions a CPU second\n", n / c }' "$t/err" |
		tee -a "$t/rates"
}

# ---- prose ----
n=$((win + extra))
if ! test -s "$t/prose-$n.sig"; then
	python3 "$DK_SHARED/bench/scalegen.py" text -n "$n" --seed 11 --mean 12 \
		--dups 0.02 --edit 0.1 |
	awk -F '\t' -v win="$win" 'BEGIN { OFS = "\t" }
		{ print $1, int((NR - 1) * 86400 / win), $2 }' >"$t/prose.tsv" || exit 1
	bytes=$(wc -c <"$t/prose.tsv")
	s=$(now)
	qgram -q 4 "$t/prose.tsv" >"$t/prose-$n.sig" || exit 1
	e=$(now)
	echo "qgram -q 4: $n documents, $bytes bytes in $(elapsed "$s" "$e") s, $(rate "$bytes" "$(elapsed "$s" "$e")") MB/s"
	rm -f "$t/prose.tsv"
fi
head -n 2000 "$t/prose-$n.sig" | dklexicon >"$t/prose.lex"
: >"$t/rates"
i=1
while test "$i" -le "$repeat"; do
	decide "prose, run $i of $repeat" "$t/prose-$n.sig" "$win" || exit 1
	i=$((i + 1))
done
sort -n "$t/rates" | awk '{ v[NR] = $1 } END { printf "prose: median of %d runs: %.0f decisions a CPU second (slowest %.0f, fastest %.0f)\n", NR, v[int((NR + 1) / 2)], v[1], v[NR] }'
decide "prose, birth order" "$t/prose-$n.sig" "$win" --learn 0
decide "prose, -L lexicon of 2,000" "$t/prose-$n.sig" "$win" -L "$t/prose.lex"

# ---- pool ----
n=$((pwin + extra))
python3 "$DK_SHARED/bench/scalegen.py" text -n 600 --seed 11 >"$t/base.tsv"
awk -v seed=1 -v n=$n -v size=5000 -v dups=0.02 -v win=$pwin -v per=$pwin '
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
}' "$t/base.tsv" | qgram -q 4 >"$t/pool.sig" || exit 1
decide "pool" "$t/pool.sig" "$pwin"

test -n "$DDD_KEEP" || rm -rf "$t"
