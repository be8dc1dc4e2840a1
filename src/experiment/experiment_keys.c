/* experiment_keys.c - the keys of one experiment: step 3 of loading (see
 * experiment_load.c) for each item of the "experiments" list.  See
 * experiment_int.h.
 *
 * exp_keys, the key table, names each key, says whether it is required
 * and points to the function that checks its value and fills struct
 * experiment.  Each of those keeps going after an error, so a user sees
 * every mistake of an experiment at once.  The rows an experiment
 * expands to are counted by experiment_count_rows() and held to
 * the limits here; what sizes a family takes (shapes or not) is its row
 * of the family table (ladder.h).
 *
 * Unknown kernels are reported with a "did you mean" suggestion (or a
 * pointer to `culab list kernels`) rather than the full list: the
 * registry grows, and the message should not grow with it. */
#include "experiment_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters/counters.h"
#include "ladder/ladder.h"
#include "experiment.h"
#include "base/util.h"

/* Names for messages: the experiment's name, or its position. */
static const char *exp_label(const struct exp_ctx *x, char *buf, size_t size)
{
	if (x->e->name)
		snprintf(buf, size, "experiment \"%s\"", x->e->name);
	else
		snprintf(buf, size, "experiment %d", x->index);
	return buf;
}

static bool name_char_ok(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

static int parse_name(struct loader *ld, struct exp_ctx *x,
		      const struct node *nd)
{
	const char *s = get_string(ld, nd, "name");

	if (!s)
		return -1;
	for (const char *p = s; *p; p++)
		if (!name_char_ok(*p))
			return lerr(ld, nd, "invalid experiment name \"%s\" "
				    "(use letters, digits, \".\", \"_\" and "
				    "\"-\")", s);
	if (strlen(s) > EXPERIMENT_MAX_NAME)
		return lerr(ld, nd, "experiment name \"%.20s...\" is longer "
			    "than %d characters", s, EXPERIMENT_MAX_NAME);
	if (strcmp(s, ".") == 0 || strcmp(s, "..") == 0)
		return lerr(ld, nd, "invalid experiment name \"%s\" (it "
			    "becomes a directory name)", s);
	x->e->name = xstrdup(s);
	return 0;
}

static int parse_description(struct loader *ld, struct exp_ctx *x,
			     const struct node *nd)
{
	const char *s = get_text(ld, nd, "description", true);

	if (!s)
		return -1;
	if (strlen(s) > EXPERIMENT_MAX_DESCRIPTION)
		return lerr(ld, nd, "\"description\" is longer than %d bytes",
			    EXPERIMENT_MAX_DESCRIPTION);
	free(x->e->description);
	x->e->description = xstrdup(s);
	return 0;
}

/* The description in Chinese, for the Chinese report (optional; without
 * it that report shows `description`). */
static int parse_description_zh(struct loader *ld, struct exp_ctx *x,
				const struct node *nd)
{
	const char *s = get_text(ld, nd, "description_zh", true);

	if (!s)
		return -1;
	if (strlen(s) > EXPERIMENT_MAX_DESCRIPTION)
		return lerr(ld, nd, "\"description_zh\" is longer than %d "
			    "bytes", EXPERIMENT_MAX_DESCRIPTION);
	free(x->e->description_zh);
	x->e->description_zh = xstrdup(s);
	return 0;
}

static int parse_family(struct loader *ld, struct exp_ctx *x,
			const struct node *nd)
{
	const char *s = get_string(ld, nd, "family");
	enum family f;

	if (!s)
		return -1;
	if (family_parse(s, &f) < 0) {
		size_t n;
		const char *const *names = family_names(&n);
		char buf[128];

		return lerr(ld, nd, "unknown family \"%s\" (known: %s)", s,
			    join_words(names, n, buf, sizeof(buf)));
	}
	x->e->family = f;
	x->family_ok = true;
	return 0;
}

/* Reports a name that is no variant, with the nearest name of the
 * experiment's family (or of any family) as suggestion. */
static int unknown_variant(struct loader *ld, const struct exp_ctx *x,
			   const struct node *nd)
{
	size_t nall, n = 0;
	const struct variant *all = registry_all(&nall);
	const char **names = xcalloc(nall, sizeof(*names));
	const char *near;

	for (size_t i = 0; i < nall; i++)
		if (all[i].family == x->e->family)
			names[n++] = all[i].name;
	near = nearest_word(nd->str, names, n);
	if (!near) {
		for (size_t i = 0; i < nall; i++)
			names[i] = all[i].name;
		near = nearest_word(nd->str, names, nall);
	}
	if (near)
		lerr(ld, nd, "unknown kernel \"%s\" (did you mean \"%s\"?)",
		     nd->str, near);
	else
		lerr(ld, nd, "unknown kernel \"%s\" (run \"culab list "
		     "kernels\" to see them)", nd->str);
	free(names);
	return -1;
}

static int parse_variants(struct loader *ld, struct exp_ctx *x,
			  const struct node *nd)
{
	size_t nall, nitems;
	const struct variant *all = registry_all(&nall);
	const struct node *const *items;
	const struct node **at;
	char label[96];
	int rc = 0;

	if (nd && nd->kind == NODE_MAP)
		return expected(ld, nd, "\"all\" or a list of kernel names",
				"variants");
	if (!x->family_ok)
		return -1;
	at = xcalloc(nall, sizeof(*at));
	if (nd && nd->kind == NODE_SCALAR && strcmp(nd->str, "none") == 0) {
		free(at);
		x->variants_none = true;
		x->variants_ok = true;
		return 0;
	}
	if (nd && nd->kind == NODE_SCALAR && strcmp(nd->str, "all") == 0)
		nd = NULL;
	if (!nd) {
		for (size_t i = 0; i < nall; i++)
			if (all[i].family == x->e->family &&
			    !(all[i].flags & VF_USER))
				at[i] = x->variants_node ? x->variants_node :
							   x->map;
		x->e->variants_all = true;
		goto collect;
	}
	items = list_items(&nd, &nitems);
	if (!nitems) {
		free(at);
		return lerr(ld, nd, "\"variants\" is empty (write \"variants: "
			    "all\" or name kernels)");
	}
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		const struct node *it = items[i];
		const struct variant *v;
		const char *s = get_string(ld, it, "variants");

		if (!s) {
			rc = -1;
			continue;
		}
		if (strcmp(s, "all") == 0 || strcmp(s, "none") == 0) {
			rc = lerr(ld, it, "\"%s\" cannot be part of a list (write "
				  "\"variants: %s\")", s, s);
			continue;
		}
		v = registry_find(s);
		if (v && (v->flags & VF_USER)) {
			rc = lerr(ld, it, "\"%s\" is a kernel of yours: name it "
				  "under \"kernels\", not \"variants\"", s);
			continue;
		}
		if (!v) {
			rc = unknown_variant(ld, x, it);
			continue;
		}
		if (v->family != x->e->family) {
			rc = lerr(ld, it, "kernel \"%s\" belongs to family \"%s\", "
				  "but %s is \"%s\"", s, family_name(v->family),
				  exp_label(x, label, sizeof(label)),
				  family_name(x->e->family));
			continue;
		}
		if (!at[v - all])
			at[v - all] = it;
	}
	if (rc < 0) {
		free(at);
		return -1;
	}
collect:
	x->e->variants = xcalloc(nall, sizeof(*x->e->variants));
	x->variant_at = xcalloc(nall, sizeof(*x->variant_at));
	for (size_t i = 0; i < nall; i++)
		if (at[i]) {
			x->variant_at[x->e->nvariants] = at[i];
			x->e->variants[x->e->nvariants++] = &all[i];
		}
	free(at);
	if (!x->e->nvariants)
		return lerr(ld, x->map, "family \"%s\" has no kernels",
			    family_name(x->e->family));
	x->variants_ok = true;
	return 0;
}

