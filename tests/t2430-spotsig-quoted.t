#!/bin/sh
test_description='spotsig --quoted skip: quoted mail text (common/quote.h) is
no evidence; a reply is not matched with the message it quotes, two
deliveries of one message still are'
. "$(dirname "$0")/lib.sh"

# The parent's and the reply's own words (no word of one in the other):
# 13 signatures and 3.
parent='The parcel arrived at the depot on a rainy morning and the driver signed the form before the clerk could find the ledger, so the manager wrote a note about the delay and the missing stamp.'
reply='The chair has asked for a draft budget.'

test_expect_success 'a quoted line and its attribution are left out, the rest kept' '
	printf "r\tAnn wrote:\\\\n> the cat sat\\\\n>> the dog ran\\\\nthe bird flew\\\\n" >in &&
	spotsig -a the --quoted skip in >actual &&
	printf "r\tthe:bird:flew=1\n" >expect &&
	test_cmp expect actual &&
	spotsig -a the --quoted keep in >actual &&
	printf "r\tthe:cat:sat=1 the:dog:ran=1 the:bird:flew=1\n" >expect &&
	test_cmp expect actual &&
	spotsig -a the in >actual.default &&
	test_cmp expect actual.default
'

test_expect_success 'a quoted block in the middle: the text on either side kept' '
	printf "m\tthe cat sat\\\\n  > the dog ran\\\\n>\\\\n> > the fox hid\\\\nthe bird flew\\\\n" >in &&
	spotsig -a the --quoted skip in >actual &&
	printf "m\tthe:cat:sat=1 the:bird:flew=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'the attribution: a line ending with colon, at most one blank line before the block' '
	printf "%s\t%s\n" \
		a "the cat said:\\n\\n> the dog ran\\nthe bird flew" \
		b "the cat said:\\n\\n\\n> the dog ran\\nthe bird flew" \
		c "the cat said\\n> the dog ran\\nthe bird flew" \
		d "On Mon, 2 Mar 2025, the cat wrote:  \\r\\n> the dog ran\\r\\nthe bird flew" >in &&
	spotsig -a the --quoted skip in >actual &&
	printf "%s\t%s\n" a the:bird:flew=1 b "the:cat:said=1 the:bird:flew=1" \
		c "the:cat:said=1 the:bird:flew=1" d the:bird:flew=1 >expect &&
	test_cmp expect actual
'

# A mailer wraps a long attribution; its paragraph (the lines since a
# blank or quoted line, or the text's start) goes whole when it has at
# most 3 lines, else only its last line, as a paragraph of prose that
# ends with one would lose more than the attribution.
test_expect_success 'an attribution over two or three lines goes whole, a longer paragraph keeps all but its last line' '
	printf "%s\t%s\n" \
		e "On Tue, 3 Mar 2009, the cat <cat@x.org>\\nwrote:\\n> the dog ran\\nthe bird flew" \
		f "the cat sat\\non the mat and\\nthe fox wrote:\\n\\n> the dog ran\\nthe bird flew" \
		g "the cat sat\\nthe hen ate\\nthe cow lay\\nthe fox wrote:\\n> the dog ran\\nthe bird flew" \
		h "the cat sat\\n\\nthe fox\\nwrote:\\n> the dog ran\\nthe bird flew" \
		i "the cat sat\\n> the dog ran\\nthe hen ate\\nthe fox said:\\n> the owl hid\\nthe bird flew" \
		j "the cat sat\\nthe fox said\\n> the dog ran\\nthe bird flew" \
		k "the cat sat\\nthe fox\\nwrote:\\n\\n\\n> the dog ran\\nthe bird flew" >in &&
	spotsig -a the --quoted skip in >actual &&
	printf "%s\t%s\n" e the:bird:flew=1 f the:bird:flew=1 \
		g "the:cat:sat=1 the:hen:ate=1 the:cow:lay=1 the:bird:flew=1" \
		h "the:cat:sat=1 the:bird:flew=1" i "the:cat:sat=1 the:bird:flew=1" \
		j "the:cat:sat=1 the:fox:said=1 the:bird:flew=1" \
		k "the:cat:sat=1 the:fox:wrote=1 the:bird:flew=1" >expect &&
	test_cmp expect actual &&
	printf "%s\t%s\n" e "On Tue, 3 Mar 2009, the cat <cat@x.org>\\r\\nwrote:\\r\\n> the dog ran\\r\\nthe bird flew\\r\\n" >in &&
	qgram -w 1 --quoted skip in >actual &&
	printf "e\tthe=1 bird=1 flew=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success "a '>' that does not open a quote stays text" '
	printf "%s\t%s\n" \
		shell "\$ the cat > the file\\nthe dog ran" \
		man ">10 the cat sat\\n>::the dog ran" \
		html "&gt; the cat sat\\nthe dog ran" \
		mid "the cat > the dog ran" >in &&
	spotsig -a the --quoted skip in >actual &&
	spotsig -a the --quoted keep in >expect &&
	test_cmp expect actual &&
	printf "%s\t%s\n" shell "the:cat:file=1 the:file:dog=1 the:dog:ran=1" \
		man "the:cat:sat=1 the:dog:ran=1" html "the:cat:sat=1 the:dog:ran=1" \
		mid "the:cat:dog=1 the:dog:ran=1" >expect &&
	test_cmp expect actual
'

