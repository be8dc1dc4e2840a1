/* experiment_repeats.c - the "repeats" key of an experiment: a fixed
 * count of timed runs, or `auto` (experiment.h says what auto does):
 *
 *   repeats: 30
 *   repeats: auto
 *   repeats: {auto: true, precision: 0.5%, budget: 5, min: 20, max: 5000}
 *
 * The mapping is the auto rule with settings; `auto: true` may be left
 * out of it, but says what the mapping is to a reader, and `auto: false`
 * is refused with what to write instead.  precision is a fraction (0.01)
 * or a percentage (1%); budget is seconds (2, 2s, 500ms).  Every setting
 * left out keeps its default.  Each bad setting is its own error, so a
 * user sees them all at once. */
#include "experiment_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiment.h"
#include "base/util.h"

/* What a mapping under "repeats" may hold, in the order checked. */
enum { RK_AUTO, RK_PRECISION, RK_BUDGET, RK_MIN, RK_MAX, RK__COUNT };

static const char *const repeat_keys[RK__COUNT] = {
	"auto", "precision", "budget", "min", "max",
};

/* A unit a number may carry, and what it multiplies by. */
struct unit {
	const char *name;
	double scale;
};

static const struct unit precision_units[] = {
	{ "", 1 }, { "%", 0.01 }, { NULL, 0 },
};

static const struct unit budget_units[] = {
	{ "", 1 }, { "s", 1 }, { "ms", 0.001 }, { NULL, 0 },
};

/* A plain decimal number ("2", "0.5", ".5") followed by one of units
 * (spaces allowed before it).  Returns 0 and sets *out, or -1. */
static int parse_quantity(const char *s, const struct unit *units,
			  double *out)
{
	const char *p = s;
	size_t digits = 0;
	char *end;
	double v;

	while (isdigit((unsigned char)*p))
		p++, digits++;
	if (*p == '.')
		for (p++; isdigit((unsigned char)*p); p++)
			digits++;
	if (!digits)
		return -1;
	v = strtod(s, &end);
	if (end != p)
		return -1;
	while (*p == ' ')
		p++;
	for (const struct unit *u = units; u->name; u++)
		if (strcmp(p, u->name) == 0) {
			*out = v * u->scale;
			return 0;
		}
	return -1;
}

static int get_quantity(struct loader *ld, const struct node *nd,
			const char *key, const struct unit *units,
			const char *what, double lo, double hi,
			const char *range, double *out)
{
	double v;

	if (nd->kind != NODE_SCALAR || node_is_null(nd) ||
	    parse_quantity(nd->str, units, &v) < 0)
		return expected(ld, nd, what, key);
	if (v < lo || v > hi)
		return lerr(ld, nd, "\"%s\" must be %s, got %s", key, range,
			    nd->str);
	*out = v;
	return 0;
}

static int get_count(struct loader *ld, const struct node *nd,
		     const char *key, int *out)
{
	uint64_t v;

	if (get_uint(ld, nd, key, 1, REPEATS_MAX, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* `auto: true`, the only value it takes. */
static int check_auto(struct loader *ld, const struct node *nd)
{
	if (nd->kind == NODE_SCALAR && nd->plain && strcmp(nd->str, "true") == 0)
		return 0;
	if (nd->kind == NODE_SCALAR && nd->plain && strcmp(nd->str, "false") == 0)
		return lerr(ld, nd, "\"auto: false\" in \"repeats\": for a "
			    "fixed number of timed runs write \"repeats: %d\"",
			    REPEATS_DEFAULT);
	return expected(ld, nd, "true", "auto");
}

/* The mapping form: the auto rule with settings. */
static int parse_auto_map(struct loader *ld, struct exp_ctx *x,
			  const struct node *map)
{
	static const struct keyset ks = { "in \"repeats\"", repeat_keys,
					  RK__COUNT };
	const struct node *vals[RK__COUNT], *keys[RK__COUNT];
	struct repeat_auto *a = &x->e->repeats_auto;
	int rc, max = REPEATS_AUTO_MAX;

	repeat_auto_default(a);
	rc = check_keys(ld, map, &ks, vals, keys);
	if (vals[RK_AUTO] && check_auto(ld, vals[RK_AUTO]) < 0)
		rc = -1;
	if (vals[RK_PRECISION] &&
	    get_quantity(ld, vals[RK_PRECISION], "precision", precision_units,
			 "a fraction (0.01) or a percentage (1%)",
			 REPEATS_PRECISION_LO, REPEATS_PRECISION_HI,
			 "from 0.0001 (0.01%) to 0.5 (50%)", &a->precision) < 0)
		rc = -1;
	if (vals[RK_BUDGET] &&
	    get_quantity(ld, vals[RK_BUDGET], "budget", budget_units,
			 "seconds (2, 2s or 500ms)", REPEATS_BUDGET_LO_S,
			 REPEATS_BUDGET_HI_S, "from 1ms to 3600 seconds",
			 &a->budget_s) < 0)
		rc = -1;
	if (vals[RK_MIN] && get_count(ld, vals[RK_MIN], "min", &a->min) < 0)
		rc = -1;
	if (vals[RK_MAX] && get_count(ld, vals[RK_MAX], "max", &max) < 0)
		rc = -1;
	if (rc == 0 && a->min > max && vals[RK_MIN])
		return lerr(ld, vals[RK_MIN], "\"min\" (%d) is more than "
			    "\"max\" (%d) in \"repeats\"", a->min, max);
	if (rc == 0 && a->min > max)
		return lerr(ld, vals[RK_MAX], "\"max\" (%d) is less than the "
			    "default \"min\" (%d) in \"repeats\"; set \"min\" "
			    "too", max, a->min);
	x->e->repeats = max;
	return rc;
}

int parse_repeats(struct loader *ld, struct exp_ctx *x, const struct node *nd)
{
	static const char what[] = "a number of timed runs or \"auto\"";
	uint64_t v;

	x->e->repeats_auto.on = false;
	if (nd->kind == NODE_MAP)
		return parse_auto_map(ld, x, nd);
	if (nd->kind == NODE_SCALAR && strcmp(nd->str, "auto") == 0) {
		repeat_auto_default(&x->e->repeats_auto);
		x->e->repeats = REPEATS_AUTO_MAX;
		return 0;
	}
	/* a number: its own errors (range, quotes); anything else: what
	 * the key takes */
	if (nd->kind != NODE_SCALAR || node_is_null(nd) ||
	    strspn(nd->str, "-0123456789") != strlen(nd->str))
		return expected(ld, nd, what, "repeats");
	if (get_uint(ld, nd, "repeats", 1, REPEATS_MAX, &v) < 0)
		return -1;
	x->e->repeats = (int)v;
	return 0;
}