static int parse_types(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd)
{
	const struct node *const *items;
	size_t nitems;
	int rc = 0;

	x->e->dtypes = xcalloc(DTYPE__COUNT, sizeof(*x->e->dtypes));
	if (!nd) {
		x->e->dtypes[x->e->ndtypes++] = DTYPE_FLOAT;
		goto supported;
	}
	if (nd->kind == NODE_MAP)
		return expected(ld, nd, "a type or a list of types", "types");
	items = list_items(&nd, &nitems);
	if (!nitems)
		return lerr(ld, nd, "\"types\" is empty (known: int, float, "
			    "double)");
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		const char *s = get_string(ld, items[i], "types");
		enum dtype t;
		size_t k;

		if (!s) {
			rc = -1;
			continue;
		}
		if (dtype_parse(s, &t) < 0) {
			const char *names[DTYPE__COUNT];
			char buf[64];

			for (int j = 0; j < DTYPE__COUNT; j++)
				names[j] = dtype_name((enum dtype)j);
			rc = lerr(ld, items[i], "unknown type \"%s\" (known: %s)",
				  s, join_words(names, DTYPE__COUNT, buf,
						sizeof(buf)));
			continue;
		}
		for (k = 0; k < x->e->ndtypes; k++)
			if (x->e->dtypes[k] == t)
				break;
		if (k == x->e->ndtypes)
			x->e->dtypes[x->e->ndtypes++] = t;
		else
			continue;
		/* A listed kernel must support every listed type. */
		if (x->variants_ok && !x->e->variants_all)
			for (size_t v = 0; v < x->e->nvariants; v++)
				if (!variant_supports(x->e->variants[v], t))
					rc = lerr(ld, items[i], "kernel \"%s\" does "
						  "not support type \"%s\"",
						  x->e->variants[v]->name, s);
	}
	if (rc < 0)
		return -1;
