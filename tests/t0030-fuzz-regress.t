#!/bin/sh
test_description='fuzz targets replay their seeds and every input a fuzzer ever failed on'
. "$(dirname "$0")/lib.sh"

: "${DK_REPLAY:=$DK_TESTS/../build/replay}"
targets=$(cd "$DK_TESTS/fuzz" && for f in fuzz_*.c; do basename "$f" .c; done)
# Under valgrind the replays run under it too.
vg=
test -n "$DK_VALGRIND" &&
	vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite"

test_expect_success 'seed corpora' '
	sh "$DK_TESTS/fuzz/seed.sh" "$DK_BIN" seed
'

for t in $targets; do
	test_expect_success "$t: built" '
		test -x "$DK_REPLAY/$t"
	'
	test_expect_success "$t: seeds" '
		$vg "$DK_REPLAY/$t" seed/$t/*
	'
	if test -d "$DK_TESTS/fuzz/regress/$t"; then
		test_expect_success "$t: regression inputs" '
			$vg "$DK_REPLAY/$t" "$DK_TESTS/fuzz/regress/$t"/*
		'
	fi
done

test_done
