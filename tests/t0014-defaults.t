#!/bin/sh
test_description='examples/dupkit.defaults: the one place the defaults of the
whole job are written, and what dkdedup, its man page and README quote'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
defaults="$top/examples/dupkit.defaults"

test_expect_success 'the file is NAME=value lines and comments, a sh source' '
	grep -v -e "^#" -e "^\$" "$defaults" >lines &&
	test $(wc -l <lines) = 15 &&
	! grep -v "^DK_[A-Z_]*=[^ ]*\$" lines &&
	(. "$defaults" && test -n "$DK_TAU" && test -n "$DK_MIN_SHARED" && test -n "$DK_IDF" && test -n "$DK_AGREE" &&
		test -n "$DK_QUOTED" && test -n "$DK_DENSE" && test -n "$DK_DENSE_WORDS" &&
		test -n "$DK_DENSE_TAU" && test -n "$DK_OWN_WORDS" && test -n "$DK_WORD_SIM" && test -n "$DK_PROSE_CONTAIN" && test -n "$DK_PROSE_CONTAIN_RATIO" &&
		test -n "$DK_LSH_TAU" && test -n "$DK_LSH_IDF" && test -n "$DK_IMATCH_IDF")
'

test_expect_success 'dkdedup --help gives the values of the file' '
	. "$defaults" &&
	dkdedup --help >help 2>&1 &&
	grep "^  -t TAU .*(default $DK_TAU)\$" help &&
	grep "too short to judge (default $DK_MIN_SHARED)\$" help &&
	grep "^                   (default $DK_IDF)\$" help &&
	grep "^                   story copied many times (default $DK_AGREE)\$" help &&
	grep "^                   with .>. (spotsig --quoted; default $DK_QUOTED)\$" help &&
	grep "^                   --dense; 0: never; default $DK_DENSE)\$" help &&
	grep "^                   $DK_DENSE_WORDS)\$" help &&
	grep "^                   0: no such bar; default $DK_DENSE_TAU)\$" help &&
	grep "^                   such rule; default $DK_OWN_WORDS)\$" help &&
	grep "^                   a containment pass; 0: no such bar; default $DK_WORD_SIM\$" help &&
	grep "^                   at -t $DK_TAU, in proportion to -t)\$" help &&
	grep "^                   $DK_PROSE_CONTAIN --contain-ratio $DK_PROSE_CONTAIN_RATIO --keep longest,\$" help
'

test_expect_success 'dkdedup(1) and README quote the same values' '
	. "$defaults" &&
	grep "^The similarity threshold of spotmatch, in (0, 1\] (default $DK_TAU)\.\$" "$top/man/dkdedup.1" &&
	grep "^evidence (spotmatch --min-distinct, spotsig -m; default $DK_MIN_SHARED)\.\$" "$top/man/dkdedup.1" &&
	grep "^The IDF range of spotsig (default $DK_IDF):" "$top/man/dkdedup.1" &&
	grep "^instead (spotsig --dense; 0: never; default $DK_DENSE), under the same IDF cut,\$" "$top/man/dkdedup.1" &&
	grep "^The words of a word chain (spotsig --dense-words; default $DK_DENSE_WORDS)\.\$" "$top/man/dkdedup.1" &&
	grep "^default $DK_DENSE_TAU)\.\$" "$top/man/dkdedup.1" &&
	grep "^agree elsewhere (spotsig --agree; default $DK_AGREE): the mean multiset\$" "$top/man/dkdedup.1" &&
	grep "^default $DK_QUOTED)\.\$" "$top/man/dkdedup.1" &&
	grep "^the rule; 0: no such rule; default $DK_OWN_WORDS)\.\$" "$top/man/dkdedup.1" &&
	grep "^which states the rule; 0: no such bar; default $DK_WORD_SIM at\$" "$top/man/dkdedup.1" &&
	grep "^.Fl -word-sim Ar $DK_WORD_SIM ,\$" "$top/man/dkcluster.1" &&
	grep -F -x ".Dl \\-\\-contain $DK_PROSE_CONTAIN \\-\\-contain\\-ratio $DK_PROSE_CONTAIN_RATIO \\-\\-keep longest" "$top/man/dkdedup.1" &&
	grep -F "spotsig --idf $DK_IDF --agree $DK_AGREE --quoted $DK_QUOTED --dense $DK_DENSE --dense-words $DK_DENSE_WORDS -m $DK_MIN_SHARED docs.tsv | spotmatch -t $DK_TAU --min-distinct $DK_MIN_SHARED --dense-tau $DK_DENSE_TAU >pairs.tsv" "$top/README.md" &&
	grep -F "dkcluster --own-words $DK_OWN_WORDS --word-sim $DK_WORD_SIM -a docs.tsv --representatives pairs.tsv" "$top/README.md" &&
	grep -F "every run of $DK_DENSE_WORDS words" "$top/README.md" &&
	grep -F "also reaches $DK_DENSE_TAU (\`--dense-tau\`," "$top/README.md" &&
	grep -F "Quoted mail text is no evidence (\`--quoted\`, $DK_QUOTED)" "$top/README.md" &&
	grep -F "default $DK_DENSE, 0 is never) a document" "$top/README.md" &&
	grep -F "| collection | old: 0.44, N 1, no IDF cut | new: $DK_TAU, N $DK_MIN_SHARED, $DK_IDF |" "$top/README.md" &&
	grep -F "$DK_TAU), least shared evidence (\`--min-shared\`, $DK_MIN_SHARED) and IDF range (\`--idf\`," "$top/README.md" &&
	grep -F "$DK_IDF) and agreement (\`--agree\`, $DK_AGREE) are written once, in \`examples/dupkit.defaults\`" "$top/README.md"
