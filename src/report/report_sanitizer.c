/* report_sanitizer.c - a failure explained at the line: what
 * compute-sanitizer found when culab reran a failed kernel of the user's
 * alone under it (results/sanitizer_record.h's struct sanitizer_record), in
 * the report's languages, for the user-kernel section of the body, the
 * failures of the details page and `culab run`'s list of failures
 * (report.h).
 *
 * Each finding is told at its line, the line quoted from the kernel's
 * source as results.json stores it ("line 9 `float v = s[t];`: an
 * out-of-bounds `__shared__` read of 4 bytes by threads 8–255 of blocks
 * 0–3 (969 errors)"); a rerun that found nothing says so, and says that a
 * wrong answer is then an arithmetic bug, not a memory one, only when
 * every tool ran clean and the answer was wrong again under them; where
 * compute-sanitizer was not installed it gives the one command that
 * would run it.  Sentences are report_msg_sanitizer.c's. */
#include "report.h"
#include "report_int.h"
#include "report_code.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Findings listed per row; the rest are counted. */
#define MAX_SHOWN 6
/* Characters of a quoted source line, at most. */
#define MAX_QUOTE 80

struct say {
	enum lang L;
	bool plain;                /* `culab run`'s text: no Markdown escapes */
	const struct variant *v;
	const struct model *m;     /* the report's, or NULL (run's text) */
};

static void put_text(struct sbuf *b, const struct say *c, const char *s)
{
	if (c->plain)
		sbuf_add(b, s);
	else
		md_text(b, s);
}

static void put_code(struct sbuf *b, const struct say *c, const char *s)
{
	if (c->plain) {
		sbuf_addc(b, '`');
		sbuf_add(b, s);
		sbuf_addc(b, '`');
	} else {
		md_code(b, s);
	}
}

/* A count, with thousands separators from 10,000 as the report's
 * numbers have them. */
static void put_count(struct sbuf *b, uint64_t n)
{
	char digits[32];
	size_t len = (size_t)snprintf(digits, sizeof(digits), "%" PRIu64, n);

	for (size_t i = 0; i < len; i++) {
		if (n >= 10000 && i && (len - i) % 3 == 0)
			sbuf_addc(b, ',');
		sbuf_addc(b, digits[i]);
	}
}

/* Ranges as the parser writes them ("8-255, 300"), with en dashes. */
static void put_ranges(struct sbuf *b, const struct say *c, const char *r)
{
	struct sbuf t = SBUF_INIT;

	for (; *r; r++)
		if (*r == '-')
			sbuf_add(&t, "–");
		else
			sbuf_addc(&t, *r);
	put_text(b, c, sbuf_str(&t));
	sbuf_release(&t);
}

/* Whether `file` (as the tool names it: a base name) is v's source. */
static bool own_file(const struct variant *v, const char *file)
{
	return v && v->source_file && file &&
	       strcmp(path_base(v->source_file), path_base(file)) == 0;
}

/* Line `line` of c->v's stored source, quoted (code_quote_source). */
static char *source_line(const struct say *c, int line)
{
	return c->v ? code_quote_source(c->m, c->v->source_text, line,
					MAX_QUOTE) : NULL;
}

/* Where: "line 9 `float v = s[t];`" in the kernel's own file,
 * "`kern.cuh:11`" in another, "in `oob_shared`" without a line. */
static void put_where(struct sbuf *b, const struct say *c, const char *file,
		      int line, const char *function)
{
	struct sbuf quote = SBUF_INIT, at = SBUF_INIT;
	char num[16];

	if (file && line > 0 && own_file(c->v, file)) {
		char *q = source_line(c, line);

		if (q) {
			sbuf_addc(&quote, ' ');
			put_code(&quote, c, q);
		}
		free(q);
		snprintf(num, sizeof(num), "%d", line);
		SAY(b, c->L, M_S_AT_LINE, num, sbuf_str(&quote));
	} else if (file && line > 0) {
		sbuf_addf(&at, "%s:%d", file, line);
		put_code(b, c, sbuf_str(&at));
	} else {
		put_code(&at, c, function ? function : "?");
		SAY(b, c->L, M_S_AT_FUNC, sbuf_str(&at));
	}
	sbuf_release(&quote);
	sbuf_release(&at);
}

/* " by threads 8–255 of blocks 0–3" (empty when the records named no
 * threads). */
