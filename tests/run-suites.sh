#!/bin/bash
# Runs each cmocka suite given and ends with one line "N passed, N failed"
# over all of them.  A suite that dies without its summary (a crash, a
# sanitizer report) counts as one failure more.  Exits non-zero when
# anything failed.
#
# Up to SUITES_JOBS suites (3 by default) run at once, started in the
# order given (the Makefile lists the longest suites first, then the
# integration suites): most of a suite's time is spent waiting on its
# servers and the bot's timers, not on a core, so on two cores three at
# once take about a third of the time one after another would.  Each
# suite's output is shown whole when it ends, with how many seconds it
# took.  Suites do not share anything: each starts its servers on free
# loopback ports and works in a temporary directory of its own.
# SUITES_JOBS=1 runs them one after another.
jobs=${SUITES_JOBS:-3}
bins=("$@")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0
failed=0
declare -A index # a running suite's pid -> its index in bins

# Runs suite k, keeping its output, exit status and seconds in dir.
run_one() {
	local k=$1 start
	start=$(date +%s)
	"${bins[$k]}" >"$dir/$k.out" 2>&1
	echo $? >"$dir/$k.rc"
	echo $(($(date +%s) - start)) >"$dir/$k.secs"
}

# Shows suite k's output and adds its counts.
report() {
	local k=$1 bin=${bins[$1]} out=$dir/$1.out p f rc
	echo "== $bin"
	cat "$out"
	echo "-- $bin: $(cat "$dir/$k.secs") s"
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out" | tail -n 1)
	rc=$(cat "$dir/$k.rc")
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	if [ "$rc" -ne 0 ] && [ -z "$f" ]; then
		echo "!! $bin exited with status $rc before its summary"
		failed=$((failed + 1))
	fi
}

# Waits for any running suite to end, and reports it.
reap() {
	local pid
	wait -n -p pid
	report "${index[$pid]}"
	unset "index[$pid]"
}

for k in "${!bins[@]}"; do
	[ "${#index[@]}" -ge "$jobs" ] && reap
	run_one "$k" &
	index[$!]=$k
done
while [ "${#index[@]}" -gt 0 ]; do
	reap
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
