/* experiment_kernels.c - the "kernels" key of an experiment: the user's
 * own kernels (ladder.h), checked like every other key, with each
 * mistake at its file:line:col.  See experiment_int.h.
 *
 * Each item of the list is a mapping checked against kernel_keys, the
 * key table below.  What loading checks needs neither NVRTC nor a GPU:
 * the source is read (a regular text file, at most UKERNEL_MAX_SOURCE
 * bytes) and the function is looked for among the __global__ functions
 * its text defines; the geometry and -D expressions are parsed; options
 * are held to NVRTC's allow-list.  Compiling is ukernel_prepare()'s
 * (plan_prepare_kernels, for every measurement of the plan).
 *
 * An item becomes a registry row (registry_add, flag VF_USER) whose ctx
 * is its struct ukernel, owned by the experiment file.  The same item
 * named by two experiments (through `defaults`, an alias, or written out
 * twice) is one row; two different kernels may not share a label. */
#include "experiment_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "ladder/ladder.h"
#include "base/util.h"

#define LABEL_MAX 64
#define TITLE_MAX 200

/* What one item is being built from. */
struct kctx {
	struct loader *ld;
	struct exp_ctx *x;
	struct ukernel *k;
	const struct node *item;
};

/* ---- reading the source ------------------------------------------------- */

/* The source path as culab opens it: relative to the experiment file's
 * directory unless absolute.  Caller frees. */
char *source_path(const char *yaml_path, const char *src)
{
	const char *slash = strrchr(yaml_path, '/');

	if (src[0] == '/' || !slash)
		return xstrdup(src);
	return xasprintf("%.*s/%s", (int)(slash - yaml_path), yaml_path, src);
}

/* Reads a kernel source: a regular file (read_file_why refuses a FIFO
 * or a device before it can block), of text, within the size limit.
 * Returns 0, or -1 with the reason in why. */
static int read_source(const char *path, char **text, size_t *len, char *why,
		       size_t whysize)
{
	if (read_file_why(path, "kernel source", UKERNEL_MAX_SOURCE, text, len,
			  why, whysize) < 0)
		return -1;
	if (memchr(*text, '\0', *len) || !utf8_valid(*text, *len)) {
		snprintf(why, whysize, "kernel source \"%s\" is not text (it "
			 "holds a NUL byte or invalid UTF-8)", path);
		free(*text);
		*text = NULL;
		return -1;
	}
	return 0;
}

/* ---- small checks ----------------------------------------------------------- */