static void put_who(struct sbuf *b, const struct say *c,
		    const struct sanitizer_finding *f)
{
	struct sbuf t = SBUF_INIT, k = SBUF_INIT;
	bool many_t, many_b;

	if (!f->threads || !f->blocks)
		return;
	many_t = strpbrk(f->threads, "-,") != NULL;
	many_b = strpbrk(f->blocks, "-,") != NULL;
	put_ranges(&t, c, f->threads);
	put_ranges(&k, c, f->blocks);
	SAY(b, c->L, many_t ? (many_b ? M_S_BY_TT : M_S_BY_T1) :
		     (many_b ? M_S_BY_1B : M_S_BY_11),
	    sbuf_str(&t), sbuf_str(&k));
	sbuf_release(&t);
	sbuf_release(&k);
}

/* "969 errors", "1 hazard". */
static void put_errors(struct sbuf *b, enum lang L, uint64_t n, bool race)
{
	struct sbuf num = SBUF_INIT;

	put_count(&num, n);
	if (n == 1)
		sbuf_add(b, say_text(L, race ? M_S_HAZARD1 : M_S_ERROR1));
	else
		SAY(b, L, race ? M_S_HAZARDS : M_S_ERRORS, sbuf_str(&num));
	sbuf_release(&num);
}

/* "read", "write", or the tool's word. */
static void put_access(struct sbuf *b, const struct say *c, const char *a)
{
	if (a && strcmp(a, "read") == 0)
		sbuf_add(b, say_text(c->L, M_S_READ));
	else if (a && strcmp(a, "write") == 0)
		sbuf_add(b, say_text(c->L, M_S_WRITE));
	else if (a && strcmp(a, "atomic") == 0)
		sbuf_add(b, say_text(c->L, M_S_ATOMIC));
	else
		put_text(b, c, a ? a : "?");
}

/* `__shared__` and the like. */
static void put_space(struct sbuf *b, const struct say *c, const char *space)
{
	char *s = xasprintf("__%s__", space ? space : "shared");

	put_code(b, c, s);
	free(s);
}

static void access_sentence(struct sbuf *b, const struct say *c,
			    const struct sanitizer_finding *f,
			    const char *where, const char *count)
{
	struct sbuf space = SBUF_INIT, acc = SBUF_INIT, bytes = SBUF_INIT,
		    who = SBUF_INIT, near = SBUF_INIT;

	put_space(&space, c, f->space);
	put_access(&acc, c, f->access);
	if (f->size > 0) {
		char n[16];

		snprintf(n, sizeof(n), "%d", f->size);
		SAY(&bytes, c->L, M_S_BYTES, n);
	}
	put_who(&who, c, f);
	if (f->nearest && f->alloc_bytes) {
		struct sbuf off = SBUF_INIT, size = SBUF_INIT;

		put_count(&off, f->nearest_min);
		if (f->nearest_max > f->nearest_min) {
			sbuf_add(&off, "–");
			put_count(&off, f->nearest_max);
		}
		put_count(&size, f->alloc_bytes);
		SAY(&near, c->L, strcmp(f->nearest, "before") == 0 ?
			    M_S_NEAR_BEFORE : M_S_NEAR_AFTER,
		    sbuf_str(&off), sbuf_str(&size));
		sbuf_release(&off);
		sbuf_release(&size);
	}
	SAY(b, c->L, f->problem && strcmp(f->problem, "misaligned") == 0 ?
		     M_S_MISALIGNED : M_S_OOB,
	    where, sbuf_str(&space), sbuf_str(&acc), sbuf_str(&bytes),
	    sbuf_str(&who), sbuf_str(&near), count);
	sbuf_release(&space);
	sbuf_release(&acc);
	sbuf_release(&bytes);
	sbuf_release(&who);
	sbuf_release(&near);
}

/* A race: the reading line first when one reads, else the two writes. */
static void race_sentence(struct sbuf *b, const struct say *c,
			  const struct sanitizer_finding *f, const char *count)
{
	bool w1 = f->access && strcmp(f->access, "write") == 0;
	bool w2 = f->other_access && strcmp(f->other_access, "write") == 0;
	struct sbuf one = SBUF_INIT, two = SBUF_INIT, space = SBUF_INIT;

	put_where(&one, c, f->file, f->line, f->function);
	if (f->other_file && f->file && f->other_line == f->line &&
	    strcmp(f->other_file, f->file) == 0)
		sbuf_add(&two, say_text(c->L, M_S_SAME_LINE));
	else
		put_where(&two, c, f->other_file, f->other_line, f->function);
	put_space(&space, c, f->space);
	if (w1 && w2)
		SAY(b, c->L, M_S_RACE_WAW, sbuf_str(&one), sbuf_str(&space),
		    sbuf_str(&two), count);
	else if (w1)    /* line two reads what line one writes */
		SAY(b, c->L, M_S_RACE_RAW, sbuf_str(&two), sbuf_str(&space),
		    sbuf_str(&one), count);
	else            /* line two writes what line one reads */
		SAY(b, c->L, M_S_RACE_WAR, sbuf_str(&two), sbuf_str(&space),
		    sbuf_str(&one), count);
	sbuf_release(&one);
	sbuf_release(&two);
	sbuf_release(&space);
}

