#!/bin/sh
# docs.sh - README.md and docs/*.md cannot go stale.
#
#   sh tests/docs.sh [CULAB] [FILE.md...]            check (make test)
#   sh tests/docs.sh --update [CULAB] [FILE.md...]   rewrite the checked
#                                                    blocks (make docs)
#   sh tests/docs.sh --self-test [CULAB]             prove the check fails
#                                                    on a stale page
#
# CULAB is the culab that runs as `culab` (default build/culab); FILEs,
# README.md and docs/*.md by default.
#
# 1. Checked blocks.  Output a page quotes is in a marked block, which
#    the check runs again and compares, byte for byte:
#
#        <!-- check -->
#        ```console
#        $ culab plan experiments/quick.yaml | head -n 1
#        experiments/quick.yaml: 2 experiments, ...
#        ```
#
#    Lines starting with "$ " are commands (a line ending in \ goes on
#    on the next line); the lines after a command are its output, stdout
#    and stderr together.  Or the marker holds the command and the block
#    is all output (a quoted file, say), fenced or, when the output is
#    Markdown of the page itself, up to an end marker:
#
#        <!-- check: sed -n '2,5p' tests/good/readme_example.yaml -->
#        ```yaml                        or   ...Markdown lines...
#        ...                                 <!-- /check -->
#        ```
#
#    Markers and fences start in the first column.  Each command runs by
#    itself with `sh`, in the repository root, with CULAB first on PATH
#    as `culab`, stdin empty, LC_ALL=C, TZ=UTC, no other environment
#    (PATH and HOME kept, and the sanitizers' *SAN_OPTIONS), $TMP a fresh
#    empty directory of the block and CULAB_CACHE_DIR a fresh kernel cache
#    of the block, for at most DOCS_TIMEOUT seconds (default 60).  It must
#    exit 0: show a failure with `; echo "exit $?"` (such a command is
#    checked by its output alone, not by rule 2 below).  Its output is then
#    normalized by these rules, and by nothing else:
#      - the block's $TMP directory, where it appears, reads `$TMP`;
#      - a commit as `culab --version` prints it, "(commit 0123456789ab)"
#        or "(commit 0123456789ab-dirty)", reads "(commit COMMIT)";
#      - the time `culab check` took to compile user kernels, at the end
#        of its "..., 0 from the cache, 0.51 s" line, reads "N s".
#    Whatever else varies (a run's date and durations, the GPU present,
#    the machine) must not be quoted: use fixed inputs (the recorded
#    results under reports/ and tests/fixtures/, --chip GH100, --arch
#    sm_90, --no-charts) or leave the output out.  Numbers such as file
#    counts come from a checked block or are not written.
#
# 2. Every other command a page names, in ```sh blocks, on the "$ " lines
#    of checked blocks and markers, and in `inline code` that starts with
#    culab or make: `culab CMD` must be a command (`culab CMD --help`
#    exits 0) and each option on its line but --help must be in that
#    help (global options: `culab --help`); `make TARGET` must be a
#    target (`make -n TARGET` succeeds) and each VAR= of the line a word
#    of the Makefile.  A ```console block without a marker is an error:
#    its output would go unchecked.
# 3. Every path of the repository a page names in code or in a link
#    (experiments/, tests/, reports/, kernels/, templates/, src/, docs/,
#    .ci/) exists; one with a placeholder in capitals (tests/bad/NAME.yaml)
#    is skipped, a glob must match something.
# 4. Every relative link leads to a file and its #anchor to a heading of
#    that file, as GitHub names them.  PENDING lists pages another change
#    will write; a link to one of them is not a failure yet.
#
# Prints FILE:LINE: what is wrong (for a block, the difference) and a
# count; exits 0, or 1 on any failure.  --update rewrites every block
# whose commands all ran and exited 0 and reports the others.
set -u

# Linked before they exist: written by the change that reorganises src/.
PENDING=""