supported:
	if (!nd && x->variants_ok && !x->e->variants_all)
		for (size_t v = 0; v < x->e->nvariants; v++)
			if (!variant_supports(x->e->variants[v], DTYPE_FLOAT))
				rc = lerr(ld, x->variant_at[v], "kernel \"%s\" does "
					  "not support type \"float\" (the "
					  "default; set \"types\")",
					  x->e->variants[v]->name);
	return rc;
}

/* Appends one shape to the experiment, within the row budget. */
static int add_shape(struct loader *ld, struct exp_ctx *x,
		     const struct node *nd, uint64_t n, uint64_t m,
		     size_t *cap)
{
	if (x->e->nsizes == EXPERIMENT_MAX_ROWS)
		return lerr(ld, nd, "more than %d sizes in one experiment",
			    EXPERIMENT_MAX_ROWS);
	if (x->e->nsizes == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		x->e->sizes = xrealloc(x->e->sizes, *cap * sizeof(*x->e->sizes));
	}
	x->e->sizes[x->e->nsizes].n = n;
	x->e->sizes[x->e->nsizes].m = m;
	x->e->nsizes++;
	return 0;
}

/* Whether the experiment's family takes shapes (ladder.h). */
static bool takes_shapes(const struct exp_ctx *x)
{
	return x->family_ok && family_get(x->e->family)->shapes;
}

/* One size for the experiment's family: n elements, or an n x n matrix. */
static int add_size(struct loader *ld, struct exp_ctx *x,
		    const struct node *nd, const char *text, uint64_t n,
		    size_t *cap)
{
	if (takes_shapes(x)) {
		uint64_t prod;

		if (__builtin_mul_overflow(n, n, &prod) ||
		    prod > EXPERIMENT_MAX_ELEMENTS)
			return lerr(ld, nd, "size \"%s\" means a %llu x %llu "
				    "matrix for %s, more than 2^%u "
				    "elements", text, (unsigned long long)n,
				    (unsigned long long)n,
				    family_name(x->e->family),
				    size_max_elements_log2());
		return add_shape(ld, x, nd, n, n, cap);
	}
	return add_shape(ld, x, nd, n, 1, cap);
}

/* "1024 x 2048": a digit first and a separator inside. */
static bool looks_like_shape(const char *s)
{
	s += strspn(s, " \t");
	/* 2**20 is a power written as Python writes it: size_parse says so */
	return *s >= '0' && *s <= '9' && strpbrk(s, "xX*") != NULL &&
	       !strstr(s, "**");
}

static const char *const range_keys[] = { "from", "to", "times", "plus" };

