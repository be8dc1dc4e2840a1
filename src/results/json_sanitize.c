/* json_sanitize.c - a row's "sanitize" object: what compute-sanitizer found
 * when culab reran the row's failed kernel alone under it
 * (sanitizer_record.h's struct sanitizer_record), written and read back.
 * See json_int.h.
 *
 * Written only for rows that have a record, so every other row, and
 * every file of a run without failures, is byte for byte what it was
 * before the field existed; read when present, every field checked as
 * json_read.c checks the rest of a row, and absent in older files (the
 * row then has no record). */
#include "json_int.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* The most tools and findings a record holds: culab runs three tools,
 * and prints at most SANITIZE_PRINT_LIMIT (1000) records per tool, which
 * aggregate into fewer findings. */
#define MAX_TOOLS 8
#define MAX_FINDINGS SANITIZER_MAX_FINDINGS
#define MAX_SIZE (1ll << 40)
#define MAX_LINE 10000000

static json_t *jcount(uint64_t v)
{
	return json_integer(v > INT64_MAX ? INT64_MAX : (json_int_t)v);
}

static json_t *tool_put(const struct sanitizer_tool *t)
{
	return json_pack("{s:o, s:s, s:o, s:o, s:o, s:o}",
			 "tool", jtext(t->tool),
			 "outcome", sanitizer_outcome_name(t->outcome),
			 "errors", jcount(t->errors),
			 "answer", t->answer == 1 ? json_string("wrong") :
				   t->answer == 0 ? json_string("right") :
				   json_null(),
			 "why", jtext(t->why), "seconds", jnum(t->seconds));
}

static json_t *finding_put(const struct sanitizer_finding *f)
{
	json_t *o = json_pack("{s:o, s:o, s:o, s:o, s:o, s:i, s:o}",
			      "tool", jtext(f->tool), "kind", jtext(f->kind),
			      "what", jtext(f->what), "space", jtext(f->space),
			      "access", jtext(f->access), "size", f->size,
			      "problem", jtext(f->problem));

	json_object_set_new(o, "function", jtext(f->function));
	json_object_set_new(o, "file", jtext(f->file));
	json_object_set_new(o, "line", json_integer(f->line));
	json_object_set_new(o, "other_access", jtext(f->other_access));
	json_object_set_new(o, "other_file", jtext(f->other_file));
	json_object_set_new(o, "other_line", json_integer(f->other_line));
	json_object_set_new(o, "threads", jtext(f->threads));
	json_object_set_new(o, "blocks", jtext(f->blocks));
	json_object_set_new(o, "count", jcount(f->count));
	json_object_set_new(o, "alloc_bytes", jcount(f->alloc_bytes));
	json_object_set_new(o, "nearest", jtext(f->nearest));
	json_object_set_new(o, "nearest_min", jcount(f->nearest_min));
	json_object_set_new(o, "nearest_max", jcount(f->nearest_max));
	return o;
}

json_t *json_sanitize_put(const struct sanitizer_record *rec)
{
	json_t *tools = json_array(), *finds = json_array();

	for (size_t i = 0; i < rec->ntools; i++)
		json_array_append_new(tools, tool_put(&rec->tools[i]));
	for (size_t i = 0; i < rec->nfindings; i++)
		json_array_append_new(finds, finding_put(&rec->findings[i]));
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			 "state", jtext(rec->state), "label", jtext(rec->label),
			 "n", jcount(rec->n), "m", jcount(rec->m),
			 "command", jtext(rec->command), "tools", tools,
			 "findings", finds);
}

/* ---- reading ------------------------------------------------------------------ */

/* A string of at most max bytes under key, or NULL (null or absent where
 * `nullable`, or after a diagnostic).  `one_of`, when not NULL, lists the
 * values allowed. */
static char *get_str(struct reader *rd, json_t *o, const char *where,
		     const char *key, bool nullable, size_t max,
		     const char *const *one_of, const char *want)
{
	json_t *v = json_object_get(o, key);
	const char *s;

	if (nullable && (!v || json_is_null(v)))
		return NULL;
	if (!json_is_string(v) || json_string_length(v) > max ||
	    strlen(json_string_value(v)) != json_string_length(v)) {
		json_bad_value(rd, where, key, v, want);
		return NULL;
	}
	s = json_string_value(v);
	if (one_of) {
		const char *const *w = one_of;

		while (*w && strcmp(*w, s) != 0)
			w++;
		if (!*w) {
			json_bad_value(rd, where, key, v, want);
			return NULL;
		}
	}
	return xstrdup(s);
}

#define get_text(rd, o, w, k) \
	get_str(rd, o, w, k, true, RESULTS_MAX_TEXT, NULL, "a text or null")
#define get_name(rd, o, w, k, nullable) \
	get_str(rd, o, w, k, nullable, RESULTS_MAX_NAME, NULL, \
		nullable ? "a name or null" : "a name")

/* An integer from lo to hi under key, or lo after a diagnostic. */
static long long get_int(struct reader *rd, json_t *o, const char *where,
			 const char *key, long long lo, long long hi,
			 const char *want)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v) || json_integer_value(v) < lo ||
	    json_integer_value(v) > hi) {
		json_bad_value(rd, where, key, v, want);
		return lo;
	}
	return json_integer_value(v);
}

#define COUNT_WANT "a count (0 or more)"

static void tool_get(struct reader *rd, json_t *o, const char *where,
		     struct sanitizer_tool *t)
{
	static const char *const answers[] = { "wrong", "right", NULL };
	char *outcome, *answer;

