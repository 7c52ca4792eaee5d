#!/bin/sh
test_description='faults of the environment, for every program: a full disk, a
closed pipe, unreadable operands among readable ones, a record over the
limit (skipped), more threads than CPUs'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

test_expect_success 'setup inputs' '
	dk_inputs
'

for p in $progs; do
	case " $dk_drivers " in *" $p "*) continue ;; esac
	dk_invocation $p

	test_expect_success "$p: has an invocation (else add one to dk_invocation, lib.sh)" '
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
		# valgrind lists the stacks of threads alive at SIGPIPE
		grep -v "^==[0-9]*==" err >err.own;
		test_must_be_empty err.own &&
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

	test_expect_success "$p: a record over --max-record is skipped with its place, status 1" '
		if test $kind = html
		then where="html.A: record"
		else where="[^ ]*:1: record"    # evaluate: GOLD is read first
		fi &&
		expect_error 1 "^$p: $where longer than 16 bytes skipped (see --max-record)" \
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
