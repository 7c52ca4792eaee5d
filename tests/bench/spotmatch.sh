#!/bin/sh
# partition | spotmatch on a WT10g-like collection (scalegen spots: 1.17M
# documents, about 21 spot signatures each), the ablation of the paper's
# Table 2, and a crawl full of exact copies.  Prints figures; asserts
# nothing.
#   SPOT_N       documents (default 1170000)
#   SPOT_SUB     documents of the subset the two --no-prune variants run on
#                (default 100000; they are quadratic, the slower takes
#                about 100 s here)
#   SPOT_COPIES  distinct documents of the collection of copies (default
#                500000, about a million records with the copies)
. "$(dirname "$0")/common.sh"
have_shared || exit 0
n=${SPOT_N:-1170000}
sub=${SPOT_SUB:-100000}
ncopies=${SPOT_COPIES:-500000}
mkdir -p "$BENCH_TMP/spotmatch"
sigs=$(spots_sigs "$n") || exit 1
bytes=$(wc -c <"$sigs")
echo "input: $n documents, $bytes bytes ($sigs)"

# peak RSS of the spotmatch stage, when GNU time is there
timer=
test -x /usr/bin/time && timer="/usr/bin/time -f %M -o $BENCH_TMP/spotmatch/rss"

for tau in 0.9 1.0; do
	t0=$(now)
	partition -t "$tau" "$sigs" | $timer spotmatch -vv -j 2 >"$BENCH_TMP/spotmatch/pairs" 2>"$BENCH_TMP/spotmatch/err" ||
		{ cat "$BENCH_TMP/spotmatch/err"; exit 1; }
	t1=$(now)
	echo "tau $tau: partition | spotmatch -j 2: $(elapsed "$t0" "$t1") s wall, $(rate "$bytes" "$(elapsed "$t0" "$t1")") MB/s"
	sed 's/^/  /' "$BENCH_TMP/spotmatch/err"
	if test -n "$timer"; then
		kb=$(tail -n 1 "$BENCH_TMP/spotmatch/rss")
		occ=$(sed -n 's/.* \([0-9]*\) signature occurrences.*/\1/p' "$BENCH_TMP/spotmatch/err")
		echo "  spotmatch peak RSS $((kb / 1024)) MB, $(awk -v k="$kb" -v o="$occ" 'BEGIN { printf "%.1f", k * 1024 / o }') bytes per signature occurrence"
	fi
done

# Table 2: --no-partition on the whole collection, as a ratio to the
# full method; the --no-prune variants on the first $sub documents, as a
# ratio to the full method on those.  Ratios of the wall time of the whole
# run and of the matching alone (-vv), the reading being the same.
# --no-partition keeps the prefix bound, which sends each query to its few
# rarest lists, and filters their entries by length one by one: it reads
# many more postings (15 times more on the whole collection) but compares
# few more candidates, and candidates are what costs; compare the counts.
run_variant() {	# FILE LABEL OPTIONS...
	_f=$1 _l=$2
	shift 2
	t0=$(now)
	spotmatch -vv -j 2 -t 0.9 "$@" "$_f" >/dev/null 2>"$BENCH_TMP/spotmatch/err" || exit 1
	t1=$(now)
	s=$(elapsed "$t0" "$t1")
	m=$(sed -n 's/.* matched \([0-9.]*\) s.*/\1/p' "$BENCH_TMP/spotmatch/err")
	test -n "$base" || { base=$s; mbase=$m; }
	echo "$_l, tau 0.9 ${*:-(full)}: $s s wall, $(awk -v a="$s" -v b="$base" 'BEGIN { printf "%.1f", a / b }')x" \
	    "the full method; matching $m s, $(awk -v a="$m" -v b="$mbase" 'BEGIN { printf "%.1f", a / b }')x"
	sed 's/^/  /' "$BENCH_TMP/spotmatch/err"
}
base=
run_variant "$sigs" "$n documents"
run_variant "$sigs" "$n documents" --no-partition
head -n "$sub" "$sigs" >"$BENCH_TMP/spotmatch/sub.sigs"
base=
for opt in "" "--no-partition" "--no-prune" "--no-prune --no-partition"; do
	run_variant "$BENCH_TMP/spotmatch/sub.sigs" "subset $sub" $opt
done

# Exact copies: each copy is matched through the first of its class, its
# pairs all written; the same again with the copies' checksum column.
copies=$(spots_copies "$n" "$ncopies") || exit 1
echo "copies: $(wc -l <"$copies") records, $ncopies distinct documents and their copies ($copies)"
for tau in 0.9 1.0; do
	for opt in "" "--checksum-column 2"; do
		t0=$(now)
		partition -t "$tau" "$copies" | spotmatch -v -j 2 $opt >/dev/null 2>"$BENCH_TMP/spotmatch/err" ||
			{ cat "$BENCH_TMP/spotmatch/err"; exit 1; }
		t1=$(now)
		echo "copies, tau $tau: partition | spotmatch -j 2 ${opt}: $(elapsed "$t0" "$t1") s wall"
		sed 's/^/  /' "$BENCH_TMP/spotmatch/err"
	done
done
