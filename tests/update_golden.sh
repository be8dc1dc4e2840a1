#!/bin/sh
# update_golden.sh - rewrite the golden reports tests/golden/report.en.md
# and report.zh.md (the body), details.en.md and details.zh.md (its
# details page), details-FAMILY.*.md (each family's details page), and
# their HTML pages (rendered without charts), from the
# recorded fixture tests/fixtures/quick/
# results.json (a real GPU run), tests/golden/synthetic-user/ from the
# synthetic user-kernel case test_report_user.c builds in memory (test
# data, not a measurement), and tests/golden/compare/ from `culab
# compare` of recorded results (test_compare_cli.c lists the cases).
#
#   sh tests/update_golden.sh
#
# Run it when the fixture is (re)recorded, or when a deliberate change to
# the report, the templates, the registry's texts or the metric glossary
# changes what users see; then read the diff before committing it.
set -eu
cd "$(dirname "$0")/.."

fixture=tests/fixtures/quick/results.json
build=${BUILD:-build}
if [ ! -f "$fixture" ]; then
	echo "update_golden: error: $fixture has not been recorded yet" \
	     "(record it with a GPU run and commit it first)" >&2
	exit 2
fi
make --no-print-directory "$build/culab" "$build/tests/test_report" \
	"$build/tests/test_report_user" "$build/tests/test_compare_cli"
CULAB_UPDATE_GOLDEN=1 CULAB_SRCDIR=. "$build/tests/test_report"
CULAB_UPDATE_GOLDEN=1 CULAB_SRCDIR=. "$build/tests/test_report_user"
CULAB_UPDATE_GOLDEN=1 CULAB="$build/culab" "$build/tests/test_compare_cli"
git --no-pager diff --stat -- tests/golden 2>/dev/null || true
