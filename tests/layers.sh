#!/bin/sh
# Checks that the transport's files call each other one way only: each
# file of bot/ has a layer (the table below; a file not in it is the bot
# core's), and a call from one file into a function defined in another
# must go to a lower layer.  The core counts as one file: calls inside it
# are not looked at, and it may call nothing of the transport but the
# leaves.  Exits 1, naming each call that goes the wrong way.
#
# Calls are found in the source with its comments and string literals
# taken out (gcc -fpreprocessed): an identifier followed by "(" is a call
# of the function of that name defined in bot/ (in KNF a definition starts
# its line with the name; one after a line starting "static" is the
# file's own).  Calls through a pointer (the sinks and hooks by which the
# transport reports to the core) are not seen: by design they go up.
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
queue.c		1	leaf: the outgoing queue
net-tls.c	2	connection: TLS
net.c		3	connection: socket, backoff, buffers
session-out.c	2	session: its actions
session-sasl.c	3	session: SASL, IDENTIFY
session-cap.c	4	session: CAP
session.c	5	session: registration, nick, liveness
irc-feed.c	2	glue: lines rewritten for libircclient
irc-glue.c	3	glue: libircclient
relay-link.c	6	relay: one connection, session and glue
CORE		7	the bot core
relay.c		8	relay: connection and link, across connections
loop.c		9	the event loop
main.c		10	the program
'

verbose=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each file, comments and strings out, as "FILE<TAB>line".
for f in bot/*.c; do
	gcc -fpreprocessed -dD -E -P "$f" 2>/dev/null |
	    sed -e 's/"\([^"\\]\|\\.\)*"/""/g' \
	        -e "s/'\\([^'\\\\]\\|\\\\.\\)'/''/g" |
	    awk -v f="${f#bot/}" '{ print f "\t" $0 }'
done >"$tmp/src"

echo "$layers" | awk 'NF >= 2 { print $1 "\t" $2 }' >"$tmp/layers"

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
function node(file) { return file in layer ? file : "CORE" }
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
