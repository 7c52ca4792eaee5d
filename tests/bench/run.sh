#!/bin/sh
# Runs every benchmark script in tests/bench/ (each prints its own figures;
# none asserts anything about time).  DK_BIN names the programs.
here=$(cd "$(dirname "$0")" && pwd)
: "${DK_SHARED:=$here/../../../shared}"
export DK_SHARED
status=0
for b in "$here"/*.sh; do
	case "$b" in */run.sh|*/common.sh) continue ;; esac
	echo "== $(basename "$b" .sh)"
	sh "$b" || status=1
done
exit $status
