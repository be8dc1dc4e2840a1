/* sanitizer_parse.c - compute-sanitizer's text output, read back into
 * findings at the line.  See sanitizer_parse.h.
 *
 * compute-sanitizer prints one record per error: a line that says what
 * ("Invalid __shared__ read of size 4 bytes", "Error: Race reported
 * between Write access at ...", "Barrier error detected. Divergent
 * thread(s) in warp"), then indented lines that say where ("at FUNC+0xPC
 * in FILE:LINE"), who ("by thread (x,y,z) in block (x,y,z)") and more
 * ("Access to 0x420 is out of bounds", "and is 1 bytes after the nearest
 * allocation at 0x... of size 4,000 bytes", "and Read access at ... in
 * FILE:LINE [496 hazards]"), a blank line between records, and a summary
 * ("ERROR SUMMARY: 969 errors", "RACECHECK SUMMARY: 1 hazard displayed
 * (1 error, 0 warnings)").  Every line of the tool's starts with
 * "========= "; the rest is the target's own output.  The formats are
 * those of compute-sanitizer 2025.3 as recorded in
 * reports/probes/issue25-h200/sanitizer.txt, and the older ones its
 * manual shows ("at 0x110 in FILE:LINE:FUNC", "Address 0x... is out of
 * bounds").
 *
 * Records of one kind at one line are many (one per thread; 969 for one
 * line of a 1,000-element kernel), and say one thing: they are
 * aggregated into one finding with the threads and blocks as ranges.
 * The --print-limit culab passes bounds what is read; the summary counts
 * them all.  Pure: the text comes in, findings go out, so that the tests
 * feed it recorded output. */
#include "sanitizer_parse.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#define PREFIX "========="

/* ---- small readers ---------------------------------------------------------- */

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A count as the tool prints it ("4,000"); *end past it.  Returns false
 * when s does not start with a digit. */
static bool read_count(const char *s, uint64_t *v, const char **end)
{
	uint64_t x = 0;

	if (!isdigit((unsigned char)*s))
		return false;
	for (; isdigit((unsigned char)*s) || (*s == ',' &&
	       isdigit((unsigned char)s[1])); s++)
		if (*s != ',')
			x = x > UINT64_MAX / 10 ? UINT64_MAX : x * 10 +
			    (uint64_t)(*s - '0');
	*v = x;
	if (end)
		*end = s;
	return true;
}

static char *lower_dup(const char *s, size_t n)
{
	char *d = xstrndup(s, n);

	for (char *p = d; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return d;
}

/* Where a record points, "at" line: "FUNC+0xPC in FILE:LINE" (2025),
 * "0xPC in FILE:LINE:FUNC" (older), or without -lineinfo "FUNC+0xPC".
 * Sets what it finds; leaves the rest. */
static void read_at(const char *s, char **function, char **file, int *line)
{
	const char *in = NULL, *p, *right;
	size_t left;

	for (p = strstr(s, " in "); p; p = strstr(p + 1, " in "))
		in = p;
	left = in ? (size_t)(in - s) : strlen(s);
	if (!starts(s, "0x")) {
		const char *plus = strstr(s, "+0x");

		if (plus && (size_t)(plus - s) < left)
			left = (size_t)(plus - s);
		while (left && s[left - 1] == ' ')
			left--;
		if (left && !*function)
			*function = xstrndup(s, left);
	}
	if (!in)
		return;
	right = in + 4;
	/* FILE:LINE, the line last; or FILE:LINE:FUNC */
	for (p = right + strlen(right); p > right; p--) {
		const char *colon = p - 1, *d = p;

		if (*colon != ':' || !isdigit((unsigned char)*d))
			continue;
		while (isdigit((unsigned char)*d))
			d++;
		if (*d && *d != ':')
			continue;
		if (*d == ':' && !*function && d[1])
			*function = xstrdup(d + 1);
		if (!*file)
			*file = xstrndup(right, (size_t)(colon - right));
		*line = atoi(p);
		return;
	}
}

/* ---- the threads and blocks of a finding ------------------------------------ */

struct ids {
	uint32_t *v;
	size_t n, cap;
};

static void ids_add(struct ids *s, uint32_t x)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->v = xrealloc(s->v, s->cap * sizeof(*s->v));
	}
	s->v[s->n++] = x;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Sorts and drops repeats. */
