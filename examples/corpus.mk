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
#   text/S.tsv     each shard S as a document stream (htmlstrip --warc, or
#                  two fields of JSON Lines; a TSV shard is read as it is)
#   ids            every document ID, in shard order
#   sigs/S.sigs    signatures (spotsig), or 4-grams for DDD (qgram)
#   lex/S.lex      document frequencies of the shard, merged into all.lex
#   keys/S.keys    the keyed stream of the shard (partition, minhash, imatch)
#   shuffle/S.*    the shard's keyed records cut into KEYS key ranges
#   match/J.pairs  the pairs of key range J (spotmatch)
#   pairs.tsv      every pair once; clusters.tsv; keep.txt (the keep list)
#   dedup/S        the shard with only its kept records, in its own format
# The pairs, clusters and keep list are those of one machine's pipeline,
# whatever -j, the number of key ranges or the launcher.
#
# Like any make, this one cannot handle file names with spaces or colons.

IN       ?=
FORMAT   ?= tsv
WORKFLOW ?= spotsigs
OUT      ?= out
BIN      ?=
KEYS     ?= 4
TAU      ?= $(TAU_$(WORKFLOW))
IDF      ?= $(IDF_$(WORKFLOW))

TAU_spotsigs = 0.5
TAU_lsh      = 0.44
TAU_imatch   =
TAU_ddd      = 0.8
IDF_spotsigs = 0.2:0.85
IDF_lsh      = 0.2:0.85
IDF_imatch   = 0.4:0.75
IDF_ddd      =

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
# a program that runs each recipe as `LAUNCH -eu -o pipefail -c RECIPE`
# (as make runs its SHELL), e.g. examples/srun-sh for Slurm
LAUNCH          ?=

