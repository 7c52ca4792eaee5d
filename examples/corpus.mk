# A corpus of shards deduplicated by make: every stage of a dupkit workflow
# is a file target, so that
#
#   make -f examples/corpus.mk IN=crawl/ FORMAT=warc -j 8
#
# uses 8 cores, an interrupted run resumes where it stopped (only missing or
# out-of-date files are made again), a changed option or threshold remakes
# exactly the files that depend on it, and a failed stage leaves nothing
# half-written behind (each file is written under a temporary name and
# renamed when complete).  `make -f examples/corpus.mk help` lists the
# variables.  The same targets run on a Slurm cluster with srun as the
# recipe launcher (LAUNCH=examples/srun-sh; see dupkit-scale(7)).
#
# Stages, under OUT:
#   sigs/S.sigs    signatures of each shard S (spotsig, or qgram for DDD),
#                  from its text: a TSV or JSON Lines shard is read as it
#                  is (--json), a WARC shard through htmlstrip --warc
#   text/S.tsv     the text of a WARC shard S, when it is read twice: by
#                  I-Match, and by dkcluster with OWN_WORDS or PROSE=1
#                  (then the signatures are made from it)
#   ids            every document ID, in shard order
#   lex/S.lex      I-Match: the word counts of S, merged into all.lex;
#   all.lex        the others count every shard's signatures in one pass
#                  (with AGREE, the signatures --agree keeps marked !agree)
#   idf.lex        of all.lex, only what the IDF filter of the keys needs
#   keys/S.keys    the keyed stream of S (partition, minhash, imatch)
#   shuffle/S.*    the keyed records of S cut into KEYS key ranges
#   match/J.pairs  the pairs of key range J (spotmatch)
#   ckeys/S.keys   spotsigs: the containment pass, as keys/, shuffle/,
#   cshuffle/S.*   ranges.tsv and match/ are the first pass (cranges.tsv;
#   cmatch/J.pairs partition -M containment --size-ratio, spotmatch -M
#                  containment --size-ratio): with PROSE=1 its pairs are
#                  added to pairs.tsv; without it they are only listed,
#                  in contained.tsv (CONTAINED, below)
#   short/S.tsv    SpotSigs: the documents of S too short to judge, with
#   short.pairs    the SHA-1 of their text; their exact copies as pairs
#   pairs.tsv      every pair once; clusters.tsv; keep.txt (the keep list)
#   apart.tsv      with own words or the bar of words: the pairs of
#                  pairs.tsv they set apart (dkcluster --apart)
#   left.pairs     spotsigs without PROSE=1: the containment pass's pairs
#   contained.tsv  of two documents kept that the job did not set apart,
#                  and of those the ones own words does not set apart
#   dedup/S        S with only its kept records, in its own format
#   summary        the counts, printed when made
#   opt/STAGE      the options each stage ran with
# With one key range (KEYS=1, the default) nothing is shuffled: one
# spotmatch reads every shard (for SpotSigs, with the IDF filter of the
# single pipeline before it, so no all.lex or keys either).
# The pairs, clusters and keep list are those of one machine's pipeline,
# whatever -j, the number of key ranges or the launcher.  For SpotSigs
# that is dkdedup's filter and matching (DK_IDF with DK_AGREE, DK_TAU,
# DK_MIN_SHARED, word chains by DK_DENSE and DK_DENSE_WORDS held to
# DK_DENSE_TAU) and its exact copies of documents too short to judge
# (short/, below); dkdedup reads WARC through htmlstrip --main
# (HTMLSTRIP_FLAGS=--main here).  With PROSE=1 (spotsigs only) they are
# those of dkdedup --prose: a second pass by containment, at
# DK_PROSE_CONTAIN with the sizes of a pair at DK_PROSE_CONTAIN_RATIO or
# more (PROSE_CONTAIN, PROSE_RATIO), sharded like the first by length
# partitions at that ratio, its pairs that the first lacks added to the
# first's, and the longest text of each cluster kept (dkcluster --keep
# longest over the text of every shard).
# OWN_WORDS (DK_OWN_WORDS, as dkdedup --own-words) is for the workflows
# that cluster their pairs, spotsigs, lsh and imatch: a pair whose
# documents each name their own subject in the same place of one template
# is no copy (dkcluster --own-words OWN_WORDS), which dkcluster tells from
# the text of every shard, read as -a (with --json for JSON Lines; a WARC
# shard's text kept in text/).  OWN_WORDS=0 turns it off, and then the
# clusters are made from OUT/ids, without the text.  DDD keeps the
# documents no earlier one matched, by time, not by cluster: it has no
# such rule, and its clusters.tsv is made from the IDs whatever OWN_WORDS.
# WORD_SIM (DK_WORD_SIM at DK_TAU, in proportion to TAU, as dkdedup
# --word-sim) goes with own words in spotsigs without PROSE=1: a pair
# whose documents' sets of words have a Jaccard similarity below it is no
# copy (dkcluster --word-sim, from the text as above; two files that
# share a licence text and list different files).  WORD_SIM=0 turns it
# off, and so does OWN_WORDS=0.
# CONTAINED=1 (the default; 0: not) is dkdedup's OUT.contained, for
# spotsigs without PROSE=1: the copies the job left, which containment
# finds (cut copies, or pages of one template), for the user to look at
# before choosing PROSE=1.  The containment pass of PROSE=1 runs over the
# signatures of every document, and its pairs of two documents kept, but
# for those the job set apart (apart.tsv) and those own words sets apart,
# are contained.tsv, ID1 TAB ID2 TAB SIM as dkdedup lists them; the
# summary counts them.  Whether a pair is found depends on its two
# documents alone, so this is the pass dkdedup runs on the documents kept.
#
# A stage that skips a record by the policy of dupkit-formats(5) (longer
# than --max-record, or in a WARC shard a response given as HTML that is
# not a page) is no failure, as in dkdedup: its programs run with DK_STAGE
# set, so one that skipped records and did the rest ends with status 3,
# which its recipe takes as done.  The program names the record, the
# recipe says
#   corpus.mk: shard IN/S: FILE: made without the records skipped above
# and leaves FILE.skipped beside FILE, and the job goes on to the end: the
# deduplicated shards are those of the corpus without the record.  Then
# the summary is printed, the files made without records are listed, and
#   corpus.mk: OUT: written without the records skipped by the stages above
# ends the run with a failed target, so make's status is 2 (make has no
# other) although every file is written; OUT/summary is not kept, so each
# later run says it again (and make -q is false) until those files are
# made without a skip: raise the limit in the stage's FLAGS (e.g.
# SPOTSIG_FLAGS='--max-record 256M', and KEEP_FLAGS the same, and
# CLUSTER_FLAGS when dkcluster reads the text) or take the record out of
# the shard.  Any other status of a stage's program, or a
# signal, fails its recipe as before, whatever the other programs of its
# pipeline did.  Only the default goal ends with the summary and this
# check: with the goals pairs or keeplist (whose make -q must stay true
# when nothing is to be done) each stage that skipped says so when it runs
# and leaves its FILE.skipped, and the run succeeds.
#
# Like any make, this one cannot handle file names with spaces or colons.

