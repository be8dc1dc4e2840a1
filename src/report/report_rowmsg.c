/* report_rowmsg.c - a failed row's message in the page's language.  See
 * report_rowmsg.h.
 *
 * A row keeps its failure as the English sentence the runner wrote
 * (results.json's "message"), so results recorded by any culab read the
 * same; a Chinese page must not show culab's own English.  Each shape
 * culab writes is a row of one table: its English with {1}..{4} where
 * the runner put values, and its Chinese with the same holes.  A
 * recorded message is matched against the English, the holes taking
 * what lies between the fixed parts (a hole may itself hold another
 * shape: "after the timed runs: {1}" wraps the check's own message),
 * so a message written before a shape changed, or one culab did not
 * write (CUDA's error strings), is never half translated: it is
 * quoted whole, as recorded. */
#include "report_rowmsg.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static const struct {
	const char *en, *zh;
} shapes[] = {
	/* src/run/runner.c: the run on another input after the timed runs */
	{ "with another input after the timed runs: {1}; its answer does not "
	  "follow its input (remembered from an earlier run?)",
	  "在计时运行之后换一个输入再运行：{1}；它的答案不随输入改变（是否记住"
	  "了之前某次运行的结果？）" },
	{ "after the timed runs: {1}", "计时运行之后：{1}" },
	{ "after the timing rounds: {1}", "计时轮次之后：{1}" },
	{ "did not finish within {1} s (its time_limit); a running kernel "
	  "cannot be stopped, so its process ends here",
	  "未在 {1} 秒内结束（其 time_limit）；正在运行的核函数无法被中止，"
	  "因此它的进程在此结束" },
	{ "wrote past the end of its {1} ({2} bytes): {3} of the {4} bytes "
	  "after it changed, the first at byte {5} after the end",
	  "写到了其 {1}（{2} 字节）的末尾之外：其后 {4} 个字节中有 {3} 个被改"
	  "动，第一个在末尾之后第 {5} 个字节" },
	{ "not timed in rounds (it runs on the CPU)",
	  "未在计时轮次中计时（它在 CPU 上运行）" },
	{ "not timed in rounds (its experiment has no class with rounds)",
	  "未在计时轮次中计时（其实验没有带轮次的班级）" },
	{ "not timed: the timing rounds were interrupted",
	  "未计时：计时轮次被中断" },
	/* src/ladder/family.c: the checks of an answer */
	{ "sum is {1}, expected {2} (error {3} > tolerance {4})",
	  "和为 {1}，应为 {2}（误差 {3} > 容差 {4}）" },
	{ "sum is {1}, expected {2}", "和为 {1}，应为 {2}" },
	{ "XOR of the input's words is {1}, expected {2} (it did not read "
	  "every byte)",
	  "输入各字的异或为 {1}，应为 {2}（它没有读到每个字节）" },
	{ "{1} of {2} elements differ; first at row {3}, column {4} of the "
	  "input",
	  "{2} 个元素中有 {1} 个不同；第一个在输入的第 {3} 行、第 {4} 列" },
};

#define HOLES 5

/* Whether text matches shape `en`; each hole's text into at[k], len[k]
 * (a hole takes the least that lets the next fixed part follow, the
 * last one the rest). */
static bool match(const char *en, const char *text, const char **at,
		  size_t *len)
{
	while (*en) {
		const char *open = strchr(en, '{'), *next;
		size_t fixed = open ? (size_t)(open - en) : strlen(en);
		int k;

		if (strncmp(en, text, fixed))
			return false;
		text += fixed;
		if (!open)
			return !*text;
		k = open[1] - '1';
		if (k < 0 || k >= HOLES || open[2] != '}')
			return false;
		en = open + 3;
		next = strchr(en, '{');
		fixed = next ? (size_t)(next - en) : strlen(en);
		at[k] = text;
		if (!fixed) {
			len[k] = strlen(text);
			text += len[k];
			continue;
		}
		{
			char *lit = xstrndup(en, fixed);
			const char *end = strstr(text, lit);

			free(lit);
			if (!end)
				return false;
			len[k] = (size_t)(end - text);
			text = end;
		}
	}
	return !*text;
}

/* text in Chinese where a shape matches it (its holes in turn), else as
 * recorded, quoted when `top`. */
static void zh_text(struct sbuf *b, const char *text, bool top)
{
	for (size_t i = 0; i < ARRAY_SIZE(shapes); i++) {
		const char *at[HOLES] = { NULL }, *z = shapes[i].zh;
		size_t len[HOLES] = { 0 };

		if (!match(shapes[i].en, text, at, len))
			continue;
		while (*z) {
			const char *open = strchr(z, '{');
			char *hole;

			if (!open) {
				sbuf_add(b, z);
				break;
			}
			sbuf_addf(b, "%.*s", (int)(open - z), z);
			hole = xstrndup(at[open[1] - '1'] ? at[open[1] - '1'] :
					"", len[open[1] - '1']);
			zh_text(b, hole, false);
			free(hole);
			z = open + 3;
		}
		return;
	}
	sbuf_addf(b, top ? "“%s”" : "%s", text);
}

void row_message_text(struct sbuf *b, enum lang L, const char *en)
{
	if (!en)
		return;
	if (L == ZH)
		zh_text(b, en, true);
	else
		sbuf_add(b, en);
}