static void ids_settle(struct ids *s)
{
	size_t k = 0;

	if (!s->n)
		return;
	qsort(s->v, s->n, sizeof(*s->v), cmp_u32);
	for (size_t i = 1; i < s->n; i++)
		if (s->v[i] != s->v[k])
			s->v[++k] = s->v[i];
	s->n = k + 1;
}

/* Whether the set holds nothing but 0. */
static bool ids_zero(const struct ids *s)
{
	return s->n == 0 || (s->n == 1 && s->v[0] == 0);
}

/* "8-255", "0-3, 8, 10-12": at most four ranges, then ", ...". */
static void ids_text(struct sbuf *b, const struct ids *s)
{
	size_t i = 0, ranges = 0;

	while (i < s->n) {
		size_t j = i;

		while (j + 1 < s->n && s->v[j + 1] == s->v[j] + 1)
			j++;
		if (ranges == 4) {
			sbuf_add(b, ", ...");
			return;
		}
		if (ranges++)
			sbuf_add(b, ", ");
		if (j == i)
			sbuf_addf(b, "%u", s->v[i]);
		else
			sbuf_addf(b, "%u-%u", s->v[i], s->v[j]);
		i = j + 1;
	}
}

/* The ranges of x, or "x R, y R[, z R]" when y or z vary. */
static char *who_text(const struct ids xyz[3])
{
	static const char *const dim[3] = { "x", "y", "z" };
	struct sbuf b = SBUF_INIT;

	if (!xyz[0].n)
		return NULL;
	if (ids_zero(&xyz[1]) && ids_zero(&xyz[2])) {
		ids_text(&b, &xyz[0]);
		return sbuf_detach(&b);
	}
	for (int d = 0; d < 3; d++) {
		if (d == 2 && ids_zero(&xyz[2]))
			break;
		if (d)
			sbuf_add(&b, ", ");
		sbuf_addf(&b, "%s ", dim[d]);
		ids_text(&b, &xyz[d]);
	}
	return sbuf_detach(&b);
}

/* ---- aggregation ------------------------------------------------------------- */

/* A finding being gathered: its key fields and count in f, who in ids. */
struct agg {
	struct sanitizer_finding f;
	struct ids thread[3], block[3];
	bool have_nearest;
};

struct parse {
	const char *tool;
	struct agg *a;
	size_t n, cap;
};

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_key(const struct sanitizer_finding *x,
		     const struct sanitizer_finding *y)
{
	return same(x->kind, y->kind) && same(x->what, y->what) &&
	       same(x->space, y->space) &&
	       same(x->access, y->access) && x->size == y->size &&
	       same(x->problem, y->problem) && same(x->function, y->function) &&
	       same(x->file, y->file) && x->line == y->line &&
	       same(x->other_access, y->other_access) &&
	       same(x->other_file, y->other_file) &&
	       x->other_line == y->other_line;
}

/* One record: its fields in f (agg_add takes them), who made it (when
 * `who`), and where it lies from an allocation. */
struct rec {
	struct sanitizer_finding f;   /* f.nearest: "after", "before" or NULL */
	bool who;
	uint32_t tid[3], bid[3];
	uint64_t alloc_bytes, offset; /* with f.nearest */
};