mode=check
case ${1:-} in
--update) mode=update; shift ;;
--self-test) mode=selftest; shift ;;
esac
self=$0
root=$(cd "$(dirname "$0")/.." && pwd)
culab=${1:-build/culab}
[ $# -gt 0 ] && shift
case $culab in /*) ;; *) culab=$PWD/$culab ;; esac
if [ ! -x "$culab" ]; then
	echo "docs: error: $culab is not an executable culab (make builds build/culab)" >&2
	exit 2
fi
limit=${DOCS_TIMEOUT:-60}
export LC_ALL=C

tmp=$(mktemp -d "${TMPDIR:-/tmp}/culab-docs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/bin" "$tmp/help" "$tmp/make" "$tmp/anchors"
ln -s "$culab" "$tmp/bin/culab"

# ---- the self-test ---------------------------------------------------------

# Pages with a known fault each, in a copy of nothing but themselves: the
# check must fail on each with the line it names, pass on the good page,
# and --update must turn the stale page into the good one.
if [ $mode = selftest ]; then
	st=$tmp/selftest
	mkdir "$st"
	fails=0
	good=$st/good.md
	cat >"$good" <<'EOF'
# A page

<!-- check -->
```console
$ culab plan experiments/quick.yaml | head -n 1
experiments/quick.yaml: the first line of the plan, whatever it is today
$ culab --version | head -n 1; echo "$TMP"
culab 0.1.0 (commit COMMIT)
$TMP
```

<!-- check: printf '%s\n' '- one' '- two' -->
- one
- two
<!-- /check -->

See [A page](#a-page).

```sh
culab plan --json experiments/quick.yaml   # a comment
make test
```
EOF
	# the first block's expected output as culab prints it today
	if ! sh "$self" --update "$culab" "$good" >"$st/out" 2>&1; then
		echo "docs self-test: FAIL: --update of the good page failed:"
		cat "$st/out"
		exit 1
	fi
	# page@sed that spoils the good page@what the check must print
	while IFS='@' read -r name spoil want; do
		sed "$spoil" "$good" >"$st/$name.md"
		if sh "$self" "$culab" "$st/$name.md" >"$st/$name.out" 2>&1; then
			echo "docs self-test: FAIL: $name: the check passed"
			fails=$((fails + 1))
		elif ! grep -qF "$st/$name.md:$want" "$st/$name.out"; then
			echo "docs self-test: FAIL: $name: no \"FILE:$want\" in:"
			cat "$st/$name.out"
			fails=$((fails + 1))
		fi
	done <<'EOF'
stale@6s/$/ (stale)/@5: the output of "culab plan experiments/quick.yaml | head -n 1" differs
missing@6d@5: the output of "culab plan experiments/quick.yaml | head -n 1" differs
second@8s/$/ (stale)/@7: the output of "culab --version | head -n 1; echo "$TMP"" differs
region@s/^- two/- three/@12: the output of "printf
option@s/plan --json/plan --jsn/@20: culab plan: no option --jsn in `culab plan --help`
command@s/culab plan --json/culab plna --json/@20: culab plna: no such command
target@s/^make test/make tset/@21: make: no target "tset"
path@s/--json experiments.quick.yaml/--json experiments\/quik.yaml/@20: no such file: experiments/quik.yaml
anchor@s/(#a-page)/(#a-pgae)/@17: broken link #a-pgae: no heading "a-pgae" in
exit@7s/$/; false/@7: "culab --version | head -n 1; echo "$TMP"; false" exited with status 1
EOF
	# a command that runs past its time
	sed '7s/^\$ /$ sleep 3; /' "$good" >"$st/slow.md"
	if DOCS_TIMEOUT=1 sh "$self" "$culab" "$st/slow.md" >"$st/slow.out" 2>&1 ||
	   ! grep -qF "$st/slow.md:7: \"sleep 3; culab --version" "$st/slow.out" ||
	   ! grep -qF "ran past 1 s" "$st/slow.out"; then
		echo "docs self-test: FAIL: slow: not stopped after 1 s:"
		cat "$st/slow.out"
		fails=$((fails + 1))
	fi
	# the good page passes; --update makes the stale one good again
	if ! sh "$self" "$culab" "$good" >"$st/good.out" 2>&1; then
		echo "docs self-test: FAIL: the good page fails:"
		cat "$st/good.out"
		fails=$((fails + 1))
	fi
	sh "$self" --update "$culab" "$st/stale.md" >"$st/update.out" 2>&1
	if ! cmp -s "$good" "$st/stale.md"; then
		echo "docs self-test: FAIL: --update did not restore the stale page:"
		diff "$good" "$st/stale.md"
		fails=$((fails + 1))
	fi
	if [ $fails -ne 0 ]; then
		echo "docs self-test: $fails failed"
		exit 1
	fi
	echo "docs self-test: a stale output (first and later command), a missing line, a stale quote, an option, a command, a target, a path, an anchor, a failing and a slow command are caught; --update repairs"
	exit 0
fi

cd "$root" || exit 2
if [ $# -eq 0 ]; then
	set -- README.md docs/*.md
fi

fail=0
nfail=0
ko() {
	nfail=$((nfail + 1))
	fail=1
	printf '%s\n' "$*"
}

# ---- reading the pages -------------------------------------------------------

# One awk pass per page writes, under $tmp: for each checked block B<id>,
# B<id>.exp (the expected lines), B<id>.c<k> (command k) and, for console
# blocks, B<id>.s<k> (the "$ " lines as the page shows them); and a list
# of what to check, one line each, space-separated:
#   B id file marker_line first_line last_line kind commands
#   S file line SUBCOMMAND option...   (culab SUBCOMMAND on a line)
#   G file line option...              (culab --option: global options)
#   T file line TARGET                 (make TARGET)
#   V file line VAR                    (make VAR=...)
#   P file line PATH                   (a path of the repository)
#   L file line TARGET                 (a relative link)
#   E file line message                (a malformed block)
id=0
for f in "$@"; do
	if [ ! -f "$f" ]; then
		ko "$f: no such page"
		continue
	fi
	awk -v file="$f" -v dir="$tmp" -v id="$id" '
function emit(s) { print s >> (dir "/list") }
function err(l, m) { emit("E " file " " l " " m) }
# quote-aware words of a command line; "\001" separates commands
function words(s, w,    n, i, c, cur, q, inw) {
	n = 0; cur = ""; q = ""; inw = 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (q != "") { if (c == q) q = ""; else cur = cur c; continue }
		if (c == "\047" || c == "\"") { q = c; inw = 1; continue }
		if (c == "\\" && i < length(s)) { i++; cur = cur substr(s, i, 1); inw = 1; continue }
		if (c == " " || c == "\t" || c == "|" || c == ";" || c == "&" || c == "(" || c == ")") {
			if (inw) { w[++n] = cur; cur = ""; inw = 0 }
			if (c != " " && c != "\t") w[++n] = "\001"
			continue
		}
		if (c == "#" && !inw) break
		cur = cur c; inw = 1
	}
	if (inw) w[++n] = cur
	return n
}
function trim_word(x) {
	sub(/^[[(`"\047]+/, "", x)
	sub(/[])`",.;:\047]+$/, "", x)
	return x
}
function placeholder(x) { return x ~ /[A-Z][A-Z]/ || x ~ /(^|[\/_.-])[A-Z]($|[\/_.-])/ || x ~ /\.\.\.|[<>{}$]/ }
function paths(l, s,    w, n, i, x) {
	n = words(s, w)
	for (i = 1; i <= n; i++) {
		x = w[i]; sub(/^[^=]*=/, "", x); x = trim_word(x)
		sub(/^\.\//, "", x)
		if (x ~ /^(experiments|tests|reports|kernels|templates|src|docs|\.ci)\//)
			emit("P " file " " l " " x)
	}
}
# the culab and make commands of a line: S, G, T and V requests
function commands(l, s,    w, n, i, j, cmd, sub_, opts, x) {
	n = words(s, w); w[n + 1] = "\001"
	i = 1
	while (i <= n) {
		while (i <= n && w[i] == "\001") i++
		if (i > n) break
		while (w[i] ~ /^[A-Za-z_][A-Za-z0-9_]*=/) i++
		cmd = w[i]
		if (cmd == "culab" || cmd ~ /\/culab$/) {
			j = i + 1; sub_ = ""; opts = ""
			if (w[j] != "\001" && w[j] !~ /^-/) { sub_ = w[j]; j++ }
			for (; w[j] != "\001"; j++) {
				x = trim_word(w[j]); sub(/=.*/, "", x)
				if (x ~ /^--[a-z][a-z0-9-]*$/ || x ~ /^-[a-zA-Z]$/) opts = opts " " x
			}
			if (sub_ == "" && opts != "") emit("G " file " " l opts)
			else if (sub_ != "" && !placeholder(sub_) && sub_ ~ /^[a-z][a-z-]*$/)
				emit("S " file " " l " " sub_ opts)
			i = j
		} else if (cmd == "make") {
			for (j = i + 1; w[j] != "\001"; j++) {
				x = w[j]
				if (x ~ /^-[CfIoW]$/) { j++; continue }
				if (x ~ /^-/) continue
				if (x ~ /^[A-Za-z_][A-Za-z0-9_]*=/) { sub(/=.*/, "", x); emit("V " file " " l " " x); continue }
				x = trim_word(x)
				if (x != "" && !placeholder(x)) emit("T " file " " l " " x)
			}
			i = j
		} else {
			while (w[i] != "\001") i++
		}
	}
}
function code_line(l, s) { commands(l, s); paths(l, s) }
function prose(l, s,    span, rest, t) {
	rest = s
	while (match(rest, /`[^`]+`/)) {
		span = substr(rest, RSTART + 1, RLENGTH - 2)
		if (span ~ /^(culab|bin\/culab|build\/culab|make)( |$)/) commands(l, span)
		paths(l, span)
		rest = substr(rest, 1, RSTART - 1) " " substr(rest, RSTART + RLENGTH)
	}
	while (match(rest, /\]\([^) ]+\)/)) {
		t = substr(rest, RSTART + 2, RLENGTH - 3)
		if (t !~ /^[a-z]+:/) emit("L " file " " l " " t)
		rest = substr(rest, RSTART + RLENGTH)
	}
}
function out(s) { print s > (dir "/B" id ".exp") }
# the number of backticks of the fence s opens or closes, or 0
function fence_len(s,    t) {
	if (!match(s, /^[ \t]*```+/)) return 0
	t = substr(s, RSTART, RLENGTH); gsub(/[ \t]/, "", t)
	return length(t)
}
function closes(s) { return s ~ /^[ \t]*```+[ \t]*$/ && fence_len(s) >= fence }
function begin_block(k, c) {
	id++; kind = k; nc = 0; first = NR + (k == "region" ? 0 : 1); blk = 1
	printf "" > (dir "/B" id ".exp")
	if (c != "") {
		nc = 1
		print c > (dir "/B" id ".c1"); close(dir "/B" id ".c1")
		code_line(mark, c)
	}
}
function end_block(last) {
	if (kind == "console" && nc == 0) err(mark, "a checked console block without a \"$ \" command")
	close(dir "/B" id ".exp")
	if (nc > 0) { close(dir "/B" id ".c" nc); close(dir "/B" id ".s" nc) }
	emit("B " id " " file " " mark " " first " " last " " kind " " nc)
	blk = 0; cont = 0
}
BEGIN { fence = 0; blk = 0; mark = 0; mcmd = ""; cont = 0 }
{
	line = $0
	if (blk && kind == "region") {
		if (line == "<!-- /check -->") { end_block(NR - 1); next }
		out(line); next
	}
	if (fence) {
		if (closes(line)) {
			fence = 0
			if (blk) end_block(NR - 1)
			next
		}
		if (blk) out(line)
		if (blk && kind == "console") {
			if (cont || line ~ /^\$ /) {
				if (!cont) {
					if (nc > 0) { close(dir "/B" id ".c" nc); close(dir "/B" id ".s" nc) }
					nc++; text = substr(line, 3)
					print substr(line, 3) > (dir "/B" id ".c" nc)
					print NR > (dir "/B" id ".l" nc); close(dir "/B" id ".l" nc)
				} else {
					print line > (dir "/B" id ".c" nc)
					sub(/\\$/, "", text); text = text " " line
				}
				print line > (dir "/B" id ".s" nc)
				cont = line ~ /\\$/
				# a command shown failing (its exit status printed after
				# it) is checked by its output alone: a wrong option there
				# is the point
				if (!cont && text !~ /; echo "exit \$\?"$/) code_line(NR, text)
			} else if (nc == 0)
				err(NR, "output before the first \"$ \" command of a checked block")
			next
		}
		if (lang == "sh" || lang == "shell" || lang == "bash") code_line(NR, line)
		next
	}
	if (mark == NR - 1 && mark > 0) {
		if (line ~ /^```/) {
			fence = fence_len(line); lang = substr(line, fence + 1); sub(/[ \t].*/, "", lang)
			begin_block(mcmd == "" ? "console" : "fenced", mcmd)
			next
		}
		if (mcmd == "") err(mark, "a <!-- check --> marker not followed by a fenced block")
		else {
			begin_block("region", mcmd)
			if (line == "<!-- /check -->") { end_block(NR - 1); next }
			out(line); next
		}
	}
	if (line ~ /^<!-- check(: .*)? -->$/) {
		mark = NR; mcmd = line
		sub(/^<!-- check(: )?/, "", mcmd); sub(/ -->$/, "", mcmd)
		next
	}
	if (line ~ /^[ \t]*```/) {
		fence = fence_len(line); lang = line; sub(/^[ \t]*```+/, "", lang); sub(/[ \t].*/, "", lang)
		if (lang == "console") err(NR, "a console block without a <!-- check --> marker: its output is not checked")
		next
	}
	prose(NR, line)
}
END {
	if (blk) err(mark, "a checked block that does not end")
	print id > (dir "/lastid")
}' "$f"
	id=$(cat "$tmp/lastid")
