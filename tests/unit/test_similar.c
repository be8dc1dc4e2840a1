/* test_similar.c - copies found under a disguise, independent solutions
 * not (src/ladder/similar.c, issue 44).  The disguises are made here,
 * from the example class's kernels (experiments/examples/class) and from
 * tests/class/gen.sh's: every identifier renamed, reformatted, independent
 * statements reordered, dead code added, comments changed, and all of
 * them at once; each must score SIMILAR_THRESHOLD or more against its
 * original, and the distinct solutions less against each other.
 *
 *     SIMILAR_TABLE=1 build/tests/test_similar      prints the tables
 *     SIMILAR_TABLE=grid build/tests/test_similar   and for other k, w */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ladder/similar.h"
#include "ladder/similar_int.h"
#include "ladder/source_same.h"
#include "base/util.h"

#define EXAMPLES "experiments/examples/class/"

/* The example class: the five distinct solutions first. */
static const char *const example_names[] = {
	"ada", "ben", "cleo", "dan", "kim",
	"eli", "fay", "gus", "hal", "ivy", "jon",
};
#define EXAMPLES_DISTINCT 5

/* gen.sh's kernels of a class of 10 (submission k: its kind by k % 5,
 * tests/class/gen.sh): the five correct ones first. */
static const struct {
	int k;
	const char *what;
} gen[] = {
	{ 10, "seq" }, { 1, "shfl" }, { 2, "mod" }, { 3, "strd" },
	{ 4, "uncl" }, { 9, "wrong" }, { 5, "fault" },
};
#define GEN_DISTINCT 5
#define NGEN (sizeof(gen) / sizeof(gen[0]))

static char *texts[ARRAY_SIZE(example_names) + NGEN];
static const char *names[ARRAY_SIZE(example_names) + NGEN];
#define NEX ARRAY_SIZE(example_names)
#define NALL (NEX + NGEN)

static char *load(const char *path)
{
	char *t = NULL;
	size_t n = 0;

	if (read_file(path, 1 << 20, &t, &n) < 0)
		fail_msg("%s:%d: cannot read %s", __FILE__, __LINE__, path);
	return t;
}

static int setup(void **state)
{
	char dir[] = "/tmp/culab-test-similar-XXXXXX";
	char *cmd;

	(void)state;
	for (size_t i = 0; i < NEX; i++) {
		char *p = xasprintf(EXAMPLES "%s.cu", example_names[i]);

		texts[i] = load(p);
		names[i] = example_names[i];
		free(p);
	}
	if (!mkdtemp(dir))
		return -1;
	cmd = xasprintf("sh tests/class/gen.sh 10 %s >/dev/null", dir);
	if (system(cmd) != 0)
		return -1;
	free(cmd);
	for (size_t i = 0; i < NGEN; i++) {
		char *p = xasprintf("%s/s%02d.cu", dir, gen[i].k);

		texts[NEX + i] = load(p);
		names[NEX + i] = gen[i].what;
		unlink(p);
		free(p);
	}
	for (int k = 1; k <= 10; k++) {
		char *p = xasprintf("%s/s%02d.cu", dir, k);

		unlink(p);
		free(p);
	}
	cmd = xasprintf("%s/class.yaml", dir);
	unlink(cmd);
	free(cmd);
	rmdir(dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (size_t i = 0; i < NALL; i++)
		free(texts[i]);
	return 0;
}

static double score_kw(const char *a, const char *b, const char *base,
		       size_t k, size_t w)
{
	struct similar_doc *db = base ? similar_doc_make(base, strlen(base),
							 NULL, k, w) : NULL;
	struct similar_doc *x = similar_doc_make(a, strlen(a), db, k, w);
	struct similar_doc *y = similar_doc_make(b, strlen(b), db, k, w);
	double s = similar_score(x, y);

	similar_doc_free(x);
	similar_doc_free(y);
	similar_doc_free(db);
	return s;
}

static double score(const char *a, const char *b)
{
	return score_kw(a, b, NULL, SIMILAR_K, SIMILAR_W);
}

/* ---- the disguises ---------------------------------------------------------- */

/* Identifiers a renamer keeps: the language's, CUDA's, culab's, and the
 * class's function. */
static bool kept(const char *s, size_t n)
{
	static const char *const keep[] = {
		"extern", "void", "reduce", "const", "unsigned", "long", "int",
		"float", "for", "if", "else", "while", "return", "volatile",
		"threadIdx", "blockIdx", "blockDim", "gridDim", "define", "x",
	};

	if ((n > 2 && !memcmp(s, "__", 2)) || (n > 6 && !memcmp(s, "culab_", 6)))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(keep); i++)
		if (strlen(keep[i]) == n && !memcmp(keep[i], s, n))
			return true;
	return false;
}