static void agg_add(struct parse *P, struct rec *r)
{
	struct agg *g = NULL;
	char *near = r->f.nearest;

	r->f.nearest = NULL;
	for (size_t i = 0; i < P->n && !g; i++)
		if (same_key(&P->a[i].f, &r->f))
			g = &P->a[i];
	if (g) {
		g->f.count += r->f.count;
		sanitizer_finding_release(&r->f);
	} else {
		if (P->n == P->cap) {
			P->cap = P->cap ? 2 * P->cap : 8;
			P->a = xrealloc(P->a, P->cap * sizeof(*P->a));
		}
		g = &P->a[P->n++];
		memset(g, 0, sizeof(*g));
		g->f = r->f;
		g->f.alloc_bytes = g->f.nearest_min = g->f.nearest_max = 0;
		memset(&r->f, 0, sizeof(r->f));
	}
	if (r->who)
		for (int d = 0; d < 3; d++) {
			ids_add(&g->thread[d], r->tid[d]);
			ids_add(&g->block[d], r->bid[d]);
		}
	if (near && !g->have_nearest) {
		g->f.nearest = near;
		near = NULL;
		g->f.alloc_bytes = r->alloc_bytes;
		g->f.nearest_min = g->f.nearest_max = r->offset;
		g->have_nearest = true;
	} else if (near && same(g->f.nearest, near)) {
		if (r->offset < g->f.nearest_min)
			g->f.nearest_min = r->offset;
		if (r->offset > g->f.nearest_max)
			g->f.nearest_max = r->offset;
	}
	free(near);
}

/* ---- records ------------------------------------------------------------------ */

/* "Invalid __shared__ read of size 4 bytes": space, access, size. */
static bool read_invalid(const char *h, struct sanitizer_finding *f)
{
	const char *sp, *end, *p;
	uint64_t size;

	if (!starts(h, "Invalid __"))
		return false;
	sp = h + strlen("Invalid __");
	end = strstr(sp, "__ ");
	if (!end)
		return false;
	f->kind = xstrdup("access");
	f->space = lower_dup(sp, (size_t)(end - sp));
	p = end + 3;
	end = strchr(p, ' ');
	f->access = lower_dup(p, end ? (size_t)(end - p) : strlen(p));
	p = strstr(p, "of size ");
	if (p && read_count(p + strlen("of size "), &size, NULL))
		f->size = size > 1u << 20 ? 0 : (int)size;
	return true;
}

/* "and is 1 bytes after the nearest allocation at 0x... of size 4,000
 * bytes" (or "before"). */
static void read_nearest(const char *s, struct rec *r)
{
	uint64_t off, size;
	const char *p;

	if (r->f.nearest || !read_count(s + strlen("and is "), &off, &p))
		return;
	if (strstr(p, " after the nearest allocation"))
		r->f.nearest = xstrdup("after");
	else if (strstr(p, " before the nearest allocation"))
		r->f.nearest = xstrdup("before");
	else
		return;
	p = strstr(p, "of size ");
	r->alloc_bytes = p && read_count(p + strlen("of size "), &size, NULL) ?
			 size : 0;
	r->offset = off;
}

/* "Write access at FUNC+0x.. in FILE:LINE" (after "between " or "and "):
 * the access's direction and place into *access, *function, *file,
 * *line; a trailing "[N hazards]" into *hazards. */
static bool read_race_side(const char *s, char **access, char **function,
			   char **file, int *line, uint64_t *hazards)
{
	const char *at = strstr(s, " access at ");
	char *copy, *br;

	if (!at)
		return false;
	*access = lower_dup(s, (size_t)(at - s));
	copy = xstrdup(at + strlen(" access at "));
	br = strrchr(copy, '[');
	if (br && br > copy) {
		uint64_t h;

		if (hazards && read_count(br + 1, &h, NULL))
			*hazards = h;
		*br = '\0';
		while (br > copy && br[-1] == ' ')
			*--br = '\0';
	}
	read_at(copy, function, file, line);
	free(copy);
	return true;
}

