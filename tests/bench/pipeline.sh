#!/bin/sh
# The whole SpotSigs pipeline from HTML, htmlstrip --main | spotsig |
# spotmatch, in MB (10^6 bytes) of HTML per wall second, the three
# programs running at once on the machine's cores (2 here), beside the
# same pipeline on whole pages (htmlstrip without --main) in the same run.
# Input: the 2,749 shared pages (shared/corpora/pages) as one document
# stream, repeated under new IDs (rN-NAME) to at least PIPELINE_MB (1000)
# MB, made once in $BENCH_TMP; every page then has copies, so spotmatch
# has pairs to write.  Wall time is the best of PIPELINE_RUNS (2) runs;
# the CPU time (user + system of the three) is printed beside it, as on a
# shared machine the wall time includes waiting for a core; a last run of
# the --main pipeline gives each stage's CPU time and the wall time they
# allow on two free cores.
. "$(dirname "$0")/common.sh"
have_shared || exit 0
mb=${PIPELINE_MB:-1000}
runs=${PIPELINE_RUNS:-2}
big=$BENCH_TMP/pipeline-pages-$mb.tsv

if ! test -s "$big"; then
	python3 - "$DK_SHARED/corpora/pages" "$mb" >"$big.tmp" <<-\EOF || exit 1
	import glob, gzip, os, sys
	out = sys.stdout.buffer
	pages = []
	for f in sorted(glob.glob(os.path.join(sys.argv[1], "*", "*.html.gz"))):
	    d = gzip.open(f).read()
	    for a, b in ((b"\\", b"\\\\"), (b"\t", b"\\t"), (b"\n", b"\\n"), (b"\r", b"\\r")):
	        d = d.replace(a, b)
	    name = (f.split(os.sep)[-2] + "-" + os.path.basename(f)[:-3]).encode()
	    pages.append((name, d))
	want, n, r = int(sys.argv[2]) * 10**6, 0, 0
	while n < want:
	    r += 1
	    for name, d in pages:
	        line = b"r%d-" % r + name + b"\t" + d + b"\n"
	        out.write(line)
	        n += len(line)
	EOF
	mv "$big.tmp" "$big" || exit 1
fi
bytes=$(wc -c <"$big")
echo "input: $(wc -l <"$big") pages (the shared pages repeated), $bytes bytes of HTML as a document stream"

# run LABEL CMD: CMD (a shell pipeline reading "$big") PIPELINE_RUNS times;
# prints its best wall time and the CPU time of that run.
run() {
	_best= _cpu=
	for _i in $(seq "$runs"); do
		/usr/bin/time -f "%e %U %S" -o "$BENCH_TMP/pipeline.time" sh -c "$2" || return 1
		read -r _w _u _s <"$BENCH_TMP/pipeline.time"
		if test -z "$_best" || awk -v a="$_w" -v b="$_best" 'BEGIN { exit !(a < b) }'; then
			_best=$_w
			_cpu=$(awk -v u="$_u" -v s="$_s" 'BEGIN { print u + s }')
		fi
	done
	printf '%-44s wall %7.2fs = %6.1f MB/s of HTML; cpu %7.2fs\n' "$1" "$_best" \
	    "$(rate "$bytes" "$_best")" "$_cpu"
}

echo "load average before: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null) (wall times are only as good as the cores were free)"
export big
run "htmlstrip --main | spotsig | spotmatch" \
    'htmlstrip --main <"$big" | spotsig | spotmatch >/dev/null' || exit 1
run "htmlstrip | spotsig | spotmatch (whole page)" \
    'htmlstrip <"$big" | spotsig | spotmatch >/dev/null' || exit 1
run "htmlstrip --main alone" 'htmlstrip --main <"$big" >/dev/null' || exit 1
run "htmlstrip alone (whole page)" 'htmlstrip <"$big" >/dev/null' || exit 1

# Each stage's CPU time in one more run of the --main pipeline: on a
# shared machine the wall time above says how free the cores were, this
# what the pipeline needs.  With two cores free its wall time could be no
# less than the longest stage's CPU time, nor than half of the total.
T=$BENCH_TMP/pipeline.stage
export T
sh -c '/usr/bin/time -f "%U %S" -o "$T.1" htmlstrip --main <"$big" |
    /usr/bin/time -f "%U %S" -o "$T.2" spotsig |
    /usr/bin/time -f "%U %S" -o "$T.3" spotmatch >/dev/null' || exit 1
cat "$T.1" "$T.2" "$T.3" | awk -v b="$bytes" '
	{ c[NR] = $1 + $2; t += c[NR]; if (c[NR] > m) m = c[NR] }
	END {
		if (t / 2 > m) m = t / 2
		printf "cpu by stage: htmlstrip --main %.2fs, spotsig %.2fs, spotmatch %.2fs;" \
		    " on 2 free cores no less than %.2fs wall = at most %.1f MB/s of HTML\n",
		    c[1], c[2], c[3], m, b / 1e6 / m
	}'
rm -f "$T.1" "$T.2" "$T.3"
