#!/bin/sh
# Growth: issue 33's scale table.  scalegen's WT10g-like spots collections
# (seeds bars-0 ... bars-9, SCALE_N documents each, default 60000; 1170000
# for the issue's 1.17M / 4.68M / 11.7M), each shard's IDs prefixed s0-,
# s1-, ... so that the concatenations have unique IDs, turned into
# signature streams by spotsig once (made in $BENCH_TMP/scale-N, not
# timed).  The rows, on 1, 2, 4 and 10 shards (SCALE_SHARDS, default
# "1 2 4 10"; what they name must be made):
#   spotmatch -t 0.9 -j 1 on every size (the growth), -j 2 and -j N (the
#   online CPUs) on one shard; spotsig | spotmatch from text on one shard;
#   spotmatch -j N, partition | spotmatch and minhash | spotmatch on the
#   largest; spotmatch -t 0.7 and -t 0.5 on one shard (SCALE_LOW=0: not).
# Each row: wall seconds, CPU seconds (user + system, of every process of
# the pipeline), peak memory (of its largest process), the candidates
# spotmatch compared (-v) and the pairs; the medians of SCALE_ROUNDS runs
# (default 1).  With DK_BASELINE, the bin directory of an earlier build,
# each run is made by both builds, alternated, and the table has the
# ratios new / old of CPU and memory.  Checks: the pairs of every -j and
# of the text route equal spotmatch -j 1's, byte for byte; partition's
# equal the plain route's once sorted; minhash's are a subset of the exact
# ones (its recall printed).  Prints figures; asserts nothing about time.
# A full-size run on a small machine: SCALE_N=1170000 SCALE_LOW=0 (tau 0.5
# on 1.17M documents takes some 1,000 CPU seconds).  On the shared 2-core
# machine, -j 1, the medians of old and new alternated: 1.17M 5.33 ->
# 4.78 CPU s, 4.68M 36.9 -> 24.2, 11.7M 120 -> 58 (12.2x the CPU of 1.17M,
# against 22.6x), peak 3.47 -> 3.10 GB at 11.7M.  Then the memory layout
# (signature numbers of 4 bytes, counts apart and only where one is not
# 1, a 24-byte document, the ID check on spotmatch's own ID text): peak
# resident size (max RSS) 306,700 -> 198,600 KB at 1.17M and 3,096,460 ->
# 1,944,656 KB at 11.7M (-j 2: 3,115,596 -> 1,964,720 KB), about 170
# bytes a document where it was 265; CPU within the noise, medians of
# old and new alternated: 1.17M 5.31 -> 5.04 s, 11.7M 57.6 -> 56.8 s (one
# run; 59.3 and 59.8 before the last commit of the change), -j 2 68.0 ->
# 67.5 s; 11.7M at 11.3x the CPU of 1.17M (the old build 10.9x in the
# same runs).
. "$(dirname "$0")/common.sh"
timed_bench spotmatch
n=${SCALE_N:-60000}
shards=${SCALE_SHARDS:-1 2 4 10}
rounds=${SCALE_ROUNDS:-1}
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
d=$BENCH_TMP/scale-$n
t=$BENCH_TMP/scale-run
rm -rf "$t"
mkdir -p "$d" "$t" || exit 1
big=0
for k in $shards; do test "$k" -gt "$big" && big=$k; done

# the shards: text of shard 0 kept (the from-text row), signatures of all
i=0
while test "$i" -lt "$big"; do
	if ! test -s "$d/g$i.tsv"; then
		python3 "$DK_SHARED/bench/scalegen.py" spots -n "$n" --seed "bars-$i" |
		    awk -v p="s$i" 'BEGIN { FS = OFS = "\t" } { $1 = p "-" $1; print }' >"$d/s$i.tsv" &&
		spotsig "$d/s$i.tsv" >"$d/g$i.tmp" && mv "$d/g$i.tmp" "$d/g$i.tsv" || exit 1
		test "$i" = 0 || rm -f "$d/s$i.tsv"
	fi
	i=$((i + 1))
done
# cat_shards K: the signature files of the first K shards
cat_shards() {
	_i=0
	while test "$_i" -lt "$1"; do printf '%s ' "$d/g$_i.tsv"; _i=$((_i + 1)); done
}
label() { awk -v n="$1" -v k="$2" 'BEGIN { x = n * k; if (x >= 1e6) printf "%.3gM", x / 1e6; else printf "%gk", x / 1e3 }'; }
echo "scalegen spots, $n documents a shard, shards: $shards; $cores CPUs; load $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)"

builds=new
test -n "${DK_BASELINE:-}" && builds="old new"
bindir() { if test "$1" = old; then echo "$DK_BASELINE"; else echo "$DK_BIN"; fi; }

# measure NAME BUILD CMD: CMD run by sh with B the build's bin directory,
# its pairs into $t/NAME.BUILD.out and spotmatch's -v into ERR; the
# figures "wall cpu peakKB candidates pairs" appended to $t/NAME.BUILD
measure() {
	B=$(bindir "$2") ERR=$t/$1.$2.err OUT=$t/$1.$2.out \
	    /usr/bin/time -f "%e %U %S %M" -o "$t/time" sh -c "$3" ||
		{ echo "scale.sh: $1 ($2) failed" >&2; cat "$t/$1.$2.err" >&2; exit 1; }
	_c=$(sed -n 's/.* \([0-9]*\) candidates compared.*/\1/p' "$t/$1.$2.err" | tail -n 1)
	awk -v c="${_c:-0}" -v p="$(wc -l <"$t/$1.$2.out")" \
	    '{ printf "%s %.3f %s %s %s\n", $1, $2 + $3, $4, c, p }' "$t/time" >>"$t/$1.$2"
}

