#!/bin/sh
# Checks that the product's files call each other one way only.  Each
# file of alloc/, games/, config/, storage/ and bot/ has a layer (the
# tables below: every file must be in one), each folder a rank, and a
# call from one file into a function defined in another must go to a
# lower layer of its own folder or to a folder of lower rank.  Then the
# whole call graph, every link between two files, goes through tsort(1),
# which names any loop of files: the layers forbid one, and this says so
# by the graph itself, not by the table.  Exits 1, naming each call that
# goes the wrong way, each file with no layer, or the loop.
#
# Calls are found in the source with its comments and string literals
# taken out (gcc -fpreprocessed): an identifier followed by "(" is a call
# of the function of that name defined in the product (in KNF a
# definition starts its line with the name; one after a line starting
# "static" is the file's own).  Calls through a pointer are not seen: by
# design they go up, each registered by a file above (the transport's
# sinks and hooks, by which it reports to the core; the timers; a table's
# clock reporting to table.c, table-play.c and presence.c through
# b->events, which bot.c fills; dispatch calling a command through its
# table entry; a variant's rules through its struct game_ops; Questions'
# hooks into Cheat's rules).
#
# Then tests/ai-includes.sh: what a variant's AI files may include.
#
# sh tests/layers.sh [-v]   (-v prints every call between two files)
set -eu
cd "$(dirname "$0")/.."

# The folders, lowest first: a file may call into a folder of lower rank
# (config/ and storage/ share one: neither calls the other).
ranks=$(cat <<'EOF'
alloc	0	allocation that cannot fail
games	1	the rules: libc and games/ alone
config	2	the configuration read and checked
storage	2	the records
bot	3	the process
EOF
)

