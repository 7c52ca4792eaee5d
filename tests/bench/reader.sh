#!/bin/sh
# The corpus reader (common/corpus.h): the CPU time of its readers
# (spotsig, qgram, dklexicon -w, keep, htmlstrip) on a document stream,
# against another build's (DK_OLD_BIN, e.g. main's build/bin: the two
# alternated, seven runs each, medians, so that the noise of a shared
# machine falls on both), the outputs compared byte for byte; then what the other forms of the same corpus cost the new build
# (gzip, JSON Lines, JSON Lines gzipped) against the TSV stream.  Input:
# the htmlstrip text of the shared real pages, and scalegen's prose.
. "$(dirname "$0")/common.sh"
have_shared || exit 0
html=$(pages_html) || exit 1
dir=$BENCH_TMP/corpus
mkdir -p "$dir"
htmlstrip <"$html" >"$dir/pages.tsv" || exit 1
python3 "$DK_SHARED/bench/scalegen.py" text -n 20000 --seed 3 >"$dir/prose.tsv" || exit 1
# the same documents as JSON Lines, and both gzipped
cat >"$dir/tojson.py" <<\EOF
import json, sys
from dktsv import unescape
for line in sys.stdin:
    i, t = line.rstrip("\n").split("\t", 1)
    print(json.dumps({"id": unescape(i), "text": unescape(t)}, ensure_ascii=False))
EOF
for c in pages prose; do
	python3 "$dir/tojson.py" <"$dir/$c.tsv" >"$dir/$c.jsonl" &&
	gzip -c "$dir/$c.tsv" >"$dir/$c.tsv.gz" && gzip -c "$dir/$c.jsonl" >"$dir/$c.jsonl.gz" || exit 1
done
echo "input: pages $(wc -l <"$dir/pages.tsv") documents, $(wc -c <"$dir/pages.tsv") bytes;" \
    "prose $(wc -l <"$dir/prose.tsv") documents, $(wc -c <"$dir/prose.tsv") bytes"

# ratio NEW OLD: NEW / OLD, 3 decimals
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

# compare LABEL CMD...: CMD (its words, the program first, its file last)
# run by the old and the new build in turn, seven times each
compare() {
	_label=$1
	shift
	_p=$1
	shift
	o= n=
	for i in 1 2 3 4 5 6 7; do
		o="$o $(cpu_run "$DK_OLD_BIN/$_p" "$dir/old.out" "$@")" || exit 1
		n="$n $(cpu_run "$DK_BIN/$_p" "$dir/new.out" "$@")" || exit 1
	done
	cmp -s "$dir/old.out" "$dir/new.out" && same=identical || same=DIFFERENT
	mo=$(echo "$o" | median) mn=$(echo "$n" | median)
	echo "$_label: old ${mo}s, new ${mn}s CPU (medians of 7): new/old $(ratio "$mn" "$mo"); outputs $same"
}

if test -n "$DK_OLD_BIN"; then
	for c in pages prose; do
		for cmd in "spotsig" "spotsig --idf 0.2:0.85" "qgram" "dklexicon -w"; do
			compare "$c: $cmd" $cmd "$dir/$c.tsv"
		done
		# keep: every other document of the corpus
		awk "NR % 2" "$dir/$c.tsv" | cut -f 1 >"$dir/list"
		compare "$c: keep (half kept)" keep "$dir/list" "$dir/$c.tsv"
		compare "$c: keep --json id (half kept)" keep --json id "$dir/list" "$dir/$c.jsonl"
	done
	# htmlstrip reads a stream of pages on standard input only
	for v in old new; do
		test $v = old && b=$DK_OLD_BIN || b=$DK_BIN
		printf '#!/bin/sh\nexec "%s/htmlstrip" "$@" <"%s"\n' "$b" "$html" >"$dir/hs-$v"
		chmod +x "$dir/hs-$v"
	done
	for opt in "" "--main"; do
		o= n=
		for i in 1 2 3 4 5 6 7; do
			o="$o $(cpu_run "$dir/hs-old" "$dir/old.out" $opt)" || exit 1
			n="$n $(cpu_run "$dir/hs-new" "$dir/new.out" $opt)" || exit 1
		done
		cmp -s "$dir/old.out" "$dir/new.out" && same=identical || same=DIFFERENT
		mo=$(echo "$o" | median) mn=$(echo "$n" | median)
		echo "pages HTML: htmlstrip $opt: old ${mo}s, new ${mn}s CPU (medians of 7): new/old $(ratio "$mn" "$mo"); outputs $same"
	done
fi

# The other forms against TSV, new build, alternated the same way.
for c in pages prose; do
	for cmd in "spotsig" "qgram"; do
		t= g= j= jg=
		for i in 1 2 3 4 5; do
			t="$t $(cpu_run "$DK_BIN/$cmd" "$dir/t.out" "$dir/$c.tsv")" || exit 1
			g="$g $(cpu_run "$DK_BIN/$cmd" "$dir/g.out" "$dir/$c.tsv.gz")" || exit 1
			j="$j $(cpu_run "$DK_BIN/$cmd" "$dir/j.out" --json id "$dir/$c.jsonl")" || exit 1
			jg="$jg $(cpu_run "$DK_BIN/$cmd" "$dir/jg.out" --json id "$dir/$c.jsonl.gz")" || exit 1
		done
		for f in g j jg; do
			cmp -s "$dir/t.out" "$dir/$f.out" || echo "$c: $cmd: output of form $f DIFFERS"
		done
		mt=$(echo "$t" | median)
		echo "$c: $cmd: tsv ${mt}s; tsv.gz x$(ratio "$(echo "$g" | median)" "$mt")," \
		    "jsonl x$(ratio "$(echo "$j" | median)" "$mt"), jsonl.gz x$(ratio "$(echo "$jg" | median)" "$mt")"
	done
done
rm -rf "$dir"
