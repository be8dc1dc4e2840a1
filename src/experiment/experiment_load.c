/* experiment_load.c - strict loading of experiment files.  See experiment.h.
 *
 * The files come from students and strangers, so loading is done in
 * three guarded steps:
 *
 *  1. the raw bytes: size (here), NUL bytes and UTF-8 are checked before
 *     libyaml sees them;
 *  2. composition into a small tree of our own (struct node), with what
 *     a hostile file can cost bounded as events arrive.  Steps 1 and 2
 *     are experiment_yaml.c, the only file that includes yaml.h;
 *  3. validation: a walk that follows the schema only (it never descends
 *     into anything the schema does not name), driven by key tables.  It
 *     keeps going after an error so a user sees every mistake at once, up
 *     to EXPERIMENT_MAX_ERRORS.  This file checks the top level (version,
 *     output, defaults, the experiments list and unique names);
 *     experiment_keys.c checks each experiment.
 *
 * The document has a fixed depth, so the walk in step 3 is bounded by the
 * expanded node count of step 2, and every list it builds is capped
 * (sizes and rows by EXPERIMENT_MAX_ROWS, counters by
 * EXPERIMENT_MAX_COUNTERS), so no file makes loading slow or large. */
#include "experiment.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "experiment_int.h"
#include "experiment_yaml.h"
#include "base/hash.h"
#include "ladder/ladder.h"
#include "base/util.h"

/* ---- the file --------------------------------------------------------------- */

static const char *const top_keys[] = { "version", "output", "defaults",
					"experiments" };
enum { TOP_VERSION, TOP_OUTPUT, TOP_DEFAULTS, TOP_EXPERIMENTS };

static char *default_output(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot;
	size_t len;
	char *stem, *out;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	len = (dot && dot != base) ? (size_t)(dot - base) : strlen(base);
	stem = xstrndup(base, len);
	if (!*stem || strcmp(stem, ".") == 0 || strcmp(stem, "..") == 0) {
		free(stem);
		stem = xstrdup("experiment");
	}
	out = xasprintf("results/%s", stem);
	free(stem);
	return out;
}

static int check_output(struct loader *ld, const struct node *nd,
			struct experiment_file *f)
{
	const char *s = get_string(ld, nd, "output");
	const char *p;

	if (!s)
		return -1;
	for (p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return lerr(ld, nd, "\"output\" contains a control "
				    "character");
	if (strlen(s) > EXPERIMENT_MAX_OUTPUT)
		return lerr(ld, nd, "\"output\" is longer than %d bytes (%zu)",
			    EXPERIMENT_MAX_OUTPUT, strlen(s));
	/* a path from a file stays below where culab runs; the person's own
	 * -o goes anywhere */
	if (*s == '/')
		return lerr(ld, nd, "\"output\" must be a relative path, not "
			    "\"%s\": an experiment file writes only below the "
			    "working directory (-o DIR writes elsewhere)", s);
	for (p = s; *p;) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.')
			return lerr(ld, nd, "\"output\" must not contain \"..\" "
				    "(got \"%s\")", s);
		p += n;
		while (*p == '/')
			p++;
	}
	free(f->output);
	f->output = xstrdup(s);
	return 0;
}

/* A mapping that holds experiment keys but no "experiments" list. */
static bool looks_bare(const struct node *root)
{
	const char *const *names = exp_key_names();

	for (size_t i = 0; i + 1 < root->nkids; i += 2) {
		const struct node *key = root->kids[i];

		if (key->kind != NODE_SCALAR)
			continue;
		for (size_t k = 0; k < NKEYS; k++)
			if (strcmp(key->str, names[k]) == 0)
				return true;
	}
	return false;
}

static int check_defaults(struct loader *ld, const struct node *nd,
			  const struct node *vals[NKEYS])
{
	struct keyset ks = { "in defaults", NULL, NKEYS };
	const struct node *keys[NKEYS];
	int rc;

	ks.names = exp_key_names();
	if (nd->kind != NODE_MAP) {
		expected(ld, nd, "a mapping of experiment keys", "defaults");
		return -1;
	}
	rc = check_keys(ld, nd, &ks, vals, keys);
	if (keys[0]) {
		rc = lerr(ld, keys[0], "\"name\" cannot be set in defaults (each "
			  "experiment names itself)");
		vals[0] = NULL;
	}
	return rc;
}

static int check_version(struct loader *ld, const struct node *nd)
{
	const char *s = nd->str;

	if (nd->kind != NODE_SCALAR || !nd->plain || node_is_null(nd))
		return expected(ld, nd, "an integer", "version");
	if (strcmp(s, "1") == 0)
		return 0;
	if (*s == '-')
		s++;
	if (*s && strspn(s, "0123456789") == strlen(s))
		return lerr(ld, nd, "unsupported version %s (only version 1 "
			    "exists)", nd->str);
	return expected(ld, nd, "an integer", "version");
}

