#!/bin/sh
# spotsig: throughput on the htmlstrip output of the shared real pages
# (with wc -w on the same text as the baseline of the same run), htmlstrip
# and the two in one pipeline; then the quality of htmlstrip | spotsig
# --idf 0.2:0.85 | spotmatch on goldset-dev, F1 for tau 0.1 .. 0.9, on
# whole pages and on their main content (htmlstrip --main).
. "$(dirname "$0")/common.sh"
have_shared || exit 0
html=$(pages_html) || exit 1
text=$BENCH_TMP/spotsig-pages-text.tsv

# The text, four times over under new IDs (rN-ID), so that one run lasts
# long enough to time.
htmlstrip <"$html" >"$text.1" || exit 1
for r in 1 2 3 4; do sed "s/^/r$r-/" "$text.1"; done >"$text"
rm -f "$text.1"
hbytes=$(wc -c <"$html")
tbytes=$(wc -c <"$text")
echo "input: $(wc -l <"$html") pages, $hbytes bytes of HTML; their text x4: $tbytes bytes"

# best3 CMD...: the best wall time of three runs, in seconds
best3() {
	_best=
	for _i in 1 2 3; do
		_t0=$(now)
		"$@" >/dev/null || return 1
		_t=$(elapsed "$_t0" "$(now)")
		_best=$(awk -v a="$_best" -v b="$_t" 'BEGIN { print (a == "" || b < a) ? b : a }')
	done
	echo "$_best"
}
# htmlstrip reads a TSV stream on standard input only (a file operand is
# one page)
strip() { htmlstrip <"$html"; }
pipeline() { htmlstrip <"$html" | spotsig; }

t_wc=$(best3 env LC_ALL=C wc -w "$text") || exit 1
t_ss=$(best3 spotsig "$text") || exit 1
t_idf=$(best3 spotsig --idf 0.2:0.85 "$text") || exit 1
t_hs=$(best3 strip) || exit 1
t_pipe=$(best3 pipeline) || exit 1
echo "wc -w (baseline): ${t_wc}s, $(rate "$tbytes" "$t_wc") MB/s of text"
echo "spotsig: ${t_ss}s, $(rate "$tbytes" "$t_ss") MB/s of text (single thread, best of 3)," \
    "$(awk -v a="$t_wc" -v b="$t_ss" 'BEGIN { printf "%.2f", a / b }') x the speed of wc -w"
echo "spotsig --idf 0.2:0.85 (two passes): ${t_idf}s, $(rate "$tbytes" "$t_idf") MB/s of text"
# On a shared machine the wall time includes waiting for a CPU: the CPU
# time (user + system, best of 3) says what one thread can do.
if test -x /usr/bin/time; then
	c_ss=$(for i in 1 2 3; do /usr/bin/time -f "%U %S" spotsig "$text" 2>&1 >/dev/null; done |
	    awk '{ t = $1 + $2; if (best == "" || t < best) best = t } END { print best }')
	echo "spotsig CPU time: ${c_ss}s, $(rate "$tbytes" "$c_ss") MB/s of text per CPU second"
fi
echo "htmlstrip: ${t_hs}s, $(rate "$hbytes" "$t_hs") MB/s of HTML"
echo "htmlstrip | spotsig: ${t_pipe}s, $(rate "$hbytes" "$t_pipe") MB/s of HTML"
rm -f "$text"

# Quality: one run at 0.1, swept by evaluate (true pairs: files of the same
# cluster in gold.tsv).
# Whole pages, then the main content of each (htmlstrip --main).
gold=$DK_SHARED/corpora/goldset-dev
sigs=$BENCH_TMP/spotsig-goldset.sigs
for main in "" --main; do
	(cd "$gold/docs" && htmlstrip $main *.html) | spotsig --idf 0.2:0.85 >"$sigs" || exit 1
	spotmatch -t 0.1 "$sigs" >"$sigs.pairs" || exit 1
	echo "goldset-dev, htmlstrip${main:+ $main} | spotsig --idf 0.2:0.85 | spotmatch:"
	evaluate --sweep --step 0.1 "$gold/gold.tsv" "$sigs.pairs" || exit 1
done
rm -f "$sigs" "$sigs.pairs"
