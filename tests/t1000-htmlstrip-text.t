#!/bin/sh
test_description='htmlstrip: what the text of a page is'
. "$(dirname "$0")/lib.sh"

# check HTML TEXT: the page HTML, as a file, gives TEXT (escaped).
check() {
	printf '%s' "$1" >in.html &&
	htmlstrip in.html >actual &&
	printf 'in.html\t%s\n' "$2" >expect &&
	test_cmp expect actual
}

test_expect_success 'block tags are line breaks, inline tags join' '
	check "<p>foo</p><p>bar</p>hel<b>lo</b> <i>x</i><span>y</span>" "foo\nbar\nhello xy" &&
	check "<div>a<br>b<br/>c</div><ul><li>one<li>two</ul><h1>T</h1>z" "a\nb\nc\none\ntwo\nT\nz" &&
	check "<table><tr><td>1</td><td>2</td></tr></table>after" "1\n2\nafter" &&
	check "<section>s</section><article>a</article>x" "s\na\nx"
'

test_expect_success 'white space collapses, blank lines too, ends trimmed' '
	check "  <p>  a  	 b
	c </p>

	<p></p><p> </p><div><p>d</p></div>  " "a b c\nd" &&
	check "a&nbsp;&nbsp;b&#32;&#10;c" "a b c"
'

test_expect_success 'pre keeps its line breaks' '
	check "<pre>x
y  z</pre>w" "x\ny z\nw"
'

test_expect_success 'script, style, noscript, template, svg, math dropped' '
	check "a<script>x<y</script>b<style>p{}</style>c" "abc" &&
	check "a<noscript><p>n</p></noscript>b<template><b>t</b></template>c" "abc" &&
	check "a<svg><svg><text>s</text></svg><text>t</text></svg>b<math><mi>x</mi></math>c" "abc" &&
	check "a<svg/>b<SVG viewBox=\"0 0 1 1\"><g>x</g></SVG>c" "abc"
'

test_expect_success 'end-tag look-alikes inside scripts' '
	check "a<script>s = \"<\\/script>\"; t = \"</scr\" + \"ipt>\";</script>b" "ab" &&
	check "a<script><!-- document.write(\"<script>x</script>\") --></script>b" "ab" &&
	check "a<script>if (a<b) x();</SCRIPT >b" "ab"
'

test_expect_success 'comments, CDATA, doctype, processing instructions dropped' '
	check "<!DOCTYPE html><?xml version=\"1.0\"?>a<!-- x > y -->b<!---->c<!-->d" "abcd" &&
	check "a<![CDATA[ x > y ]]>b<!-- c --!>d" "abd" &&
	check "text<!-- never closed <p>lost</p>" "text"
'

test_expect_success 'quoted attribute values may hold >' '
	check "<a title=\"x > y\" href='"'"'>'"'"'>link</a> <img alt=\"a>b\">z" "link z" &&
	check "<div data-x=a>b class=\"q\">c</div>" "b class=\"q\">c"
'

test_expect_success 'title left out unless --title' '
	printf "<title>The &amp; title</title><p>body</p>" >in.html &&
	htmlstrip in.html >actual &&
	printf "in.html\tbody\n" >expect &&
	test_cmp expect actual &&
	htmlstrip --title in.html >actual &&
	printf "in.html\tThe & title\\\\nbody\n" >expect &&
	test_cmp expect actual &&
	printf "<title>Cut <p>body</p>" >in.html &&
	htmlstrip --title in.html >actual &&
	printf "in.html\tCut\\\\nbody\n" >expect &&
	test_cmp expect actual &&
	printf "<p>no title</p>" >in.html &&
	htmlstrip --title in.html >actual &&
	printf "in.html\t\\\\nno title\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'named references, with and without semicolon' '
	check "&amp;&lt;&gt;&quot;&eacute;&Eacute;&hellip;&NotNestedGreaterGreater;&fjlig;" "&<>\"éÉ…⪢̸fj" &&
	check "&amp &copy 2 &notit; &notin; &noti &unknown; & x &;" "& © 2 ¬it; ∉ ¬i &unknown; & x &;" &&
	check "&CounterClockwiseContourIntegral;&zwnj;." "∳‌."
'

test_expect_success 'numeric references, invalid ones as U+FFFD' '
	check "&#65;&#x42;&#X43;&#0067 &#128;&#x9F;&#0;&#xD800;&#x110000;&#99999999999;" "ABCC €Ÿ����" &&
	check "&#;&#x;&#xZ" "&#;&#x;&#xZ"
'

test_expect_success 'references in textarea and title, not in script or xmp' '
	check "<textarea>a &lt; b</textarea><xmp>&lt;<b></xmp>" "a < b\n&lt;<b>"
'

test_expect_success 'malformed markup' '
	check "a < b <> c <3 d</>e</ x>f" "a < b <> c <3 def" &&
	check "<p class=\"unterminated>text" "" &&
	check "<div <p>x</div>" "x" &&
	check "<" "<" &&
	check "&" "&"
'

test_expect_success 'NUL bytes and controls' '
	printf "a\000b\001c<p>d</p>" >in.html &&
	htmlstrip in.html >actual &&
	printf "in.html\tab c\\\\nd\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'plaintext runs to the end' '
	check "a<plaintext><p>b</p>" "a\n<p>b</p>"
'

test_done
