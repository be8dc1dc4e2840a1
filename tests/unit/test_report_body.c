/* test_report_body.c - the report's body, the pages a student hands in,
 * and its details page (issue 24, items 1, 7 and 9):
 *  - rendered from recorded runs (the quick fixture, the H100, H200 and
 *    exercise examples): the title is what the experiments' descriptions
 *    say, not their ids; the body holds no path of the recording machine,
 *    no temporary directory and no note of the harness that recorded; it
 *    links its details page, which exists; the abstract has at most six
 *    sentences; each ladder of the results is one table; the method in
 *    depth, the glossary, the appendix, Harris's comparison and the
 *    "not run" sanitizer cells are the details'; no table of either page
 *    has a single column;
 *  - the code: each rung's key lines with file and line in the body (the
 *    steps that mattered) and in the details (every rung), the user's
 *    kernels' source with line numbers; results without key lines render
 *    without them, and a results file carries them through JSON;
 *  - the setup: shared memory per SM and the clocks seen, steady or not.
 *
 * The recorded files are real GPU runs.  The examples carry their key
 * lines as recorded; the quick fixture was recorded before culab kept
 * them, and the key lines attached to it here come from this culab's
 * registry, as a run would record them.
 *
 * Environment: CULAB_SRCDIR (default ".") is the source tree. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "ladder/ladder.h"
#include "report/report.h"
#include "report/report_int.h"
#include "report/report_code.h"
#include "report/report_html.h"
#include "base/util.h"
#include "report_check.h"
#include "results/results.h"

/* Recorded results (real GPU runs), relative to the source tree. */
static const char *const recorded[] = {
	"tests/fixtures/quick/results.json",
	"reports/examples/h100/results.json",
	"reports/examples/h200/results.json",
	"reports/examples/exercise/results.json",
};

/* A report's two pages in both languages, rendered without charts. */
struct pages {
	char *body[NLANG], *details[NLANG];
};

static char *page_at(const char *dir, const char *page, const char *lang)
{
	char *path = xasprintf("%s/%s.%s.md", dir, page, lang);
	char *text = slurp(path, NULL);

	if (!text)
		fail_msg("%s:%d: no %s", __FILE__, __LINE__, path);
	free(path);
	return text;
}

static void render(const struct results *r, struct pages *p)
{
	char dir[] = "/tmp/culab-test-body-XXXXXX";
	struct report_options o;

	assert_non_null(mkdtemp(dir));
	report_test_options(&o, dir);
	o.charts = false;
	o.formats = REPORT_MD;
	assert_int_equal(report_render(r, &o), 0);
	for (int L = 0; L < NLANG; L++) {
		p->body[L] = page_at(dir, "report", L ? "zh" : "en");
		p->details[L] = with_family_pages(page_at(dir, "details",
							  L ? "zh" : "en"),
						  dir, L ? "zh" : "en");
	}
	remove_tree(dir);
}

static void pages_free(struct pages *p)
{
	for (int L = 0; L < NLANG; L++) {
		free(p->body[L]);
		free(p->details[L]);
	}
}

/* The text of section `head` ("## Abstract") up to the next "## " (a
 * heap string), or NULL. */
static char *section(const char *md, const char *head)
{
	const char *s = strstr(md, head), *e;

	if (!s)
		return NULL;
	e = strstr(s + strlen(head), "\n## ");
	return e ? xasprintf("%.*s", (int)(e - s), s) : xstrdup(s);
}

static void expect_not_in(const char *text, const char *needle,
			  const char *what)
{
	const char *at = needle && *needle ? strstr(text, needle) : NULL;

	if (at)
		fail_msg("%s:%d: %s: \"%s\" must not be in it (at \"%.60s\")",
			 __FILE__, __LINE__, what, needle, at);
}

static void expect_in(const char *text, const char *needle, const char *what)
{
	if (!strstr(text, needle))
		fail_msg("%s:%d: %s: expected \"%s\"", __FILE__, __LINE__, what,
			 needle);
}

/* Sentences of an English paragraph: ends of sentence ('.' before a
 * space and a capital letter, or at the end). */
static int sentences(const char *text)
{
	int n = 0;
	const char *p = text;

	while (*p == '\n' || *p == ' ')
		p++;
	for (; *p; p++)
		if (*p == '.' && (p[1] == '\0' || p[1] == '\n' ||
				  (p[1] == ' ' && isupper((unsigned char)p[2]))))
			n++;
	return n;
}

/* Every "### " subsection of the body's results holds exactly one table
 * (counted by its rule line), and there is one per family and type.
 * Returns how many. */
static int one_table_per_ladder(const char *results, const char *what)
{
	int ladders = 0;

	for (const char *p = strstr(results, "\n### "); p;) {
		const char *next = strstr(p + 1, "\n### ");
		int tables = 0;

		for (const char *q = p; (q = strstr(q, "\n| --- |")) != NULL &&
					(!next || q < next); q++)
			tables++;
		if (tables != 1)
			fail_msg("%s:%d: %s: the ladder at \"%.40s\" has %d "
				 "tables", __FILE__, __LINE__, what, p + 1,
				 tables);
		ladders++;
		p = next;
	}
	return ladders;
}

/* No table of md has a single column: its rule line has two cells at
 * least. */
