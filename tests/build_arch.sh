#!/bin/sh
# build_arch.sh - which GPUs `make` builds culab's kernels for (issue 48),
# checked without building (make print-gpu-code), with a stand-in
# nvidia-smi on PATH:
# 1. README's command for another card: make ARCH=sm_86, ARCH=sm_75;
# 2. no ARCH: the GPU the driver reports (every distinct one of several);
#    none (no nvidia-smi, or one that fails): sm_90, and plain `make`
#    says how to build for another card;
# 3. RELEASE=1: every release architecture whatever the machine has.
set -u
cd "$(dirname "$0")/.." || exit 1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $1"; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/one" "$tmp/two" "$tmp/bad" "$tmp/none"  # none: nothing
printf '#!/bin/sh\necho 8.6\n' >"$tmp/one/nvidia-smi"
printf '#!/bin/sh\necho 8.9\necho 8.6\necho 8.9\n' >"$tmp/two/nvidia-smi"
printf '#!/bin/sh\necho "NVIDIA-SMI has failed" >&2\nexit 9\n' >"$tmp/bad/nvidia-smi"
chmod +x "$tmp"/*/nvidia-smi

code() { # DIR ARGS...: what make would build for with DIR's nvidia-smi
	dir=$1
	shift
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS PATH="$dir:$PATH" \
		make -s --no-print-directory print-gpu-code "$@" 2>&1
}
want() { # WHAT GOT WANTED
	if [ "$2" = "$3" ]; then ok; else ko "$1: \"$2\", want \"$3\""; fi
}

want "make ARCH=sm_86" "$(code "$tmp/one" ARCH=sm_86)" "sm_86 + PTX compute_86"
want "make ARCH=sm_75" "$(code "$tmp/one" ARCH=sm_75)" "sm_75 + PTX compute_75"
want "an RTX 30 here" "$(code "$tmp/one")" "sm_86 + PTX compute_86"
want "two kinds of GPU" "$(code "$tmp/two")" "sm_86 sm_89 + PTX compute_89"
want "ARCH over the GPU here" "$(code "$tmp/one" ARCH=sm_90)" "sm_90 + PTX compute_90"
# the same for no nvidia-smi at all, where this machine has none
command -v nvidia-smi >/dev/null ||
	want "no nvidia-smi" "$(code "$tmp/none")" "sm_90 + PTX compute_90"
want "nvidia-smi fails" "$(code "$tmp/bad")" "sm_90 + PTX compute_90"
want "RELEASE=1" "$(code "$tmp/one" RELEASE=1)" \
	"sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120 + PTX compute_120"
# plain make without a GPU says how to build for another card (-n: it
# builds nothing)
said=$(env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS PATH="$tmp/bad:$PATH" \
	make -n 2>&1 | grep "no GPU found here")
case $said in
*"make ARCH=sm_86"*) ok ;;
*) ko "make without a GPU: no word on building for another card ($said)" ;;
esac

echo "build_arch: $pass passed, $fail failed"
[ $fail -eq 0 ]
