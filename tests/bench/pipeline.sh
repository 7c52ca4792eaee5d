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
# shared machine the wall time includes waiting for a core.
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