static int parse_range(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd, size_t *cap)
{
	static const struct keyset ks = { "in size range", range_keys,
					   ARRAY_SIZE(range_keys) };
	const struct node *vals[ARRAY_SIZE(range_keys)];
	const struct node *keys[ARRAY_SIZE(range_keys)];
	uint64_t v[ARRAY_SIZE(range_keys)] = { 0 }, *out = NULL;
	size_t count = 0;
	char why[256];
	int rc;

	if (check_keys(ld, nd, &ks, vals, keys) < 0)
		return -1;
	if (!vals[0] || !vals[1])
		return lerr(ld, nd, "a size range needs \"from\" and \"to\"");
	rc = 0;
	for (size_t k = 0; k < ARRAY_SIZE(range_keys); k++) {
		const struct node *it = vals[k];

		if (!it)
			continue;
		if (it->kind != NODE_SCALAR || node_is_null(it)) {
			rc = expected(ld, it, "a size", range_keys[k]);
			continue;
		}
		if (looks_like_shape(it->str)) {
			rc = lerr(ld, it, "a size range takes single sizes, not "
				  "shapes (\"%s\")", it->str);
			continue;
		}
		if (size_parse(it->str, &v[k], why, sizeof(why)) < 0)
			rc = lerr(ld, it, "invalid size \"%s\" for \"%s\": %s",
				  it->str, range_keys[k], why);
	}
	if (rc < 0)
		return -1;
	if (size_range_expand(v[0], v[1], v[2], v[3], EXPERIMENT_MAX_ROWS,
			      &out, &count, why, sizeof(why)) < 0)
		return lerr(ld, nd, "invalid size range: %s", why);
	for (size_t i = 0; i < count && rc == 0; i++) {
		char text[32];

		snprintf(text, sizeof(text), "%llu", (unsigned long long)out[i]);
		rc = add_size(ld, x, nd, text, out[i], cap);
	}
	free(out);
	return rc;
}

static int shape_cmp(const void *a, const void *b)
{
	const struct shape *const *x = a, *const *y = b;

	if ((*x)->n != (*y)->n)
		return (*x)->n < (*y)->n ? -1 : 1;
	if ((*x)->m != (*y)->m)
		return (*x)->m < (*y)->m ? -1 : 1;
	return *x < *y ? -1 : (*x > *y);
}

/* Removes duplicate shapes, keeping the first of each, in O(n log n). */
static void dedupe_shapes(struct shape *s, size_t *n)
{
	struct shape **order;
	bool *drop;
	size_t k = 0;

	if (*n < 2)
		return;
	order = xmalloc(*n * sizeof(*order));
	drop = xcalloc(*n, sizeof(*drop));
	for (size_t i = 0; i < *n; i++)
		order[i] = &s[i];
	qsort(order, *n, sizeof(*order), shape_cmp);
	for (size_t i = 1; i < *n; i++)
		if (order[i]->n == order[i - 1]->n &&
		    order[i]->m == order[i - 1]->m)
			drop[order[i] - s] = true;
	for (size_t i = 0; i < *n; i++)
		if (!drop[i])
			s[k++] = s[i];
	*n = k;
	free(drop);
	free(order);
}

static int parse_sizes(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd)
{
	const struct node *const *items;
	size_t nitems, cap = 0;
	char why[256], label[96];
	int rc = 0;

	items = list_items(&nd, &nitems);
	if (!nitems)
		return lerr(ld, nd, "\"sizes\" is empty");
	/* With no valid family the items are still checked, as for a family
	 * that takes both sizes and shapes; the result is discarded. */
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		const struct node *it = items[i];
		uint64_t n;
		struct shape sh;

		if (it->kind == NODE_MAP) {
			if (parse_range(ld, x, it, &cap) < 0)
				rc = -1;
			if (x->e->nsizes == EXPERIMENT_MAX_ROWS)
				break;
			continue;
		}
		if (it->kind != NODE_SCALAR || node_is_null(it)) {
			rc = expected(ld, it, "a size, a shape or a range",
				      "sizes");
			continue;
		}
		if (looks_like_shape(it->str)) {
			if (x->family_ok && !takes_shapes(x)) {
				rc = lerr(ld, it, "size \"%s\" is a shape, but %s "
					  "is a %s: give one number", it->str,
					  exp_label(x, label, sizeof(label)),
					  family_name(x->e->family));
				continue;
			}
			if (shape_parse(it->str, &sh, why, sizeof(why)) < 0) {
				rc = lerr(ld, it, "invalid shape \"%s\": %s",
					  it->str, why);
				continue;
			}
			if (add_shape(ld, x, it, sh.n, sh.m, &cap) < 0) {
				rc = -1;
				break;
			}
			continue;
		}
		if (size_parse(it->str, &n, why, sizeof(why)) < 0) {
			rc = lerr(ld, it, "invalid size \"%s\": %s", it->str, why);
			continue;
		}
		if (add_size(ld, x, it, it->str, n, &cap) < 0) {
			rc = -1;
			if (x->e->nsizes == EXPERIMENT_MAX_ROWS)
				break;
		}
	}
	if (rc < 0 || !x->family_ok)
		return -1;
	dedupe_shapes(x->e->sizes, &x->e->nsizes);
	return 0;
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* Whether block b suits every block-taking variant; reports the first
 * that refuses it. */
