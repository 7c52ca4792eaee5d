#!/bin/sh
test_description='faults of the environment, for every program: a full disk, a
closed pipe, unreadable operands among readable ones, a record over the
limit, more threads than CPUs'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

# How each program is run: the kind of input it reads and its arguments.
# A program not listed here is tried on each kind of input with no
# arguments; the first that gives output is used (so new programs are
# covered, and a program none fits fails the 'has an invocation' case).
invocation() {
	case $1 in
	htmlstrip) echo "html" ;;
	spotsig|qgram) echo "docs" ;;
	lexicon|minhash) echo "sigs" ;;
	imatch) echo "docs -L lex" ;;
	partition) echo "sigs -t 0.5" ;;
	spotmatch) echo "sigs -t 0.3" ;;
	*) return 1 ;;
	esac
}

# Inputs of each kind: A and B (small, distinct IDs) and big (on stdin,
# output much larger than a pipe's buffer).
test_expect_success 'setup inputs' '
	cp "$top"/examples/pages/gazette-solar.html html.A &&
	cp "$top"/examples/pages/wire-solar.html html.B &&
	(cd "$top/examples/pages" && htmlstrip *.html) >docs.A &&
	sed "s/^/b-/" docs.A >docs.B &&
	awk -F "\t" "{ for (i = 0; i < 300; i++) print i \"-\" \$0 }" docs.A >docs.big &&
	awk "{ for (i = 0; i < 300; i++) print i \"-x\tbig<p>\" \$0 \"</p>\" }" docs.A >html.big &&
	spotsig docs.A >sigs.A &&
	spotsig docs.B >sigs.B &&
	spotsig docs.big >sigs.big &&
	spotmatch -t 0.2 sigs.A >pairs.A &&
	spotmatch -t 0.2 sigs.B >pairs.B &&
	spotmatch -t 0.5 sigs.big >pairs.big &&
	lexicon -w docs.A >lex &&
	test -s pairs.A && test $(wc -l <pairs.big) -gt 10000
'

for p in $progs; do
	if inv=$(invocation $p); then
		kind=${inv%% *} args=${inv#$kind}
	else
		kind= args=
		for k in pairs sigs docs html; do
			if $p $k.A >out 2>/dev/null && test -s out; then
				kind=$k
				break
			fi
		done
	fi

	test_expect_success "$p: has an invocation (add one to this test)" '
		test -n "$kind" &&
		$p $args $kind.A >out.$p &&
		test -s out.$p
	'
	test -n "$kind" || continue

	test_expect_success "$p: output to a full disk is an error with a message" '
		{ $p $args $kind.A >/dev/full 2>err; echo $? >status; } &&
		test $(cat status) = 1 &&
		grep "^$p: write error on stdout: No space left on device" err
	'

	test_expect_success "$p: a closed pipe ends it quietly, whole records read" '
		$p $args <$kind.big >all.$p &&
		{ $p $args <$kind.big 2>err; echo $? >status; } | head -n 1 >first &&
		test_must_be_empty err &&
		{ test $(cat status) = 0 || test $(cat status) = 141; } &&
		head -n 1 all.$p >expect &&
		test_cmp expect first
	'

	test_expect_success "$p: a missing operand is reported, the others are read" '
		$p $args $kind.A $kind.B >expect &&
		expect_error 1 "^$p: no-such-file: No such file" \
			$p $args $kind.A no-such-file $kind.B &&
		$p $args $kind.A no-such-file $kind.B >actual 2>/dev/null;
		test_cmp expect actual
	'

	test_expect_success "$p: a directory operand is reported, the others are read" '
		mkdir -p dir &&
		$p $args $kind.A $kind.B >expect &&
		expect_error 1 "^$p: dir: Is a directory" $p $args $kind.A dir $kind.B &&
		$p $args $kind.A dir $kind.B >actual 2>/dev/null;
		test_cmp expect actual
	'

	test_expect_success "$p: a record over --max-record is refused with its place" '
		if test $kind = html
		then where="html.A: page"
		else where="$kind.A:1: record"
		fi &&
		expect_error 2 "^$p: $where longer than 16 bytes (see --max-record)" \
			$p --max-record 16 $args $kind.A &&
		$p --max-record 1G $args $kind.A >actual &&
		test_cmp out.$p actual
	'

	if $p --help | grep -q -e "^ *-j "; then
		test_expect_success "$p: -j 64, more threads than CPUs, gives the -j 1 output" '
			$p -j 1 $args <$kind.big >expect &&
			$p -j 64 $args <$kind.big >actual &&
			test_cmp expect actual
		'
	fi
done

test_done