static void finding_sentence(struct sbuf *b, const struct say *c,
			     const struct sanitizer_finding *f)
{
	struct sbuf where = SBUF_INIT, count = SBUF_INIT, who = SBUF_INIT,
		    what = SBUF_INIT;
	bool race = f->kind && strcmp(f->kind, "race") == 0;

	put_errors(&count, c->L, f->count, race);
	put_where(&where, c, f->file, f->line, f->function);
	if (race) {
		race_sentence(b, c, f, sbuf_str(&count));
	} else if (f->kind && strcmp(f->kind, "access") == 0) {
		access_sentence(b, c, f, sbuf_str(&where), sbuf_str(&count));
	} else if (f->kind && strcmp(f->kind, "barrier") == 0 && f->problem &&
		   (strstr(f->problem, "in warp") ||
		    strstr(f->problem, "in block"))) {
		put_who(&who, c, f);
		SAY(b, c->L, M_S_BARRIER, sbuf_str(&where),
		    say_text(c->L, strstr(f->problem, "in warp") ? M_S_WARP :
			     M_S_BLOCK), sbuf_str(&who), sbuf_str(&count));
	} else {
		put_who(&who, c, f);
		put_text(&what, c, f->what ? f->what : "?");
		SAY(b, c->L, M_S_OTHER, sbuf_str(&where), f->tool ? f->tool : "?",
		    sbuf_str(&what), sbuf_str(&who), sbuf_str(&count));
	}
	sbuf_release(&where);
	sbuf_release(&count);
	sbuf_release(&who);
	sbuf_release(&what);
}

/* "memcheck: 969 errors; racecheck: nothing" for the tools that ran to
 * the end.  racecheck's summary counts its reports, each of many
 * hazards: both are told, "15 race reports covering 2,118,696 hazards",
 * the hazards as its findings tell them.  A tool that
 * printed fewer records than its summary counts (--print-limit) says
 * so, as its findings' threads are those of the records printed.  A
 * table cell (`cell`) has every tool, and the first finding's line in
 * place of the records shown. */
