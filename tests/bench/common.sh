# Sourced by the benchmarks: PATH, shared/, a scratch directory, timing.
here=$(cd "$(dirname "$0")" && pwd)
: "${DK_BIN:=$here/../../build/bin}"
: "${DK_SHARED:=$here/../../../shared}"
PATH="$DK_BIN:$PATH"
LC_ALL=C.UTF-8
export PATH LC_ALL
BENCH_TMP=${BENCH_TMP:-/tmp/dupkit-bench}
mkdir -p "$BENCH_TMP"

have_shared() {
	test -d "$DK_SHARED/corpora" || { echo "skip: no shared/ at $DK_SHARED"; return 1; }
}

# now: wall-clock seconds with nanoseconds
now() { date +%s.%N; }
# rate BYTES SECONDS -> MB/s
rate() { awk -v b="$1" -v s="$2" 'BEGIN { printf "%.1f", b / 1e6 / s }'; }
# elapsed START END
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
