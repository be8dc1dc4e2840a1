#!/bin/sh
# truth.sh N DIR - a class of N reductions whose truth is known (issue 44):
# DIR/class.yaml, DIR/sNN.cu, and DIR/truth.tsv, what each student is:
#
#   student  kind  tier  copy_of  disguise  note
#
# kind one of verified, wrong, fault, hang, remembers, nocompile,
# nofunction; tier the speed tier of a verified kernel (1 fastest; equal
# tier, same expected time; empty otherwise); copy_of the student whose
# program this is (empty for an original); disguise a comma list of
# identical, rename, reformat, reorder, deadcode, comments (empty for an
# original).  build/class_judge (tests/class_judge.c) judges a run of the
# class against it (docs/class.md, "A class whose truth is known").
# 26 <= N <= 256; the same N gives the same bytes.
#
# The class, from the templates in tests/class/truth/ (render.awk says
# how a template is written):
#   18 originals that verify, t1a.cu.in ... t6c.cu.in: six tiers of three,
#      each written on its own (a tree, shuffles, a scan, atomics, serial
#      sums, a template recursion, ...: no two alike but for names);
#    8 that fail, x-*.cu.in: two wrong answers (a tree a step short, a
#      shuffle that skips half the lanes), two faults (a global read 2^20
#      elements per thread past the input, a __shared__ read eight blocks
#      past its array), a hang (time_limit stops it), one that remembers
#      its answer in __device__ memory, one that does not compile, one
#      that defines no reduce;
#   N - 26 copies of originals, the k-th as row k % 22 of the table in
#      copies() below: each disguise alone three times (identical,
#      rename, reformat, reorder, deadcode, comments, in turn), then four
#      combinations; the 22 rows name every original once and four twice.
# So N = 48 holds 40 that verify (18 originals, 22 copies) and 8 that
# fail.  Students are named s01 ... sNN (three digits past 99) in an order
# shuffled by a fixed seed, so a copy may come before its original.
#
# Why the tiers are certain.  Each verified kernel waits a fixed number of
# SM cycles per block, D = 32768 * 1.5^(tier-1) (32768, 49152, 73728,
# 110592, 165888, 248832), on clock64() or clock() with __nanosleep in
# the loop, so a waiting warp takes no issue slots from the others.  With
# grid = n / 256 and the same blocks per SM for every kernel (each uses
# at most 32 registers, 1 to 3 KiB of shared memory: 8 blocks of 256 on
# Ampere and Hopper, 6 on Ada, 4 on Turing), a kernel's time is about
#   waves * (D + b) / f_SM,   waves = blocks / (SMs * blocks per SM),
# where b, the block's own work (its load and its tree), is 1,000 to
# 8,000 cycles by the kernel's technique.  Memory is not the limit: a
# wave's 256 to 512 KiB take under 1,000 cycles at any of these GPUs'
# bandwidth.  So the ratio of two tiers is (1.5 D + b') / (D + b):
# 1.40 to 1.50 between tiers 1 and 2 (b <= 3,000 there), nearer 1.5 above,
# on any GPU from Turing to Hopper, whatever its clock; and within a tier
# kernels differ by b / D: at most 9 % in tier 1, 3 % in tier 6.  At
# 2^24 elements on an H100 (132 SMs, 1.98 GHz, 63 waves) tier 1 is about
# 1.1 ms, tier 6 about 8 ms (an estimate from the formula, not a
# measurement).  The failing kernels do not wait.
set -eu

