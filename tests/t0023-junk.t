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

# Mix-ups that read as valid input: a lexicon of words (dklexicon -w) and
# one of signatures share no term, so that the filter or the fingerprints
# made with the wrong one drop every term, exit 0 with nothing kept.  The
# shape of the terms tells them apart (lexicon.h, dk_shape).
test_expect_success 'setup: a lexicon of signatures, a stream of one-word shingles' '
	dklexicon sigs.A >siglex &&
	qgram -w 1 docs.A >words.sigs &&
	dklexicon words.sigs >wordsiglex
'

test_expect_success 'imatch: a lexicon of signatures with documents, of words with signatures' '
	expect_error 2 "^imatch: docs.A:1: the lexicon holds signatures (\"[^\"]*:[^\"]*\") and this record words (\"[a-z0-9]*\"): they share no term (dklexicon -w counts the words of documents, dklexicon the signatures of a signature stream)\$" imatch -L siglex docs.A &&
	expect_error 2 "^imatch: sigs.A:1: the lexicon holds words (\"[a-z0-9]*\") and this record signatures (\"[^\"]*:[^\"]*\"): they share no term" imatch -S -L lex sigs.A &&
	expect_error 2 "^imatch: sigs.A:1: the lexicon holds words" imatch -L lex sigs.A &&
	expect_error 2 "^imatch: siglex:1: lex holds words (\"[a-z0-9]*\") and siglex signatures (\"[^\"]*\"): they share no term, give lexicons of one kind\$" imatch -L lex -L siglex docs.A &&
	imatch -L lex docs.A >out && grep -c "^F00" out >n && test $(cat n) -gt 5 &&
	imatch -S -L siglex sigs.A >out && grep "^F00" out &&
	imatch -L lex words.sigs >out && grep "^F00" out
'

test_expect_success 'imatch: a text that reads as signatures, with a lexicon of words, is text' '
	printf "u1\thttp://example.com/?a=1 http://example.org/?b=2 http://x.net/?q=3 https://y.org/p?r=4\n" >urls &&
	printf "u2\tthe http example com a b example org page\n" >>urls &&
	dklexicon -w urls >urllex &&
	imatch -i 0:1 -m 1 -L urllex urls >auto &&
	imatch -T -i 0:1 -m 1 -L urllex urls >text &&
	test_cmp text auto &&
	grep "^F00/1/l[0-9a-f]*m1:[0-9a-f]*	u1	\$" auto
'

test_expect_success 'dklexicon: a filter with a lexicon of words, a merge of both kinds' '
	expect_error 2 "^dklexicon: sigs.A:1: the lexicon holds words (\"[a-z0-9]*\") and this record signatures (\"[^\"]*:[^\"]*\"): they share no term" dklexicon --idf 0.2:0.9 -L lex sigs.A &&
	expect_error 2 "^dklexicon: words.sigs:1: the lexicon holds signatures" dklexicon --idf 0.2:0.9 -L siglex words.sigs &&
	expect_error 2 "^dklexicon: siglex:1: lex holds words (\"[a-z0-9]*\") and siglex signatures (\"[^\"]*\"): they share no term, give lexicons of one kind\$" dklexicon -m lex siglex &&
	expect_error 2 "^dklexicon: lex:1: siglex holds signatures" dklexicon --idf 0.2:0.9 -L siglex -L lex sigs.A &&
	dklexicon --idf 0.2:0.9 -L siglex sigs.A >a && dklexicon --idf 0.2:0.9 sigs.A >b && test_cmp b a &&
	dklexicon --idf 0.2:0.9 -L lex words.sigs >a && dklexicon --idf 0.2:0.9 -L wordsiglex words.sigs >b &&
	test_cmp b a
'

# The shape is taken from the first record of each file with four terms
# or more (up to 16 records): here the second.
test_expect_success 'dklexicon: the first record that tells the shape is checked' '
	printf "s1\tthe:cat:sat=1\ns2\ta:b:c=1 d:e:f=1 g:h:i=1 j:k:l=2\n" >late.sigs &&
	expect_error 2 "^dklexicon: late.sigs:2: the lexicon holds words" dklexicon --idf 0:1 -L lex late.sigs
'

# A lexicon of an empty input (an empty shard, a stage that wrote
# nothing) counts no document: every IDF is 0 and the filter or the
# fingerprints would drop every term.  One of one document is the input's
# own only while the input has no more documents than that.
test_expect_success 'a lexicon that counts no document, or one, given for more' '
	: >empty &&
	dklexicon empty >empty.lex && dklexicon -w empty >emptyw.lex &&
	printf "!N\t0\n" >expect && test_cmp expect empty.lex &&
	expect_error 2 "^dklexicon: sigs.A:1: the lexicon empty.lex counts 0 documents (!N): every IDF is 0, below 0.2:0.9, so every signature would be dropped (a lexicon of an empty input?)\$" dklexicon --idf 0.2:0.9 -L empty.lex sigs.A &&
	expect_error 2 "^imatch: docs.A:1: the lexicon emptyw.lex counts 0 documents (!N): every IDF is 0, outside \[0.4, 0.75\], so every document would be rejected" imatch -L emptyw.lex docs.A &&
	head -n 1 sigs.A >one.sigs && dklexicon one.sigs >one.lex &&
	dklexicon --idf 0.2:0.9 -L one.lex one.sigs >out &&
	printf "%s\t!short\n" "$(cut -f1 one.sigs)" >expect && test_cmp expect out &&
	expect_error 2 "^dklexicon: sigs.A:2: the lexicon one.lex counts 1 document (!N)" dklexicon --idf 0.2:0.9 -L one.lex sigs.A &&
	head -n 1 docs.A >one.docs && dklexicon -w one.docs >onew.lex &&
	imatch -L onew.lex one.docs >out && grep "^R	" out &&
	expect_error 2 "^imatch: docs.A:2: the lexicon onew.lex counts 1 document" imatch -L onew.lex docs.A &&
	dklexicon --idf 0:1 -L empty.lex sigs.A >out && test_cmp sigs.A out &&
	dklexicon --idf 0.2:0.9 -L empty.lex empty >out && ! test -s out &&
	imatch -x -L onew.lex docs.A >out && grep "^F00" out
