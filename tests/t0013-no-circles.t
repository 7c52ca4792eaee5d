#!/bin/sh
test_description='no circle of object files inside a program or common/ (nm)

Each program built from a folder cmd/NAME/ leaves its objects in
BUILD/obj/NAME/, common/ its own in BUILD/common/.  File A uses file B when
A has an undefined symbol that B defines.  Inside each program, and inside
common/, no file may use itself through others (no circle, of any length);
no common/ object may use a symbol a program defines.'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
case ${DK_BUILD:=build} in
/*) build=$DK_BUILD ;;
*) build=$top/$DK_BUILD ;;
esac

# Circles known and left to a change under way (issue 31: keep's input is
# being rewritten onto common/corpus); make the case a test_expect_success
# once it is gone.
known="keep"

# syms DIR: "OBJECT D SYMBOL" and "OBJECT U SYMBOL" for each global symbol
# each object of DIR defines or uses.
syms() {
	for o in "$1"/*.o; do
		nm -g "$o" | awk -v o="${o##*/}" '
			NF == 2 && $1 == "U" { print o, "U", $2 }
			NF == 3 && $2 != "U" { print o, "D", $3 }'
	done
}

# circles: from syms' lines, each circle as "A -> B (sym...) -> ...":
# every pair of files reaching each other, with the symbols of the direct
# uses among them.  Nothing when there is none.
circles() {
	awk '
	$2 == "D" { def[$3] = $1; next }
	{ use[++n] = $1; sym[n] = $3 }
	END {
		for (i = 1; i <= n; i++) {
			b = def[sym[i]]
			if (b == "" || b == use[i]) continue
			if (!((use[i], b) in edge)) { edge[use[i], b] = sym[i]; node[use[i]]; node[b] }
			else edge[use[i], b] = edge[use[i], b] " " sym[i]
		}
		for (k in node) reach[k, k] = 0
		for (e in edge) reach[e] = 1
		for (k in node) for (a in node) if ((a, k) in reach && reach[a, k])
			for (b in node) if ((k, b) in reach && reach[k, b]) reach[a, b] = 1
		for (a in node) for (b in node)
			if (a < b && reach[a, b] && reach[b, a]) {
				line = a " <-> " b
				if ((a, b) in edge) line = line " (" a " uses " edge[a, b] ")"
				if ((b, a) in edge) line = line " (" b " uses " edge[b, a] ")"
				print line
			}
	}' | sort
}

test_expect_success 'the programs left their objects in the build' '
	test -d "$build/obj" &&
	ls "$build"/common/*.o >/dev/null
'

for dir in "$build"/obj/*/ "$build"/common/; do
	dir=${dir%/}
	name=${dir##*/}
	test "$name" = common || name=cmd/$name
	case " $known " in
	*" ${name#cmd/} "*) expect=test_expect_failure ;;
	*) expect=test_expect_success ;;
	esac
	$expect "$name: no circle of files" '
		syms "$dir" >syms &&
		test -s syms &&
		circles <syms >circles &&
		test_must_be_empty circles
	'
done

test_expect_success 'the check finds a circle of three files' '
	cat >syms <<-\EOF &&
	a.o D fa
	a.o U fb
	b.o D fb
	b.o U fc
	c.o D fc
	c.o U fa
	d.o D fd
	d.o U fa
	EOF
	circles <syms >circles &&
	cat >expect <<-\EOF &&
	a.o <-> b.o (a.o uses fb)
	a.o <-> c.o (c.o uses fa)
	b.o <-> c.o (b.o uses fc)
	EOF
	test_cmp expect circles
'

test_expect_success 'common/ uses no symbol a program defines' '
	for o in "$build"/obj/*.o "$build"/obj/*/*.o; do
		nm -g --defined-only "$o" | awk "{ print \$3 }"
	done | sort -u >progdefs &&
	for o in "$build"/common/*.o; do
		nm -g --undefined-only "$o" | awk -v o="${o##*/}" "{ print \$2, o }"
	done | sort >commonuses &&
	test -s progdefs && test -s commonuses &&
	join progdefs commonuses >bad &&
	test_must_be_empty bad
'

test_done