SHARDS := $(sort $(wildcard $(IN)/*))
NAMES  := $(notdir $(SHARDS))
RANGES := $(shell seq $(KEYS) 2>/dev/null)

ifneq ($(BIN),)
export PATH := $(abspath $(BIN)):$(PATH)
endif
export LC_ALL := C
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DELETE_ON_ERROR:
.SECONDARY:
.SUFFIXES:

# ---- checks, before anything runs ----
ifeq ($(filter help clean,$(MAKECMDGOALS)),)
ifeq ($(IN),)
$(error corpus.mk: give IN=DIR, the directory of the input shards (make -f corpus.mk help))
endif
ifeq ($(SHARDS),)
$(error corpus.mk: IN=$(IN): no shards there)
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
endif

# ---- options as files ----
# Each stage depends on a file under OUT/opt that holds the options it
# runs with; the file is rewritten, when make reads this makefile, only if
# they changed.  So a changed value remakes exactly the stages after it,
# and with nothing changed `make -q` is true.  $(call opt,NAME,VALUE)
opt = $(shell mkdir -p $(OUT)/opt && f=$(OUT)/opt/$(1) && v='$(2)' && \
	{ test -f $$f && test "$$(cat $$f)" = "$$v" || printf '%s\n' "$$v" >$$f; } && echo $$f)

O_SHARDS  := $(call opt,shards,$(NAMES))
O_TEXT    := $(call opt,text,$(FORMAT) $(HTMLSTRIP_FLAGS) $(JSON_ID) $(JSON_TEXT))
O_SIGS    := $(call opt,sigs,$(WORKFLOW) $(SPOTSIG_FLAGS) $(QGRAM_FLAGS))
O_KEYS    := $(call opt,keys,$(WORKFLOW) $(TAU) $(IDF) $(MINHASH_FLAGS) $(IMATCH_K))
O_SHUFFLE := $(call opt,shuffle,$(WORKFLOW) $(KEYS))
O_MATCH   := $(call opt,match,$(WORKFLOW) $(TAU) $(WINDOW) $(TIME_COLUMN))
O_CLUSTER := $(call opt,cluster,$(CLUSTER_FLAGS))
O_KEEP    := $(call opt,keep,$(KEEP_FLAGS))

# $(call atomic,COMMAND): COMMAND's output into $@, renamed when complete;
# removed when it fails
atomic = { $(1); } >$@.tmp && mv -f $@.tmp $@ || { rm -f $@.tmp; exit 1; }

# A TSV shard is its own text; the others are converted
TEXTOF  = $(if $(filter tsv,$(FORMAT)),$(IN)/$(1),$(OUT)/text/$(1).tsv)
TEXT    = $(foreach n,$(NAMES),$(call TEXTOF,$(n)))
SIGS    = $(NAMES:%=$(OUT)/sigs/%.sigs)
LEXES   = $(NAMES:%=$(OUT)/lex/%.lex)
KEYED   = $(NAMES:%=$(OUT)/keys/%.keys)
SHUFFLE = $(NAMES:%=$(OUT)/shuffle/%.done)
MATCHES = $(RANGES:%=$(OUT)/match/%.pairs)
DEDUP   = $(NAMES:%=$(OUT)/dedup/%)

all: $(OUT)/clusters.tsv $(OUT)/keep.txt $(DEDUP)
	@echo "corpus.mk: $(WORKFLOW) over $(words $(NAMES)) shards of $(IN):" \
	    "kept $$(wc -l <$(OUT)/keep.txt) of $$(wc -l <$(OUT)/ids) documents;" \
	    "deduplicated shards in $(OUT)/dedup/"

pairs: $(OUT)/pairs.tsv
keeplist: $(OUT)/keep.txt

$(OUT)/text $(OUT)/sigs $(OUT)/lex $(OUT)/keys $(OUT)/shuffle $(OUT)/match $(OUT)/dedup:
	mkdir -p $@

# ---- map: text ----
TEXT_warc  = htmlstrip --warc $(HTMLSTRIP_FLAGS) $<
TEXT_jsonl = jq -r --arg id '$(JSON_ID)' --arg text '$(JSON_TEXT)' \
	'[(.[$$id] | if type == "string" then . else tojson end), .[$$text]] | @tsv' $<
$(OUT)/text/%.tsv: $(IN)/% $(O_TEXT) | $(OUT)/text
	$(call atomic,$(TEXT_$(FORMAT)))

$(OUT)/ids: $(TEXT) $(O_SHARDS)
	$(call atomic,cut -f1 $(TEXT))

# ---- map: signatures and statistics ----
SIGS_spotsigs = spotsig $(SPOTSIG_FLAGS) $<
SIGS_lsh      = $(SIGS_spotsigs)
SIGS_ddd      = qgram $(QGRAM_FLAGS) $<
$(OUT)/sigs/%.sigs: $(call TEXTOF,%) $(O_SIGS) | $(OUT)/sigs
	$(call atomic,$(SIGS_$(WORKFLOW)))

# I-Match counts words of the text; the others, the signatures
LEXIN = $(if $(filter imatch,$(WORKFLOW)),$(call TEXTOF,%),$(OUT)/sigs/%.sigs)
LEXOPT = $(if $(filter imatch,$(WORKFLOW)),-w)
$(OUT)/lex/%.lex: $(LEXIN) $(O_SIGS) | $(OUT)/lex
	$(call atomic,dklexicon $(LEXOPT) $<)

$(OUT)/all.lex: $(LEXES) $(O_SHARDS)
	$(call atomic,dklexicon -m $(LEXES))

# ---- map: keys, with the global statistics ----
KEYS_spotsigs = dklexicon --idf $(IDF) -L $(OUT)/all.lex $< | partition --shard -t $(TAU)
KEYS_lsh      = dklexicon --idf $(IDF) -L $(OUT)/all.lex $< | minhash $(MINHASH_FLAGS)
KEYS_imatch   = imatch -T -i $(IDF) -K $(IMATCH_K) -L $(OUT)/all.lex $<
KEYIN = $(if $(filter imatch,$(WORKFLOW)),$(call TEXTOF,%),$(OUT)/sigs/%.sigs)
$(OUT)/keys/%.keys: $(KEYIN) $(OUT)/all.lex $(O_KEYS) | $(OUT)/keys
	$(call atomic,$(KEYS_$(WORKFLOW)))

# ---- shuffle: each keyed shard cut into key ranges ----
# Length partitions (spotsigs) are few and uneven: the ranges are drawn
# from the record counts of all shards.  Band and fingerprint keys are
# hashes: ranges of their first two hex digits.
$(OUT)/ranges.tsv: $(KEYED) $(O_SHUFFLE) $(O_SHARDS)
	$(call atomic,for f in $(KEYED); do cut -f1 $$f | uniq -c; done | \
	    awk '{ n[$$2] += $$1 } END { for (k in n) print k "\t" n[k] }' | sort | \
	    awk -F '\t' -v r=$(KEYS) '{ k[NR] = $$1; n[NR] = $$2; t += $$2 } \
	        END { for (i = 1; i <= NR; i++) { print k[i] "\t" int(c * r / (t + 1)); c += n[i] } }')

ROUTE_spotsigs = BEGIN { while ((getline l < "$(OUT)/ranges.tsv") > 0) { \
	split(l, a, "\t"); g[a[1]] = a[2] + 1 } } { print > (f g[$$1]) }
ROUTE_hash = BEGIN { for (i = 0; i < 16; i++) h[substr("0123456789abcdef", i + 1, 1)] = i } \
	{ p = index($$1, ":"); j = p ? int((h[substr($$1, p + 1, 1)] * 16 + h[substr($$1, p + 2, 1)]) * r / 256) : 0; \
	  print > (f (j + 1)) }
ROUTE = $(if $(filter spotsigs,$(WORKFLOW)),$(ROUTE_spotsigs),$(ROUTE_hash))
RANGEFILE = $(if $(filter spotsigs,$(WORKFLOW)),$(OUT)/ranges.tsv)

# The pieces S.1 .. S.KEYS are written under temporary names, renamed, and
# only then is S.done made: a killed shuffle is done again whole.
$(OUT)/shuffle/%.done: $(OUT)/keys/%.keys $(RANGEFILE) $(O_SHUFFLE) | $(OUT)/shuffle
	rm -f $(OUT)/shuffle/$*.tmp.* $@ && \
	awk -F '\t' -v r=$(KEYS) -v f=$(OUT)/shuffle/$*.tmp. '$(ROUTE)' $< && \
	for j in $(RANGES); do \
	    if test -f $(OUT)/shuffle/$*.tmp.$$j; then mv -f $(OUT)/shuffle/$*.tmp.$$j $(OUT)/shuffle/$*.$$j; \
	    else : >$(OUT)/shuffle/$*.$$j; fi; \
	done && touch $@

# ---- reduce: each key range matched on its own ----
# its pieces in shard order (merged by key for length partitions, whose
# keys must not decrease)
PIECES = $(NAMES:%=$(OUT)/shuffle/%.$*)
MATCH_spotsigs = sort -m -s -k1,1 $(PIECES) | spotmatch -j 1
MATCH_lsh      = cat $(PIECES) | spotmatch -j 1 -t $(TAU)
MATCH_imatch   = cat $(PIECES) | spotmatch -j 1
$(OUT)/match/%.pairs: $(SHUFFLE) $(O_MATCH) | $(OUT)/match
	$(call atomic,$(MATCH_$(WORKFLOW)))

# ---- the pairs, once each ----
# spotsigs: the ranges in key order are one run's output.  LSH: a pair
# sharing several bands is found in several ranges.  I-Match: SIM is the
# share of fingerprints in common, added up over the ranges, then TAU.
PAIRS_spotsigs = cat $(MATCHES)
PAIRS_lsh      = sort -u $(MATCHES)
PAIRS_imatch   = sort -t '	' -k1,1 -k2,2 $(MATCHES) | \
	awk -F '\t' -v n=$$(($(IMATCH_K) + 1)) -v tau='$(TAU)' ' \
	function put() { s = c / n; if (tau == "" || s >= tau + 0) printf "%s\t%.6f\n", k, s } \
	{ p = $$1 "\t" $$2; if (p != k) { if (NR > 1) put(); k = p; c = 0 } c += int($$3 * n + 0.5) } \
	END { if (NR) put() }' | sort
# DDD is one pass in time order over every shard: its window is not cut
DDD = cat $(SIGS) | spotmatch -M max -t $(TAU) --window $(WINDOW) --time-column $(TIME_COLUMN)
PAIRSIN = $(if $(filter ddd,$(WORKFLOW)),$(SIGS),$(MATCHES))
$(OUT)/pairs.tsv: $(PAIRSIN) $(O_MATCH) $(O_SHARDS)
	$(call atomic,$(if $(filter ddd,$(WORKFLOW)),$(DDD),$(PAIRS_$(WORKFLOW))))

# ---- clusters and the keep list ----
$(OUT)/clusters.tsv: $(OUT)/pairs.tsv $(OUT)/ids $(O_CLUSTER)
	$(call atomic,dkcluster $(CLUSTER_FLAGS) -a $(OUT)/ids $<)

# DDD keeps the documents no earlier one in the window matched (--novel);
# the others, one document of each cluster
KEEP_ddd = $(DDD) --novel
KEEP_any = dkcluster $(CLUSTER_FLAGS) -a $(OUT)/ids --representatives $(OUT)/pairs.tsv
$(OUT)/keep.txt: $(OUT)/pairs.tsv $(OUT)/ids $(O_CLUSTER)
	$(call atomic,$(if $(filter ddd,$(WORKFLOW)),$(KEEP_ddd),$(KEEP_any)))

# ---- the deduplicated shards, in their own format ----
# (the list is the whole corpus's: most of its IDs are in other shards)
KEEP_tsv   = keep --missing ignore $(KEEP_FLAGS) $(OUT)/keep.txt $<
KEEP_jsonl = keep --missing ignore $(KEEP_FLAGS) --json $(JSON_ID) $(OUT)/keep.txt $<
KEEP_warc  = keep --missing ignore $(KEEP_FLAGS) --warc $(OUT)/keep.txt $<
$(OUT)/dedup/%: $(IN)/% $(OUT)/keep.txt $(O_KEEP) | $(OUT)/dedup
	$(call atomic,$(KEEP_$(FORMAT)))

help:
	@echo 'usage: make -f corpus.mk IN=DIR [VARIABLE=VALUE ...] [-j N] [TARGET]'
	@echo 'targets: all (default), pairs, keeplist, help, clean'
	@echo 'variables (value now):'
	@echo '  IN=$(IN)  the directory of input shards, all in one FORMAT'
	@echo '  FORMAT=$(FORMAT)  tsv (document streams), jsonl or warc (.warc or .warc.gz)'
	@echo '  WORKFLOW=$(WORKFLOW)  spotsigs, lsh, imatch or ddd'
	@echo '  OUT=$(OUT)  where every stage is written'
	@echo '  BIN=$(BIN)  the dupkit programs (default: on PATH)'
	@echo '  TAU=$(TAU)  threshold (default per workflow: spotsigs 0.5, lsh 0.44, imatch none, ddd 0.8)'
	@echo '  IDF=$(IDF)  IDF range (spotsigs and lsh 0.2:0.85, imatch 0.4:0.75)'
	@echo '  KEYS=$(KEYS)  key ranges, matched in parallel'
	@echo '  HTMLSTRIP_FLAGS=$(HTMLSTRIP_FLAGS)  FORMAT=warc, e.g. --main'
	@echo '  JSON_ID=$(JSON_ID) JSON_TEXT=$(JSON_TEXT)  FORMAT=jsonl: the ID and text fields'
	@echo '  SPOTSIG_FLAGS=$(SPOTSIG_FLAGS)  QGRAM_FLAGS=$(QGRAM_FLAGS)  MINHASH_FLAGS=$(MINHASH_FLAGS)'
	@echo '  IMATCH_K=$(IMATCH_K)  extra I-Match lexicons'
	@echo '  WINDOW=$(WINDOW) TIME_COLUMN=$(TIME_COLUMN)  DDD: the window and the time column of the text'
	@echo '  CLUSTER_FLAGS=$(CLUSTER_FLAGS)  KEEP_FLAGS=$(KEEP_FLAGS)'
	@echo '  LAUNCH=$(LAUNCH)  runs each recipe, e.g. examples/srun-sh (Slurm)'

clean:
	rm -rf $(OUT)

# Last, so that the $(shell) calls above run here, not through LAUNCH.
ifneq ($(LAUNCH),)
SHELL := $(LAUNCH)
endif

.PHONY: all pairs keeplist help clean
