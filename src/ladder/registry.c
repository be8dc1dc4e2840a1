/* registry.c - the open variant table.  See ladder.h.
 *
 * The table is one array allocated once, on first use, with room for
 * REGISTRY_MAX_VARIANTS rows: the built-in rows (variants.h: each family's
 * ladder in a file of its own) are copied to its front, family by family,
 * and registered rows follow.  It never moves, so the pointers
 * an experiment keeps to its variants stay valid while rows are added;
 * the memory of rows never used is never touched.  Registered rows own
 * copies of their texts (variant_dup). */
#include "variants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "similar.h"

/* The built-in rows, a family's ladder after another. */
static const struct {
	const struct variant *rows;
	const size_t *count;
} ladders[] = {
	{ variants_reduce, &variants_reduce_count },
	{ variants_transpose, &variants_transpose_count },
};

/* Each rung's key lines, extracted from the kernels at build time
 * (src/ladder/key_lines.awk; the Makefile writes it). */
#include "culab_code.h"

static struct variant *table;
static size_t nbuiltin, nrows;

/* Gives built-in row v its key lines and the lines its step replaces,
 * where kernels/ marks a region of each (static texts: built-in rows are
 * never freed). */
static void key_lines_of(struct variant *v)
{
	for (size_t k = 0; key_lines[k].name; k++) {
		if (strcmp(key_lines[k].name, v->name) != 0)
			continue;
		if (key_lines[k].before) {
			v->before_file = key_lines[k].file;
			v->before_line = key_lines[k].line;
			v->before_text = key_lines[k].text;
		} else {
			v->code_file = key_lines[k].file;
			v->code_line = key_lines[k].line;
			v->code_text = key_lines[k].text;
		}
	}
}

static void table_init(void)
{
	if (table)
		return;
	table = xcalloc(REGISTRY_MAX_VARIANTS, sizeof(*table));
	for (size_t i = 0; i < ARRAY_SIZE(ladders); i++) {
		memcpy(table + nbuiltin, ladders[i].rows,
		       *ladders[i].count * sizeof(*table));
		nbuiltin += *ladders[i].count;
	}
	for (size_t i = 0; i < nbuiltin; i++)
		key_lines_of(&table[i]);
	nrows = nbuiltin;
}

const struct variant *registry_builtin(size_t *count)
{
	table_init();
	*count = nbuiltin;
	return table;
}

struct similar_doc *registry_textbook(void)
{
	size_t n, k = 0;
	const struct variant *v = registry_builtin(&n);
	struct similar_doc **d = xcalloc(2 * n + 1, sizeof(*d)), *tb;

	for (size_t i = 0; i < n; i++) {
		/* each region alone: no k-gram spans two of them */
		if (v[i].code_text)
			d[k++] = similar_base_new(v[i].code_text,
						  strlen(v[i].code_text));
		if (v[i].before_text)
			d[k++] = similar_base_new(v[i].before_text,
						  strlen(v[i].before_text));
	}
	tb = similar_common((const struct similar_doc *const *)d, k, 1, NULL);
	for (size_t i = 0; i < k; i++)
		similar_doc_free(d[i]);
	free(d);
	return tb;
}

const struct variant *registry_all(size_t *count)
{
	table_init();
	*count = nrows;
	return table;
}

const struct variant *registry_find(const char *name)
{
	table_init();
	for (size_t i = 0; name && i < nrows; i++)
		if (strcmp(table[i].name, name) == 0)
			return &table[i];
	return NULL;
}

static bool name_ok(const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n == 0 || n > 128)
		return false;
	return strspn(s, "abcdefghijklmnopqrstuvwxyz"
			  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:-") == n;
}

