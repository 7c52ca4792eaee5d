#!/bin/sh
test_description='the README demo: SpotSigs workflow on examples/pages'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)

test_expect_success 'the demo finds exactly the three copied stories' '
	sh "$top/examples/demo.sh" "$DK_BIN" >out &&
	grep -v "^#" out >actual &&
	cat >expect <<-\EOF &&
	blog-solar.html	gazette-solar.html	0.656250
	blog-solar.html	wire-solar.html	0.539683
	gazette-museum.html	wire-museum.html	0.585366
	gazette-solar.html	wire-solar.html	0.690909
	EOF
	test_cmp expect actual
'

test_expect_success 'pages that share only their site framing never match, even at 0.1' '
	sh "$top/examples/demo.sh" "$DK_BIN" 0.1 >out &&
	grep -v "^#" out | cut -f1,2 >actual &&
	cat >expect <<-\EOF &&
	blog-solar.html	gazette-solar.html
	blog-solar.html	wire-solar.html
	gazette-museum.html	wire-museum.html
	gazette-solar.html	wire-solar.html
	EOF
	test_cmp expect actual
'

test_done
