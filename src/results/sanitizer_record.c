/* sanitizer_record.c - compute-sanitizer's findings as a row records
 * them: the outcomes' names, freeing a record, and its one-line summary.
 * See sanitizer_record.h.
 *
 * Apart from run/sanitizer_parse.c, which reads the tool's text, so that
 * whatever stores, reads back or reports a row's record (the results
 * files, the report) needs none of the runner's. */
#include "sanitizer_record.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static const char *const outcome_names[SAN__OUTCOMES] = {
	[SAN_CLEAN] = "clean",
	[SAN_FOUND] = "found",
	[SAN_TIMED_OUT] = "timed out",
	[SAN_FAILED] = "failed",
};

const char *sanitizer_outcome_name(enum sanitizer_outcome o)
{
	return (unsigned)o < SAN__OUTCOMES ? outcome_names[o] : "failed";
}

int sanitizer_outcome_parse(const char *s, enum sanitizer_outcome *o)
{
	for (int i = 0; i < SAN__OUTCOMES; i++)
		if (s && strcmp(s, outcome_names[i]) == 0) {
			*o = (enum sanitizer_outcome)i;
			return 0;
		}
	return -1;
}

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

void sanitizer_finding_release(struct sanitizer_finding *f)
{
	free(f->tool);
	free(f->kind);
	free(f->what);
	free(f->space);
	free(f->access);
	free(f->problem);
	free(f->function);
	free(f->file);
	free(f->other_access);
	free(f->other_file);
	free(f->threads);
	free(f->blocks);
	free(f->nearest);
	memset(f, 0, sizeof(*f));
}

void sanitizer_record_release(struct sanitizer_record *rec)
{
	if (!rec)
		return;
	free(rec->state);
	free(rec->label);
	free(rec->command);
	for (size_t i = 0; i < rec->ntools; i++) {
		free(rec->tools[i].tool);
		free(rec->tools[i].why);
	}
	free(rec->tools);
	for (size_t i = 0; i < rec->nfindings; i++)
		sanitizer_finding_release(&rec->findings[i]);
	free(rec->findings);
	memset(rec, 0, sizeof(*rec));
}

void sanitizer_record_free(struct sanitizer_record *rec)
{
	sanitizer_record_release(rec);
	free(rec);
}

/* "969 errors", "1 hazard". */
static void count_words(struct sbuf *b, uint64_t n, bool race)
{
	sbuf_addf(b, "%llu %s%s", (unsigned long long)n,
		  race ? "hazard" : "error", n == 1 ? "" : "s");
}

char *sanitizer_summary(const struct sanitizer_record *rec)
{
	struct sbuf b = SBUF_INIT;

	if (!rec)
		return NULL;
	if (!rec->state || strcmp(rec->state, "ran") != 0) {
		sbuf_addf(&b, "compute-sanitizer %s", rec->state ? rec->state :
			  "not run");
		return sbuf_detach(&b);
	}
	for (size_t i = 0; i < rec->ntools; i++) {
		const struct sanitizer_tool *t = &rec->tools[i];
		bool race = t->tool && strcmp(t->tool, "racecheck") == 0;

		if (i)
			sbuf_add(&b, "; ");
		sbuf_addf(&b, "%s: ", t->tool);
		if (t->outcome == SAN_TIMED_OUT || t->outcome == SAN_FAILED) {
			sbuf_addf(&b, "%s (%s)", sanitizer_outcome_name(t->outcome),
				  t->why ? t->why : "");
			continue;
		}
		count_words(&b, t->errors, race);
		for (size_t k = 0; k < rec->nfindings; k++) {
			const struct sanitizer_finding *f = &rec->findings[k];

			if (!same(f->tool, t->tool))
				continue;
			if (same(f->kind, "race") && f->access && f->file &&
			    f->other_access && f->other_file) {
				/* "Race reported" names neither side */
				sbuf_addf(&b, " (a race between a %s at %s:%d "
					  "and a %s at %s:%d)", f->access,
					  f->file, f->line, f->other_access,
					  f->other_file, f->other_line);
				break;
			}
			sbuf_addf(&b, " (%s", f->what ? f->what : f->kind);
			if (f->file)
				sbuf_addf(&b, " at %s:%d", f->file, f->line);
			if (f->other_file)
				sbuf_addf(&b, " and %s at %s:%d",
					  f->other_access ? f->other_access : "",
					  f->other_file, f->other_line);
			sbuf_addc(&b, ')');
			break;
		}
	}
	return sbuf_detach(&b);
}