/* (a) every identifier of the student's renamed, consistently. */
static char *renamed(const char *t)
{
	static const char *const picks[] = {
		"half", "max", "min", "lane", "sum", "idx", "log", "stride",
		"acc", "val",
	};
	struct sbuf b = SBUF_INIT;
	char *from[128];
	size_t nfrom = 0;

	for (const char *p = t; *p;) {
		if (p[0] == '/' && p[1] == '/') {
			size_t n = strcspn(p, "\n");

			sbuf_addn(&b, p, n);
			p += n;
		} else if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");
			size_t n = e ? (size_t)(e + 2 - p) : strlen(p);

			sbuf_addn(&b, p, n);
			p += n;
		} else if (*p == '"') {
			size_t n = 1 + strcspn(p + 1, "\"");

			sbuf_addn(&b, p, n + (p[n] == '"'));
			p += n + (p[n] == '"');
		} else if (isdigit((unsigned char)*p)) {
			while (isalnum((unsigned char)*p) || *p == '.')
				sbuf_addc(&b, *p++);
		} else if (isalpha((unsigned char)*p) || *p == '_') {
			size_t n = 0, k;

			while (isalnum((unsigned char)p[n]) || p[n] == '_')
				n++;
			if (kept(p, n)) {
				sbuf_addn(&b, p, n);
			} else {
				for (k = 0; k < nfrom; k++)
					if (strlen(from[k]) == n &&
					    !memcmp(from[k], p, n))
						break;
				if (k == nfrom && nfrom < ARRAY_SIZE(from))
					from[nfrom++] = xstrndup(p, n);
				/* names a renamer might pick, some of
				 * them CUDA's or the library's words */
				if (k < ARRAY_SIZE(picks))
					sbuf_add(&b, picks[k]);
				else
					sbuf_addf(&b, "my_var%zu", k);
			}
			p += n;
		} else {
			sbuf_addc(&b, *p++);
		}
	}
	for (size_t k = 0; k < nfrom; k++)
		free(from[k]);
	return sbuf_detach(&b);
}

/* Appends line [s, s + n) without its leading and trailing blanks, with
 * " = " as "=" and ", " as ",". */
static void squeezed(struct sbuf *b, const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	for (size_t i = 0; i < n; i++) {
		if (i + 2 < n && s[i] == ' ' && s[i + 1] == '=' && s[i + 2] == ' ') {
			sbuf_addc(b, '=');
			i += 2;
		} else if (i + 1 < n && s[i] == ',' && s[i + 1] == ' ') {
			sbuf_addc(b, ',');
			i++;
		} else {
			sbuf_addc(b, s[i]);
		}
	}
}

/* (b) reformatted: braces on lines of their own (Allman), tabs for
 * indentation by depth, no blanks around '=' or after ',', a one-line
 * "if (...)" and its statement joined. */
static char *reformatted(const char *t)
{
	struct sbuf b = SBUF_INIT, l = SBUF_INIT;
	int depth = 0;

	for (const char *p = t; *p;) {
		size_t n = strcspn(p, "\n");
		const char *s;

		sbuf_reset(&l);
		squeezed(&l, p, n);
		p += n + (p[n] == '\n');
		s = sbuf_str(&l);
		if (!*s || *s == '#' || *s == '/' || *s == '*') {
			sbuf_addf(&b, "%s\n", s);
			continue;
		}
		if (*s == '}')
			depth--;
		for (int i = 0; i < depth; i++)
			sbuf_addc(&b, '\t');
		if (l.len > 1 && s[l.len - 1] == '{') {
			sbuf_addn(&b, s, l.len - 1);
			sbuf_addc(&b, '\n');
			for (int i = 0; i < depth; i++)
				sbuf_addc(&b, '\t');
			sbuf_add(&b, "{\n");
			depth++;
			continue;
		}
		if (!strncmp(s, "if (", 4) && s[l.len - 1] == ')') {
			/* the statement it guards on the same line */
			size_t m = strcspn(p, "\n");
			const char *q = p;

			while (isspace((unsigned char)*q) && q < p + m)
				q++;
			if (m && p[m - 1] == ';' && *q != '{') {
				sbuf_addf(&b, "%s ", s);
				sbuf_addn(&b, q, (size_t)(p + m - q));
				sbuf_addc(&b, '\n');
				p += m + (p[m] == '\n');
				continue;
			}
		}
		sbuf_addf(&b, "%s\n", s);
		if (*s == '{')
			depth++;
	}
	sbuf_release(&l);
	return sbuf_detach(&b);
}