'

# spotsig -L, the same three: a lexicon of words (its signatures all join
# words with ':', so that a record of one tells), one that counts no
# document or one, one cut for another IDF range (dklexicon -m --idf).
test_expect_success 'spotsig -L: a lexicon of words, of an empty input, cut for another range' '
	expect_error 2 "^spotsig: docs.A:1: the lexicon holds words (\"[a-z0-9]*\") and this record signatures (\"[^\"]*:[^\"]*\"): they share no term (dklexicon -w counts the words of documents, dklexicon the signatures of a signature stream)\$" spotsig --idf 0.2:0.9 -L lex docs.A &&
	printf "t1\tthe cat sat on the mat\n" >tiny &&
	expect_error 2 "^spotsig: tiny:1: the lexicon holds words (\"[a-z0-9]*\") and this record signatures (\"the:cat:sat\")" spotsig --idf 0.2:0.9 -L lex tiny &&
	expect_error 2 "^spotsig: lex:1: siglex holds signatures (\"[^\"]*:[^\"]*\") and lex words (\"[a-z0-9]*\"): they share no term, give lexicons of one kind\$" spotsig --idf 0.2:0.9 -L siglex -L lex docs.A &&
	expect_error 2 "^spotsig: docs.A:1: the lexicon empty.lex counts 0 documents (!N): every IDF is 0, below 0.2:0.9, so every signature would be dropped (a lexicon of an empty input?)\$" spotsig --idf 0.2:0.9 -L empty.lex docs.A &&
	spotsig one.docs | dklexicon >onesig.lex &&
	spotsig --idf 0.2:0.9 -L onesig.lex one.docs >out &&
	printf "%s\t!short\n" "$(cut -f1 one.docs)" >expect && test_cmp expect out &&
	expect_error 2 "^spotsig: docs.A:2: the lexicon onesig.lex counts 1 document (!N): every IDF is 0, below 0.2:0.9" spotsig --idf 0.2:0.9 -L onesig.lex docs.A &&
	spotsig --idf 0:1 -L empty.lex docs.A >out && test_cmp sigs.A out &&
	dklexicon -m --idf 0.2:0.85 siglex >cut &&
	expect_error 2 "^spotsig: cut:2: cut for --idf 0.2:0.85 (!idf), not 0.3:1: it lacks terms this range needs (give the whole lexicon, or one cut for this range)\$" spotsig --idf 0.3:1 -L cut docs.A &&
	expect_error 2 "^spotsig: siglex:1: a lexicon cut for an IDF range (!idf: dklexicon -m --idf), read before this one, merges with no other\$" spotsig --idf 0.2:0.85 -L cut -L siglex docs.A &&
	spotsig --idf 0.2:0.85 docs.A >expect &&
	spotsig --idf 0.2:0.85 -L siglex docs.A >out && test_cmp expect out &&
	spotsig --idf 0.2:0.85 -L cut docs.A >out && test_cmp expect out
'

# evaluate -u ignore skips the IDs missing from the gold file; when none
# of a file's IDs is there, nothing would be scored: the gold standard (or
# the keep list) is of another collection.  (-u singleton scores them all
# false, a reading of its own.)
test_expect_success 'evaluate -u ignore: a gold file of another collection, a keep list of another' '
	sed "s/^/other-/" gold >ogold &&
	dkcluster -a docs.A pairs.A >clusters.A &&
	cut -f1 docs.A >ids.A &&
	expect_error 2 "^evaluate: pairs.A:1: none of its IDs is in the gold file, so nothing would be scored (a gold standard of another collection? -u ignore skips some missing IDs, not all)\$" evaluate -u ignore ogold pairs.A &&
	expect_error 2 "^evaluate: clusters.A:1: none of its IDs is in the gold file" evaluate -c -u ignore ogold clusters.A &&
	expect_error 2 "^evaluate: ids.A:1: none of its IDs is in the gold file, so nothing would be scored (a keep list of another collection? -u ignore skips some missing IDs, not all)\$" evaluate --keep ids.A -u ignore ogold &&
	head -n 3 gold >part &&
	evaluate -u ignore part pairs.A >out && grep "^pairs reported" out &&
	evaluate -u singleton ogold pairs.A >out && grep "^pairs true *0\$" out &&
	: >nopairs && evaluate -u ignore ogold nopairs >out && grep "^pairs reported *0\$" out
'

test_done
