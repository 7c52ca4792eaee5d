#!/bin/sh
test_description='make install and uninstall honour DESTDIR and PREFIX'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

test_expect_success 'install puts every program and man page under DESTDIR/PREFIX' '
	make -s -C "$top" BUILD="${DK_BUILD:-build}" install DESTDIR="$PWD/inst" PREFIX=/usr >log 2>&1 &&
	for p in $progs; do
		test -x "inst/usr/bin/$p" || { echo "missing $p"; return 1; }
	done &&
	for m in "$top"/man/*.[1-9]; do
		s=${m##*.} &&
		test -f "inst/usr/share/man/man$s/${m##*/}" || { echo "missing $m"; return 1; }
	done &&
	for f in corpus.mk srun-sh scaleout.sh mapred.sh dupkit.defaults; do
		cmp "$top/examples/$f" "inst/usr/share/dupkit/$f" || { echo "missing $f"; return 1; }
	done &&
	test -x inst/usr/share/dupkit/srun-sh
'

test_expect_success 'the installed corpus.mk runs the installed programs' '
	make -s -f inst/usr/share/dupkit/corpus.mk help >help &&
	test -s help &&
	. "$top/examples/dupkit.defaults" &&
	grep "TAU=$DK_TAU " help
'

test_expect_success 'installed programs run' '
	for p in $progs; do
		"inst/usr/bin/$p" --version >out &&
		grep -q "^$p (dupkit) " out || return 1
	done
'

test_expect_success 'uninstall removes them again' '
	make -s -C "$top" BUILD="${DK_BUILD:-build}" uninstall DESTDIR="$PWD/inst" PREFIX=/usr >log 2>&1 &&
	test -z "$(find inst -type f)" &&
	! test -e inst/usr/share/dupkit
'

test_done
