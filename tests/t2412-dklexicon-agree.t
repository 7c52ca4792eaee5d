#!/bin/sh
test_description='dklexicon --agree: the lexicon route keeps what spotsig --idf --agree
keeps (common/agree.h), one filter or a marked lexicon loaded by each shard'
. "$(dirname "$0")/lib.sh"

# story.awk: 60 pages with a template of 12 triples, and a story of 40
# triples copied into 24 documents (N = 84, the bound 0.5 drops DF > 9).
test_expect_success 'setup: a story copied 24 times, a template on 60 pages' '
	awk -f "$DK_TESTS/story.awk" >docs &&
	test $(wc -l <docs) = 84 &&
	spotsig docs >sigs &&
	spotsig --idf 0.5:1 --agree 0.5 -v docs >one 2>err &&
	grep "^spotsig: --agree: 40 of 52 signatures below the IDF range kept" err &&
	spotsig --idf 0.5:1 docs >cut &&
	! cmp -s one cut
'

test_expect_success 'dklexicon --idf --agree on the signatures: the same stream' '
	dklexicon --idf 0.5:1 --agree 0.5 -v sigs >actual 2>err &&
	test_cmp one actual &&
	grep "^dklexicon: --agree: 40 of 52 signatures below the IDF range kept" err &&
	dklexicon --idf 0.5:1 sigs >actual &&
	test_cmp cut actual
'

# The story's triple j is changed in copy j (j = 1 .. 24): DF 23 for
# those, 24 for the 16 others; the template is on all 60 pages.
test_expect_success '--lexicon: the story marked !agree, the template not' '
	dklexicon --lexicon --idf 0.5:1 --agree 0.5 sigs >all.lex &&
	dklexicon sigs >plain.lex &&
	cut -f1,2 all.lex >two &&
	test_cmp plain.lex two &&
	grep "	!agree\$" all.lex >marked &&
	test $(wc -l <marked) = 40 &&
	test $(grep -c "	23	!agree\$" marked) = 24 &&
	test $(grep -c "	24	!agree\$" marked) = 16 &&
	test $(grep -c "	60\$" all.lex) = 12 &&
	! grep -v -e "	!agree\$" -e "	[0-9]*\$" all.lex
'

test_expect_success 'the marked lexicon filters each shard as spotsig --agree filters the whole' '
	dklexicon --idf 0.5:1 -L all.lex sigs >actual &&
	test_cmp one actual &&
	dklexicon -m --idf 0.5:1 all.lex >idf.lex &&
	dklexicon --idf 0.5:1 -L idf.lex sigs >actual &&
	test_cmp one actual &&
	split -n l/3 -d -a 1 sigs part. &&
	for p in part.0 part.1 part.2; do
		dklexicon --idf 0.5:1 -L idf.lex $p || return 1
	done >actual &&
	test_cmp one actual &&
	spotsig --idf 0.5:1 -L idf.lex docs >actual &&
	test_cmp one actual
'

test_expect_success 'the marks depend on the documents, not their order or files' '
	dklexicon --lexicon --idf 0.5:1 --agree 0.5 part.2 part.0 part.1 >actual &&
	test_cmp all.lex actual &&
	sort -r sigs >rev &&
	dklexicon --lexicon --idf 0.5:1 --agree 0.5 rev >actual &&
	test_cmp all.lex actual
'

test_expect_success 'merging keeps the marks; -m --idf keeps a marked term the filter needs' '
	dklexicon -m all.lex >actual &&
	test_cmp all.lex actual &&
	dklexicon -m --idf 0.5:0.9 all.lex >idf9.lex &&
	test $(grep -c "	!agree\$" idf9.lex) = 40 &&
	dklexicon --idf 0.5:0.9 --agree 0.5 sigs >want &&
	dklexicon --idf 0.5:0.9 -L idf9.lex sigs >actual &&
	test_cmp want actual
'

test_expect_success 'a signature listed twice in a line counts the sum' '
	printf "a\tx=1 y=2\nb\tx=1 y=1 y=1\nc\tx=1 y=2 z=1\nd\tq=1\n" >twice &&
	printf "a\tx=1 y=2\nb\tx=1 y=2\nc\tx=1 y=2 z=1\nd\tq=1\n" >summed &&
	dklexicon --lexicon --idf 0.9:1 --agree 0.5 twice >want &&
	dklexicon --lexicon --idf 0.9:1 --agree 0.5 summed >actual &&
	test_cmp want actual &&
	grep "^y	3	!agree\$" actual
'

# Property: on generated collections with copies, for several bounds and
# agreements, the four routes write the same stream.
test_expect_success 'random collections: spotsig --agree = dklexicon --agree = the marked lexicon' '
	for s in 1 2 3; do
		dk_gen --text -s $s -p d -v 400 --stop 0.4 --repeat -l 30:200 \
			--copy 0.5 --drop 0.05 --change 0.05 300 >g.docs &&
		spotsig g.docs >g.sigs &&
		for r in 0.6:1 0.8:1 0.7:0.95; do
			for a in 0 0.2 0.5 0.8; do
				spotsig --idf $r --agree $a -v g.docs >want 2>err &&
				grep "^spotsig: --agree: [0-9]* of [1-9][0-9]* signatures below" err &&
				sed -n "s/^spotsig: --agree: \([0-9]*\) of.*/\1/p" err >>kept &&
				dklexicon --idf $r --agree $a g.sigs >actual &&
				test_cmp want actual &&
				dklexicon --lexicon --idf $r --agree $a g.sigs >g.lex &&
				dklexicon -m --idf $r g.lex >g.idf &&
				dklexicon --idf $r -L g.idf g.sigs >actual &&
				test_cmp want actual || return 1
			done || return 1
		done || return 1
	done &&
	sort -n -u kept >values &&
	test $(wc -l <values) -ge 5 &&
	test "$(head -n 1 values)" = 0
'

test_expect_success '--agree and --lexicon: what they need' '
	expect_error 2 "dklexicon: --agree needs --idf and the input.s own statistics" \
		dklexicon --agree 0.5 sigs &&
	expect_error 2 "dklexicon: --agree needs --idf" dklexicon --idf 0.5:1 -L all.lex --agree 0.5 sigs &&
	expect_error 2 "dklexicon: --agree needs --idf" dklexicon -m --idf 0.5:1 --agree 0.5 all.lex &&
	expect_error 2 "dklexicon: --lexicon needs --idf and --agree" dklexicon --lexicon --idf 0.5:1 sigs &&
	expect_error 2 "dklexicon: --agree is .2.: not in \[0, 1\]" dklexicon --idf 0.5:1 --agree 2 sigs
'

test_expect_success 'a lexicon with a bad mark' '
	printf "!N\t2\na\t1\t!agreed\n" >bad &&
	expect_error 2 "dklexicon: bad:2: expected TERM<TAB>DF\[<TAB>!agree\], found 3 fields" \
		dklexicon -m bad &&
	printf "!N\t2\na\t1\n!N\t2\t!agree\n" >bad &&
	expect_error 2 "dklexicon: bad:3: !agree on the !N record" dklexicon -m bad
'

test_done
