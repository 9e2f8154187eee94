#!/bin/sh
# Runs one libFuzzer target over its seed corpus for a short time, as a
# suite: ends with a cmocka-style summary line that run-suites.sh counts.
# New inputs go to a scratch directory, never into the corpus kept in git;
# a crash leaves its input in build/fuzz/crash-NAME-*, to replay with
# "build/fuzz/NAME FILE".  FUZZ_SECONDS (default 8) is the time per
# target; FUZZ_ARGS adds libFuzzer options (-jobs=N, -dict=...).
#
#   sh tests/fuzz/run-fuzz.sh build/fuzz/fuzz-ircline tests/fuzz/corpus/fuzz-ircline
bin=$1
corpus=$2
name=$(basename "$bin")
scratch=$(mktemp -d)
out=$(mktemp)
"$bin" -max_total_time="${FUZZ_SECONDS:-8}" -timeout=10 \
	-print_final_stats=1 -artifact_prefix="build/fuzz/crash-$name-" \
	$FUZZ_ARGS "$scratch" "$corpus" >"$out" 2>&1
rc=$?
# The progress lines say little once it ran; the rest (the seed, the
# totals, any report) is what a reader needs.
grep -v '^#[0-9]*[[:space:]]*\(NEW\|REDUCE\|pulse\)\|^[[:space:]]*NEW_FUNC\|Uses: ' "$out"
rm -rf "$scratch" "$out"
if [ "$rc" -eq 0 ]; then
	echo "[  PASSED  ] 1 test(s)."
else
	echo "[  FAILED  ] 1 test(s), listed below:"
	echo "[  FAILED  ] $name"
fi
exit "$rc"
