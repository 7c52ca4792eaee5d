#!/bin/sh
test_description='progress on long runs: -v and --progress report on stderr while a
program works, as plain lines, or on a terminal as one line rewritten in place;
with the share done and the time left when the sizes of the inputs are known'
. "$(dirname "$0")/lib.sh"

# mb FILE...: their size in megabytes as the reports write it, a regular
# expression (the dot escaped).
mb() {
	cat "$@" | wc -c | awk '{ printf "%.1f", $1 / 1e6 }' | sed "s/\./\\\\./"
}
# A report while reading, with the share of a total of $1 MB; the time
# left is there only after a second.
known() {
	echo "^$p: [0-9][0-9,]* records, [0-9]+\.[0-9] MB of $1 MB \([0-9]+%\), [0-9]+\.[0-9] MB/s, [0-9]+\.[0-9] s(, about [0-9]+ (s|min) left)?\$"
}

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

test_expect_success 'setup' '
	dk_inputs
'

# Every report so far, with the interval at 0: one at each chunk read.
for p in $progs; do
	case " $dk_drivers " in *" $p "*) continue ;; esac    # t7400
	test_expect_success "$p: --progress reports while it reads; its output is the same" '
		dk_invocation $p &&
		test -n "$kind" &&
		$p $args <$kind.big >want 2>err.quiet &&
		test_must_be_empty err.quiet &&
		DK_PROGRESS_INTERVAL=0 $p --progress $args <$kind.big >actual 2>err &&
		test_cmp want actual &&
		grep -E "^$p: (([a-z]+: )?[0-9,]+ [a-z]+.*|[a-z]+), [0-9.]+ s(, about [0-9]+ (s|min) left)?\$" err >reports &&
		test_cmp err reports
	'
done

test_expect_success 'a file operand: records, MB of its size (share), MB/s, seconds, time left' '
	p=spotsig &&
	DK_PROGRESS_INTERVAL=0 spotsig --progress docs.big >/dev/null 2>err &&
	test $(wc -l <err) -gt 1 &&
	grep -E "$(known $(mb docs.big))" err >reports &&
	test_cmp err reports &&
	tail -n 1 err | grep -E "records, $(mb docs.big) MB of $(mb docs.big) MB \(100%\), [0-9.]+ MB/s, [0-9.]+ s\$" &&
	tail -n 1 err | sed "s/ records.*//; s/.*: //; s/,//g" >n &&
	test $(cat n) -le $(wc -l <docs.big) &&
	sed "s/.*(//; s/%.*//" err >shares &&
	sort -n -c shares
'

test_expect_success 'on a pipe: records, MB, MB/s and seconds, no share' '
	cat docs.big | DK_PROGRESS_INTERVAL=0 spotsig --progress >/dev/null 2>err &&
	test $(wc -l <err) -gt 1 &&
	grep -E "^spotsig: [0-9][0-9,]* records, [0-9]+\.[0-9] MB, [0-9]+\.[0-9] MB/s, [0-9]+\.[0-9] s\$" err >reports &&
	test_cmp err reports
'

test_expect_success 'standard input from a file: its size is known' '
	p=spotsig &&
	DK_PROGRESS_INTERVAL=0 spotsig --progress <docs.big >/dev/null 2>err &&
	grep -E "$(known $(mb docs.big))" err >reports &&
	test_cmp err reports &&
	tail -n 1 err | grep "(100%)"
'

test_expect_success 'two operands: the share is of the sum of their sizes' '
	p=spotsig &&
	sed "s/^/c-/" docs.big >docs.big2 &&
	DK_PROGRESS_INTERVAL=0 spotsig --progress docs.big - <docs.big2 >/dev/null 2>err &&
	grep -E "$(known $(mb docs.big docs.big2))" err >reports &&
	test_cmp err reports &&
	tail -n 1 err | grep "(100%)" &&
	a=$(wc -c <docs.big) b=$(wc -c <docs.big2) &&
	pct=$((a * 100 / (a + b))) &&
	grep "records, $(mb docs.big) MB of $(mb docs.big docs.big2) MB ($pct%)" err
'

