#!/bin/sh
test_description='hostile content, for every program: empty input, blank lines,
CRLF, IDs of reserved bytes, invalid UTF-8 and NUL, huge tokens and
documents, many exact copies'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

# Under valgrind (DK_SLOW) the large inputs shrink.
if test -n "$DK_SLOW"
then nsig=20000 copies=1000 pairs=200
else nsig=1000000 copies=100000 pairs=2000
fi

# Programs that write one record per document read.
one_per_doc="htmlstrip spotsig qgram"
# Programs that copy the records they keep byte for byte, CR included.
verbatim="keep"
# Programs that read document text, which must be UTF-8.
text_readers="spotsig qgram imatch"
# Programs that write a summary even of nothing.
summary="dklexicon evaluate"

# An ID of every byte the formats reserve or escape elsewhere (but TAB and
# LF, which end it): backslash, CR, %, =, !, space, quotes, a NUL-free
# invalid UTF-8 byte.
id=$(printf 'id \\\\ \\t \r %% = ! " '"'"' < & \377 \303\251 end')

test_expect_success 'setup inputs' '
	dk_inputs &&
	printf "%s\t%s\n" "$id" "$(sed -n 3p docs.A | cut -f 2)" >docs.id &&
	printf "%s\t<p>%s</p>\n" "$id" "$(sed -n 3p docs.A | cut -f 2)" >html.id &&
	printf "%s\t%s\n" "$id" "$(sed -n 3p sigs.A | cut -f 2)" >sigs.id &&
	printf "%s\t%s\n" other "$(sed -n 3p sigs.A | cut -f 2)" >>sigs.id &&
	printf "%s\t%s\t0.500000\n" "$id" "x" >pairs.id &&
	head -n 2 html.big >html.two &&
	for k in html docs sigs pairs; do
		: >$k.empty &&
		printf "\n\n\n" >$k.blank &&
		sed "s/\$/\r/" ${k}.A >$k.crlf || return 1
	done &&
	sed "s/\$/\r/" html.two >html.crlf &&
	cp html.two html.A.stream
'

test_expect_success 'setup hostile text: invalid UTF-8, overlong forms, surrogates, NUL' '
	printf "u1\tthe \300\257 cat \355\240\200 sat \340\200\257 on the \377\376 mat and the \000 dog of the \364\220\200\200 house\n" >docs.utf8 &&
	printf "u2\tthe cat sat on the mat and the dog of the house\n" >>docs.utf8 &&
	printf "u1\t<p>the \300\257 cat \355\240\200 sat \000 on the \377 mat</p>\n" >html.utf8 &&
	printf "u1\t%%C0%%AF=1 %%ED%%A0%%80=2 %%00=1 %%FF%%FE=3 ok=1\n" >sigs.utf8 &&
	printf "u2\t%%C0%%AF=1 %%00=1 ok=1\n" >>sigs.utf8 &&
	printf "u1\tu2\t0.500000\n\300\257\t\355\240\200x\t1.000000\n" >pairs.utf8 &&
	printf "u1\tu2\t0.500000\nv\000\tx\t1.000000\n" >pairs.nul
'

test_expect_success 'setup a 10 MB token and a document of many signatures' '
	awk "BEGIN { s = \"x\"; while (length(s) < 10485760) s = s s;
		print \"big\tthe \" s \" of the cat sat on the mat\";
		print \"small\tthe cat sat on the mat\" }" >docs.token &&
	awk -F "\t" "{ print \$1 \"\t<p>\" \$2 \"</p>\" }" docs.token >html.token &&
	awk "BEGIN { s = \"x\"; while (length(s) < 10485760) s = s s;
		print \"big\t\" s \"=1 a=1\"; print \"small\ta=1\" }" >sigs.token &&
	printf "%s\t%s\t1.000000\n" "$(head -c 10485760 docs.token | cut -c 10-)" b >pairs.token &&
	awk -v n=$nsig "BEGIN {
		printf \"A\t\"; for (i = 0; i < n; i++) printf \"%s%d=1\", i ? \" \" : \"\", i; print \"\";
		printf \"B\t\"; for (i = n - 1; i >= 0; i--) printf \"%d=1%s\", i, i ? \" \" : \"\"; print \"\" }" >sigs.many
'

test_expect_success 'setup exact copies' '
	awk -F "\t" -v n=$copies "NR == 3 { for (i = 0; i < n; i++) print \"c\" i \"\t\" \$2 }" docs.A >docs.copies &&
	awk -F "\t" -v n=$copies "NR == 3 { for (i = 0; i < n; i++) print \"c\" i \"\t<p>\" \$2 \"</p>\" }" docs.A >html.copies &&
	awk -F "\t" -v n=$copies "NR == 3 { for (i = 0; i < n; i++) print \"c\" i \"\t\" \$2 }" sigs.A >sigs.copies &&
	awk -F "\t" -v n=$copies "NR == 3 { for (i = 0; i < n; i++) print \"c\" i \"\t\" \$2 \"\t\" \$3 }" pairs.A >pairs.copies
