#!/bin/sh
test_description='htmlstrip --main on the shared hand-marked pages'
. "$(dirname "$0")/lib.sh"

# The mean token F1 of --main against the hand-marked main content of the
# 2,749 shared pages (tests/bench/extract_score.py, which extract.sh
# reports per set) stays at least at FLOOR, and above whole-page text.
# The hand-marked text of dragnet holds the readers' comments after a
# marker line, that of the other sets none: extract_score.py scores
# against the texts with them (column 6) and without (column 9), so over
# all sets --main --comments is measured with them and --main (comments
# left out) without them.
FLOOR=0.92

test_expect_success SHARED 'mean F1 of --main on the shared pages' '
	htmlstrip --main "$DK_SHARED"/corpora/pages/*/*.html.gz >main.tsv &&
	htmlstrip --main --comments "$DK_SHARED"/corpora/pages/*/*.html.gz >comments.tsv &&
	htmlstrip "$DK_SHARED"/corpora/pages/*/*.html.gz >whole.tsv &&
	test $(wc -l <main.tsv) = $(ls "$DK_SHARED"/corpora/pages/*/*.html.gz | wc -l) &&
	/usr/bin/python3 "$DK_TESTS/bench/extract_score.py" "$DK_SHARED/corpora/pages" \
		main=main.tsv comments=comments.tsv whole=whole.tsv >score &&
	cat score &&
	awk -v floor=$FLOOR "NF == 9 { f[\$1 \" \" \$2] = \$6; out[\$1 \" \" \$2] = \$9 }
		END { exit !(f[\"comments all\"] >= floor && out[\"main all\"] >= floor &&
		    out[\"main l3s\"] >= floor && out[\"main scrapinghub\"] >= floor &&
		    out[\"main all\"] > out[\"whole all\"] + 0.1) }" score
'

test_done