IN       ?=
FORMAT   ?= tsv
# dupkit.defaults (beside this file, installed with it): DK_TAU,
# DK_MIN_SHARED, DK_IDF and DK_AGREE of the SpotSigs workflow, DK_LSH_TAU,
# DK_LSH_IDF and DK_IMATCH_IDF of the others, DK_OWN_WORDS of every one
# that clusters, written once
include $(dir $(lastword $(MAKEFILE_LIST)))dupkit.defaults

WORKFLOW ?= spotsigs
OUT      ?= out
BIN      ?=
KEYS     ?= 1
TAU      ?= $(TAU_$(WORKFLOW))
IDF      ?= $(IDF_$(WORKFLOW))
AGREE    ?= $(AGREE_$(WORKFLOW))

TAU_spotsigs = $(DK_TAU)
TAU_lsh      = $(DK_LSH_TAU)
TAU_imatch   =
TAU_ddd      = 0.8
IDF_spotsigs = $(DK_IDF)
MIN_SHARED  ?= $(DK_MIN_SHARED)
QUOTED      ?= $(DK_QUOTED)
DENSE       ?= $(DK_DENSE)
DENSE_WORDS ?= $(DK_DENSE_WORDS)
DENSE_TAU   ?= $(DK_DENSE_TAU)
OWN_WORDS   ?= $(DK_OWN_WORDS)
# the bar of words: DK_WORD_SIM at DK_TAU, in proportion to TAU (made
# now, as $(shell) runs through LAUNCH once SHELL is that, below)
ifeq ($(origin WORD_SIM),undefined)
WORD_SIM    := $(shell awk -v s=$(DK_WORD_SIM) -v t=$(TAU) -v d=$(DK_TAU) 'BEGIN { printf "%g", int(s * t / d * 1000 + 0.5) / 1000 }')
endif
PROSE         ?=
PROSE_CONTAIN ?= $(DK_PROSE_CONTAIN)
PROSE_RATIO   ?= $(DK_PROSE_CONTAIN_RATIO)
CONTAINED     ?= 1
IDF_lsh      = $(DK_LSH_IDF)
IDF_imatch   = $(DK_IMATCH_IDF)
IDF_ddd      =
AGREE_spotsigs = $(DK_AGREE)

HTMLSTRIP_FLAGS ?=
JSON_ID         ?= id
JSON_TEXT       ?= text
SPOTSIG_FLAGS   ?=
QGRAM_FLAGS     ?= -q 4
MINHASH_FLAGS   ?= -t $(TAU)
IMATCH_K        ?= 0
WINDOW          ?= 24h
TIME_COLUMN     ?= 2
CLUSTER_FLAGS   ?=
KEEP_FLAGS      ?=
# spotmatch's threads with one key range (default: one per CPU)
THREADS         ?=
# a program that runs each recipe as `LAUNCH -eu -o pipefail -c RECIPE`
# (as make runs its SHELL), e.g. examples/srun-sh for Slurm
LAUNCH          ?=