usage() { echo "usage: sh truth.sh N DIR (26 <= N <= 256)" >&2; exit 2; }
[ $# -eq 2 ] || usage
n=$1 dir=$2
case $n in ''|*[!0-9]*) usage ;; esac
[ "$n" -ge 26 ] && [ "$n" -le 256 ] || usage
here=$(dirname "$0")/truth
export LC_ALL=C
mkdir -p "$dir"
tmp=$(mktemp -d /tmp/culab-truth.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

# copies: the k-th copy (k from 0) is row k % 22: disguise, template
copies() {
	cat <<'K'
identical t1a
rename t2b
reformat t3a
reorder t4c
deadcode t5b
comments t6a
identical t3b
rename t4a
reformat t5c
reorder t6b
deadcode t1c
comments t2a
identical t5a
rename t6c
reformat t1b
reorder t2c
deadcode t3c
comments t4b
rename,reformat t1a
reorder,deadcode t3b
rename,reorder,comments t4a
rename,reformat,reorder,deadcode,comments t6c
K
}

# meta T KEY: a template's %% KEY value
meta() { sed -n "s/^%% $2 //p" "$here/$1.cu.in"; }

# delay TIER: the tier's wait in SM cycles, 32768 * 1.5^(tier - 1)
delay() {
	d=32768 k=1
	while [ "$k" -lt "$1" ]; do d=$((d * 3 / 2)); k=$((k + 1)); done
	echo "$d"
}

# render T OUT [rename reorder dead comments reformat]
render() {
	awk -v delay="$(delay "${tier:-1}")" -v rename="${3:-0}" \
		-v reorder="${4:-0}" -v dead="${5:--1}" -v comments="${6:--1}" \
		-v reformat="${7:-0}" -f "$here/render.awk" \
		"$here/renames.txt" "$here/$1.cu.in" >"$2"
}

# idents FILE: the identifiers of a source, one a line, sorted (numbers,
# strings and comments left out)
idents() {
	sed -e 's://.*$::' -e 's/"[^"]*"//g' "$1" |
	awk '{ s = $0
	       while (match(s, /[A-Za-z_0-9.]+/)) {
	           w = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
	           if (w ~ /^[A-Za-z_][A-Za-z_0-9]*$/) print w } }' | sort -u
}

# Words a renamed copy keeps: C++, CUDA and culab's own
keep='^(extern|__global__|__device__|__shared__|void|const|unsigned|int|long|bool|float|double|static|inline|template|typedef|volatile|if|else|for|while|do|return|break|true|false|define|pragma|unroll|culab_t|culab_acc_t|reduce|block_sum|threadIdx|blockIdx|blockDim|gridDim|x|__syncthreads|__syncthread|__syncwarp|__shfl_down_sync|__shfl_xor_sync|clock|clock64|__nanosleep|atomicAdd|size_t)$'

ls "$here" | sed -n 's/^\(t[0-9][a-z]\)\.cu\.in$/\1/p' >"$tmp/verified"
ls "$here" | sed -n 's/^\(x-.*\)\.cu\.in$/\1/p' >"$tmp/failing"
[ "$(wc -l <"$tmp/verified")" -eq 18 ] && [ "$(wc -l <"$tmp/failing")" -eq 8 ] || {
	echo "truth.sh: $here: want 18 t*.cu.in and 8 x-*.cu.in" >&2
	exit 1
}

# Every identifier a student chose is marked: a template rendered with
# its names and with the other names shares only the words of $keep.
for t in $(cat "$tmp/verified" "$tmp/failing"); do
	tier=1
	render "$t" "$tmp/a.cu"
	render "$t" "$tmp/b.cu" 1
	idents "$tmp/a.cu" >"$tmp/a.id"
	idents "$tmp/b.cu" >"$tmp/b.id"
	left=$(comm -12 "$tmp/a.id" "$tmp/b.id" | grep -Ev "$keep" || true)
	if [ -n "$left" ]; then
		echo "truth.sh: $t.cu.in: not marked with @, so not renamed:" $left >&2
		exit 1
	fi
	if [ "$(wc -l <"$tmp/a.id")" -ne "$(wc -l <"$tmp/b.id")" ]; then
		echo "truth.sh: $t.cu.in: two names became one (renames.txt)" >&2
		exit 1
	fi
done

