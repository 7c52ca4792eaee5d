#!/bin/sh
# agree: what DK_AGREE costs the lexicon stage of the scale-out path
# (corpus.mk, scaleout.sh, mapred.sh: dklexicon --lexicon --idf --agree
# over every shard's signatures), against the plain count it replaces
# (dklexicon), and the filter on the input's own statistics with and
# without --agree (the one-key-range route of corpus.mk), on the labelled
# collections under DIR (the first operand, else $AGREE_DIR, else
# /work/coll; AGREE_COLLS names them, default "feed glibmm").  The runs
# alternate, 5 of each, each AGREE_REPS (default 20) runs of the command
# in a loop (one is shorter than the timer's 10 ms); CPU seconds (user +
# sys) of one command, median, and the ratio to the plain run; peak
# memory of one run each; and for scale, spotsig's own time on the text.  Checks on the way that
# the lexicon route and spotsig --idf --agree write the same signatures.
. "$(dirname "$0")/common.sh"
have_time || exit 0
dir=${1:-${AGREE_DIR:-/work/coll}}
colls=${AGREE_COLLS:-feed glibmm}
t=$BENCH_TMP/agree
mkdir -p "$t"
n=${AGREE_REPS:-20}
# reps ARGS...: the CPU seconds of one dklexicon ARGS, over n runs
reps() {
	_c=$(cpu_run sh "$t/out" -c 'n=$1; shift; while test $n -gt 0; do dklexicon "$@" >/dev/null || exit 1; n=$((n - 1)); done' \
		sh "$n" "$@") || return 1
	awk -v c="$_c" -v n="$n" 'BEGIN { printf "%.4f", c / n }'
}
. "$(dirname "$0")/../../examples/dupkit.defaults"
for c in $colls; do
	docs=$dir/$c/docs.tsv
	if ! test -f "$docs"; then
		echo "skip: $docs is not there (tests/bench/collections/build.sh $dir makes it)"
		continue
	fi
	spotsig "$docs" >"$t/$c.sigs" || exit 1
	spotsig --idf "$DK_IDF" --agree "$DK_AGREE" "$docs" >"$t/$c.one" || exit 1
	dklexicon --lexicon --idf "$DK_IDF" --agree "$DK_AGREE" "$t/$c.sigs" >"$t/$c.lex" || exit 1
	dklexicon -m --idf "$DK_IDF" "$t/$c.lex" >"$t/$c.idf" || exit 1
	dklexicon --idf "$DK_IDF" -L "$t/$c.idf" "$t/$c.sigs" >"$t/$c.route" || exit 1
	cmp -s "$t/$c.one" "$t/$c.route" ||
		{ echo "$c: the lexicon route differs from spotsig --agree" >&2; exit 1; }
	p= a= f= g=
	for i in 1 2 3 4 5; do
		p="$p $(reps "$t/$c.sigs")" || exit 1
		a="$a $(reps --lexicon --idf "$DK_IDF" --agree "$DK_AGREE" "$t/$c.sigs")" || exit 1
		f="$f $(reps --idf "$DK_IDF" "$t/$c.sigs")" || exit 1
		g="$g $(reps --idf "$DK_IDF" --agree "$DK_AGREE" "$t/$c.sigs")" || exit 1
	done
	mp=$(echo "$p" | median) ma=$(echo "$a" | median)
	mf=$(echo "$f" | median) mg=$(echo "$g" | median)
	ms=$(cpu_run spotsig "$t/out" "$docs") || exit 1
	rss() { /usr/bin/time -f %M -o "$t/rss" dklexicon "$@" >/dev/null 2>&1 && cat "$t/rss"; }
	kp=$(rss "$t/$c.sigs") ka=$(rss --lexicon --idf "$DK_IDF" --agree "$DK_AGREE" "$t/$c.sigs")
	echo "$c: $(wc -l <"$docs") documents, $(grep -c '!agree' "$t/$c.lex") signatures marked !agree;" \
		"lexicon $mp s, with --agree $ma s (x$(awk -v a="$ma" -v b="$mp" 'BEGIN { printf "%.2f", a / b }')," \
		"max RSS $kp -> $ka KB); filter $mf s, with --agree $mg s" \
		"(x$(awk -v a="$mg" -v b="$mf" 'BEGIN { printf "%.2f", a / b }')); spotsig itself $ms s;" \
		"same signatures as spotsig --agree"
done