/* The lines of t, split in place into *lines (t is modified). */
static size_t lines_of(char *t, char **lines, size_t max)
{
	size_t n = 0;

	for (char *p = t; *p && n < max;) {
		lines[n++] = p;
		p += strcspn(p, "\n");
		if (*p)
			*p++ = '\0';
	}
	return n;
}

static size_t find_line(char **lines, size_t n, size_t from, const char *s)
{
	for (size_t i = from; i < n; i++)
		if (strstr(lines[i], s))
			return i;
	return n;
}

/* (c) independent statements reordered: the shared array's declaration
 * moved past the index declarations, and (where a kernel has them) two
 * independent assignments swapped. */
static char *reordered(const char *t)
{
	char *copy = xstrdup(t), *lines[256], *keep;
	size_t n = lines_of(copy, lines, ARRAY_SIZE(lines));
	size_t sh = find_line(lines, n, 0, "extern __shared__"), to;
	struct sbuf b = SBUF_INIT;

	to = find_line(lines, n, sh, "blockDim.x +");
	if (sh < n && to < n) {
		keep = lines[sh];
		memmove(&lines[sh], &lines[sh + 1], (to - sh) * sizeof(*lines));
		lines[to] = keep;
	}
	for (size_t i = 0; i + 1 < n; i++) {
		/* jon: jon_sums[b] = part[0]; jon_seen[b] = n + 1; */
		if (strstr(lines[i], "jon_sums[b] =") &&
		    strstr(lines[i + 1], "jon_seen[b] =")) {
			keep = lines[i];
			lines[i] = lines[i + 1];
			lines[i + 1] = keep;
		}
	}
	for (size_t i = 0; i < n; i++)
		sbuf_addf(&b, "%s\n", lines[i]);
	free(copy);
	return sbuf_detach(&b);
}

/* (d) dead code: an unused __device__ helper before the kernel, and
 * after the thread's index an unused variable, a variable only ever
 * written, and an "if (0)" block. */
static char *with_dead_code(const char *t)
{
	char *copy = xstrdup(t), *lines[256];
	size_t n = lines_of(copy, lines, ARRAY_SIZE(lines));
	size_t g = find_line(lines, n, 0, "__global__");
	size_t at = find_line(lines, n, 0, "threadIdx.x;");
	struct sbuf b = SBUF_INIT;

	for (size_t i = 0; i < n; i++) {
		if (i == g)
			sbuf_add(&b, "__device__ float twice(float a)\n{\n"
				 "    float b = a + a;\n    return b;\n}\n\n");
		sbuf_addf(&b, "%s\n", lines[i]);
		if (i == at)
			sbuf_add(&b, "    int unused = 7;\n"
				 "    float waste = 0.5f;\n"
				 "    waste = waste * 2.0f;\n"
				 "    if (0) {\n"
				 "        unused += 3;\n"
				 "    }\n");
	}
	free(copy);
	return sbuf_detach(&b);
}

/* (e) the comments taken out, and others put in. */
static char *recommented(const char *t)
{
	struct sbuf b = SBUF_INIT;

	sbuf_add(&b, "/* Reduction: all my own work. */\n");
	for (const char *p = t; *p;) {
		if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
		} else if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			p = e ? e + 2 : p + strlen(p);
		} else if (*p == ';' && p[1] == '\n') {
			sbuf_add(&b, "; // a step\n");
			p += 2;
		} else {
			sbuf_addc(&b, *p++);
		}
	}
	return sbuf_detach(&b);
}