	t->tool = get_name(rd, o, where, "tool", false);
	outcome = get_name(rd, o, where, "outcome", false);
	if (outcome && sanitizer_outcome_parse(outcome, &t->outcome) < 0)
		json_bad_value(rd, where, "outcome",
			       json_object_get(o, "outcome"),
			       "clean, found, timed out or failed");
	free(outcome);
	t->errors = (uint64_t)get_int(rd, o, where, "errors", 0, INT64_MAX,
				      COUNT_WANT);
	answer = get_str(rd, o, where, "answer", true, 16, answers,
			 "wrong, right or null");
	t->answer = !answer ? -1 : strcmp(answer, "wrong") == 0;
	free(answer);
	t->why = get_text(rd, o, where, "why");
	t->seconds = json_num_get(rd, o, where, "seconds", 0, 1e9, true,
				  "a number of seconds or null");
}

static void finding_get(struct reader *rd, json_t *o, const char *where,
			struct sanitizer_finding *f)
{
	static const char *const kinds[] = {
		"access", "race", "barrier", "other", NULL,
	};
	static const char *const sides[] = { "after", "before", NULL };

	f->tool = get_name(rd, o, where, "tool", false);
	f->kind = get_str(rd, o, where, "kind", false, 16, kinds,
			  "access, race, barrier or other");
	f->what = get_text(rd, o, where, "what");
	f->space = get_name(rd, o, where, "space", true);
	f->access = get_name(rd, o, where, "access", true);
	f->size = (int)get_int(rd, o, where, "size", 0, 1 << 20,
			       "a size in bytes (0 .. 2^20)");
	f->problem = get_text(rd, o, where, "problem");
	f->function = get_text(rd, o, where, "function");
	f->file = get_name(rd, o, where, "file", true);
	f->line = (int)get_int(rd, o, where, "line", 0, MAX_LINE,
			       "a line number (0: unknown)");
	f->other_access = get_name(rd, o, where, "other_access", true);
	f->other_file = get_name(rd, o, where, "other_file", true);
	f->other_line = (int)get_int(rd, o, where, "other_line", 0, MAX_LINE,
				     "a line number (0: unknown)");
	f->threads = get_text(rd, o, where, "threads");
	f->blocks = get_text(rd, o, where, "blocks");
	f->count = (uint64_t)get_int(rd, o, where, "count", 0, INT64_MAX,
				     COUNT_WANT);
	f->alloc_bytes = (uint64_t)get_int(rd, o, where, "alloc_bytes", 0,
					   INT64_MAX, COUNT_WANT);
	f->nearest = get_str(rd, o, where, "nearest", true, 16, sides,
			     "after, before or null");
	f->nearest_min = (uint64_t)get_int(rd, o, where, "nearest_min", 0,
					   INT64_MAX, COUNT_WANT);
	f->nearest_max = (uint64_t)get_int(rd, o, where, "nearest_max", 0,
					   INT64_MAX, COUNT_WANT);
}

/* The array under key of o with at most max objects, or NULL after a
 * diagnostic. */
static json_t *get_objects(struct reader *rd, json_t *o, const char *where,
			   const char *key, size_t max)
{
	json_t *a = json_object_get(o, key), *e;
	size_t i;

	if (!json_is_array(a) || json_array_size(a) > max) {
		json_bad(rd, where, key, max == MAX_TOOLS ?
			 "an array of at most 8 objects" :
			 "an array of at most 4096 objects");
		return NULL;
	}
	json_array_foreach(a, i, e)
		if (!json_is_object(e)) {
			json_bad(rd, where, key, "an array of objects");
			return NULL;
		}
	return a;
}

void json_sanitize_get(struct reader *rd, json_t *row, const char *where,
		       struct sanitizer_record **out)
{
	static const char *const states[] = { "ran", "not installed", NULL };
	json_t *o = json_object_get(row, "sanitize"), *tools, *finds;
	struct sanitizer_record *rec;
	char w[160], sub[192];

	*out = NULL;
	if (!o || json_is_null(o))
		return;
	if (!json_is_object(o)) {
		json_bad(rd, where, "sanitize", "an object or null");
		return;
	}
	snprintf(w, sizeof(w), "%s.sanitize", where);
	rec = xcalloc(1, sizeof(*rec));
	rec->state = get_str(rd, o, w, "state", false, 16, states,
			     "ran or not installed");
	rec->label = get_name(rd, o, w, "label", false);
	rec->n = (uint64_t)get_int(rd, o, w, "n", 1, MAX_SIZE,
				   "a size (1 .. 2^40)");
	rec->m = (uint64_t)get_int(rd, o, w, "m", 1, MAX_SIZE,
				   "a size (1 .. 2^40)");
	rec->command = get_text(rd, o, w, "command");
	tools = get_objects(rd, o, w, "tools", MAX_TOOLS);
	finds = get_objects(rd, o, w, "findings", MAX_FINDINGS);
	if (tools) {
		rec->ntools = json_array_size(tools);
		rec->tools = xcalloc(rec->ntools + 1, sizeof(*rec->tools));
		for (size_t i = 0; i < rec->ntools; i++) {
			snprintf(sub, sizeof(sub), "%s.tools[%zu]", w, i);
			tool_get(rd, json_array_get(tools, i), sub,
				 &rec->tools[i]);
		}
	}
	if (finds) {
		rec->nfindings = json_array_size(finds);
		rec->findings = xcalloc(rec->nfindings + 1,
					sizeof(*rec->findings));
		for (size_t i = 0; i < rec->nfindings && !rd->stop; i++) {
			snprintf(sub, sizeof(sub), "%s.findings[%zu]", w, i);
			finding_get(rd, json_array_get(finds, i), sub,
				    &rec->findings[i]);
		}
	}
	*out = rec;
}
