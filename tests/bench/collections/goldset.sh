#!/bin/sh
# goldset.sh OUT [GOLDSET]: the shared labelled news collection
# (GOLDSET, default $DK_SHARED/corpora/goldset-dev: real articles
# re-published inside other real pages' framing, truncated, re-headlined,
# copy-edited) as a collection of this directory: OUT/docs.tsv made of
# its pages with htmlstrip --main (IDs the file names), OUT/gold.tsv its
# labels as they are (file TAB cluster), OUT/INFO.  Earlier sessions
# chose the SpotSigs settings and htmlstrip --main on it, so it is a
# tuning collection.  htmlstrip is found on PATH.  Skips (status 77) when
# the collection or htmlstrip is missing.
set -e
out=$1
set=${2:-${DK_SHARED:-/work/shared}/corpora/goldset-dev}
if [ ! -f "$set/gold.tsv" ]; then echo "goldset.sh: skipped: $set is missing" >&2; exit 77; fi
if ! command -v htmlstrip >/dev/null; then echo "goldset.sh: skipped: no htmlstrip on PATH" >&2; exit 77; fi
mkdir -p "$out"
(cd "$set/docs" && htmlstrip --main -- *.html) > "$out/docs.tsv"
cp "$set/gold.tsv" "$out/gold.tsv"
awk -F'\t' -v name="$(basename "$out")" -v set="$set" '{ n[$2]++ } END { for (c in n) { k++; s += n[c] - 1 } printf "%s\t%d docs\t%d clusters\t%d copies\tnews articles re-published in other pages'"'"' framing (htmlstrip --main)\tthe shared goldset-dev labels, %s\n", name, NR, k, s, set }' \
	"$out/gold.tsv" > "$out/INFO"
cat "$out/INFO" >&2