# The plan, a slot a line: slot template copy-row (-1 for an original).
# Slots 0-17 are the originals, 18-25 the failing, then the copies.
{
	s=0
	for t in $(cat "$tmp/verified" "$tmp/failing"); do
		echo "$s $t -1"
		s=$((s + 1))
	done
	k=0
	while [ "$s" -lt "$n" ]; do
		echo "$s $(copies | sed -n "$((k % 22 + 1))p" | cut -d' ' -f2) $k"
		s=$((s + 1)) k=$((k + 1))
	done
} >"$tmp/plan"

# Names: slot -> student number, a Fisher-Yates shuffle driven by the
# Park-Miller generator (exact in awk's doubles), seed 44.
if [ "$n" -gt 99 ]; then width=3; else width=2; fi
awk -v n="$n" -v w="$width" 'BEGIN {
	x = 44
	for (i = 0; i < n; i++) p[i] = i + 1
	for (i = n - 1; i > 0; i--) {
		x = (x * 16807) % 2147483647
		j = x % (i + 1)
		t = p[i]; p[i] = p[j]; p[j] = t
	}
	for (i = 0; i < n; i++) printf "%d s%0" w "d\n", i, p[i]
}' >"$tmp/names"
name_of() { sed -n "s/^$1 //p" "$tmp/names"; }

printf 'student\tkind\ttier\tcopy_of\tdisguise\tnote\n' >"$tmp/truth"
while read -r slot t row; do
	who=$(name_of "$slot")
	kind=$(meta "$t" kind)
	tier=$(meta "$t" tier)
	note="$t: $(meta "$t" note)"
	if [ "$row" -lt 0 ]; then
		render "$t" "$dir/$who.cu"
		printf '%s\t%s\t%s\t\t\t%s\n' "$who" "$kind" "$tier" "$note" >>"$tmp/truth"
		continue
	fi
	# a copy of the original's student, disguised as row says
	orig=$(name_of "$(sed -n "s/^\([0-9]*\) $t -1$/\1/p" "$tmp/plan")")
	how=$(copies | sed -n "$((row % 22 + 1))p" | cut -d' ' -f1)
	if [ "$how" = identical ]; then
		cp "$dir/$orig.cu" "$dir/$who.cu"
	else
		r=0 o=0 d=-1 c=-1 f=0
		case ,$how, in *,rename,*) r=1 ;; esac
		case ,$how, in *,reorder,*) o=1 ;; esac
		# which dead code and which comments: the three kinds in turn
		# over the table's rows (rows 4, 10, 16 get 0, 1, 2)
		case ,$how, in *,deadcode,*) d=$((row / 6 % 3)) ;; esac
		case ,$how, in *,comments,*) c=$((row / 6 % 3)) ;; esac
		case ,$how, in *,reformat,*) f=1 ;; esac
		render "$t" "$dir/$who.cu" $r $o $d $c $f
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$who" "$kind" "$tier" "$orig" "$how" \
		"copy of $orig ($t), $how" >>"$tmp/truth"
done <"$tmp/plan"
# the originals are rendered before their copies: slots 0-25 come first
{ head -n 1 "$tmp/truth"; tail -n +2 "$tmp/truth" | sort; } >"$dir/truth.tsv"

cat >"$dir/class.yaml" <<K
# A class of $n whose truth is known, made by tests/class/truth.sh: what
# each student is (kind, speed tier, whose copy, disguised how) is in
# truth.tsv beside this file.  Run it, then judge the run against it:
#
#     culab run -o OUT class.yaml
#     build/class_judge truth.tsv OUT
#
# (tests/gpu/class_truth.sh does both and records the machine.)
version: 1
output: results/class-truth-$n
defaults:
  warmup: 2
  repeats: 20
  seed: 7
  counters: [default]
experiments:
  - name: reduce-class
    family: reduce
    variants: [reduce_shared_static, reduce_shuffle]
    types: [float, int]
    sizes: ["2^20", "2^24"]
    class:
      submissions: "s*.cu"
      function: reduce
      score: class
      finish: host
      block: 256
      grid: "ceil(n / block)"
      shared: "block * acc"
      time_limit: 3
K