static void no_one_column_table(const char *md, const char *what)
{
	for (const char *p = md; (p = strstr(p, "\n| ---")) != NULL; p++) {
		const char *e = strchr(p + 1, '\n');
		int bars = 0;

		for (const char *q = p + 1; q < (e ? e : p + strlen(p)); q++)
			bars += *q == '|';
		if (bars < 3)
			fail_msg("%s:%d: %s: a table of one column at \"%.60s\"",
				 __FILE__, __LINE__, what, p + 1);
	}
}

/* The recorded runs' bodies: the title, the paths, the links, the
 * abstract, one table per ladder, what moved to the details. */
static void test_recorded_bodies(void **state)
{
	(void)state;
	for (size_t f = 0; f < ARRAY_SIZE(recorded); f++) {
		struct results r;
		struct pages p;

		if (!read_recorded(recorded[f], &r))
			continue;
		render(&r, &p);
		for (int L = 0; L < NLANG; L++) {
			const char *lang = L ? "zh" : "en";
			char *what = xasprintf("%s (report.%s.md)", recorded[f],
					       lang);
			const char *b = p.body[L];
			char *title = xstrndup(b, (size_t)(strchr(b, '\n') - b));
			char *link = xasprintf("](details.%s.md", lang);
			char *res = section(b, L ? "\n## 结果\n" :
					    "\n## Results\n");
			int ladders;

			/* the title says what was measured, not the ids */
			assert_true(!strncmp(title, "# ", 2));
			for (size_t i = 0; i < r.nexperiments; i++) {
				const struct experiment_meta *e =
					&r.experiments[i];
				char *c = title_clause(L && e->description_zh &&
						       *e->description_zh ?
						       e->description_zh :
						       e->description);

				if (strchr(r.experiments[i].name, '-'))
					expect_not_in(title, r.experiments[i].name,
						      what);
				c[0] = (char)tolower((unsigned char)c[0]);
				if (*c && !strstr(title, c)) {
					c[0] = (char)toupper((unsigned char)c[0]);
					expect_in(title, c, what);
				}
				free(c);
			}
			/* nothing of the machine that recorded, nor of the
			 * harness: the command line and the note are the
			 * details' provenance */
			expect_not_in(b, "/tmp/", what);
			expect_not_in(b, ".carry", what);
			expect_not_in(b, "session.sh", what);
			expect_not_in(b, "recorded with", what);
			expect_not_in(b, "--no-report", what);
			expect_not_in(b, r.note, what);
			expect_not_in(b, r.command, what);
			if (r.has_env && r.env.gpu_uuid)
				expect_not_in(b, r.env.gpu_uuid, what);
			/* the details page, linked */
			expect_in(b, link, what);
			expect_in(p.details[L], r.has_env && r.env.hostname ?
				  r.env.hostname : "", what);
			/* the body's results: one table per family and type */
			assert_non_null(res);
			ladders = one_table_per_ladder(res, what);
			assert_true(ladders > 0);
			/* the rest is the details' */
			expect_not_in(b, L ? "计数器术语表" : "Counter glossary",
				      what);
			expect_not_in(b, L ? "\n## 方法" : "\n## Method", what);
			expect_not_in(b, L ? "## 附录" : "## Appendix", what);
			expect_not_in(b, "Harris G80", what);
			expect_not_in(b, say_text((enum lang)L, M_CELL_NOT_RUN),
				      what);
			expect_in(p.details[L], L ? "计数器术语表" :
				  "Counter glossary", what);
			no_one_column_table(b, what);
			no_one_column_table(p.details[L], what);
			/* the abstract: at most six sentences */
			if (L == EN) {
				char *abs = section(b, "\n## Abstract\n");

				assert_non_null(abs);
				if (sentences(abs + strlen("\n## Abstract\n")) > 6)
					fail_msg("%s:%d: %s: the abstract has %d "
						 "sentences", __FILE__, __LINE__,
						 what, sentences(abs));
				free(abs);
			}
			free(res);
			free(link);
			free(title);
			free(what);
		}
		pages_free(&p);
		results_release(&r);
	}
}

/* Gives every built-in variant of r its key lines from this culab's
 * registry, as a run records them. */
static void attach_key_lines(struct results *r)
{
	for (size_t i = 0; i < r->nvariants; i++) {
		struct variant *v = r->variants[i];
		const struct variant *b = registry_find(v->name);

		if (!b || !b->code_text || (v->flags & VF_USER))
			continue;
		/* the recorded lines, where the file has them, give way */
		free((char *)v->code_file);
		free((char *)v->code_text);
		free((char *)v->before_file);
		free((char *)v->before_text);
		v->before_file = v->before_text = NULL;
		v->before_line = 0;
		v->code_file = xstrdup(b->code_file);
		v->code_line = b->code_line;
		v->code_text = xstrdup(b->code_text);
		if (!b->before_text)
			continue;
		v->before_file = xstrdup(b->before_file);
		v->before_line = b->before_line;
		v->before_text = xstrdup(b->before_text);
	}
}

/* "`kernels/NAME.cu:A–B`" followed, after a blank line, by a fenced
 * block whose first line is numbered A. */
/* How many before-and-after listings md holds; fails unless each has two
 * parts whose heading names the file and first line that its first
 * numbered line bears. */
