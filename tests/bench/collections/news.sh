#!/bin/sh
# news.sh OUT [PAGES_SET]: a news collection, named after OUT's last
# component (news, news-l3s, news-cleaneval): tests/bench/copies.py's
# articles in other pages' framing, truncated and edited, beside the
# original pages, made from PAGES_SET (default
# $DK_SHARED/corpora/pages/dragnet; held out: nothing was tuned on it,
# goldset-dev is the tuning set), as OUT/docs/*.html and OUT/gold.tsv
# (labels: copies.py's, an article and its copies one cluster), and
# OUT/docs.tsv made of the pages with htmlstrip --main (IDs the file names,
# as in gold.tsv).  htmlstrip is found on PATH.  Skips (status 77) when
# the pages or htmlstrip are missing.
set -e
out=$1
set=${2:-${DK_SHARED:-/work/shared}/corpora/pages/dragnet}
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -d "$set" ]; then echo "news.sh: skipped: $set is missing" >&2; exit 77; fi
if ! command -v htmlstrip >/dev/null; then echo "news.sh: skipped: no htmlstrip on PATH" >&2; exit 77; fi
rm -rf "$out/docs"
python3 "$here/copies.py" "$set" "$out" >/dev/null
(cd "$out/docs" && htmlstrip --main -- *.html) > "$out/docs.tsv"
awk -F'\t' -v name="$(basename "$out")" '{ n[$2]++ } END { for (c in n) { k++; s += n[c] - 1 } printf "%s\t%d docs\t%d clusters\t%d copies\tnews articles in other pages'"'"' framing (htmlstrip --main)\tcopies.py: an article and its copies (cut to 40-100%%, 1 word in 25 replaced, in another page'"'"'s framing) are one cluster; from %s\n", name, NR, k, s, "'"$set"'" }' \
	"$out/gold.tsv" > "$out/INFO"
cat "$out/INFO" >&2