static char *all_disguises(const char *t)
{
	char *a = reordered(t), *b = with_dead_code(a), *c = renamed(b);
	char *d = reformatted(c), *e = recommented(d);

	free(a);
	free(b);
	free(c);
	free(d);
	return e;
}

/* Not a disguise the method undoes, for the tables alone: each
 * "s >>= 1" written "s /= 2" and each "x += y;" written "x = x + y;",
 * to show what a rewrite the tokens do not see costs. */
static char *rewritten(const char *t)
{
	struct sbuf b = SBUF_INIT;

	for (const char *p = t; *p;) {
		const char *q = strstr(p, " += "), *r = strstr(p, " >>= 1");

		if (r && (!q || r < q)) {
			sbuf_addn(&b, p, (size_t)(r - p));
			sbuf_add(&b, " /= 2");
			p = r + 6;
		} else if (q) {
			/* the target: back to the blank before it */
			const char *s = q;

			while (s > t && s[-1] != ' ' && s[-1] != '\t' &&
			       s[-1] != '\n' && s[-1] != '(' && s[-1] != ')')
				s--;
			sbuf_addn(&b, p, (size_t)(q - p));
			sbuf_add(&b, " = ");
			sbuf_addn(&b, s, (size_t)(q - s));
			sbuf_add(&b, " + ");
			p = q + 4;
		} else {
			sbuf_add(&b, p);
			break;
		}
	}
	return sbuf_detach(&b);
}

typedef char *(*disguise_fn)(const char *);

static const struct {
	const char *name;
	disguise_fn fn;
} disguises[] = {
	{ "renamed", renamed },
	{ "reformatted", reformatted },
	{ "reordered", reordered },
	{ "dead code", with_dead_code },
	{ "recommented", recommented },
	{ "all", all_disguises },
};

/* ---- the tests ---------------------------------------------------------------- */

static bool table_wanted(void)
{
	return getenv("SIMILAR_TABLE") != NULL;
}

/* Prints the similarity (%) of texts[first..first + n) pairwise. */
static void print_table(size_t first, size_t n, size_t k, size_t w)
{
	printf("k = %zu, w = %zu\n%6s", k, w, "");
	for (size_t j = 0; j < n; j++)
		printf("%6.5s", names[first + j]);
	printf("\n");
	for (size_t i = 0; i < n; i++) {
		printf("%6.5s", names[first + i]);
		for (size_t j = 0; j < n; j++)
			printf("%6.0f", 100 * score_kw(texts[first + i],
						      texts[first + j], NULL,
						      k, w));
		printf("\n");
	}
}

/* Each disguise of each kernel scores the threshold or more against its
 * original, and still less than it against the distinct solutions it
 * was not made from. */
static void test_disguises_found(void **state)
{
	double lowest = 1;

	(void)state;
	if (table_wanted())
		printf("%-8s", "");
	for (size_t d = 0; d < ARRAY_SIZE(disguises) && table_wanted(); d++)
		printf("%12s", disguises[d].name);
	if (table_wanted())
		printf("%12s", "(rewritten)");
	for (size_t i = 0; i < NALL; i++) {
		if (table_wanted())
			printf("\n%-8s", names[i]);
		for (size_t d = 0; d < ARRAY_SIZE(disguises); d++) {
			char *x = disguises[d].fn(texts[i]);
			double s = score(texts[i], x);

			if (s < lowest)
				lowest = s;
			if (table_wanted())
				printf("%12.1f", 100 * s);
			if (!similar_flagged(s))
				fail_msg("%s:%d: %s %s: %.1f %% similar to its "
					 "original, below the %.0f %% threshold\n"
					 "%s", __FILE__, __LINE__, names[i],
					 disguises[d].name, 100 * s,
					 100 * SIMILAR_THRESHOLD, x);
			if (strcmp(disguises[d].name, "reformatted") &&
			    strcmp(disguises[d].name, "recommented") &&
			    strcmp(disguises[d].name, "reordered")) {
				char a[65], b[65];

				/* a disguise that source_same.c still sees
				 * through would prove nothing */
				assert_int_equal(source_fingerprint(texts[i],
					strlen(texts[i]), a), 0);
				assert_int_equal(source_fingerprint(x,
					strlen(x), b), 0);
				assert_string_not_equal(a, b);
			}
			for (size_t j = 0; j < NALL; j++) {
				bool distinct = (i < EXAMPLES_DISTINCT &&
						 j < EXAMPLES_DISTINCT) ||
						(i >= NEX && j >= NEX &&
						 i < NEX + GEN_DISTINCT &&
						 j < NEX + GEN_DISTINCT);
				double o;

				if (j == i || !distinct)
					continue;
				o = score(texts[j], x);
				if (similar_flagged(o))
					fail_msg("%s:%d: %s %s: %.1f %% similar "
						 "to %s", __FILE__, __LINE__,
						 names[i], disguises[d].name,
						 100 * o, names[j]);
			}
			free(x);
		}
		if (table_wanted()) {
			char *x = rewritten(texts[i]);

			printf("%12.1f", 100 * score(texts[i], x));
			free(x);
		}
	}
	if (table_wanted())
		printf("\nlowest: %.1f %%\n", 100 * lowest);
}

