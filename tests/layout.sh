#!/bin/sh
# layout.sh - the shape of culab's source tree (issue 23, item 2).
#
#   sh tests/layout.sh [ROOT [BUILD]]   check (make layout); exit 0 or 1
#   sh tests/layout.sh --dot [ROOT [BUILD]]  the folder graph in Graphviz dot
#   sh tests/layout.sh --edges [ROOT [BUILD]]  the file graph: FROM TO (WHY)
#   sh tests/layout.sh --self-test      checks the checker on tiny trees
#                                       (tests/run.sh)
#
# ROOT is the source tree (default: this script's ..), BUILD its build
# folder (default: ROOT/build; the objects must be built: make).  The
# graphs print beside the errors (on stderr) and exit 0.
#
# 1. Folders: src/F/ holds one stage of the pipeline, and a folder may
#    depend only on the folders before it in ORDER.  Every `#include
#    "..."` of src/*/*.{c,cpp,h} that reaches a later folder is an error
#    (a back edge), and so is a module's use of a symbol defined in a later
#    folder that no include of it already names.
# 2. Files: a module is a .c or .cpp file with its same-named .h; a header
#    without such a file declares what others define and stands for what
#    it includes.  Module A depends on module B when A includes B's header
#    or A's object uses a symbol B's object defines (nm on BUILD/src/*/*.o).
#    Any loop between modules is an error, printed with the symbols and
#    includes that tie it.
# 3. No source file (src/**, kernels/**: .c .cpp .h .cu .cuh) has more
#    than MAX_LINES lines, nor any of the tests' C and CUDA
#    (tests/unit/**, tests/gpu/**, tests/fuzz/**).
# Then a summary: folders, files, file-graph edges, the depth of the file
# graph (the longest chain of modules from src/cli/main.c, a loop counted
# as one) and the folder edges.  Includes of kernels/ and of generated
# headers (culab_version.h) are outside src/ and not counted.
# POSIX sh, awk, coreutils and nm only: CI is a fresh Debian machine.
set -u

# The stages, in the one direction data takes.
ORDER="base counters ladder experiment plan results run compare report jobs cli"
MAX_LINES=1200
TOP=src/cli/main.c

usage() {
	echo "usage: sh tests/layout.sh [--dot | --edges] [ROOT [BUILD]] | --self-test" >&2
	exit 2
}