# Every file: its path, its layer within its folder, what it holds.
layers=$(cat <<'EOF'
alloc/xalloc.c              0  allocation that cannot fail

config/conf-text.c          0  what configured text must look like
config/questions.c          0  a question file loaded and checked
config/conf.c               1  the settings table, without the file format
config/conf-load.c          2  a libconfig file read over the settings

storage/store-text.c        0  leaf: text and time, nothing of the store
storage/awards.c            0  leaf: a finished game's awards, by seat
storage/rating.c            0  leaf: the rating method's arithmetic
storage/solo.c              0  leaf: the solo ladder's anchors and titles
storage/schema.c            0  leaf: the text of every statement
storage/schema-pg.c         0  leaf: a new PostgreSQL database's schema
storage/target.c            0  leaf: a database's name, read as libpq does
storage/pq-load.c           0  leaf: libpq loaded at the first open
storage/db.c                1  the engine: db.h passed on to SQLite or libpq
storage/db-sqlite.c         2  the engine: SQLite
storage/db-pgsql.c          2  the engine: PostgreSQL
storage/store-fail.c        3  a failure's cause said, its work rolled back
storage/db-watch.c          4  a writing connection's files watched
storage/claim-net.c         4  a league bot's claim on its network
storage/migrate.c           4  the migrations
storage/store-sql.c         5  statements run and stepped, transactions
storage/db-file.c           6  SQLite's file: claim, backup, check, modes
storage/league.c            6  ratings moved and read back
storage/copy.c              6  a whole database copied into another
storage/export.c            6  the stats page's reads
storage/game-log.c          7  games and their move log
storage/stats.c             7  what is read back of finished games
storage/solo-ladder.c       7  the solo ladder moved by a finished game
storage/store.c             7  the store opened, claimed and closed
storage/season.c            8  seasons, their numbers and boards
storage/game-finish.c       9  a game's end recorded, in one transaction

games/game.c                0  the contract's half every variant shares
games/rng.c                 0  the seeded generator every deal comes from
games/cards.c               1  playing cards
games/deal-key.c            1  the deal key, written and read
games/ai.c                  1  AI seats: levels, when one acts, its move typed
games/ai-search.c           2  the expert AI's search, for every variant
games/ai-player.c           3  an AI seat kept: mind, level, the expert sent to search
games/ai-play.c             4  whole games between AI seats, refereed
games/story.c               1  a game's story: replay, ledger, titles

games/cheat/cheat-observe.c 2  Cheat: what a seat may know
games/cheat/cheat-ai-read.c 2  Cheat: what an AI seat reads of the table
games/cheat/cheat.c         3  Cheat: the state and the rules
games/cheat/cheat-parse.c   4  Cheat: a move typed, parsed and checked
games/cheat/cheat-auto.c    4  Cheat: timeouts, sampling, invariants
games/cheat/cheat-story.c   4  Cheat: its story
games/cheat/cheat-ai-play.c 4  Cheat: an AI seat's play at its turn
games/cheat/cheat-ai.c      5  Cheat: the AI's mind, its calls, questions
games/cheat/questions.c     5  Questions: Cheat extended through its hooks
games/cheat/cheat-ai-world.c 6  Cheat: the expert's worlds by the claims, its calls, plays

games/cheater/cheater-cards.c    1  CHEATER: its cards
games/cheater/cheater-observe.c  1  CHEATER: what a seat may know
games/cheater/cheater-parse.c    2  CHEATER: a move typed, parsed and checked
games/cheater/cheater-story.c    2  CHEATER: its story
games/cheater/cheater-ai-eval.c  2  CHEATER: what a hand is worth to an AI
games/cheater/cheater.c          3  CHEATER: the state, the turn, what a move says
games/cheater/cheater-ai-count.c 3  CHEATER: the normal AI's turn, by counting
games/cheater/cheater-ai-play.c  3  CHEATER: the AI's choices by a hand's worth
games/cheater/cheater-play.c     4  CHEATER: what the moves do
games/cheater/cheater-auto.c     4  CHEATER: timeouts, sampling, invariants
games/cheater/cheater-ai.c       4  CHEATER: the AI's mind and memory

games/liarsuno/liarsuno-cards.c   1  Liar's UNO: its cards
games/liarsuno/liarsuno-observe.c 2  Liar's UNO: what a seat may know
games/liarsuno/liarsuno.c         3  Liar's UNO: the state, deal, turn order
games/liarsuno/liarsuno-ai-read.c 3  Liar's UNO: what an AI seat reads
games/liarsuno/liarsuno-turn.c    4  Liar's UNO: draws, the turn moved on
games/liarsuno/liarsuno-wlc.c     5  Liar's UNO: the Wild Liar's Challenge
games/liarsuno/liarsuno-parse.c   6  Liar's UNO: a move typed and checked
games/liarsuno/liarsuno-play.c    6  Liar's UNO: what the moves do
games/liarsuno/liarsuno-auto.c    7  Liar's UNO: timeouts, sampling, checks
games/liarsuno/liarsuno-story.c   7  Liar's UNO: its story
games/liarsuno/liarsuno-ai-play.c 7  Liar's UNO: an AI seat's turn
games/liarsuno/liarsuno-ai.c      8  Liar's UNO: the AI's mind and its calls

games/cheesedog/cheesedog-state.c     2  Cheesedog: the queries on a game
games/cheesedog/cheesedog-observe.c   3  Cheesedog: what a seat may know
games/cheesedog/cheesedog-parse.c     3  Cheesedog: a move typed and checked
games/cheesedog/cheesedog-story.c     3  Cheesedog: its story
games/cheesedog/cheesedog-view.c      3  Cheesedog: what the table is told
games/cheesedog/cheesedog-ai-normal.c 3  Cheesedog: the normal AI
games/cheesedog/cheesedog.c           4  Cheesedog: the rules, moves applied
games/cheesedog/cheesedog-auto.c      4  Cheesedog: timeouts, sampling, checks
games/cheesedog/cheesedog-ai-hard.c   5  Cheesedog: the hard AI
games/cheesedog/cheesedog-ai.c        6  Cheesedog: the AI's mind, the easy AI

bot/lib/log.c               0  leaf: the log
bot/lib/lang.c              0  leaf: the language written in (gettext)
bot/net/outbuf.c            0  leaf: bytes waiting for a socket
bot/net/ircline.c           0  leaf: reading, parsing and writing lines
bot/lib/bucket.c            0  leaf: the token bucket
bot/lib/buf.c               0  leaf: growable strings
bot/lib/digest.c            0  leaf: SHA-256 and random bytes
bot/lib/calendar.c          0  leaf: the seasons on the calendar
bot/lib/hash.c              0  leaf: the indexes (of the core and the queue)
bot/lib/pollset.c           0  leaf: the descriptors a wait polls
bot/database.c              0  the configured database opened on its network
bot/core/nick.c             0  leaf: nicks compared as IRC does
bot/lib/queue-line.c        1  leaf: the outgoing lines, by target and number
bot/lib/queue-merge.c       2  leaf: channel lines merged while they wait
bot/lib/queue.c             3  leaf: the outgoing queue, the pipe's scheduler
bot/core/timer.c            1  leaf: timers in a heap
bot/core/render.c           1  leaf: the rules markup rendered for IRC
bot/core/ident.c            1  leaf: who someone is (struct who)
bot/net/net-tls.c           2  connection: TLS
bot/net/net.c               3  connection: socket, backoff, buffers
bot/net/session-out.c       2  session: its actions
bot/net/session-sasl.c      3  session: SASL, IDENTIFY
bot/net/session-cap.c       4  session: CAP
bot/net/session.c           5  session: registration, nick, liveness
bot/net/irc-feed.c          2  glue: lines rewritten for libircclient
bot/net/irc-glue.c          4  glue: libircclient
bot/net/relay-link.c        6  relay: one connection, session and glue
bot/core/chan.c             7  core: channels and their members
bot/core/say.c              7  core: every line said, into the queue
bot/core/pager.c            8  core: long private texts, page by page
bot/core/replay.c           2  core: stored games read back
bot/core/prefs.c            7  core: players preferences, read when known
bot/core/table-clock.c      7  core: every timer of a table
bot/core/who.c              8  core: what the network tells of people
bot/core/seat.c             8  core: who sits where
bot/core/ignore.c           8  core: the ignore list
bot/core/limit.c            8  core: the per-user command limit
bot/core/table-out.c        8  core: what a table says, rendered
bot/core/table-story.c      9  core: the end of a game told: key, reveal, ledger
bot/core/table-ai.c         9  core: AI seats at a game
bot/core/table-window.c     9  core: a window that ends when nobody may answer
bot/core/join.c             9  core: which channels to join
bot/core/ctcp.c             9  core: CTCP answers
bot/core/notify.c           9  core: a call to play when a lobby opens
bot/core/ended.c            9  core: games just over, a late move told so
bot/core/season.c           9  core: seasons, their ends announced
bot/core/dbwatch.c          9  core: the database files watched
bot/core/share.c           10  core: a league's channels shared among its bots
bot/core/network.c          7  core: the network's name, for a league bot
bot/cmd/cmd-table.c         9  commands: the groups and lookups
bot/core/table.c           10  core: lobby, deal, end and record
bot/core/table-play.c      11  core: moves, and the clock reports
bot/core/presence.c        12  core: players who part and come back
bot/cmd/cmd-game.c         12  commands: in a game
bot/cmd/cmd-stats.c        12  commands: records
bot/cmd/cmd-league.c       12  commands: ratings
bot/cmd/cmd-story.c        13  commands: replays, history, bluffs
bot/cmd/cmd-lobby.c        12  commands: lobbies
bot/core/table-resume.c    13  core: games across restarts
bot/cmd/dispatch.c         13  commands: a line becomes a command
bot/cmd/cmd-admin.c        13  commands: admins
bot/cmd/cmd-misc.c         13  commands: help, rules, settings
bot/core/bot.c             14  core: the entry points, events routed
bot/net/relay.c            15  relay: connection and link, across connections
bot/export-html.c          13  the stats page: the pieces its pages share
bot/export-player.c        14  the stats page: the page of each player
bot/export-game.c          14  the stats page: the page of each recent game
bot/export.c               15  the stats page, written as files
bot/publish.c              16  the stats page kept fresh by the running bot
bot/loop.c                 17  the event loop
bot/offline.c              16  the offline tasks: backup, replay, verify, export
bot/main.c                 18  the program
EOF
)