/* The distinct solutions score below the threshold pairwise: the five
 * distinct kernels of the example class, and gen.sh's five. */
static void test_independent_below(void **state)
{
	static const size_t sets[][2] = {
		{ 0, EXAMPLES_DISTINCT }, { NEX, GEN_DISTINCT },
	};
	double highest = 0;

	(void)state;
	if (table_wanted()) {
		bool grid = !strcmp(getenv("SIMILAR_TABLE"), "grid");

		for (size_t k = grid ? 4 : SIMILAR_K;
		     k <= (grid ? 12 : SIMILAR_K); k += 2)
			for (size_t w = grid ? 1 : SIMILAR_W;
			     w <= (grid ? 7 : SIMILAR_W); w += 3) {
				print_table(0, NEX, k, w);
				print_table(NEX, NGEN, k, w);
			}
	}
	for (size_t s = 0; s < ARRAY_SIZE(sets); s++)
		for (size_t i = sets[s][0]; i < sets[s][0] + sets[s][1]; i++)
			for (size_t j = sets[s][0]; j < i; j++) {
				double x = score(texts[i], texts[j]);

				if (x > highest)
					highest = x;
				if (similar_flagged(x))
					fail_msg("%s:%d: %s and %s, distinct "
						 "solutions: %.1f %% similar",
						 __FILE__, __LINE__, names[i],
						 names[j], 100 * x);
			}
	if (table_wanted())
		printf("highest among distinct solutions: %.1f %%\n",
		       100 * highest);
	/* the example class's copy, and gen.sh's kernels made from the
	 * example's */
	assert_true(score(texts[9], texts[0]) == 1.0);     /* ivy, ada */
	assert_true(similar_flagged(score(texts[NEX + 1], texts[0])));
}

static char *norm(const char *s)
{
	return similar_normalized(s, strlen(s));
}

#define EXPECT_NORM(text, want)                                                \
	do {                                                                   \
		char *got_ = norm(text);                                       \
		if (strcmp(got_, (want)))                                      \
			fail_msg("%s:%d: normalized\n  %s\nas\n  %s\nwant\n  %s", \
				 __FILE__, __LINE__, (text), got_, (want));    \
		free(got_);                                                    \
	} while (0)

