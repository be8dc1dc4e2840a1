#!/bin/sh
# dist.sh TARBALL ARCH... - the release tarball as a user without root
# meets it (docs/release.md, "Without root: the release tarball").
#
# Extracts TARBALL into a temporary directory and checks its layout, that
# bin/culab needs nothing but glibc and the tarball's own lib/ (ldd, with
# no toolkit on LD_LIBRARY_PATH), that it was built for every ARCH
# (`culab --version`), and that culab --version, culab check (counters
# evaluated by the tarball's CUPTI, user kernels compiled by its NVRTC)
# and culab report on the bundled example results work from the extracted
# tree with a bare environment.  Where a private mount namespace can be
# had (root, or user namespaces), the CUDA toolkit is hidden under an
# empty tmpfs first, as on a cluster without one; otherwise the run says
# so and checks with LD_DEBUG that nothing was loaded from the toolkit.
# Prints one line per failure and a closing count; exits 0 or 1.
set -u
tar=$1
shift
archs="$*"
CUDA=${CUDA:-/usr/local/cuda}

if [ -z "${CULAB_DIST_NS:-}" ] && unshare -m true 2>/dev/null; then
	CULAB_DIST_NS=1 exec unshare -m sh "$0" "$tar" "$@"
fi
hidden=no
toolkit=$(readlink -f "$CUDA" 2>/dev/null || echo "$CUDA")
if [ -n "${CULAB_DIST_NS:-}" ] && [ -d "$toolkit" ] &&
   mount -t tmpfs -o ro,size=4k culab-no-toolkit "$toolkit" 2>/dev/null; then
	hidden=yes
fi

pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: dist: $*"; }

tmp=$(mktemp -d /tmp/culab-dist.XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
if ! tar -xzf "$tar" -C "$tmp"; then
	ko "cannot extract $tar"
	echo "culab dist checks: $pass passed, $fail failed"
	exit 1
fi
root=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d)
name=$(basename "$tar" .tar.gz)
[ "$(basename "$root")" = "$name" ] && ok || ko "the tarball's top directory is $(basename "$root"), not $name"

# layout: what README's section promises
for f in bin/culab lib/libcupti.so.13 lib/libnvrtc.so.13 README.md \
	 docs/README.md docs/release.md \
	 licenses/NVIDIA-CUDA-EULA.txt share/culab/templates/report.en.md \
	 share/culab/templates/report.zh.md share/culab/experiments/default.yaml \
	 share/culab/experiments/examples/exercise.yaml \
	 share/culab/examples/h100/results.json share/man/man1/culab.1 \
	 share/bash-completion/completions/culab share/zsh/site-functions/_culab; do
	[ -f "$root/$f" ] && ok || ko "missing $f"
done
set -- "$root"/lib/libnvrtc-builtins.so.13.*
[ -f "$1" ] && ok || ko "missing lib/libnvrtc-builtins.so.13.*"
[ -x "$root/bin/culab" ] && ok || ko "bin/culab is not executable"

# the rpath: lib/ beside bin/ and nothing else, searched before
# LD_LIBRARY_PATH
dyn=$(readelf -d "$root/bin/culab")
if printf '%s\n' "$dyn" | grep -q 'RUNPATH' ||
   ! printf '%s\n' "$dyn" | grep -q '(RPATH).*\[\$ORIGIN/\.\./lib\]$'; then
	ko "bin/culab's rpath is not \$ORIGIN/../lib: $(printf '%s\n' "$dyn" | grep PATH)"
else
	ok
fi

