#!/bin/sh
test_description='examples/Makefile: the paper table on a small labelled collection'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
# make cannot name files whose path has a space, as the trash directory's
# has: the corpus and the output go to a directory of their own.
work=$(mktemp -d) || exit 1

test_expect_success 'setup: the demo pages with their gold clusters' '
	ln -s "$work" w &&
	mkdir -p w/corpus/docs &&
	cp "$top"/examples/pages/*.html w/corpus/docs/ &&
	for f in w/corpus/docs/*.html; do
		b=${f##*/}; s=${b#*-}; s=${s%.html}
		case $s in solar|ferry|museum) c=$s ;; *) c=single-$b ;; esac
		printf "%s\t%s\n" "$b" "$c"
	done >w/corpus/gold.tsv &&
	test $(wc -l <w/corpus/gold.tsv) = 13
'

test_expect_success 'table1 scores every method at its best threshold' '
	make -s -C "$top/examples" table1 CORPUS="$work/corpus" OUT="$work/out" \
		BIN="$DK_BIN" >log 2>&1 &&
	cut -f 1 w/out/table1.tsv >actual &&
	printf "spotsigs\nspotsigs-c1\nshingles-1\nshingles-3\nlsh-s\ni-match\ni-match-s\nddd\n" >expect &&
	printf "spotsigs-main\nshingles-3-main\nddd-main\n" >>expect &&
	printf "spotsigs/star\nspotsigs/components\nspotsigs-main/star\nspotsigs-main/components\n" >>expect &&
	test_cmp expect actual &&
	grep "^spotsigs	0.20	9	1.0000	1.0000	1.0000	" w/out/table1.tsv &&
	grep "^spotsigs/star	0.20	9	1.0000	1.0000	1.0000	[0-9.]*	1.0000$" w/out/table1.tsv &&
	grep -q "^spotsigs  *0.20  *9  *1.0000  *1.0000  *1.0000 " log &&
	grep -q "^13 documents of" log &&
	grep -c "^<path" w/out/f1.svg >n && test $(cat n) = 11
'

test_expect_success 'only what depends on a changed stage is rebuilt' '
	touch w/out/ddd.sigs &&
	make -n -C "$top/examples" table1 CORPUS="$work/corpus" OUT="$work/out" \
		BIN="$DK_BIN" >plan &&
	grep -q "( spotmatch -M max " plan &&
	! grep -q "( spotsig " plan &&
	! grep -q "( qgram " plan
'

# issue 32: a pipeline whose first stage fails must fail, not hand on
# what the last stage made of nothing
test_expect_success 'mapred.sh: a task whose spotsig fails fails (pipefail)' '
	printf "a\tC:\\\\Users the cat sat on the mat\n" >bad.docs &&
	test_expect_code 2 sh "$top/examples/mapred.sh" lex-map spotsigs -d <bad.docs >out 2>err &&
	grep "^spotsig: stdin:1: invalid escape" err
'

test_expect_success 'cleanup' '
	rm -rf "$work"
'

test_done