/* Why row v cannot join the table, into why; or 0 when it can. */
static int add_refused(const struct variant *v, char *why, size_t whysize)
{
	int lo = v->block_min > 0 ? v->block_min : 1;
	int hi = v->block_max > 0 ? v->block_max : 1024;

	if (!name_ok(v->name))
		snprintf(why, whysize, "invalid variant name \"%s\" (use A-Z, "
			 "a-z, 0-9, _ . : -; at most 128 characters)",
			 v->name ? v->name : "");
	else if (registry_find(v->name))
		snprintf(why, whysize, "a variant called \"%s\" exists already",
			 v->name);
	else if (!family_get(v->family))
		snprintf(why, whysize, "variant \"%s\": unknown family %d",
			 v->name, (int)v->family);
	else if (!v->launch)
		snprintf(why, whysize, "variant \"%s\" has no launcher", v->name);
	else if (!(v->dtypes & DTYPE_ALL))
		snprintf(why, whysize, "variant \"%s\" supports no type", v->name);
	else if (lo > hi || hi > 1024 || ((v->flags & VF_BLOCK) &&
		 (v->block_default < lo || v->block_default > hi)))
		snprintf(why, whysize, "variant \"%s\": block sizes out of "
			 "range (default %d, from %d to %d)", v->name,
			 v->block_default, lo, hi);
	else if (nrows == REGISTRY_MAX_VARIANTS)
		snprintf(why, whysize, "cannot register \"%s\": the table "
			 "holds at most %d variants", v->name,
			 REGISTRY_MAX_VARIANTS);
	else
		return 0;
	return -1;
}

int registry_add(const struct variant *v, char *why, size_t whysize)
{
	struct variant *copy;

	table_init();
	if (add_refused(v, why, whysize) < 0)
		return -1;
	copy = variant_dup(v);
	table[nrows++] = *copy;
	free(copy);     /* the row keeps the copied texts */
	return 0;
}

/* Frees the texts a copied row owns. */
static void variant_release(struct variant *v)
{
	free((char *)v->name);
	free((char *)v->title);
	free((char *)v->title_zh);
	free((char *)v->about_en);
	free((char *)v->about_zh);
	free((char *)v->seed);
	free((char *)v->signature);
	free((char *)v->signature_zh);
	free((char *)v->teaching);
	free((char *)v->teaching_zh);
	for (size_t k = 0; k < VARIANT_MAX_EXPECT; k++) {
		free((char *)v->expect[k].column);
		free((char *)v->expect[k].op);
		free((char *)v->expect[k].than);
	}
	free((char *)v->timed_region);
	free((char *)v->timed_region_zh);
	free((char *)v->sanitizer);
	free((char *)v->sanitizer_zh);
	free((char *)v->source);
	free((char *)v->source_file);
	free((char *)v->source_text);
	free((char *)v->source_sha256);
	free((char *)v->sources_sha256);
	free((char *)v->code_file);
	free((char *)v->code_text);
	free((char *)v->before_file);
	free((char *)v->before_text);
	free((char *)v->student_id);
	free((char *)v->student_name);
	memset(v, 0, sizeof(*v));
}

void registry_release_added(void)
{
	registry_release_since(0);
}

size_t registry_mark(void)
{
	table_init();
	return nrows;
}

void registry_release_since(size_t mark)
{
	if (!table)
		return;
	if (mark < nbuiltin)
		mark = nbuiltin;
	while (nrows > mark)
		variant_release(&table[--nrows]);
}

struct variant *variant_dup(const struct variant *v)
{
	struct variant *c;

