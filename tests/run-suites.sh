#!/bin/sh
# Runs each cmocka suite given, shows its output and how many seconds it
# took (to keep make test short), and ends with one line
# "N passed, N failed" over all of them.  A suite that dies without its
# summary (a crash, a sanitizer report) counts as one failure more.
# Exits non-zero when anything failed.
passed=0
failed=0
for bin in "$@"; do
	out=$(mktemp)
	echo "== $bin"
	start=$(date +%s)
	"$bin" >"$out" 2>&1
	rc=$?
	cat "$out"
	echo "-- $bin: $(($(date +%s) - start)) s"
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out" | tail -n 1)
	rm -f "$out"
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	if [ "$rc" -ne 0 ] && [ -z "$f" ]; then
		echo "!! $bin exited with status $rc before its summary"
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
