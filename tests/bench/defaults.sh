#!/bin/sh
# The safety of the whole job's defaults: dkdedup at examples/dupkit.defaults
# and at the old settings (0.44, no IDF cut, any overlap) on five labelled
# collections built from this Debian system and goldset-dev (defaults.py
# says how), each with its unique documents lost and copies removed.
# Quality, not speed: the figures are the same on any machine with the same
# packages installed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${DK_BIN:-$here/../../build/bin}
shared=${DK_SHARED:-$here/../../../shared}
. "$here/../../examples/dupkit.defaults"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/defaults.py" "$work" "$bin" "$shared" \
	"$DK_TAU,$DK_MIN_SHARED,$DK_IDF" 0.44,1,0:1