static int check_block_fits(struct loader *ld, const struct exp_ctx *x,
			    const struct node *at, uint64_t b)
{
	for (size_t v = 0; v < x->e->nvariants; v++) {
		const struct variant *var = x->e->variants[v];
		int max = var->block_max ? var->block_max : 1024;

		if (!(var->flags & VF_BLOCK))
			continue;
		if ((var->flags & VF_POW2) && (!is_pow2(b) || b < 32))
			return lerr(ld, at, "block %llu is not a power of two "
				    ">= 32, which kernel \"%s\" requires",
				    (unsigned long long)b, var->name);
		if (b > (uint64_t)max)
			return lerr(ld, at, "block %llu is above kernel \"%s\"'s "
				    "limit of %d", (unsigned long long)b,
				    var->name, max);
		if (var->block_min && b < (uint64_t)var->block_min)
			return lerr(ld, at, "block %llu is below kernel \"%s\"'s "
				    "minimum of %d", (unsigned long long)b,
				    var->name, var->block_min);
	}
	return 0;
}

static int parse_block(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd)
{
	const struct node *const *items;
	bool seen[1025] = { false };
	size_t nitems, takes = 0;
	char label[96], buf[256];
	const char **names;
	int rc = 0;

	if (nd->kind == NODE_MAP)
		return expected(ld, nd, "an integer or a list of integers",
				"block");
	items = list_items(&nd, &nitems);
	if (!nitems)
		return lerr(ld, nd, "\"block\" is empty (leave it out to use "
			    "each kernel's default)");
	if (x->variants_ok) {
		for (size_t v = 0; v < x->e->nvariants; v++)
			if (x->e->variants[v]->flags & VF_BLOCK)
				takes++;
		if (!takes && x->block_from_defaults)
			return 0; /* a default that does not apply here */
		if (!takes) {
			names = xcalloc(x->e->nvariants, sizeof(*names));
			for (size_t v = 0; v < x->e->nvariants; v++)
				names[v] = x->e->variants[v]->name;
			lerr(ld, nd, "no kernel of %s takes a block size (%s); "
			     "remove \"block\"", exp_label(x, label, sizeof(label)),
			     join_words(names, x->e->nvariants, buf, sizeof(buf)));
			free(names);
			return -1;
		}
	}
	x->e->blocks = xcalloc(nitems < 1024 ? nitems : 1024,
			       sizeof(*x->e->blocks));
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		uint64_t b;

		if (get_uint(ld, items[i], "block", 1, 1024, &b) < 0) {
			rc = -1;
			continue;
		}
		if (seen[b])
			continue;
		seen[b] = true;
		if (x->variants_ok && check_block_fits(ld, x, items[i], b) < 0)
			rc = -1;
		x->e->blocks[x->e->nblocks++] = (int)b;
	}
	return x->variants_ok ? rc : -1;
}

static int parse_warmup(struct loader *ld, struct exp_ctx *x,
			const struct node *nd)
{
	uint64_t v;

	if (get_uint(ld, nd, "warmup", 0, 1000, &v) < 0)
		return -1;
	x->e->warmup = (int)v;
	return 0;
}

static int parse_seed(struct loader *ld, struct exp_ctx *x,
		      const struct node *nd)
{
	return get_uint(ld, nd, "seed", 0, UINT64_MAX, &x->e->seed);
}

static int parse_l2_flush(struct loader *ld, struct exp_ctx *x,
			  const struct node *nd)
{
	if (nd->kind == NODE_SCALAR && nd->plain) {
		if (strcmp(nd->str, "true") == 0) {
			x->e->l2_flush = true;
			return 0;
		}
		if (strcmp(nd->str, "false") == 0) {
			x->e->l2_flush = false;
			return 0;
		}
	}
	return expected(ld, nd, "true or false", "l2_flush");
}

