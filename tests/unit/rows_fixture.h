/* rows_fixture.h - results made by hand for the tests of culab's
 * children (test_stalls_child.c, test_instrumented.c, test_lines.c,
 * test_lines_children.c): an experiment "e" of the reduce family, and ok
 * rows of a built-in variant with one kernel's counters.  Static
 * functions in a header, as capture.h, because the Makefile builds each
 * tests/unit/test_*.c on its own. */
#ifndef CULAB_TEST_ROWS_FIXTURE_H
#define CULAB_TEST_ROWS_FIXTURE_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "base/util.h"
#include "ladder/ladder.h"
#include "results/results.h"

/* A results set of experiment e, no rows. */
static inline void results_start(struct results *r)
{
	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup("0.1.0");
	r->culab_commit = xstrdup("abc");
	r->command = xstrdup("culab run x.yaml");
	r->started = xstrdup("2026-12-06T00:00:00Z");
	r->status = xstrdup("complete");
	r->source_path = xstrdup("x.yaml");
	r->source_sha256 = xstrdup("00ff");
	r->source_text = xstrdup("version: 1\n");
	r->has_env = true;
	r->env.gpu_name = xstrdup("Test GPU");
	r->env.cc_major = 9;
	r->env.sm_count = 132;
	r->nexperiments = 1;
	r->experiments = xcalloc(1, sizeof(*r->experiments));
	r->experiments[0].name = xstrdup("e");
	r->experiments[0].family = xstrdup("reduce");
	r->experiments[0].repeats = 1;
}

/* An ok row of variant v of experiment exp, type dtype, at n and block
 * (-1: the block a plan gives the variant), with one launch of
 * kernel-level counters. */
static inline struct result_row *row_add_at(struct results *r,
					    const char *exp, const char *v,
					    const char *dtype, uint64_t n,
					    int block)
{
	struct result_row *w = results_add_row(r);
	static const double one = 1.5;
	const struct variant *reg = registry_find(v);

	if (block < 0)
		block = reg->flags & VF_BLOCK ? reg->block_default : 0;
	results_add_variant(r, reg);
	w->experiment = xstrdup(exp);
	w->family = xstrdup("reduce");
	w->variant = xstrdup(v);
	w->step = 1;
	w->dtype = xstrdup(dtype);
	w->n = n;
	w->m = 1;
	w->block = block;
	w->status = ROW_OK;
	w->verified = true;
	w->timer = xstrdup("cuda-events");
	w->t.nsamples = 1;
	w->t.samples_ms = xmalloc(sizeof(one));
	memcpy(w->t.samples_ms, &one, sizeof(one));
	timing_compute(&w->t);
	w->nkernels = 1;
	w->kernels = xcalloc(1, sizeof(*w->kernels));
	w->kernels[0].label = xasprintf("%s/%s/%s/%llu#0", exp, v, dtype,
					(unsigned long long)n);
	w->kernels[0].kernel = xstrdup("k");
	w->kernels[0].theoretical_occupancy_pct = NAN;
	w->kernels[0].nvalues = 1;
	w->kernels[0].names = xcalloc(1, sizeof(char *));
	w->kernels[0].names[0] = xstrdup("smsp__inst_executed.sum");
	w->kernels[0].values = xcalloc(1, sizeof(double));
	w->kernels[0].values[0] = 700;
	kernel_resources_set_unknown(&w->resources, "not watched");
	clock_record_set_unknown(&w->clocks, "not timed");
	return w;
}

/* An ok float row of variant v of experiment e at n, its plan's block. */
static inline struct result_row *row_add(struct results *r, const char *v,
					 uint64_t n)
{
	return row_add_at(r, "e", v, "float", n, -1);
}

#endif