/* What the tokens keep and what they drop. */
static void test_normalized(void **state)
{
	(void)state;
	/* names are one class; CUDA's are kept; numbers by value */
	EXPECT_NORM("x = threadIdx.x + 0x20u; // c", "I = threadIdx . x + 32 ;");
	{
		char *a = norm("y = 32;"), *b = norm("y = 0x20u;"),
		     *c = norm("y = 32.0f;");

		assert_string_equal(a, b);
		assert_string_not_equal(a, c);
		free(a);
		free(b);
		free(c);
	}
	/* a math function is a word where it is called, a name elsewhere */
	EXPECT_NORM("half = max(min, half);", "I = max ( I , I ) ;");
	{
		char *a = norm("__device__ int max(int a) { return a; }\n"
			       "__global__ void k(int *o) { o[0] = max(2); }");

		assert_non_null(strstr(a, "I [ 0 ] = I ( 2 ) ;"));
		assert_non_null(strstr(a, "__device__ int I ( int I ) return I ;"));
		free(a);
	}
	EXPECT_NORM("#include <x.h>\n#pragma unroll\nfor (;;) a(\"s\", 'c');",
		    "for ( ; ; ) I ( \"s\" , 'c' ) ;");
	EXPECT_NORM("a();\n#if 0\nb();\n#if 1\nc();\n#endif\n#else\nd();\n#endif\n",
		    "I ( ) ; I ( ) ;");
	/* braces, and an empty statement, are not the program */
	EXPECT_NORM("__global__ void f(int a) { if (a) { g(); } ; }",
		    "__global__ void I ( int I ) if ( I ) I ( ) ;");
	/* dead code: an if (0), a variable never read, a helper never
	 * called, a global never named */
	EXPECT_NORM("__device__ int unused_g;\n"
		    "__device__ int h(int v) { return v; }\n"
		    "__global__ void k(int *o) { int u = 3; u += 1; "
		    "if (0) { o[0] = 1; } else { o[1] = 2; } o[2] = 3; }",
		    "__global__ void I ( int * I ) I [ 1 ] = 2 ; I [ 2 ] = 3 ;");
	/* a macro's body is code; a kernel whose __global__ a macro hides
	 * lives */
	EXPECT_NORM("#include \"k.h\"\nKERNEL void k(int *o) { o[0] = 1; }",
		    "I void I ( int * I ) I [ 0 ] = 1 ;");
	{
		char *a = norm("#define BODY(o) o[0] = 1; \\\n  o[1] = 2;\n"
			       "__global__ void k(int *o) { BODY(o) }");

		assert_non_null(strstr(a, "I [ 0 ] = 1 ;"));
		assert_non_null(strstr(a, "I [ 1 ] = 2 ;"));
		free(a);
	}
	/* a local pointer's writes are memory's, and stay */
	EXPECT_NORM("__global__ void k(int *o) { int *p = o; p[1] = 2; }",
		    "__global__ void I ( int * I ) int * I = I ; I [ 1 ] = 2 ;");
	EXPECT_NORM("__global__ void k(int *o) { int a[4]; a[1] = 2; o[0] = 1; }",
		    "__global__ void I ( int * I ) I [ 0 ] = 1 ;");
	/* a variable read by live code stays, with what writes it */
	EXPECT_NORM("__global__ void k(int *o) { int u = 3; o[0] = u; }",
		    "__global__ void I ( int * I ) int I = 3 ; I [ 0 ] = I ;");
	/* independent statements come out in one order; dependent ones
	 * and barriers keep theirs */
	{
		char *a = norm("__global__ void k(int *o, int *p) "
			       "{ int x = 1; int y = 2; o[0] = x; p[0] = y; }");
		char *b = norm("__global__ void k(int *o, int *p) "
			       "{ int y = 2; int x = 1; p[0] = y; o[0] = x; }");
		char *c = norm("__global__ void k(int *o) "
			       "{ o[0] = 1; __syncthreads(); o[1] = 2; }");
		char *d = norm("__global__ void k(int *o) "
			       "{ o[1] = 2; __syncthreads(); o[0] = 1; }");

		assert_string_equal(a, b);
		assert_string_not_equal(c, d);
		free(a);
		free(b);
		free(c);
		free(d);
	}
	{
		/* a write and a later read of it keep their order */
		char *a = norm("__global__ void f(int *o) { int x = 1; x = 2; o[0] = x; }");
		char *b = norm("__global__ void f(int *o) { int x = 1; o[0] = x; x = 2; }");

		assert_string_not_equal(a, b);
		free(a);
		free(b);
	}
}

/* The matching lines of a small pair: the same function in both, at
 * other lines, after a function of each's own. */