static void tool_counts(struct sbuf *b, enum lang L,
			const struct sanitizer_record *rec, bool cell)
{
	bool first = true;

	for (size_t i = 0; i < rec->ntools; i++) {
		const struct sanitizer_tool *t = &rec->tools[i];
		bool race = t->tool && strcmp(t->tool, "racecheck") == 0;
		struct sbuf n = SBUF_INIT, shown = SBUF_INIT;
		const struct sanitizer_finding *at = NULL;
		uint64_t printed = 0, kept = 0;
		int lo = 0, hi = 0;             /* the findings' lines */

		if (t->outcome != SAN_CLEAN && t->outcome != SAN_FOUND) {
			if (!cell)
				continue;
			if (!first)
				sbuf_add(b, say_text(L, M_SEMI_SEP));
			first = false;
			SAY(b, L, t->outcome == SAN_TIMED_OUT ?
				  M_S_CELL_TIMED_OUT : M_S_CELL_FAILED, t->tool);
			continue;
		}
		for (size_t k = 0; k < rec->nfindings; k++)
			if (t->tool && rec->findings[k].tool &&
			    strcmp(t->tool, rec->findings[k].tool) == 0) {
				const struct sanitizer_finding *f =
					&rec->findings[k];

				printed += f->count;
				kept++;
				if (!at)
					at = f;
				if (f->line > 0 && (!lo || f->line < lo))
					lo = f->line;
				if (f->line > hi)
					hi = f->line;
			}
		if (!first)
			sbuf_add(b, say_text(L, M_SEMI_SEP));
		first = false;
		if (race && printed && t->errors) {
			struct sbuf h = SBUF_INIT, k = SBUF_INIT;

			put_errors(&h, L, printed, true);
			put_count(&k, t->errors);
			if (t->errors == 1)
				SAY(&n, L, M_S_RACE_REPORT1, sbuf_str(&h));
			else if (kept < t->errors) {
				/* the summary counts more reports than
				 * were kept: the hazards are the kept
				 * ones' */
				struct sbuf c = SBUF_INIT;

				put_count(&c, kept);
				SAY(&n, L, M_S_RACE_KEPT, sbuf_str(&k),
				    sbuf_str(&c), sbuf_str(&h));
				sbuf_release(&c);
			} else
				SAY(&n, L, M_S_RACE_REPORTS, sbuf_str(&k),
				    sbuf_str(&h));
			sbuf_release(&h);
			sbuf_release(&k);
		} else if (race && printed)
			put_errors(&n, L, printed, true);
		else if (t->errors)
			put_errors(&n, L, t->errors, race);
		else
			sbuf_add(&n, say_text(L, M_S_NOTHING));
		if (cell && at && at->line > 0) {
			char line[16], last[16];

			/* a race spans the lines its findings name */
			snprintf(line, sizeof(line), "%d", race ? lo : at->line);
			snprintf(last, sizeof(last), "%d", hi);
			if (race && lo && hi > lo)
				SAY(&shown, L, M_S_CELL_LINES, sbuf_str(&n), line,
				    last);
			else
				SAY(&shown, L, M_S_CELL_LINE, sbuf_str(&n), line);
			SAY(b, L, M_S_TOOL_COUNT, t->tool, sbuf_str(&shown));
		} else if (!race && printed && t->errors > printed && !cell) {
			put_count(&shown, printed);
			SAY(b, L, M_S_TOOL_PRINTED, t->tool, sbuf_str(&n),
			    sbuf_str(&shown));
		} else {
			SAY(b, L, M_S_TOOL_COUNT, t->tool, sbuf_str(&n));
		}
		sbuf_release(&n);
		sbuf_release(&shown);
	}
}

/* The tools that ran clean, "memcheck, racecheck"; *all whether every
 * tool did. */
static void clean_tools(struct sbuf *b, enum lang L,
			const struct sanitizer_record *rec, bool *all)
{
	*all = rec->ntools > 0;
	for (size_t i = 0; i < rec->ntools; i++) {
		if (rec->tools[i].outcome != SAN_CLEAN) {
			*all = false;
			continue;
		}
		if (b->len)
			sbuf_add(b, say_text(L, M_COMMA_SEP));
		sbuf_add(b, rec->tools[i].tool);
	}
}

static bool found_any(const struct sanitizer_record *rec)
{
	for (size_t i = 0; i < rec->ntools; i++)
		if (rec->tools[i].outcome == SAN_FOUND)
			return true;
	return rec->nfindings > 0;
}

/* One item: indent, bullet, the sentence, a newline. */
static void item_begin(struct sbuf *b, const struct say *c, const char *indent)
{
	sbuf_add(b, indent);
	sbuf_add(b, c->plain ? "" : "- ");
}

