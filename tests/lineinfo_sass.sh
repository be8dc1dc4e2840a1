#!/bin/sh
# lineinfo_sass.sh [ARCH...] - -lineinfo adds line tables, not code: each
# file of kernels/ is compiled to a cubin for each ARCH (numbers: 90 100;
# default 90) with culab's nvcc options, once with -lineinfo and once
# without, and the machine code of every function (the cubin's .text.*
# sections) must be byte for byte the same; the sections -lineinfo adds
# are listed.  cuobjdump -sass would show the same comparison as text
# (this needs no cuobjdump: a CUDA toolkit without it, like the build
# machine's, still checks).  `make check-lineinfo` runs it for the
# release architectures.  Prints a line per file and architecture and
# exits 0, or 1 on the first difference.
set -u
CUDA=${CUDA:-/usr/local/cuda}
NVCC=${NVCC:-$CUDA/bin/nvcc}
BUILD=${BUILD:-build}
archs=${*:-90}
tmp=$(mktemp -d /tmp/culab-lineinfo.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
status=0
for a in $archs; do
	for f in kernels/*.cu; do
		b=$tmp/$(basename "$f" .cu)-$a
		for li in on off; do
			opt=; [ $li = on ] && opt=-lineinfo
			"$NVCC" -std=c++17 -arch=sm_$a -O3 $opt -Isrc -I. -I"$BUILD" \
				-I"$CUDA/include" -D_GNU_SOURCE --expt-relaxed-constexpr \
				-cubin "$f" -o "$b.$li.cubin" || { status=1; continue 2; }
		done
		python3 - "$b.on.cubin" "$b.off.cubin" "$f" "$a" <<'PY' || status=1
import struct, sys

def sections(path):
    d = open(path, 'rb').read()
    if d[:4] != b'\x7fELF' or d[4] != 2:
        sys.exit('%s: not a 64-bit ELF cubin' % path)
    shoff, = struct.unpack_from('<Q', d, 0x28)
    size, num, strndx = struct.unpack_from('<HHH', d, 0x3a)
    hdr = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * size)
           for i in range(num)]
    names = hdr[strndx][4]
    out = {}
    for h in hdr:
        name = d[names + h[0]:d.index(b'\0', names + h[0])].decode()
        out[name] = d[h[4]:h[4] + h[5]] if h[1] != 8 else b''   # 8: NOBITS
    return out

on, off = sections(sys.argv[1]), sections(sys.argv[2])
code = lambda s: {k: v for k, v in s.items() if k.startswith('.text.')}
a, b = code(on), code(off)
diff = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
added = sorted(set(on) - set(off))
if diff:
    print('FAIL: %s sm_%s: -lineinfo changes the code of %d of %d functions: %s'
          % (sys.argv[3], sys.argv[4], len(diff), len(a), ' '.join(diff[:3])))
    sys.exit(1)
print('ok:   %s sm_%s: %d functions, the same %d bytes of code; -lineinfo adds %s'
      % (sys.argv[3], sys.argv[4], len(a), sum(len(v) for v in a.values()),
         ' '.join(added)))
PY
	done
done
exit $status
