#!/bin/sh
# deps.sh - check (and, as root on Debian/Ubuntu, install) what culab needs.
#
#   sh src/deps.sh test   for `make test`: compilers, libraries, cmocka, gnuplot
#   sh src/deps.sh run    for `make run`: the same without cmocka, and
#                         gnuplot only where it can be installed
#
# Missing Debian packages are installed with apt-get when we are root and
# apt-get exists; otherwise we stop with the exact command to run.  The
# CUDA toolkit cannot come from Debian's archive: we only point at it.
set -u
mode=${1:-test}
CUDA=${CUDA:-/usr/local/cuda}
NVCC=${NVCC:-$CUDA/bin/nvcc}
CC=${CC:-cc}

missing=""
need() { # need PACKAGE TEST...
	pkg=$1; shift
	if ! "$@" >/dev/null 2>&1; then
		case " $missing " in *" $pkg "*) ;; *) missing="$missing $pkg" ;; esac
	fi
}
have_header() { printf '#include <%s>\n' "$1" | $CC -E -x c - >/dev/null 2>&1; }
have_zh_font() { fc-list :lang=zh 2>/dev/null | grep -q .; }
have_lib() { # static archive, so the binary runs where the headers are not
	for d in /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /usr/local/lib \
		 /usr/lib/aarch64-linux-gnu; do
		[ -f "$d/$1" ] && return 0
	done
	return 1
}

need build-essential command -v "$CC"
need build-essential command -v c++
need build-essential command -v make
need libyaml-dev     have_header yaml.h
need libyaml-dev     have_lib libyaml.a
need libjansson-dev  have_header jansson.h
need libjansson-dev  have_lib libjansson.a
need libssl-dev      have_header openssl/evp.h
need libssl-dev      have_lib libcrypto.a
# the HTML report: CommonMark with GitHub's tables, linked statically
need libcmark-gfm-dev have_header cmark-gfm.h
need libcmark-gfm-dev have_lib libcmark-gfm.a
need libcmark-gfm-extensions-dev have_header cmark-gfm-core-extensions.h
need libcmark-gfm-extensions-dev have_lib libcmark-gfm-extensions.a
# Without gnuplot a run still writes its results, reports and the charts'
# scripts (`gnuplot all.gp` in charts/ draws them later): `make run` asks
# for it only where it can install it.
can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }
if [ "$mode" = test ] || can_install; then
	need gnuplot-nox command -v gnuplot
elif ! command -v gnuplot >/dev/null 2>&1; then
	echo "culab: note: gnuplot not found: reports will say which charts were not drawn (to draw them: sudo apt-get install gnuplot-nox)"
fi
if [ "$mode" = test ]; then
	need libcmocka-dev have_header cmocka.h
	# tests/html.sh: the HTML report in a real browser, its PDF's pages,
	# and a Chinese font, without which the Chinese page prints as boxes
	need chromium      command -v chromium
	need poppler-utils command -v pdfinfo
	need fonts-wqy-microhei have_zh_font
	# the generated man page is rendered with `man -l` (test_cli_habits)
	need man-db        command -v man
	need groff-base    command -v groff
	# make test-long: tests/gpu/stalls_ncu.py's self-test
	need python3       command -v python3
fi

if [ -n "$missing" ]; then
	cmd="apt-get install -y --no-install-recommends$missing"
	if can_install; then
		echo "culab: installing missing packages:$missing"
		export DEBIAN_FRONTEND=noninteractive
		if ! { apt-get update -qq && $cmd >/dev/null; }; then
			echo "culab: error: could not install packages; run: $cmd" >&2
			exit 1
		fi
	else
		echo "culab: error: missing packages:$missing" >&2
		echo "culab: run: sudo $cmd" >&2
		exit 1
	fi
fi

if ! "$NVCC" --version >/dev/null 2>&1; then
	echo "culab: error: the CUDA compiler was not found at $NVCC" >&2
	echo "culab: install the CUDA Toolkit 13 (https://developer.nvidia.com/cuda-downloads)," >&2
	echo "culab: then run: make CUDA=/path/to/cuda $mode" >&2
	exit 1
fi
for f in cupti.h nvtx3/nvToolsExt.h cub/cub.cuh; do
	if [ ! -f "$CUDA/include/$f" ] && [ ! -f "$CUDA/include/cccl/$f" ] &&
	   [ ! -f "$CUDA/extras/CUPTI/include/$f" ]; then
		echo "culab: error: $f not found under $CUDA (CUDA Toolkit 13 with CUPTI, NVTX3 and CCCL)" >&2
		echo "culab: run: make CUDA=/path/to/cuda $mode" >&2
		exit 1
	fi
done
# NVRTC compiles user kernels at run time.  culab opens it with dlopen, so
# it starts without it; the tests compile real kernels and need it.
if [ "$mode" = test ]; then
	for f in libnvrtc.so.13 libnvrtc-builtins.so.13.*; do
		# shellcheck disable=SC2086  # the glob is meant
		set -- $CUDA/lib64/$f
		if [ ! -f "$1" ]; then
			echo "culab: error: $f (NVRTC, the CUDA Toolkit 13's runtime compiler) not found in $CUDA/lib64" >&2
			echo "culab: install it: sudo apt-get install cuda-nvrtc-13-0 (NVIDIA's CUDA repository), then run: make CUDA=/path/to/cuda $mode" >&2
			exit 1
		fi
	done
fi
exit 0