done
[ -f "$tmp/list" ] || : >"$tmp/list"

# ---- 1. checked blocks ---------------------------------------------------

# run_cmd FILE OUT DIR: the command in FILE, as the header says, its output
# normalized into OUT; returns its exit status (124 or 137: out of time).
run_cmd() {
	set -- "$1" "$2" "$3" "PATH=$tmp/bin:$PATH" "HOME=${HOME:-/}" LC_ALL=C TZ=UTC \
		"TMP=$3/tmp" "CULAB_CACHE_DIR=$3/cache"
	for v in ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS; do
		eval "[ -n \"\${$v+x}\" ] && set -- \"\$@\" \"$v=\${$v}\""
	done
	_f=$1 _o=$2 _d=$3
	shift 3
	(cd "$root" && exec env -i "$@" timeout -k 5 "$limit" sh "$_f") \
		</dev/null >"$_o.raw" 2>&1
	rc=$?
	esc=$(printf '%s\n' "$_d/tmp" | sed 's/[.[\*^$|]/\\&/g')
	sed -e "s|$esc|\$TMP|g" \
	    -e 's/(commit [0-9a-f]\{7,40\}\(-dirty\)\{0,1\})/(commit COMMIT)/g' \
	    -e 's/\( from the cache\), [0-9][0-9.]* s$/\1, N s/' \
	    "$_o.raw" | awk '1' >"$_o"
	return $rc
}

