#!/bin/sh
# update.sh [--check] [BUILD] - writes reports/chips/aliases.md: where each
# alias of culab's default counter set resolves on every chip CUPTI's
# Profiler Host API knows, as `BUILD/culab list chips --markdown` computes it offline
# (BUILD defaults to build), behind a fixed header.
#
#   sh reports/chips/update.sh            rewrite the file
#   sh reports/chips/update.sh --check B  compare (tests/run.sh): exit 0
#                                         same, 1 different, 77 skipped
#
# Skipped: CUPTI cannot run in this build (AddressSanitizer), or the CUPTI
# here is another version than the one the file records.  Run it after a
# change to the alias table, chip.c or the toolkit, and read the diff.
set -eu
cd "$(dirname "$0")/../.."
check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
build=${1:-build}
out=reports/chips/aliases.md
tmp=$(mktemp -d /tmp/culab-chips.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

if ! "$build/culab" list chips --markdown >"$tmp/table" 2>"$tmp/err"; then
	echo "update.sh: skipped: $(cat "$tmp/err")"
	[ $check -eq 1 ] && exit 77
	exit 1
fi
{
	cat <<'HEADER'
# Counter aliases on every chip CUPTI knows

For every chip that CUPTI's Profiler Host API lists, whether each alias of
culab's default counter set can be collected there.  **Computed offline**,
from the metric tables in CUPTI's host library, on a machine without a GPU:
none of it was measured on the chips themselves (the project measures on an
H100 and an H200, both GH100).  A run reads the chip from the GPU's
architecture (src/counters/chip.c); an alias that is "no" there is left out of the
run, its columns empty with the reason in results.json, and the run goes on.
`culab list metrics --chip NAME` shows one chip's detail.

Made by `sh reports/chips/update.sh` (the output of `culab list chips --markdown`
behind this header); `make test` checks it against the CUPTI installed, and
skips when that is another version than the one below.

HEADER
	cat "$tmp/table"
} >"$tmp/new"

if [ $check -eq 0 ]; then
	mv "$tmp/new" "$out"
	echo "update.sh: wrote $out"
	exit 0
fi
if [ ! -f "$out" ]; then
	echo "update.sh: $out is missing (run sh reports/chips/update.sh)"
	exit 1
fi
if cmp -s "$tmp/new" "$out"; then
	exit 0
fi
# another CUPTI computes another table: not this change's doing
have=$(grep '^Where each alias' "$tmp/table" | sed 's/ knows:.*//')
want=$(grep '^Where each alias' "$out" | sed 's/ knows:.*//')
if [ "$have" != "$want" ]; then
	echo "update.sh: skipped: $out records another CUPTI than this one"
	exit 77
fi
echo "update.sh: $out differs from what this CUPTI computes" \
     "(sh reports/chips/update.sh rewrites it):"
diff "$out" "$tmp/new" | head -n 20
exit 1
