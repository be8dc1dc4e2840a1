/* test_report_copies.c - the class page's similar submissions (issue
 * 44, src/report/report_copies.c): the example class's flagged pairs and
 * the gradebook's nearest student, the section in both languages with
 * the matching lines side by side, and a table that stays a table in
 * HTML whatever the code holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_copies.h"
#include "report/report_html.h"
#include "ladder/similar.h"
#include "base/util.h"

#define EXPECT_IN(hay, needle)                                                 \
	do {                                                                   \
		if (!strstr((hay), (needle)))                                  \
			fail_msg("%s:%d: expected \"%s\" in \"%.3000s\"",      \
				 __FILE__, __LINE__, (needle), (hay));         \
	} while (0)

static const char *const names[] = {
	"ada", "ben", "cleo", "dan", "eli", "fay", "gus", "hal", "ivy", "jon",
	"kim",
};
#define N ARRAY_SIZE(names)

static char *texts[N];

static int setup(void **state)
{
	(void)state;
	for (size_t i = 0; i < N; i++) {
		char *p = xasprintf("experiments/examples/class/%s.cu", names[i]);
		size_t n;

		if (read_file(p, 1 << 20, &texts[i], &n) < 0)
			return -1;
		free(p);
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (size_t i = 0; i < N; i++)
		free(texts[i]);
	return 0;
}

static size_t index_of(const char *name)
{
	for (size_t i = 0; i < N; i++)
		if (!strcmp(names[i], name))
			return i;
	fail_msg("no student %s", name);
	return N;
}

/* The example class, in its page's alphabetical order: ivy is ada's
 * copy, flagged; fay and kim each wrote the textbook's sequential tree,
 * as eli did, with a constant or two changed: alike (86 % and 88 %) until
 * the code of the ladder's rungs and of most of the class is left out,
 * and then not flagged, since they share nothing beyond it. */
static void test_example_class(void **state)
{
	struct copies *c = copies_find(names, (const char *const *)texts, N,
				       NULL);
	size_t of;
	double s;
	bool same;

	(void)state;
	assert_true(copies_nearest(c, index_of("ivy"), &of, &s));
	assert_int_equal(of, index_of("ada"));
	assert_true(s == 1.0);
	assert_true(copies_flagged(c, index_of("ivy"), &same));
	assert_true(same);
	assert_false(copies_flagged(c, index_of("kim"), &same));
	assert_false(same);
	assert_false(copies_flagged(c, index_of("fay"), NULL));
	assert_false(copies_flagged(c, index_of("eli"), NULL));
	/* distinct solutions, below */
	assert_false(copies_flagged(c, index_of("ben"), NULL));
	assert_false(copies_flagged(c, index_of("dan"), NULL));
	assert_true(copies_nearest(c, index_of("dan"), &of, &s));
	assert_int_equal(of, index_of("ben"));
	assert_false(copies_flagged(c, index_of("cleo"), NULL));
	assert_false(copies_nearest(c, 0, &of, &s));
	assert_int_equal(of, 0);
	assert_int_equal(copies_count(c), 1);
	copies_free(c);
	copies_free(NULL);
}

/* The section in English and Chinese: ivy beside ada with their lines
 * side by side (ada's line 13 is ivy's 18, re-indented and split). */