static bool ident_ok(const char *s)
{
	if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')))
		return false;
	for (s++; *s; s++)
		if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

bool label_char_ok(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '.' || c == ':' ||
	       c == '-';
}

/* Reports an expression error at its column inside scalar nd. */
static int expr_error(struct loader *ld, const struct node *nd, int col,
		      const char *what, const char *why)
{
	int at = nd->col + (nd->plain ? 0 : 1) + (col > 0 ? col - 1 : 0);

	return lerr_at(ld, nd->line, at, "%s: %s", what, why);
}

/* Parses the expression in scalar nd (an integer or a string). */
static int get_expr(struct loader *ld, const struct node *nd, const char *key,
		    unsigned vars, struct expr **out)
{
	char why[256];
	int col = 0;

	if (nd->kind != NODE_SCALAR || node_is_null(nd))
		return expected(ld, nd, "an expression such as \"ceil(n / "
				"block)\"", key);
	if (!get_text(ld, nd, key, false))
		return -1;
	if (expr_parse(nd->str, vars, out, &col, why, sizeof(why)) < 0)
		return expr_error(ld, nd, col, key, why);
	return 0;
}

static int get_bool(struct loader *ld, const struct node *nd, const char *key,
		    bool *out)
{
	if (nd->kind == NODE_SCALAR && nd->plain &&
	    (!strcmp(nd->str, "true") || !strcmp(nd->str, "false"))) {
		*out = nd->str[0] == 't';
		return 0;
	}
	return expected(ld, nd, "true or false", key);
}

static int get_bounded_text(struct loader *ld, const struct node *nd,
			    const char *key, size_t max, char **out)
{
	const char *s = get_string(ld, nd, key);

	if (!s)
		return -1;
	if (strlen(s) > max)
		return lerr(ld, nd, "\"%s\" is longer than %zu bytes", key, max);
	free(*out);
	*out = xstrdup(s);
	return 0;
}

/* ---- the keys of one kernel ------------------------------------------------ */

static int k_source(struct kctx *c, const struct node *nd)
{
	const char *s = get_string(c->ld, nd, "source");
	char why[512];

	if (!s)
		return -1;
	c->k->path = source_path(c->ld->path, s);
	if (read_source(c->k->path, &c->k->text, &c->k->len, why,
			sizeof(why)) < 0)
		return lerr(c->ld, nd, "%s", why);
	free(c->k->dir);
	c->k->dir = xstrdup(c->k->path);
	if (strrchr(c->k->dir, '/'))
		*strrchr(c->k->dir, '/') = '\0';
	else
		strcpy(c->k->dir, ".");
	return 0;
}

/* Whether k's function is one of the __global__ functions its text
 * defines; if not, what it defines goes to buf (" none", or ": a, b"). */
static bool function_defined(const struct ukernel *k, char *buf, size_t size)
{
	char *names[64], *base = ukernel_function_base(k->function), list[512];
	size_t n = nvrtc_list_globals(k->text, k->len, names, 64), i;

	for (i = 0; i < n && strcmp(names[i], base) != 0; i++)
		;
	if (i == n)
		snprintf(buf, size, "%s%s", n ? ": " : " none",
			 n ? join_words((const char *const *)names, n, list,
					sizeof(list)) : "");
	for (size_t j = 0; j < n; j++)
		free(names[j]);
	free(base);
	return i < n;
}

/* The function must be one of the __global__ functions of the source. */
static int k_function(struct kctx *c, const struct node *nd)
{
	const char *s = get_string(c->ld, nd, "function");
	char *base, buf[512];
	int rc;

	if (!s)
		return -1;
	if (strlen(s) > 256 || strpbrk(s, "\n\r;{}\"'`\\"))
		return lerr(c->ld, nd, "invalid function \"%.40s\" (a __global__ "
			    "function's name, or a name expression such as "
			    "\"reduce<culab_t, 256>\")", s);
	c->k->function = xstrdup(s);
	c->k->function_at = (struct uk_pos){ nd->line, nd->col };
	if (!c->k->text || function_defined(c->k, buf, sizeof(buf)))
		return 0;
	base = ukernel_function_base(s);
	rc = lerr(c->ld, nd, "no __global__ function \"%s\" in \"%s\" (it "
		  "defines%s)", base, c->k->path, buf);
	free(base);
	return rc;
}

static int k_label(struct kctx *c, const struct node *nd)
{
	const char *s = get_string(c->ld, nd, "label");

	if (!s)
		return -1;
	if (strlen(s) > LABEL_MAX)
		return lerr(c->ld, nd, "label \"%.20s...\" is longer than %d "
			    "characters", s, LABEL_MAX);
	for (const char *p = s; *p; p++)
		if (!label_char_ok(*p))
			return lerr(c->ld, nd, "invalid label \"%s\" (use "
				    "letters, digits, \"_\", \".\", \":\" and "
				    "\"-\")", s);
	c->k->label = xstrdup(s);
	return 0;
}

static int k_title(struct kctx *c, const struct node *nd)
{
	return get_bounded_text(c->ld, nd, "title", TITLE_MAX, &c->k->title);
}

static int k_title_zh(struct kctx *c, const struct node *nd)
{
	return get_bounded_text(c->ld, nd, "title_zh", TITLE_MAX,
				&c->k->title_zh);
}

static int k_about(struct kctx *c, const struct node *nd)
{
	return get_bounded_text(c->ld, nd, "about", EXPERIMENT_MAX_DESCRIPTION,
				&c->k->about);
}

static int k_about_zh(struct kctx *c, const struct node *nd)
{
	return get_bounded_text(c->ld, nd, "about_zh",
				EXPERIMENT_MAX_DESCRIPTION, &c->k->about_zh);
}

static int k_finish(struct kctx *c, const struct node *nd)
{
	const char *s = get_string(c->ld, nd, "finish");

	if (!s)
		return -1;
	if (c->k->family != FAMILY_REDUCE)
		return lerr(c->ld, nd, "\"finish\" is for reductions; a %s "
			    "kernel has nothing to finish",
			    family_name(c->k->family));
	if (uk_finish_parse(s, &c->k->finish) < 0)
		return lerr(c->ld, nd, "unknown finish \"%s\" (known: host, "
			    "relaunch, atomic, device)", s);
	return 0;
}

/* reduce: threads; transpose: [x, y] or "XxY". */
static int k_block(struct kctx *c, const struct node *nd)
{
	uint64_t x, y = 1;

	c->k->block_at = (struct uk_pos){ nd->line, nd->col };
	if (c->k->family == FAMILY_REDUCE) {
		if (get_uint(c->ld, nd, "block", 1, 1024, &x) < 0)
			return -1;
	} else {
		if (nd->kind != NODE_SEQ || nd->nkids != 2)
			return expected(c->ld, nd, "[x, y], the block's threads "
					"in x and y", "block");
		if (get_uint(c->ld, nd->kids[0], "block", 1, 1024, &x) < 0 ||
		    get_uint(c->ld, nd->kids[1], "block", 1, 1024, &y) < 0)
			return -1;
		if (x * y > 1024)
			return lerr(c->ld, nd, "a block of %llu x %llu threads is "
				    "more than 1024", (unsigned long long)x,
				    (unsigned long long)y);
	}
	c->k->block_x = (int)x;
	c->k->block_y = (int)y;
	return 0;
}

static int k_grid(struct kctx *c, const struct node *nd)
{
	unsigned vars = ukernel_geometry_vars(c->k->family);

	if (c->k->family == FAMILY_REDUCE) {
		c->k->grid_at[0] = (struct uk_pos){ nd->line, nd->col };
		return get_expr(c->ld, nd, "grid", vars, &c->k->grid[0]);
	}
	if (nd->kind != NODE_SEQ || nd->nkids != 2)
		return expected(c->ld, nd, "[x, y], two expressions", "grid");
	for (int i = 0; i < 2; i++) {
		c->k->grid_at[i] = (struct uk_pos){ nd->kids[i]->line,
						    nd->kids[i]->col };
		if (get_expr(c->ld, nd->kids[i], "grid", vars,
			     &c->k->grid[i]) < 0)
			return -1;
	}
	return 0;
}

static int k_shared(struct kctx *c, const struct node *nd)
{
	c->k->shared_at = (struct uk_pos){ nd->line, nd->col };
	return get_expr(c->ld, nd, "shared",
			ukernel_geometry_vars(c->k->family), &c->k->shared);
}

static int k_defines(struct kctx *c, const struct node *nd)
{
	int rc = 0;

	if (nd->kind != NODE_MAP)
		return expected(c->ld, nd, "a mapping of macro names to values",
				"defines");
	if (nd->nkids / 2 > UKERNEL_MAX_DEFINES)
		return lerr(c->ld, nd, "more than %d defines",
			    UKERNEL_MAX_DEFINES);
	c->k->defines = xcalloc(nd->nkids / 2 + 1, sizeof(*c->k->defines));
	for (size_t i = 0; i + 1 < nd->nkids; i += 2) {
		const struct node *key = nd->kids[i], *val = nd->kids[i + 1];
		struct uk_define *d = &c->k->defines[c->k->ndefines];

		if (key->kind != NODE_SCALAR || !ident_ok(key->str)) {
			rc = lerr(c->ld, key, "invalid macro name \"%s\" (a C "
				  "identifier)", key->kind == NODE_SCALAR ?
				  key->str : "");
			continue;
		}
		if (!strncmp(key->str, "culab_", 6) ||
		    !strncmp(key->str, "CULAB_", 6)) {
			rc = lerr(c->ld, key, "macro \"%s\" is culab's own (names "
				  "starting with culab_ or CULAB_ are reserved)",
				  key->str);
			continue;
		}
		d->at = (struct uk_pos){ key->line, key->col };
		if (val->kind == NODE_SCALAR && val->plain &&
		    !strcmp(val->str, "true")) {
			d->name = xstrdup(key->str);
			c->k->ndefines++;
			continue;
		}
		if (get_expr(c->ld, val, "defines", ukernel_define_vars(),
			     &d->value) < 0) {
			rc = -1;
			continue;
		}
		d->name = xstrdup(key->str);
		c->k->ndefines++;
	}
	return rc;
}

static int k_options(struct kctx *c, const struct node *nd)
{
	const struct node *const *items;
	size_t n;
	int rc = 0;

	if (nd->kind == NODE_MAP)
		return expected(c->ld, nd, "a list of compiler options",
				"options");
	items = list_items(&nd, &n);
	if (n > UKERNEL_MAX_OPTIONS)
		return lerr(c->ld, nd, "more than %d options",
			    UKERNEL_MAX_OPTIONS);
	c->k->options = xcalloc(n + 1, sizeof(char *));
	for (size_t i = 0; i < n; i++) {
		const char *s = get_string(c->ld, items[i], "options");
		char why[256];

		if (!s) {
			rc = -1;
			continue;
		}
		if (!nvrtc_option_allowed(s, why, sizeof(why))) {
			rc = lerr(c->ld, items[i], "%s", why);
			continue;
		}
		c->k->options[c->k->noptions++] = xstrdup(s);
	}
	return rc;
}

static int k_output(struct kctx *c, const struct node *nd)
{
	const char *s = get_string(c->ld, nd, "output");

	if (!s)
		return -1;
	if (strcmp(s, "input") == 0) {
		c->k->same_buffer = c->k->in_place = true;
		return 0;
	}
	if (strcmp(s, "separate") == 0)
		return 0;
	return lerr(c->ld, nd, "unknown output \"%s\" (known: separate, the "
		    "default, and input: the kernel is given its input buffer "
		    "as output too)", s);
}

static int k_in_place(struct kctx *c, const struct node *nd)
{
	bool b = false;

	if (get_bool(c->ld, nd, "in_place", &b) < 0)
		return -1;
	c->k->in_place |= b;
	return 0;
}

static int k_types(struct kctx *c, const struct node *nd)
{
	const struct node *const *items;
	size_t n;
	int rc = 0;

	if (nd->kind == NODE_MAP)
		return expected(c->ld, nd, "a type or a list of types", "types");
	items = list_items(&nd, &n);
	c->k->dtypes = 0;
	for (size_t i = 0; i < n; i++) {
		const char *s = get_string(c->ld, items[i], "types");
		enum dtype t;

		if (!s) {
			rc = -1;
		} else if (dtype_parse(s, &t) < 0) {
			rc = lerr(c->ld, items[i], "unknown type \"%s\" (known: "
				  "int, float, double)", s);
		} else {
			c->k->dtypes |= DTYPE_BIT(t);
		}
	}
	if (!rc && !c->k->dtypes)
		rc = lerr(c->ld, nd, "\"types\" is empty");
	return rc;
}

static int k_time_limit(struct kctx *c, const struct node *nd)
{
	uint64_t s;

	if (get_uint(c->ld, nd, "time_limit", 1,
		     (uint64_t)UKERNEL_TIME_LIMIT_MAX, &s) < 0)
		return -1;
	c->k->time_limit = (double)s;
	return 0;
}

static const struct kernel_key {
	const char *name;
	int (*parse)(struct kctx *, const struct node *);
	bool required;
} kernel_keys[] = {
	{ "source", k_source, true },
	{ "function", k_function, true },
	{ "label", k_label, false },
	{ "title", k_title, false },
	{ "title_zh", k_title_zh, false },
	{ "about", k_about, false },
	{ "about_zh", k_about_zh, false },
	{ "finish", k_finish, false },
	{ "block", k_block, false },
	{ "grid", k_grid, false },
	{ "shared", k_shared, false },
	{ "defines", k_defines, false },
	{ "options", k_options, false },
	{ "output", k_output, false },
	{ "in_place", k_in_place, false },
	{ "types", k_types, false },
	{ "time_limit", k_time_limit, false },
};
#define NKKEYS ARRAY_SIZE(kernel_keys)

/* ---- one item ------------------------------------------------------------------ */

/* Fills what the item left out and checks keys against each other. */
static int k_defaults(struct kctx *c)
{
	struct ukernel *k = c->k;
	int rc = 0;

	if (!k->block_x) {
		k->block_x = k->family == FAMILY_REDUCE ? 256 : 32;
		k->block_y = k->family == FAMILY_REDUCE ? 1 : 8;
	}
	k->takes_block = k->family == FAMILY_REDUCE;
	if (!k->time_limit)
		k->time_limit = UKERNEL_TIME_LIMIT_DEFAULT;
	if (!k->dtypes)
		k->dtypes = DTYPE_ALL;
	if (k->family == FAMILY_REDUCE && k->finish == UK_FINISH_NONE)
		rc = lerr(c->ld, c->item, "kernel \"%s\" has no \"finish\" "
			  "(required for reductions: host, relaunch, atomic or "
			  "device)", k->function ? k->function : "?");
	if (k->same_buffer && k->family != FAMILY_REDUCE)
		rc = lerr(c->ld, c->item, "\"output: input\" is for reductions");
	if (k->same_buffer && k->finish == UK_ATOMIC)
		rc = lerr(c->ld, c->item, "\"output: input\" with \"finish: "
			  "atomic\": culab zeroes the output before each run, "
			  "which would wipe the input");
	if (!rc && !k->grid[0]) {
		const char *g = k->family == FAMILY_REDUCE ?
				"ceil(n / block)" : "ceil(cols / block_x)";
		char why[128];
		int col;

		if (expr_parse(g, ukernel_geometry_vars(k->family), &k->grid[0],
			       &col, why, sizeof(why)) < 0 ||
		    (k->family != FAMILY_REDUCE &&
		     expr_parse("ceil(rows / block_y)",
				ukernel_geometry_vars(k->family), &k->grid[1],
				&col, why, sizeof(why)) < 0))
			rc = lerr(c->ld, c->item, "default grid: %s", why);
		k->grid_at[0] = k->grid_at[1] = k->at;
	}
	return rc;
}

/* The label made of the last `depth` components of `path` (without its
 * extension) and the function's base name, "/" turned into ".": depth 1
 * is "<stem>.<function>".  Sets *whole when depth covers the path. */
static char *label_at_depth(const char *path, const char *function,
			    int depth, bool *whole)
{
	char *base = ukernel_function_base(function), *p = xstrdup(path), *label;
	char *dot = strrchr(p, '.');
	size_t cut;

	if (dot && dot > p && dot[-1] != '/' && !strchr(dot, '/'))
		*dot = '\0';
	cut = strlen(p);
	for (int d = 0; d < depth && cut > 0; d++) {
		if (d)
			cut--;          /* past the '/' */
		while (cut > 0 && p[cut - 1] != '/')
			cut--;
	}
	*whole = cut == 0;
	label = xasprintf("%s.%s", p + cut, base);
	for (char *c = label; *c; c++)
		if (*c == '/')
			*c = '.';
		else if (!label_char_ok(*c))
			*c = '_';
	if (strlen(label) > LABEL_MAX)
		memmove(label, label + strlen(label) - LABEL_MAX, LABEL_MAX + 1);
	free(base);
	free(p);
	return label;
}

/* The default label of k: the fewest path components (at least
 * `depth`) that name no other row.  Two kernels of one list that would
 * share a label both get the directory above (x->label_depth), so a
 * class's alice/reduce.cu and bob/reduce.cu become alice.reduce.f and
 * bob.reduce.f. */
static char *default_label(const struct ukernel *k, int depth)
{
	bool whole = false;
	char *label = NULL;

	for (; !whole; depth++) {
		free(label);
		label = label_at_depth(k->path, k->function, depth, &whole);
		if (!registry_find(label))
			break;
	}
	return label;
}

/* The depth at which the default labels of the unlabelled items of one
 * list stop colliding with each other: 1 unless two share a stem and a
 * function. */
static int list_label_depth(struct loader *ld, const struct node *const *items,
			    size_t n)
{
	int depth = 1;

	for (bool clash = true; clash && depth < 16; depth += clash) {
		char **labels = xcalloc(n, sizeof(char *));
		bool whole = false;

		clash = false;
		for (size_t i = 0; i < n; i++) {
			const struct node *src, *fn;
			char *path;

			if (items[i]->kind != NODE_MAP ||
			    map_value(items[i], "label") ||
			    !(src = map_value(items[i], "source")) ||
			    !(fn = map_value(items[i], "function")) ||
			    src->kind != NODE_SCALAR || fn->kind != NODE_SCALAR)
				continue;
			path = source_path(ld->path, src->str);
			labels[i] = label_at_depth(path, fn->str, depth, &whole);
			free(path);
			for (size_t j = 0; j < i && !clash; j++)
				clash = labels[j] && !strcmp(labels[j], labels[i]) &&
					!whole;
		}
		for (size_t i = 0; i < n; i++)
			free(labels[i]);
		free(labels);
	}
	return depth;
}

/* The same mapping, scalar for scalar (items written twice). */
static void fingerprint(const struct node *nd, struct sbuf *b)
{
	sbuf_addf(b, "%d:%zu:", (int)nd->kind, nd->kind == NODE_SCALAR ?
		  nd->len : nd->nkids);
	if (nd->kind == NODE_SCALAR)
		sbuf_addn(b, nd->str, nd->len);
	for (size_t i = 0; i < nd->nkids; i++)
		fingerprint(nd->kids[i], b);
}

static char *timed_region_text(const struct ukernel *k)
{
	switch (k->finish) {
	case UK_HOST:
		return xstrdup("the kernel; the copy of its per-block partial "
			       "sums to the host; their sum on the host");
	case UK_RELAUNCH:
		return xstrdup("the kernel, relaunched on its partial sums "
			       "until one value is left");
	case UK_ATOMIC:
		return xstrdup("zeroing the accumulator (cudaMemsetAsync); the "
			       "kernel");
	case UK_DEVICE:
		return xstrdup("one launch of the kernel");
	default:
		return xstrdup("one launch of the kernel");
	}
}

/* The registry row of k.  It records k's source (file, text, SHA-256),
 * which the results keep, so that `culab rerun` compiles the same text. */
static int k_register(struct kctx *c)
{
	struct ukernel *k = c->k;
	char why[256], sha[65], sources[65];
	struct variant row = {
		.name = k->label, .family = k->family, .step = 0,
		.title = k->title ? k->title : k->label,
		.title_zh = k->title_zh ? k->title_zh :
			    k->title ? k->title : k->label,
		.about_en = k->about ? k->about : "",
		.about_zh = k->about_zh ? k->about_zh :
			    k->about ? k->about : "",
		.dtypes = k->dtypes,
		.flags = VF_USER | (k->takes_block ? VF_BLOCK : 0) |
			 (k->in_place ? VF_IN_PLACE : 0) |
			 (k->finish == UK_HOST ? VF_HOST_STEP : 0),
		.block_default = k->takes_block ? k->block_x : 0,
		.block_min = 1, .block_max = 1024,
		.timed_region = k->timed_region, .source = k->source_ref,
		.source_file = k->path, .source_text = k->text,
		.source_sha256 = sha256_hex(k->text, k->len, sha) == 0 ? sha :
				 NULL,
		.sources_sha256 = ukernel_sources_sha256(k, sources) == 0 ?
				  sources : NULL,
		.submission = k->submission,
		.student_id = k->student_id,
		.student_name = k->student_name,
		.launch = ukernel_launch, .work = ukernel_work,
		.host = ukernel_host, .ctx = k,
	};

	if (registry_find(k->label))
		return lerr(c->ld, c->item, "label \"%s\" is taken by %s; give "
			    "this kernel a \"label\" of its own", k->label,
			    (registry_find(k->label)->flags & VF_USER) ?
			    "another kernel of this file" : "a built-in kernel");
	if (registry_add(&row, why, sizeof(why)) < 0)
		return lerr(c->ld, c->item, "%s", why);
	k->row = registry_find(k->label);
	return 0;
}

/* Checks one item into a new ukernel.  Returns it, or NULL after errors. */
static struct ukernel *kernel_item(struct loader *ld, struct exp_ctx *x,
				   const struct node *item, char *fp)
{
	static const char *names[NKKEYS];
	const struct keyset ks = { "in kernel", names, NKKEYS };
	const struct node *vals[NKKEYS], *keys[NKKEYS];
	struct ukernel *k = xcalloc(1, sizeof(*k));
	struct kctx c = { ld, x, k, item };
	int rc = 0;

	for (size_t i = 0; i < NKKEYS; i++)
		names[i] = kernel_keys[i].name;
	k->family = x->e->family;
	k->yaml_path = ld->path;
	k->at = (struct uk_pos){ item->line, item->col };
	k->fingerprint = fp;
	if (check_keys(ld, item, &ks, vals, keys) < 0)
		rc = -1;
	for (size_t i = 0; i < NKKEYS && !ld->stopped; i++) {
		if (!vals[i]) {
			if (kernel_keys[i].required)
				rc = lerr(ld, item, "kernel has no \"%s\" "
					  "(required)", kernel_keys[i].name);
			continue;
		}
		if (kernel_keys[i].parse(&c, vals[i]) < 0)
			rc = -1;
	}
	if (rc == 0)
		rc = k_defaults(&c);
	if (rc == 0) {
		if (!k->label)
			k->label = default_label(k, x->label_depth);
		k->timed_region = timed_region_text(k);
		k->source_ref = xasprintf("%s:%s", k->path, k->function);
		rc = k_register(&c);
	}
	if (rc < 0) {
		ukernel_free(k);
		return NULL;
	}
	return k;
}

/* ---- one student's submission (experiment_class.c) ------------------- */

/* The keys a class has besides a kernel's (experiment_class.c,
 * experiment_rubric.c). */
static const char *const class_own_keys[] = {
	"score", "rounds", "rubric", "roster", "names", "headers",
};

size_t class_key_names(const char **out, size_t max)
{
	size_t n = 0;

	if (max)
		out[n++] = "submissions";
	for (size_t i = 0; i < NKKEYS && n < max; i++)
		if (kernel_keys[i].parse != k_source &&
		    kernel_keys[i].parse != k_label)
			out[n++] = kernel_keys[i].name;
	for (size_t i = 0; i < ARRAY_SIZE(class_own_keys) && n < max; i++)
		out[n++] = class_own_keys[i];
	return n;
}

struct ukernel *kernel_of_submission(struct loader *ld, struct exp_ctx *x,
				     const struct node *cls,
				     const struct submission *s,
				     char *why, size_t whysize)
{
	struct ukernel *k = xcalloc(1, sizeof(*k));
	struct kctx c = { ld, x, k, cls };
	char buf[512];
	size_t i;
	int rc = 0;

	why[0] = '\0';
	k->family = x->e->family;
	k->yaml_path = ld->path;
	k->at = (struct uk_pos){ cls->line, cls->col };
	k->submission = true;
	k->path = xstrdup(s->path);
	/* #include "..." beside it is NVRTC's own search, within its
	 * folder; -I names the class's headers alone, never the class
	 * folder, where the other students are */
	k->dir = xstrdup(s->headers);
	k->confined = true;
	k->confine = xcalloc(s->nconfine ? s->nconfine : 1,
			     sizeof(*k->confine));
	for (i = 0; i < s->nconfine; i++)
		k->confine[k->nconfine++] = xstrdup(s->confine[i]);
	/* the keys are the class's, checked once for every student (errors
	 * at the same place are reported once); the function is looked for
	 * in this student's text below, as a refusal of this student */
	for (i = 0; i < NKKEYS && !ld->stopped; i++) {
		const struct node *nd = map_value(cls, kernel_keys[i].name);

		if (kernel_keys[i].parse == k_source ||
		    kernel_keys[i].parse == k_label || !nd)
			continue;
		if (kernel_keys[i].parse(&c, nd) < 0)
			rc = -1;
	}
	if (rc == 0 && !k->function)
		rc = lerr(ld, cls, "class has no \"function\" (required: the "
			  "name of the __global__ function every submission "
			  "defines)");
	if (rc == 0)
		rc = k_defaults(&c);
	k->text = s->text;
	k->len = s->len;
	if (rc < 0) {
		ukernel_free(k);
		return NULL;
	}
	if (!function_defined(k, buf, sizeof(buf))) {
		char *base = ukernel_function_base(k->function);

		snprintf(why, whysize, "defines no __global__ function \"%s\" "
			 "(it defines%s)", base, buf);
		free(base);
	}
	if (!why[0] && registry_find(s->name))
		snprintf(why, whysize, "the name \"%s\" is taken by %s",
			 s->name, (registry_find(s->name)->flags & VF_USER) ?
			 "another kernel of this file" : "a built-in kernel");
	if (why[0]) {
		ukernel_free(k);
		return NULL;
	}
	k->label = xstrdup(s->name);
	k->student_id = xstrdup(s->student_id);
	k->student_name = xstrdup(s->student_name);
	k->timed_region = timed_region_text(k);
	k->source_ref = xasprintf("%s:%s", k->path, k->function);
	k->fingerprint = xasprintf("class|%s|%s", family_name(k->family),
				   k->path);
	if (k_register(&c) < 0) {
		ukernel_free(k);
		return NULL;
	}
	return k;
}

/* The experiment's types against what kernel k can be compiled for. */
static int kernel_types(struct loader *ld, const struct exp_ctx *x,
			const struct ukernel *k, const struct node *item)
{
	int rc = 0;

	for (size_t i = 0; i < x->e->ndtypes; i++) {
		enum dtype t = x->e->dtypes[i];

		if (k->same_buffer && t == DTYPE_INT)
			rc = lerr(ld, item, "kernel \"%s\" writes its partial "
				  "sums over its input (\"output: input\"), so "
				  "it sums ints in 32 bits, and culab's "
				  "reference sums them in 64: leave int out of "
				  "the experiment's types", k->label);
		else if (!(k->dtypes & DTYPE_BIT(t)))
			rc = lerr(ld, item, "kernel \"%s\" does not support type "
				  "\"%s\" (its \"types\" leave it out)",
				  k->label, dtype_name(t));
	}
	return rc;
}

/* Adds kernel k's row to the experiment's variants. */
static void add_variant(struct exp_ctx *x, const struct ukernel *k)
{
	for (size_t i = 0; i < x->e->nvariants; i++)
		if (x->e->variants[i] == k->row)
			return;
	x->e->variants = xrealloc(x->e->variants, (x->e->nvariants + 1) *
				  sizeof(*x->e->variants));
	x->e->variants[x->e->nvariants++] = k->row;
}

int kernel_adopt(struct loader *ld, struct exp_ctx *x, struct ukernel *k,
		 const struct node *item)
{
	struct experiment_file *f = ld->file;
	int rc = 0;

	if (f) {
		bool known = false;

		for (size_t j = 0; j < f->nkernels && !known; j++)
			known = f->kernels[j] == k;
		if (!known) {
			f->kernels = xrealloc(f->kernels, (f->nkernels + 1) *
					      sizeof(*f->kernels));
			f->kernels[f->nkernels++] = k;
		}
	}
	if (kernel_types(ld, x, k, item) < 0)
		rc = -1;
	add_variant(x, k);
	return rc;
}

int parse_kernels(struct loader *ld, struct exp_ctx *x, const struct node *nd)
{
	struct experiment_file *f = ld->file;
	const struct node *const *items;
	size_t n;
	int rc = 0;

	if (nd->kind == NODE_MAP || nd->kind == NODE_SCALAR)
		return expected(ld, nd, "a list of kernels (each a mapping with "
				"\"source\" and \"function\")", "kernels");
	if (!x->family_ok)
		return -1;
	items = list_items(&nd, &n);
	x->label_depth = list_label_depth(ld, items, n);
	for (size_t i = 0; i < n && !ld->stopped; i++) {
		struct sbuf fp = SBUF_INIT;
		struct ukernel *k = NULL;

		if (items[i]->kind != NODE_MAP) {
			rc = expected(ld, items[i], "a mapping with \"source\" "
				      "and \"function\"", "kernels");
			continue;
		}
		sbuf_addf(&fp, "%s|", family_name(x->e->family));
		fingerprint(items[i], &fp);
		for (size_t j = 0; f && j < f->nkernels && !k; j++)
			if (!strcmp(f->kernels[j]->fingerprint, sbuf_str(&fp)))
				k = f->kernels[j];
		if (k) {
			sbuf_release(&fp);
		} else if (f && f->nkernels == UKERNEL_MAX_KERNELS) {
			sbuf_release(&fp);
			rc = lerr(ld, items[i], "more than %d kernels in one file",
				  UKERNEL_MAX_KERNELS);
			continue;
		} else if (!(k = kernel_item(ld, x, items[i], sbuf_detach(&fp)))) {
			rc = -1;
			continue;
		} else if (f) {
			f->kernels = xrealloc(f->kernels, (f->nkernels + 1) *
					      sizeof(*f->kernels));
			f->kernels[f->nkernels++] = k;
		}
		if (kernel_types(ld, x, k, items[i]) < 0)
			rc = -1;
		add_variant(x, k);
	}
	return rc;
}