	if (!v)
		return NULL;
	c = xmalloc(sizeof(*c));
	*c = *v;
	c->name = xstrdup(v->name);
	c->title = xstrdup(v->title);
	c->title_zh = xstrdup(v->title_zh);
	c->about_en = xstrdup(v->about_en);
	c->about_zh = xstrdup(v->about_zh);
	c->seed = xstrdup(v->seed);
	c->signature = xstrdup(v->signature);
	c->signature_zh = xstrdup(v->signature_zh);
	c->teaching = xstrdup(v->teaching);
	c->teaching_zh = xstrdup(v->teaching_zh);
	for (size_t k = 0; k < VARIANT_MAX_EXPECT; k++) {
		c->expect[k].column = xstrdup(v->expect[k].column);
		c->expect[k].op = xstrdup(v->expect[k].op);
		c->expect[k].than = xstrdup(v->expect[k].than);
	}
	c->timed_region = xstrdup(v->timed_region);
	c->timed_region_zh = xstrdup(v->timed_region_zh);
	c->sanitizer = xstrdup(v->sanitizer);
	c->sanitizer_zh = xstrdup(v->sanitizer_zh);
	c->source = xstrdup(v->source);
	c->source_file = xstrdup(v->source_file);
	c->source_text = xstrdup(v->source_text);
	c->source_sha256 = xstrdup(v->source_sha256);
	c->sources_sha256 = xstrdup(v->sources_sha256);
	c->code_file = xstrdup(v->code_file);
	c->code_text = xstrdup(v->code_text);
	c->before_file = xstrdup(v->before_file);
	c->before_text = xstrdup(v->before_text);
	c->student_id = xstrdup(v->student_id);
	c->student_name = xstrdup(v->student_name);
	return c;
}

void variant_free(struct variant *v)
{
	if (!v)
		return;
	variant_release(v);
	free(v);
}

bool variant_supports(const struct variant *v, enum dtype t)
{
	return (unsigned)t < DTYPE__COUNT && (v->dtypes & DTYPE_BIT(t));
}

bool variant_block_ok(const struct variant *v, int block)
{
	int lo = v->block_min > 0 ? v->block_min : 1;
	int hi = v->block_max > 0 ? v->block_max : 1024;

	if (!(v->flags & VF_BLOCK) || block < lo || block > hi)
		return false;
	return !(v->flags & VF_POW2) || (block & (block - 1)) == 0;
}

bool expect_applies(const struct variant *v, const struct expect *e,
		    enum dtype t, size_t n, size_t m)
{
	const struct family_def *fam = family_get(v->family);

	if (!variant_supports(v, t) || (e->dtypes && !(e->dtypes & DTYPE_BIT(t))))
		return false;
	if (n < e->min_side)
		return false;
	/* Where sizes are shapes, both sides must be large enough. */
	return !(fam && fam->shapes) || m >= e->min_side;
}

double registry_bytes(const struct variant *v, enum dtype t, size_t n, size_t m)
{
	return family_bytes(family_get(v->family), t, n, m);
}

double registry_gbps(const struct variant *v, enum dtype t, size_t n, size_t m,
		     double ms)
{
	if (ms <= 0)
		return 0;
	return registry_bytes(v, t, n, m) / (ms * 1e-3) / 1e9;
}

static const struct variant_flag_name flag_names[] = {
	{ VF_BLOCK, "block" },       { VF_POW2, "pow2" },
	{ VF_IN_PLACE, "in-place" }, { VF_HOST_STEP, "host-step" },
	{ VF_UNSAFE, "unsafe" },     { VF_BASELINE, "baseline" },
	{ VF_CPU, "cpu" },           { VF_CEILING, "ceiling" },
	{ VF_COPY, "copy" },         { VF_USER, "user" },
};

const struct variant_flag_name *variant_flag_names(size_t *count)
{
	*count = ARRAY_SIZE(flag_names);
	return flag_names;
}

int variant_flag_parse(const char *name, unsigned *bit)
{
	for (size_t i = 0; i < ARRAY_SIZE(flag_names); i++)
		if (strcmp(name, flag_names[i].name) == 0) {
			*bit = flag_names[i].bit;
			return 0;
		}
	return -1;
}

const char *variant_flags_text(unsigned flags, char *buf, size_t size)
{
	size_t used = 0;

	if (!size)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(flag_names); i++) {
		int w;

		if (!(flags & flag_names[i].bit))
			continue;
		w = snprintf(buf + used, size - used, "%s%s", used ? "," : "",
			     flag_names[i].name);
		if (w < 0 || (size_t)w >= size - used) {
			buf[used] = '\0'; /* whole names only */
			break;
		}
		used += (size_t)w;
	}
	return buf;
}
