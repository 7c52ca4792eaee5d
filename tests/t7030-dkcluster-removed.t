#!/bin/sh
test_description='dkcluster --removed: the documents a keep list leaves out, and why'
. "$(dirname "$0")/lib.sh"

test -w /dev/full && test_set_prereq FULL

test_expect_success 'star: each removed ID, its kept one, the SIM and whom it is with' '
	printf "a\tc\t0.8\nb\tc\t0.9\nd\tc\t1\n" >pairs &&
	printf "a\nb\nc\nd\ne\n" >ids &&
	dkcluster -a ids --representatives --removed removed pairs >keep &&
	printf "a\ne\n" >expect &&
	test_cmp expect keep &&
	printf "b\ta\t0.900000\tc\t\nc\ta\t0.800000\ta\t\nd\ta\t1.000000\tc\t\n" >expect &&
	test_cmp expect removed
'

test_expect_success 'the pair with the kept document wins over a closer member' '
	printf "a\tb\t0.4\nb\tc\t0.9\na\tc\t0.5\n" >pairs &&
	printf "a\nb\nc\n" >ids &&
	dkcluster -a ids -m components --removed removed pairs >/dev/null &&
	printf "b\ta\t0.400000\ta\t\nc\ta\t0.500000\ta\t\n" >expect &&
	test_cmp expect removed
'

test_expect_success 'a repeated pair counts with its highest SIM' '
	printf "a\tb\t0.4\nb\ta\t0.7\na\tb\t0.6\n" >pairs &&
	printf "a\nb\n" >ids &&
	dkcluster -a ids --removed removed pairs >/dev/null &&
	printf "b\ta\t0.700000\ta\t\n" >expect &&
	test_cmp expect removed
'

test_expect_success '--keep longest, components: the kept one reached through another' '
	printf "x\tshort one\ny\tthe longest text of all three\nz\tmiddle text\nw\talone\n" >docs &&
	printf "x\tz\t0.7\nz\ty\t0.6\n" >pairs &&
	dkcluster -a docs -m components --keep longest --representatives \
		--removed removed pairs >keep &&
	printf "y\nw\n" >expect &&
	test_cmp expect keep &&
	printf "x\ty\t0.700000\tz\tshort one\nz\ty\t0.600000\ty\tmiddle text\n" >expect &&
	test_cmp expect removed
'

test_expect_success 'components chaining: a member paired only with the next' '
	printf "p1\tp2\t0.9\np2\tp3\t0.8\np3\tp4\t0.7\n" >pairs &&
	printf "p1\np2\np3\np4\n" >ids &&
	dkcluster -a ids -m components --removed removed pairs >/dev/null &&
	printf "p2\tp1\t0.900000\tp1\t\np3\tp1\t0.800000\tp2\t\np4\tp1\t0.700000\tp3\t\n" >expect &&
	test_cmp expect removed
'

test_expect_success 'a WARC-style -a (ID DATE URI TEXT): the URI is the label' '
	printf "urn:1\t2024-01-01T00:00:00Z\thttp://example.org/a\tSome text\n" >docs &&
	printf "urn:2\t2024-01-02T00:00:00Z\thttps://example.org/a?b=1\tSome text\n" >>docs &&
	printf "urn:3\t2024-01-03T00:00:00Z\tnot://really a uri\tOther\n" >>docs &&
	printf "urn:4\t20240104\tsee: no scheme\tOther text\n" >>docs &&
	printf "urn:1\turn:2\t1\nurn:3\turn:4\t0.75\n" >pairs &&
	dkcluster -a docs --representatives --removed removed pairs >keep &&
	printf "urn:1\nurn:3\n" >expect &&
	test_cmp expect keep &&
	printf "urn:2\turn:1\t1.000000\turn:1\thttps://example.org/a?b=1\n" >expect &&
	printf "urn:4\turn:3\t0.750000\turn:3\tOther text\n" >>expect &&
	test_cmp expect removed
'