# The blocks' commands run first, side by side (DOCS_JOBS, default one
# shard per core: each block has its own $TMP and cache, its commands in
# order), each one's output and exit status into the block's folder;
# then the blocks are judged in the pages' order.
run_blocks() { # SHARD JOBS: every JOBS-th block from SHARD
	_n=0
	while read -r tag bid f mark first last kind nc; do
		[ "$tag" = B ] || continue
		_n=$((_n + 1))
		[ $((_n % $2)) -eq "$1" ] || continue
		d=$tmp/run/B$bid
		mkdir -p "$d/tmp" "$d/cache"
		k=1
		while [ $k -le "$nc" ]; do
			run_cmd "$tmp/B$bid.c$k" "$d/out$k" "$d"
			echo $? >"$d/rc$k"
			k=$((k + 1))
		done
	done <"$tmp/list"
}
jobs=${DOCS_JOBS:-$(nproc 2>/dev/null || echo 1)}
shard=0
while [ $shard -lt "$jobs" ]; do
	run_blocks $shard "$jobs" &
	shard=$((shard + 1))
done
wait

nblocks=0
ncmds=0
nupdated=0
while read -r tag bid f mark first last kind nc; do
	[ "$tag" = B ] || continue
	nblocks=$((nblocks + 1))
	d=$tmp/run/B$bid
	: >"$d/actual"
	ran=1
	k=1
	while [ $k -le "$nc" ]; do
		ncmds=$((ncmds + 1))
		shown=$(cat "$tmp/B$bid.c$k")
		if [ "$kind" = console ]; then
			cat "$tmp/B$bid.s$k" >>"$d/actual"
			at=$(cat "$tmp/B$bid.l$k")
		else
			at=$mark
		fi
		rc=$(cat "$d/rc$k" 2>/dev/null || echo 1)
		cat "$d/out$k" >>"$d/actual"
		if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
			ko "$f:$at: \"$shown\" ran past $limit s (DOCS_TIMEOUT)"
			ran=0
		elif [ $rc -ne 0 ]; then
			ko "$f:$at: \"$shown\" exited with status $rc (show a failure with: ; echo \"exit \$?\"):"
			sed -n '1,10s/^/  /p' "$d/out$k"
			ran=0
		elif grep -q '^```' "$d/out$k"; then
			ko "$f:$at: \"$shown\" prints a fence (\`\`\`): it cannot be quoted in a block"
			ran=0
		fi
		k=$((k + 1))
	done
	[ $ran -eq 1 ] || continue
	if cmp -s "$tmp/B$bid.exp" "$d/actual"; then
		continue
	fi
	if [ $mode = update ]; then
		printf '%s %s %s %s\n' "$f" "$first" "$last" "$d/actual" >>"$tmp/updates"
		nupdated=$((nupdated + 1))
		echo "docs: $f:$mark: updated"
		continue
	fi
	# the command that differs: in a console block, the first whose
	# "$ " lines and output are not the page's
	at=$mark
	exp=$tmp/B$bid.exp
	act=$d/actual
	if [ "$kind" = console ]; then
		k=1
		while [ $k -le "$nc" ]; do
			from=$(cat "$tmp/B$bid.l$k")
			to=$((last + 1))
			[ $k -lt "$nc" ] && to=$(cat "$tmp/B$bid.l$((k + 1))")
			sed -n "$((from - first + 1)),$((to - first))p" "$tmp/B$bid.exp" >"$d/exp$k"
			cat "$tmp/B$bid.s$k" "$d/out$k" >"$d/act$k"
			if ! cmp -s "$d/exp$k" "$d/act$k"; then
				at=$from exp=$d/exp$k act=$d/act$k
				shown=$(cat "$tmp/B$bid.c$k")
				break
			fi
			k=$((k + 1))
		done
	fi
	ko "$f:$at: the output of \"$shown\" differs (make docs rewrites the block; read its diff):"
	# diff's hunks named by the page's lines: "<" the page, ">" now
	[ "$at" = "$mark" ] && off=$((first - 1)) || off=$((at - 1))
	diff "$exp" "$act" | awk -v f="$f" -v off="$off" '
		/^[0-9]/ { n = $0; sub(/[^0-9].*/, "", n); print "  " f ":" n + off ":"; next }
		{ print "  " $0 }' | sed -n '1,30p'