test_expect_success 'an operand of unknown size among them: no share' '
	cat docs.big2 | DK_PROGRESS_INTERVAL=0 spotsig --progress docs.big - >/dev/null 2>err &&
	test $(wc -l <err) -gt 1 &&
	grep -E "^spotsig: [0-9][0-9,]* records, [0-9]+\.[0-9] MB, [0-9]+\.[0-9] MB/s, [0-9]+\.[0-9] s\$" err >reports &&
	test_cmp err reports
'

test_expect_success 'a .warc.gz operand: its compressed bytes, a gzip member at a time' '
	p=htmlstrip &&
	i=0 &&
	while test $i -lt 150; do
		sed -n "$((i % 40 + 1))p" docs.big | cut -f 2 >block &&
		printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>%s %s</p>" $i "$(cat block)" >http &&
		dk_warc_record response http://example.com/$i urn:uuid:$i 2024-01-01T00:00:00Z \
			"application/http; msgtype=response" http >rec &&
		gzip -n <rec >>pages.warc.gz &&
		cat rec >>pages.warc &&
		i=$((i + 1)) || return 1
	done &&
	test "$(mb pages.warc.gz)" != "$(mb pages.warc)" &&
	DK_PROGRESS_INTERVAL=0 htmlstrip --progress pages.warc.gz >out 2>err &&
	test $(wc -l <out) = 150 &&
	test $(wc -l <err) = 150 &&
	grep -E "$(known $(mb pages.warc.gz))" err >reports &&
	test_cmp err reports &&
	tail -n 1 err | grep -E "^htmlstrip: 150 records, $(mb pages.warc.gz) MB of $(mb pages.warc.gz) MB \(100%\)" &&
	sed "s/.*(//; s/%.*//" err >shares &&
	sort -n -c shares
'

test_expect_success 'a plain WARC operand: its records and bytes' '
	p=htmlstrip &&
	DK_PROGRESS_INTERVAL=0 htmlstrip --progress --warc pages.warc >out 2>err &&
	test $(wc -l <err) = 150 &&
	grep -E "$(known $(mb pages.warc))" err >reports &&
	test_cmp err reports &&
	tail -n 1 err | grep -E "^htmlstrip: 150 records, $(mb pages.warc) MB of $(mb pages.warc) MB \(100%\)"
'

test_expect_success 'spotmatch reports its phases, then -v closes with its statistics' '
	DK_PROGRESS_INTERVAL=0 spotmatch -v -j 2 -t 0.5 sigs.big >actual 2>err &&
	spotmatch -j 2 -t 0.5 sigs.big >want &&
	test_cmp want actual &&
	grep "^spotmatch: [0-9,]* records" err &&
	grep "^spotmatch: indexing, " err &&
	grep -E "^spotmatch: matching: [0-9,]+ of [0-9,]+ documents \([0-9]+%\), [0-9,]+ pairs, [0-9.]+ s(, about [0-9]+ (s|min) left)?\$" err &&
	grep "^spotmatch: matching: .* documents (100%), " err &&
	tail -n 1 err | grep "^spotmatch: [0-9]* documents, .* pairs\$"
'

test_expect_success 'LSH keys: the documents whose candidates are verified' '
	minhash sigs.big >keys &&
	DK_PROGRESS_INTERVAL=0 spotmatch --progress -t 0.5 keys >/dev/null 2>err &&
	grep -E "^spotmatch: verifying: [0-9,]+ of [0-9,]+ documents" err
'

test_expect_success 'nothing without -v or --progress, nor in a run shorter than 2 s' '
	DK_PROGRESS_INTERVAL=0 spotsig docs.big >/dev/null 2>err &&
	test_must_be_empty err &&
	spotsig --progress docs.A >/dev/null 2>err &&
	test_must_be_empty err
'

test_expect_success 'on a terminal: one line rewritten in place, cleared before the statistics' '
	DK_PROGRESS_INTERVAL=0 script -qec "spotmatch -v -t 0.5 sigs.big >/dev/null" typescript >/dev/null &&
	printf "\r" >cr &&
	grep -c "$(cat cr)spotmatch: matching" typescript >n &&
	test $(cat n) -ge 1 &&
	printf "\033\\[K" >el &&
	grep -q "$(cat el)" typescript &&
	tr "\r" "\n" <typescript | grep -v -e "^$" -e "^Script " | tail -n 1 >last &&
	grep "^.\[Kspotmatch: [0-9]* documents, " last
'

test_done
