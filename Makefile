# cheaterbot: an IRC bot that moderates bluffing and shedding card games.
#
#   make run     install what is missing, build, start a private ngircd on
#                127.0.0.1 and the bot in #cheater (Ctrl-C stops both)
#   make test    install what is missing, build with -Werror and ASan+UBSan
#                (and the optimised binary), run every suite; ends with
#                "N passed, N failed"
#   make test-load   make test with every core kept busy by stress-ng:
#                a test that races a timer fails here
#   make sim GAMES=N   a long random-play pass over every variant
#   make fuzz    build the libFuzzer targets (clang) into build/fuzz and run
#                each briefly; FUZZ_SECONDS=N runs each longer
#   make bench   the optimised binary and bench programs (no sanitizers):
#                rules speed, reply latency on ngircd, lines per move,
#                a move's commit on SQLite and on PostgreSQL; one table,
#                and build/bench/results.json
#   make tournament  the AI levels against each other in every variant:
#                the pairings and the simple strategies
#                (bench/tournament.c), tables and build/tournament.json;
#                then the pairings as the solo ladder sees them and the
#                anchors it asks for, storage/solo.c's rows to copy
#   make anchors the tournament's pairings and anchors alone
#   make flood   the flood test at the bot's true default rate against a
#                strict InspIRCd (make test runs it with time scaled down)
#   make deps    install the Debian packages that are missing
#   make format  clang-format every C file
#   make docs    regenerate docs/commands.md from the command tables
#   make layers  check that the product's files call each other one way
#                only, no loop anywhere (tests/layers.sh; make test runs
#                it first)
#   make honest  check over the built objects that games/ and alloc/ hold
#                no writable data and refer to nothing of bot/, storage/
#                or config/ (tests/honest.sh; make test runs it after
#                the build)
#   make all     the optimised binary, build/rel/cheaterbot
#   make install     the binary, its man pages, the example configuration
#                and the systemd unit under PREFIX (/usr/local), DESTDIR
#                before every path; make uninstall removes them

VERSION := 0.1.0

# Debian packages the build, the tests and `make run` need: libpq-dev for
# the PostgreSQL backend, postgresql for the private server the tests
# start (tests/lib/pgsql.h), mandoc for the man pages' lint
# (tests/integration/test-install.c), stress-ng for make test-load.
DEBS := gcc make pkg-config libc6-dev libircclient-dev libconfig-dev \
	libsqlite3-dev libssl-dev libcmocka-dev ngircd sqlite3 clang \
	inspircd python3 chromium man-db groff-base systemd procps e2fsprogs \
	postgresql libpq-dev mandoc stress-ng gettext

