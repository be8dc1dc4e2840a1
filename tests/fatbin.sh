#!/bin/sh
# fatbin.sh FILE ARCH... - checks the GPU code in FILE (an object or an
# executable): machine code for every ARCH (numbers: 75 80 ...) in every
# fat binary FILE holds, nothing for other architectures, and the PTX of
# the newest ARCH beside it.
#
# Lists with cuobjdump --list-elf / --list-ptx when there is one
# ($CUOBJDUMP, then PATH, then $CUDA/bin), else with the suite's own
# reader of the same container ($FATBIN_LIST, tests/fatbin_list.c), which
# prints the same lines.  Prints what it found and exits 0, or prints why
# not and exits 1.
set -u
file=$1
shift
CUDA=${CUDA:-/usr/local/cuda}

lister=${CUOBJDUMP:-}
if [ -z "$lister" ]; then
	if command -v cuobjdump >/dev/null 2>&1; then
		lister=cuobjdump
	elif [ -x "$CUDA/bin/cuobjdump" ]; then
		lister=$CUDA/bin/cuobjdump
	else
		lister=${FATBIN_LIST:?neither cuobjdump nor FATBIN_LIST}
	fi
fi

elf=$("$lister" --list-elf "$file") || { echo "fatbin: $lister --list-elf $file failed"; exit 1; }
ptx=$("$lister" --list-ptx "$file") || { echo "fatbin: $lister --list-ptx $file failed"; exit 1; }

# arch_of KIND LINES: the architecture of every listed image, one a line
arch_of() {
	printf '%s\n' "$2" | sed -n "s/^.*\.sm_\([0-9a-z]*\)\.$1\$/\1/p"
}
elf_archs=$(arch_of cubin "$elf")
ptx_archs=$(arch_of ptx "$ptx")
newest=$(printf '%s\n' "$@" | sort -n | tail -n 1)
# one fat binary per CUDA object: each must hold every architecture
fatbins=$(printf '%s\n' "$elf" | sed -n 's/^.*\.\([0-9]*\)\.sm_[0-9a-z]*\.cubin$/\1/p' | sort -u | wc -l)
bad=0

for a in "$@"; do
	n=$(printf '%s\n' "$elf_archs" | grep -cx "$a")
	if [ "$n" -ne "$fatbins" ]; then
		echo "fatbin: $file: sm_$a machine code in $n of $fatbins fat binaries"
		bad=1
	fi
done
for a in $(printf '%s\n' "$elf_archs" | sort -u); do
	case " $* " in
	*" $a "*) ;;
	*) echo "fatbin: $file: unexpected machine code for sm_$a"; bad=1 ;;
	esac
done
n=$(printf '%s\n' "$ptx_archs" | grep -cx "$newest")
others=$(printf '%s\n' "$ptx_archs" | grep -vx "$newest" | grep -c .)
if [ "$n" -ne "$fatbins" ] || [ "$others" -ne 0 ]; then
	echo "fatbin: $file: PTX for compute_$newest in $n of $fatbins fat binaries, $others PTX for others"
	bad=1
fi
if [ "$fatbins" -eq 0 ]; then
	echo "fatbin: $file: no GPU code listed"
	bad=1
fi
[ $bad -eq 0 ] && echo "   $file: $fatbins fat binaries, each with sm_$(echo "$@" | sed 's/ /, sm_/g') and PTX for compute_$newest ($(basename "$lister"))"
exit $bad
