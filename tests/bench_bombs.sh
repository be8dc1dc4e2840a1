#!/bin/sh
# bench_bombs.sh - what compiling user kernels costs, and where culab
# stops a compilation, with the default limits (issue 30, class 1: every
# bad input ends within 5 s and 256 MB, with one line and exit 2).
#
#   sh tests/bench_bombs.sh [CULAB]
#
# Default: build/culab.  Runs on a machine without a GPU (culab check
# compiles for sm_90), with the kernel cache off and the limits at their
# defaults (CULAB_COMPILE_SECONDS and CULAB_COMPILE_MEMORY unset).
#
# 1. The bombs of tests/bombs/, each a whole `culab check`: exit status,
#    wall, user and system time and max RSS (GNU time -v: culab and its
#    compile child, the larger), and what it said.  Exits 1 when one
#    passes the bound or does not exit 2.
# 2. The legitimate kernels: every compilation of the repository's
#    experiment files that name kernels (CULAB_UKERNEL_TRACE's lines of
#    the compile child: its time, its peak resident memory, VmHWM, and
#    its peak address space, VmPeak), and one kernel that includes CUB's
#    BlockReduce, with CCCL's headers of $CUDA linked beside it (a user
#    kernel gets no -I to the toolkit).  Shown, not held to a bound.
set -eu

culab=${1:-build/culab}
cuda=${CUDA:-/usr/local/cuda}
limit_s=5
limit_kb=262144
tmp=$(mktemp -d /tmp/culab-bench-bombs.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
export CULAB_CACHE_DIR=off
unset CULAB_COMPILE_SECONDS CULAB_COMPILE_MEMORY

echo "machine: $(uname -srm), $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "culab: $("$culab" --version | head -n 1)"

for b in expand unroll initializer; do
	/usr/bin/time -v -o "$tmp/time" "$culab" check --arch sm_90 \
		"tests/bombs/$b.yaml" >"$tmp/stdout" 2>"$tmp/stderr" || true
	wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time")
	user=$(sed -n 's/.*User time (seconds): //p' "$tmp/time")
	sys=$(sed -n 's/.*System time (seconds): //p' "$tmp/time")
	rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
	status=$(sed -n 's/.*Exit status: //p' "$tmp/time")
	secs=$(echo "$wall" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
	verdict=ok
	if awk "BEGIN { exit !($secs > $limit_s) }" || [ "$rss" -gt $limit_kb ] ||
	   [ "$status" != 2 ] || [ "$(wc -l <"$tmp/stderr")" -ne 1 ]; then
		verdict="OVER THE BOUND"
		fail=1
	fi
	echo
	echo "== tests/bombs/$b.yaml: exit $status, wall $wall, user $user s, sys $sys s, max RSS $rss KB: $verdict"
	sed 's/^/   /' "$tmp/stderr"
done

# every compilation of the repository's kernels, through the child
for f in experiments/examples/*.yaml tests/good/*.yaml tests/gpu/*.yaml; do
	grep -qE '^ *(- )?(source|class):' "$f" || continue
	CULAB_UKERNEL_TRACE=1 "$culab" check -q --arch sm_90 "$f" 2>&1 |
		grep '^culab: compile:' >>"$tmp/legit" || true
done
summary() {
	sed -n 's/.*: \([0-9.]*\) s, \([0-9]*\) MiB resident at most, \([0-9]*\) MiB of address space.*/\1 \2 \3/p' "$1" |
	awk '{ n++; if ($1 > t) t = $1; if ($2 > r) r = $2; if ($3 > v) v = $3 }
	     END { printf "%d compilations: at most %.2f s, %d MiB resident (VmHWM), %d MiB of address space (VmPeak)\n", n, t, r, v }'
}
echo
echo "== the repository's kernels (experiments/examples, tests/good, tests/gpu): $(summary "$tmp/legit")"

if [ -d "$cuda/include/cccl/cub" ]; then
	mkdir -p "$tmp/cub"
	for d in cub cuda nv thrust; do
		[ -e "$cuda/include/cccl/$d" ] && ln -s "$cuda/include/cccl/$d" "$tmp/cub/$d"
	done
	cat >"$tmp/cub/cub.cu" <<'EOF'
#include <cub/block/block_reduce.cuh>
extern "C" __global__ void sum(const culab_t *in, culab_acc_t *out,
			       unsigned long long n)
{
	typedef cub::BlockReduce<culab_acc_t, 256> R;
	__shared__ typename R::TempStorage tmp;
	unsigned long long i = blockIdx.x * 256ull + threadIdx.x;
	culab_acc_t s = R(tmp).Sum(i < n ? (culab_acc_t)in[i] : 0);

	if (threadIdx.x == 0)
		atomicAdd(out, s);
}
EOF
	sed 's/source: initializer.cu/source: cub.cu/; s/name: initializer/name: cub/' \
		tests/bombs/initializer.yaml >"$tmp/cub/cub.yaml"
	CULAB_UKERNEL_TRACE=1 "$culab" check -q --arch sm_90 "$tmp/cub/cub.yaml" 2>&1 |
		grep '^culab: compile:' >"$tmp/cub.trace" || true
	echo "== a kernel with CUB's BlockReduce<culab_acc_t, 256>: $(summary "$tmp/cub.trace")"
fi
exit $fail