static void test_spans(void **state)
{
	const char *a =
		"__device__ int mine(int q)\n"                          /* 1 */
		"{\n"
		"    return q * q * q - q * 7 + 1 / q;\n"              /* 3 */
		"}\n"
		"__global__ void k(int *o, const int *in, int n)\n"     /* 5 */
		"{\n"
		"    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"  /* 7 */
		"    if (i < n)\n"
		"        o[i] = in[i] * 3 + in[n - 1 - i] - mine(i);\n" /* 9 */
		"}\n";
	const char *b =
		"// my own\n"                                           /* 1 */
		"__device__ float theirs(float z, float y)\n"
		"{\n"
		"    return sqrtf(z * y) + fabsf(z - y) * 0.5f;\n"     /* 4 */
		"}\n"
		"\n"
		"__global__ void k(int *out, const int *src, int cnt)\n" /* 7 */
		"{\n"
		"    int j = blockIdx.x * blockDim.x + threadIdx.x;\n"  /* 9 */
		"    if (j < cnt) {\n"
		"        out[j] = src[j] * 3 + src[cnt - 1 - j] - theirs(j, j);\n" /* 11 */
		"    }\n"
		"}\n";
	struct similar_doc *x = similar_doc_new(a, strlen(a), NULL);
	struct similar_doc *y = similar_doc_new(b, strlen(b), NULL);
	struct similar_span *s = NULL;
	size_t n = similar_spans(x, y, &s);

	(void)state;
	assert_int_equal(n, 1);
	if (s[0].a_first != 5 || s[0].a_last < 8 || s[0].a_last > 9 ||
	    s[0].b_first != 7 || s[0].b_last < 10 || s[0].b_last > 11)
		fail_msg("%s:%d: span %d-%d / %d-%d, want 5-9 / 7-11",
			 __FILE__, __LINE__, s[0].a_first, s[0].a_last,
			 s[0].b_first, s[0].b_last);
	free(s);
	/* line by line: each of a's lines of k beside b's */
	{
		struct similar_line *l = NULL;
		size_t nl = similar_lines(x, y, &l);
		static const struct similar_line want[] = {
			{ 5, 7 }, { 7, 9 }, { 8, 10 }, { 9, 11 },
		};
		bool ok = nl == ARRAY_SIZE(want);

		for (size_t i = 0; ok && i < nl; i++)
			ok = l[i].a == want[i].a && l[i].b == want[i].b;
		if (!ok) {
			for (size_t i = 0; i < nl; i++)
				print_message("  %d %d\n", l[i].a, l[i].b);
			fail_msg("%s:%d: %zu pairs of lines, want 5-7, 7-9, "
				 "8-10, 9-11", __FILE__, __LINE__, nl);
		}
		free(l);
		assert_int_equal(similar_lines(NULL, y, &l), 0);
		assert_null(l);
	}
	/* nothing shared, no span; NULL, none */
	assert_int_equal(similar_spans(x, NULL, &s), 0);
	assert_null(s);
	similar_doc_free(x);
	similar_doc_free(y);
}

/* The teacher's starter code makes two solutions alike; with it as the
 * base, what they share of it does not count, and a copy is still a
 * copy. */
static void test_base(void **state)
{
	const char *base =
		"__device__ float load_one(const culab_t *in, unsigned long long i,\n"
		"                          unsigned long long n)\n"
		"{\n"
		"    return i < n ? (float)in[i] : 0.0f;\n"
		"}\n"
		"extern \"C\" __global__ void reduce(const culab_t *in, culab_acc_t *out,\n"
		"                                  unsigned long long n)\n"
		"{\n"
		"    extern __shared__ culab_acc_t part[];\n"
		"    unsigned int t = threadIdx.x;\n"
		"    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + t;\n"
		"    part[t] = load_one(in, i, n);\n"
		"    __syncthreads();\n"
		"    /* your code here */\n"
		"    if (t == 0)\n"
		"        out[blockIdx.x] = part[0];\n"
		"}\n";
	char *a = xstrdup(base), *b = xstrdup(base), *p, *ca;
	struct similar_doc *db = similar_doc_new(base, strlen(base), NULL);
	double plain, based, copy;

	(void)state;
	p = strstr(a, "    /* your code here */\n");
	*p = '\0';
	p = a;
	a = xasprintf("%s%s%s", p, "    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {\n"
		      "        if (t < s)\n            part[t] += part[t + s];\n"
		      "        __syncthreads();\n    }\n",
		      strstr(base, "    if (t == 0)"));
	free(p);
	p = strstr(b, "    /* your code here */\n");
	*p = '\0';
	p = b;
	b = xasprintf("%s%s%s", p, "    for (unsigned int s = 1; s < blockDim.x; s *= 2) {\n"
		      "        if (t % (2 * s) == 0)\n            part[t] += part[t + s];\n"
		      "        __syncthreads();\n    }\n",
		      strstr(base, "    if (t == 0)"));
	free(p);
	ca = all_disguises(a);
	plain = score(a, b);
	based = score_kw(a, b, base, SIMILAR_K, SIMILAR_W);
	copy = score_kw(a, ca, base, SIMILAR_K, SIMILAR_W);
	if (table_wanted())
		printf("base: %.1f %% without, %.1f %% with; a copy %.1f %%\n",
		       100 * plain, 100 * based, 100 * copy);
	if (!(based < plain / 2) || similar_flagged(based) || !similar_flagged(copy))
		fail_msg("%s:%d: two solutions of one starter: %.1f %% without "
			 "the base, %.1f %% with it; a copy %.1f %% with it",
			 __FILE__, __LINE__, 100 * plain, 100 * based, 100 * copy);
	/* the base itself has nothing left */
	{
		struct similar_doc *d = similar_doc_new(base, strlen(base), db);

		assert_int_equal(similar_doc_fingerprints(d), 0);
		similar_doc_free(d);
	}
	similar_doc_free(db);
	free(ca);
	free(a);
	free(b);
}

