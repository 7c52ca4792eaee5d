#!/bin/sh
test_description='the README demo: SpotSigs workflow on examples/pages (htmlstrip --main)'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)

# At the defaults of examples/dupkit.defaults (0.6, 8 shared signatures)
# the radio station's rewrites (0.50 and 0.57) stay: the defaults were
# chosen to lose no unique document first (README).  At 0.5 every copy goes.
test_expect_success 'the demo at the defaults: the copies above 0.6' '
	sh "$top/examples/demo.sh" "$DK_BIN" >out &&
	grep "^# .* spotmatch -t 0.6 --min-distinct 8 | dkcluster --own-words 3 --word-sim 0.55$" out &&
	grep -v "^#" out >actual &&
	cat >expect <<-\EOF &&
	blog-solar.html	gazette-solar.html	0.736842
	gazette-ferry.html	wire-ferry.html	0.675000
	gazette-museum.html	wire-museum.html	0.806452
	gazette-solar.html	wire-solar.html	0.826087
	blog-solar.html  gazette-solar.html  wire-solar.html
	gazette-ferry.html  wire-ferry.html
	gazette-museum.html  wire-museum.html
	EOF
	test_cmp expect actual &&
	grep "^# pages without a copy: blog-garden.html gazette-bridge.html radio-ferry.html radio-festival.html radio-museum.html wire-weather.html$" out
'

test_expect_success 'the demo at 0.5 finds exactly the three copied stories' '
	sh "$top/examples/demo.sh" "$DK_BIN" 0.5 >out &&
	grep -v "^#" out >actual &&
	cat >expect <<-\EOF &&
	blog-solar.html	gazette-solar.html	0.736842
	blog-solar.html	wire-solar.html	0.596491
	gazette-ferry.html	wire-ferry.html	0.675000
	gazette-museum.html	radio-museum.html	0.566667
	gazette-museum.html	wire-museum.html	0.806452
	gazette-solar.html	wire-solar.html	0.826087
	radio-ferry.html	wire-ferry.html	0.500000
	radio-museum.html	wire-museum.html	0.566667
	blog-solar.html  gazette-solar.html  wire-solar.html
	gazette-ferry.html  radio-ferry.html  wire-ferry.html
	gazette-museum.html  radio-museum.html  wire-museum.html
	EOF
	test_cmp expect actual &&
	grep "^# 13 pages" out &&
	grep "^# pages without a copy: blog-garden.html gazette-bridge.html radio-festival.html wire-weather.html$" out
'

test_expect_success 'pages that share only their site framing never match, even at 0.1' '
	sh "$top/examples/demo.sh" "$DK_BIN" 0.1 >out &&
	grep -v "^#" out | grep "	" | cut -f1,2 >actual &&
	cat >expect <<-\EOF &&
	blog-solar.html	gazette-solar.html
	blog-solar.html	wire-solar.html
	gazette-ferry.html	radio-ferry.html
	gazette-ferry.html	wire-ferry.html
	gazette-museum.html	radio-museum.html
	gazette-museum.html	wire-museum.html
	gazette-solar.html	wire-solar.html
	radio-ferry.html	wire-ferry.html
	radio-museum.html	wire-museum.html
	EOF
	test_cmp expect actual
'

test_done
