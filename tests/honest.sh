#!/bin/sh
# Checks over the built objects that the rules keep no state of their own
# (docs/ai.md, "What an AI may know"): no object of games/ or alloc/ holds
# writable data, static or global (a symbol in .data, .bss, their
# thread-local kin or a common symbol; const tables are in .rodata, or in
# .data.rel.ro when they hold pointers, and pass), and none refers to a
# symbol that bot/, storage/ or config/ define (a variable of theirs
# declared extern in games/, which tests/layers.sh, seeing calls alone,
# would miss).  So the only game an AI seat can reach is the observation
# it is given: the twin test (tests/unit/test-ai.c) checks that an
# observation holds nothing its seat may not know, and this that nothing
# outside it can, such as a variable the rules set that the AI reads.
#
# First it shows it would see that: a probe, a rules function that sets a
# static variable and an AI's that reads it, compiled plain and with the
# sanitizers, must be refused.  Then the objects of DIR (build/test: make
# test runs it after the build).  Objects built with ASan carry one symbol
# the compiler adds for each global it instruments, __odr_asan.NAME in
# .bss (its one-definition-rule indicator): those alone are passed over.
# Exits 1, naming each symbol and its object.
#
# sh tests/honest.sh [DIR...]   (build/test when none)
set -eu
cd "$(dirname "$0")/.."
export LC_ALL=C
[ $# -gt 0 ] || set -- build/test
CC=${CC:-cc}

# The writable data symbols of each object given, "OBJECT: NAME
# (SECTION)", but for what ASan adds.
writable() {
	objdump -t "$@" | awk '
	/^[^ \t].*:[ \t]+file format/ { obj = $1; next }
	NF < 5 { next }
	{
		sec = $(NF - 2)
		name = $NF
		# A section symbol ("d") or a file name ("df") is no data.
		if ($3 == "d" || $3 == "df")
			next
		if (sec ~ /^\.data\.rel\.ro/)
			next
		if (sec !~ /^\.(data|bss|tdata|tbss)/ && sec != "*COM*")
			next
		if (name ~ /^__odr_asan\./)
			next
		print obj " " name " (" sec ")"
	}'
}

# The probe: the rules set a variable, and an AI reads it.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/probe.c" <<'EOF'
static int probe_counter;
int probe_rules(int x);
int probe_ai(void);
int probe_rules(int x) { return probe_counter += x; }
int probe_ai(void) { return probe_counter; }
EOF
for flags in "-O2" "-O1 -fsanitize=address,undefined"; do
	# shellcheck disable=SC2086
	$CC $flags -c "$tmp/probe.c" -o "$tmp/probe.o"
	if ! writable "$tmp/probe.o" | grep -q ' probe_counter '; then
		echo "honest: the probe's probe_counter is not seen" \
		    "($CC $flags): the check is blind"
		exit 1
	fi
done

# The objects in dir of the sources given (those of the tree as it is:
# an object left behind by a source moved or removed is not the
# program's), or an error if one is not built.
objects() {
	dir=$1
	shift
	for src in "$@"; do
		[ -f "$dir/${src%.c}.o" ] || return 1
		echo "$dir/${src%.c}.o"
	done
}

# The objects of games/ and alloc/ in dir: 0, or 1 after naming each
# writable symbol and each reference into bot/, storage/ or config/.
check() {
	objs=$(objects "$1" games/*.c games/*/*.c alloc/*.c) &&
	    rest=$(objects "$1" bot/*.c bot/*/*.c storage/*.c config/*.c) ||
	    { echo "honest: $1 is not built"; return 1; }
	# shellcheck disable=SC2086
	writable $objs >"$tmp/data"
	sed 's/^\(.*\): \([^ ]*\) (\(.*\))$/honest: \1 holds writable data: \2 (\3)/' \
	    "$tmp/data"
	# shellcheck disable=SC2086
	nm -A -u $objs | awk '{ sub(/:.*/, "", $1); print $NF, $1 }' |
	    sort -k1,1 >"$tmp/used"
	# shellcheck disable=SC2086
	nm -A --defined-only -g $rest |
	    awk '{ sub(/:.*/, "", $1); print $NF, $1 }' | sort -k1,1 >"$tmp/above"
	join "$tmp/used" "$tmp/above" |
	    awk '{ print "honest: " $2 " refers to " $1 ", of " $3 }' >"$tmp/up"
	cat "$tmp/up"
	[ ! -s "$tmp/data" ] && [ ! -s "$tmp/up" ] || return 1
	echo "honest: $1: $(echo "$objs" | wc -w) objects of games/ and" \
	    "alloc/ hold no writable data and reach nothing above them"
}

bad=0
for dir in "$@"; do
	check "$dir" || bad=1
done
exit "$bad"
