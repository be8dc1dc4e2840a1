#!/bin/sh
# class.sh [CULAB] - a class's submissions checked one by one (issue 26):
# `culab check` on tests/class/class.yaml takes alice and bob, reports
# carol's compile error at her line and refuses dave (no `reduce`), exit
# 1; then a class folder made here of hostile entries, each refused with
# one line while the good submission is still taken: a name with a
# space, a newline or a terminal escape, a symbolic link out of the
# folder, a folder of 10,000 files, a 2 GiB file, an empty folder, a
# folder of two .cu files, two students of one name; a copy of alice's
# kernel, re-indented, is taken and flagged, and so is one renamed,
# reordered and with dead code added.  And the class's own
# mistakes (a folder that is empty, a glob without a wildcard) are errors
# of the file, exit 2.  Last, the class folder's confinement (issue 48):
# each submission's #include reaches its own folder and the class's
# headers alone, "." and ".." are no students, and a file two globs
# match is one student.  Prints "ok:"/"FAIL:" lines; exits 1 on a failure.
set -u
culab=${1:-build/culab}
case $culab in /*) ;; *) culab=$PWD/$culab ;; esac
export LC_ALL=C
export CULAB_CACHE_DIR
tmp=$(mktemp -d /tmp/culab-class.XXXXXX)
CULAB_CACHE_DIR=$tmp/cache
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok:   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL: $1"; }
# has FILE TEXT WHAT: FILE holds the line TEXT (fixed string)
has() {
	if grep -qF -- "$2" "$1"; then ok "$3"; else ko "$3: no \"$2\" in:"; sed 's/^/    /' "$1"; fi
}

# 1. the four of tests/class
"$culab" check --arch sm_90 tests/class/class.yaml >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && ok "tests/class/class.yaml: exit 1 (a submission did not compile)" ||
	ko "tests/class/class.yaml: exit $rc, want 1"
has "$tmp/err" "tests/class/ok/carol/reduce.cu:11:5: error: identifier \"__syncthreds\" is undefined" \
	"carol's compile error at her line"
has "$tmp/err" "tests/class/class.yaml:11:7: warning: submission tests/class/ok/dave: defines no __global__ function \"reduce\" (it defines: sum)" \
	"dave refused: no reduce"
has "$tmp/out" "tests/class/class.yaml: 3 kernels compiled for sm_90" \
	"alice, bob and carol compiled or tried"
has "$tmp/out" "tests/class/class.yaml: 1 submission did not compile (each error is above); a run measures the others" \
	"the summary names the failure"
"$culab" plan -v tests/class/class.yaml >"$tmp/plan" 2>&1
has "$tmp/plan" "reduce-class/alice/float/1048576" "alice is planned under her name"
has "$tmp/plan" "reduce-class/bob/float/1048576" "bob is planned under his name"

# 2. hostile entries beside one good submission
c=$tmp/c
mkdir -p "$c/class/alice" "$c/outside" "$c/class/many" "$c/class/empty" \
	"$c/class/two"
cp tests/class/ok/alice.cu "$c/class/alice/reduce.cu"
cp tests/class/ok/alice.cu "$c/class/alice.cu"                 # alice again
cp tests/class/ok/alice.cu "$c/class/with space.cu"
cp tests/class/ok/alice.cu "$c/class/new
line.cu"
cp tests/class/ok/alice.cu "$c/class/$(printf '\033[31mred').cu"
cp tests/class/ok/alice.cu "$c/outside/reduce.cu"
ln -s ../outside "$c/class/link"
ln -s /etc/passwd "$c/class/passwd.cu"
i=0
while [ $i -lt 10000 ]; do : >"$c/class/many/f$i"; i=$((i + 1)); done
truncate -s 2G "$c/class/huge.cu"
cp tests/class/ok/alice.cu "$c/class/two/a.cu"
cp tests/class/ok/alice.cu "$c/class/two/b.cu"
# eve hands in alice's kernel, re-indented and re-commented
sed -e 's|^    |\t|' -e 's|// alice:|// eve, all my own work:|' -e 's|  *$||' \
	tests/class/ok/alice.cu >"$c/class/eve.cu"
# mallory hands in alice's kernel with every name changed, two
# declarations swapped and an unused variable added
sed -e 's/part/acc/g' -e 's/\bt\b/me/g' -e 's/\bs\b/half/g' -e 's/\bi\b/gid/g' \
	-e 's|// alice:|// mallory:|' tests/class/ok/alice.cu |
	awk '/extern __shared__/ { held = $0; next }
	     { print } /threadIdx.x;/ { print held; print "    int spare = 3;" }' \
	>"$c/class/mallory.cu"
cat >"$c/class.yaml" <<'EOF'
experiments:
  - name: hostile
    family: reduce
    variants: none
    types: [float]
    sizes: [1000]
    class:
      submissions: class/*
      function: reduce
      finish: host
      shared: "block * acc"
EOF
"$culab" check --arch sm_90 "$c/class.yaml" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok "hostile class: exit 0 (alice, eve and mallory taken, every other refused)" ||
	ko "hostile class: exit $rc, want 0"
w="$c/class.yaml:8:7: warning: submission $c/class"
has "$tmp/err" "$w/alice.cu: the student's name \"alice\" is taken by $c/class/alice: rename one" \
	"two students of one name: the second refused"
has "$tmp/err" "$w/with space.cu: the student's name \"with space\" holds a space" "a name with a space"
has "$tmp/err" "$w/new\\nline.cu: the student's name \"new\\nline\" holds a control character" \
	"a name with a newline, escaped"
has "$tmp/err" "$w/\\x1b[31mred.cu: the student's name \"\\x1b[31mred\" holds a control character" \
	"a name with a terminal escape, escaped"
has "$tmp/err" "$w/link: is a symbolic link" "a link to a folder outside"
has "$tmp/err" "$w/passwd.cu: is a symbolic link" "a link to /etc/passwd"
has "$tmp/err" "$w/many: is a folder of more than 64 entries" "a folder of 10,000 files"
has "$tmp/err" "$w/huge.cu: is 2.0 GiB, more than the 1024 KiB culab reads" "a 2 GiB file"
has "$tmp/err" "$w/empty: is a folder without a .cu file" "an empty folder"
has "$tmp/err" "$w/two: is a folder of 2 .cu files" "a folder of two .cu files"
has "$tmp/err" "$w/eve.cu: the same source as alice's ($c/class/alice/reduce.cu) once comments and whitespace are set aside; both are measured, flagged for the teacher" \
	"a copy, re-indented and re-commented, flagged"
has "$tmp/err" "$w/mallory.cu: 100 % similar to alice's ($c/class/alice/reduce.cu) once names, layout, the order of independent statements and dead code are set aside, beyond the code of the ladder's rungs and of most of the class; both are measured, flagged for the teacher" \
	"a copy renamed, reordered and with dead code, flagged"
n=$(grep -c ': warning: submission ' "$tmp/err")
[ "$n" -eq 12 ] && ok "one line per refused or flagged submission (12)" ||
	ko "$n warning lines, want 12"
has "$tmp/out" "3 kernels compiled for sm_90" "alice, eve and mallory are taken"
if grep -q "$(printf '\033')" "$tmp/err"; then
	ko "an escape reached the terminal"
else
	ok "no escape reaches the terminal"
fi

# 3. the class's own mistakes
mkdir -p "$c/none"
sed 's|class/\*|none/*|' "$c/class.yaml" >"$c/none.yaml"
"$culab" check --arch sm_90 "$c/none.yaml" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && ok "an empty class folder: exit 2" || ko "an empty class folder: exit $rc"
has "$tmp/err" "$c/none.yaml:8:20: error: submissions: \"none/*\" matches nothing" \
	"an empty class folder: one line"
sed 's|class/\*|class/alice.cu|' "$c/class.yaml" >"$c/one.yaml"
"$culab" check --arch sm_90 "$c/one.yaml" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && ok "a glob without a wildcard: exit 2" || ko "a glob without a wildcard: exit $rc"
has "$tmp/err" "has no wildcard" "a glob without a wildcard: one line"

# 4. the class folder's confinement and the students' identity (issue 48):
# a submission's #include reaches its own folder and the class's headers
# and nothing else (not another student's file, not through "..", not an
# absolute path, not a link out); "." and ".." are no students; a file
# two globs match is one student, taken once, without a warning
k=$tmp/k
mkdir -p "$k/class/alice" "$k/class/carl" "$k/class/dora" "$k/class/eve" \
	"$k/class/fred" "$k/inc"
{ echo '#include "helper.cuh"'; echo '#include "common.cuh"'
  cat tests/class/ok/alice.cu; } >"$k/class/alice/reduce.cu"
echo '#define HELPER 1' >"$k/class/alice/helper.cuh"
echo '#define COMMON 1' >"$k/inc/common.cuh"
# bob, a file beside the folders, reads alice's header
{ echo '#include "alice/helper.cuh"'; cat tests/class/ok/alice.cu; } >"$k/class/bob.cu"
{ echo '#include "../alice/helper.cuh"'; cat tests/class/ok/alice.cu; } >"$k/class/carl/reduce.cu"
{ echo '#include "/etc/hostname"'; cat tests/class/ok/alice.cu; } >"$k/class/dora/reduce.cu"
ln -s /etc/hostname "$k/class/eve/h.cuh"
{ echo '#include "h.cuh"'; cat tests/class/ok/alice.cu; } >"$k/class/eve/reduce.cu"
{ echo '#include <../alice/helper.cuh>'; cat tests/class/ok/alice.cu; } >"$k/class/fred/reduce.cu"
cat >"$k/class.yaml" <<'EOF'
experiments:
  - name: confined
    family: reduce
    variants: none
    types: [float]
    sizes: [1000]
    class:
      submissions: ["class/*", "class/*/reduce.cu", "class/.*"]
      headers: inc
      function: reduce
      finish: host
      shared: "block * acc"