# what the loader resolves, without a toolkit on LD_LIBRARY_PATH
deps=$(env -i PATH=/usr/bin:/bin ldd "$root/bin/culab" 2>&1 | sed 's|/bin/\.\./|/|')
bad=$(printf '%s\n' "$deps" | while read -r lib arrow path rest; do
	case $lib in linux-vdso.so.*|/lib*/ld-linux*) continue ;; esac
	case $path in "$root"/lib/*) continue ;; esac
	case $lib in
	libc.so.6|libm.so.6|libdl.so.2|libpthread.so.0|librt.so.1|libutil.so.1|\
	libstdc++.so.6|libgcc_s.so.1) [ -f "$path" ] && continue ;;
	esac
	echo "$lib $arrow $path"
done)
[ -z "$bad" ] && ok || ko "bin/culab needs more than glibc and lib/: $bad"
printf '%s\n' "$deps" | grep -q "libcupti.so.13 => $root/lib/libcupti.so.13" &&
	ok || ko "libcupti.so.13 does not resolve to lib/: $deps"
glibc=$(objdump -T "$root/bin/culab" "$root"/lib/*.so* 2>/dev/null |
	sed -n 's/.*GLIBC_\([0-9.]*\).*/\1/p' | sort -t. -k1,1n -k2,2n | tail -n 1)

# run from the extracted tree, in a bare environment
home=$tmp/home
mkdir -p "$home"
# culab ARGS...: runs bin/culab with a bare environment; output in
# $tmp/out and $tmp/err, the loader's log in $tmp/ld.*
culab() {
	env -i PATH=/usr/bin:/bin HOME="$home" CULAB_CACHE_DIR="$tmp/cache" \
	    LD_DEBUG=libs LD_DEBUG_OUTPUT="$tmp/ld" \
	    "$root/bin/culab" "$@" >"$tmp/out" 2>"$tmp/err"
}
# expect RC WHAT...: the last command exited RC
expect() {
	rc=$1 want=$2
	shift 2
	if [ "$rc" -ne "$want" ]; then
		ko "culab $* exited $rc, want $want: $(head -c 600 "$tmp/err")"
		return 1
	fi
	ok
}

culab --version; expect $? 0 --version
code="GPU code: $(for a in $archs; do printf 'sm_%s ' "$a"; done)+ PTX compute_$(printf '%s\n' $archs | sort -n | tail -n 1)"
grep -qxF "$code" "$tmp/out" && ok || ko "culab --version says $(tail -n 1 "$tmp/out"), want $code"

(cd "$root" && culab check share/culab/experiments/default.yaml)
expect $? 0 check share/culab/experiments/default.yaml
grep -q "default.yaml: ok:" "$tmp/out" && ok || ko "culab check default.yaml printed: $(cat "$tmp/out")"

# user kernels: NVRTC from lib/ compiles them
rm -f "$tmp"/ld.*
(cd "$root" && culab check share/culab/experiments/examples/exercise.yaml)
expect $? 0 check share/culab/experiments/examples/exercise.yaml
# every library the process initialised, by the path it came from
loaded=$(cat "$tmp"/ld.* 2>/dev/null |
	 sed -n 's/^[[:space:]]*[0-9]*:[[:space:]]*calling init: //p' |
	 sed 's|/bin/\.\./|/|' | sort -u)
for lib in libcupti.so.13 libnvrtc.so.13 libnvrtc-builtins.so.13; do
	printf '%s\n' "$loaded" | grep -q "^$root/lib/$lib" &&
		ok || ko "$lib was not loaded from lib/: $(echo $loaded)"
done
from_toolkit=$(printf '%s\n' "$loaded" | grep -e "^$toolkit/" -e "^$CUDA/")
[ -z "$from_toolkit" ] && ok || ko "loaded from the toolkit: $from_toolkit"

out=$tmp/report
(cd "$root" && culab report share/culab/examples/h100/results.json -o "$out")
expect $? 0 report share/culab/examples/h100/results.json
for f in report.en.md report.zh.md charts/all.gp; do
	[ -f "$out/$f" ] && ok || ko "culab report wrote no $f"
done

echo "   $name: $(du -h "$tar" | cut -f1) compressed, $(du -sh "$root" | cut -f1) extracted; needs glibc $glibc or newer; toolkit hidden: $hidden"
[ "$hidden" = yes ] || echo "   (no private mount namespace here: ran beside $toolkit, checked with LD_DEBUG that nothing was loaded from it)"
echo "culab dist checks: $pass passed, $fail failed"
[ $fail -eq 0 ]