static int pairs(const char *md, const char *what)
{
	static const char fence[] = "```" KEY_PAIR_INFO "\n";
	int n = 0;

	for (const char *p = md; (p = strstr(p, fence)) != NULL; n++) {
		const char *end = strstr(p + strlen(fence), "\n```");

		p += strlen(fence);
		for (int part = 0; part < 2; part++) {
			const char *nl = strchr(p, '\n'), *colon;
			char num[32];
			long first;

			if (strncmp(p, KEY_PAIR_HEAD " ", 3) || !nl || !end ||
			    nl > end)
				fail_msg("%s:%d: %s: a pair's part %d has no "
					 "heading", __FILE__, __LINE__, what,
					 part);
			colon = memchr(p, ':', (size_t)(nl - p));
			first = colon ? strtol(colon + 1, NULL, 10) : 0;
			snprintf(num, sizeof(num), "%ld  ", first);
			p = nl + 1;
			while (*p == ' ')
				p++;
			if (first <= 0 || strncmp(p, num, strlen(num)))
				fail_msg("%s:%d: %s: a pair's part %d does not "
					 "start at its line %ld", __FILE__,
					 __LINE__, what, part, first);
			if (part == 0) {
				p = strstr(p, "\n" KEY_PAIR_HEAD " ");
				if (!p || p > end)
					fail_msg("%s:%d: %s: a pair without its "
						 "second part", __FILE__,
						 __LINE__, what);
				p++;
			}
		}
		p = end;
	}
	return n;
}

static int excerpts(const char *md, const char *what)
{
	int n = 0;

	for (const char *p = md; (p = strstr(p, "`kernels/")) != NULL; p++) {
		const char *colon = strchr(p, ':'), *fence;
		long first;
		char num[32];

		if (!colon || colon > strchr(p + 1, '`'))
			continue;
		/* an excerpt's heading ends its line with the place: "...,
		 * `kernels/reduce.cu:54–60`:"; a place named in prose (a
		 * line's counters) is not one */
		if (strncmp(strchr(p + 1, '`'), "`:\n", 3) != 0 &&
		    strncmp(strchr(p + 1, '`'), "`：\n", 5) != 0)
			continue;
		first = strtol(colon + 1, NULL, 10);
		fence = strstr(p, "```cuda\n");
		if (first <= 0 || !fence || fence - p > 200)
			fail_msg("%s:%d: %s: \"%.50s\" names no numbered lines",
				 __FILE__, __LINE__, what, p);
		snprintf(num, sizeof(num), "%ld  ", first);
		fence += strlen("```cuda\n");
		while (*fence == ' ')
			fence++;
		if (strncmp(fence, num, strlen(num)) != 0)
			fail_msg("%s:%d: %s: the lines at \"%.50s\" do not start "
				 "at line %ld", __FILE__, __LINE__, what, p,
				 first);
		n++;
	}
	return n;
}

/* The body shows the key lines of the steps that mattered, the details
 * every rung's, as the run recorded them; a file without key lines shows
 * none. */
static void test_key_lines(void **state)
{
	struct results r;
	struct pages p;
	size_t with_code = 0;

	(void)state;
	/* the quick fixture was recorded before culab kept them: none */
	if (!read_recorded(recorded[0], &r))
		skip();
	for (size_t i = 0; i < r.nvariants; i++)
		assert_false(has_key_lines(r.variants[i]));
	render(&r, &p);
	for (int L = 0; L < NLANG; L++) {
		expect_not_in(p.body[L], "```cuda", "quick without key lines");
		expect_not_in(p.details[L], "```cuda",
			      "quick without key lines");
	}
	pages_free(&p);
	results_release(&r);

	if (!read_recorded(recorded[1], &r))
		skip();
	for (size_t i = 0; i < r.nvariants; i++)
		with_code += has_key_lines(r.variants[i]);
	assert_true(with_code >= 20);
	render(&r, &p);
	for (int L = 0; L < NLANG; L++) {
		int body = excerpts(p.body[L], "h100 body");
		int details = excerpts(p.details[L], "h100 details");

		/* the steps that mattered, once each (a key step of two
		 * types shows once), and every rung with key lines */
		/* the body's listings: a pair, before and after, where the
		 * two rungs' key lines are one piece of code; else the
		 * step's own (none of them an excerpt under a heading) */
		assert_int_equal(body, 0);
		assert_true(pairs(p.body[L], "h100 body") >= 2);
		assert_int_equal(details, (int)with_code);
	}
	/* the recorded lines, not this culab's: rung 4's strided index
	 * beside rung 3's modulo; rung 7's pair load beside the plain load
	 * of rung 6 it replaced */
	expect_in(p.body[EN], "// rung 3 · reduce_interleaved_divergent · "
		  "kernels/reduce.cu:", "h100 body");
	expect_in(p.body[EN], "// rung 4 · reduce_interleaved_strided · "
		  "kernels/reduce.cu:", "h100 body");
	/* (the line numbers are the recording's: not quoted) */
	expect_in(p.body[EN], "// rung 6 · reduce_shared_dynamic · "
		  "kernels/reduce.cu:", "h100 body");
	expect_in(p.body[EN], "  s[t] = load_or_zero<A>(in, tile "
		  "* blockDim.x + t, n);\n// rung 7 · reduce_first_add · "
		  "kernels/reduce.cu:", "h100 body");
	expect_in(p.body[EN], "load_or_zero<A>(in, i, n) + "
		  "load_or_zero<A>(in, i + B, n);", "h100 body");
	pages_free(&p);
	results_release(&r);
}

/* The key lines travel through results.json: written, read back the
 * same; the environment's shared memory per SM too. */
