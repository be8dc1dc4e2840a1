#!/bin/sh
# make-run.sh CULAB - what `make run` does after building.
#
# With a GPU: run experiments/default.yaml (results, charts and report in
# results/default).  Without one: say so plainly and render the bundled
# example results instead, saying which GPU recorded them and when.
set -u
culab=$1

if "$culab" devices >/dev/null 2>&1; then
	exec "$culab" run experiments/default.yaml
fi

why=$("$culab" devices 2>&1 | head -n 1)
why=${why#culab: error: }
echo "culab: this machine has no usable GPU: ${why#no usable GPU: }"
# the default experiment's H100 run first: what `make run` would measure
example=""
for f in reports/examples/h100/results.json reports/examples/*/results.json; do
	[ -f "$f" ] && { example=$f; break; }
done
if [ -z "$example" ]; then
	echo "culab: error: no bundled example results under reports/examples/" >&2
	exit 3
fi
gpu=$(sed -n 's/^ *"gpu_name": "\(.*\)",*$/\1/p' "$example" | head -n 1)
when=$(sed -n 's/^ *"started": "\(.*\)",*$/\1/p' "$example" | head -n 1)
source=$(sed -n 's/^ *"path": "\(.*\)",*$/\1/p' "$example" | head -n 1)
out=results/example-report
echo "culab: rendering the bundled example instead: RECORDED results of"
echo "culab:   ${source:-an experiment} on $gpu at $when ($example)"
"$culab" report "$example" -o "$out" || exit $?
echo "culab: example report: $out/report.en.md and $out/report.zh.md" \
     "(web pages: $out/report.en.html and $out/report.zh.html)"
echo "culab: on a machine with a GPU, \`make run\` measures your own."
