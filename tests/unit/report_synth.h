/* report_synth.h - the synthetic results the report's own tests render
 * (test_report.c, test_report_files.c) and the helpers that render and
 * read them.  synthetic_results() builds test data shaped like a run,
 * NOT measurements, and says so in its GPU name and note.  Static
 * functions in a header, as rows_fixture.h, because the Makefile builds
 * each tests/unit/test_*.c on its own.  Include after <cmocka.h>.
 *
 * Environment: CULAB_SRCDIR (default ".") is the source tree, for
 * templates/; CULAB_TEST_KEEP=1 keeps the rendered reports and prints
 * where. */
#ifndef CULAB_TEST_REPORT_SYNTH_H
#define CULAB_TEST_REPORT_SYNTH_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "base/util.h"
#include "jobs/output.h"
#include "ladder/ladder.h"
#include "report/report.h"
#include "results/results.h"
#include "report_check.h"

static inline char *path_of(const char *dir, const char *name)
{
	return xasprintf("%s/%s", dir, name);
}

/* ---- synthetic results (test data, not measurements) ------------------ */

#define PEAK_GBPS 3352.32

struct spec {
	const char *experiment, *family, *variant, *dtype;
	int step, block;
	uint64_t n, m;
	double ms, noise;               /* <= 0: no time */
	enum row_status status;
	const char *message;
};

static inline struct result_row *add_row(struct results *r,
					 const struct spec *s)
{
	struct result_row *row;
	const struct variant *v = registry_find(s->variant);
	enum dtype t = DTYPE_FLOAT;

	dtype_parse(s->dtype, &t);
	/* as a run does: the results describe the variants they name */
	if (v)
		results_add_variant(r, v);
	row = results_add_row(r);
	row->experiment = xstrdup(s->experiment);
	row->family = xstrdup(s->family);
	row->variant = xstrdup(s->variant);
	row->step = s->step;
	row->dtype = xstrdup(s->dtype);
	row->n = s->n;
	row->m = s->m;
	row->block = s->block;
	row->status = s->status;
	row->message = xstrdup(s->message);
	row->verified = s->status == ROW_OK;
	row->tolerance = t == DTYPE_INT || strcmp(s->family, "transpose") == 0 ?
			 0 : 1e-5 * (double)s->n;
	row->error = row->tolerance / 8;
	row->timed_region = xstrdup(v ? v->timed_region : "one launch");
	row->timer = xstrdup("cuda-events");
	row->t.warmup = 3;
	if (s->ms > 0) {
		/* three samples around the median whose sample standard
		 * deviation is noise % of their mean */
		double d = s->ms * s->noise / 100;

		row->t.nsamples = 3;
		row->t.samples_ms = xcalloc(3, sizeof(double));
		row->t.samples_ms[0] = s->ms - d;
		row->t.samples_ms[1] = s->ms;
		row->t.samples_ms[2] = s->ms + d;
		row->t.median_ms = row->t.mean_ms = s->ms;
		row->t.min_ms = s->ms - d;
		row->t.max_ms = s->ms + d;
		row->t.stdev_ms = d;
		row->t.noise_pct = s->noise;
		row->bytes = v ? registry_bytes(v, t, s->n, s->m) :
				 (double)s->n * (double)s->m * 4;
		row->gbps = row->bytes / (s->ms * 1e-3) / 1e9;
		row->pct_peak = 100 * row->gbps / PEAK_GBPS;
	}
	row->counters_status = xstrdup("counters not requested at this size");
	return row;
}

/* Raw Perfworks metric names: no alias of metrics.c defines them, so the
 * report shows them as measured, whatever the alias table holds. */
#define COL_CONFLICTS "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
#define COL_DRAM "dram__bytes_read.sum"

static inline void set_counters(struct result_row *row, double conflicts,
				double dram)
{
	free(row->counters_status);
	row->counters_status = NULL;
	row->ncolumns = 2;
	row->columns = xcalloc(2, sizeof(*row->columns));
	row->columns[0].name = xstrdup(COL_CONFLICTS);
	row->columns[0].value = conflicts;
	row->columns[1].name = xstrdup(COL_DRAM);
	row->columns[1].value = dram;
}

