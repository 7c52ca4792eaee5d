# Sourced by every command-line test: puts the programs under test first on
# PATH, then loads sharness (Debian package `sharness`).
#
#   DK_BIN     directory of the programs (default: build/bin of this tree)
#   DK_SHARED  the shared material (default: ../shared beside the project);
#              tests that need it check test_have_prereq SHARED
#   DK_SLOW    set by `make valgrind`: tests may shrink their large inputs
DK_TESTS=$(cd "$(dirname "$0")" && pwd)
: "${DK_BIN:=$DK_TESTS/../build/bin}"
: "${DK_SHARED:=$DK_TESTS/../../shared}"
DK_BIN=$(cd "$DK_BIN" && pwd) || { echo "Bail out! no $DK_BIN: run make first"; exit 1; }
PATH="$DK_BIN:$PATH"
export PATH DK_BIN DK_SHARED DK_TESTS
LC_ALL=C.UTF-8
export LC_ALL
SHARNESS_TEST_SRCDIR=$DK_TESTS
SHARNESS_TEST_DIRECTORY=$DK_TESTS
. /usr/share/sharness/sharness.sh

test -d "$DK_SHARED/corpora" && test_set_prereq SHARED

# expect_error STATUS PATTERN CMD...: CMD exits with STATUS (not a signal)
# and its stderr matches the grep pattern.  Standard error is left in `err`.
expect_error() {
	_want=$1 _pat=$2
	shift 2
	"$@" >/dev/null 2>err
	_got=$?
	if test "$_got" != "$_want"; then
		echo >&2 "expect_error: exit $_got, wanted $_want: $*"
		cat >&2 err
		return 1
	fi
	grep -q -e "$_pat" err || {
		echo >&2 "expect_error: stderr does not match '$_pat':"
		cat >&2 err
		return 1
	}
}
