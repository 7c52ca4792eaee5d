#!/bin/sh
test_description='every option a program accepts is in its --help and its man page, and every option they name is accepted'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

# -abc (short options written together) as -a, -b, -c: one a line, sorted
split_flags() {
	sed '/^-[A-Za-z0-9][A-Za-z0-9][A-Za-z0-9]*$/ { s/^-//; s/\(.\)/-\1\n/g; s/\n$//; }' | sort -u
}

# accepted P SOURCES: the options of getopt_long's short string, of the
# long option table, and of the common/*.h macros the table lists
# (DK_CLI_LONGOPTS, DK_CLI_IDOPTS, ...)
accepted() {
	_p=$1
	shift
	{
		sed -n 's/.*getopt_long([^"]*"\([^"]*\)".*/\1/p' "$@" | sed 's/://g; s/\(.\)/-\1\n/g'
		sed -n 's/^[	 ]*{ "\([a-z][a-z0-9-]*\)", *[a-z_]*_argument.*/--\1/p' "$@"
		for _m in $(grep -ho "DK_[A-Z_]*OPTS\b" "$@" | sort -u); do
			awk -v m="$_m" '$1 == "#define" && $2 == m { on = 1; next }
				on { if (match($0, /\{ "[a-z][a-z0-9-]*"/))
						print "--" substr($0, RSTART + 3, RLENGTH - 4)
					if ($0 !~ /\\$/) on = 0 }' "$top"/common/*.h
		done
	} | grep . | sort -u
}

# helped P: the options of P --help, in its synopsis (to the first empty
# line) and in the option column of its summary (lines indented at most
# 4, up to two spaces: not the descriptions, which name other programs')
helped() {
	"$1" --help | awk 'NF == 0 { syn = 1; next }
		!syn { print; next }
		/^ ? ? ?-/ { sub(/^ +/, ""); sub(/  .*/, ""); print }' |
	grep -o -e "\(^\|[][ ,|]\)--*[A-Za-z0-9][A-Za-z0-9-]*" |
	sed 's/^[][ ,|]*//' | grep -v "^-[0-9]" | split_flags
}

# paged PAGE SECTION: the options (Fl) of the man page's SYNOPSIS, or of
# its option lists (.It Fl ...) with SECTION "list"
paged() {
	sed 's/\\-/-/g; s/Fl Fl /Fl -/g' "$1" >page
	if test "$2" = list; then
		grep "^\.It Fl" page
	else
		awk '/^\.Sh/ { syn = ($2 == "SYNOPSIS") } syn' page
	fi | grep -o "Fl [^ ]*" | sed 's/^Fl /-/' | split_flags
}

test_expect_success 'the extraction finds the options of a known program' '
	accepted partition "$top/cmd/partition.c" >acc &&
	for o in -t -M -r -v -h --size-ratio --shard --bounds --help --version --max-record --progress --allow-repeated-ids; do
		grep -qx -- "$o" acc || { echo "no $o"; return 1; }
	done &&
	helped partition >help && test_cmp acc help &&
	paged "$top/man/partition.1" list >man && test_cmp acc man &&
	paged "$top/man/partition.1" synopsis >syn && grep -qx -- --bounds syn &&
	printf "%s\n" -c -e -v >expect && echo -cev | split_flags >actual && test_cmp expect actual
'

for p in $progs; do
	test_expect_success "$p: the options accepted are those of --help and of the man page" '
		if test -d "$top/cmd/$p"; then set -- "$top/cmd/$p"/*.c; else set -- "$top/cmd/$p.c"; fi &&
		accepted $p "$@" >acc && test -s acc &&
		helped $p >help &&
		paged "$top/man/$p.1" list >man &&
		paged "$top/man/$p.1" synopsis >syn &&
		{
			comm -23 acc help | sed "s/^/accepted, not in --help: /"
			comm -13 acc help | sed "s/^/in --help, not accepted: /"
			comm -23 acc man | sed "s/^/accepted, not in the man page.s option list: /"
			comm -13 acc man | sed "s/^/in the man page.s option list, not accepted: /"
			comm -13 acc syn | sed "s/^/in the man page.s SYNOPSIS, not accepted: /"
		} >diff &&
		test_must_be_empty diff
	'
done

test_done
