#!/bin/sh
# Main-content extraction: quality and speed of `htmlstrip --main` beside
# whole-page `htmlstrip` and readability-lxml (Debian's python3-readability:
# readability.Document(html).summary(), then lxml's text_content()), in one
# run on the 2,749 pages of shared/corpora/pages (sets cleaneval, dragnet,
# l3s, scrapinghub), each with its hand-marked main content <id>.txt.
#
# htmlstrip --main leaves readers' comments out, --main --comments keeps
# them; dragnet's hand-marked texts hold the comments after a marker line,
# so every method is scored against the texts with comments and without
# (extract_score.py): --main's figure is the second, --comments' the first.
#
# Quality, as public article-extraction benchmarks score it: lower-cased
# \w+ tokens as multisets; per page precision = shared / extracted tokens,
# recall = shared / hand-marked tokens, F1 of the two (0 when nothing is
# shared; an empty extraction has precision 0); each averaged over the
# pages of a set and over all.  Five dragnet files hold UTF-16 stored as
# if it were UTF-8 (every other byte NUL): their NULs are dropped.
#
# Speed: MB (10^6 bytes) of HTML per CPU second on one core, best of three
# for htmlstrip (file operands: the pages decompressed beforehand), one run
# for readability (its CPU time in the extraction only, not in reading the
# files or starting Python).
#
# Held out: --main's weights were fitted on these pages (extract-fit.py),
# so its rows are in-sample; the rows main-heldout are each set run
# through a build with the weights fitted on the other three sets
# (extract-heldout.tsv, written by the fit), which is what --main is
# worth on pages like those it was not fitted on.
#
# readability is installed with apt-get when missing (root only); without
# it its rows are skipped, said so.  EXTRACT_BASELINE=0 skips it too.
. "$(dirname "$0")/common.sh"
have_shared || exit 0
py=/usr/bin/python3
pages=$DK_SHARED/corpora/pages
dir=$BENCH_TMP/extract-pages
out=$BENCH_TMP/extract
mkdir -p "$out" || exit 1

if ! test -d "$dir" || test "$(ls "$dir" | wc -l)" -lt 2749; then
	rm -rf "$dir" && mkdir -p "$dir" &&
	$py - "$pages" "$dir" <<-\EOF || exit 1
	import glob, gzip, os, sys
	for f in sorted(glob.glob(os.path.join(sys.argv[1], "*", "*.html.gz"))):
	    name = f.split(os.sep)[-2] + "-" + os.path.basename(f)[:-3]
	    open(os.path.join(sys.argv[2], name), "wb").write(gzip.open(f).read())
	EOF
fi
bytes=$(cat "$dir"/* | wc -c)
docs=$(ls "$dir" | wc -l)
echo "input: $docs pages, $bytes bytes of HTML (decompressed into $dir)"

baseline=${EXTRACT_BASELINE:-1}
if test "$baseline" = 1 && ! $py -c 'import readability, lxml.html' 2>/dev/null; then
	if test "$(id -u)" = 0 && command -v apt-get >/dev/null; then
		echo "installing python3-readability python3-lxml"
		apt-get install -y -q python3-readability python3-lxml >/dev/null 2>&1
	fi
	$py -c 'import readability, lxml.html' 2>/dev/null ||
		{ echo "skip readability: python3-readability is not installed"; baseline=0; }
fi

# cpu3 OUT CMD...: CMD's output into OUT; cpu set to its best CPU time
# (user + sys) of three runs.
cpu3() {
	_o=$1
	shift
	cpu=
	for i in 1 2 3; do
		/usr/bin/time -f "%U %S" -o "$out/time" "$@" >"$_o" || exit 1
		cpu=$(awk -v a="$cpu" '{ c = $1 + $2; print (a == "" || c < a) ? c : a }' "$out/time")
	done
}

cd "$dir" || exit 1
cpu3 "$out/main.tsv" htmlstrip --main -- *
main_cpu=$cpu
cpu3 "$out/whole.tsv" htmlstrip -- *
whole_cpu=$cpu
htmlstrip --main --comments -- * >"$out/comments.tsv" || exit 1
echo "htmlstrip --main: cpu ${main_cpu}s = $(rate "$bytes" "$main_cpu") MB/s"
echo "htmlstrip:        cpu ${whole_cpu}s = $(rate "$bytes" "$whole_cpu") MB/s"
methods="htmlstrip-main=$out/main.tsv htmlstrip-main-comments=$out/comments.tsv htmlstrip=$out/whole.tsv"
if test "$baseline" = 1; then
	$py - "$out/readability.tsv" * <<-\EOF || exit 1
	import sys, time, logging
	import lxml.html
	from readability import Document
	logging.disable(logging.CRITICAL)
	cpu = 0.0
	with open(sys.argv[1], "w", encoding="utf-8") as out:
	    for name in sys.argv[2:]:
	        html = open(name, "rb").read()
	        t = time.process_time()
	        try:
	            text = lxml.html.fromstring(Document(html).summary()).text_content()
	        except Exception:
	            text = ""
	        cpu += time.process_time() - t
	        text = text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
	        out.write(name + "\t" + text + "\n")
	open(sys.argv[1] + ".cpu", "w").write("%.3f\n" % cpu)
	EOF
	rcpu=$(cat "$out/readability.tsv.cpu")
	echo "readability-lxml: cpu ${rcpu}s = $(rate "$bytes" "$rcpu") MB/s"
	echo "htmlstrip --main is $(awk -v a="$rcpu" -v b="$main_cpu" 'BEGIN { printf "%.0f", a / b }')x readability's speed"
	methods="$methods readability=$out/readability.tsv"
fi

if (cd "$here/../.." && $py "$here/extract-fit.py" --heldout "$dir" "$out/heldout.tsv"); then
	methods="$methods main-heldout=$out/heldout.tsv"
else
	echo "skip the held-out rows: htmlstrip could not be built with the held-out weights"
fi

echo
$py "$here/extract_score.py" "$pages" $methods