EOF
"$culab" check --arch sm_90 "$k/class.yaml" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && ok "confined class: exit 1 (five submissions reach outside their folder)" ||
	ko "confined class: exit $rc, want 1"
has "$tmp/err" "$k/class/bob.cu:1:1: error: #include \"alice/helper.cuh\": header \"$k/class/alice/helper.cuh\" lies outside the submission's own folder and the class's headers" \
	"a file submission cannot include another student's header"
has "$tmp/err" "$k/class/carl/reduce.cu:1:1: error: #include \"../alice/helper.cuh\": a submission includes only the files of its own folder and the class's headers: no absolute path, no \"..\"" \
	"an #include through .. is refused"
has "$tmp/err" "$k/class/dora/reduce.cu:1:1: error: #include \"/etc/hostname\": a submission includes only" \
	"an absolute #include is refused"
has "$tmp/err" "$k/class/eve/reduce.cu:1:1: error: #include \"h.cuh\": header \"/etc/hostname\" lies outside" \
	"a header linked out of the folder is refused"
has "$tmp/err" "$k/class/fred/reduce.cu:1:1: error: #include \"../alice/helper.cuh\": a submission includes only" \
	"an #include <...> through .. is refused"
has "$tmp/out" "$k/class.yaml: 5 submissions did not compile" \
	"alice, with her own header and the class's, compiles; the five others do not"