static void test_key_lines_json(void **state)
{
	struct results r, back;
	char *json, dir[] = "/tmp/culab-test-body-XXXXXX", *path;
	const struct variant *v;

	(void)state;
	if (!read_recorded(recorded[0], &r))
		skip();
	attach_key_lines(&r);
	r.env.smem_per_sm_bytes = 233472;
	json = json_results_encode(&r);
	assert_non_null(json);
	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/results.json", dir);
	assert_int_equal(write_file_atomic(path, json, strlen(json)), 0);
	assert_int_equal(results_read(path, &back), 0);
	v = results_variant(&back, "reduce_first_add");
	assert_non_null(v);
	assert_string_equal(v->code_file, "kernels/reduce.cu");
	assert_string_equal(v->code_text,
			    registry_find("reduce_first_add")->code_text);
	assert_int_equal(v->code_line,
			 registry_find("reduce_first_add")->code_line);
	assert_int_equal(back.env.smem_per_sm_bytes, 233472);
	assert_true(strstr(v->code_text, "load_pair_sum") != NULL);
	/* the lines its step replaced, rung 6's plain load */
	assert_string_equal(v->before_file, "kernels/reduce.cu");
	assert_string_equal(v->before_text,
			    registry_find("reduce_first_add")->before_text);
	assert_int_equal(v->before_line,
			 registry_find("reduce_first_add")->before_line);
	assert_true(strstr(v->before_text, "load_or_zero") != NULL);
	/* absent where kernels/ marks none */
	assert_null(results_variant(&back, "reduce_cpu")->before_text);
	remove_tree(dir);
	free(path);
	free(json);
	results_release(&back);
	results_release(&r);
}

/* The rung before's heading of the pair that shows step `rung` of a
 * family ("// rung 7 · reduce_first_add · kernels/reduce.cu:67–76" for
 * rung 8), or NULL when the body shows no pair for it. */
static const char *pair_before(const char *md, const char *family_head,
			       int rung)
{
	char want[64];
	const char *sec = strstr(md, family_head), *at;

	snprintf(want, sizeof(want), "```" KEY_PAIR_INFO "\n" KEY_PAIR_HEAD
		 " rung %d · ", rung);
	at = sec ? strstr(sec, want) : NULL;
	/* the part after it must be this rung's */
	if (at) {
		char after[64];
		const char *next = strstr(strchr(at, '\n') + 1,
					  "\n" KEY_PAIR_HEAD " ");

		snprintf(after, sizeof(after), "\n" KEY_PAIR_HEAD " rung %d · ",
			 rung + 1);
		if (!next || strncmp(next, after, strlen(after)))
			return NULL;
	}
	return at;
}

/* Every step the body explains shows the code it replaced beside the
 * code it brought: the lines kernels/ marks as the rung before's
 * (`culab:key before:NAME`), or the rung before's own key lines where
 * they are one piece of code; never the other rung's unrelated key
 * lines, and never the markers of a region nested in another. */
static void test_key_lines_before(void **state)
{
	struct results r;
	struct pages p;
	/* the steps the H100 body explains (rung after), per family */
	static const struct {
		const char *head;
		int rung;
		const char *before, *after;
	} steps[] = {
		{ "### reduce / float", 1, "partial[tile] = acc_t<T>(s[0]);",
		  "sum += part[j];" },
		{ "### reduce / float", 3, "s[t] += s[t + h];",
		  "s[k] += s[k + h];" },
		{ "### reduce / float", 4, "s[k] += s[k + h];",
		  "fold_sequential(A *s)" },
		{ "### reduce / float", 6, "load_or_zero<A>(in, tile * blockDim.x",
		  "load_pair_sum(const In *in" },
		{ "### reduce / float", 7, "fold_sequential(A *s)",
		  "volatile A *w = s;" },
		{ "### reduce / float", 9, "v = last_warp_synced(s, v);",
		  "if constexpr (B >= 1024) {" },
		{ "### reduce / float", 12, "v += A(in[i]);",
		  "x[k] = __ldg(v + i + k * B);" },
		{ "### transpose / float", 6, "transpose_tiled<E, TILE, false>",
		  "transpose_tiled<E, TILE + 1, false>" },
		{ "### transpose / float", 8, "in[r * m + c];",
		  "PR x0[TILE / ROWS], x1[TILE / ROWS];" },
	};

	(void)state;
	if (!read_recorded(recorded[1], &r))
		skip();
	attach_key_lines(&r);
	render(&r, &p);
	for (int L = 0; L < NLANG; L++) {
		assert_true(pairs(p.body[L], "h100 body") >= (int)ARRAY_SIZE(steps));
		/* (the details quote lines the run measured, of the code
		 * it ran, which this test's key lines are not) */
		expect_not_in(p.body[L], "culab:", "h100 body");
	}
	for (size_t i = 0; i < ARRAY_SIZE(steps); i++) {
		const char *at = pair_before(p.body[EN], steps[i].head,
					     steps[i].rung);
		const char *mid, *end;

		if (!at)
			fail_msg("%s: no pair for step %d -> %d", steps[i].head,
				 steps[i].rung, steps[i].rung + 1);
		mid = strstr(strchr(at, '\n') + 1, "\n" KEY_PAIR_HEAD " ");
		end = strstr(mid, "\n```");
		if (!memmem(at, (size_t)(mid - at), steps[i].before,
			    strlen(steps[i].before)) ||
		    !memmem(mid, (size_t)(end - mid), steps[i].after,
			    strlen(steps[i].after)))
			fail_msg("%s: step %d -> %d does not pair \"%s\" with "
				 "\"%s\"", steps[i].head, steps[i].rung,
				 steps[i].rung + 1, steps[i].before,
				 steps[i].after);
	}
	pages_free(&p);
	results_release(&r);
}

/* The user's kernels: their function's source, with the file's line
 * numbers, in the body. */
