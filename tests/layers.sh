#!/bin/sh
# Checks that the files of bot/ call each other one way only: each file
# has a layer (the table below: every file of bot/ must be in it), and a
# call from one file into a function defined in another must go to a
# lower layer, so no two files call each other, directly or around a loop.
# Exits 1, naming each call that goes the wrong way (or a file with no
# layer).
#
# Calls are found in the source with its comments and string literals
# taken out (gcc -fpreprocessed): an identifier followed by "(" is a call
# of the function of that name defined in bot/ (in KNF a definition starts
# its line with the name; one after a line starting "static" is the
# file's own).  Calls through a pointer are not seen: by design they go
# up, each registered by a file above (the transport's sinks and hooks, by
# which it reports to the core; the timers; a table's clock reporting to
# table.c, table-play.c and presence.c through b->events, which bot.c
# fills; dispatch calling a command through its table entry).
#
# sh tests/layers.sh [-v]   (-v prints every call between two files)
set -eu
cd "$(dirname "$0")/.."

layers='
log.c		0	leaf: the log
outbuf.c	0	leaf: bytes waiting for a socket
ircline.c	0	leaf: reading, parsing and writing lines
bucket.c	0	leaf: the token bucket
buf.c		0	leaf: growable strings
digest.c	0	leaf: SHA-256 and random bytes
calendar.c	0	leaf: the seasons on the calendar
hash.c		0	leaf: the indexes (of the core and the queue)
pollset.c	0	leaf: the descriptors a wait polls
database.c	0	leaf: the configured database opened on its network, with its settings
nick.c		0	leaf: nicks compared as IRC does
queue-line.c	1	leaf: the lines of the outgoing queue, by target and number
queue-merge.c	2	leaf: channel lines merged while they wait
queue.c		3	leaf: the outgoing queue, the scheduler of the pipe
timer.c		1	leaf: timers in a heap
render.c	1	leaf: the rules markup rendered for IRC
ident.c		1	leaf: who someone is (struct who)
net-tls.c	2	connection: TLS
net.c		3	connection: socket, backoff, buffers
session-out.c	2	session: its actions
session-sasl.c	3	session: SASL, IDENTIFY
session-cap.c	4	session: CAP
session.c	5	session: registration, nick, liveness
irc-feed.c	2	glue: lines rewritten for libircclient
irc-glue.c	4	glue: libircclient
relay-link.c	6	relay: one connection, session and glue
chan.c		7	core: channels and their members
say.c		7	core: every line said, into the queue
pager.c		8	core: long private texts, page by page
replay.c	2	core: stored games read back
prefs.c		7	core: players preferences, read when known
table-clock.c	7	core: every timer of a table
who.c		8	core: what the network tells of people
seat.c		8	core: who sits where
ignore.c	8	core: the ignore list
limit.c		8	core: the per-user command limit
table-out.c	8	core: what a table says, rendered
table-story.c	9	core: the end of a game told: key, reveal, ledger
table-ai.c	9	core: AI seats at a game
table-window.c	9	core: a window that ends when nobody is left to answer
join.c		9	core: which channels to join
ctcp.c		9	core: CTCP answers
notify.c	9	core: a call to play when a lobby opens
ended.c		9	core: games just over, a late move told so
season.c	9	core: seasons, their ends announced
dbwatch.c	9	core: the database files watched
network.c	7	core: the network name, from the server for a league bot
cmd-table.c	9	commands: the groups and lookups
table.c		10	core: lobby, deal, end and record
table-play.c	11	core: moves, and the clock reports
presence.c	12	core: players who part and come back
cmd-game.c	12	commands: in a game
cmd-stats.c	12	commands: records
cmd-league.c	12	commands: ratings
cmd-story.c	13	commands: replays, history, bluffs
cmd-lobby.c	12	commands: lobbies
table-resume.c	13	core: games across restarts
dispatch.c	13	commands: a line becomes a command
cmd-admin.c	13	commands: admins
cmd-misc.c	13	commands: help, rules, settings
bot.c		14	core: the entry points, events routed
relay.c		15	relay: connection and link, across connections
export-html.c	13	the stats page: the pieces its pages share
export-player.c	14	the stats page: the page of each player
export-game.c	14	the stats page: the page of each recent game
export.c	15	the stats page, written as files
publish.c	16	the stats page kept fresh by the running bot
loop.c		17	the event loop
offline.c	16	the offline tasks: backup, replay, verify, export
main.c		18	the program
'

verbose=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each file, comments and strings out, as "FILE<TAB>line".
for f in bot/*.c bot/*/*.c; do
	gcc -fpreprocessed -dD -E -P "$f" 2>/dev/null |
	    sed -e 's/"\([^"\\]\|\\.\)*"/""/g' \
	        -e "s/'\\([^'\\\\]\\|\\\\.\\)'/''/g" |
	    awk -v f="${f##*/}" '{ print f "\t" $0 }'
done >"$tmp/src"

echo "$layers" | awk 'NF >= 2 { print $1 "\t" $2 }' >"$tmp/layers"
for f in bot/*.c bot/*/*.c; do
	if ! grep -q "^${f##*/}	" "$tmp/layers"; then
		echo "layers: $f has no layer in tests/layers.sh"
		exit 1
	fi
done

awk -F'\t' -v verbose="$verbose" '
FNR == 1 { pass++ }
pass == 1 { layer[$1] = $2; next }
# Definitions: the name at the start of the line, "(" after it.
pass == 2 {
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
function node(file) {
	if (!(file in layer) && !(file in told)) {
		printf "layers: %s has no layer in tests/layers.sh\n", file
		told[file] = 1
		bad++
	}
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
		from = node($1)
		to = node(def[name])
		if (from == to)
			continue
		key = from " -> " to
		if (!(key in seen)) {
			seen[key] = name
			if (verbose != "")
				printf "%-15s (%2d) -> %-15s (%2d)  %s()\n", \
				    from, layer[from], to, layer[to], name
		}
		if (layer[from] + 0 <= layer[to] + 0) {
			printf "layers: %s (layer %d) calls %s() of %s " \
			    "(layer %d)\n", $1, layer[from], name, def[name], \
			    layer[to]
			bad++
		}
	}
}
END {
	if (bad > 0) {
		printf "layers: %d call(s) against the layers\n", bad
		exit 1
	}
	n = 0
	for (k in seen)
		n++
	printf "layers: %d links between files, every one downward\n", n
}' "$tmp/layers" "$tmp/src" "$tmp/src"
