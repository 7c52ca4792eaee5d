#!/bin/sh
test_description='dkcluster -m star, leader, center, components on small graphs; random graphs against brute force'
. "$(dirname "$0")/lib.sh"

# cl METHOD [OPTION...]: cluster the file pairs into actual
cl() {
	_m=$1; shift
	dkcluster -m "$_m" "$@" pairs >actual
}

test_expect_success 'a chain: components chain, the others do not' '
	printf "a\tb\t0.9\nb\tc\t0.8\nc\td\t0.7\n" >pairs &&
	cl components && printf "a\ta\nb\ta\nc\ta\nd\ta\n" >expect && test_cmp expect actual &&
	cl leader && printf "a\ta\nb\ta\nc\tc\nd\tc\n" >expect && test_cmp expect actual &&
	cl center && test_cmp expect actual &&
	cl star && printf "a\ta\nb\ta\nc\ta\nd\td\n" >expect && test_cmp expect actual &&
	dkcluster pairs >actual && test_cmp expect actual
'

test_expect_success 'a star is one cluster by every method' '
	printf "h\tx\t0.9\ny\th\t0.8\nz\th\t0.7\nh\tw\t0.6\nx\ty\t0.5\n" >pairs &&
	printf "h\th\nx\th\ny\th\nz\th\nw\th\n" >expect &&
	for m in star leader center components; do
		cl $m && test_cmp expect actual || return 1
	done
'

test_expect_success 'two cliques joined by one weak pair' '
	printf "a\tb\t0.9\na\tc\t0.9\nb\tc\t0.9\nc\td\t0.3\nd\te\t0.9\nd\tf\t0.9\ne\tf\t0.9\n" >pairs &&
	printf "a\ta\nb\ta\nc\ta\nd\td\ne\td\nf\td\n" >split &&
	cl leader && test_cmp split actual &&
	cl center && test_cmp split actual &&
	cl star --min-sim 0.5 && test_cmp split actual &&
	cl components --min-sim 0.5 && test_cmp split actual &&
	printf "a\ta\nb\ta\nc\ta\nd\ta\ne\ta\nf\ta\n" >expect &&
	cl components && test_cmp expect actual &&
	printf "a\ta\nb\ta\nc\ta\nd\ta\ne\te\nf\te\n" >expect &&
	cl star && test_cmp expect actual
'

test_expect_success 'ties: star by ID order, leader by the earlier centre' '
	printf "a\tb\t0.5\nb\tc\t0.5\nc\td\t0.5\n" >pairs &&
	cl star && printf "a\ta\nb\ta\nc\ta\nd\td\n" >expect && test_cmp expect actual &&
	printf "p\tq\t0.1\nq\tp\t0.1\np\tr\t0.6\nq\tr\t0.6\n" >pairs &&
	cl leader --min-sim 0.5 && printf "p\tp\nr\tp\nq\tq\n" >expect && test_cmp expect actual
'

test_expect_success 'ties: center takes pairs of equal SIM in input order' '
	printf "a\tb\t0.5\nc\tb\t0.5\n" >pairs &&
	cl center && printf "a\ta\nb\ta\nc\tc\n" >expect && test_cmp expect actual &&
	printf "c\tb\t0.5\na\tb\t0.5\n" >pairs &&
	cl center && printf "c\tc\nb\tc\na\ta\n" >expect && test_cmp expect actual
'

test_expect_success 'pairs without SIM are all equal' '
	printf "a\tb\nb\tc\n" >pairs &&
	cl star && printf "a\ta\nb\ta\nc\ta\n" >expect && test_cmp expect actual &&
	cl leader && printf "a\ta\nb\ta\nc\tc\n" >expect && test_cmp expect actual
'

test_expect_success 'a bad method is refused' '
	expect_error 2 "dkcluster: -m nearest: not star, leader, center or components" \
		dkcluster -m nearest pairs
'

# The documents: ID, quality, date, text.
test_expect_success 'setup: a document stream' '
	printf "a\t0.5\t20240105\tshort\nb\t0.9\t20230101\ta much longer text\n" >docs &&
	printf "c\t0.7\t20250101\tmid text\nd\t0.1\t20240101\tx\n" >>docs &&
	printf "a\tb\t0.9\nb\tc\t0.8\n" >pairs
'

test_expect_success '--keep first (the default) names a cluster after its first ID' '
	for m in star components; do
		cl $m -a docs && printf "a\ta\nb\ta\nc\ta\nd\td\n" >expect &&
		test_cmp expect actual &&
		cl $m -a docs --keep first --representatives &&
		printf "a\nd\n" >expect && test_cmp expect actual || return 1
	done
'