mode=check
case ${1:-} in
--dot) mode="dot"; shift ;;
--edges) mode="edges"; shift ;;
--self-test) mode="self"; shift ;;
-h|--help) usage ;;
-*) echo "layout.sh: error: unknown option \"$1\"" >&2; usage ;;
esac
[ $# -le 2 ] || usage
here=$(cd "$(dirname "$0")" && pwd)
self=$here/$(basename "$0")

# ---- the check ----------------------------------------------------------

# check ROOT BUILD MODE: prints the errors and the summary (or the dot
# graph); returns 0, or 1 when the tree breaks a rule.
check() {
	root=$1 build=$2 what=$3
	cd "$root" || return 2
	work=$(mktemp -d "${TMPDIR:-/tmp}/culab-layout.XXXXXX") || return 2
	# shellcheck disable=SC2064  # expand now: $work is local to this call
	trap "rm -rf '$work'" EXIT INT TERM

	# every source file, and the graph's files (one folder down in src/)
	find src kernels -type f \( -name '*.c' -o -name '*.cpp' -o -name '*.h' \
	     -o -name '*.cu' -o -name '*.cuh' \) 2>/dev/null | LC_ALL=C sort >"$work/all"
	# the tests' own code: only its length is checked
	find tests/unit tests/gpu tests/fuzz -type f \( -name '*.c' -o -name '*.cpp' \
	     -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' \) 2>/dev/null |
		LC_ALL=C sort >"$work/tests"
	grep '^src/' "$work/all" | grep -v '\.cuh\{0,1\}$' >"$work/files"
	if cat "$work/all" "$work/tests" | grep -q '[[:space:]]'; then
		echo "layout.sh: error: a source file's name has a space: $(cat "$work/all" "$work/tests" | grep '[[:space:]]' | head -n 1)" >&2
		return 2
	fi
	if [ ! -s "$work/files" ]; then
		echo "layout.sh: error: no source files under $root/src" >&2
		return 2
	fi

	{
		# F FILE: a file of the graph
		sed 's/^/F /' "$work/files"
		# L FILE LINES: every source file's length
		# shellcheck disable=SC2046  # file names without spaces
		awk 'FNR == 1 && NR > 1 { print "L", name, n }
		     { name = FILENAME; n = FNR }
		     END { if (NR) print "L", name, n }' $(cat "$work/all" "$work/tests")
		# I FILE LINE PATH: an #include "PATH" outside comments
		# shellcheck disable=SC2046
		awk '
		FNR == 1 { incom = 0 }
		{
			line = $0
			if (!incom && line !~ /[\/"\047]/) {
				out = line
			} else {
				out = ""; i = 1; n = length(line)
				while (i <= n) {
					c = substr(line, i, 1)
					if (incom) {
						if (c == "*" && substr(line, i + 1, 1) == "/") { incom = 0; i += 2 }
						else i++
						continue
					}
					d = substr(line, i + 1, 1)
					if (c == "/" && d == "*") { incom = 1; out = out " "; i += 2; continue }
					if (c == "/" && d == "/") break
					if (c == "\"" || c == "\047") {
						q = c; out = out c; i++
						while (i <= n) {
							c = substr(line, i, 1); out = out c; i++
							if (c == "\\") { out = out substr(line, i, 1); i++; continue }
							if (c == q) break
						}
						continue
					}
					out = out c; i++
				}
			}
			if (out ~ /^[ \t]*#[ \t]*include[ \t]*"/) {
				sub(/^[ \t]*#[ \t]*include[ \t]*"/, "", out)
				sub(/".*/, "", out)
				print "I", FILENAME, FNR, out
			}
		}' $(cat "$work/files")
		# S FILE TYPE SYMBOL: what each module's object defines and
		# uses (nm -P: name, type), or X FILE: error: why it cannot say
		grep '\.c\(pp\)\{0,1\}$' "$work/files" | while read -r f; do
			o=$build/${f%.*}.o
			if [ ! -f "$o" ]; then
				echo "X $f: error: no object $o (build first: make)"
				continue
			fi
			if [ -n "$(find "$f" -newer "$o")" ]; then
				echo "X $f: error: $o is older than the source (build first: make)"
				continue
			fi
			if ! nm -P -g "$o" >"$work/nm" 2>"$work/nm.err"; then
				echo "X $f: error: nm $o failed: $(head -n 1 "$work/nm.err")"
				continue
			fi
			awk -v f="$f" 'NF >= 2 { print "S", f, $2, $1 }' "$work/nm"
		done
	} >"$work/facts"
	# D SYMBOL NAME: a C++ symbol's name as people write it (c++filt)
	awk '$1 == "S" && $4 ~ /^_Z/ { print $4 }' "$work/facts" | LC_ALL=C sort -u >"$work/mangled"
	if [ -s "$work/mangled" ] && command -v c++filt >/dev/null 2>&1; then
		# shellcheck disable=SC2094  # reads mangled twice, writes facts
		c++filt <"$work/mangled" | paste -d " " "$work/mangled" - | sed "s/^/D /" >>"$work/facts"
	fi

	write_graph_awk "$work/graph.awk"
	awk -v order="$ORDER" -v max="$MAX_LINES" -v top="$TOP" -v what="$what" \
	    -f "$work/graph.awk" "$work/facts"
}

# The graph, from the facts: an awk program in a file of its own (a
# function so that the check is one file to read).
write_graph_awk() {
	cat >"$1" <<'AWK'
function folder(p,   a) { split(p, a, "/"); return a[2] }
function dir(p) { sub(/\/[^\/]*$/, "", p); return p }
function stem(p) { sub(/\.[^.\/]*$/, "", p); return p }
function src_rel(p) { sub(/^src\//, "", p); return p }
# errors: with the summary, or on stderr beside a graph
function err(msg) {
	nerr++
	if (what == "check") print msg
	else print msg | "cat 1>&2"
}
function add_list(key, word, list, seen,   had) {
	if (!((key, word) in seen)) {
		seen[key, word] = 1
		# (test first: awk may make list[key] before the right side)
		had = key in list
		list[key] = had ? list[key] ", " word : word
	}
}
# the module a file belongs to, or "" for a header that has none
function module_of(f,   s) {
	if (f ~ /\.(c|cpp)$/) return f
	s = stem(f)
	if ((s ".c") in isfile) return s ".c"
	if ((s ".cpp") in isfile) return s ".cpp"
	return ""
}
# the members of component c other than x
function others(c, x,   i, s) {
	s = ""
	for (i = 1; i <= nmod; i++)
		if (scc[mod[i]] == c && mod[i] != x) s = s (s == "" ? "" : ", ") mod[i]
	return s
}
# Tarjan's strongly connected components over the module graph
function strong(v,   k, w) {
	idx[v] = low[v] = ++counter
	stk[++sp] = v; onstk[v] = 1
	for (k = 1; k <= nadj[v]; k++) {
		w = adj[v, k]
		if (!(w in idx)) {
			strong(w)
			if (low[w] < low[v]) low[v] = low[w]
		} else if (onstk[w] && idx[w] < low[v]) {
			low[v] = idx[w]
		}
	}
	if (low[v] == idx[v]) {
		nscc++
		do {
			w = stk[sp--]; onstk[w] = 0
			scc[w] = nscc; sccsize[nscc]++
		} while (w != v)
	}
}
# the label of module edge a -> b: the symbols, then the include
function label(a, b,   s) {
	s = ""
	if ((a, b) in esyms) s = esyms[a, b]
	if ((a, b) in einc) s = s (s == "" ? "" : "; ") einc[a, b]
	return s
}
BEGIN {
	nfold = split(order, fold, " ")
	for (i = 1; i <= nfold; i++) rank[fold[i]] = i
}
$1 == "F" { isfile[$2] = 1; file[++nfile] = $2; next }
$1 == "L" { len[++nlen] = $2; lines[$2] = $3; next }
$1 == "I" { ni++; ifile[ni] = $2; iline[ni] = $3; ipath[ni] = $4; next }
$1 == "X" { $1 = ""; sub(/^ /, ""); err($0); next }
$1 == "D" { s = $2; $1 = $2 = ""; sub(/^  /, ""); sub(/\(.*/, ""); disp[s] = $0; next }
$1 == "S" {
	if ($3 == "U" || $3 == "w" || $3 == "v") {
		nuse++; umod[nuse] = $2; usym[nuse] = $4
	} else if (!(($4, $2) in defby)) {
		defby[$4, $2] = 1; ndef[$4]++; def[$4] = $2
	}
	next
}
END {
	orderword = "(order: " order ")"
	# 3. length
	for (i = 1; i <= nlen; i++)
		if (lines[len[i]] > max) {
			nlong++
			err(len[i] ": error: " lines[len[i]] " lines, more than " max " (split it)")
		}

	# the modules, and the folders every file is in
	for (i = 1; i <= nfile; i++) {
		f = file[i]
		if (split(f, parts, "/") != 3) {
			err(f ": error: not in a folder of src/ (folders: " order ")")
			continue
		}
		if (!(folder(f) in rank) && !(folder(f) in badfold)) {
			badfold[folder(f)] = 1
			err("src/" folder(f) "/: error: folder " folder(f) " is not in the order " orderword)
		}
		if (f ~ /\.(c|cpp)$/) { mod[++nmod] = f; ismod[f] = 1 }
	}

	# 1. includes: the folder graph, back edges, and file-level edges
	for (i = 1; i <= ni; i++) {
		f = ifile[i]; p = ipath[i]
		t = dir(f) "/" p
		if (p ~ /^\.\.\//) t = "src/" substr(p, 4)
		if (!(t in isfile)) t = "src/" p
		if (!(t in isfile)) continue    # kernels/, generated, system
		a = folder(f); b = folder(t)
		from = module_of(f); if (from == "") from = f
		to = module_of(t); if (to == "") to = t
		if (!((from, to) in nedge_seen)) {
			nedge_seen[from, to] = 1
			inode[from, ++ninode[from]] = to
		}
		if (!((from, to) in incwhy)) incwhy[from, to] = src_rel(t)
		if (a == b || !(a in rank) || !(b in rank)) continue
		if (!((from, to) in fpair)) { fpair[from, to] = 1; fdeps[a, b]++ }
		if (rank[b] > rank[a]) {
			nback++
			backpair[a, b] = 1
			incback[from, b] = 1
			err(f ":" iline[i] ": error: " a " includes " src_rel(t) ": " a \
			    " may not depend on " b ", which comes later " orderword)
		}
	}
	# module -> module through includes (a module's own header's are
	# its own: module_of): a header without a module of its own stands
	# for what it includes
	for (i = 1; i <= nmod; i++) {
		m = mod[i]
		nq = 0
		delete seen
		seen[m] = 1
		for (k = 1; k <= ninode[m]; k++) {
			t = inode[m, k]
			if (!(t in seen)) { seen[t] = 1; q[++nq] = t; via[t] = ""; first[t] = incwhy[m, t] }
		}
		for (j = 1; j <= nq; j++) {
			t = q[j]
			if (t in ismod) {
				if (t != m && !((m, t) in einc)) {
					einc[m, t] = "includes " first[t] (via[t] != "" ? " via " via[t] : "")
					edge[m, t] = 1
				}
				continue
			}
			# a header standing alone: what it includes, named with
			# the first such header on the way
			for (k = 1; k <= ninode[t]; k++) {
				u = inode[t, k]
				if (u in seen) continue
				seen[u] = 1; q[++nq] = u
				first[u] = incwhy[t, u]
				via[u] = (via[t] != "" ? via[t] : src_rel(t))
			}
		}
	}

	# 2. linkage: module a uses a symbol only module b defines
	for (i = 1; i <= nuse; i++) {
		a = umod[i]; s = usym[i]
		if (!(s in ndef) || ndef[s] != 1) continue
		b = def[s]
		if (a == b) continue
		edge[a, b] = 1
		add_list(a SUBSEP b, (s in disp) ? disp[s] : s, esyms, esyms_seen)
		fa = folder(a); fb = folder(b)
		if (fa == fb || !(fa in rank) || !(fb in rank)) continue
		if (!((a, b) in fpair)) { fpair[a, b] = 1; fdeps[fa, fb]++ }
		if (rank[fb] > rank[fa] && !((a, fb) in incback))
			add_list(a SUBSEP fb, ((s in disp) ? disp[s] : s) " (" b ")", linkback, linkback_seen)
	}
	for (i = 1; i <= nmod; i++)
		for (j = 1; j <= nfold; j++)
			if ((mod[i], fold[j]) in linkback) {
				a = folder(mod[i])
				nback++
				backpair[a, fold[j]] = 1
				err(mod[i] ": error: " a " uses " linkback[mod[i], fold[j]] ": " a \
				    " may not depend on " fold[j] ", which comes later " orderword)
			}

	# the module graph, in the order of the files
	for (i = 1; i <= nmod; i++)
		for (j = 1; j <= nmod; j++)
			if ((mod[i], mod[j]) in edge) {
				adj[mod[i], ++nadj[mod[i]]] = mod[j]
				nedges++
				if ((mod[i], mod[j]) in einc) nincedges++
				if ((mod[i], mod[j]) in esyms) nlinkedges++
			}
	for (i = 1; i <= nmod; i++)
		if (!(mod[i] in idx)) strong(mod[i])

	# loops: each edge inside a component on one printed cycle, the
	# shortest back to where it started
	for (i = 1; i <= nmod; i++) {
		u = mod[i]
		if (sccsize[scc[u]] < 2) continue
		if (!(scc[u] in loopseen)) { loopseen[scc[u]] = 1; nloops++ }
		for (k = 1; k <= nadj[u]; k++) {
			v = adj[u, k]
			if (scc[v] != scc[u] || ((u, v) in covered)) continue
			# breadth first from v to u inside the component
			delete prev
			qh = 1; qt = 1; bq[1] = v; prev[v] = ""
			while (qh <= qt && !(u in prev)) {
				x = bq[qh++]
				for (j = 1; j <= nadj[x]; j++) {
					y = adj[x, j]
					if (scc[y] != scc[u] || (y in prev)) continue
					prev[y] = x; bq[++qt] = y
				}
			}
			np = 0
			for (x = u; x != v; x = prev[x]) path[++np] = x
			path[++np] = v
			# path[np] = v ... path[1] = u
			line = u " -> " v " (" label(u, v) ")"
			covered[u, v] = 1
			for (j = np; j > 1; j--) {
				line = line " -> " path[j - 1] " (" label(path[j], path[j - 1]) ")"
				covered[path[j], path[j - 1]] = 1
			}
			ncycles++
			err("error: loop: " line)
		}
	}

	# the depth: the longest chain from the top, each loop one level
	# (Tarjan numbers a component after every one it reaches)
	for (c = 1; c <= nscc; c++) cdepth[c] = 1
	for (i = nmod; i >= 1; i--) cmem[scc[mod[i]]] = mod[i]    # the first by name
	for (c = 1; c <= nscc; c++)
		for (i = 1; i <= nmod; i++) {
			if (scc[mod[i]] != c) continue
			for (k = 1; k <= nadj[mod[i]]; k++) {
				d = scc[adj[mod[i], k]]
				if (d != c && cdepth[d] + 1 > cdepth[c]) { cdepth[c] = cdepth[d] + 1; cnext[c] = d }
			}
		}
	depth = 0; chain = ""
	if (top in ismod) {
		depth = cdepth[scc[top]]
		for (c = scc[top]; c != ""; c = (c in cnext) ? cnext[c] : "") {
			x = (c == scc[top]) ? top : cmem[c]
			if (sccsize[c] > 4) x = x " (a loop of " sccsize[c] ")"
			else if (sccsize[c] > 1) x = x " (a loop with " others(c, x) ")"
			chain = chain (chain == "" ? "" : " -> ") x
		}
		# what the top does not reach
		delete seen
		nq = 1; q[1] = top; seen[top] = 1
		for (j = 1; j <= nq; j++)
			for (k = 1; k <= nadj[q[j]]; k++)
				if (!(adj[q[j], k] in seen)) { seen[adj[q[j], k]] = 1; q[++nq] = adj[q[j], k] }
		unreached = ""; nun = 0
		for (i = 1; i <= nmod; i++)
			if (!(mod[i] in seen)) { nun++; unreached = unreached " " mod[i] }
	} else {
		err(top ": error: missing: the depth is counted from it")
	}

	# the loops that calls alone make (no include counted)
	delete idx; delete low; delete onstk; delete scc; delete sccsize; delete adj; delete nadj
	counter = 0; sp = 0; nscc = 0
	for (i = 1; i <= nmod; i++)
		for (j = 1; j <= nmod; j++)
			if ((mod[i], mod[j]) in esyms) adj[mod[i], ++nadj[mod[i]]] = mod[j]
	for (i = 1; i <= nmod; i++)
		if (!(mod[i] in idx)) strong(mod[i])
	for (c = 1; c <= nscc; c++) if (sccsize[c] > 1) ncallloops++

	nfe = 0
	for (i = 1; i <= nfold; i++)
		for (j = 1; j <= nfold; j++)
			if ((fold[i], fold[j]) in fdeps) nfe++
	nbp = 0
	for (i = 1; i <= nfold; i++)
		for (j = 1; j <= nfold; j++)
			if ((fold[i], fold[j]) in backpair) nbp++

	if (what == "edges") {
		for (i = 1; i <= nmod; i++)
			for (j = 1; j <= nmod; j++)
				if ((mod[i], mod[j]) in edge)
					print mod[i], mod[j], "(" label(mod[i], mod[j]) ")"
		exit 0
	}
	if (what == "dot") {
		print "digraph culab_folders {"
		print "\trankdir=BT;"
		print "\tnode [shape=box, fontname=\"sans-serif\"];"
		print "\tedge [fontname=\"sans-serif\", fontsize=10];"
		for (i = 1; i <= nfold; i++)
			print "\t\"" fold[i] "\";"
		for (i = 1; i <= nfold; i++)
			for (j = 1; j <= nfold; j++) {
				if (!((fold[i], fold[j]) in fdeps)) continue
				print "\t\"" fold[i] "\" -> \"" fold[j] "\" [label=\"" fdeps[fold[i], fold[j]] "\"" \
				      (j > i ? ", color=red, fontcolor=red, constraint=false" : "") "];"
			}
		print "}"
		exit 0
	}

	nsrc = 0
	for (i = 1; i <= nlen; i++) nsrc++
	printf "layout: %d folders, %d files (%d in the graph, %d modules), %d file-graph edges (%d from includes, %d from linkage), depth %d from %s\n",
	       nfold, nsrc, nfile, nmod, nedges, nincedges, nlinkedges, depth, top
	if (chain != "") print "layout: deepest: " chain
	if (nun > 0) print "layout: " nun " modules not reached from " top ":" unreached
	print "layout: folder edges (file dependencies; \"!\" marks a back edge):"
	for (i = 1; i <= nfold; i++) {
		line = ""
		for (j = 1; j <= nfold; j++)
			if ((fold[i], fold[j]) in fdeps)
				line = line " " fold[j] (j > i ? "!" : "") "(" fdeps[fold[i], fold[j]] ")"
		printf "  %-10s ->%s\n", fold[i], (line == "" ? " (nothing)" : line)
	}
	printf "layout: %d folder edges, %d back edges (%d folder pairs), %d loops (%d of them by calls alone; %d cycles printed), %d files over %d lines: %s\n",
	       nfe, nback, nbp, nloops, ncallloops, ncycles, nlong, max, (nerr ? "failed" : "passed")
	exit nerr ? 1 : 0
}
AWK
}

# ---- the self-test ------------------------------------------------------

# put FILE LINE...: writes FILE's lines
put() {
	f=$1; shift
	mkdir -p "$(dirname "$f")"
	printf '%s\n' "$@" >"$f"
}

# padded FILE N: a comment of N lines in all
padded() {
	mkdir -p "$(dirname "$1")"
	awk -v n="$2" 'BEGIN { print "/* padding"; for (i = 3; i <= n; i++) print " *"; print " */" }' >"$1"
}

# a clean tree: cli -> report -> run -> base, a header standing alone,
# a kernel, a file of exactly MAX_LINES lines
clean_tree() {
	t=$1
	put "$t/src/base/util.h" '#ifndef UTIL_H' '#define UTIL_H' 'int util_add(int a, int b);' '#endif'
	put "$t/src/base/util.c" '#include "util.h"' 'int util_add(int a, int b) { return a + b; }'
	put "$t/src/base/types.h" '/* a header standing alone */' '#include "util.h"' 'struct pair { int a, b; };'
	padded "$t/src/base/long.c" $MAX_LINES
	put "$t/src/run/runner_timing.h" 'int runner_time(int x);'
	put "$t/src/run/runner_timing.c" '#include "base/util.h"' '#include "runner_timing.h"' \
		'int runner_time(int x) { return util_add(x, 1); }'
	put "$t/src/run/runner.h" '#include "base/types.h"' 'int runner_run(void);'
	put "$t/src/run/runner.c" '#include "runner.h"' '#include "runner_timing.h"' \
		'/* #include "report/report.h" in a comment is not an include */' \
		'int runner_run(void) { return runner_time(2); }'
	put "$t/src/report/report.h" 'int report_write(void);'
	put "$t/src/report/report.c" '#include "report.h"' '#include "run/runner.h"' \
		'#include "kernels/kernels.h"' \
		'int report_write(void) { return runner_run(); }'
	put "$t/src/cli/main.c" '#include "report/report.h"' '#include "culab_version.h"' \
		'int main(void) { return report_write(); }'
	put "$t/kernels/kernels.h" '/* kernels are outside src/ */'
	padded "$t/kernels/reduce.cu" $MAX_LINES
	put "$t/build/culab_version.h" '#define CULAB_VERSION "0"'
}

# build TREE: the objects, as the Makefile places them
build_tree() {
	(
		cd "$1" || exit 1
		for f in src/*/*.c; do
			mkdir -p "build/${f%/*}"
			${CC:-cc} -c -I src -I . -I build "$f" -o "build/${f%.c}.o" || exit 1
		done
	)
}

# expect NAME WANT_RC PATTERN...: the last check exited WANT_RC and its
# output has a line matching each (grep -F) PATTERN
st_pass=0
st_fail=0
expect() {
	name=$1 want=$2
	shift 2
	bad=""
	[ "$rc" -eq "$want" ] || bad="exit $rc, want $want"
	for p in "$@"; do
		grep -qF -- "$p" "$out" || bad="$bad${bad:+; }no line with: $p"
	done
	if [ -z "$bad" ]; then
		st_pass=$((st_pass + 1))
	else
		st_fail=$((st_fail + 1))
		echo "layout.sh: self-test: FAIL: $name: $bad; the output:"
		sed 's/^/    /' "$out"
	fi
}
# expect_not NAME PATTERN: no line of the output matches PATTERN
expect_not() {
	if grep -qF -- "$2" "$out"; then
		st_fail=$((st_fail + 1))
		echo "layout.sh: self-test: FAIL: $1: unexpected line with: $2; the output:"
		sed 's/^/    /' "$out"
	else
		st_pass=$((st_pass + 1))
	fi
}

self_test() {
	st=$(mktemp -d "${TMPDIR:-/tmp}/culab-layout-test.XXXXXX") || exit 2
	trap 'rm -rf "$st"' EXIT INT TERM
	out=$st/out
	o="(order: $ORDER)"

	# a clean tree passes, with the numbers it has
	clean_tree "$st/clean"
	build_tree "$st/clean" || { echo "layout.sh: self-test: cannot compile the tiny tree"; exit 1; }
	sh "$self" "$st/clean" >"$out" 2>&1; rc=$?
	expect "clean tree" 0 \
		"layout: 11 folders, 13 files (11 in the graph, 6 modules), 5 file-graph edges (5 from includes, 4 from linkage), depth 5 from src/cli/main.c" \
		"layout: deepest: src/cli/main.c -> src/report/report.c -> src/run/runner.c -> src/run/runner_timing.c -> src/base/util.c" \
		"layout: 1 modules not reached from src/cli/main.c: src/base/long.c" \
		"  run        -> base(2)" \
		"  report     -> run(1)" \
		"layout: 3 folder edges, 0 back edges (0 folder pairs), 0 loops (0 of them by calls alone; 0 cycles printed), 0 files over $MAX_LINES lines: passed"
	expect_not "clean tree" "error"

	# a back edge: base includes a header of report's (no loop)
	cp -Rp "$st/clean" "$st/back"
	put "$st/back/src/report/report_fmt.h" 'int report_fmt(void);'
	put "$st/back/src/report/report_fmt.c" '#include "report_fmt.h"' 'int report_fmt(void) { return 0; }'
	put "$st/back/src/base/util.c" '#include "util.h"' '#include "report/report_fmt.h"' \
		'int util_add(int a, int b) { return a + b; }'
	build_tree "$st/back" || exit 1
	sh "$self" "$st/back" >"$out" 2>&1; rc=$?
	expect "back edge" 1 \
		"src/base/util.c:2: error: base includes report/report_fmt.h: base may not depend on report, which comes later $o" \
		"  base       -> report!(1)" \
		"1 back edges (1 folder pairs), 0 loops"
	expect_not "back edge" "error: loop"

	# a back edge through a call alone, with no include
	cp -Rp "$st/clean" "$st/call"
	put "$st/call/src/base/util.c" '#include "util.h"' 'int report_write(void);' \
		'int util_add(int a, int b) { return a + b + report_write(); }'
	build_tree "$st/call" || exit 1
	sh "$self" "$st/call" >"$out" 2>&1; rc=$?
	expect "back edge by a call" 1 \
		"src/base/util.c: error: base uses report_write (src/report/report.c): base may not depend on report, which comes later $o" \
		"error: loop: src/base/util.c -> src/report/report.c (report_write) -> src/run/runner.c (runner_run; includes run/runner.h) -> src/base/util.c (includes base/util.h via base/types.h)" \
		"error: loop: src/run/runner.c -> src/run/runner_timing.c (runner_time; includes run/runner_timing.h) -> src/base/util.c (util_add; includes base/util.h) -> src/report/report.c (report_write) -> src/run/runner.c (runner_run; includes run/runner.h)" \
		"1 back edges (1 folder pairs), 1 loops (1 of them by calls alone; 2 cycles printed)"

	# a loop by linkage alone, inside one folder
	cp -Rp "$st/clean" "$st/loop"
	put "$st/loop/src/run/runner_timing.c" '#include "base/util.h"' '#include "runner_timing.h"' \
		'int runner_now(void);' \
		'int runner_time(int x) { return util_add(x, runner_now()); }'
	put "$st/loop/src/run/runner.c" '#include "runner.h"' '#include "runner_timing.h"' \
		'int runner_now(void) { return 1; }' \
		'int runner_restore_input(void) { return 0; }' \
		'int runner_run(void) { return runner_time(2) + runner_restore_input(); }'
	build_tree "$st/loop" || exit 1
	sh "$self" "$st/loop" >"$out" 2>&1; rc=$?
	expect "loop by linkage" 1 \
		"error: loop: src/run/runner.c -> src/run/runner_timing.c (runner_time; includes run/runner_timing.h) -> src/run/runner.c (runner_now)" \
		"0 back edges (0 folder pairs), 1 loops (1 of them by calls alone; 1 cycles printed)"

	# a loop by includes alone, through a header standing alone
	cp -Rp "$st/clean" "$st/incloop"
	put "$st/incloop/src/report/report_int.h" '#include "report.h"' '#include "report_fmt.h"'
	put "$st/incloop/src/report/report_fmt.h" '#define REPORT_WIDTH 80'
	put "$st/incloop/src/report/report_fmt.c" '#include "report_fmt.h"' 'int report_fmt_width = REPORT_WIDTH;'
	put "$st/incloop/src/report/report.h" '#include "report_fmt.h"' 'int report_write(void);'
	put "$st/incloop/src/report/report.c" '#include "report_int.h"' '#include "run/runner.h"' \
		'int report_write(void) { return runner_run(); }'
	put "$st/incloop/src/report/report_fmt.c" '#include "report_int.h"' 'int report_fmt_width = REPORT_WIDTH;'
	build_tree "$st/incloop" || exit 1
	sh "$self" "$st/incloop" >"$out" 2>&1; rc=$?
	expect "loop by includes" 1 \
		"error: loop: src/report/report.c -> src/report/report_fmt.c (includes report/report_fmt.h) -> src/report/report.c (includes report/report.h via report/report_int.h)" \
		"1 loops (0 of them by calls alone; 1 cycles printed)"

	# files over the limit, in src/, in kernels/ and in the tests
	cp -Rp "$st/clean" "$st/long"
	padded "$st/long/src/base/long.c" $((MAX_LINES + 1))
	padded "$st/long/kernels/reduce.cu" $((MAX_LINES + 1))
	padded "$st/long/tests/unit/test_long.c" $((MAX_LINES + 1))
	build_tree "$st/long" || exit 1
	sh "$self" "$st/long" >"$out" 2>&1; rc=$?
	expect "long files" 1 \
		"src/base/long.c: error: $((MAX_LINES + 1)) lines, more than $MAX_LINES (split it)" \
		"kernels/reduce.cu: error: $((MAX_LINES + 1)) lines, more than $MAX_LINES (split it)" \
		"tests/unit/test_long.c: error: $((MAX_LINES + 1)) lines, more than $MAX_LINES (split it)" \
		"3 files over $MAX_LINES lines: failed"

	# an object missing, one older than its source, a folder outside the order
	cp -Rp "$st/clean" "$st/odd"
	rm "$st/odd/build/src/run/runner.o"
	touch -t 209901010000 "$st/odd/src/base/util.c"
	put "$st/odd/src/extra/extra.c" 'int extra;'
	sh "$self" "$st/odd" "$st/odd/build" >"$out" 2>&1; rc=$?
	expect "missing object, stale object, unknown folder" 1 \
		"src/run/runner.c: error: no object $st/odd/build/src/run/runner.o (build first: make)" \
		"src/base/util.c: error: $st/odd/build/src/base/util.o is older than the source (build first: make)" \
		"src/extra/: error: folder extra is not in the order $o"

	# the folder graph in dot, the back edge red
	sh "$self" --dot "$st/back" >"$out" 2>&1; rc=$?
	expect "dot" 0 "digraph culab_folders {" \
		"	\"report\" -> \"run\" [label=\"1\"];" \
		"	\"base\" -> \"report\" [label=\"1\", color=red, fontcolor=red, constraint=false];"

	echo "layout.sh: self-test: $st_pass checks passed, $st_fail failed"
	[ $st_fail -eq 0 ]
}

case $mode in
self)
	[ $# -eq 0 ] || usage
	self_test
	;;
*)
	root=$(cd "${1:-$here/..}" && pwd) || exit 2
	build=${2:-$root/build}
	# the build folder as the caller names it, before check() changes folder
	[ -d "$build" ] && build=$(cd "$build" && pwd)
	check "$root" "$build" "$mode"
	;;
esac