'

test_expect_success 'corpus.mk and the scripts read the file: they carry no value of their own' '
	grep "^include .*dupkit.defaults\$" "$top/examples/corpus.mk" &&
	grep "^TAU_spotsigs = \$(DK_TAU)\$" "$top/examples/corpus.mk" &&
	grep "^IDF_spotsigs = \$(DK_IDF)\$" "$top/examples/corpus.mk" &&
	grep "^AGREE_spotsigs = \$(DK_AGREE)\$" "$top/examples/corpus.mk" &&
	grep "^QUOTED *?= \$(DK_QUOTED)\$" "$top/examples/corpus.mk" &&
	grep "^SIGPROG_spotsigs = spotsig --checksum --quoted \$(QUOTED) --dense \$(DENSE) " "$top/examples/corpus.mk" &&
	grep "^spotsigs) stage1=\"spotsig --checksum --quoted \$DK_QUOTED --dense \$DK_DENSE --dense-words \$DK_DENSE_WORDS\" ;;\$" "$top/examples/scaleout.sh" &&
	grep "spot=\"spotsig --quoted \$DK_QUOTED --dense \$DK_DENSE --dense-words \$DK_DENSE_WORDS\"" "$top/examples/mapred.sh" &&
	grep "^spotsigs) cmd=\"sort -m -s -k1,1 {} | spotmatch -j \$threads --min-distinct \$DK_MIN_SHARED --dense-tau \$DK_DENSE_TAU\" ;;\$" "$top/examples/scaleout.sh" &&
	grep "spotsigs) set -- --min-distinct \"\$DK_MIN_SHARED\" --dense-tau \"\$DK_DENSE_TAU\" ;;" "$top/examples/mapred.sh" &&
	grep "^SIGPROG_spotsigs = spotsig --checksum --quoted \$(QUOTED) --dense \$(DENSE) --dense-words \$(DENSE_WORDS) " "$top/examples/corpus.mk" &&
	grep "^MATCH_spotsigs = .* | spotmatch -j 1 --min-distinct \$(MIN_SHARED) \$(DENSETAU)\$" "$top/examples/corpus.mk" &&
	grep "^ONE_spotsigs = .* | spotmatch \$(THREADS_FLAG) -t \$(TAU) --min-distinct \$(MIN_SHARED) \$(DENSETAU)\$" "$top/examples/corpus.mk" &&
	grep "^SIGPROG_lsh *= spotsig --quoted \$(QUOTED) " "$top/examples/corpus.mk" &&
	grep "^SIGPROG_ddd *= qgram --quoted \$(QUOTED) " "$top/examples/corpus.mk" &&
	grep "dklexicon -w --quoted \$(QUOTED) " "$top/examples/corpus.mk" &&
	grep "^KEYS_imatch *= imatch -T --quoted \$(QUOTED) " "$top/examples/corpus.mk" &&
	grep "^\*) stage1=\"spotsig --quoted \$DK_QUOTED\" ;;\$" "$top/examples/scaleout.sh" &&
	grep "dklexicon -w --quoted \$DK_QUOTED {}" "$top/examples/scaleout.sh" &&
	grep "imatch) cmd=\"imatch -T --quoted \$DK_QUOTED " "$top/examples/scaleout.sh" &&
	grep "^spot=\"spotsig --quoted \$DK_QUOTED\"\$" "$top/examples/mapred.sh" &&
	grep "dklexicon -w --quoted \"\$DK_QUOTED\"" "$top/examples/mapred.sh" &&
	grep "imatch -T --quoted \"\$DK_QUOTED\"" "$top/examples/mapred.sh" &&
	grep "^spotsig --quoted \"\$DK_QUOTED\" " "$top/examples/demo.sh" &&
	for f in scaleout.sh mapred.sh demo.sh; do
		grep "^\. .*dupkit.defaults\"\$" "$top/examples/$f" || return 1
	done &&
	for f in scaleout.sh mapred.sh; do
		grep "^spotsigs) .*test \"\$agree\" != - || agree=\$DK_AGREE ;;\$" "$top/examples/$f" &&
		grep "^lsh) : \"\${tau:=\$DK_LSH_TAU}\" \"\${idf:=\$DK_LSH_IDF}\" ;;\$" "$top/examples/$f" &&
		grep "^imatch) : \"\${idf:=\$DK_IMATCH_IDF}\" ;;\$" "$top/examples/$f" &&
		grep "^test \"\$own\" != - || own=\$DK_OWN_WORDS\$" "$top/examples/$f" || return 1
	done &&
	grep "^OWN_WORDS *?= \$(DK_OWN_WORDS)\$" "$top/examples/corpus.mk" &&
	grep -F "WORD_SIM    := \$(shell awk -v s=\$(DK_WORD_SIM) -v t=\$(TAU) -v d=\$(DK_TAU) " "$top/examples/corpus.mk" &&
	for f in scaleout.sh mapred.sh; do
		grep -F "	wordsim=\$(awk -v s=\"\$DK_WORD_SIM\" -v t=\"\$tau\" -v d=\"\$DK_TAU\" " "$top/examples/$f" || return 1
	done &&
	grep -F "wordsim=\$(awk -v s=\"\$DK_WORD_SIM\" -v t=\"\$tau\" -v d=\"\$DK_TAU\" " "$top/examples/demo.sh" &&
	grep "^TAU_lsh *= \$(DK_LSH_TAU)\$" "$top/examples/corpus.mk" &&
	grep "^IDF_lsh *= \$(DK_LSH_IDF)\$" "$top/examples/corpus.mk" &&
	grep "^IDF_imatch *= \$(DK_IMATCH_IDF)\$" "$top/examples/corpus.mk" &&
	! grep -n "0\.44\|0\.2:0\.85\|0\.4:0\.75" "$top/examples/corpus.mk" "$top/examples/scaleout.sh" "$top/examples/mapred.sh" &&
	make -s -f "$top/examples/corpus.mk" help >help &&
	. "$defaults" &&
	grep "TAU=$DK_TAU " help &&
	grep "IDF=$DK_IDF " help &&
	grep "MIN_SHARED=$DK_MIN_SHARED " help &&
	grep "AGREE=$DK_AGREE " help &&
	grep "QUOTED=$DK_QUOTED " help &&
	grep "DENSE=$DK_DENSE " help &&
	grep "DENSE_WORDS=$DK_DENSE_WORDS " help &&
	grep "DENSE_TAU=$DK_DENSE_TAU " help &&
	grep "OWN_WORDS=$DK_OWN_WORDS .*; $DK_OWN_WORDS from dupkit.defaults; 0: no such rule)\$" help &&
	grep "WORD_SIM=$DK_WORD_SIM .*; $DK_WORD_SIM at TAU $DK_TAU from dupkit.defaults, in proportion to TAU; 0: no such bar)\$" help &&
	grep "lsh $DK_LSH_TAU from dupkit.defaults" help &&
	grep "lsh $DK_LSH_IDF, imatch $DK_IMATCH_IDF)" help &&
	grep "^DENSE *?= \$(DK_DENSE)\$" "$top/examples/corpus.mk" &&
	grep "^DENSE_WORDS *?= \$(DK_DENSE_WORDS)\$" "$top/examples/corpus.mk" &&
	grep "^DENSE_TAU *?= \$(DK_DENSE_TAU)\$" "$top/examples/corpus.mk" &&
	grep -F -e "--dense \$DK_DENSE" "$top/examples/scaleout.sh" "$top/examples/mapred.sh"
'

test_expect_success 'imatch compiles in the I-Match range of the file' '
	. "$defaults" &&
	imatch --help >help 2>&1 &&
	grep "^  -i LO:HI   normalised IDF range of the lexicon.s terms (default $DK_IMATCH_IDF)\$" help &&
	grep "^(default $DK_IMATCH_IDF, the I-Match setting of the SpotSigs paper)\.\$" "$top/man/imatch.1"
'

test_done
