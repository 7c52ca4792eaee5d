# dupkit: near-duplicate detection filters.  See README.md.
#
#   make              build every program into $(BUILD)/bin
#   make check        build, then run every test through prove
#   make sanitize     the same suite with -fsanitize=address,undefined
#   make valgrind     the same suite with every program run under valgrind
#   make fuzz         build the libFuzzer targets of tests/fuzz with clang and
#                     run each for FUZZTIME seconds (see tests/fuzz/README)
#   make bench        benchmarks (print figures, assert nothing about time)
#   make demo         the SpotSigs workflow on the pages in examples/
#   make install / uninstall   honour PREFIX, MANPREFIX and DESTDIR

VERSION   = 0.2.0
PREFIX    = /usr/local
BINDIR    = $(PREFIX)/bin
MANPREFIX = $(PREFIX)/share/man
DATADIR   = $(PREFIX)/share/dupkit

CC       ?= cc
BUILD    ?= build
OPT      ?= -O2 -g
WERROR   ?=
SANFLAGS ?=
CFLAGS   ?=
CPPFLAGS ?=
LDFLAGS  ?=

PKGS    = libpcre2-8 libcrypto zlib json-c
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)

ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	$(WERROR) $(OPT) $(SANFLAGS) -pthread -Icommon \
	-DDK_VERSION='"$(VERSION)"' $(PKG_CFLAGS) $(CPPFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(SANFLAGS) -pthread $(LDFLAGS)
LIBS = $(PKG_LIBS) -lm

# Programs: cmd/NAME.c, or a folder cmd/NAME/ of C files.
SINGLE = $(basename $(notdir $(wildcard cmd/*.c)))
MULTI  = $(notdir $(patsubst %/,%,$(wildcard cmd/*/)))
PROGS  = $(sort $(SINGLE) $(MULTI))
BINS   = $(addprefix $(BUILD)/bin/,$(PROGS))
PROGOBJ = $(patsubst cmd/%.c,$(BUILD)/obj/%.o,$(wildcard cmd/*.c cmd/*/*.c))

LIBSRC = $(wildcard common/*.c)
LIBOBJ = $(patsubst common/%.c,$(BUILD)/common/%.o,$(LIBSRC))
LIBA   = $(BUILD)/libdk.a

UNITSRC = $(wildcard tests/unit/*.c)
UNITS   = $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(UNITSRC))

MANS = $(wildcard man/*.[1-9])
# The examples the man pages point to, installed in DATADIR.
SHARED = corpus.mk srun-sh scaleout.sh mapred.sh dupkit.defaults
# The defaults of the whole job, written once (examples/dupkit.defaults),
# made into a header for the programs that compile them in.
DEFAULTS_H = $(BUILD)/include/dk_defaults.h

all: $(PROGOBJ) $(BINS)

$(BUILD)/common/%.o: common/%.c common/*.h | $(BUILD)/common
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(LIBA): $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(BUILD)/common $(BUILD)/bin $(BUILD)/unit $(BUILD)/include:
	mkdir -p $@

# NAME=value lines become #define NAME "value"; anything else is an error.
$(DEFAULTS_H): examples/dupkit.defaults | $(BUILD)/include
	awk '/^[ \t]*(#|$$)/ { next } \
	    /^[A-Z_][A-Z0-9_]*=[^ \t"\\]+$$/ { i = index($$0, "="); \
	        printf "#define %s \"%s\"\n", substr($$0, 1, i - 1), substr($$0, i + 1); next } \
	    { printf "%s:%d: not NAME=value\n", FILENAME, NR > "/dev/stderr"; exit 1 }' \
	    examples/dupkit.defaults >$@.tmp && mv $@.tmp $@

$(BUILD)/obj/dkdedup/main.o $(BUILD)/obj/imatch.o: $(DEFAULTS_H)

# One rule for both program shapes; the prerequisites pick the objects.
# A program's objects stay in $(BUILD)/obj (cmd/NAME.c gives obj/NAME.o,
# cmd/NAME/F.c gives obj/NAME/F.o): t0013 reads them with nm.
.SECONDEXPANSION:
progobjs = $(patsubst cmd/%.c,$(BUILD)/obj/%.o,$(wildcard cmd/$1.c cmd/$1/*.c))
$(BUILD)/bin/%: $$(call progobjs,$$*) $(LIBA) | $(BUILD)/bin
	$(CC) -o $@ $(filter %.o,$^) $(LIBA) $(ALL_LDFLAGS) $(LIBS)

$(BUILD)/obj/%.o: cmd/%.c $$(wildcard $$(dir cmd/$$*)*.h) common/*.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -I$(<D) -I$(BUILD)/include -c -o $@ $<

# A unit test named after a program folder (tests/unit/spotsig.c) also
# links that program's objects but main's, and sees its headers.
unitobjs = $(filter-out %/main.o,$(patsubst cmd/%.c,$(BUILD)/obj/%.o,$(wildcard cmd/$1/*.c)))
$(BUILD)/unit/%: tests/unit/%.c $(wildcard tests/unit/*.h) $$(call unitobjs,$$*) $$(wildcard cmd/$$*/*.h) \
		$(LIBA) common/*.h | $(BUILD)/unit
	$(CC) $(ALL_CFLAGS) -Itests/unit -Icmd/$* -o $@ $< $(filter %.o,$^) $(LIBA) $(ALL_LDFLAGS) $(LIBS)

deps:
	@sh .ci/deps

PROVE ?= prove
PROVEFLAGS ?=
check: deps
	@$(MAKE) --no-print-directory all units replays
	DK_BIN=$(CURDIR)/$(BUILD)/bin DK_UNIT=$(CURDIR)/$(BUILD)/unit DK_BUILD=$(BUILD) \
		DK_REPLAY=$(CURDIR)/$(BUILD)/replay \
		$(PROVE) $(PROVEFLAGS) tests/*.t

units: $(UNITS)

sanitize:
	$(MAKE) BUILD=build-san OPT='-O1 -g -fno-omit-frame-pointer' \
		SANFLAGS='-fsanitize=address,undefined -fno-sanitize-recover=all' \
		ASAN_OPTIONS=detect_leaks=1 check

# Every program run under valgrind, through wrappers placed first on PATH.
valgrind: all units replays
	rm -rf $(BUILD)/vg && mkdir -p $(BUILD)/vg
	for p in $(PROGS); do \
		printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions="%s" "%s" "$$@"\n' \
			"$(CURDIR)/tests/valgrind.supp" "$(CURDIR)/$(BUILD)/bin/$$p" >$(BUILD)/vg/$$p && chmod +x $(BUILD)/vg/$$p; \
	done
	DK_BIN=$(CURDIR)/$(BUILD)/vg DK_UNIT=$(CURDIR)/$(BUILD)/unit DK_SLOW=1 \
		DK_REPLAY=$(CURDIR)/$(BUILD)/replay DK_VALGRIND=1 \
		$(PROVE) $(PROVEFLAGS) tests/*.t

# libFuzzer targets: tests/fuzz/fuzz_NAME.c, linked with libdk (built by
# clang with the sanitizers) and the program sources FUZZSRC_NAME names.
FUZZCC    ?= clang
FUZZTIME  ?= 60
FUZZBUILD  = build-fuzz
FUZZFLAGS  = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZSRC_fuzz_html = $(filter-out %/main.c,$(wildcard cmd/htmlstrip/*.c))
FUZZSRC_fuzz_warc = $(FUZZSRC_fuzz_html)
FUZZSRC_fuzz_match = $(filter-out %/main.c,$(wildcard cmd/spotmatch/*.c))
FUZZERS ?= $(basename $(notdir $(wildcard tests/fuzz/fuzz_*.c)))

fuzz-build:
	@if ! command -v $(FUZZCC) >/dev/null 2>&1; then \
		echo "fuzz: no $(FUZZCC) (Debian package clang): cannot build the fuzz targets" >&2; \
		exit 1; fi
	@$(MAKE) --no-print-directory CC=$(FUZZCC) BUILD=$(FUZZBUILD) OPT='-O1 -g' \
		SANFLAGS='$(FUZZFLAGS) -fsanitize=fuzzer-no-link' \
		CPPFLAGS='-DDK_READ_CHUNK=16' $(FUZZBUILD)/libdk.a
	@$(MAKE) --no-print-directory CC=$(FUZZCC) BUILD=$(FUZZBUILD) OPT='-O1 -g' \
		SANFLAGS='$(FUZZFLAGS) -fsanitize=fuzzer-no-link' \
		CPPFLAGS='-DDK_READ_CHUNK=16' $(addprefix $(FUZZBUILD)/fuzz/,$(FUZZERS))

$(FUZZBUILD)/fuzz/%: tests/fuzz/%.c tests/fuzz/fuzz.h $(wildcard cmd/*/*.[ch]) $(LIBA) common/*.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -Icmd/htmlstrip -Icmd/spotmatch -o $@ \
		$< $(FUZZSRC_$*) $(LIBA) $(ALL_LDFLAGS) -fsanitize=fuzzer $(LIBS)

# The same targets with a plain main() (tests/fuzz/replay.c), built by
# `make check` with the project's compiler: t0030 replays the seeds and the
# regression inputs through them.
REPLAYS = $(addprefix $(BUILD)/replay/,$(FUZZERS))
replays: $(REPLAYS)
$(BUILD)/replay/%: tests/fuzz/%.c tests/fuzz/replay.c tests/fuzz/fuzz.h $(wildcard cmd/*/*.[ch]) \
		$(LIBA) common/*.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icmd/htmlstrip -Icmd/spotmatch -o $@ \
		$< tests/fuzz/replay.c $(FUZZSRC_$*) $(LIBA) $(ALL_LDFLAGS) $(LIBS)

# Each target for FUZZTIME seconds on its corpus (seeded from the test
# fixtures), one at a time; a crash stops with the input saved.
fuzz: all fuzz-build
	FUZZTIME=$(FUZZTIME) sh tests/fuzz/run.sh $(FUZZBUILD) $(FUZZERS)

bench: deps
	@$(MAKE) --no-print-directory all
	DK_BIN=$(CURDIR)/$(BUILD)/bin sh tests/bench/run.sh

demo:
	@sh .ci/deps build
	@$(MAKE) --no-print-directory all
	@sh examples/demo.sh $(BUILD)/bin

install: all
	mkdir -p "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANPREFIX)/man1" \
		"$(DESTDIR)$(MANPREFIX)/man5" "$(DESTDIR)$(MANPREFIX)/man7"
	for p in $(PROGS); do cp -f "$(BUILD)/bin/$$p" "$(DESTDIR)$(BINDIR)/$$p" && \
		chmod 755 "$(DESTDIR)$(BINDIR)/$$p" || exit 1; done
	for m in $(MANS); do s=$${m##*.}; \
		mkdir -p "$(DESTDIR)$(MANPREFIX)/man$$s" && \
		cp -f "$$m" "$(DESTDIR)$(MANPREFIX)/man$$s/" && \
		chmod 644 "$(DESTDIR)$(MANPREFIX)/man$$s/$${m##*/}" || exit 1; done
	mkdir -p "$(DESTDIR)$(DATADIR)"
	for f in $(SHARED); do cp -f "examples/$$f" "$(DESTDIR)$(DATADIR)/$$f" && \
		chmod 644 "$(DESTDIR)$(DATADIR)/$$f" || exit 1; done
	chmod 755 "$(DESTDIR)$(DATADIR)/srun-sh"

uninstall:
	for p in $(PROGS); do rm -f "$(DESTDIR)$(BINDIR)/$$p"; done
	for m in $(MANS); do s=$${m##*.}; \
		rm -f "$(DESTDIR)$(MANPREFIX)/man$$s/$${m##*/}"; done
	for f in $(SHARED); do rm -f "$(DESTDIR)$(DATADIR)/$$f"; done
	-rmdir "$(DESTDIR)$(DATADIR)" 2>/dev/null

clean:
	rm -rf build build-san build-fuzz tests/test-results tests/trash\ directory.*

.PHONY: all deps check units replays sanitize valgrind fuzz fuzz-build bench demo install uninstall clean
