# render.awk - one submission of tests/class/truth.sh from a template.
#
#   awk -v delay=CYCLES -v rename=0|1 -v reorder=0|1 -v dead=-1|K \
#       -v comments=-1|K -v reformat=0|1 -f render.awk renames.txt T.cu.in
#
# A template (tests/class/truth/*.cu.in) is CUDA with these marks:
#   %% KEY VALUE   the template's kind, tier and note (dropped here)
#   @name          an identifier the student chose: written as name, or as
#                  renames.txt's other name with rename=1 (every one; the
#                  generator checks that none was left unmarked)
#   @@D            the tier's wait in SM cycles (delay)
#   ~1 / ~2        a run of ~1 lines then a run of ~2 lines that do not
#                  depend on each other: reorder=1 writes the ~2 run first
#   ~dead          a statement's place in the kernel: dead=K writes unused
#                  variables and a block that never runs there (K picks
#                  one of three)
#   ~helper        a place at file scope: dead=K writes a __device__
#                  function that nothing calls there
# comments=K drops every // comment (a template has no other kind) and
# writes others (K picks one of three sets); reformat=1 re-lays the
# source: tabs, braces on lines of their own, no space after if/for/while
# or around = and +=, a parameter list on one line.  The steps run in
# that order: reorder and dead code, names, comments, layout.
# Deterministic: the same arguments give the same bytes.

FNR == NR { other[$1] = $2; next }
/^%%/ { next }
{ src[++ns] = $0 }

function emit(s) { out[++no] = s }

function dead_helper(k) {
	if (k == 0) {
		emit("__device__ unsigned int spare_mix(unsigned int x)")
		emit("{")
		emit("    return x * 2654435761u + 7u;")
		emit("}")
	} else if (k == 1) {
		emit("static __device__ float debug_scale(float v)")
		emit("{")
		emit("    return v * 0.5f;")
		emit("}")
	} else {
		emit("__device__ int never_called(int a, int b)")
		emit("{")
		emit("    return a > b ? a : b;")
		emit("}")
	}
	emit("")
}

function dead_code(k) {
	if (k == 0) {
		emit("    int unused_lane = threadIdx.x % 32;")
		emit("    if (0) {")
		emit("        unused_lane = unused_lane * 2 + 1;")
		emit("    }")
	} else if (k == 1) {
		emit("    const bool kDebug = false;")
		emit("    if (kDebug) {")
		emit("        __syncwarp();")
		emit("    }")
	} else {
		emit("    unsigned long long spare_count = 0;")
		emit("    for (int k = 0; k < 0; k++)")
		emit("        spare_count += k;")
	}
}

# The identifiers of s (@name) as written or renamed.
function names(s,    r, id) {
	gsub(/@@D/, delay, s)
	r = ""
	while (match(s, /@[A-Za-z_][A-Za-z0-9_]*/)) {
		id = substr(s, RSTART + 1, RLENGTH - 1)
		if (rename) {
			if (!(id in other)) {
				print "render.awk: " FILENAME ": no other name for \"" id "\" in renames.txt" > "/dev/stderr"
				failed = 1
				exit 1
			}
			id = other[id]
		}
		r = r substr(s, 1, RSTART - 1) id
		s = substr(s, RSTART + RLENGTH)
	}
	return r s
}

function indent_of(s) {
	match(s, /^[ \t]*/)
	return substr(s, 1, RLENGTH)
}

END {
	if (failed)
		exit 1
	# 1. order and dead code
	no = 0
	for (i = 1; i <= ns; ) {
		if (src[i] ~ /^~1/) {
			n1 = 0; n2 = 0
			while (i <= ns && src[i] ~ /^~1/)
				g1[++n1] = substr(src[i++], 3)
			while (i <= ns && src[i] ~ /^~2/)
				g2[++n2] = substr(src[i++], 3)
			if (reorder) {
				for (k = 1; k <= n2; k++) emit(g2[k])
				for (k = 1; k <= n1; k++) emit(g1[k])
			} else {
				for (k = 1; k <= n1; k++) emit(g1[k])
				for (k = 1; k <= n2; k++) emit(g2[k])
			}
			continue
		}
		if (src[i] ~ /^~dead/) {
			if (dead >= 0) dead_code(dead % 3)
		} else if (src[i] ~ /^~helper/) {
			if (dead >= 0) dead_helper(dead % 3)
		} else {
			emit(src[i])
		}
		i++
	}
	# 2. names
	for (i = 1; i <= no; i++)
		out[i] = names(out[i])
	# 3. comments
	if (comments >= 0) {
		c = comments % 3
		if (c == 0) {
			hd[1] = "/* Reduction of one block: each block writes its partial sum."
			hd[2] = " * The host adds the partial sums. */"
			nh = 2
			loopc = "/* step */"
		} else if (c == 1) {
			hd[1] = "// reduce.cu -- lab 3"
			hd[2] = "// tested with n = 2^20"
			hd[3] = "//"
			nh = 3
			loopc = "// loop over the steps"
		} else {
			hd[1] = "/*"
			hd[2] = " * My solution."
			hd[3] = " */"
			nh = 3
			loopc = "/* iterate */"
		}
		m = 0
		for (k = 1; k <= nh; k++) tmp[++m] = hd[k]
		for (i = 1; i <= no; i++) {
			s = out[i]
			p = index(s, "//")
			if (p > 0) {
				s = substr(s, 1, p - 1)
				if (s ~ /^[ \t]*$/) continue
				sub(/[ \t]+$/, "", s)
			}
			if (s ~ /^[ \t]*(for|while|do)[ ({]/ || s ~ /^[ \t]*do$/)
				tmp[++m] = indent_of(s) loopc
			tmp[++m] = s
		}
		no = m
		for (i = 1; i <= no; i++) out[i] = tmp[i]
	}
	# 4. layout
	if (reformat) {
		m = 0
		for (i = 1; i <= no; i++) {
			s = out[i]
			while (s ~ /,[ \t]*$/ && i < no) {
				t = out[++i]
				sub(/^[ \t]+/, "", t)
				sub(/[ \t]+$/, "", s)
				s = s " " t
			}
			ind = indent_of(s)
			if (substr(s, length(ind) + 1) ~ /^\*/) {
				tmp[++m] = s    # inside a /* */ comment: as it is
				continue
			}
			s = substr(s, length(ind) + 1)
			gsub(/\t/, "    ", ind)
			lv = int(length(ind) / 4)
			pre = ""
			for (k = 0; k < lv; k++) pre = pre "\t"
			if (s !~ /^#/ && s !~ /^\/\// && s !~ /^\/?\*/) {
				gsub(/if \(/, "if(", s)
				gsub(/for \(/, "for(", s)
				gsub(/while \(/, "while(", s)
				gsub(/ = /, "=", s)
				gsub(/ \+= /, "+=", s)
			}
			if (s ~ /[^ \t{][ \t]*\{$/) {
				sub(/[ \t]*\{$/, "", s)
				tmp[++m] = pre s
				tmp[++m] = pre "{"
			} else {
				tmp[++m] = s == "" ? "" : pre s
			}
		}
		no = m
		for (i = 1; i <= no; i++) out[i] = tmp[i]
	}
	for (i = 1; i <= no; i++) print out[i]
}