CC ?= cc
# Where `make install` puts things (more of them below, with install):
# PREFIX and the data directory come first, because the binary is built
# knowing where its message catalogs will be (bot/lib/lang.c).
PREFIX ?= /usr/local
DATAROOTDIR ?= $(PREFIX)/share
LOCALEDIR ?= $(DATAROOTDIR)/locale
# The languages the bot writes besides English: one po/LL.po each.
LINGUAS := $(sort $(basename $(notdir $(wildcard po/*.po))))
# Their catalogs as built, where a bot run from the source tree reads them.
MO := $(LINGUAS:%=build/locale/%/LC_MESSAGES/cheaterbot.mo)
# Sources made at build time (the built-in question set).
GEN := build/gen
PKGS := libconfig sqlite3 openssl libpq
WARN := -Wall -Wextra -Wformat=2 -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wwrite-strings -Wvla -Werror
BASE_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-DCHEATERBOT_VERSION='"$(VERSION)"' \
	-DCHEATERBOT_LOCALEDIR='"$(LOCALEDIR)"' $(WARN) -MMD -MP -I. -I$(GEN)
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
TEST_CFLAGS := $(BASE_CFLAGS) -O1 -g $(SAN)
REL_CFLAGS := $(BASE_CFLAGS) -O2 -g
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# libpq is not linked into the bot: storage/pq-load.c loads it when a
# PostgreSQL database is opened, so a bot on SQLite never pays for its
# libraries.  The tests and the bench, which start PostgreSQL servers and
# talk to them (tests/lib/pgsql.c), link it.
PKG_LIBS = $(shell pkg-config --libs $(filter-out libpq,$(PKGS)) 2>/dev/null)
PQ_LIBS = $(shell pkg-config --libs libpq 2>/dev/null)
LIBS = $(PKG_LIBS) -lircclient -lm

LIB_SRC := $(sort $(wildcard alloc/*.c games/*.c games/*/*.c storage/*.c config/*.c) \
	$(filter-out bot/main.c,$(wildcard bot/*.c bot/*/*.c)))
TESTLIB_SRC := $(sort $(wildcard tests/lib/*.c))
# The suites that take longest start first (tests/run-suites.sh runs
# three at once, in this order): test-resume alone is four to ten
# minutes, and started last it would run on by itself at the end.
LONG_TESTS := tests/integration/test-resume.c \
	tests/integration/test-ai-game.c tests/integration/test-hostile.c \
	tests/integration/test-flood.c
TEST_SRC := $(LONG_TESTS) $(filter-out $(LONG_TESTS),$(sort $(wildcard \
	tests/unit/test-*.c tests/sim/test-*.c tests/integration/test-*.c)))

T := build/test
R := build/rel
B := build/bench
LIB_T := $(LIB_SRC:%.c=$(T)/%.o)
LIB_R := $(LIB_SRC:%.c=$(R)/%.o)
TESTLIB_T := $(TESTLIB_SRC:%.c=$(T)/%.o)
TEST_BINS := $(TEST_SRC:%.c=$(T)/%)
# The bench programs are not suites (bench/ is outside TEST_SRC's globs):
# optimised like the binary, with the players', ngircd's and the private
# PostgreSQL server's test code (bench-store times commits on one).
BENCH_BINS := $(B)/bench-rules $(B)/bench-store $(B)/bench-net \
	$(B)/bench-pipe $(B)/bench-solo
BENCH_LIB := $(B)/bench/bench.o $(B)/bench/sim.o $(B)/bench/echo.o \
	$(R)/tests/lib/client.o \
	$(R)/tests/lib/ngircd.o $(R)/tests/lib/pgsql.o $(R)/tests/lib/harness.o

# Where `make install` puts things: GNU's directory variables, each
# settable (make install PREFIX=/usr), and DESTDIR before every one of
# them for a package's staging tree.  As Meson does, PREFIX=/usr puts the
# configuration in /etc rather than /usr/etc.  STATEDIR is the systemd
# unit's StateDirectory= (always under /var/lib), where the installed
# configuration puts the database.
EXEC_PREFIX ?= $(PREFIX)
BINDIR ?= $(EXEC_PREFIX)/bin
MANDIR ?= $(DATAROOTDIR)/man
SYSCONFDIR ?= $(if $(filter /usr,$(PREFIX)),/etc,$(PREFIX)/etc)
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
STATEDIR := /var/lib/cheaterbot
INSTALL ?= install
# The files made for an install, the directories filled in.
I := build/install
SUBST = sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g' \
	-e 's|@STATEDIR@|$(STATEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
	-e 's|@SYSTEMDUNITDIR@|$(SYSTEMDUNITDIR)|g' \
	-e 's|@LOCALEDIR@|$(LOCALEDIR)|g'
# Every file install puts, but the configuration, which it keeps when an
# operator has edited it.
INSTALLED := $(BINDIR)/cheaterbot $(MANDIR)/man1/cheaterbot.1 \
	$(MANDIR)/man5/cheaterbot.cfg.5 $(SYSTEMDUNITDIR)/cheaterbot.service \
	$(LINGUAS:%=$(LOCALEDIR)/%/LC_MESSAGES/cheaterbot.mo)
CFG := $(SYSCONFDIR)/cheaterbot/cheaterbot.cfg

# libFuzzer targets: clang only, the whole library built again with the
# fuzzer's coverage hooks.  Each runs as a suite through a small script
# (build/fuzz/run/NAME) so run-suites.sh counts it like the others.
F := build/fuzz
FUZZ_CC := clang
FUZZ_SAN := -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := $(BASE_CFLAGS) -O1 -g $(FUZZ_SAN)
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz-*.c))
FUZZ_NAMES := $(notdir $(FUZZ_SRC:.c=))
FUZZ_BINS := $(FUZZ_NAMES:%=$(F)/%)
FUZZ_RUNS := $(FUZZ_NAMES:%=$(F)/run/%)
# The storage suites whose tests run on PostgreSQL as well: each runs a
# second time through a small script (build/test/pg/NAME) that sets
# STORE_ENGINE=pgsql (tests/lib/store-files.h).
PG_SUITES := test-store test-store-ai test-store-bluffs test-store-losses \
	test-store-rating test-store-season test-store-stats test-store-titles \
	test-store-copy test-store-solo test-store-solo-titles
PG_RUNS := $(PG_SUITES:%=$(T)/pg/%)
.SECONDARY: $(PG_SUITES:%=$(T)/tests/unit/%)
LIB_F := $(LIB_SRC:%.c=$(F)/%.o)
# Reached only through pattern rules, which would make them intermediate
# files that make deletes after each build.
.SECONDARY: $(LIB_F) $(FUZZ_BINS) $(FUZZ_SRC:%.c=$(F)/%.o) \
	$(F)/tests/fuzz/fuzz.o $(F)/tests/lib/harness.o

.PHONY: all run test test-load sim fuzz bench tournament anchors flood deps docs \
	format layers honest clean install uninstall pot
.DEFAULT_GOAL := all

all: $(R)/cheaterbot $(MO)

# The message catalog's template: every text marked for translation
# (games/intl.h) in the sources, for translators (docs/translating.md).
XGETTEXT := xgettext --language=C --from-code=UTF-8 --keyword=_ \
	--keyword=N_ --add-comments=TRANSLATORS: \
	--sort-by-file \
	--package-name=cheaterbot --package-version=$(VERSION) \
	--msgid-bugs-address=cheaterbot
# make test builds it afresh into build/po, and tests/unit/test-lang.c
# checks every catalog against it: a text marked and not translated
# fails the tests.  make pot refreshes the one translators start from.
pot: build/po/cheaterbot.pot
	cp build/po/cheaterbot.pot po/cheaterbot.pot
build/po/cheaterbot.pot: $(LIB_SRC) bot/main.c $(GEN)/questions-pot.c
	@mkdir -p $(dir $@)
	$(XGETTEXT) -o $@ $(LIB_SRC) bot/main.c $(GEN)/questions-pot.c

# The built-in questions as marked texts, for the template alone: a
# question is asked in the channel's language (bot/core/render.c).
$(GEN)/questions-pot.c: config/questions.txt
	@mkdir -p $(dir $@)
	@sed -e 's/\r$$//' -e 's/^[ \t]*//' -e 's/[ \t]*$$//' $< | \
	    grep -v -e '^#' -e '^$$' | sed -e 's/\\/\\\\/g' \
	    -e 's/"/\\"/g' -e 's|.*|/* TRANSLATORS: asked aloud in Questions. */ N_("&")|' \
	    >$@.tmp && mv $@.tmp $@

# The catalogs: one po/LL.po per language, built into build/locale,
# where a bot run from the source tree finds them (bot/lib/lang.c) and
# whence make install copies them.  msgfmt --check checks every format
# against its English one; a new catalog replaces the old by rename, as
# a running bot reads its catalog mapped.
build/locale/%/LC_MESSAGES/cheaterbot.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@.tmp $< && mv $@.tmp $@

# The default question set is config/questions.txt, built into the binary
# as one C string (config/questions.c includes it), so that the bot runs
# from any directory; the file stays the one source of truth.
$(GEN)/questions-text.h: config/questions.txt
	@mkdir -p $(dir $@)
	@{ echo '/* Generated from config/questions.txt by the Makefile. */'; \
	    echo 'static const char questions_builtin_text[] = ""'; \
	    sed -e 's/\r$$//' -e 's/\\/\\\\/g' -e 's/"/\\"/g' \
	    -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' $<; \
	    echo ';'; } >$@.tmp && mv $@.tmp $@

$(T)/config/questions.o $(R)/config/questions.o $(F)/config/questions.o: \
	$(GEN)/questions-text.h

$(T)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(R)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(B)/bench-%: $(B)/bench/bench-%.o $(BENCH_LIB) $(LIB_R)
	$(CC) $(REL_CFLAGS) -o $@ $^ $(LIBS) $(PQ_LIBS) -lm

$(R)/cheaterbot: $(R)/bot/main.o $(LIB_R)
	$(CC) $(REL_CFLAGS) -o $@ $^ $(LIBS)

$(T)/cheaterbot: $(T)/bot/main.o $(LIB_T)
	$(CC) $(TEST_CFLAGS) -o $@ $^ $(LIBS)

$(T)/tests/%: $(T)/tests/%.o $(TESTLIB_T) $(LIB_T)
	$(CC) $(TEST_CFLAGS) -o $@ $^ $(LIBS) $(PQ_LIBS) -lcmocka

# The tournament's view of the solo ladder, which calibrates the anchors.
$(T)/tests/unit/test-ladder: $(T)/bench/ladder.o

$(F)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(F)/fuzz-%: $(F)/tests/fuzz/fuzz-%.o $(F)/tests/fuzz/fuzz.o \
		$(F)/tests/lib/harness.o $(LIB_F)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LIBS)

$(F)/run/%: $(F)/%
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec sh tests/fuzz/run-fuzz.sh %s %s\n' \
		$(F)/$* tests/fuzz/corpus/$* >$@
	@chmod +x $@

# Every suite, one summary line.  Suites find the bot, ngircd and the
# shared rule texts through the environment.  The optimised binary is
# built too: -O2 finds warnings (maybe-uninitialized) that -O1 does not.
TEST_BUILD = $(MAKE) --no-print-directory $(T)/cheaterbot $(R)/cheaterbot \
	$(MO) build/po/cheaterbot.pot $(TEST_BINS) $(FUZZ_RUNS) $(PG_RUNS)
# The objects of both builds, the sanitized and the optimised, checked
# for state the rules could keep (docs/ai.md, "What an AI may know").
HONEST = sh tests/honest.sh $(T) $(R)
TEST_RUN = CHEATERBOT=$(T)/cheaterbot SIM_GAMES=$${SIM_GAMES:-200} \
	bash tests/run-suites.sh $(TEST_BINS) $(FUZZ_RUNS) $(PG_RUNS)
test: deps layers
	@$(TEST_BUILD)
	@$(HONEST)
	@$(TEST_RUN)

# Every suite, built as make test builds them, then run while stress-ng
# keeps every core busy (a CPU worker a core, started and stopped by its
# PID), as on a machine where other work runs: a test that waits for a
# short timer instead of an event fails here.  Ends with the suites' own
# line, and their exit status.
test-load: deps layers
	@$(TEST_BUILD)
	@$(HONEST)
	@stress-ng --cpu "$$(nproc)" --timeout 3h --quiet & load=$$!; \
	$(TEST_RUN); rc=$$?; \
	kill "$$load"; wait "$$load" 2>/dev/null; exit $$rc

$(T)/pg/%: $(T)/tests/unit/%
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nSTORE_ENGINE=pgsql exec %s "$$@"\n' $< >$@
	@chmod +x $@

fuzz: deps
	@$(MAKE) --no-print-directory $(FUZZ_RUNS)
	@bash tests/run-suites.sh $(FUZZ_RUNS)

sim: deps
	@$(MAKE) --no-print-directory $(T)/tests/sim/test-sim
	@SIM_GAMES=$${GAMES:-5000} bash tests/run-suites.sh $(T)/tests/sim/test-sim

# No timing is asserted anywhere: the figures and their targets are
# printed and written for a person to judge (docs/performance.md).
bench: deps
	@$(MAKE) --no-print-directory $(R)/cheaterbot $(BENCH_BINS)
	@CHEATERBOT=$(R)/cheaterbot sh bench/run.sh $(B)

# The AI levels against each other: the pairings (bench/tournament.c), a
# table and build/tournament.json, with simple strategies against AI
# seats (bench/strategy.h) as its second table, then the pairings as the
# solo ladder sees them (bench/ladder.h) and the anchors it asks for, the
# rows to copy into storage/solo.c (docs/league.md, The solo ladder);
# like the bench, nothing is asserted.
tournament: deps
	@$(MAKE) --no-print-directory $(B)/tournament
	@$(B)/tournament

$(B)/tournament: $(B)/bench/tournament.o $(B)/bench/strategy.o \
	$(B)/bench/strategy-cheat.o $(B)/bench/strategy-liarsuno.o \
	$(B)/bench/workers.o $(B)/bench/ladder.o $(LIB_R)
	$(CC) $(REL_CFLAGS) -o $@ $^ $(LIBS) -lm

# The pairings and the anchors alone, without the strategies.
anchors: deps
	@$(MAKE) --no-print-directory $(B)/tournament
	@PAIRINGS_ONLY=1 $(B)/tournament

# The flood test at FLOOD_SCALE=1: the bot's defaults as shipped, against
# InspIRCd's strict class (tests/integration/test-flood.c).
flood: deps
	@$(MAKE) --no-print-directory $(T)/cheaterbot \
		$(T)/tests/integration/test-flood
	@CHEATERBOT=$(T)/cheaterbot FLOOD_SCALE=$${FLOOD_SCALE:-1} \
		bash tests/run-suites.sh $(T)/tests/integration/test-flood

run: deps
	@$(MAKE) --no-print-directory $(R)/cheaterbot $(MO)
	@bash config/run-local.sh $(R)/cheaterbot

# The example configuration as installed: the same but for database,
# which is in the service's state directory (one source, config/).
$(I)/cheaterbot.cfg: config/cheaterbot.cfg
	@mkdir -p $(dir $@)
	@sed -e '1a\
# As installed by make install: database, below, is in the state\
# directory of the systemd unit (docs/operating.md, "The service").' \
	    -e 's|^database = "./cheaterbot.db";$$|database = "$(STATEDIR)/cheaterbot.db";|' \
	    $< >$@.tmp
	@grep -q '^database = "$(STATEDIR)/cheaterbot.db";$$' $@.tmp || \
	    { echo "$<: no database line to set"; rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@

# The unit and the man pages, their directories filled in: made anew each
# time, as they follow the variables.
install: $(R)/cheaterbot $(I)/cheaterbot.cfg $(MO)
	@mkdir -p $(I)
	@$(SUBST) config/cheaterbot.service.in >$(I)/cheaterbot.service
	@$(SUBST) man/cheaterbot.1.in >$(I)/cheaterbot.1
	@$(SUBST) man/cheaterbot.cfg.5.in >$(I)/cheaterbot.cfg.5
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" \
	    "$(DESTDIR)$(MANDIR)/man5" "$(DESTDIR)$(SYSTEMDUNITDIR)" \
	    "$(DESTDIR)$(SYSCONFDIR)/cheaterbot"
	$(INSTALL) -m 755 $(R)/cheaterbot "$(DESTDIR)$(BINDIR)/cheaterbot"
	$(INSTALL) -m 644 $(I)/cheaterbot.1 "$(DESTDIR)$(MANDIR)/man1/cheaterbot.1"
	$(INSTALL) -m 644 $(I)/cheaterbot.cfg.5 \
	    "$(DESTDIR)$(MANDIR)/man5/cheaterbot.cfg.5"
	$(INSTALL) -m 644 $(I)/cheaterbot.service \
	    "$(DESTDIR)$(SYSTEMDUNITDIR)/cheaterbot.service"
	@for l in $(LINGUAS); do \
		$(INSTALL) -d "$(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES" && \
		$(INSTALL) -m 644 build/locale/$$l/LC_MESSAGES/cheaterbot.mo \
		    "$(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/cheaterbot.mo" || \
		exit 1; \
	done
	@if [ -e "$(DESTDIR)$(CFG)" ] && \
	    ! cmp -s $(I)/cheaterbot.cfg "$(DESTDIR)$(CFG)"; then \
		echo "keeping $(DESTDIR)$(CFG): it differs from the example"; \
	else \
		$(INSTALL) -m 644 $(I)/cheaterbot.cfg "$(DESTDIR)$(CFG)"; \
	fi

# What install put; the configuration only when it is still the example,
# and its directory when that leaves it empty.
uninstall: $(I)/cheaterbot.cfg
	rm -f $(INSTALLED:%="$(DESTDIR)%")
	@if cmp -s $(I)/cheaterbot.cfg "$(DESTDIR)$(CFG)"; then \
		rm -f "$(DESTDIR)$(CFG)"; \
	elif [ -e "$(DESTDIR)$(CFG)" ]; then \
		echo "keeping $(DESTDIR)$(CFG): it differs from the example"; \
	fi
	@rmdir "$(DESTDIR)$(SYSCONFDIR)/cheaterbot" 2>/dev/null || true

# Installs exactly the missing packages: apt-get as root (refreshing the
# package lists first when they are empty or stale), else the one line to run.
deps:
	@missing=""; for p in $(DEBS); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | \
			grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	[ -z "$$missing" ] && exit 0; \
	if [ "$$(id -u)" != 0 ]; then \
		echo "missing packages; run: sudo apt-get install -y$$missing"; \
		exit 1; \
	fi; \
	echo "installing:$$missing"; \
	export DEBIAN_FRONTEND=noninteractive; \
	if ! ls /var/lib/apt/lists/*_Packages >/dev/null 2>&1; then \
		apt-get update -qq || exit 1; \
	fi; \
	apt-get install -y -qq $$missing >/dev/null || \
		{ apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; }

# The house's layers (docs/architecture.md, "The map"): no call from a
# file into one of a higher layer or folder, and no loop of files.
layers:
	@sh tests/layers.sh

# No writable data in the objects of games/ and alloc/, no reference from
# them into bot/, storage/ or config/: over both builds' objects.
honest: $(T)/cheaterbot $(R)/cheaterbot
	@$(HONEST)

# docs/commands.md from the command tables (a test checks it stays so).
docs:
	@$(MAKE) --no-print-directory $(T)/tests/unit/test-bot
	@CHEATERBOT_WRITE_DOCS=1 $(T)/tests/unit/test-bot >/dev/null

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