'

for p in $progs; do
	case " $dk_drivers " in *" $p "*) continue ;; esac
	dk_invocation $p
	test -n "$kind" || continue

	test_expect_success "$p: empty input: status 0, nothing on stderr" '
		$p $args <$kind.empty >out 2>err &&
		test_must_be_empty err &&
		case " $summary " in
		*" $p "*) ;;
		*) test_must_be_empty out ;;
		esac
	'

	test_expect_success "$p: only blank lines: bad input at line 1" '
		expect_error 2 "^$p: stdin:1: expected at least" $p $args <$kind.blank
	'

	test_expect_success "$p: CRLF line ends read as LF" '
		if test $kind = html
		then $p $args <html.two >expect && $p $args <html.crlf >actual
		else $p $args $kind.A >expect && $p $args $kind.crlf >actual
		fi &&
		case " $verbatim " in
		*" $p "*) sed "s/\$/\r/" expect >expect.crlf && test_cmp expect.crlf actual ;;
		*) test_cmp expect actual ;;
		esac
	'

	test_expect_success "$p: an ID of reserved bytes is copied as it is" '
		$p $args <$kind.id >out &&
		if $p $args <$kind.A.stream >normal 2>/dev/null && grep -q "^[^	]*-solar" normal ||
			$p $args $kind.A | grep -q -e "gazette-solar.html"
		then
			ID=$id awk -F "\t" "{ for (i = 1; i <= NF; i++) if (\$i == ENVIRON[\"ID\"]) found = 1 }
				END { exit !found }" out
		fi
	'

	# The programs that read document text refuse invalid UTF-8 in it
	# unless --replace-invalid (t0060 checks the messages and outputs).
	text=
	case " $text_readers " in *" $p "*) text=--replace-invalid ;; esac
	if test -n "$text"; then
		test_expect_success "$p: invalid UTF-8 in the text is bad input, with its place" '
			expect_error 2 "^$p: stdin:1: invalid UTF-8 in the text (byte 0xC0 at column 8)" \
				$p $args <$kind.utf8
		'
	fi

	test_expect_success "$p: invalid UTF-8, overlong forms, surrogates, NUL: no crash, valid UTF-8 out" '
		$p $text $args <$kind.utf8 >out 2>err &&
		test_must_be_empty err &&
		if test $kind != pairs && test $kind != sigs
		then iconv -f UTF-8 -t UTF-8 out >/dev/null
		fi &&
		case " $one_per_doc " in
		*" $p "*) test $(wc -l <out) = $(wc -l <$kind.utf8) ;;
		esac
	'

	if test $kind = pairs; then
		test_expect_success "$p: a NUL byte in a pair ID is bad input, with its place" '
			expect_error 2 "^$p: stdin:2: NUL byte in an ID" $p $args <pairs.nul
		'
	fi

	test_expect_success "$p: a 10 MB token" '
		$p $args <$kind.token >out 2>err &&
		test_must_be_empty err &&
		case " $one_per_doc " in
		*" $p "*) test $(wc -l <out) = 2 ;;
		esac
	'

	if test $kind = sigs; then
		test_expect_success "$p: two documents of $nsig signatures in opposite orders" '
			$p $args <sigs.many | wc -l >lines &&
			test $(cat lines) -gt 0
		'
	fi

	test_expect_success "$p: $copies exact copies of a document, none lost" '
		if test $p = spotmatch
		then head -n $pairs sigs.copies | $p $args >out
		else $p $args <$kind.copies >out
		fi &&
		case " $one_per_doc " in
		*" $p "*) test $(wc -l <out) = $copies && test $(sort -u -t "	" -k 2 out | wc -l) = 1 ;;
		esac
	'
done

test_expect_success 'spotmatch: two documents of many signatures in opposite orders are equal' '
	printf "A\tB\t1.000000\n" >expect &&
	spotmatch -t 0.5 sigs.many >actual &&
	test_cmp expect actual
'

test_expect_success "spotmatch: $pairs exact copies give every pair once, at 1.000000" '
	head -n $pairs sigs.copies | spotmatch -t 0.9 >out &&
	test $(wc -l <out) = $((pairs * (pairs - 1) / 2)) &&
	cut -f 3 out | sort -u >sims && echo 1.000000 >expect && test_cmp expect sims &&
	awk -F "\t" "{ print (\$1 < \$2 ? \$1 \" \" \$2 : \$2 \" \" \$1) }" out | sort | uniq -d >dups &&
	test_must_be_empty dups
'

test_expect_success "dklexicon: $copies copies count $copies documents for each signature" '
	dklexicon sigs.copies >lex.copies &&
	head -n 1 lex.copies >first && printf "!N\t$copies\n" >expect && test_cmp expect first &&
	grep -v "^!" lex.copies | cut -f 2 | sort -u >dfs && echo $copies >expect && test_cmp expect dfs
'

test_done