static int parse_lines(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd)
{
	static const char *const names[] = { "shown", "all", "none" };

	if (nd->kind == NODE_SCALAR && nd->plain)
		for (size_t i = 0; i < ARRAY_SIZE(names); i++)
			if (strcmp(nd->str, names[i]) == 0) {
				x->e->lines = (enum experiment_lines)i;
				return 0;
			}
	return expected(ld, nd, "shown, all or none", "lines");
}

/* Adds a counter name unless present.  Returns -1 past the cap. */
static int add_counter(struct loader *ld, struct exp_ctx *x,
		       const struct node *nd, const char *name, bool check)
{
	char why[256];

	for (size_t k = 0; k < x->e->ncounters; k++)
		if (strcmp(x->e->counters[k], name) == 0)
			return 0;
	if (x->e->ncounters == EXPERIMENT_MAX_COUNTERS)
		return lerr(ld, nd, "more than %d counters in one experiment",
			    EXPERIMENT_MAX_COUNTERS);
	if (check && metrics_check(name, why, sizeof(why)) < 0)
		return lerr(ld, nd, "%s", why);
	x->e->counters[x->e->ncounters++] = xstrdup(name);
	return 0;
}

static int parse_counters(struct loader *ld, struct exp_ctx *x,
			  const struct node *nd)
{
	const struct node *const *items;
	size_t nitems;
	int rc = 0;

	if (nd->kind == NODE_MAP)
		return expected(ld, nd, "a counter or a list of counters",
				"counters");
	items = list_items(&nd, &nitems);
	x->e->counters = xcalloc(EXPERIMENT_MAX_COUNTERS,
				 sizeof(*x->e->counters));
	for (size_t i = 0; i < nitems && !ld->stopped; i++) {
		const char *s = get_string(ld, items[i], "counters");

		if (!s) {
			rc = -1;
			continue;
		}
		if (strcmp(s, "default") == 0) {
			size_t nd_ = 0;
			const char *const *set = metrics_default_set(&nd_);

			for (size_t k = 0; k < nd_ && rc == 0; k++)
				rc = add_counter(ld, x, items[i], set[k], false);
			continue;
		}
		if (add_counter(ld, x, items[i], s, true) < 0) {
			rc = -1;
			if (x->e->ncounters == EXPERIMENT_MAX_COUNTERS)
				break;
		}
	}
	return rc;
}

/* The experiment keys, in the order they are checked: later keys need
 * what earlier ones established (variants need the family, types and
 * blocks need the variants, the user's kernels are checked against the
 * types and join the variants before blocks are). */
static const struct exp_key {
	const char *name;
	int (*parse)(struct loader *, struct exp_ctx *, const struct node *);
	bool required;
	bool call_when_absent;      /* parse(NULL) fills the default */
} exp_keys[] = {
	{ "name", parse_name, true, false },
	{ "description", parse_description, false, false },
	{ "description_zh", parse_description_zh, false, false },
	{ "family", parse_family, true, false },
	{ "variants", parse_variants, false, true },
	{ "types", parse_types, false, true },
	{ "kernels", parse_kernels, false, false },
	{ "class", parse_class, false, false },
	{ "sizes", parse_sizes, true, false },
	{ "block", parse_block, false, false },
	{ "warmup", parse_warmup, false, false },
	{ "repeats", parse_repeats, false, false },
	{ "seed", parse_seed, false, false },
	{ "l2_flush", parse_l2_flush, false, false },
	{ "counters", parse_counters, false, false },
	{ "lines", parse_lines, false, false },
};

_Static_assert(ARRAY_SIZE(exp_keys) == NKEYS,
	       "NKEYS in experiment_int.h counts exp_keys");

const char *const *exp_key_names(void)
{
	static const char *names[NKEYS];

	for (size_t k = 0; k < NKEYS; k++)
		names[k] = exp_keys[k].name;
	return names;
}

void experiment_release(struct experiment *e)
{
	free(e->name);
	free(e->description);
	free(e->description_zh);
	free(e->variants);
	free(e->dtypes);
	free(e->sizes);
	free(e->blocks);
	for (size_t k = 0; k < e->ncounters; k++)
		free(e->counters[k]);
	free(e->counters);
	class_students_free(e->missing, e->nmissing);
	memset(e, 0, sizeof(*e));
}

