#!/bin/bash
# `make run`: a private ngIRCd on 127.0.0.1 and the bot in #cheater, both
# stopped together by Ctrl-C.  Usage: run-local.sh PATH-TO-CHEATERBOT
set -u
bot=$1
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/cheaterbot-run.XXXXXX)
chmod 755 "$dir"

# Whether something already listens on 127.0.0.1:$1.
busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

port=6667
while busy "$port"; do
	port=$((port + 1))
	[ "$port" -gt 6699 ] && { echo "no free port in 6667-6699"; exit 1; }
done
user=$(id -un); group=$(id -gn)
[ "$(id -u)" = 0 ] && { user=nobody; group=nogroup; }
sed -e "s/@PORT@/$port/" -e "s/@USER@/$user/" -e "s/@GROUP@/$group/" \
	"$here/ngircd-local.conf.in" >"$dir/ngircd.conf"
chmod 644 "$dir/ngircd.conf"

ircd=""; botpid=""
stop() {
	trap - INT TERM HUP EXIT
	[ -n "$botpid" ] && kill "$botpid" 2>/dev/null && wait "$botpid" 2>/dev/null
	[ -n "$ircd" ] && kill "$ircd" 2>/dev/null && wait "$ircd" 2>/dev/null
	rm -rf "$dir"
	echo "stopped the bot and the server"
}
trap stop INT TERM HUP EXIT

/usr/sbin/ngircd -n -f "$dir/ngircd.conf" >"$dir/ngircd.log" 2>&1 &
ircd=$!
tries=0
until busy "$port"; do
	tries=$((tries + 1))
	if [ "$tries" -gt 50 ] || ! kill -0 "$ircd" 2>/dev/null; then
		echo "ngircd did not start:"; cat "$dir/ngircd.log"; exit 1
	fi
	sleep 0.1
done

cat <<MSG

  cheaterbot runs on a private IRC server: 127.0.0.1 port $port, no TLS,
  no password.  Connect with any IRC client and join #cheater, e.g.

      irssi -c 127.0.0.1 -p $port -n yournick      then  /join #cheater

  In #cheater: !games, !play cheat, !join, !start, !help; /msg cheaterbot
  !set lang de (or es) for your own lines in German.  Ctrl-C stops
  the bot and the server.  Results are kept in ./cheaterbot.db, and the
  league's stats page, rewritten every minute, is
  file://$PWD/cheaterbot-site/index.html

MSG
# The defaults, with the stats page kept fresh (docs/league.md).
printf 'export = { dir = "%s/cheaterbot-site"; interval = 60; };\n' "$PWD" \
	>"$dir/bot.cfg"
"$bot" -c "$dir/bot.cfg" --server 127.0.0.1 --port "$port" \
	--channel '#cheater' --db ./cheaterbot.db &
botpid=$!
wait "$botpid"