# the shards: the files of IN whose names end in a SUFFIX of the format
SUFFIX   ?= $(SUFFIX_$(FORMAT))
SUFFIX_tsv   = .tsv
SUFFIX_jsonl = .jsonl
SUFFIX_warc  = .warc .warc.gz
SHARDS := $(sort $(foreach s,$(SUFFIX),$(wildcard $(IN)/*$(s))))
NAMES  := $(notdir $(SHARDS))
RANGES := $(shell seq $(KEYS) 2>/dev/null)
# one key range: nothing to shuffle
ONE    := $(filter 1,$(KEYS))

ifneq ($(BIN),)
export PATH := $(abspath $(BIN)):$(PATH)
endif
export LC_ALL := C
SHELL := /bin/bash
.DEFAULT_GOAL := all
.SHELLFLAGS := -eu -o pipefail -c
.DELETE_ON_ERROR:
.SUFFIXES:

# $(call nondigit,WORD): WORD without its digits, empty when it is a number
nondigit = $(strip $(subst 0,,$(subst 1,,$(subst 2,,$(subst 3,,$(subst 4,,$(subst 5,,$(subst 6,,$(subst 7,,$(subst 8,,$(subst 9,,$(1))))))))))))
# own words of the cluster step: OWN_WORDS unless 0, of the workflows
# that cluster (not DDD); with them, or PROSE=1, dkcluster reads the text
OWN    = $(if $(filter ddd,$(WORKFLOW)),,$(filter-out 0,$(OWN_WORDS)))
# the bar of words: WORD_SIM unless 0, with own words, of spotsigs
# without PROSE (a pair by containment shares few of its original's words)
WSIM   = $(if $(OWN),$(if $(filter spotsigs,$(WORKFLOW)),$(if $(PROSE),,$(filter-out 0,$(WORD_SIM)))))
TEXTCL = $(or $(PROSE),$(OWN),$(WSIM))
# the pairs own words or the bar of words set apart (apart.tsv), written
# by the cluster step whenever it has either
APART  = $(or $(OWN),$(WSIM))
# CONTAINED: the copies left, listed (spotsigs without PROSE=1)
LEFT   = $(if $(filter spotsigs,$(WORKFLOW)),$(if $(PROSE),,$(filter 1,$(CONTAINED))))
# the containment pass: its pairs added (PROSE=1) or listed (LEFT)
CPASS  = $(or $(PROSE),$(LEFT))

# ---- checks, before anything runs ----
ifeq ($(filter help clean,$(MAKECMDGOALS)),)
ifeq ($(IN),)
$(error corpus.mk: give IN=DIR, the directory of the input shards (make -f corpus.mk help))
endif
ifneq ($(words $(IN)),1)
$(error corpus.mk: IN=$(IN): want one directory, the one holding the shards)
endif
ifeq ($(wildcard $(IN)/.),)
$(error corpus.mk: IN=$(IN): not a directory (IN=DIR: the shards are DIR/*$(firstword $(SUFFIX)) ...))
endif
ifeq ($(SHARDS),)
$(error corpus.mk: IN=$(IN): no shards there (files named $(SUFFIX:%=*%)))
endif
ifeq ($(filter $(FORMAT),tsv jsonl warc),)
$(error corpus.mk: FORMAT=$(FORMAT): want tsv, jsonl or warc)
endif
ifeq ($(filter $(WORKFLOW),spotsigs lsh imatch ddd),)
$(error corpus.mk: WORKFLOW=$(WORKFLOW): want spotsigs, lsh, imatch or ddd)
endif
ifeq ($(RANGES),)
$(error corpus.mk: KEYS=$(KEYS): want a whole number of key ranges, 1 or more)
endif
ifneq ($(words $(OWN_WORDS))$(call nondigit,$(OWN_WORDS)),1)
$(error corpus.mk: OWN_WORDS=$(OWN_WORDS): want a whole number (0: no such rule))
endif
ifneq ($(filter-out 1,$(PROSE)),)
$(error corpus.mk: PROSE=$(PROSE): want 1 or nothing)
endif
ifneq ($(words $(CONTAINED))$(filter 0 1,$(CONTAINED)),1$(CONTAINED))
$(error corpus.mk: CONTAINED=$(CONTAINED): want 1 or 0)
endif
ifneq ($(PROSE),)
ifneq ($(WORKFLOW),spotsigs)
$(error corpus.mk: PROSE=1 is for WORKFLOW=spotsigs (dkdedup --prose))
endif
endif
endif

# ---- options as files ----
# Each stage depends on a file under OUT/opt that holds the options its
# command lines use in this workflow (V_NAME below, and nothing else), so a
# changed value remakes exactly the stages that use it and those after.
# Reading this makefile writes nothing: an option file whose value differs
# from V_NAME, or that is missing, depends on FORCE, and its recipe rewrites
# it.  So `make -n` lists what a change would remake, `make -q` is false
# until it is made, and neither changes a file.
V_shards  = $(NAMES)
V_text    = format=$(FORMAT) $(TEXTOPT_$(FORMAT))
V_sigs    = $(SIGOPT_$(WORKFLOW))
V_lex     = $(if $(filter imatch,$(WORKFLOW)),words quoted=$(QUOTED),signatures $(AGREELEX))
V_idf     = idf=$(IDF)
V_keys    = $(WORKFLOW) idf=$(IDF) $(KEYOPT_$(WORKFLOW))
V_shuffle = $(WORKFLOW) keys=$(KEYS)
V_match   = $(WORKFLOW) keys=$(KEYS) $(MATCHOPT_$(WORKFLOW))
V_pairs   = $(WORKFLOW) $(PAIROPT_$(WORKFLOW)) $(if $(PROSE),prose)
V_short   = idf=$(IDF) min=$(MIN_SHARED)
V_contain = keys=$(KEYS) idf=$(IDF) min=$(MIN_SHARED) contain=$(PROSE_CONTAIN) ratio=$(PROSE_RATIO) dense_tau=$(DENSE_TAU)
V_cluster = $(CLUSTER_FLAGS) $(if $(PROSE),keep=longest) $(if $(OWN),own=$(OWN)) $(if $(WSIM),wordsim=$(WSIM))
V_left    = $(if $(LEFT),own=$(OWN) $(CLUSTER_FLAGS),none)
V_dedup   = format=$(FORMAT) $(if $(filter jsonl,$(FORMAT)),id=$(JSON_ID)) keep=$(KEEP_FLAGS)
TEXTOPT_warc    = htmlstrip=$(HTMLSTRIP_FLAGS)
TEXTOPT_jsonl   = id=$(JSON_ID) text=$(JSON_TEXT)
SIGOPT_spotsigs = spotsig=--checksum quoted=$(QUOTED) --dense $(DENSE) --dense-words $(DENSE_WORDS) $(SPOTSIG_FLAGS)
SIGOPT_lsh      = spotsig=$(SPOTSIG_FLAGS) quoted=$(QUOTED)
SIGOPT_ddd      = qgram=$(QGRAM_FLAGS) quoted=$(QUOTED)
KEYOPT_spotsigs = tau=$(TAU)
KEYOPT_lsh      = minhash=$(MINHASH_FLAGS)
KEYOPT_imatch   = k=$(IMATCH_K) quoted=$(QUOTED)
MATCHOPT_spotsigs = min=$(MIN_SHARED) dense_tau=$(DENSE_TAU) $(if $(ONE),idf=$(IDF) agree=$(AGREE) tau=$(TAU))
MATCHOPT_lsh    = tau=$(TAU)
PAIROPT_imatch  = tau=$(TAU) k=$(IMATCH_K)
PAIROPT_ddd     = tau=$(TAU) window=$(WINDOW) time=$(TIME_COLUMN)
OPTS = shards text sigs lex idf keys shuffle match short contain pairs cluster left dedup
# --agree of the IDF filter (all.lex, below), in the options above, which
# are expanded as the rules are read
AGREELEX = $(if $(AGREE),--lexicon --idf $(IDF) --agree $(AGREE))
AGREEOPT = $(if $(AGREE),--agree $(AGREE))
# the bar of pairs with a document of word chains (spotmatch --dense-tau)
DENSETAU = $(if $(DENSE_TAU),--dense-tau $(DENSE_TAU))

# $(call same,A,B): non-empty when A and B are the same string
same = $(if $(subst x$(1),,x$(2))$(subst x$(2),,x$(1)),,y)
# the value an option file holds now (make 4.2 fails on a missing file;
# 4.3 leaves the newline of a file of over 200 bytes)
stored = $(strip $(if $(wildcard $(OUT)/opt/$(1)),$(file <$(OUT)/opt/$(1))))
quote = '$(subst ','\'',$(1))'
define OPTRULE
O_$(1) := $$(OUT)/opt/$(1)
$$(OUT)/opt/$(1): $$(if $$(call same,$$(strip $$(V_$(1))),$$(call stored,$(1))),,FORCE) | $$(OUT)/opt
	@printf '%s\n' $$(call quote,$$(strip $$(V_$(1)))) >$$@.tmp && mv -f $$@.tmp $$@
endef
$(foreach o,$(OPTS),$(eval $(call OPTRULE,$(o))))
# bookkeeping runs here, also under LAUNCH
$(OUT)/opt/%: private SHELL := /bin/bash
FORCE:

# $(call atomic,COMMAND[,SHARD[,FILE]]): COMMAND's output into $@.tmp, renamed
# to $@ when complete; removed when COMMAND fails or the run is interrupted
# (HUP, INT, TERM).  COMMAND may write a second file, FILE.tmp, which is
# renamed to FILE just before $@ (so FILE is never older than $@), and
# removed with $@.tmp.  Only a KILL leaves a $@.tmp behind, which nothing reads
# and the next run writes afresh: as a new file, since the commands of a
# killed recipe may still be writing to the old one.  A failure of a
# shard's stage names the shard, whatever the program said.
# COMMAND is one pipeline; its programs run with DK_STAGE set (below), so
# one that skipped records and did the rest ends with status 3: when that
# is all that went wrong, $@ is renamed all the same, and $@.skipped,
# written first, names it for the summary (and is removed when $@ is made
# again); any other status is a failure, the last one's the recipe's.
atomic = trap 'rm -f $@.tmp $(3:%=%.tmp); exit 1' HUP INT TERM; rm -f $@.tmp $@.skipped $(3:%=%.tmp); st=0; \
	{ $(1); } >$@.tmp || for p in "$${PIPESTATUS[@]}"; do \
	    case $$p in 0) ;; 3) test $$st != 0 || st=3 ;; *) st=$$p ;; esac; \
	done; \
	case $$st in \
	0) ;; \
	3) printf '%s\n%s\n' '$(2)' "$(call SKIPNAME,$(2)) made without records its stage skipped" >$@.skipped; \
	   echo >&2 "corpus.mk: $(call SKIPNAME,$(2)) made without the records skipped above" ;; \
	*) rm -f $@.tmp $(3:%=%.tmp); $(if $(2),echo >&2 "corpus.mk: shard $(IN)/$(2): $@ failed (status $$st)";) exit $$st ;; \
	esac; $(if $(3),mv -f $(3).tmp $(3);) mv -f $@.tmp $@
SKIPNAME = $(if $(1),shard $(IN)/$(1): )$@:
export DK_STAGE := 1

# The files whose FILE.skipped the summary reads: of the whole corpus by
# name, of each shard by directory (a command line naming every shard's
# files would be too long), each marker holding its shard's name (none for
# the whole corpus's) and its message.  A marker of a shard no longer in
# IN, or of a directory this workflow does not make, is left alone.
SKIPFILES = $(addprefix $(OUT)/,ids pairs.tsv clusters.tsv keep.txt \
	$(if $(filter ddd,$(WORKFLOW)),,all.lex $(MATCHES:$(OUT)/%=%)) \
	$(CMATCHES:$(OUT)/%=%) $(if $(LEFT),contained.tsv) \
	$(if $(filter spotsigs lsh,$(WORKFLOW)),idf.lex) \
	$(if $(SPOT),short.pairs $(if $(ONE),,ranges.tsv)))
SKIPDIRS = $(addprefix $(OUT)/,dedup $(if $(IMATCH),lex,sigs) \
	$(if $(TEXTKEPT),text) \
	$(if $(filter ddd,$(WORKFLOW))$(and $(SPOT),$(ONE)),,keys) $(if $(SPOT),short) \
	$(if $(and $(CPASS),$(if $(ONE),,y)),ckeys))
# each marker of this job, as its message
SKIPS = shards=" $$(cat $(O_shards)) "; \
	for m in $(SKIPFILES:%=%.skipped) $(SKIPDIRS:%=%/*.skipped); do \
	    test -f "$$m" || continue; \
	    { read -r s && read -r msg; } <"$$m" || continue; \
	    case $$s in '') ;; *) case $$shards in *" $$s "*) ;; *) continue ;; esac ;; esac; \
	    echo "corpus.mk: $$msg"; \
	done
# the end of the summary's recipe: with such markers, they are listed, the
# summary removed and the recipe fails
SKIPEND = { $(SKIPS); } >$@.skips && \
	if test -s $@.skips; then \
	    rm -f $@; cat $@.skips >&2; rm -f $@.skips; \
	    echo >&2 "corpus.mk: $(OUT): written without the records skipped by the stages above"; exit 1; \
	fi; rm -f $@.skips

# I-Match reads the text of a shard twice (words counted, then
# fingerprinted), and so does a workflow whose dkcluster reads it (own
# words, PROSE=1), so a WARC shard is converted to a file once (TEXTKEPT);
# a TSV or JSON Lines shard is its own text, read by the programs
# (JSONOPT).  DDD, and the others with OWN_WORDS=0, read it once, piped.
TEXTOF  = $(if $(filter warc,$(FORMAT)),$(OUT)/text/$(1).tsv,$(IN)/$(1))
TEXTKEPT = $(and $(filter warc,$(FORMAT)),$(or $(IMATCH),$(TEXTCL)))
TEXT    = $(foreach n,$(NAMES),$(call TEXTOF,$(n)))
SIGS    = $(NAMES:%=$(OUT)/sigs/%.sigs)
LEXES   = $(NAMES:%=$(OUT)/lex/%.lex)
KEYED   = $(NAMES:%=$(OUT)/keys/%.keys)
SHUFFLE = $(NAMES:%=$(OUT)/shuffle/%.done)
MATCHES = $(RANGES:%=$(OUT)/match/%.pairs)
SHORT   = $(NAMES:%=$(OUT)/short/%.tsv)
CKEYED  = $(if $(CPASS),$(NAMES:%=$(OUT)/ckeys/%.keys))
CSHUFFLE = $(if $(CPASS),$(NAMES:%=$(OUT)/cshuffle/%.done))
CMATCHES = $(if $(CPASS),$(RANGES:%=$(OUT)/cmatch/%.pairs))
SPOT    = $(filter spotsigs,$(WORKFLOW))
DEDUP   = $(NAMES:%=$(OUT)/dedup/%)
IMATCH  = $(filter imatch,$(WORKFLOW))

# The default goal has no recipe and only files below it, so that with
# nothing to do `make -q` is true.
all: $(OUT)/clusters.tsv $(OUT)/keep.txt $(DEDUP) $(if $(LEFT),$(OUT)/contained.tsv) $(OUT)/summary

pairs: $(OUT)/pairs.tsv
keeplist: $(OUT)/keep.txt

# Every file is named in a rule, so that none is intermediate: make would
# delete it at the end, and a missing one would not make what follows it
# again.  (.SECONDARY: without names would keep them, but then a missing
# file, even a deduplicated shard, would not make OUT/summary again.)
$(NAMES:%=$(OUT)/text/%.tsv) $(SIGS) $(LEXES) $(KEYED) $(SHUFFLE) $(MATCHES) $(SHORT) $(DEDUP):
$(NAMES:%=$(OUT)/ckeys/%.keys) $(NAMES:%=$(OUT)/cshuffle/%.done) $(RANGES:%=$(OUT)/cmatch/%.pairs):

DIRS = $(addprefix $(OUT)/,opt text sigs lex keys shuffle match short dedup ckeys cshuffle cmatch)
$(DIRS):
	mkdir -p $@
$(DIRS): private SHELL := /bin/bash

# ---- map: text ----
# the text of WARC shard $<, on standard output
TEXT_warc  = htmlstrip --warc $(HTMLSTRIP_FLAGS) $<
$(OUT)/text/%.tsv: $(IN)/% $(O_text) | $(OUT)/text
	$(call atomic,$(TEXT_$(FORMAT)),$*)
# A JSON Lines shard is read by the programs of the text (spotsig, qgram,
# dklexicon -w, imatch) given JSONOPT: a line that is not JSON, a missing
# member, an ID that is not a string or an integer, or a text that is not
# a string is an error at its FILE:LINE (dupkit-formats(5)).  Their stages
# depend on the members named (TEXTDEP).
comma := ,
JSONOPT = $(if $(filter jsonl,$(FORMAT)),--json $(call quote,$(JSON_ID)$(comma)$(JSON_TEXT)))
TEXTDEP = $(if $(filter jsonl,$(FORMAT)),$(O_text))

# ---- map: signatures ----
# straight from the shard: a TSV shard is read by name, so that a message
# about it names it; the others are converted on the way, or a WARC
# shard's text read from text/ when it is kept there.  SpotSigs
# carries the SHA-1 of each text (--checksum) for the exact copies of
# documents too short to judge (short/, below); the stages after read the
# signatures in the last column and carry it.
SIGPROG_spotsigs = spotsig --checksum --quoted $(QUOTED) --dense $(DENSE) --dense-words $(DENSE_WORDS) $(SPOTSIG_FLAGS)
SIGPROG_lsh      = spotsig --quoted $(QUOTED) $(SPOTSIG_FLAGS)
SIGPROG_ddd      = qgram --quoted $(QUOTED) $(QGRAM_FLAGS)
SIGS_tsv = $(SIGPROG_$(WORKFLOW)) $(JSONOPT) $<
SIGS_any = $(TEXT_$(FORMAT)) | $(SIGPROG_$(WORKFLOW))
SIGPIPED = $(and $(filter warc,$(FORMAT)),$(if $(TEXTKEPT),,y))
$(OUT)/sigs/%.sigs: $(if $(TEXTKEPT),$(OUT)/text/%.tsv,$(IN)/%) $(O_text) $(O_sigs) | $(OUT)/sigs
	$(call atomic,$(if $(SIGPIPED),$(SIGS_any),$(SIGS_tsv)),$*)

# every document ID, in shard order: column 1 of the signatures or of the
# text; I-Match over JSON Lines has no TSV text, and takes them from the
# keyed streams (KEY TAB ID, a document's records one after another, a
# document without fingerprints as R), which have every document in order
IDS_text  = cut -f1 $(if $(IMATCH),$(TEXT),$(SIGS))
IDS_keyed = cut -f2 $(KEYED) | uniq
IDSKEYED  = $(and $(IMATCH),$(filter jsonl,$(FORMAT)))
$(OUT)/ids: $(if $(IDSKEYED),$(KEYED),$(if $(IMATCH),$(TEXT),$(SIGS))) $(O_shards)
	$(call atomic,$(if $(IDSKEYED),$(IDS_keyed),$(IDS_text)))

# ---- map: the global statistics ----
# I-Match counts the words of each shard, and the shards' lexicons are
# merged: words repeat, so a shard's lexicon is small.  Signatures are
# mostly rare: a shard's lexicon of them is nearly as large as its
# signatures, and merging such lexicons would read as much as counting
# every shard's signatures at once, which is what is done.
$(OUT)/lex/%.lex: $(call TEXTOF,%) $(TEXTDEP) $(O_lex) | $(OUT)/lex
	$(call atomic,dklexicon -w --quoted $(QUOTED) $(JSONOPT) $<,$*)

# With AGREE (spotsigs: DK_AGREE), the IDF filter also keeps a signature
# below its lower bound whose documents agree elsewhere (dklexicon
# --agree, as spotsig --agree and dkdedup do): that needs every document's
# signatures, which this count reads anyway, and the signatures so kept
# are marked !agree in all.lex for the filter of the keys.  (The mark is
# for IDF's lower bound: a new IDF makes all.lex again.)
$(OUT)/all.lex: $(if $(IMATCH),$(LEXES),$(SIGS)) $(O_lex) $(O_shards)
	$(call atomic,dklexicon $(if $(IMATCH),-m $(LEXES),$(AGREELEX) $(SIGS)))

# Each shard's keys load the lexicon.  Spot signatures are mostly rare,
# and the filter drops them as it drops one the lexicon lacks (DF 1), so
# idf.lex keeps only the terms it treats otherwise (dklexicon -m --idf):
# the same filtered signatures, from a lexicon a fraction of all.lex's
# size, loaded once per shard.
$(OUT)/idf.lex: $(OUT)/all.lex $(O_idf)
	$(call atomic,dklexicon -m --idf $(IDF) $<)

# ---- map: keys, with the global statistics ----
# (SpotSigs has none with one key range: see the reduce)
KEYS_spotsigs = dklexicon --idf $(IDF) -L $(OUT)/idf.lex $< | partition --shard -t $(TAU)
KEYS_lsh      = dklexicon --idf $(IDF) -L $(OUT)/idf.lex $< | minhash --per-band $(MINHASH_FLAGS)
KEYS_imatch   = imatch -T --quoted $(QUOTED) -i $(IDF) -K $(IMATCH_K) -L $(OUT)/all.lex $(JSONOPT) $<
KEYIN  = $(if $(IMATCH),$(call TEXTOF,%),$(OUT)/sigs/%.sigs)
KEYLEX = $(if $(IMATCH),$(OUT)/all.lex,$(OUT)/idf.lex)
$(OUT)/keys/%.keys: $(KEYIN) $(KEYLEX) $(if $(IMATCH),$(TEXTDEP)) $(O_keys) | $(OUT)/keys
	$(call atomic,$(KEYS_$(WORKFLOW)),$*)

# ---- shuffle: each keyed shard cut into key ranges ----
# Length partitions (spotsigs) are few and uneven: the ranges are drawn
# from the record counts of all shards.  Band and fingerprint keys are
# hashes: ranges of their first two hex digits.
# $(call CUTRANGES,KEYED FILES): KEY TAB RANGE, by cumulative record counts
CUTRANGES = for f in $(1); do cut -f1 $$f | uniq -c || exit; done | \
	    awk '{ n[$$2] += $$1 } END { for (k in n) print k "\t" n[k] }' | sort | \
	    awk -F '\t' -v r=$(KEYS) '{ k[NR] = $$1; n[NR] = $$2; t += $$2 } \
	        END { for (i = 1; i <= NR; i++) { print k[i] "\t" int(c * r / (t + 1)); c += n[i] } }'
$(OUT)/ranges.tsv: $(KEYED) $(O_shuffle) $(O_shards)
	$(call atomic,$(call CUTRANGES,$(KEYED)))

# $(call ROUTE_PARTS,RANGES FILE): each record to the piece of its key's range
ROUTE_PARTS = BEGIN { while ((getline l < "$(1)") > 0) { \
	split(l, a, "\t"); g[a[1]] = a[2] + 1 } } { print > (f g[$$1]) }
ROUTE_spotsigs = $(call ROUTE_PARTS,$(OUT)/ranges.tsv)
ROUTE_hash = BEGIN { for (i = 0; i < 16; i++) h[substr("0123456789abcdef", i + 1, 1)] = i } \
	{ p = index($$1, ":"); j = p ? int((h[substr($$1, p + 1, 1)] * 16 + h[substr($$1, p + 2, 1)]) * r / 256) : 0; \
	  print > (f (j + 1)) }
ROUTE = $(if $(filter spotsigs,$(WORKFLOW)),$(ROUTE_spotsigs),$(ROUTE_hash))
RANGEFILE = $(if $(filter spotsigs,$(WORKFLOW)),$(OUT)/ranges.tsv)

# The pieces S.1 .. S.KEYS are written under temporary names, renamed, and
# only then is S.done made: a killed shuffle is done again whole.
$(OUT)/shuffle/%.done: $(OUT)/keys/%.keys $(RANGEFILE) $(O_shuffle) | $(OUT)/shuffle
	trap 'rm -f $(OUT)/shuffle/$*.tmp.*; exit 1' HUP INT TERM; \
	rm -f $(OUT)/shuffle/$*.tmp.* $@ && \
	awk -F '\t' -v r=$(KEYS) -v f=$(OUT)/shuffle/$*.tmp. '$(ROUTE)' $< && \
	for j in $(RANGES); do \
	    if test -f $(OUT)/shuffle/$*.tmp.$$j; then mv -f $(OUT)/shuffle/$*.tmp.$$j $(OUT)/shuffle/$*.$$j; \
	    else : >$(OUT)/shuffle/$*.$$j; fi || exit; \
	done && touch $@

# ---- reduce: each key range matched on its own ----
ifeq ($(ONE),)
# its pieces in shard order (merged by key for length partitions, whose
# keys must not decrease)
PIECES = $(NAMES:%=$(OUT)/shuffle/%.$*)
MATCH_spotsigs = sort -m -s -k1,1 $(PIECES) | spotmatch -j 1 --min-distinct $(MIN_SHARED) $(DENSETAU)
MATCH_lsh      = cat $(PIECES) | spotmatch -j 1 -t $(TAU)
MATCH_imatch   = cat $(PIECES) | spotmatch -j 1
$(OUT)/match/%.pairs: $(SHUFFLE) $(O_match) $(O_shards) | $(OUT)/match
	$(call atomic,$(MATCH_$(WORKFLOW)))
else
# One key range: one spotmatch, with THREADS threads, reads every shard's
# keys; nothing is shuffled.  SpotSigs does the tail of the single pipeline
# on the shards' signatures: dklexicon counts them as it reads them (no
# merged lexicon is made), then filters them, and spotmatch cuts them into
# length partitions itself, so the probe copies that partition --shard
# writes for key ranges are never made.
THREADS_FLAG = $(if $(THREADS),-j $(THREADS))
ONE_spotsigs = dklexicon --idf $(IDF) -L $(OUT)/idf.lex $(SIGS) | spotmatch $(THREADS_FLAG) -t $(TAU) --min-distinct $(MIN_SHARED) $(DENSETAU)
ONE_lsh      = cat $(KEYED) | spotmatch $(THREADS_FLAG) -t $(TAU)
ONE_imatch   = cat $(KEYED) | spotmatch $(THREADS_FLAG)
ONEIN = $(if $(filter spotsigs,$(WORKFLOW)),$(SIGS) $(OUT)/idf.lex,$(KEYED))
$(OUT)/match/1.pairs: $(ONEIN) $(O_match) $(O_shards) | $(OUT)/match
	$(call atomic,$(ONE_$(WORKFLOW)))
endif

# ---- the containment pass: dkdedup --prose's (PROSE=1), or its probe ----
# Its signatures are the first pass's, filtered as there, and those of a
# document too short to judge flagged !short (dklexicon --min-sigs, as
# dkdedup's spotsig -m), so that it is never paired.  Containment has no
# length bound of its own; the pass's ratio of sizes (spotmatch
# --size-ratio) gives it length partitions (partition --size-ratio), so
# that it shards, and is matched, like the first.  Without PROSE=1 its
# pairs are only listed (contained.tsv, CONTAINED), as dkdedup's are.
CFILTER = dklexicon --idf $(IDF) --min-sigs $(MIN_SHARED) -L $(OUT)/idf.lex
CMATCH  = spotmatch -M containment -t $(PROSE_CONTAIN) --min-shared $(MIN_SHARED) \
	--size-ratio $(PROSE_RATIO) $(DENSETAU)
CMATCH_keyed = sort -m -s -k1,1 $(NAMES:%=$(OUT)/cshuffle/%.$*) | $(CMATCH) -j 1
ifneq ($(CPASS),)
ifeq ($(ONE),)
$(OUT)/ckeys/%.keys: $(OUT)/sigs/%.sigs $(OUT)/idf.lex $(O_contain) | $(OUT)/ckeys
	$(call atomic,$(CFILTER) $< | partition --shard -M containment -t $(PROSE_CONTAIN) \
	    --size-ratio $(PROSE_RATIO),$*)
$(OUT)/cranges.tsv: $(CKEYED) $(O_contain) $(O_shards)
	$(call atomic,$(call CUTRANGES,$(CKEYED)))
$(OUT)/cshuffle/%.done: $(OUT)/ckeys/%.keys $(OUT)/cranges.tsv $(O_contain) | $(OUT)/cshuffle
	trap 'rm -f $(OUT)/cshuffle/$*.tmp.*; exit 1' HUP INT TERM; \
	rm -f $(OUT)/cshuffle/$*.tmp.* $@ && \
	awk -F '\t' -v f=$(OUT)/cshuffle/$*.tmp. '$(call ROUTE_PARTS,$(OUT)/cranges.tsv)' $< && \
	for j in $(RANGES); do \
	    if test -f $(OUT)/cshuffle/$*.tmp.$$j; then mv -f $(OUT)/cshuffle/$*.tmp.$$j $(OUT)/cshuffle/$*.$$j; \
	    else : >$(OUT)/cshuffle/$*.$$j; fi || exit; \
	done && touch $@
$(OUT)/cmatch/%.pairs: $(CSHUFFLE) $(O_contain) $(O_shards) | $(OUT)/cmatch
	$(call atomic,$(CMATCH_keyed))
else
$(OUT)/cmatch/1.pairs: $(SIGS) $(OUT)/idf.lex $(O_contain) $(O_shards) | $(OUT)/cmatch
	$(call atomic,$(CFILTER) $(SIGS) | $(CMATCH) $(THREADS_FLAG))
endif
endif

# ---- SpotSigs: exact copies of documents too short to judge ----
# A document whose distinct filtered signatures are fewer than
# MIN_SHARED is never matched (dklexicon --min-sigs flags it !short after
# the filter, as spotsig -m would); dkdedup still removes its exact copies,
# by the SHA-1 of the text (spotsig --checksum, the column before the
# signatures).  short/S.tsv lists the short documents of S as SUM TAB ID,
# in shard order; short.pairs, from every shard's list in corpus order,
# pairs the first document of each SUM with each later one (FIRST COPY 1),
# in the order of the copies, as dkdedup adds them after spotmatch's.
SHORTLIST = awk -F '\t' '$$NF ~ /^!short/ { print $$(NF - 1) "\t" $$1 }'
$(OUT)/short/%.tsv: $(OUT)/sigs/%.sigs $(OUT)/idf.lex $(O_short) | $(OUT)/short
	$(call atomic,dklexicon --idf $(IDF) --min-sigs $(MIN_SHARED) -L $(OUT)/idf.lex $< | $(SHORTLIST),$*)
# numbered in corpus order, sorted by SUM (stable: each SUM's documents in
# corpus order), the pairs put back in the order of the copies
SHORTPAIRS = awk -F '\t' '{ print $$1 "\t" NR "\t" $$2 }' $(SHORT) | sort -s -t '	' -k1,1 | \
	awk -F '\t' '$$1 != s { s = $$1; k = $$3; next } { print $$2 "\t" k "\t" $$3 "\t1.000000" }' | \
	sort -t '	' -k1,1n | cut -f2-
$(OUT)/short.pairs: $(SHORT) $(O_short) $(O_shards)
	$(call atomic,$(SHORTPAIRS))

# ---- the pairs, once each ----
# spotsigs: the ranges in key order are one run's output, then the exact
# copies of short documents.  LSH: a pair
# sharing several bands is found in several ranges.  I-Match: SIM is the
# share of fingerprints in common, added up over the ranges, then TAU.
PAIRS_spotsigs = cat $(MATCHES) $(if $(PROSE),&& $(CNEW)) && cat $(OUT)/short.pairs
# PROSE=1: the containment pass's pairs that the first lacks (either way
# round), each once, in their order, as dkdedup adds them
CNEW = cat $(MATCHES) | awk -F '\t' 'FNR == NR { s[($$1 "") < ($$2 "") ? $$1 "\t" $$2 : $$2 "\t" $$1]; next } \
	{ k = ($$1 "") < ($$2 "") ? $$1 "\t" $$2 : $$2 "\t" $$1 } !(k in s) { s[k]; print }' - $(CMATCHES)
PAIRS_lsh      = sort -u $(MATCHES)
PAIRS_imatch   = sort -t '	' -k1,1 -k2,2 $(MATCHES) | \
	awk -F '\t' -v n=$$(($(IMATCH_K) + 1)) -v tau='$(TAU)' ' \
	function put() { s = c / n; if (tau == "" || s >= tau + 0) printf "%s\t%.6f\n", k, s } \
	{ p = $$1 "\t" $$2; if (p != k) { if (NR > 1) put(); k = p; c = 0 } c += int($$3 * n + 0.5) } \
	END { if (NR) put() }' | sort
# DDD is one pass in time order over every shard: its window is not cut
DDD = cat $(SIGS) | spotmatch -M max -t $(TAU) --window $(WINDOW) --time-column $(TIME_COLUMN)
PAIRSIN = $(if $(filter ddd,$(WORKFLOW)),$(SIGS),$(MATCHES) $(if $(PROSE),$(CMATCHES)) $(if $(SPOT),$(OUT)/short.pairs))
$(OUT)/pairs.tsv: $(PAIRSIN) $(O_pairs) $(O_shards)
	$(call atomic,$(if $(filter ddd,$(WORKFLOW)),$(DDD),$(PAIRS_$(WORKFLOW))))

# ---- clusters and the keep list ----
# With own words (OWN_WORDS, not 0; not DDD) a pair whose documents each
# name their own subject in the same place is ignored, as dkdedup ignores
# it (dkcluster --own-words); PROSE=1: the longest text of a cluster is
# kept, as dkdedup --prose keeps it (dkcluster --keep longest).  Either
# reads the text of every shard, in corpus order, as -a (a WARC shard's as
# htmlstrip gave it, text/); without them the IDs are enough.  The pairs
# that own words or the bar of words set apart are apart.tsv (dkcluster
# --apart), renamed with clusters.tsv; when it is missing, clusters.tsv
# is made again.
CLUSTER_any  = dkcluster $(CLUSTER_FLAGS) -a $(OUT)/ids $<
CLUSTER_text = cat $(TEXT) | dkcluster $(CLUSTER_FLAGS) $(if $(OWN),--own-words $(OWN)) \
	$(if $(WSIM),--word-sim $(WSIM)) $(if $(APART),--apart $(OUT)/apart.tsv.tmp) \
	$(if $(PROSE),--keep longest) $(JSONOPT) -a - $<
NOAPART = $(if $(APART),$(if $(wildcard $(OUT)/apart.tsv),,FORCE))
$(OUT)/clusters.tsv: $(OUT)/pairs.tsv $(OUT)/ids $(if $(TEXTCL),$(TEXT) $(TEXTDEP)) $(O_cluster) $(NOAPART)
	$(call atomic,$(if $(TEXTCL),$(CLUSTER_text),$(CLUSTER_any)),,$(if $(APART),$(OUT)/apart.tsv))

# DDD keeps the documents that no earlier one in the window matched, those
# spotmatch --novel would write: the IDs that are never LATER in a pair
# (EARLIER LATER SIM).  The others keep one document of each cluster, the
# names of the clusters in their order, as dkcluster --representatives
# writes them.  Neither matches or clusters again.
KEEP_ddd = awk -F '\t' 'FNR == NR { later[$$2]; next } !($$1 in later)' $(OUT)/pairs.tsv $(OUT)/ids
KEEP_any = cut -f2 $< | uniq
KEEPIN = $(if $(filter ddd,$(WORKFLOW)),$(OUT)/pairs.tsv $(OUT)/ids,$(OUT)/clusters.tsv)
$(OUT)/keep.txt: $(KEEPIN)
	$(call atomic,$(if $(filter ddd,$(WORKFLOW)),$(KEEP_ddd),$(KEEP_any)))

# ---- CONTAINED: the copies the job left, as dkdedup lists them ----
# left.pairs: the containment pass's pairs of two documents kept, each
# once, but for those of apart.tsv (either way round), in their order;
# contained.tsv: of those, the ones own words does not set apart (as
# pairs by containment: dkcluster --own-words again, on them alone, its
# --apart piped to the filter; not the bar of words, a Jaccard bar),
# with CLUSTER_FLAGS as the cluster step has them (--max-record).
LEFTPAIRS = awk -F '\t' -v k=$(OUT)/keep.txt -v a=$(if $(APART),$(OUT)/apart.tsv) ' \
	FILENAME == k { kept[$$1]; next } \
	FILENAME == a { s[$$1 "\t" $$2]; s[$$2 "\t" $$1]; next } \
	($$1 in kept) && ($$2 in kept) && !(($$1 "\t" $$2) in s) { s[$$1 "\t" $$2]; s[$$2 "\t" $$1]; print }' \
	$(OUT)/keep.txt $(if $(APART),$(OUT)/apart.tsv) $(CMATCHES)
$(OUT)/left.pairs: $(CMATCHES) $(OUT)/keep.txt $(OUT)/clusters.tsv $(O_left)
	$(call atomic,$(LEFTPAIRS))
LEFTOWN = if test -s $<; then cat $(TEXT) | dkcluster $(CLUSTER_FLAGS) --own-words $(OWN) $(JSONOPT) -a - \
	    --apart /dev/fd/3 $< 3>&1 >/dev/null | awk -F '\t' -v l=$< ' \
	FILENAME == l { if (!(($$1 "\t" $$2) in s)) print; next } { s[$$1 "\t" $$2]; s[$$2 "\t" $$1] }' - $<; fi
$(OUT)/contained.tsv: $(OUT)/left.pairs $(if $(OWN),$(TEXT) $(TEXTDEP)) $(O_left)
	$(call atomic,$(if $(OWN),$(LEFTOWN),cat $<))

# ---- the deduplicated shards, in their own format ----
# (the list is the whole corpus's: most of its IDs are in other shards)
KEEP_tsv   = keep --missing ignore $(KEEP_FLAGS) $(OUT)/keep.txt $<
KEEP_jsonl = keep --missing ignore $(KEEP_FLAGS) --json $(JSON_ID) $(OUT)/keep.txt $<
KEEP_warc  = keep --missing ignore $(KEEP_FLAGS) --warc $(OUT)/keep.txt $<
$(OUT)/dedup/%: $(IN)/% $(OUT)/keep.txt $(O_dedup) | $(OUT)/dedup
	$(call atomic,$(KEEP_$(FORMAT)),$*)

# the summary: printed when it changes, kept as a file so that a run with
# nothing to do does nothing.  When a stage skipped records, the files
# made without them are named, the summary is printed but not kept, and
# its recipe fails, so that make ends with a failure (status 2, after
# every file is made) and says so again on each run until those files
# are made without a skip (a limit raised, or the shard mended).
# With CONTAINED, it counts the pairs of contained.tsv as dkdedup does;
# without, a contained.tsv or left.pairs of an earlier run is removed, as
# it says nothing of this one.
LEFTSAID = n=$$(wc -l <$(OUT)/contained.tsv); case $$n in 0) ;; 1) \
	    echo "; 1 pair kept that containment calls a copy (cut copies, or pages of one template: see $(OUT)/contained.tsv; PROSE=1 removes them)" ;; *) \
	    echo "; $$n pairs kept that containment calls copies (cut copies, or pages of one template: see $(OUT)/contained.tsv; PROSE=1 removes them)" ;; esac
$(OUT)/summary: $(OUT)/keep.txt $(OUT)/ids $(OUT)/clusters.tsv $(DEDUP) $(if $(LEFT),$(OUT)/contained.tsv) \
	    $(O_shards) $(O_left)
	@$(if $(LEFT),,rm -f $(OUT)/contained.tsv $(OUT)/left.pairs && )$(call atomic,echo \
	    "corpus.mk: $(WORKFLOW) over $(words $(NAMES)) shards of $(IN):" \
	    "kept $$(wc -l <$(OUT)/keep.txt) of $$(wc -l <$(OUT)/ids) documents;" \
	    "deduplicated shards in $(OUT)/dedup/$(if $(LEFT),$$($(LEFTSAID)))") && cat $@ && $(SKIPEND)
$(OUT)/summary: private SHELL := /bin/bash

help:
	@echo 'usage: make -f corpus.mk IN=DIR [VARIABLE=VALUE ...] [-j N] [TARGET]'
	@echo 'targets: all (default), pairs, keeplist, help, clean'
	@echo 'variables (value now):'
	@echo '  IN=$(IN)  the directory of input shards, all in one FORMAT'
	@echo '  FORMAT=$(FORMAT)  tsv (document streams), jsonl or warc (plain or gzipped)'
	@echo '  SUFFIX=$(SUFFIX)  the shards are the files of IN named so (tsv .tsv, jsonl .jsonl, warc .warc .warc.gz)'
	@echo '  WORKFLOW=$(WORKFLOW)  spotsigs, lsh, imatch or ddd'
	@echo '  OUT=$(OUT)  where every stage is written'
	@echo '  BIN=$(BIN)  the dupkit programs (default: on PATH)'
	@echo '  TAU=$(TAU)  threshold (default per workflow: spotsigs $(DK_TAU), lsh $(DK_LSH_TAU) from dupkit.defaults, imatch none, ddd 0.8)'
	@echo '  IDF=$(IDF)  IDF range (from dupkit.defaults: spotsigs $(DK_IDF), lsh $(DK_LSH_IDF), imatch $(DK_IMATCH_IDF))'
	@echo '  AGREE=$(AGREE)  spotsigs and lsh: a signature below the IDF range kept when its documents agree this much elsewhere (spotsigs $(DK_AGREE); empty: none)'
	@echo '  MIN_SHARED=$(MIN_SHARED)  spotsigs: distinct signatures a pair shares at least'
	@echo '  QUOTED=$(QUOTED)  keep or skip quoted mail text, in every workflow (--quoted of spotsig, qgram, dklexicon -w and imatch; $(DK_QUOTED) from dupkit.defaults)'
	@echo '  DENSE=$(DENSE)  spotsigs: documents with fewer spot signatures get word chains (spotsig --dense)'
	@echo '  DENSE_WORDS=$(DENSE_WORDS)  spotsigs: the words of a chain (spotsig --dense-words)'
	@echo '  DENSE_TAU=$(DENSE_TAU)  spotsigs: a pair with a document of chains also reaches this (spotmatch --dense-tau; empty: no such bar)'
	@echo '  OWN_WORDS=$(OWN_WORDS)  spotsigs, lsh, imatch: a pair whose documents each use a word this often, named in the same place, that the other never uses is no copy (dkcluster --own-words over the text; $(DK_OWN_WORDS) from dupkit.defaults; 0: no such rule)'
	@echo '  WORD_SIM=$(WORD_SIM)  spotsigs without PROSE=1: a pair whose sets of words have a Jaccard similarity below this is no copy (dkcluster --word-sim over the text; $(DK_WORD_SIM) at TAU $(DK_TAU) from dupkit.defaults, in proportion to TAU; 0: no such bar)'
	@echo '  PROSE=$(PROSE)  spotsigs: 1 for dkdedup --prose, a sharded containment pass and the longest text of a cluster kept'
	@echo '  PROSE_CONTAIN=$(PROSE_CONTAIN) PROSE_RATIO=$(PROSE_RATIO)  the containment pass'"'"'s threshold and ratio of sizes ($(DK_PROSE_CONTAIN) and $(DK_PROSE_CONTAIN_RATIO) from dupkit.defaults)'
	@echo '  CONTAINED=$(CONTAINED)  spotsigs without PROSE=1: 1 lists in OUT/contained.tsv the pairs of documents kept that the containment pass calls copies (dkdedup'"'"'s OUT.contained); 0: no such pass'
	@echo '  KEYS=$(KEYS)  key ranges, matched side by side (1: one spotmatch, nothing shuffled)'
	@echo '  THREADS=$(THREADS)  spotmatch threads with KEYS=1 (default: one per CPU)'
	@echo '  HTMLSTRIP_FLAGS=$(HTMLSTRIP_FLAGS)  FORMAT=warc, e.g. --main'
	@echo '  JSON_ID=$(JSON_ID) JSON_TEXT=$(JSON_TEXT)  FORMAT=jsonl: the ID and text fields'
	@echo '  SPOTSIG_FLAGS=$(SPOTSIG_FLAGS)  QGRAM_FLAGS=$(QGRAM_FLAGS)  MINHASH_FLAGS=$(MINHASH_FLAGS)'
	@echo '  IMATCH_K=$(IMATCH_K)  extra I-Match lexicons'
	@echo '  WINDOW=$(WINDOW) TIME_COLUMN=$(TIME_COLUMN)  DDD: the window and the time column of the text'
	@echo '  CLUSTER_FLAGS=$(CLUSTER_FLAGS)  KEEP_FLAGS=$(KEEP_FLAGS)'
	@echo '  LAUNCH=$(LAUNCH)  runs each recipe, e.g. examples/srun-sh (Slurm)'
	@echo 'records skipped by a stage (--max-record, not a page): the files are written without them,'
	@echo 'the run ends saying so, and make fails (status 2) until they are made without a skip'

clean:
	rm -rf $(OUT)

# Last, so that the $(shell) calls above run here, not through LAUNCH.
ifneq ($(LAUNCH),)
SHELL := $(LAUNCH)
endif

.PHONY: all pairs keeplist help clean FORCE
