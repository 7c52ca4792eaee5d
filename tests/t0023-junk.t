#!/bin/sh
test_description='junk is not input: random bytes, PDF documents and Latin-1
text given to every program end with a message and a non-zero status, or
produce nothing; never exit 0 with output, never a crash'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

# Under valgrind (DK_SLOW) fewer random inputs.
if test -n "$DK_SLOW"
then seeds="1 2 3"
else seeds="1 2 3 4 5 6 7 8 9 10 11 12"
fi

# junk.N: 200 bytes or more at random (fewer could be a word of text in a
# single-byte charset), TAB and LF more frequent than in uniform bytes so
# that lines split into fields; lead.KIND.N: the first record of a valid
# KIND stream, then the same junk, so that the check at line 1 is passed.
test_expect_success 'setup: random bytes, a PDF document, Latin-1 text' '
	dk_inputs &&
	for s in $seeds; do
		dk_python -c "
import random, sys
r = random.Random($s)
n = r.choice([200, 1000, 5000, 60000])
out = bytearray()
for _ in range(n):
    x = r.random()
    out.append(9 if x < 0.05 else 10 if x < 0.08 else r.randrange(256))
sys.stdout.buffer.write(bytes(out))
" >junk.$s || return 1
		for k in html docs sigs pairs; do
			head -n 1 $k.A >lead.$k.$s && cat junk.$s >>lead.$k.$s || return 1
		done
	done &&
	{
		printf "%%PDF-1.4\n%%\342\343\317\323\n1 0 obj\n<< /Length 44 /Filter /FlateDecode >>\nstream\n" &&
		dk_python -c "
import random, sys, zlib
r = random.Random(7)
sys.stdout.buffer.write(zlib.compress(bytes(r.randrange(256) for _ in range(3000))))
" &&
		printf "\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%%%EOF\n"
	} >doc.pdf &&
	printf "d1\tles param\350tres de la fen\352tre sont \340 revoir avant la fin de la semaine prochaine\n" >latin1 &&
	printf "d2\tle caf\351 de la gare est ferm\351 le lundi et le mardi, mais pas en \351t\351\n" >>latin1
'

# run P ARGS... INPUT: P on INPUT, as an operand and on standard input;
# fails when P was killed by a signal, or exited 0 having written output,
# or failed without saying why on stderr.
run() {
	for how in operand stdin; do
		if test $how = operand
		then "$@" >out 2>err
		else _last=$(eval echo \${$#}) && "$@" <"$_last" >out 2>err
		fi
		st=$?
		if test $st -ge 128; then
			echo >&2 "$*: killed by signal $((st - 128)) ($how)"; cat >&2 err; return 1
		fi
		if test $st = 0 && test -s out; then
			echo >&2 "$*: exit 0 with output ($how):"; head -c 300 out >&2; return 1
		fi
		if test $st != 0 && ! test -s err; then
			echo >&2 "$*: exit $st and nothing on stderr ($how)"; return 1
		fi
	done
}

for p in $progs; do
	dk_invocation $p
	test -n "$kind" || continue

	test_expect_success "$p: random bytes" '
		for s in $seeds; do run $p $args junk.$s || return 1; done
	'
	case $p in
	keep) ;;  # copies the records it keeps byte for byte: no text read
	*)
		test_expect_success "$p: a valid first record, then random bytes" '
			for s in $seeds; do run $p $args lead.$kind.$s || return 1; done
		' ;;
	esac
	test_expect_success "$p: a PDF document" '
		run $p $args doc.pdf
	'
	if test $kind != html; then
		test_expect_success "$p: Latin-1 text" '
			run $p $args latin1
		'
	fi
done

# dkdedup runs the programs above: the stage that meets the junk fails
# the job, which leaves no OUT.
test_expect_success 'dkdedup: random bytes, a PDF document, Latin-1 text: no OUT' '
	for f in junk.1 junk.2 doc.pdf latin1; do
		for fmt in tsv warc; do
			test_must_fail dkdedup $fmt $f out.$fmt 2>err &&
			test -s err &&
			! test -e out.$fmt || return 1
		done
	done
'

test_done
