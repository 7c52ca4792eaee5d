#!/bin/sh
test_description='every program follows the shared conventions'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

test_expect_success 'there are programs to check' '
	test -n "$progs"
'

# Names Debian packages already give a command: Graphviz's cluster and the
# DNS tool lexicon (dupkit 0.1.0 used both), and the commands of this machine
# (an installed dupkit aside).
test_expect_success 'no program takes the name of a Debian command' '
	for p in $progs; do
		case " cluster lexicon " in *" $p "*) echo "$p: a Debian command"; return 1 ;; esac &&
		for d in /bin /sbin /usr/bin /usr/sbin; do
			! test -e "$d/$p" || "$d/$p" --version 2>/dev/null | grep -q "(dupkit)" ||
				{ echo "$d/$p is another program"; return 1; }
		done || return 1
	done
'

for p in $progs; do
	test_expect_success "$p: --help prints the synopsis and exits 0" '
		$p --help >out 2>err &&
		grep -q "^usage: $p" out &&
		test_must_be_empty err
	'
	test_expect_success "$p: -h is --help" '
		$p -h >out2 &&
		$p --help >out &&
		test_cmp out out2
	'
	test_expect_success "$p: --version" '
		$p --version >out &&
		grep -q "^$p (dupkit) [0-9]" out
	'
	test_expect_success "$p: an unknown option is a usage error (status 2)" '
		expect_error 2 "^usage: $p" $p --no-such-option
	'
	test_expect_success "$p: has a man page with EXAMPLES" '
		test -f "$top/man/$p.1" &&
		grep -q "^\.Sh EXAMPLES" "$top/man/$p.1"
	'
done

test_expect_success 'man pages are lint-clean (groff -mandoc -ww -z)' '
	for m in "$top"/man/*.[1-9]; do
		groff -mandoc -ww -z "$m" 2>lint &&
		test_must_be_empty lint || { echo "$m"; cat lint; return 1; }
	done
'

test_done