/* The pair of accesses of a race, as one record of the aggregation. */
static void race_pair(struct parse *P, const struct sanitizer_finding *first,
		      bool error, struct rec *r, uint64_t hazards)
{
	/* the pair is the first access's kernel: both are its */
	free(r->f.function);
	r->f.function = xstrdup(first->function);
	r->f.tool = xstrdup(P->tool);
	r->f.kind = xstrdup("race");
	r->f.what = xstrdup("Race reported");
	r->f.space = xstrdup("shared");
	r->f.access = xstrdup(first->access);
	r->f.problem = xstrdup(error ? "error" : "warning");
	r->f.file = xstrdup(first->file);
	r->f.line = first->line;
	r->f.count = hazards;
	agg_add(P, r);
}

/* A racecheck record: its header after "Error: " or "Warning: ", and its
 * "and ..." lines, each the other access of a pair. */
static void race_record(struct parse *P, const char *header, bool error,
			char **lines, size_t nlines)
{
	const char *s = header + strlen("Race reported between ");
	struct sanitizer_finding first = { 0 };
	size_t pairs = 0;

	if (!read_race_side(s, &first.access, &first.function, &first.file,
			    &first.line, NULL)) {
		sanitizer_finding_release(&first);
		return;
	}
	for (size_t i = 0; i < nlines; i++) {
		struct rec r = { .f = { 0 } };
		uint64_t hazards = 1;

		if (!starts(lines[i], "and ") ||
		    !read_race_side(lines[i] + strlen("and "),
				    &r.f.other_access, &r.f.function,
				    &r.f.other_file, &r.f.other_line,
				    &hazards)) {
			sanitizer_finding_release(&r.f);
			continue;
		}
		race_pair(P, &first, error, &r, hazards);
		pairs++;
	}
	if (!pairs) {
		struct rec r = { .f = { 0 } };

		race_pair(P, &first, error, &r, 1);
	}
	sanitizer_finding_release(&first);
}

/* One record: its header and indented lines (trimmed). */
static void record(struct parse *P, const char *header, char **lines,
		   size_t nlines)
{
	struct rec r = { .f = { 0 } };
	bool located = false;

	if (starts(header, "Error: Race reported between ") ||
	    starts(header, "Warning: Race reported between ")) {
		bool error = header[0] == 'E';

		race_record(P, strchr(header, ' ') + 1, error, lines, nlines);
		return;
	}
	if (starts(header, "Program hit ") ||
	    starts(header, "Target application returned"))
		return;
	if (!read_invalid(header, &r.f)) {
		if (starts(header, "Barrier error detected.")) {
			const char *p = header + strlen("Barrier error detected.");
			size_t n;

			while (*p == ' ')
				p++;
			n = strlen(p);
			while (n && (p[n - 1] == '.' || p[n - 1] == ' '))
				n--;
			r.f.kind = xstrdup("barrier");
			if (n)
				r.f.problem = lower_dup(p, n);
		} else {
			r.f.kind = xstrdup("other");
		}
	}
	r.f.tool = xstrdup(P->tool);
	r.f.what = xstrdup(header);
	r.f.count = 1;
	for (size_t i = 0; i < nlines; i++) {
		const char *s = lines[i];

		if (starts(s, "at ") && !located) {
			read_at(s + 3, &r.f.function, &r.f.file, &r.f.line);
			located = true;
		} else if (sscanf(s, "by thread (%u,%u,%u) in block (%u,%u,%u)",
				  &r.tid[0], &r.tid[1], &r.tid[2], &r.bid[0],
				  &r.bid[1], &r.bid[2]) == 6) {
			r.who = true;
		} else if (starts(s, "and is ")) {
			read_nearest(s, &r);
		} else if ((starts(s, "Access to ") || starts(s, "Address ") ||
			    starts(s, "Access at ")) && !r.f.problem &&
			   !strcmp(r.f.kind, "access")) {
			if (strstr(s, "out of bounds"))
				r.f.problem = xstrdup("out of bounds");
			else if (strstr(s, "misaligned"))
				r.f.problem = xstrdup("misaligned");
		}
	}
	/* a record that points nowhere is about the tool or the process,
	 * not a kernel's line (an access error always points) */
	if (!located && strcmp(r.f.kind, "access") != 0) {
		sanitizer_finding_release(&r.f);
		return;
	}
	agg_add(P, &r);
}