static inline void synthetic_results(struct results *r)
{
	static const struct spec rows[] = {
		/* reduce/int at 2^26: rung 1 -> 2 is 4x, 2 -> 3 within noise;
		 * one block size of rung 3 gave a wrong answer */
		{ "reduce-int", "reduce", "reduce_global", "int", 1, 256,
		  1u << 26, 1, 4.0, 0.5, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_static", "int", 2, 256,
		  1u << 26, 1, 1.0, 0.8, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_dynamic", "int", 3, 256,
		  1u << 26, 1, 1.005, 2.0, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_dynamic", "int", 3, 128,
		  1u << 26, 1, 123.456, 1.0, ROW_WRONG,
		  "sum 123 differs from the reference 456" },
		/* reduce/int at 2^22 */
		{ "reduce-int", "reduce", "reduce_global", "int", 1, 256,
		  1u << 22, 1, 0.3, 1.0, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_static", "int", 2, 256,
		  1u << 22, 1, 0.15, 1.0, ROW_OK, NULL },
		{ "reduce-int", "reduce", "reduce_shared_dynamic", "int", 3, 256,
		  1u << 22, 1, 0.16, 1.0, ROW_OK, NULL },
		/* too large: skipped */
		{ "reduce-int", "reduce", "reduce_global", "int", 1, 256,
		  1ull << 34, 1, 0, 0, ROW_SKIPPED,
		  "needs 64.0 GiB of device memory, 79.1 GiB total" },
		/* transpose/float: the copy ceiling and the naive rung */
		{ "transpose-float", "transpose", "transpose_copy", "float", 1, 0,
		  4096, 4096, 0.05, 0.4, ROW_OK, NULL },
		{ "transpose-float", "transpose", "transpose_naive", "float", 2, 0,
		  4096, 4096, 0.25, 0.6, ROW_OK, NULL },
		{ "transpose-float", "transpose", "transpose_copy", "float", 1, 0,
		  1024, 1024, 0.006, 3.0, ROW_OK, NULL },
		{ "transpose-float", "transpose", "transpose_naive", "float", 2, 0,
		  1024, 1024, 0.02, 3.0, ROW_OK, NULL },
	};

	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup("0.1.0");
	r->culab_commit = xstrdup("0123456789ab");
	r->command = xstrdup("culab run experiments/synthetic.yaml");
	r->started = xstrdup("2026-01-02T03:04:05Z");
	r->finished = xstrdup("2026-01-02T03:05:06Z");
	r->status = xstrdup("complete");
	r->source_path = xstrdup("experiments/synthetic.yaml");
	r->source_sha256 = xstrdup("e3b0c44298fc1c149afbf4c8996fb92427ae41e4"
				   "649b934ca495991b7852b855");
	r->note = xstrdup("synthetic test data built by test_report.c, not a "
			  "measurement");
	r->has_env = true;
	r->env.gpu_name = xstrdup("Synthetic GPU (test data, not a "
				  "measurement)");
	r->env.cc_major = 9;
	r->env.cc_minor = 0;
	r->env.sm_count = 132;
	r->env.mem_bus_width_bits = 5120;
	r->env.mem_clock_khz = 2619000;
	r->env.peak_gbps = PEAK_GBPS;
	r->env.sm_clock_khz = 1980000;
	r->env.l2_bytes = 50u << 20;
	r->env.global_mem_bytes = 80ull << 30;
	r->env.driver_version = 13000;
	r->env.runtime_version = 13000;
	r->env.hostname = xstrdup("testhost");
	r->env.os = xstrdup("Linux");
	r->nexperiments = 2;
	r->experiments = xcalloc(2, sizeof(*r->experiments));
	r->experiments[0].name = xstrdup("reduce-int");
	r->experiments[0].description = xstrdup("the reduction ladder on ints");
	r->experiments[0].family = xstrdup("reduce");
	r->experiments[0].warmup = 3;
	r->experiments[0].repeats = 30;
	r->experiments[0].seed = 1;
	r->experiments[0].l2_flush = true;
	r->experiments[0].ncounters = 1;
	r->experiments[0].counters = xcalloc(1, sizeof(char *));
	r->experiments[0].counters[0] = xstrdup("bank_conflicts");
	r->experiments[1].name = xstrdup("transpose-float");
	r->experiments[1].description = xstrdup("");
	r->experiments[1].family = xstrdup("transpose");
	r->experiments[1].warmup = 3;
	r->experiments[1].repeats = 30;
	r->experiments[1].seed = 1;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		add_row(r, &rows[i]);
	/* counters at 2^26: conflicts do not apply to the global-only rung */
	set_counters(&r->rows[0], NAN, 8.1e8);
	set_counters(&r->rows[1], 0.0, 2.7e8);
	set_counters(&r->rows[2], 0.0, 2.7e8);
}

/* ---- rendering helpers ------------------------------------------------ */

/* Renders r into dir with charts; returns report_render's result and the
 * diagnostics printed (caller frees). */
static inline int render(const struct results *r,
			 const struct report_options *o, char **diags)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	int rc;

	diag_set_stream(fp);
	rc = report_render(r, o);
	diag_set_stream(NULL);
	fclose(fp);
	if (diags)
		*diags = buf;
	else
		free(buf);
	return rc;
}

/* One page of the report: "report" (the body) or "details", in lang;
 * asserts it is a regular file of mode 0644. */
static inline char *read_page(const char *dir, const char *page,
			      const char *lang)
{
	char name[32], *path, *text;
	struct stat st;

	snprintf(name, sizeof(name), "%s.%s.md", page, lang);
	path = path_of(dir, name);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0644);
	text = slurp(path, NULL);
	assert_non_null(text);
	free(path);
	return text;
}

/* Both pages of the report in lang, the details first: a search finds
 * the details' tables (every column, every size) before the body's. */
static inline char *read_report(const char *dir, const char *lang)
{
	char *details = with_family_pages(read_page(dir, "details", lang),
					  dir, lang);
	char *body = read_page(dir, "report", lang);
	char *both = xasprintf("%s\n%s", details, body);

	free(details);
	free(body);
	return both;
}

static inline void expect_tables(const char *md, int at_least)
{
	int n = tables_check(md);

	if (n < 0)
		fail_msg("%s:%d: table row with the wrong number of cells at "
			 "report line %d", __FILE__, __LINE__, -n);
	if (n < at_least)
		fail_msg("%s:%d: %d tables, expected at least %d", __FILE__,
			 __LINE__, n, at_least);
}


static const char *const charts_expected[] = {
	"time-reduce-int", "bandwidth-reduce-int", "ladder-reduce-int",
	"counters-reduce-int", "time-transpose-float",
	"bandwidth-transpose-float", "transpose-transpose-float",
};

#endif