/* Experiment names seen so far: an open-addressing hash set, so a file
 * with tens of thousands of experiments is still checked in linear
 * time. */
struct name_table {
	struct name_slot {
		const char *name;
		const struct node *at;
	} *slots;
	size_t mask;
};

static void names_init(struct name_table *t, size_t n)
{
	size_t cap = 16;

	while (cap < 2 * n)
		cap *= 2;
	t->slots = xcalloc(cap, sizeof(*t->slots));
	t->mask = cap - 1;
}

/* Adds `name`; returns where it was named first if it was already there. */
static const struct node *name_table_add(struct name_table *t, const char *name,
					       const struct node *at)
{
	uint64_t h = 1469598103934665603ull;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	for (size_t i = (size_t)h & t->mask;; i = (i + 1) & t->mask) {
		if (!t->slots[i].name) {
			t->slots[i].name = name;
			t->slots[i].at = at;
			return NULL;
		}
		if (strcmp(t->slots[i].name, name) == 0)
			return t->slots[i].at;
	}
}

static int check_root(struct loader *ld, struct experiment_file *f)
{
	static const struct keyset ks = { "at top level", top_keys,
					   ARRAY_SIZE(top_keys) };
	const struct node *vals[ARRAY_SIZE(top_keys)];
	const struct node *keys[ARRAY_SIZE(top_keys)];
	const struct node *dvals[NKEYS], *root = ld->root;
	const struct node *exps;
	struct name_table names;
	bool have_defaults = false;
	char desc[96];
	int rc = 0;

	if (!root) {
		if (ld->len == 0)
			return lfatal(ld, 0, 0, "the file is empty (expected a "
				      "mapping with an \"experiments\" list)");
		return lfatal(ld, 0, 0, "the file holds no YAML document, only "
			      "comments or blank lines (expected a mapping "
			      "with an \"experiments\" list)");
	}
	if (node_is_null(root))
		return lfatal(ld, root->line, root->col, "the document is empty "
			      "(expected a mapping with an \"experiments\" "
			      "list)");
	if (root->kind == NODE_SEQ)
		return lfatal(ld, root->line, root->col, "the document is a "
			      "list, not a mapping (put the experiments under "
			      "\"experiments:\")");
	if (root->kind == NODE_SCALAR)
		return lfatal(ld, root->line, root->col, "the document is %s, "
			      "not a mapping with an \"experiments\" list",
			      node_desc(root, desc, sizeof(desc)));
	if (!map_value(root, "experiments") && looks_bare(root))
		return lfatal(ld, root->line, root->col, "no \"experiments\" "
			      "list: this looks like a single experiment; put it "
			      "under \"experiments:\" as a list item "
			      "(\"- name: ...\")");
	rc = check_keys(ld, root, &ks, vals, keys);
	if (vals[TOP_VERSION] && check_version(ld, vals[TOP_VERSION]) < 0)
		rc = -1;
	if (vals[TOP_OUTPUT] && check_output(ld, vals[TOP_OUTPUT], f) < 0)
		rc = -1;
	if (!f->output)
		f->output = default_output(ld->path);
	if (vals[TOP_DEFAULTS]) {
		if (check_defaults(ld, vals[TOP_DEFAULTS], dvals) < 0)
			rc = -1;
		have_defaults = vals[TOP_DEFAULTS]->kind == NODE_MAP;
	}
	exps = vals[TOP_EXPERIMENTS];
	if (!exps)
		return lerr(ld, root, "missing \"experiments\" (a list of "
			    "experiments)");
	if (exps->kind != NODE_SEQ)
		return expected(ld, exps, "a list of experiments", "experiments");
	if (!exps->nkids)
		return lerr(ld, exps, "\"experiments\" is empty (give at least "
			    "one experiment)");
	if (exps->nkids > EXPERIMENT_MAX_EXPERIMENTS)
		return lfatal(ld, exps->line, exps->col, "more than %d "
			      "experiments in one file (%zu)",
			      EXPERIMENT_MAX_EXPERIMENTS, exps->nkids);
	f->exps = xcalloc(exps->nkids, sizeof(*f->exps));
	names_init(&names, exps->nkids);
	for (size_t i = 0; i < exps->nkids && !ld->stopped; i++) {
		const struct node *it = exps->kids[i], *name_at = NULL, *first;
		struct experiment *e = &f->exps[f->nexps];

		if (it->kind != NODE_MAP) {
			rc = lerr(ld, it, "expected a mapping for experiment %zu, "
				  "got %s", i + 1, node_desc(it, desc,
							     sizeof(desc)));
			continue;
		}
		if (check_experiment(ld, it, (int)i + 1, e,
				     have_defaults ? dvals : NULL, &name_at) < 0)
			rc = -1;
		/* Names must be unique, whatever else is wrong. */
		if (e->name && (first = name_table_add(&names, e->name, name_at)))
			rc = lerr(ld, name_at, "duplicate experiment name \"%s\" "
				  "(first at line %d)", e->name, first->line);
		/* Kept even when wrong: released with the file on failure. */
		f->nexps++;
	}
	free(names.slots);
	return rc;
}