static void test_section(void **state)
{
	struct copies *c = copies_find(names, (const char *const *)texts, N,
				       NULL);
	struct sbuf en = SBUF_INIT, zh = SBUF_INIT;
	char *html;

	(void)state;
	copies_section(&en, EN, c, 3);
	copies_section(&zh, ZH, c, 3);
	EXPECT_IN(en.buf, "### Similar submissions\n\nEach student's source");
	EXPECT_IN(en.buf, "85 % or more similar");
	EXPECT_IN(en.buf, "**ivy** and **ada**: the same source once comments "
		  "and whitespace are set aside (100.0 % similar).");
	assert_null(strstr(en.buf, "**kim** and **eli**: "));
	/* named to the teacher, neutrally, with what they scored before */
	EXPECT_IN(en.buf, "Alike only in the textbook's code, so not listed: ");
	EXPECT_IN(en.buf, "**kim** and **eli** (87.5 % before it is set aside)");
	EXPECT_IN(zh.buf, "仅在教科书的代码上相似，因此不列出：");
	EXPECT_IN(en.buf, "| ada | ivy |\n| --- | --- |\n");
	/* a long line in spans cut at blanks, so that it wraps in a cell */
	EXPECT_IN(en.buf, "| 13 `for (unsigned int s = blockDim.x /` `2; s > "
		  "32; s >>= 1) {` | 18 `for (unsigned int s = blockDim.x /` "
		  "`2; s > 32; s >>= 1)` |");
	EXPECT_IN(zh.buf, "### 相似的提交");
	EXPECT_IN(zh.buf, "**ivy** 与 **ada**：去掉注释和空白后源代码相同（相似度 "
		  "100.0 %）。");
	EXPECT_IN(zh.buf, "| ada | ivy |\n| --- | --- |\n");
	assert_null(strstr(en.buf, "**ben**"));
	/* every row of every table has its two cells in HTML */
	html = report_html(en.buf, "en", "/nonexistent");
	assert_non_null(html);
	EXPECT_IN(html, "<td>13 <code>for (unsigned int s = blockDim.x /</code> "
		  "<code>2; s &gt; 32; s &gt;&gt;= 1) {</code></td>");
	free(html);
	sbuf_release(&en);
	sbuf_release(&zh);
	copies_free(c);
}

/* Code that holds pipes, backquotes, HTML and control characters stays
 * in its cell; a class with no flag says so; one student, nothing. */
static void test_escaping(void **state)
{
	const char *a =
		"__global__ void k(int *o, const int *in, int n)\n"
		"{\n"
		"    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
		"    if (i < n || i == 0 | n)\n"
		"        o[i] = in[i] * 3 + in[n - 1 - i] + sizeof(\"`a|b`\");\n"
		"    const char *s = \"<script>``x\\x01\";\n"
		"    o[0] = s[0] | s[1];\n"
		"}\n";
	const char *both[] = { a, a };
	const char *who[] = { "x_1", "y|2" };
	struct copies *c = copies_find(who, both, 2, NULL);
	struct sbuf b = SBUF_INIT;
	const char *p, *q;
	char *html;
	size_t rows = 0;

	(void)state;
	copies_section(&b, EN, c, 3);
	EXPECT_IN(b.buf, "| x\\_1 | y\\|2 |");
	EXPECT_IN(b.buf, "4 `if (i < n \\|\\| i == 0 \\| n)`");
	EXPECT_IN(b.buf, "5 `o[i] = in[i] * 3 + in[n - 1 - i] +` "
		  "``sizeof(\"`a\\|b`\");``");
	html = report_html(b.buf, "en", "/nonexistent");
	assert_non_null(html);
	EXPECT_IN(html, "<code>if (i &lt; n || i == 0 | n)</code>");
	EXPECT_IN(html, "<code>o[i] = in[i] * 3 + in[n - 1 - i] +</code> "
		  "<code>sizeof(&quot;`a|b`&quot;);</code>");
	assert_null(strstr(html, "<script"));
	/* each row: two cells, no more */
	for (p = html; (p = strstr(p, "<tr>")) != NULL; p = q, rows++) {
		size_t cells = 0;

		q = strstr(p, "</tr>");
		assert_non_null(q);
		for (const char *r = p; (r = strstr(r, "<t")) && r < q; r++)
			cells += r[2] == 'd' || r[2] == 'h';
		assert_int_equal(cells, 2);
	}
	assert_true(rows >= 7);
	free(html);
	copies_free(c);
	/* nothing similar */
	{
		const char *two[] = { texts[0], texts[1] };
		struct copies *d = copies_find(names, two, 2, NULL);

		sbuf_reset(&b);
		copies_section(&b, ZH, d, 4);
		EXPECT_IN(b.buf, "#### 相似的提交");
		EXPECT_IN(b.buf, "没有哪个学生与前面的学生相似度达到 85 % 或以上。");
		assert_int_equal(copies_count(d), 0);
		copies_free(d);
	}
	/* one student, or a source not recorded */
	{
		const char *one[] = { NULL, texts[0] };
		struct copies *d = copies_find(names, one, 2, NULL);
		size_t of;
		double s;

		assert_false(copies_nearest(d, 1, &of, &s));
		assert_false(copies_flagged(d, 1, NULL));
		copies_free(d);
		d = copies_find(names, one, 1, NULL);
		sbuf_reset(&b);
		copies_section(&b, EN, d, 3);
		assert_int_equal(b.len, 0);
		copies_free(d);
	}
	sbuf_release(&b);
}