static void test_user_source(void **state)
{
	struct results r;
	struct pages p;

	(void)state;
	if (!read_recorded(recorded[3], &r))
		skip();
	render(&r, &p);
	expect_in(p.body[EN], "`reduce_modulo.reduce_modulo`: "
		  "experiments/examples/exercise/reduce\\_modulo.cu, lines ",
		  "exercise");
	expect_in(p.body[EN], "extern \"C\" __global__ void reduce_modulo(",
		  "exercise");
	/* a template kernel, from its template line to its closing brace */
	expect_in(p.body[EN], "  template <unsigned BLOCK>\n", "exercise");
	expect_in(p.body[ZH], "`my_tile`：experiments/examples/exercise/"
		  "transpose\\_tile.cu，第 ", "exercise");
	/* each line after its number in the file */
	{
		const char *at = strstr(p.body[EN], "`my_tile`: ");
		const char *comma = at ? strstr(at, ", lines ") : NULL;
		long first = comma ? strtol(comma + 8, NULL, 10) : 0;
		char want[64];

		assert_true(first > 1);
		snprintf(want, sizeof(want), "```cuda\n%ld  ", first);
		expect_in(at, want, "exercise");
	}
	pages_free(&p);
	results_release(&r);
}

/* The setup: shared memory per SM when recorded, the clocks NVML saw,
 * steady or their range, and throttling. */
static void test_setup(void **state)
{
	struct results r;
	struct pages p;
	size_t gpu = 0;

	(void)state;
	if (!read_recorded(recorded[1], &r))
		skip();
	render(&r, &p);
	expect_in(p.body[EN], "| Shared memory per SM | 228 KiB |", "h100");
	expect_in(p.body[EN], "| Clocks during the timed runs | steady: SM "
		  "1980 MHz, memory 2619 MHz in all ", "h100");
	expect_in(p.body[EN], "| Multiprocessors (SMs) | 132 |", "h100");
	expect_in(p.body[EN], "| L2 cache | 50.0 MiB |", "h100");
	expect_in(p.body[EN], "95 % interval of that median within this one run",
		  "h100");
	pages_free(&p);

	/* a file recorded before culab kept it */
	r.env.smem_per_sm_bytes = 0;
	render(&r, &p);
	expect_in(p.body[EN], "| Shared memory per SM | unknown |", "h100");
	pages_free(&p);

	r.env.smem_per_sm_bytes = 233472;
	for (size_t i = 0; i < r.nrows; i++) {
		struct clock_record *c = &r.rows[i].clocks;

		if (!c->known || c->readings <= 0)
			continue;
		if (gpu++ == 3) {
			c->sm_mhz_min = 1755;
			c->throttled = true;
			c->reasons = nvml_reason_parse("sw_thermal_slowdown");
		}
	}
	render(&r, &p);
	expect_in(p.body[EN], "| Shared memory per SM | 228 KiB |", "h100");
	expect_in(p.body[EN], "| Clocks during the timed runs | not steady: "
		  "SM 1755–1980 MHz, memory 2619–2619 MHz over ", "h100");
	expect_in(p.body[EN], "; throttled in 1 of them "
		  "(`sw_thermal_slowdown`) |", "h100");
	expect_in(p.body[ZH], "| 每个 SM 的共享内存 | 228 KiB |", "h100");
	expect_in(p.details[EN], "| Shared memory per SM | 228 KiB |", "h100");
	pages_free(&p);
	results_release(&r);
}

/* The paragraph of the body that begins with `start`, as a heap string. */
static char *para(const char *md, const char *start)
{
	const char *s = strstr(md, start), *e;

	if (!s)
		fail_msg("%s:%d: no paragraph \"%s\"", __FILE__, __LINE__,
			 start);
	e = strstr(s, "\n\n");
	return e ? xasprintf("%.*s", (int)(e - s), s) : xstrdup(s);
}

/* The float row of `variant` at n = 2^28 in r, or fails. */
static const struct result_row *float_row(const struct results *r,
					  const char *variant)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].variant, variant) &&
		    !strcmp(r->rows[i].dtype, "float") &&
		    r->rows[i].n == (uint64_t)1 << 28)
			return &r->rows[i];
	fail_msg("no float row of %s at 2^28", variant);
	return NULL;
}

/* Old (the fifth review): rung 3, 1.06x slower than rung 1 (2.45 ->
 * 2.60 ms), got the ratio alone, though rung 1's timed region is 38.5 %
 * host step (its kernel 1.51 ms, timed in the same runs) and rung 3
 * issues 2.16 G warp instructions against rung 1's 1.14 G.  New: a
 * rung slower than the one it is measured against gets the evidence a
 * faster step gets, and where that rung has a measured host step, the
 * kernels against each other; a step that is faster gets neither. */