/* ---- entry points ------------------------------------------------------------ */

void experiment_file_release(struct experiment_file *f)
{
	if (!f)
		return;
	free(f->path);
	free(f->text);
	free(f->output);
	for (size_t i = 0; i < f->nexps; i++)
		experiment_release(&f->exps[i]);
	free(f->exps);
	/* the kernels' rows go before the kernels their ctx points to */
	if (f->nkernels)
		registry_release_since(f->registry_mark);
	for (size_t i = 0; i < f->nkernels; i++)
		ukernel_free(f->kernels[i]);
	free(f->kernels);
	memset(f, 0, sizeof(*f));
}

/* Loads `text` (ours: taken over) as the file `path`. */
static int load_text(const char *path, char *text, size_t len,
		     struct experiment_file *f)
{
	struct loader ld = { 0 };
	int rc = -1;

	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	f->text = text;
	f->len = len;
	f->registry_mark = registry_mark();
	ld.file = f;
	ld.path = path;
	ld.text = text;
	ld.len = len;
	/* A UTF-8 byte-order mark (editors on Windows write one) is not
	 * text: the parser starts after it, so that columns count from the
	 * first character.  The file's SHA-256 and its recorded copy keep
	 * it. */
	ld.text += utf8_bom_len(text, len);
	ld.len -= utf8_bom_len(text, len);
	if (check_bytes(&ld) < 0 || compose(&ld) < 0)
		goto out_release;
	if (check_root(&ld, f) < 0 || ld.nerrs)
		goto out_release;
	if (sha256_hex(text, len, f->sha256) < 0) {
		lfatal(&ld, 0, 0, "cannot compute the SHA-256 of the file");
		goto out_release;
	}
	rc = 0;
	goto out_free_nodes;

out_release:
	experiment_file_release(f);
out_free_nodes:
	node_free_all(&ld);
	for (unsigned i = 0; i < ld.nerrs; i++)
		free(ld.errs[i].msg);
	return rc;
}

int experiment_load_buffer(const char *path, const char *text, size_t len,
			   struct experiment_file *f)
{
	char *copy;

	if (len > EXPERIMENT_MAX_FILE_BYTES) {
		memset(f, 0, sizeof(*f));
		return diag_error_at(path, 0, 0, "the file is larger than %u "
				     "bytes (%zu)", EXPERIMENT_MAX_FILE_BYTES,
				     len);
	}
	copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	return load_text(path, copy, len, f);
}

/* Files a newcomer gives in place of an experiment file, by their name's
 * ending, and what they are for. */
static const struct {
	const char *ending, *what, *hint;
} other_kinds[] = {
	{ ".json", "JSON", ": a results.json is read by culab report, "
	  "verify and compare" },
	{ ".cu", "CUDA source", ": an experiment file names it in a "
	  "kernel's source: key (docs/your-own-kernels.md)" },
	{ ".cuh", "a CUDA header", ": a kernel's source includes it" },
	{ ".c", "C source", "" }, { ".cpp", "C++ source", "" },
	{ ".h", "a C header", "" },
	{ ".csv", "a table", " (culab run writes results.csv)" },
	{ ".md", "Markdown", " (culab report writes report.en.md)" },
	{ ".html", "HTML", " (culab report writes report.en.html)" },
};

/* Refuses path when its name says it is one of other_kinds: -1 after a
 * diagnostic, else 0. */
static int refuse_other_kind(const char *path)
{
	size_t len = strlen(path);

	for (size_t i = 0; i < ARRAY_SIZE(other_kinds); i++) {
		size_t e = strlen(other_kinds[i].ending);

		if (len > e && !strcmp(path + len - e, other_kinds[i].ending))
			return diag_error_at(path, 0, 0, "this is %s, not an "
					     "experiment file (YAML, such as "
					     "experiments/default.yaml)%s",
					     other_kinds[i].what,
					     other_kinds[i].hint);
	}
	return 0;
}

int experiment_load(const char *path, struct experiment_file *f)
{
	char *text;
	size_t len;

	memset(f, 0, sizeof(*f));
	if (refuse_other_kind(path) < 0 ||
	    read_file(path, EXPERIMENT_MAX_FILE_BYTES, &text, &len) < 0)
		return -1;
	return load_text(path, text, len, f);
}