if grep -q -e 'rename one' -e 'submission [^ ]*/\.\.\?:' -e "submission $k/class/alice/reduce.cu" "$tmp/err"; then
	ko "a file matched by two globs, or . and .., met as a student:"
	sed 's/^/    /' "$tmp/err"
else
	ok "a file matched by two globs is taken once; . and .. are no students"
fi
"$culab" plan -v "$k/class.yaml" >"$tmp/plan" 2>&1
n=$(grep -c 'confined/' "$tmp/plan")
[ "$n" -eq 6 ] && ok "six students planned once each (alice, bob, carl, dora, eve, fred)" ||
	ko "$n planned measurements, want 6"

# one class named by two experiments through two spellings of its folder
# is one set of students, not students "taken by another kernel"
cat >"$k/twice.yaml" <<'EOF'
experiments:
  - name: one
    family: reduce
    variants: none
    types: [float]
    sizes: [1000]
    class:
      submissions: class/alice/reduce.c*
      function: reduce
      finish: host
      shared: "block * acc"
  - name: two
    family: reduce
    variants: none
    types: [float]
    sizes: [2000]
    class:
      submissions: ./class/alice/reduce.c*
      function: reduce
      finish: host
      shared: "block * acc"
EOF
"$culab" plan -v "$k/twice.yaml" >"$tmp/plan" 2>&1
rc=$?
n=$(grep -c -e 'one/reduce/float/1000' -e 'two/reduce/float/2000' "$tmp/plan")
[ $rc -eq 0 ] && [ "$n" -eq 2 ] && ! grep -q 'is taken' "$tmp/plan" &&
	ok "a class named twice by two spellings of one folder: its student in both experiments" ||
	{ ko "a class named twice by two spellings (exit $rc, $n rows):"; sed 's/^/    /' "$tmp/plan"; }

echo "class: $pass passed, $fail failed"
[ $fail -eq 0 ]