/* With the starter code as the base, two solutions that share only it
 * are not alike, and the section says it was left out. */
static void test_base(void **state)
{
	const char *base =
		"extern \"C\" __global__ void reduce(const culab_t *in, culab_acc_t *out,\n"
		"                                  unsigned long long n)\n"
		"{\n"
		"    extern __shared__ culab_acc_t part[];\n"
		"    unsigned int t = threadIdx.x;\n"
		"    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + t;\n"
		"    part[t] = i < n ? (culab_acc_t)in[i] : (culab_acc_t)0;\n"
		"    __syncthreads();\n"
		"}\n";
	const char *two[] = { texts[index_of("eli")], texts[index_of("kim")] };
	struct copies *c = copies_find(names, two, 2, NULL);
	struct copies *d = copies_find(names, two, 2, base);
	struct sbuf b = SBUF_INIT;
	size_t of;
	double with, without;

	(void)state;
	assert_true(copies_nearest(c, 1, &of, &without));
	assert_true(copies_nearest(d, 1, &of, &with));
	if (!(with < without))
		fail_msg("%s:%d: eli and kim: %.3f with the base, %.3f without",
			 __FILE__, __LINE__, with, without);
	copies_section(&b, EN, d, 3);
	EXPECT_IN(b.buf, "The starter code every student was given is left out.");
	sbuf_release(&b);
	copies_free(c);
	copies_free(d);
}

/* Two students who each typed the textbook's sequential tree (eli and
 * kim) beside ada and a disguised copy of hers (every name changed, the
 * layout too): the copy is flagged on what it shares beyond the
 * textbook, her warp of shuffles; the two trees are not, and the
 * section names them only as alike in the textbook's code. */
static void test_textbook(void **state)
{
	const char *copy =
		"extern \"C\" __global__ void reduce(const culab_t *src, "
		"culab_acc_t *dst, unsigned long long count) {\n"
		"  extern __shared__ culab_acc_t cache[];\n"
		"  unsigned int me = threadIdx.x;\n"
		"  unsigned long long at = (unsigned long long)blockIdx.x * "
		"blockDim.x + me;\n"
		"  cache[me] = at < count ? (culab_acc_t)src[at] : "
		"(culab_acc_t)0;\n"
		"  __syncthreads();\n"
		"  for (unsigned int half = blockDim.x / 2; half > 32; "
		"half >>= 1) {\n"
		"    if (me < half) cache[me] += cache[me + half];\n"
		"    __syncthreads();\n"
		"  }\n"
		"  if (me < 32) {\n"
		"    culab_acc_t acc = cache[me] + cache[me + 32];\n"
		"    for (int lane = 16; lane > 0; lane >>= 1)\n"
		"      acc += __shfl_down_sync(0xffffffffu, acc, lane);\n"
		"    if (me == 0) dst[blockIdx.x] = acc;\n"
		"  }\n"
		"}\n";
	const char *who[] = { "ada", "eli", "kim", "zoe" };
	const char *four[] = { texts[index_of("ada")], texts[index_of("eli")],
			       texts[index_of("kim")], copy };
	struct copies *c = copies_find(who, four, 4, NULL);
	struct sbuf b = SBUF_INIT;
	size_t of;
	double s;
	bool same;

	(void)state;
	assert_true(copies_flagged(c, 3, &same));
	assert_false(same);
	assert_true(copies_nearest(c, 3, &of, &s));
	assert_int_equal(of, 0);
	if (s < SIMILAR_THRESHOLD)
		fail_msg("%s:%d: zoe against ada: %.3f", __FILE__, __LINE__, s);
	assert_false(copies_flagged(c, 1, NULL));
	assert_false(copies_flagged(c, 2, NULL));
	assert_int_equal(copies_count(c), 1);
	copies_section(&b, EN, c, 3);
	EXPECT_IN(b.buf, "**zoe** and **ada**: ");
	EXPECT_IN(b.buf, "so not listed: **kim** and **eli** (");
	assert_null(strstr(b.buf, "**kim** and **eli**: "));
	sbuf_release(&b);
	copies_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_class),
		cmocka_unit_test(test_section),
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_base),
		cmocka_unit_test(test_textbook),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
