#!/bin/sh
# The SpotSigs workflow on the bundled pages: strip the markup, keeping the
# main content of each page (htmlstrip --main), extract spot signatures,
# report every pair of pages whose signatures overlap by at least the
# threshold (multiset Jaccard, exactly), then group the pairs into
# clusters of copies of one story.
#
# --main because these are news pages whose site framing (menus, teasers,
# footers) is not the story: without it a copy shares less of its
# signatures with the original (the true pairs score 0.34 to 0.69 instead
# of 0.50 to 0.83) and pages that share only a site's framing come closer.
# Pages whose framing is the content (a list of links, a directory) are
# better stripped whole.
#   sh examples/demo.sh [BINDIR] [THRESHOLD]
set -eu
bin=$(cd "${1:-build/bin}" && pwd)
here=$(dirname "$0")
# the threshold, the least shared signatures, the quoted mail text, the
# own words and the bar of words of dupkit.defaults; not its IDF cut, which in 13 pages would drop what the
# copies share
. "$here/dupkit.defaults"
tau=${2:-$DK_TAU}
# the bar of words goes with the threshold, as in dkdedup
wordsim=$(awk -v s="$DK_WORD_SIM" -v t="$tau" -v d="$DK_TAU" 'BEGIN { printf "%g", int(s * t / d * 1000 + 0.5) / 1000 }')
PATH="$bin:$PATH"
for p in htmlstrip spotsig spotmatch dkcluster; do
	command -v "$p" >/dev/null || { echo "demo: $p is not built (run make)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$here/pages" && htmlstrip --main *.html) >"$tmp/docs"
echo "# (cd $here/pages && htmlstrip --main *.html) | spotsig --quoted $DK_QUOTED | spotmatch -t $tau --min-distinct $DK_MIN_SHARED | dkcluster --own-words $DK_OWN_WORDS --word-sim $wordsim"
echo "# $(wc -l <"$tmp/docs") pages; the pairs of near duplicates (ID1, ID2, similarity):"
# each stage into a file of its own, so that set -e stops at the one that
# fails (a pipeline's status is only its last command's)
spotsig --quoted "$DK_QUOTED" "$tmp/docs" >"$tmp/sigs"
spotmatch -t "$tau" --min-distinct "$DK_MIN_SHARED" "$tmp/sigs" >"$tmp/pairs"
cat "$tmp/pairs"
echo "# the clusters, one story a line:"
dkcluster --own-words "$DK_OWN_WORDS" --word-sim "$wordsim" -a "$tmp/docs" "$tmp/pairs" >"$tmp/clusters"
awk -F '\t' '
	$2 != name { if (n > 1) print line; else if (n == 1) single = single " " line
		name = $2; line = $1; n = 1; next }
	{ line = line "  " $1; n++ }
	END { if (n > 1) print line; else if (n == 1) single = single " " line
		print "# pages without a copy:" single }' "$tmp/clusters"