# row NAME CMD: the runs of every build, alternated, SCALE_ROUNDS times
rows=
row() {
	rows="$rows $1"
	_r=1
	while test "$_r" -le "$rounds"; do
		for _b in $builds; do measure "$1" "$_b" "$2"; done
		_r=$((_r + 1))
	done
}

sm='"$B/spotmatch" -v'
one=$d/g0.tsv
for k in $shards; do
	row "spotmatch-j1-$(label "$n" "$k")" "$sm -t 0.9 -j 1 $(cat_shards "$k") >\"\$OUT\" 2>\"\$ERR\""
done
js=2
test "$cores" -gt 2 && js="2 $cores"
for j in $js; do
	row "spotmatch-j$j-$(label "$n" 1)" "$sm -t 0.9 -j $j $one >\"\$OUT\" 2>\"\$ERR\""
done
row "text-to-pairs-j$cores-$(label "$n" 1)" \
    "\"\$B/spotsig\" $d/s0.tsv | $sm -t 0.9 -j $cores >\"\$OUT\" 2>\"\$ERR\""
all=$(cat_shards "$big")
L=$(label "$n" "$big")
row "spotmatch-j$cores-$L" "cat $all | $sm -t 0.9 -j $cores >\"\$OUT\" 2>\"\$ERR\""
row "partition-spotmatch-j$cores-$L" \
    "cat $all | \"\$B/partition\" -t 0.9 | $sm -j $cores >\"\$OUT\" 2>\"\$ERR\""
row "minhash-spotmatch-j$cores-$L" \
    "cat $all | \"\$B/minhash\" -t 0.9 -j $cores | $sm -t 0.9 -j $cores >\"\$OUT\" 2>\"\$ERR\""
if test "${SCALE_LOW:-1}" != 0; then
	for tau in 0.7 0.5; do
		row "spotmatch-t$tau-j$cores-$(label "$n" 1)" "$sm -t $tau -j $cores $one >\"\$OUT\" 2>\"\$ERR\""
	done
fi

# the checks, on the last build's outputs
last=new
same() {
	cmp -s "$t/$1.$last.out" "$t/$2.$last.out" ||
		{ echo "scale.sh: $2 differs from $1" >&2; exit 1; }
}
S1=$(label "$n" 1)
for j in $js; do
	test -f "$t/spotmatch-j$j-$S1.$last.out" && same "spotmatch-j1-$S1" "spotmatch-j$j-$S1"
done
same "spotmatch-j1-$S1" "text-to-pairs-j$cores-$S1"
test -f "$t/spotmatch-j1-$L.$last.out" && same "spotmatch-j1-$L" "spotmatch-j$cores-$L"
sort "$t/spotmatch-j$cores-$L.$last.out" >"$t/plain.sorted"
sort "$t/partition-spotmatch-j$cores-$L.$last.out" >"$t/part.sorted"
cmp -s "$t/plain.sorted" "$t/part.sorted" ||
	{ echo "scale.sh: partition | spotmatch differs from spotmatch" >&2; exit 1; }
cut -f 1,2 "$t/plain.sorted" >"$t/plain.ids"
cut -f 1,2 "$t/minhash-spotmatch-j$cores-$L.$last.out" | sort >"$t/lsh.ids"
extra=$(comm -13 "$t/plain.ids" "$t/lsh.ids" | wc -l)
test "$extra" = 0 || { echo "scale.sh: minhash | spotmatch has $extra pairs outside the exact ones" >&2; exit 1; }
echo "outputs: every -j and the text route identical; partition's the same pairs;" \
    "minhash's recall $(wc -l <"$t/lsh.ids") / $(wc -l <"$t/plain.ids") of the exact pairs, none outside"

# the table: medians; with a baseline, new / old of CPU and peak memory
med() { awk -v k="$2" '{ print $k }' "$1" | median; }
if test -n "${DK_BASELINE:-}"; then
	printf '%-34s %8s %8s %8s %12s %9s %9s %9s\n' row wall cpu peakMB candidates pairs cpu/old mem/old
else
	printf '%-34s %8s %8s %8s %12s %9s\n' row wall cpu peakMB candidates pairs
fi
for r in $rows; do
	f=$t/$r.new
	w=$(med "$f" 1) c=$(med "$f" 2) m=$(med "$f" 3) k=$(med "$f" 4) p=$(med "$f" 5)
	line=$(printf '%-34s %8s %8s %8.0f %12s %9s' "$r" "$w" "$c" "$(awk -v m="$m" 'BEGIN { print m / 1024 }')" "$k" "$p")
	if test -n "${DK_BASELINE:-}"; then
		oc=$(med "$t/$r.old" 2) om=$(med "$t/$r.old" 3)
		line="$line $(awk -v a="$c" -v b="$oc" -v x="$m" -v y="$om" 'BEGIN { r = "-"; q = "-"
		    if (b > 0) r = sprintf("%.2fx", a / b)
		    if (y > 0) q = sprintf("%.2fx", x / y)
		    printf "%8s %8s", r, q }')"
	fi
	echo "$line"
done
# growth: CPU of each size at -j 1 over the first's
for k in $shards; do
	f=$t/spotmatch-j1-$(label "$n" "$k")
	for b in $builds; do
		c=$(med "$f.$b" 2)
		eval "base_$b=\${base_$b:-$c}"
		eval "bc=\$base_$b"
		printf 'growth %-5s %-8s %sx the documents: %s the CPU\n' "$b" "$(label "$n" "$k")" "$k" \
		    "$(awk -v a="$c" -v b="$bc" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "(too fast to say)" }')"
	done
done