static void test_slower_step_evidence(void **state)
{
	struct results r;
	struct pages p;
	const struct result_row *r1, *r2, *r3, *r7, *r9;
	char *x, *want;

	(void)state;
	if (!read_recorded(recorded[1], &r))
		skip();
	/* the recorded times, as the report writes them */
	r1 = float_row(&r, "reduce_global");
	r2 = float_row(&r, "reduce_one_block");
	r3 = float_row(&r, "reduce_interleaved_divergent");
	r7 = float_row(&r, "reduce_first_add");
	r9 = float_row(&r, "reduce_warp_syncwarp");
	assert_true(r3->t.median_ms > r1->t.median_ms);
	assert_true(r1->tk.nsamples > 0);
	render(&r, &p);
	x = para(p.body[EN], "**rung 3** (shared memory");
	want = xasprintf("Measured against rung 1, the fastest rung before "
			 "the teaching one, it is %s slower (%s → %s ms). Why: "
			 "more instructions per element. Evidence: warp "
			 "instructions ",
			 TIMES(r3->t.median_ms / r1->t.median_ms),
			 FMT(r1->t.median_ms, 3), FMT(r3->t.median_ms, 3));
	expect_in(x, want, "rung 3");
	free(want);
	want = xasprintf("for a %s step).",
			 TIMES(r3->t.median_ms / r1->t.median_ms));
	expect_in(x, want, "rung 3");
	free(want);
	want = xasprintf("%% of rung 1's timed region: its kernel alone took "
			 "%s ms in the same runs, so kernel to kernel rung 3 "
			 "is %s slower (%s → %s ms).", FMT(r1->tk.median_ms, 3),
			 TIMES(r3->t.median_ms / r1->tk.median_ms),
			 FMT(r1->tk.median_ms, 3), FMT(r3->t.median_ms, 3));
	expect_in(x, "The host step is ", "rung 3");
	expect_in(x, want, "rung 3");
	free(want);
	free(x);
	/* the aside leaves the rule's general sentence to the step it
	 * explains */
	x = para(p.body[EN], "**rung 7** (first add");
	expect_in(x, "Where issue, not DRAM, limits a loop", "rung 7");
	free(x);
	/* a slower step after rung 1: the kernels too */
	x = para(p.body[EN], "**rung 2** (one block");
	want = xasprintf("so kernel to kernel rung 2 is %s slower (%s → %s "
			 "ms).", TIMES(r2->t.median_ms / r1->tk.median_ms),
			 FMT(r1->tk.median_ms, 3), FMT(r2->t.median_ms, 3));
	expect_in(x, want, "rung 2");
	free(want);
	free(x);
	/* measured against an earlier rung and faster: the ratio alone */
	x = para(p.body[EN], "**rung 9** (last warp unrolled");
	want = xasprintf("it is %s faster (%s → %s ms).",
			 TIMES(r7->t.median_ms / r9->t.median_ms),
			 FMT(r7->t.median_ms, 3), FMT(r9->t.median_ms, 3));
	expect_in(x, want, "rung 9");
	free(want);
	expect_not_in(strstr(x, "Measured against"), "Why:", "rung 9");
	expect_not_in(x, "kernel to kernel", "rung 9");
	free(x);
	x = para(p.body[ZH], "**第 3 级**");
	want = xasprintf("它慢 %s（%s → %s ms）。原因：每个元素的指令更多。",
			 TIMES(r3->t.median_ms / r1->t.median_ms),
			 FMT(r1->t.median_ms, 3), FMT(r3->t.median_ms, 3));
	expect_in(x, want, "rung 3 zh");
	free(want);
	want = xasprintf("所以按核函数对核函数比较，第 3 级慢 %s（%s → %s ms）。",
			 TIMES(r3->t.median_ms / r1->tk.median_ms),
			 FMT(r1->tk.median_ms, 3), FMT(r3->t.median_ms, 3));
	expect_in(x, want, "rung 3 zh");
	free(want);
	free(x);
	pages_free(&p);
	/* without rung 1's kernel timed apart: the why, not the kernels */
	for (size_t i = 0; i < r.nrows; i++)
		r.rows[i].tk.nsamples = 0;
	render(&r, &p);
	x = para(p.body[EN], "**rung 3** (shared memory");
	expect_in(x, "Why: more instructions per element.", "no tk");
	expect_not_in(x, "kernel to kernel", "no tk");
	free(x);
	pages_free(&p);
	results_release(&r);
}

/* The bytes a transpose rung must write at its largest size, its row
 * there (or fails). */
static const struct result_row *largest_row(const struct results *r,
					    const char *variant,
					    const char *dtype)
{
	const struct result_row *w = NULL;

	for (size_t i = 0; i < r->nrows; i++)
		if (!strcmp(r->rows[i].variant, variant) &&
		    !strcmp(r->rows[i].dtype, dtype) &&
		    (!w || r->rows[i].n * r->rows[i].m > w->n * w->m))
			w = &r->rows[i];
	if (!w)
		fail_msg("no %s row of %s", dtype, variant);
	return w;
}

/* Old (the student's review of the H100 body): rungs 11 and 12, one
 * unresolved and one within noise, were left unexplained though warp
 * instructions fell about 3.5x with no change in time; transpose rung
 * 4's DRAM writes, below the bytes it must write, went unremarked.
 * New: a run of steps within noise where warp instructions move 1.5x or
 * more while the time moves no more than their bounds says so, once, as
 * an observation (the steps still get no "why"), with the resource the
 * next step gains by; DRAM writes below those needed say why. */
