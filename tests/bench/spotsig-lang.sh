#!/bin/sh
# spotsig's throughput with -l auto (the default: each page's language,
# and each long enough paragraph's, chosen among the built-in ones by
# their stopwords) and with -l en, in MB of text per CPU second (user +
# system, the median of SPOTSIG_ROUNDS runs, default 3), on the htmlstrip
# text of the shared real pages repeated SPOTSIG_COPIES times (default 7,
# about 200 MB) under new IDs.  When
#   DK_BASELINE   the bin directory of an earlier build
# names one, its spotsig runs alternated with this one's on the same
# input, the outputs must be byte-identical, and the ratio new/old of the
# CPU times is printed (as in baseline.sh).
. "$(dirname "$0")/common.sh"
timed_bench spotsig
rounds=${SPOTSIG_ROUNDS:-3}
copies=${SPOTSIG_COPIES:-7}
t=$BENCH_TMP/spotsig-lang
mkdir -p "$t"
text=$t/text.tsv
pages_text "$copies" "$text" || exit 1
bytes=$(wc -c <"$text")
echo "input: the text of $(($(wc -l <"$text") / copies)) pages x$copies, $bytes bytes"

# cpu BIN OUT ARGS...: the CPU seconds of BIN/spotsig ARGS, output to OUT
cpu() {
	_bin=$1
	shift
	cpu_run "$_bin/spotsig" "$@"
}

for lang in auto en; do
	news= olds= ratios=
	i=1
	while test "$i" -le "$rounds"; do
		if test -n "${DK_BASELINE:-}"; then
			a=$(cpu "$DK_BASELINE" "$t/old.out" -l "$lang" "$text") || exit 1
			olds="$olds $a"
		fi
		b=$(cpu "$DK_BIN" "$t/new.out" -l "$lang" "$text") || exit 1
		news="$news $b"
		if test -n "${DK_BASELINE:-}"; then
			cmp -s "$t/old.out" "$t/new.out" ||
				{ echo "spotsig -l $lang: the outputs differ" >&2; exit 1; }
			ratios="$ratios $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", (a > 0 ? b / a : 1) }')"
		fi
		i=$((i + 1))
	done
	n=$(echo "$news" | median)
	line="spotsig -l $lang: CPU s$news, $(rate "$bytes" "$n") MB/s"
	if test -n "${DK_BASELINE:-}"; then
		o=$(echo "$olds" | median)
		line="$line; baseline CPU s$olds, $(rate "$bytes" "$o") MB/s; outputs identical;"
		line="$line new/old median $(echo "$ratios" | median)"
	fi
	echo "$line"
done
rm -f "$text" "$t/old.out" "$t/new.out"