verbose=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(ls alloc/*.c games/*.c games/*/*.c config/*.c storage/*.c \
    bot/*.c bot/*/*.c)

# Each file, comments and strings out, as "FILE<TAB>line".
for f in $files; do
	gcc -fpreprocessed -dD -E -P "$f" 2>/dev/null |
	    sed -e 's/"\([^"\\]\|\\.\)*"/""/g' \
	        -e "s/'\\([^'\\\\]\\|\\\\.\\)'/''/g" |
	    awk -v f="$f" '{ print f "\t" $0 }'
done >"$tmp/src"

echo "$ranks" | awk -F'\t' 'NF >= 2 { print $1 "\t" $2 }' >"$tmp/ranks"
echo "$layers" | awk 'NF >= 2 { print $1 "\t" $2 }' >"$tmp/layers"
for f in $files; do
	if ! grep -q "^$f	" "$tmp/layers"; then
		echo "layers: $f has no layer in tests/layers.sh"
		exit 1
	fi
done

# The links between files, "CALLER<TAB>CALLEE<TAB>FUNCTION", the first
# function seen for each pair; the calls against the layers said.
awk -F'\t' -v verbose="$verbose" -v links="$tmp/links" '
FNR == 1 { pass++ }
pass == 1 { rank[$1] = $2; next }
pass == 2 { layer[$1] = $2; next }
# Definitions: the name at the start of the line, "(" after it.
pass == 3 {
	if (match($2, /^[a-z_][a-z0-9_]*\(/)) {
		name = substr($2, 1, RLENGTH - 1)
		if (prev[$1] ~ /^static/)
			local[$1 SUBSEP name] = 1
		else
			def[name] = $1
	}
	prev[$1] = $2
	next
}
function folder(file) {
	sub(/\/.*/, "", file)
	return file
}
# Calls: every other identifier followed by "(".
{
	line = $2
	if (match(line, /^[a-z_][a-z0-9_]*\(/))
		line = substr(line, RLENGTH + 1)
	while (match(line, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
		name = substr(line, RSTART, RLENGTH)
		sub(/[ \t]*\($/, "", name)
		line = substr(line, RSTART + RLENGTH)
		if (($1 SUBSEP name) in local || !(name in def))
			continue
		from = $1
		to = def[name]
		if (from == to)
			continue
		key = from "\t" to
		if (!(key in seen)) {
			seen[key] = name
			print key "\t" name >links
			if (verbose != "")
				printf "%-34s (%s %2d) -> %-34s (%s %2d)  %s()\n",
				    from, rank[folder(from)], layer[from], to,
				    rank[folder(to)], layer[to], name
		}
		ff = folder(from)
		ft = folder(to)
		if (ff != ft && rank[ff] + 0 <= rank[ft] + 0) {
			printf "layers: %s (%s/, rank %d) calls %s() of %s " \
			    "(%s/, rank %d)\n", from, ff, rank[ff], name, to,
			    ft, rank[ft]
			bad++
		} else if (ff == ft && layer[from] + 0 <= layer[to] + 0) {
			printf "layers: %s (layer %d) calls %s() of %s " \
			    "(layer %d)\n", from, layer[from], name, to,
			    layer[to]
			bad++
		}
	}
}
END {
	if (bad > 0)
		printf "layers: %d call(s) against the layers\n", bad
	exit bad > 0
}' "$tmp/ranks" "$tmp/layers" "$tmp/src" "$tmp/src" || bad=1

# The whole graph: tsort(1) orders it, or names the files of each loop,
# which a call against the layers may have closed: a loop is broken by
# what it means, a call merely against the table by a layer raised.
if ! awk -F'\t' '{ print $2, $1 }' "$tmp/links" | tsort >/dev/null \
    2>"$tmp/loop"; then
	sed 's/^tsort: -: /layers: /; s/^tsort: /layers:   /' "$tmp/loop"
	bad=1
fi

# What an AI file may include: its contract, libc and its own game.
sh tests/ai-includes.sh || bad=1
[ -z "${bad:-}" ] || exit 1
n=$(wc -l <"$tmp/links")
echo "layers: $n links between $(echo "$files" | wc -w) files," \
    "every one downward, no loop"
