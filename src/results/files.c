/* files.c - results files read back: the whole-file checks, the upgrade
 * of older schema versions, and what --resume keeps.  See results.h.
 *
 * The decoding is json_read.c's; this file turns a decoded file into the
 * results this culab writes, so that every reader (`culab report`,
 * `verify`, `compare`, `merge`, `rerun`, `--resume`) sees one version. */
#include "results.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/hash.h"
#include "base/strmap.h"
#include "base/util.h"
#include "ladder/ladder.h"

/* ---- upgrades ------------------------------------------------------------------ */

/* Version 1 had no `variants` table: every variant it could name was
 * built into culab, and the built-in rows of this binary describe them
 * (their texts are what the reports of version 1 files always showed).
 * Rows of a name this binary does not build in stay without one. */
/* A description taken from this binary's rows describes a variant the
 * file measured with the words of today, but its key lines are a record
 * of the code that ran, which the file does not hold: they are dropped,
 * and the report shows none rather than code that may have changed since
 * (ladder.h: code_text). */
static void forget_code(struct variant *v)
{
	free((char *)v->code_file);
	free((char *)v->code_text);
	free((char *)v->before_file);
	free((char *)v->before_text);
	v->code_file = v->code_text = NULL;
	v->before_file = v->before_text = NULL;
	v->code_line = v->before_line = 0;
}

static void upgrade_v1(struct results *r)
{
	size_t n;
	const struct variant *b = registry_builtin(&n);

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < r->nrows; k++)
			if (r->rows[k].variant &&
			    strcmp(r->rows[k].variant, b[i].name) == 0) {
				forget_code((struct variant *)
					    results_add_variant(r, &b[i]));
				break;
			}
	r->schema_version = RESULTS_SCHEMA_VERSION;
}

/* Descriptions written before the teaching texts stated one H100 run's
 * numbers as if they held on every GPU and had no teaching texts: a
 * variant of a built-in name that the file describes as built in (no
 * source, not the user's) is described by this binary's row instead, as
 * version 1's are.  Rows of other variants keep the file's description.
 * Not a new schema version: an older culab reads the newer files
 * correctly (it ignores the teaching texts). */
static void upgrade_texts(struct results *r)
{
	size_t nb;
	const struct variant *all = registry_builtin(&nb);

	for (size_t i = 0; i < r->nvariants; i++) {
		struct variant *v = r->variants[i];
		const struct variant *b = NULL;

		for (size_t k = 0; v->name && k < nb && !b; k++)
			if (strcmp(all[k].name, v->name) == 0)
				b = &all[k];
		if (!b || v->source || (v->flags & VF_USER))
			continue;
		r->variants[i] = variant_dup(b);
		r->variants[i]->launch = NULL;
		r->variants[i]->work = NULL;
		r->variants[i]->host = NULL;
		r->variants[i]->ctx = NULL;
		forget_code(r->variants[i]);
		variant_free(v);
	}
	r->variants_before_teaching = false;
}

/* Descriptions written before they stated how many elements a thread
 * loads in its first pass: a built-in name described as built in takes
 * this binary's count, as upgrade_texts takes its texts; every other row
 * is VARIANT_LOADS_ANY (no class reference is chosen by it). */
static void upgrade_loads(struct results *r)
{
	for (size_t i = 0; i < r->nvariants; i++) {
		struct variant *v = r->variants[i];
		const struct variant *b = v->name ? registry_find(v->name) : NULL;

		if (v->first_loads != VARIANT_LOADS_UNSTATED)
			continue;
		v->first_loads = b && !b->source && !(b->flags & VF_USER) &&
				 !v->source && !(v->flags & VF_USER) ?
				 b->first_loads : VARIANT_LOADS_ANY;
	}
}

/* A file from before rows named their device: every row ran on the
 * file's one environment. */
static void upgrade_devices(struct results *r)
{
	if (r->ndevices || !r->has_env)
		return;
	results_add_device(r, &r->env);
	for (size_t k = 0; k < r->nrows; k++)
		if (r->rows[k].device < 0)
			r->rows[k].device = 0;
}

int results_read_buffer(const char *path, const char *text, size_t len,
			struct results *r)
{
	/* a byte-order mark is skipped, so that columns count from the '{' */
	size_t bom = utf8_bom_len(text, len);

	if (json_results_decode(path, text + bom, len - bom, r) < 0)
		return -1;
	if (r->schema_version == 1)
		upgrade_v1(r);
	else if (r->variants_before_teaching)
		upgrade_texts(r);
	upgrade_loads(r);
	upgrade_devices(r);
	return 0;
}

int results_read(const char *path, struct results *r)
{
	char *text;
	size_t len;
	int rc;

	memset(r, 0, sizeof(*r));
	if (read_file(path, RESULTS_MAX_FILE_BYTES, &text, &len) < 0)
		return -1;
	rc = results_read_buffer(path, text, len, r);
	free(text);
	return rc;
}

/* ---- --resume ------------------------------------------------------------------ */

/* Whether description v, of results read back, was measured from other
 * sources than this file's kernel of its name, cur: by what the code was
 * made from (text and headers) where both record it, else by the text;
 * unknown (a built-in, or a file that recorded neither) is the same.
 * The two digests it differs by into *was and *now. */
