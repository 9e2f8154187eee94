#!/bin/sh
# make bench: runs the bench programs in DIR (build/bench), prints one
# table of their figures and writes the same figures, with the machine they
# came from, to DIR/results.json.  Targets are printed, never asserted.
# BENCH_PARTS picks programs: "rules store net pipe solo" (the default)
# runs all; BENCH_PARTS=net make bench runs part 2 alone (the longest).
set -eu
dir=$1
rows=$dir/rows.txt
parts=" ${BENCH_PARTS:-rules store net pipe solo} "
: >"$rows"

echo "bench:$parts(rules: parts 1, 5; store: 4; net: ngircd end to end," \
    "2; pipe: the bot core on the simulated clock, 3, 6; solo: a person" \
    "alone with AI seats, 7)..." >&2
case $parts in *" rules "*) "$dir/bench-rules" >>"$rows" ;; esac
case $parts in *" store "*) "$dir/bench-store" "$dir" >>"$rows" ;; esac
case $parts in *" net "*) "$dir/bench-net" >>"$rows" ;; esac
# Its simulations' databases in memory where there is /dev/shm: they time
# the pipe on the simulated clock, and the disk would only slow them.
shm=/tmp
[ -d /dev/shm ] && [ -w /dev/shm ] && shm=/dev/shm
case $parts in *" pipe "*) HARNESS_DIR=$shm "$dir/bench-pipe" >>"$rows" ;; esac
case $parts in *" solo "*) HARNESS_DIR=$shm "$dir/bench-solo" >>"$rows" ;; esac

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
cores=$(nproc)
kernel=$(uname -sr)
compiler=$(${CC:-cc} --version | head -n 1)
date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
load=$(cut -d' ' -f1-3 /proc/loadavg)

# Met: "yes"/"NO" against a target "< X" or "<= X"; blank without one.
awk -F'|' -v cpu="$cpu" -v cores="$cores" -v kernel="$kernel" \
    -v compiler="$compiler" -v date="$date" -v load="$load" \
    -v json="$dir/results.json" '
function met(v, t,   op, x) {
	if (t == "")
		return ""
	split(t, a, " ")
	op = a[1]; x = a[2] + 0
	if (op == "<")
		return v + 0 < x ? "yes" : "NO"
	return v + 0 <= x ? "yes" : "NO"
}
function q(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
{
	part[NR] = $1; fig[NR] = $2; val[NR] = $3; unit[NR] = $4; tgt[NR] = $5
	m[NR] = met($3, $5)
}
END {
	printf "machine: %s, %s cores, %s, %s\n", cpu, cores, kernel, compiler
	printf "date: %s, load average at the end: %s\n\n", date, load
	printf "%-9s %-44s %12s %-8s %-7s %s\n", "part", "figure", "value", \
	    "unit", "target", "met"
	for (i = 1; i <= NR; i++)
		printf "%-9s %-44s %12s %-8s %-7s %s\n", part[i], fig[i], \
		    val[i], unit[i], tgt[i], m[i]
	printf "{\n  \"machine\": {\"cpu\": %s, \"cores\": %s, \"kernel\": %s, " \
	    "\"compiler\": %s, \"date\": %s, \"loadavg\": %s},\n" \
	    "  \"figures\": [\n", q(cpu), cores, q(kernel), q(compiler), \
	    q(date), q(load) >json
	for (i = 1; i <= NR; i++)
		printf "    {\"part\": %s, \"figure\": %s, \"value\": %s, " \
		    "\"unit\": %s, \"target\": %s, \"met\": %s}%s\n", \
		    q(part[i]), q(fig[i]), val[i], q(unit[i]), \
		    tgt[i] == "" ? "null" : q(tgt[i]), \
		    m[i] == "" ? "null" : (m[i] == "yes" ? "true" : "false"), \
		    i < NR ? "," : "" >json
	printf "  ]\n}\n" >json
}' "$rows"
echo "written: $dir/results.json"
