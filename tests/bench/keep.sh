#!/bin/sh
# keep: JSON Lines and TSV of about 200 MB (KEEP_MB), half of the records on
# the keep list, against `cat` and `wc -l` of the same bytes in the same
# run, in CPU time.  The records are the goldset-dev pages (htmlstrip's text, as
# {"id", "url", "text"}), repeated under new IDs; without shared/,
# scalegen's WT10g-like text.
. "$(dirname "$0")/common.sh"
t=$BENCH_TMP/keep
mkdir -p "$t"
mb=${KEEP_MB:-200}

if test -d "$DK_SHARED/corpora"; then
	(cd "$DK_SHARED/corpora/goldset-dev/docs" && htmlstrip *.html) >"$t/docs.tsv" || exit 1
	src="goldset-dev pages"
else
	python3 "$DK_SHARED/bench/scalegen.py" spots -n 20000 --seed 1 >"$t/docs.tsv" 2>/dev/null ||
		awk 'BEGIN { for (i = 0; i < 20000; i++) { printf "d%d\t", i;
			for (j = 0; j < 400; j++) printf "word%d ", (i * 7 + j * 13) % 5000; print "" } }' >"$t/docs.tsv"
	src="synthetic text"
fi
# one JSON object a line; jq's @json escapes the text
awk -F '\t' '{ print $1 "\t" $2 }' "$t/docs.tsv" |
	jq -R -c 'split("\t") | { id: .[0], url: ("http://example.org/" + .[0]), text: .[1] }' >"$t/one.jsonl" || exit 1
one=$(wc -c <"$t/one.jsonl")
copies=$(( mb * 1000000 / one + 1 ))
awk -v n="$copies" '{ a[NR] = $0 } END {
	for (c = 0; c < n; c++) for (i = 1; i <= NR; i++) { s = a[i]; sub(/^\{"id":"/, "{\"id\":\"" c "-", s); print s }
}' "$t/one.jsonl" >"$t/big.jsonl"
awk -v n="$copies" -F '\t' '{ a[NR] = $0 } END {
	for (c = 0; c < n; c++) for (i = 1; i <= NR; i++) print c "-" a[i]
}' "$t/docs.tsv" >"$t/big.tsv"
cut -f 1 "$t/big.tsv" | awk 'NR % 2' >"$t/keep.txt"

# run CMD...: CPU seconds (user + system) of CMD, the best of 3: the
# machine may be shared, and the goal is for one core
run() {
	_best=
	for _i in 1 2 3; do
		_c=$(/usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.3f", $1 + $2 }')
		_best=$(awk -v a="$_c" -v b="${_best:-$_c}" 'BEGIN { print (a < b ? a : b) }')
	done
	echo "$_best"
}

for f in big.jsonl big.tsv; do
	bytes=$(wc -c <"$t/$f")
	c=$(run cat "$t/$f")
	w=$(run wc -l "$t/$f")
	case $f in
	*.jsonl) k=$(run keep --json id "$t/keep.txt" "$t/$f") ;;
	*) k=$(run keep "$t/keep.txt" "$t/$f") ;;
	esac
	echo "keep ${f#big.}, $bytes bytes ($src, $copies copies, half kept): $(rate "$bytes" "$k") MB/s ($k s CPU); cat $(rate "$bytes" "$c") MB/s, wc -l $(rate "$bytes" "$w") MB/s (keep $(awk -v a="$k" -v b="$w" 'BEGIN { printf "%.1f", a / b }')x wc -l)"
done
rm -rf "$t"