static void items(struct sbuf *b, const struct say *c,
		  const struct result_row *w, const char *indent, bool details)
{
	const struct sanitizer_record *rec = w->sanitize;
	char *size = size_text(rec->n, rec->m, row_is_matrix(w));
	char *deeper = xasprintf("%s  ", indent);
	struct sbuf cmd = SBUF_INIT, t = SBUF_INIT;
	bool all;

	put_code(&cmd, c, rec->command ? rec->command : "");
	if (!rec->state || strcmp(rec->state, "ran") != 0) {
		item_begin(b, c, indent);
		SAY(b, c->L, M_S_NOT_INSTALLED, sbuf_str(&cmd));
		sbuf_addc(b, '\n');
		goto out;
	}
	if (found_any(rec)) {
		tool_counts(&t, c->L, rec, false);
		item_begin(b, c, indent);
		SAY(b, c->L, M_S_FOUND, size, sbuf_str(&t));
		sbuf_addc(b, '\n');
		for (size_t i = 0; i < rec->nfindings && i < MAX_SHOWN; i++) {
			item_begin(b, c, deeper);
			finding_sentence(b, c, &rec->findings[i]);
			sbuf_addc(b, '\n');
		}
		if (rec->nfindings > MAX_SHOWN) {
			char n[24];

			snprintf(n, sizeof(n), "%zu", rec->nfindings - MAX_SHOWN);
			item_begin(b, c, deeper);
			SAY(b, c->L, M_S_MORE, n);
			sbuf_addc(b, '\n');
		}
	} else {
		enum msg id = M_S_CLEAN;

		clean_tools(&t, c->L, rec, &all);
		/* the first tool is memcheck: the answer under it */
		if (all && w->status == ROW_WRONG && rec->tools[0].answer == 1)
			id = M_S_CLEAN_WRONG;
		else if (all && w->status == ROW_WRONG &&
			 rec->tools[0].answer == 0)
			id = M_S_CLEAN_RIGHT;
		else if (w->message && strncmp(w->message, "wrote past the end",
					       strlen("wrote past the end")) == 0)
			id = M_S_CLEAN_GUARD;
		if (t.len) {
			item_begin(b, c, indent);
			SAY(b, c->L, id, sbuf_str(&t), size);
			sbuf_addc(b, '\n');
		}
	}
	for (size_t i = 0; i < rec->ntools; i++) {
		const struct sanitizer_tool *tool = &rec->tools[i];

		if (tool->outcome == SAN_TIMED_OUT) {
			item_begin(b, c, indent);
			SAY(b, c->L, M_S_TIMED_OUT, tool->tool,
			    FMT(tool->seconds, 3), size);
			sbuf_addc(b, '\n');
		} else if (tool->outcome == SAN_FAILED) {
			struct sbuf why = SBUF_INIT;

			put_text(&why, c, tool->why ? tool->why : "?");
			item_begin(b, c, indent);
			SAY(b, c->L, M_S_FAILED, tool->tool, size, sbuf_str(&why));
			sbuf_addc(b, '\n');
			sbuf_release(&why);
		}
	}
	if (details && rec->command) {
		item_begin(b, c, indent);
		SAY(b, c->L, M_S_RERUN, sbuf_str(&cmd));
		sbuf_addc(b, '\n');
	}
out:
	sbuf_release(&cmd);
	sbuf_release(&t);
	free(deeper);
	free(size);
}

void sanitizer_items(struct sbuf *b, enum lang L, const struct model *m,
		     const struct result_row *row, const struct variant *v,
		     const char *indent, bool details)
{
	struct say c = { .L = L, .v = v, .m = m };

	if (row->sanitize)
		items(b, &c, row, indent, details);
}

void sanitizer_cell(struct sbuf *b, enum lang L, const struct result_row *row)
{
	const struct sanitizer_record *rec = row->sanitize;

	if (!rec->state || strcmp(rec->state, "ran") != 0)
		sbuf_add(b, say_text(L, M_S_CELL_NONE));
	else
		tool_counts(b, L, rec, true);
}

int sanitizer_problem(struct sbuf *b, enum lang L, bool plain,
		      const struct result_row *row, const char **file)
{
	const struct sanitizer_record *rec = row->sanitize;
	struct say c = { .L = L, .plain = plain };

	for (size_t i = 0; rec && i < rec->nfindings; i++) {
		const struct sanitizer_finding *f = &rec->findings[i];
		struct sbuf space = SBUF_INIT, acc = SBUF_INIT;

		if (f->line <= 0)
			continue;
		put_space(&space, &c, f->space);
		put_access(&acc, &c, f->access);
		if (f->kind && strcmp(f->kind, "access") == 0)
			SAY(b, L, M_S_SHORT_OOB, sbuf_str(&space), sbuf_str(&acc));
		else if (f->kind && strcmp(f->kind, "race") == 0)
			SAY(b, L, M_S_SHORT_RACE, sbuf_str(&space));
		else if (f->kind && strcmp(f->kind, "barrier") == 0)
			sbuf_add(b, say_text(L, M_S_SHORT_BARRIER));
		else
			SAY(b, L, M_S_SHORT_OTHER, f->tool ? f->tool : "?");
		sbuf_release(&space);
		sbuf_release(&acc);
		*file = f->file;
		return f->line;
	}
	return 0;
}

void user_failure_end(struct sbuf *b, enum lang L, const struct model *m,
		      const struct item *it)
{
	sbuf_addc(b, '\n');
	sanitizer_items(b, L, m, it->row, it->v, "", false);
}

char *report_sanitizer_text(const struct result_row *w,
			    const struct variant *v)
{
	struct say c = { .L = EN, .plain = true, .v = v };
	struct sbuf b = SBUF_INIT;

	if (!w->sanitize)
		return NULL;
	items(&b, &c, w, "", false);
	return sbuf_detach(&b);
}
