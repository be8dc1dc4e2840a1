#!/bin/sh
# noise_judge.sh DIR - issue 28: what `culab compare` makes of the runs
# tests/gpu/noise.sh recorded on a GPU (DIR: its noise/ folder, unpacked
# from noise.tar.gz).  Runs here, without a GPU.
#
# Every comparison of unchanged code, which should find nothing:
#   make bench three times: reduce and transpose, each run against each
#   later one (6 comparisons); default.yaml twice (1); each planted file
#   against its own second run (3);
# and the planted slowdowns, which should be found:
#   planted-0 against planted-3 and against planted-10, each run of one
#   against each run of the other (8 comparisons), whose planted rows
#   (planted.planted_sum) at 2^24 elements and above must be "slower";
#   their other rows (CUB, the read ceiling) are unchanged code.
#
# Prints, per comparison, the counts of faster, slower, same and unknown
# with the floors and with the threshold alone (--floor none); the false
# alarms over every pair of unchanged code; each planted row at 2^24 and
# above with its ratio, interval, bound and verdict; the measured
# slowdown of the planted rows at every size; the time of each default
# run; and `culab compare --noise` of the same-code files (the floors to
# copy into src/compare/floor.c, with the recording's folder under
# reports/ as SOURCE).  Exit status 0 when nothing of unchanged code was
# faster or slower and every planted row at 2^24 and above was found
# slower, 1 when not, 2 when files are missing.  CULAB names the culab to
# use (default build/culab).
set -u
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
	echo "usage: sh tests/noise_judge.sh DIR (the noise/ folder of tests/gpu/noise.sh)" >&2
	exit 2
fi
dir=${1%/}
culab=${CULAB:-build/culab}
tmp=$(mktemp -d /tmp/culab-noise-judge.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
missing=0
n=0

# cmp CLASS LABEL BASE NEW: both comparisons as JSON, into the manifest
cmp() {
	class=$1 label=$2 a=$3 b=$4
	for f in "$a" "$b"; do
		if [ ! -f "$f" ]; then
			echo "missing: $f" >&2
			missing=1
			return
		fi
	done
	n=$((n + 1))
	"$culab" compare --json "$a" "$b" >"$tmp/$n.json" 2>"$tmp/$n.err" &&
	"$culab" compare --json --floor none "$a" "$b" >"$tmp/$n.none.json" \
		2>>"$tmp/$n.err" || {
		echo "culab compare $a $b failed:" >&2
		cat "$tmp/$n.err" >&2
		missing=1
		return
	}
	printf '%s\t%s\t%s\n' "$class" "$label" "$n" >>"$tmp/manifest"
}

for part in reduce transpose; do
	for ij in "1 2" "1 3" "2 3"; do
		set -- $ij
		cmp same "bench-$1 vs bench-$2 $part" \
			"$dir/bench-$1/$part/results.json" \
			"$dir/bench-$2/$part/results.json"
	done
done
cmp same "default-1 vs default-2" "$dir/default-1/results.json" \
	"$dir/default-2/results.json"
for p in 0 3 10; do
	cmp same "planted-$p-1 vs planted-$p-2" \
		"$dir/planted-$p-1/results.json" "$dir/planted-$p-2/results.json"
done
for p in 3 10; do
	for i in 1 2; do
		for j in 1 2; do
			cmp "planted-$p" "planted-0-$i vs planted-$p-$j" \
				"$dir/planted-0-$i/results.json" \
				"$dir/planted-$p-$j/results.json"
		done
	done
done
[ -f "$tmp/manifest" ] || { echo "noise_judge: nothing to compare in $dir" >&2; exit 2; }

python3 - "$tmp" <<'EOF'
import json, os, sys

tmp = sys.argv[1]
PLANTED = "planted.planted_sum"
LARGE = 1 << 24
false_alarms = same_pairs = 0
found = missed = 0
ratios = {}
print("comparisons (faster, slower, same, unknown; with the floors | with the threshold alone):")
rows = []
for line in open(os.path.join(tmp, "manifest")):
    cls, label, n = line.rstrip("\n").split("\t")
    doc = json.load(open(os.path.join(tmp, n + ".json")))
    none = json.load(open(os.path.join(tmp, n + ".none.json")))
    c, c0 = doc["comparisons"][0], none["comparisons"][0]
    k, k0 = c["counts"], c0["counts"]
    print("  %-36s %4d pairs: %3d %3d %3d %3d | %3d %3d %3d %3d" % (
        label, len(c["pairs"]), k["faster"], k["slower"], k["same"],
        k["unknown"], k0["faster"], k0["slower"], k0["same"], k0["unknown"]))
    for p in c["pairs"]:
        planted = cls != "same" and p["variant"] == PLANTED
        if not planted:
            same_pairs += 1
            if p["verdict"] in ("faster", "slower"):
                false_alarms += 1
                print("    false alarm: %s/%s %s n=%d: %s, ratio %.4g [%.4g, %.4g], bound %.3g (%s)" % (
                    p["experiment"], p["variant"], p["dtype"], p["n"],
                    p["verdict"], p["ratio"], p["ci_low"], p["ci_high"],
                    p["bound"], p["kind"]))
            continue
        ratios.setdefault((cls, p["n"]), []).append(p["ratio"])
        if p["n"] >= LARGE:
            ok = p["verdict"] == "slower"
            found += ok
            missed += not ok
            rows.append("  %-12s %-36s n=2^%d: %-7s ratio %.4g [%.4g, %.4g], bound %.3g" % (
                cls, label, p["n"].bit_length() - 1, p["verdict"],
                p["ratio"], p["ci_low"], p["ci_high"], p["bound"]))
print()
print("false alarms: %d of %d pairs of unchanged code" % (false_alarms, same_pairs))
print()
print("planted rows at 2^24 and above (want slower):")
print("\n".join(rows) if rows else "  none")
print("found slower: %d of %d" % (found, found + missed))
print()
print("measured slowdown of the planted rows (new / base, every comparison):")
for (cls, n), v in sorted(ratios.items()):
    print("  %-12s n=2^%-2d %s" % (cls, n.bit_length() - 1,
                                   " ".join("%.4f" % r for r in sorted(v))))
sys.exit(0 if false_alarms == 0 and missed == 0 and found > 0 else 1)
EOF
verdict=$?

echo
echo "time of each run (times.txt; issue 28 leaves default.yaml as it was: a default run's time is to be held against a run of the culab before it on the same machine):"
if [ -f "$dir/times.txt" ]; then
	awk '{ printf "  %-14s exit %s, %s s\n", $1, $3, $9 }' "$dir/times.txt"
else
	echo "  $dir/times.txt missing"
	missing=1
fi

echo
echo "floors measured from the runs of unchanged code (bench, default, planted-0):"
set --
for f in "$dir"/bench-?/reduce/results.json "$dir"/bench-?/transpose/results.json \
	 "$dir"/default-?/results.json "$dir"/planted-0-?/results.json; do
	[ -f "$f" ] && set -- "$@" "$f"
done
if [ $# -ge 2 ]; then
	"$culab" compare --noise "$@"
else
	echo "  fewer than two files"
fi

[ $missing -eq 0 ] || exit 2
exit $verdict
