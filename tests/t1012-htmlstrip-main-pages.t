#!/bin/sh
test_description='htmlstrip --main on the shared hand-marked pages'
. "$(dirname "$0")/lib.sh"

# The mean token F1 of --main against the hand-marked main content of the
# 2,749 shared pages (tests/bench/extract_score.py, which extract.sh
# reports per set) stays at least at FLOOR, and above whole-page text.
FLOOR=0.90

test_expect_success SHARED 'mean F1 of --main on the shared pages' '
	htmlstrip --main "$DK_SHARED"/corpora/pages/*/*.html.gz >main.tsv &&
	htmlstrip "$DK_SHARED"/corpora/pages/*/*.html.gz >whole.tsv &&
	test $(wc -l <main.tsv) = $(ls "$DK_SHARED"/corpora/pages/*/*.html.gz | wc -l) &&
	/usr/bin/python3 "$DK_TESTS/bench/extract_score.py" "$DK_SHARED/corpora/pages" \
		main=main.tsv whole=whole.tsv >score &&
	cat score &&
	awk -v floor=$FLOOR "\$2 == \"all\" { f[\$1] = \$6 }
		END { exit !(f[\"main\"] >= floor && f[\"main\"] > f[\"whole\"] + 0.1) }" score
'

test_done