test_expect_success 'a plain -a: the title, cut at a word end, never inside a character' '
	e35=$(printf "é%.0s" $(seq 35)) &&
	e29=$(printf "é%.0s" $(seq 29)) &&
	{
		printf "k\tKept\n" &&
		printf "t1\t  Le café de la gare est fermé depuis longtemps, mais les trains passent\n" &&
		printf "t2\ta%s\n" "$e35" &&
		printf "t3\tshort\\\\ttext\n" &&
		printf "t4\tOne two three four five six seven eight nine ten eleven\\\\ntwelve\n" &&
		printf "t5\t%s\n" "123456789 123456789 123456789 123456789 123456789 123456789" &&
		printf "t6\t%s\n" "123456789 123456789 123456789 123456789 123456789 1234567890 x" &&
		printf "t7\t%s\n" "123456789 123456789 123456789 123456789 123456789 12345678901 x"
	} >docs &&
	printf "k\tt1\t0.5\nk\tt2\t0.5\nk\tt3\t0.5\nk\tt4\t0.5\nk\tt5\t0.5\nk\tt6\t0.5\nk\tt7\t0.5\n" >pairs &&
	dkcluster -a docs --removed removed pairs >/dev/null &&
	{
		printf "t1\tk\t0.500000\tk\tLe café de la gare est fermé depuis longtemps, mais les...\n" &&
		printf "t2\tk\t0.500000\tk\ta%s...\n" "$e29" &&
		printf "t3\tk\t0.500000\tk\tshort text\n" &&
		printf "t4\tk\t0.500000\tk\tOne two three four five six seven eight nine ten eleven...\n" &&
		printf "t5\tk\t0.500000\tk\t%s\n" "123456789 123456789 123456789 123456789 123456789 123456789" &&
		printf "t6\tk\t0.500000\tk\t%s...\n" "123456789 123456789 123456789 123456789 123456789 1234567890" &&
		printf "t7\tk\t0.500000\tk\t%s...\n" "123456789 123456789 123456789 123456789 123456789"
	} >expect &&
	test_cmp expect removed
'

test_expect_success '-v counts clusters, kept, removed and exact copies' '
	printf "a\tb\t1\na\tc\t0.999999\nd\te\t1\nf\tg\t0.5\n" >pairs &&
	printf "a\nb\nc\nd\ne\nf\ng\nh\n" >ids &&
	dkcluster -v -a ids --removed removed pairs >/dev/null 2>err &&
	grep "^dkcluster: --removed removed:" err >actual &&
	echo "dkcluster: --removed removed: 4 clusters, 4 kept, 4 removed, 2 of them exact copies (SIM 1)" >expect &&
	test_cmp expect actual
'

# On random collections, for each method and with and without --keep: the
# keep list and the report's IDs are every ID once; each report line is the
# cluster stream's ID and cluster; WITH is in the cluster and the pair
# (ID, WITH) has SIM; WITH is KEPT when (ID, KEPT) is a pair.
test_expect_success 'the report agrees with the keep list, clusters and pairs' '
	dk_gen -s 7 -l 3:12 -v 40 --copy 0.5 --drop 0.2 --change 0.1 300 >sigs &&
	spotmatch -t 0.3 sigs >pairs &&
	test $(wc -l <pairs) -gt 100 &&
	awk -F "\t" "{ print \$1 \"\t\" \$2 \"\t\" \$3; print \$2 \"\t\" \$1 \"\t\" \$3 }" pairs >both-ways &&
	cut -f 1 sigs | sort >all &&
	for m in star leader center components; do
		for k in first longest; do
			dkcluster -a sigs -m $m --keep $k --representatives --removed removed pairs >keep &&
			dkcluster -a sigs -m $m --keep $k pairs >clusters &&
			{ cat keep; cut -f 1 removed; } | sort >ids &&
			test_cmp all ids &&
			awk -F "\t" "\$1 != \$2" clusters | sort >expect &&
			cut -f 1,2 removed | sort >actual &&
			test_cmp expect actual &&
			awk -F "\t" "
				FILENAME == ARGV[1] { sim[\$1 \" \" \$2] = \$3 > sim[\$1 \" \" \$2] ? \$3 : sim[\$1 \" \" \$2]; next }
				FILENAME == ARGV[2] { cl[\$1] = \$2; next }
				cl[\$4] != \$2 { print \"WITH not in the cluster: \" \$0; bad = 1 }
				sim[\$1 \" \" \$4] != \$3 { print \"not the pair SIM: \" \$0; bad = 1 }
				(\$1 \" \" \$2) in sim && \$4 != \$2 { print \"not the pair with KEPT: \" \$0; bad = 1 }
				END { exit bad }" both-ways clusters removed || return 1
		done
	done
'

test_expect_success 'errors' '
	printf "a\tb\t0.5\n" >pairs &&
	printf "a\nb\n" >ids &&
	expect_error 2 "^dkcluster: --removed needs -a FILE" dkcluster --removed r pairs &&
	expect_error 2 "^dkcluster: --removed with --representatives and --min-size" \
		dkcluster -a ids --representatives --min-size 2 --removed r pairs &&
	expect_error 1 "^dkcluster: nodir/r: No such file or directory" \
		dkcluster -a ids --removed nodir/r pairs &&
	printf "a\tb\n" >nosim &&
	expect_error 2 "^dkcluster: nosim:1: --removed needs a SIM column" \
		dkcluster -a ids --removed r nosim
'

test_expect_success FULL 'a write error on the report is exit 1' '
	expect_error 1 "^dkcluster: /dev/full: No space left on device" \
		dkcluster -a ids --removed /dev/full pairs
'

test_done