/* Nothing a submission holds breaks the tokens or the parse. */
static void test_garbage(void **state)
{
	static const char *const bad[] = {
		"", "}", "{", ")))(((", "}}}}{{{{;;;;", "/* never ends",
		"\"never ends", "'", "#if 0\nno end", "#", "\\\n\\", "0x",
		"1e+", "..", "if", "if (", "do", "do x; while", "else",
		"extern \"C\" {", "namespace {", "f() {", "a[;", "for (;;",
		"int x = {1, 2", "\xff\xfe\x80", "x\0y",
	};
	struct sbuf deep = SBUF_INIT;
	struct similar_doc *d, *e;
	struct similar_span *s = NULL;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		size_t n = strlen(bad[i]) + (i == ARRAY_SIZE(bad) - 1 ? 2 : 0);
		char *x = similar_normalized(bad[i], n);

		d = similar_doc_new(bad[i], n, NULL);
		e = similar_doc_new(texts[0], strlen(texts[0]), d);
		assert_true(similar_score(d, e) >= 0 && similar_score(d, e) <= 1);
		free(s);
		similar_spans(d, e, &s);
		similar_doc_free(d);
		similar_doc_free(e);
		free(x);
	}
	free(s);
	d = similar_doc_new(NULL, 0, NULL);
	assert_int_equal(similar_doc_fingerprints(d), 0);
	assert_true(similar_score(d, d) == 0);
	similar_doc_free(d);
	similar_doc_free(NULL);
	assert_true(similar_score(NULL, NULL) == 0);
	/* nesting far past what the parse follows */
	for (int i = 0; i < 200000; i++)
		sbuf_add(&deep, "{ if (x) ");
	sbuf_add(&deep, "y = 1;");
	d = similar_doc_new(deep.buf, deep.len, NULL);
	assert_true(similar_doc_fingerprints(d) > 0);
	similar_doc_free(d);
	sbuf_reset(&deep);
	for (int i = 0; i < 100000; i++)
		sbuf_add(&deep, "void f(int a) { a = a + 1; }\n");
	d = similar_doc_new(deep.buf, deep.len, NULL);
	similar_doc_free(d);
	/* past SIMILAR_MAX_TOKENS nothing counts: a huge source costs what
	 * its first tokens cost */
	sbuf_reset(&deep);
	for (int i = 0; i < 100000; i++)
		sbuf_addf(&deep, "v%d = w%d * %d;\n", i, i, i);
	d = similar_doc_new(deep.buf, deep.len, NULL);
	e = similar_doc_new(deep.buf, deep.len / 2, NULL);
	assert_true(similar_doc_fingerprints(d) < SIMILAR_MAX_TOKENS);
	assert_true(similar_score(d, e) == 1.0);
	similar_doc_free(d);
	similar_doc_free(e);
	sbuf_release(&deep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_normalized),
		cmocka_unit_test(test_disguises_found),
		cmocka_unit_test(test_independent_below),
		cmocka_unit_test(test_spans),
		cmocka_unit_test(test_base),
		cmocka_unit_test(test_garbage),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
