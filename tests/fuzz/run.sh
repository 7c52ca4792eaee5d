#!/bin/sh
# Runs libFuzzer targets one after another:
#   FUZZTIME=SECONDS sh tests/fuzz/run.sh BUILDDIR TARGET...
# Each target runs FUZZTIME seconds on BUILDDIR/corpus/TARGET, seeded by
# seed.sh and by the regression inputs in tests/fuzz/regress/TARGET; a crash
# stops the run, the input saved under BUILDDIR/crash/.  The last lines of
# each log (libFuzzer's final statistics) are printed.
set -eu
build=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
: "${FUZZTIME:=60}"
: "${FUZZ_OPTIONS:=}"
mkdir -p "$build/crash" "$build/log" "$build/seed"
sh "$here/seed.sh" "${DK_BIN:-build/bin}" "$build/seed"
for t in "$@"; do
	corpus="$build/corpus/$t"
	mkdir -p "$corpus"
	set -- "$corpus" "$build/seed/$t"
	test -d "$here/regress/$t" && set -- "$@" "$here/regress/$t"
	echo "fuzz: $t for ${FUZZTIME}s"
	if ! "$build/fuzz/$t" -max_total_time="$FUZZTIME" -print_final_stats=1 \
		-artifact_prefix="$build/crash/$t-" -rss_limit_mb=1024 -timeout=20 \
		$FUZZ_OPTIONS "$@" >"$build/log/$t" 2>&1; then
		tail -n 60 "$build/log/$t"
		echo "fuzz: $t failed; the input is in $build/crash/ (log $build/log/$t)" >&2
		exit 1
	fi
	grep -E '^(#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units|stat::peak_rss_mb)' \
		"$build/log/$t" | tail -n 3
done
