#!/bin/sh
# The SpotSigs workflow on the bundled pages: strip the markup, extract spot
# signatures, and report every pair of pages whose signatures overlap by at
# least the threshold (multiset Jaccard), exactly.
#   sh examples/demo.sh [BINDIR] [THRESHOLD]
set -eu
bin=${1:-build/bin}
tau=${2:-0.4}
here=$(dirname "$0")
PATH="$bin:$PATH"
for p in htmlstrip spotsig spotmatch; do
	command -v "$p" >/dev/null || { echo "demo: $p is not built (run make)" >&2; exit 1; }
done
echo "# htmlstrip $here/pages/*.html | spotsig | spotmatch -t $tau"
echo "# pairs of near-duplicate pages (ID1, ID2, similarity):"
htmlstrip "$here"/pages/*.html | spotsig | spotmatch -t "$tau" | sed "s|$here/pages/||g"
