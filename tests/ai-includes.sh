#!/bin/sh
# Checks what an AI file may include (docs/ai.md, "What an AI may know"):
# a variant's AI files (games/*/*-ai*.c) reach nothing that could hold the
# real game or any other state, only its contract and their own game's
# rules, which they apply to their own copies.  Every header such a file
# includes, and every header those include in turn, must be one of:
#   - a C standard header that does no input or output: not <stdio.h>
#     (a file, or the process's own memory through /proc, is a way round
#     the observation), nor a POSIX or a library's header;
#   - games/ai.h, games/game.h, games/cards.h, games/rng.h, alloc/xalloc.h;
#   - its own folder's private header (GAME-int.h: the state's layout, to
#     read its observation) and its public one (GAME.h: the ops, to play
#     a copy out).
# Not storage/, bot/, config/, nor another game's files.  With no writable
# data anywhere in games/ (tests/honest.sh), nothing an AI can name holds
# the game it sits at.  Exits 1, naming each file and what it includes.
#
# sh tests/ai-includes.sh   (tests/layers.sh runs it)
set -eu
cd "$(dirname "$0")/.."

libc='assert.h ctype.h errno.h float.h inttypes.h iso646.h limits.h math.h
stdalign.h stdarg.h stdbool.h stddef.h stdint.h stdlib.h stdnoreturn.h
string.h'
shared='games/ai.h games/game.h games/cards.h games/rng.h alloc/xalloc.h'

# The includes of file, one a line: "<name>" or "\"name\"" as written.
includes() {
	sed -n 's/^[ \t]*#[ \t]*include[ \t]*\([<"][^>"]*[>"]\).*/\1/p' "$1"
}

# Where a quoted include of file resolves: its own folder first, then
# the top (the build's -I.), as the compiler looks.
resolve() {
	if [ -f "$(dirname "$1")/$2" ]; then
		echo "$(dirname "$1")/$2" | sed 's|^\./||'
	elif [ -f "$2" ]; then
		echo "$2"
	else
		echo "$2"
	fi
}

bad=0
n=0
for f in games/*/*-ai*.c; do
	n=$((n + 1))
	dir=$(dirname "$f")
	game=$(basename "$dir")
	allowed="$shared $dir/$game-int.h $dir/$game.h"
	# The file, and each header it reaches, once.
	todo=$f
	done_=""
	while [ -n "$todo" ]; do
		set -- $todo
		cur=$1
		shift
		todo=$*
		case " $done_ " in *" $cur "*) continue ;; esac
		done_="$done_ $cur"
		for inc in $(includes "$cur"); do
			name=$(echo "$inc" | sed 's/^.\(.*\).$/\1/')
			case $inc in
			"<"*)
				case " $(echo $libc) " in
				*" $name "*) continue ;;
				esac
				;;
			*)
				path=$(resolve "$cur" "$name")
				case " $allowed " in
				*" $path "*)
					todo="$todo $path"
					continue
					;;
				esac
				;;
			esac
			if [ "$cur" = "$f" ]; then
				echo "ai-includes: $f includes $inc"
			else
				echo "ai-includes: $f includes $inc" \
				    "(through $cur)"
			fi
			bad=$((bad + 1))
		done
	done
done
if [ "$bad" -gt 0 ]; then
	echo "ai-includes: $bad include(s) an AI file may not have"
	exit 1
fi
echo "ai-includes: $n AI files include only the contract, libc and" \
    "their own game"