int check_experiment(struct loader *ld, const struct node *map, int index,
		     struct experiment *e,
		     const struct node *defaults_vals[NKEYS],
		     const struct node **name_at)
{
	static const struct keyset ks = { "in experiment", NULL, NKEYS };
	struct keyset kset = ks;
	const struct node *vals[NKEYS], *keys[NKEYS];
	struct exp_ctx x = { 0 };
	char label[96];
	int rc = 0;
	uint64_t rows;

	kset.names = exp_key_names();
	memset(e, 0, sizeof(*e));
	e->line = map->line;
	e->col = map->col;
	e->description = xstrdup("");
	e->description_zh = xstrdup("");
	e->warmup = 3;
	e->repeats = REPEATS_DEFAULT;
	e->seed = 1;
	e->l2_flush = true;
	e->rubric = rubric_default();
	x.e = e;
	x.index = index;
	x.map = map;
	if (check_keys(ld, map, &kset, vals, keys) < 0)
		rc = -1;
	*name_at = vals[0];
	for (size_t k = 0; k < NKEYS && !ld->stopped; k++) {
		const struct node *nd = vals[k];
		bool from_defaults = false;

		if (!nd && defaults_vals && defaults_vals[k]) {
			nd = defaults_vals[k];
			from_defaults = true;
		}
		if (exp_keys[k].parse == parse_variants)
			x.variants_node = nd;
		if (exp_keys[k].parse == parse_block)
			x.block_from_defaults = from_defaults;
		if (!nd) {
			if (exp_keys[k].required) {
				rc = lerr(ld, map, "%s has no \"%s\" (required)",
					  exp_label(&x, label, sizeof(label)),
					  exp_keys[k].name);
				continue;
			}
			if (!exp_keys[k].call_when_absent)
				continue;
		}
		if (exp_keys[k].parse(ld, &x, nd) < 0)
			rc = -1;
	}
	free(x.variant_at);
	/* A failed experiment still holds its sizes until the load ends:
	 * charge them to the file's budget so that errors repeated through
	 * aliases or defaults (reported once) cannot pile them up. */
	rows = (rc < 0 || ld->stopped) ? e->nsizes : experiment_count_rows(e);
	ld->file_rows += rows;
	if (ld->file_rows > EXPERIMENT_MAX_FILE_ROWS)
		return lfatal(ld, map->line, map->col, "the experiments of this "
			      "file expand to more than %d rows",
			      EXPERIMENT_MAX_FILE_ROWS);
	if (rc < 0 || ld->stopped)
		return -1;
	if (x.variants_none && !e->nvariants)
		return lerr(ld, map, "%s measures nothing: \"variants: none\" "
			    "and no \"kernels\"", exp_label(&x, label,
							   sizeof(label)));
	if (rows == 0)
		return lerr(ld, map, "no kernel of %s supports the requested "
			    "types", exp_label(&x, label, sizeof(label)));
	if (rows > EXPERIMENT_MAX_ROWS)
		return lerr(ld, map, "%s expands to %llu rows (kernels x types "
			    "x sizes x blocks), more than %d",
			    exp_label(&x, label, sizeof(label)),
			    (unsigned long long)rows, EXPERIMENT_MAX_ROWS);
	e->nrows = (size_t)rows;
	return 0;
}

/* ---- rows ------------------------------------------------------------------- */

size_t experiment_blocks(const struct experiment *e, const struct variant *v)
{
	return (v->flags & VF_BLOCK) && e->nblocks ? e->nblocks : 1;
}

int experiment_block(const struct experiment *e, const struct variant *v,
		     size_t i)
{
	if (!(v->flags & VF_BLOCK))
		return 0;
	return e->nblocks ? e->blocks[i] : v->block_default;
}

uint64_t experiment_count_rows(const struct experiment *e)
{
	uint64_t rows = 0;

	for (size_t v = 0; v < e->nvariants; v++) {
		const struct variant *var = e->variants[v];
		uint64_t types = 0;

		for (size_t t = 0; t < e->ndtypes; t++)
			types += variant_supports(var, e->dtypes[t]);
		rows += types * e->nsizes * experiment_blocks(e, var);
	}
	return rows;
}