done <"$tmp/list"

# --update: each page rewritten once, its blocks replaced bottom-up
if [ -f "$tmp/updates" ]; then
	cut -d' ' -f1 "$tmp/updates" | sort -u | while read -r f; do
		awk -v f="$f" '$1 == f' "$tmp/updates" | sort -k2,2nr |
		while read -r _ first last actual; do
			awk -v first="$first" -v last="$last" -v actual="$actual" '
				NR == first { while ((getline l < actual) > 0) print l }
				NR >= first && NR <= last { next }
				{ print }' \
				"$f" >"$f.docs-new" && cat "$f.docs-new" >"$f" && rm -f "$f.docs-new"
		done
	done
fi

# ---- 2. commands, 3. paths, 4. links ------------------------------------

# help SUBCOMMAND: the help culab gives for it, in $tmp/help/SUBCOMMAND;
# fails when there is no such command
help() {
	h=$tmp/help/${1:-global}
	if [ ! -f "$h" ]; then
		if [ -z "$1" ]; then
			"$culab" --help >"$h" 2>&1 </dev/null || : >"$h.bad"
		else
			"$culab" "$1" --help >"$h" 2>&1 </dev/null ||
				"$culab" help "$1" >"$h" 2>&1 </dev/null || : >"$h.bad"
		fi
	fi
	[ ! -f "$h.bad" ]
}