static void test_noise_run_observed(void **state)
{
	struct results r;
	struct pages p;
	const struct result_row *a, *z, *t4;
	char *x, *want;
	double ia, iz, need;

	(void)state;
	if (!read_recorded(recorded[1], &r))
		skip();
	a = float_row(&r, "reduce_unrolled");
	z = float_row(&r, "reduce_shuffle");
	ia = row_column(a, "warp_instructions");
	iz = row_column(z, "warp_instructions");
	render(&r, &p);
	x = para(p.body[EN], "### reduce / float");
	free(x);
	{
		/* the section up to the next heading of its level */
		const char *s0 = strstr(p.body[EN], "### reduce / float");
		const char *e = strstr(s0 + 1, "\n### ");

		x = e ? xasprintf("%.*s", (int)(e - s0), s0) : xstrdup(s0);
	}
	if (strstr(x, "noise, not explained: rung 6 (±2 %), rung 12") &&
	    strstr(x, "so not explained: rung 11") &&
	    fmax(ia, iz) >= 1.5 * fmin(ia, iz)) {
		want = xasprintf("- Rungs 11 and 12 moved warp instructions %s "
				 "(%s → %s) but the time only %s %% (%s → %s "
				 "ms): issue no longer sets the time; rung 13 "
				 "then gains by bytes in flight per load.",
				 TIMES(fmax(ia, iz) / fmin(ia, iz)),
				 FMT(ia, 3), FMT(iz, 3),
				 FMT(100 * fabs(a->t.median_ms - z->t.median_ms) /
				     a->t.median_ms, 2),
				 FMT(a->t.median_ms, 3), FMT(z->t.median_ms, 3));
		expect_in(x, want, "rungs 11 and 12");
		free(want);
		expect_in(p.body[ZH], "- 第 11、12 级让线程束指令数变化 ",
			  "rungs 11 and 12 zh");
		expect_in(p.body[ZH], "：指令发射已不再决定时间；第 13 级随后的"
			  "加速来自每条读指令的在途字节数。", "rungs 11 and 12 zh");
	}
	/* said once, and the lists of steps within noise give no "why" */
	if (strstr(x, "moved warp instructions"))
		expect_not_in(strstr(x, "moved warp instructions") + 1,
			      "moved warp instructions", "once");
	for (const char *q = strstr(x, "\n- "); q; q = strstr(q + 1, "\n- ")) {
		char *line = xasprintf("%.*s", (int)strcspn(q + 1, "\n"), q + 1);

		expect_not_in(line, "Why:", "within noise");
		free(line);
	}
	free(x);
	/* transpose rung 4's DRAM writes against the bytes it must write */
	t4 = largest_row(&r, "transpose_naive_strided_read", "float");
	need = (double)t4->n * (double)t4->m * 4;
	x = para(p.body[EN], "**rung 4** (naive: strided reads");
	if (row_column(t4, "dram_write_bytes") < 0.98 * need)
		expect_in(x, "; the rest was still in L2 when the kernel "
			  "ended)", "writes");
	else
		expect_not_in(x, "still in L2", "writes");
	free(x);
	pages_free(&p);
	results_release(&r);
}

/* n with thousands separators from 10,000, as the report writes counts. */
static char *commas(uint64_t n)
{
	char d[32], out[48];
	size_t len, j = 0;

	snprintf(d, sizeof(d), "%llu", (unsigned long long)n);
	len = strlen(d);
	for (size_t i = 0; i < len; i++) {
		if (len > 4 && i && (len - i) % 3 == 0)
			out[j++] = ',';
		out[j++] = d[i];
	}
	out[j] = '\0';
	return xstrdup(out);
}

/* Old (the student's review): rung 8's paragraph left out the race that
 * compute-sanitizer found, though the row keeps the record, and
 * "2,118,696 hazards" stood for a summary that printed 15 reports.  New:
 * the teaching rung's paragraph gives the record, the reports and the
 * hazards they cover, as the rubric does. */
static void test_teaching_rung_record(void **state)
{
	struct results r;
	struct pages p;
	const struct result_row *w;
	const struct sanitizer_record *rec;
	uint64_t hazards = 0;
	int lo = 0, hi = 0;
	char *x, *want, *size, *k, *h, *kept, *what, *what_zh, *lines,
	     *lines_zh;

	(void)state;
	if (!read_recorded(recorded[1], &r))
		skip();
	w = float_row(&r, "reduce_warp_volatile");
	rec = w->sanitize;
	if (!rec || !rec->state || strcmp(rec->state, "ran") != 0 ||
	    rec->ntools != 1 || rec->tools[0].errors < 2 || !rec->nfindings) {
		results_release(&r);
		skip();
	}
	for (size_t i = 0; i < rec->nfindings; i++) {
		const struct sanitizer_finding *f = &rec->findings[i];

		hazards += f->count;
		lo = !lo || (f->line > 0 && f->line < lo) ? f->line : lo;
		hi = f->line > hi ? f->line : hi;
	}
	size = size_text(rec->n, rec->m, false);
	k = commas(rec->tools[0].errors);
	h = commas(hazards);
	kept = commas(rec->nfindings);
	/* the reports it counted; the hazards of those it kept, where it
	 * kept fewer (--print-limit); the lines the races span */
	if (rec->nfindings < rec->tools[0].errors) {
		what = xasprintf("racecheck: %s race reports; the %s kept cover "
				 "%s hazards", k, kept, h);
		what_zh = xasprintf("racecheck：%s 份竞争报告；保留的 %s 份共 %s "
				    "处冒险", k, kept, h);
	} else {
		what = xasprintf("racecheck: %s race reports covering %s "
				 "hazards", k, h);
		what_zh = xasprintf("racecheck：%s 份竞争报告，共 %s 处冒险", k,
				    h);
	}
	lines = hi > lo ? xasprintf("lines %d–%d", lo, hi) :
		xasprintf("line %d", lo);
	lines_zh = hi > lo ? xasprintf("第 %d–%d 行", lo, hi) :
		   xasprintf("第 %d 行", lo);
	render(&r, &p);
	x = para(p.body[EN], "**rung 8** (last warp unrolled");
	want = xasprintf("compute-sanitizer, rerun at %s: %s, %s.", size, what,
			 lines);
	expect_in(x, want, "rung 8");
	free(want);
	free(x);
	want = xasprintf("| shown: at %s, compute-sanitizer reported %s", size,
			 what);
	x = section(p.body[EN], "## Expected against observed");
	assert_non_null(x);
	expect_in(x, want, "rubric");
	free(want);
	free(x);
	x = para(p.body[ZH], "**第 8 级**");
	want = xasprintf("compute-sanitizer 在 %s 重跑：%s，%s。", size, what_zh,
			 lines_zh);
	expect_in(x, want, "rung 8 zh");
	free(want);
	free(x);
	free(what);
	free(what_zh);
	free(lines);
	free(lines_zh);
	free(kept);
	free(size);
	free(k);
	free(h);
	pages_free(&p);
	results_release(&r);
}