static bool changed(const struct variant *v, const struct variant *cur,
		    const char **was, const char **now)
{
	if (v->sources_sha256 && cur->sources_sha256) {
		*was = v->sources_sha256;
		*now = cur->sources_sha256;
	} else if (v->source_sha256) {
		*was = v->source_sha256;
		*now = cur->source_sha256 ? cur->source_sha256 : "none";
	} else {
		return false;
	}
	return strcmp(*was, *now) != 0;
}

/* The names of the variants whose rows results_forget_changed drops. */
struct forget {
	struct strmap names;
};

static bool not_forgotten(const struct result_row *w, void *ctx)
{
	const struct forget *f = ctx;

	return strmap_get(&f->names, w->variant) == STRMAP_NONE;
}

size_t results_forget_changed(struct results *r, const char *path)
{
	struct forget f = { STRMAP_INIT };
	size_t before = r->nrows;

	for (size_t i = 0; i < r->nvariants; i++) {
		struct variant *v = r->variants[i];
		const struct variant *cur = v->name ? registry_find(v->name) :
						      NULL;
		const char *was, *now;
		size_t rows = 0;

		if (!cur || !changed(v, cur, &was, &now))
			continue;
		for (size_t k = 0; k < r->nrows; k++)
			rows += r->rows[k].variant &&
				!strcmp(r->rows[k].variant, v->name);
		if (rows)
			diag_note("%s \"%s\": its %s changed since \"%s\" "
				  "was measured (SHA-256 %.12s then, %.12s "
				  "now): its %zu row%s measured again",
				  v->submission ? "student" : "kernel",
				  diag_esc(v->name), v->submission ?
				  "submission" : "source", path, was, now,
				  rows, rows == 1 ? " is" : "s are");
		strmap_put(&f.names, v->name, i);
		/* the description is this file's now: the rows kept with it
		 * are measured again from the sources it names */
		free((char *)v->source_file);
		free((char *)v->source_text);
		free((char *)v->source_sha256);
		free((char *)v->sources_sha256);
		v->source_file = xstrdup(cur->source_file);
		v->source_text = xstrdup(cur->source_text);
		v->source_sha256 = xstrdup(cur->source_sha256);
		v->sources_sha256 = xstrdup(cur->sources_sha256);
	}
	if (f.names.n)
		results_keep_rows(r, not_forgotten, &f);
	strmap_release(&f.names);
	return before - r->nrows;
}

int results_read_previous(const char *dir, const char *sha256,
			  struct results *prev)
{
	char *path = xasprintf("%s/results.json", dir);
	int rc = 1;

	memset(prev, 0, sizeof(*prev));
	if (access(path, F_OK) != 0) {
		diag_note("nothing to resume in \"%s\": starting afresh", dir);
		rc = 0;
	} else if (results_read(path, prev) < 0) {
		rc = -1;
	} else if (!prev->source_sha256 ||
		   strcmp(prev->source_sha256, sha256) != 0) {
		rc = diag_error("cannot resume: \"%s\" was produced by another "
				"experiment file (SHA-256 differs); use another "
				"output directory or drop --resume", path);
		results_release(prev);
	} else {
		results_forget_changed(prev, path);
	}
	free(path);
	return rc;
}

/* ---- files to compare ------------------------------------------------------------------ */

/* The file's canonical path and content SHA-256.  Returns 0, or -1
 * after one diagnostic (results_read read it a moment ago, so this is a
 * race with someone changing it). */
static int identify(const char *path, char **real, char sha[65])
{
	char *text = NULL;
	size_t len = 0;
	int rc;

	*real = realpath(path, NULL);
	if (!*real)
		return diag_error("cannot read \"%s\": %s", path,
				  strerror(errno));
	if (read_file(path, RESULTS_MAX_FILE_BYTES, &text, &len) < 0)
		return -1;
	rc = sha256_hex(text, len, sha);
	free(text);
	if (rc < 0)
		return diag_error("cannot compute the SHA-256 of \"%s\"", path);
	return 0;
}

int results_read_distinct(const char *const *paths, size_t n,
			  struct results *r)
{
	char **real = xcalloc(n ? n : 1, sizeof(*real));
	char (*sha)[65] = xcalloc(n ? n : 1, sizeof(*sha));
	size_t i, j;
	int rc = 0;

	memset(r, 0, n * sizeof(*r));
	for (i = 0; i < n && rc == 0; i++) {
		if (results_read(paths[i], &r[i]) < 0 ||
		    identify(paths[i], &real[i], sha[i]) < 0) {
			rc = -1;
			break;
		}
		for (j = 0; j < i && rc == 0; j++) {
			if (!strcmp(real[i], real[j]))
				rc = diag_error("\"%s\" and \"%s\" are the same "
						"file: a run compared with "
						"itself says nothing", paths[j],
						paths[i]);
			else if (!strcmp(sha[i], sha[j]))
				rc = diag_error("\"%s\" and \"%s\" have the same "
						"content (SHA-256 %.12s...): a "
						"run compared with itself says "
						"nothing", paths[j], paths[i],
						sha[i]);
		}
	}
	for (j = 0; j < n; j++)
		free(real[j]);
	free(real);
	free(sha);
	if (rc < 0)
		for (j = 0; j < n; j++)
			results_release(&r[j]);
	return rc;
}