test_expect_success "a shell's continuation prompt is quoted text by the rule" '
	printf "ps2\t\$ echo the cat \\\\\\\\\\\\n> the dog ran\\\\nthe bird flew\\\\n" >in &&
	spotsig -a the --quoted skip in >actual &&
	printf "ps2\tthe:cat:bird=1 the:bird:flew=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'text that is all quotation has no signature' '
	printf "q\tAnn wrote:\\\\n> the cat sat\\\\n" >in &&
	spotsig -a the --quoted skip in >actual &&
	printf "q\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--checksum is of the whole text, quotation in' '
	printf "%s\t%s\n" x "the bird flew\\n> the cat sat" y "the bird flew\\n> the dog ran" >in &&
	spotsig -a the --quoted skip --checksum in | cut -f 2 | sort -u >sums &&
	test $(wc -l <sums) = 2
'

# a message, a reply quoting it whole, and the reply delivered again by
# another list (another header line and a footer)
mail() {
	printf "%s\tFrom: Ann\\\\nTo: %s\\\\n\\\\n" "$1" "$2"
	if test -n "$3"; then
		printf "Bob wrote:\\\\n> %s\\\\n\\\\n" "$3"
	fi
	printf "%s\\\\n" "$4"
	if test -n "$5"; then
		printf "%s\\\\n" "$5"
	fi
	printf "\n"
}

test_expect_success 'a reply is not matched with the message it quotes whole; its deliveries are' '
	{
		mail t1.0 devel "" "$parent" "" &&
		mail t1.1 devel "$parent" "$reply" "" &&
		mail t1.1/1 users "$parent" "$reply" "Unsubscribe: write to users-request."
	} >mail.tsv &&
	spotsig --quoted skip mail.tsv | spotmatch -t 0.6 | cut -f 1,2 >actual &&
	printf "t1.1\tt1.1/1\n" >expect &&
	test_cmp expect actual &&
	spotsig --quoted keep mail.tsv | spotmatch -t 0.6 | cut -f 1,2 | sort >actual &&
	printf "t1.0\tt1.1\nt1.0\tt1.1/1\nt1.1\tt1.1/1\n" >expect &&
	test_cmp expect actual
'

# Random texts of lines that are quoted or nearly (">10", "&gt;", ">" in
# the middle, indented, CRLF), attributions (paragraphs of 1 to 5 lines
# ending with a colon) and blank lines, against the rule written again
# apart (quoted lines and their attribution emptied):
# the signatures of the one with --quoted skip are those of the other.
test_expect_success 'random texts: --quoted skip gives the signatures of the text the rule leaves' '
	cat >gen.py <<-\EOF &&
	import random, sys
	import dktsv
	rnd = random.Random(int(sys.argv[1]))
	words = "the a cat dog bird fox sat ran flew hid wrote said on".split()
	heads = [">", "> ", ">> ", "> > ", "  > ", "\t>", ">10 ", ">::", "&gt; ", "x > ", ""]
	tails = ["", ":", " :", ": ", "\r", ":\r"]
	def quoted(l):
	    l = l.lstrip(" \t")
	    return l[:1] == ">" and (len(l) == 1 or l[1] in " \t\r>")
	def blank(l):
	    return l.strip(" \t\r") == ""
	def unquote(text):
	    lines = text.split("\n")
	    out = list(lines)
	    for i, l in enumerate(lines):
	        if not quoted(l):
	            continue
	        out[i] = ""
	        if i > 0 and quoted(lines[i - 1]):
	            continue
	        j = i - 1
	        if j >= 0 and blank(lines[j]):
	            j -= 1
	        if j >= 0 and not quoted(lines[j]) and not blank(lines[j]) \
	                and lines[j].rstrip(" \t\r").endswith(":"):
	            k = j
	            while k > 0 and not quoted(lines[k - 1]) and not blank(lines[k - 1]):
	                k -= 1
	            if j - k + 1 > 3:
	                k = j
	            for m in range(k, i):
	                out[m] = ""
	    return "\n".join(out)
	with open("in.tsv", "w") as a, open("ref.tsv", "w") as b:
	    for d in range(300):
	        lines = []
	        for k in range(rnd.randint(0, 12)):
	            body = " ".join(rnd.choice(words) for _ in range(rnd.randint(0, 6)))
	            lines.append(rnd.choice(heads) + body + rnd.choice(tails))
	        text = "\n".join(lines) + rnd.choice(["", "\n"])
	        a.write("d%d\t%s\n" % (d, dktsv.escape(text)))
	        b.write("d%d\t%s\n" % (d, dktsv.escape(unquote(text))))
	EOF
	for seed in 1 2 3; do
		dk_python gen.py $seed &&
		spotsig -l en -a the,a -m 0 --quoted skip in.tsv >actual &&
		spotsig -l en -a the,a -m 0 ref.tsv >expect &&
		test_cmp expect actual &&
		qgram -w 2 --quoted skip in.tsv >actual &&
		qgram -w 2 ref.tsv >expect &&
		test_cmp expect actual &&
		! test_cmp in.tsv ref.tsv >/dev/null || return 1
	done
'

test_expect_success '--quoted takes keep or skip' '
	expect_error 2 "^spotsig: --quoted is yes: not keep or skip\$" spotsig --quoted yes in &&
	spotsig --help >help &&
	grep "^  --quoted WHAT  keep (the default) or skip quoted mail text: lines\$" help &&
	grep -e "--quoted keep|skip" help
'

test_done