/* Old (the fifth review): "git checkout 3e09791d2c98-dirty && make",
 * though "-dirty" is no git ref; "Driver / CUDA runtime 13.0 / 13.0",
 * though 13.0 is the CUDA version the driver supports (the driver was
 * 580.159.04); "27 kernel variants", counting reduce_cpu, a host loop.
 * New: the commit the build came from plus uncommitted changes, said
 * so; the driver's own version where the results have it, else the row
 * says what its figure is; the GPU variants counted, the CPU reference
 * named apart. */
static void test_provenance(void **state)
{
	struct results r;
	struct pages p;

	(void)state;
	if (!read_recorded(recorded[1], &r))
		skip();
	/* as a dirty build on an old file would record it (the recording
	 * itself may be clean and name its driver) */
	free(r.culab_commit);
	r.culab_commit = xstrdup("3e09791d2c98-dirty");
	free(r.env.nvidia_driver);
	r.env.nvidia_driver = NULL;
	render(&r, &p);
	for (int L = 0; L < NLANG; L++) {
		expect_not_in(p.body[L], "-dirty", "body");
		expect_not_in(p.details[L], "-dirty", "details");
	}
	expect_in(p.body[EN], "| culab | 0.1.0 (3e09791d2c98 with uncommitted "
		  "changes) |", "h100");
	expect_in(p.body[EN], "with culab 0.1.0 (commit 3e09791d2c98 with "
		  "uncommitted changes), from the repository:", "h100");
	expect_in(p.body[ZH], "| culab | 0.1.0 (3e09791d2c98 加上未提交的改动) |",
		  "h100");
	expect_in(p.details[EN], "The culab that recorded these results was "
		  "built from commit 3e09791d2c98 with uncommitted changes "
		  "beyond it, which no checkout restores: the code that "
		  "measured may differ from that commit's. To measure again on "
		  "a machine with a GPU, build culab at that commit (`git "
		  "checkout 3e09791d2c98 && make`)", "h100");
	expect_in(p.details[ZH], "`git checkout 3e09791d2c98 && make`", "h100");
	/* an old file: its one driver figure is the CUDA version */
	expect_in(p.body[EN], "| CUDA version the driver supports / CUDA "
		  "runtime | 13.0 / 13.0 |", "h100");
	expect_in(p.body[ZH], "| 驱动支持的 CUDA 版本 / CUDA 运行时 | 13.0 / "
		  "13.0 |", "h100");
	expect_in(p.details[EN], "| Driver (CUDA version it supports) | 13.0 "
		  "(13000) |", "h100");
	/* the GPU variants, and the CPU reference apart */
	expect_in(p.body[EN], "culab 0.1.0 timed 26 GPU kernel variants of "
		  "reduce (int, float, double); transpose (float), and the CPU "
		  "reference reduce\\_cpu (a loop on the host), in 162 "
		  "measurements", "h100");
	expect_in(p.body[ZH], "的 26 个 GPU 核函数变体以及 CPU 参考实现 "
		  "reduce\\_cpu（主机上的循环）做了 162 组测量", "h100");
	pages_free(&p);

	/* a clean build, and a run that recorded the driver's version */
	free(r.culab_commit);
	r.culab_commit = xstrdup("3e09791d2c98");
	r.env.nvidia_driver = xstrdup("580.159.04");
	render(&r, &p);
	expect_in(p.body[EN], "| culab | 0.1.0 (3e09791d2c98) |", "clean");
	expect_in(p.details[EN], "build culab at commit 3e09791d2c98 (`git "
		  "checkout 3e09791d2c98 && make`)", "clean");
	expect_not_in(p.details[EN], "uncommitted", "clean");
	expect_in(p.body[EN], "| Driver / CUDA runtime | 580.159.04 (CUDA "
		  "13.0) / 13.0 |", "driver");
	expect_in(p.body[ZH], "| 驱动 / CUDA 运行时 | 580.159.04（CUDA 13.0） / "
		  "13.0 |", "driver");
	expect_in(p.details[EN], "| Driver | 580.159.04 |", "driver");
	pages_free(&p);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recorded_bodies),
		cmocka_unit_test(test_key_lines),
		cmocka_unit_test(test_key_lines_json),
		cmocka_unit_test(test_key_lines_before),
		cmocka_unit_test(test_user_source),
		cmocka_unit_test(test_setup),
		cmocka_unit_test(test_provenance),
		cmocka_unit_test(test_slower_step_evidence),
		cmocka_unit_test(test_noise_run_observed),
		cmocka_unit_test(test_teaching_rung_record),
	};

	return cmocka_run_group_tests_name("report_body", tests, NULL, NULL);
}