/* The summary lines: "ERROR SUMMARY: 969 errors" (not its second line,
 * "964 errors were not printed"), "RACECHECK SUMMARY: 1 hazard displayed
 * (1 error, 0 warnings)".  Returns whether `h` was one. */
static bool summary(const char *h, uint64_t *errors, bool *seen)
{
	const char *p = NULL;

	if (starts(h, "ERROR SUMMARY: ") && !strstr(h, "not printed"))
		p = h + strlen("ERROR SUMMARY: ");
	else if (starts(h, "RACECHECK SUMMARY: "))
		p = h + strlen("RACECHECK SUMMARY: ");
	else
		return starts(h, "ERROR SUMMARY: ");
	if (read_count(p, errors, NULL))
		*seen = true;
	return true;
}

/* ---- the text ------------------------------------------------------------------ */

static void settle(struct parse *P, struct sanitizer_record *rec)
{
	rec->findings = xrealloc(rec->findings, (rec->nfindings + P->n + 1) *
				 sizeof(*rec->findings));
	for (size_t i = 0; i < P->n; i++) {
		struct agg *g = &P->a[i];

		for (int d = 0; d < 3; d++) {
			ids_settle(&g->thread[d]);
			ids_settle(&g->block[d]);
		}
		g->f.threads = who_text(g->thread);
		g->f.blocks = who_text(g->block);
		if (rec->nfindings < SANITIZER_MAX_FINDINGS)
			rec->findings[rec->nfindings++] = g->f;
		else
			sanitizer_finding_release(&g->f);
		for (int d = 0; d < 3; d++) {
			free(g->thread[d].v);
			free(g->block[d].v);
		}
	}
	free(P->a);
}

int sanitizer_parse(const char *text, const char *tool,
		    struct sanitizer_record *rec, uint64_t *errors)
{
	struct parse P = { .tool = tool };
	char **lines = NULL, *header = NULL;
	size_t nlines = 0, cap = 0;
	bool seen = false;
	const char *p = text ? text : "";

	*errors = 0;
	while (*p) {
		const char *eol = strchr(p, '\n'), *s;
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char *line = xstrndup(p, len), *end;

		p = eol ? eol + 1 : p + len;
		end = line + strlen(line);
		while (end > line && (end[-1] == '\r' || end[-1] == ' ' ||
				      end[-1] == '\t'))
			*--end = '\0';
		if (!starts(line, PREFIX)) {     /* the target's own output */
			free(line);
			continue;
		}
		s = line + strlen(PREFIX);
		if (*s == ' ' && s[1] == ' ') {          /* indented: more */
			while (*s == ' ')
				s++;
			if (header) {
				if (nlines == cap) {
					cap = cap ? 2 * cap : 8;
					lines = xrealloc(lines, cap *
							 sizeof(*lines));
				}
				lines[nlines++] = xstrdup(s);
			}
			free(line);
			continue;
		}
		while (*s == ' ')
			s++;
		/* a blank line, or a new header, ends the record before */
		if (header) {
			record(&P, header, lines, nlines);
			free(header);
			header = NULL;
			for (size_t i = 0; i < nlines; i++)
				free(lines[i]);
			nlines = 0;
		}
		if (*s && !summary(s, errors, &seen) &&
		    strcmp(s, "COMPUTE-SANITIZER") != 0)
			header = xstrdup(s);
		free(line);
	}
	if (header)
		record(&P, header, lines, nlines);
	free(header);
	for (size_t i = 0; i < nlines; i++)
		free(lines[i]);
	free(lines);
	settle(&P, rec);
	return seen;
}