test_expect_success '--keep longest, max:COL, min:COL' '
	for k in longest:b max:2:b min:2:a max:3:c min:3:b; do
		rule=${k%:*} want=${k##*:} &&
		cl star -a docs --keep $rule &&
		printf "a\t$want\nb\t$want\nc\t$want\nd\td\n" >expect &&
		test_cmp expect actual &&
		cl star -a docs --keep $rule --representatives &&
		printf "$want\nd\n" | sort >expect && sort actual >sorted &&
		test_cmp expect sorted || return 1
	done
'

test_expect_success '--keep: clusters in the order of their kept IDs' '
	printf "x\t3\ny\t1\nz\t2\nw\t5\n" >ids &&
	printf "x\ty\t0.9\nz\tw\t0.9\n" >pairs &&
	cl components -a ids --keep min:2 &&
	printf "x\ty\ny\ty\nz\tz\nw\tz\n" >expect && test_cmp expect actual &&
	cl components -a ids --keep min:2 --representatives &&
	printf "y\nz\n" >expect && test_cmp expect actual &&
	cl components -a ids --keep max:2 --representatives &&
	printf "x\nw\n" >expect && test_cmp expect actual
'

test_expect_success '--keep: ties go to the first in -a order' '
	printf "p\t7\nq\t9\nr\t9\n" >ids &&
	printf "p\tq\t1\nq\tr\t1\n" >pairs &&
	cl components -a ids --keep max:2 --representatives &&
	echo q >expect && test_cmp expect actual &&
	printf "r\t9\nq\t9\np\t7\n" >ids &&
	cl components -a ids --keep max:2 --representatives &&
	echo r >expect && test_cmp expect actual
'

test_expect_success 'leader visits in keep order: the centre is the kept document' '
	printf "a\tb\t0.9\nb\tc\t0.8\n" >pairs &&
	cl leader -a docs && printf "a\ta\nb\ta\nc\tc\nd\td\n" >expect && test_cmp expect actual &&
	cl leader -a docs --keep max:2 && printf "a\tb\nb\tb\nc\tb\nd\td\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--keep errors' '
	printf "a\t1\nb\tx\n" >bad &&
	expect_error 2 "dkcluster: bad:2: --keep: column 2 is not a number: \"x\"" \
		dkcluster -a bad --keep max:2 pairs &&
	printf "a\t1\nb\t\n" >bad &&
	expect_error 2 "dkcluster: bad:2: --keep: column 2 is not a number: \"\"" \
		dkcluster -a bad --keep min:2 pairs &&
	printf "a\t1\nb\tinf\n" >bad &&
	expect_error 2 "dkcluster: bad:2: --keep: column 2 is not a number" \
		dkcluster -a bad --keep min:2 pairs &&
	expect_error 2 "dkcluster: bad:1: --keep: no column 3 (the record has 2)" \
		dkcluster -a bad --keep max:3 pairs &&
	printf "a\nb\n" >list &&
	expect_error 2 "dkcluster: list:1: --keep longest needs a document stream" \
		dkcluster -a list --keep longest pairs &&
	expect_error 2 "dkcluster: --keep biggest: not first, longest, max:COL or min:COL" \
		dkcluster -a list --keep biggest pairs &&
	expect_error 2 "dkcluster: --keep max:0: COL is not a column number" \
		dkcluster -a list --keep max:0 pairs &&
	expect_error 2 "dkcluster: --keep max:2x: COL is not a column number" \
		dkcluster -a list --keep max:2x pairs &&
	expect_error 2 "dkcluster: --keep other than first needs -a FILE" \
		dkcluster --keep longest pairs
'

test_expect_success '--representatives without -a is refused' '
	dkcluster --representatives pairs >out 2>err
	test $? = 2 &&
	grep "^dkcluster: --representatives needs -a FILE" err &&
	test_must_be_empty out
'

# Random graphs: star and leader equal to the brute force of
# star-brute.awk; for every method, each ID of -a once, each name a member
# of its cluster, and the representatives the names.
test_expect_success 'random graphs: brute force, each ID once, names are members' '
	for seed in 1 2 3 4 5 6; do
		awk -v seed=$seed "BEGIN { srand(seed); n = 30 + seed * 10;
			for (i = 0; i < n; i++) print \"d\" i > \"ids\";
			for (i = 0; i < n * 1.5; i++) {
				a = int(rand() * n); b = int(rand() * (seed % 2 ? n : 8)) + (seed % 2 ? 0 : a);
				if (b >= n) b = n - 1;
				printf \"d%d\td%d\t0.%d00000\n\", a, b, int(rand() * 10) }
			}" >pairs &&
		tau=$((seed * 100000)) && t=0.$seed &&
		for m in star leader; do
			dkcluster -m $m -a ids --min-sim $t pairs >actual &&
			awk -v method=$m -v tau=$tau -f "$DK_TESTS/star-brute.awk" ids pairs >expect &&
			test_cmp expect actual || return 1
		done &&
		for m in star leader center components; do
			dkcluster -m $m -a ids --min-sim $t pairs >actual &&
			cut -f 1 actual | sort >got && sort ids >want && test_cmp want got &&
			awk -F "\t" "{ name[\$2] = 1; member[\$1] = \$2 }
				END { for (c in name) if (member[c] != c) { print \"bad name \" c; exit 1 } }" actual &&
			dkcluster -m $m -a ids --min-sim $t --representatives pairs >reps &&
			cut -f 2 actual | uniq >names && test_cmp names reps || return 1
		done &&
		dkcluster -m leader -a ids --min-sim $t pairs >actual &&
		awk -F "\t" -v tau=$tau "
			FNR == NR { if (int(\$3 * 1000000 + 0.5) >= tau) { p[\$1 SUBSEP \$2] = 1; p[\$2 SUBSEP \$1] = 1 } next }
			\$1 != \$2 && !((\$1 SUBSEP \$2) in p) { print \"no pair with its centre: \" \$0; exit 1 }" pairs actual ||
		return 1
	done
'

test_done