# has_option HELPFILE OPTION: OPTION is in the help as a word of its own
has_option() {
	grep -q -E -e "(^|[^a-zA-Z0-9-])$2([^a-zA-Z0-9-]|\$)" "$1"
}

# anchors FILE: the anchors GitHub gives FILE's headings, one a line
anchors() {
	a=$tmp/anchors/$(printf '%s' "$1" | tr '/.' '__')
	if [ ! -f "$a" ]; then
		awk '
		function len(s) { match(s, /```+/); return RLENGTH }
		!fence && /^[ \t]*```/ { fence = len($0); next }
		fence && /^[ \t]*```+[ \t]*$/ && len($0) >= fence { fence = 0; next }
		fence || !/^#+ / { next }
		{
			s = $0; sub(/^#+ +/, "", s); sub(/ +#+ *$/, "", s)
			s = tolower(s)
			gsub(/[^a-z0-9 _\200-\377-]/, "", s)
			gsub(/ /, "-", s)
			if (s in seen) { seen[s]++; print s "-" seen[s] } else { seen[s] = 0; print s }
		}' "$1" >"$a"
	fi
	cat "$a"
}

pending() {
	for p in $PENDING; do [ "$1" = "$p" ] && return 0; done
	return 1
}

nstatic=0
while read -r tag f l a rest; do
	case $tag in
	E)
		ko "$f:$l: $a $rest"
		;;
	S)
		nstatic=$((nstatic + 1))
		if ! help "$a"; then
			ko "$f:$l: culab $a: no such command (\`culab $a --help\` fails)"
			continue
		fi
		for o in $rest; do
			case $o in --help|-h) continue ;; esac
			has_option "$tmp/help/$a" "$o" ||
				ko "$f:$l: culab $a: no option $o in \`culab $a --help\`"
		done
		;;
	G)
		nstatic=$((nstatic + 1))
		help ""
		for o in $a $rest; do
			has_option "$tmp/help/global" "$o" ||
				ko "$f:$l: culab: no option $o in \`culab --help\`"
		done
		;;
	T)
		nstatic=$((nstatic + 1))
		t=$tmp/make/$(printf '%s' "$a" | tr '/' '_')
		if [ ! -f "$t" ]; then
			if MAKEFLAGS='' MFLAGS='' MAKELEVEL='' make -n -C "$root" "$a" >/dev/null 2>&1 </dev/null; then
				echo ok >"$t"
			else
				echo no >"$t"
			fi
		fi
		[ "$(cat "$t")" = ok ] ||
			ko "$f:$l: make: no target \"$a\" (\`make -n $a\` fails)"
		;;
	V)
		nstatic=$((nstatic + 1))
		grep -q -w -e "$a" Makefile ||
			ko "$f:$l: make: no variable $a in the Makefile"
		;;
	P)
		nstatic=$((nstatic + 1))
		case $a in
		*[*?[]*)
			# shellcheck disable=SC2086  # a glob, on purpose
			set -- $a
			[ -e "$1" ] || ko "$f:$l: nothing matches $a"
			;;
		*)
			if [ ! -e "$a" ] && ! pending "$a"; then
				case $a in
				*[A-Z][A-Z]*|*/[A-Z]|*/[A-Z]/*|*[-_.][A-Z]|*[-_.][A-Z][-_./]*) ;;
				*) ko "$f:$l: no such file: $a" ;;
				esac
			fi
			;;
		esac
		;;
	L)
		nstatic=$((nstatic + 1))
		target=${a%%#*}
		anchor=
		case $a in *'#'*) anchor=${a#*#} ;; esac
		if [ -z "$target" ]; then
			path=$f
		else
			path=$(dirname "$f")/$target
			path=${path#./}
		fi
		# the path as the repository names it, for PENDING
		rel=$(cd "$(dirname "$path")" 2>/dev/null && pwd)/$(basename "$path")
		rel=${rel#"$root"/}
		if [ ! -e "$path" ]; then
			pending "$rel" || ko "$f:$l: broken link $a: no such file $path"
		elif [ -n "$anchor" ]; then
			case $path in
			*.md)
				anchors "$path" | grep -q -x -F -e "$anchor" ||
					ko "$f:$l: broken link $a: no heading \"$anchor\" in $path"
				;;
			esac
		fi
		;;
	esac
done <"$tmp/list"

if [ $mode = update ]; then
	echo "docs: $nblocks checked blocks ($ncmds commands): $nupdated updated; $nstatic commands, paths and links checked, $nfail wrong"
else
	echo "docs: $nblocks checked blocks ($ncmds commands), $nstatic commands, paths and links: $nfail wrong"
fi
[ $fail -eq 0 ] || {
	[ $mode = check ] &&
		echo "docs: FAILED: a page quotes what culab no longer prints, or names a command, option, target, path or anchor that is not there; \`make docs\` rewrites the quoted outputs (read the diff), the rest is fixed by hand"
	exit 1
}
exit 0
