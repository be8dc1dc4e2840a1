/* test_results.c - results.json/results.csv: round trip (with the
 * variants' descriptions), the upgrade of version 1 files, CSV shape,
 * statistics, and rejection of truncated, corrupt or foreign files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "base/diag.h"
#include "jobs/output.h"
#include "plan/plan.h"
#include "results/results.h"
#include "base/util.h"

#include "tmpdir.h"

static char tmpdir[] = "/tmp/culab-test-results-XXXXXX";

static void fill(struct results *r)
{
	struct result_row *w;
	static const double samples[] = { 1.5, 1.0, 2.0, 1.25 };

	memset(r, 0, sizeof(*r));
	r->schema_version = RESULTS_SCHEMA_VERSION;
	r->culab_version = xstrdup("0.1.0");
	r->culab_commit = xstrdup("abc");
	r->command = xstrdup("culab run 'x y.yaml'");
	r->started = xstrdup("2026-11-22T00:00:00Z");
	r->status = xstrdup("complete");
	r->source_path = xstrdup("x y.yaml");
	r->source_sha256 = xstrdup("00ff");
	r->source_text = xstrdup("experiments: []\n# \xe4\xb8\xad\xe6\x96\x87\n");
	r->has_env = true;
	r->env.gpu_name = xstrdup("Test GPU");
	r->env.nvidia_driver = xstrdup("580.159.04");
	r->env.cc_major = 9;
	r->env.sm_count = 132;
	r->env.peak_gbps = 3352.3;
	r->env.l2_bytes = 50u << 20;
	r->nexperiments = 1;
	r->experiments = xcalloc(1, sizeof(*r->experiments));
	r->experiments[0].name = xstrdup("e1");
	r->experiments[0].description = xstrdup("Sum of n floats: every rung.");
	r->experiments[0].description_zh = xstrdup("n 个 float 求和：每一级。");
	r->experiments[0].family = xstrdup("reduce");
	r->experiments[0].repeats = 4;
	r->experiments[0].seed = 42;
	r->experiments[0].ncounters = 1;
	r->experiments[0].counters = xcalloc(1, sizeof(char *));
	r->experiments[0].counters[0] = xstrdup("dram");

	/* a built-in variant, and one no registry holds */
	results_add_variant(r, registry_find("reduce_global"));
	{
		struct variant mine = {
			.name = "=bad,\"name\"", .family = FAMILY_REDUCE,
			.step = 7, .title = "a student's kernel",
			.title_zh = "学生的内核", .about_en = "folds twice",
			.signature = "few conflicts", .dtypes = DTYPE_ALL,
			.flags = VF_BLOCK | VF_HOST_STEP,
			.block_default = 128, .block_min = 64,
			.timed_region = "two launches",
			.source = "class/alice.cu:reduce",
			.source_file = "class/alice.cu",
			.source_text = "__global__ void reduce() {}\n",
			.source_sha256 = "0123abcd",
			.expect = { { .column = "gld_efficiency_pct", .op = ">=",
				      .value = 80, .dtypes = DTYPE_BIT(DTYPE_FLOAT),
				      .min_side = 1024 },
				    { .column = "dram_read_bytes", .op = "<",
				      .value = 1.5, .than = "reduce_global" } },
		};

		results_add_variant(r, &mine);
		/* a second description of the same name is not added */
		mine.title = "other";
		results_add_variant(r, &mine);
	}

	w = results_add_row(r);
	w->experiment = xstrdup("e1");
	w->family = xstrdup("reduce");
	w->variant = xstrdup("reduce_global");
	w->step = 1;
	w->dtype = xstrdup("float");
	w->n = 1u << 20;
	w->m = 1;
	w->block = 256;
	w->status = ROW_OK;
	w->verified = true;
	w->error = 0.5;
	w->tolerance = 2.0;
	w->timer = xstrdup("cuda-events");
	w->t.nsamples = 4;
	w->t.samples_ms = xmalloc(sizeof(samples));
	memcpy(w->t.samples_ms, samples, sizeof(samples));
	timing_compute(&w->t);
	w->bytes = 4194308;
	w->gbps = 100;
	w->pct_peak = NAN;
	w->ncolumns = 2;
	w->columns = xcalloc(2, sizeof(*w->columns));
	w->columns[0].name = xstrdup("dram_read_bytes");
	w->columns[0].value = 4194304;
	w->columns[1].name = xstrdup("branch_efficiency_pct");
	w->columns[1].value = NAN;
	w->nkernels = 1;
	w->kernels = xcalloc(1, sizeof(*w->kernels));
	w->kernels[0].label = xstrdup("e1/reduce_global/float/1048576#0");
	w->kernels[0].kernel = xstrdup("k");
	w->kernels[0].nvalues = 1;
	w->kernels[0].names = xcalloc(1, sizeof(char *));
	w->kernels[0].names[0] = xstrdup("dram__bytes_read.sum");
	w->kernels[0].values = xcalloc(1, sizeof(double));
	w->kernels[0].values[0] = 4194304;
	w->resources = (struct kernel_resources){
		.known = true, .kernel = xstrdup("reduce_global<float>"),
		.kernels = 2, .registers = 16, .static_smem = 0,
		.dynamic_smem = 1024, .local_bytes = 0, .spill_bytes = -1,
		.block_threads = 256, .blocks_per_sm = 8, .occupancy_pct = 100,
		.limiter = RL_WARPS,
	};

	w = results_add_row(r);
	w->experiment = xstrdup("e1");
	w->family = xstrdup("reduce");
	w->variant = xstrdup("=bad,\"name\"");
	w->dtype = xstrdup("int");
	w->n = 7;
	w->m = 1;
	w->status = ROW_WRONG;
	w->message = xstrdup("sum is 3, expected 4");
	w->t.nsamples = 1;
	w->t.samples_ms = xcalloc(1, sizeof(double));
	w->t.samples_ms[0] = 9;
	timing_compute(&w->t);
	w->resources = (struct kernel_resources){
		.known = true, .kernel = xstrdup("reduce"), .kernels = 1,
		.registers = 255, .static_smem = 49152, .dynamic_smem = 0,
		.local_bytes = 24, .spill_bytes = 16, .block_threads = 1000,
		.blocks_per_sm = 0, .occupancy_pct = 0,
		.limiter = RL_SHARED,
	};
}

static void test_timing_stats(void **state)
{
	struct timing t = { 0 };
	double s[] = { 3, 1, 2, 10 };

	(void)state;
	t.samples_ms = s;
	t.nsamples = 4;
	timing_compute(&t);
	assert_float_equal(t.median_ms, 2.5, 1e-12);
	assert_float_equal(t.min_ms, 1, 0);
	assert_float_equal(t.max_ms, 10, 0);
	assert_float_equal(t.mean_ms, 4, 1e-12);
	/* sample stdev of {1,2,3,10}: sqrt(((9+4+1+36))/3) */
	assert_float_equal(t.stdev_ms, sqrt(50.0 / 3), 1e-12);
	assert_float_equal(t.noise_pct, 100 * sqrt(50.0 / 3) / 4, 1e-9);
	t.nsamples = 3;
	timing_compute(&t);
	assert_float_equal(t.median_ms, 2, 0);
	t.nsamples = 0;
	timing_compute(&t);
	assert_true(isnan(t.median_ms));
}

static void test_round_trip(void **state)
{
	struct results a, b;
	char *path;

	(void)state;
	fill(&a);
	assert_int_equal(output_save(tmpdir, &a), 0);
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(results_read(path, &b), 0);
	assert_string_equal(b.command, a.command);
	assert_string_equal(b.source_text, a.source_text);
	assert_string_equal(b.env.gpu_name, "Test GPU");
	/* the driver's own version (NVML), beside the CUDA version */
	assert_string_equal(b.env.nvidia_driver, "580.159.04");
	assert_int_equal(b.env.sm_count, 132);
	assert_float_equal(b.env.peak_gbps, 3352.3, 1e-9);
	assert_int_equal(b.nexperiments, 1);
	assert_string_equal(b.experiments[0].counters[0], "dram");
	assert_int_equal(b.experiments[0].seed, 42);
	/* the description in both languages, for both reports' titles */
	assert_string_equal(b.experiments[0].description,
			    "Sum of n floats: every rung.");
	assert_string_equal(b.experiments[0].description_zh,
			    "n 个 float 求和：每一级。");
	assert_int_equal(b.nrows, 2);
	assert_string_equal(b.rows[0].variant, "reduce_global");
	assert_int_equal(b.rows[0].n, 1u << 20);
	assert_int_equal(b.rows[0].block, 256);
	assert_int_equal(b.rows[0].status, ROW_OK);
	assert_true(b.rows[0].verified);
	assert_int_equal(b.rows[0].t.nsamples, 4);
	assert_float_equal(b.rows[0].t.samples_ms[3], 1.25, 0);
	assert_float_equal(b.rows[0].t.median_ms, 1.375, 1e-12);
	assert_true(isnan(b.rows[0].pct_peak));
	assert_int_equal(b.rows[0].ncolumns, 2);
	assert_string_equal(b.rows[0].columns[0].name, "dram_read_bytes");
	assert_float_equal(b.rows[0].columns[0].value, 4194304, 0);
	assert_true(isnan(b.rows[0].columns[1].value));
	assert_int_equal(b.rows[0].nkernels, 1);
	assert_string_equal(b.rows[0].kernels[0].names[0], "dram__bytes_read.sum");
	assert_int_equal(b.rows[1].status, ROW_WRONG);
	assert_string_equal(b.rows[1].message, "sum is 3, expected 4");
	assert_int_equal(b.schema_version, RESULTS_SCHEMA_VERSION);
	assert_int_equal(a.nvariants, 2);
	assert_int_equal(b.nvariants, 2);
	for (size_t i = 0; i < b.nvariants; i++) {
		const struct variant *x = a.variants[i], *y = b.variants[i];

		assert_string_equal(y->name, x->name);
		assert_int_equal(y->family, x->family);
		assert_int_equal(y->step, x->step);
		assert_string_equal(y->title, x->title);
		assert_string_equal(y->title_zh, x->title_zh);
		assert_string_equal(y->about_en, x->about_en);
		assert_string_equal(y->signature, x->signature);
		assert_int_equal(y->flags, x->flags);
		assert_int_equal(y->dtypes, x->dtypes);
		assert_int_equal(y->block_default, x->block_default);
		assert_true(y->launch == NULL && y->ctx == NULL);
		for (size_t k = 0; k < VARIANT_MAX_EXPECT; k++) {
			const struct expect *ex = &x->expect[k], *ey = &y->expect[k];

			if (!ex->column) {
				assert_null(ey->column);
				break;
			}
			assert_string_equal(ey->column, ex->column);
			assert_string_equal(ey->op, ex->op);
			assert_float_equal(ey->value, ex->value, 0);
			assert_int_equal(ey->dtypes, ex->dtypes);
			assert_int_equal(ey->min_side, ex->min_side);
			if (ex->than)
				assert_string_equal(ey->than, ex->than);
			else
				assert_null(ey->than);
		}
	}
	/* the unknown variant is described by the file alone */
	assert_string_equal(results_variant(&b, "=bad,\"name\"")->title,
			    "a student's kernel");
	assert_string_equal(results_variant(&b, "=bad,\"name\"")->source,
			    "class/alice.cu:reduce");
	/* with the source it was compiled from, for `culab rerun` */
	assert_string_equal(results_variant(&b, "=bad,\"name\"")->source_file,
			    "class/alice.cu");
	assert_string_equal(results_variant(&b, "=bad,\"name\"")->source_text,
			    "__global__ void reduce() {}\n");
	assert_string_equal(results_variant(&b,
					    "=bad,\"name\"")->source_sha256,
			    "0123abcd");
	assert_null(results_variant(&b, "reduce_shuffle"));
	assert_null(results_variant(&b, "reduce_global")->source);
	assert_null(results_variant(&b, "reduce_global")->source_text);
	results_release(&a);
	results_release(&b);
	free(path);
}

static void assert_resources_equal(const struct kernel_resources *x,
				   const struct kernel_resources *y)
{
	assert_int_equal(y->known, x->known);
	if (x->why)
		assert_string_equal(y->why, x->why);
	else
		assert_null(y->why);
	if (!x->known)
		return;
	assert_string_equal(y->kernel, x->kernel);
	assert_int_equal(y->kernels, x->kernels);
	assert_int_equal(y->registers, x->registers);
	assert_int_equal(y->static_smem, x->static_smem);
	assert_int_equal(y->dynamic_smem, x->dynamic_smem);
	assert_int_equal(y->local_bytes, x->local_bytes);
	assert_int_equal(y->spill_bytes, x->spill_bytes);
	assert_int_equal(y->block_threads, x->block_threads);
	assert_int_equal(y->blocks_per_sm, x->blocks_per_sm);
	assert_float_equal(y->occupancy_pct, x->occupancy_pct, 0);
	assert_int_equal(y->limiter, x->limiter);
}

/* Resources known (spills unknown, and known), unknown with a reason,
 * and never recorded (a row that did not reach its run) come back as
 * they were written. */
static void test_resources_round_trip(void **state)
{
	struct results a, b;
	char *path;

	(void)state;
	fill(&a);
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(output_save(tmpdir, &a), 0);
	assert_int_equal(results_read(path, &b), 0);
	assert_int_equal(b.nrows, 2);
	assert_int_equal(b.rows[0].resources.spill_bytes, -1);
	assert_int_equal(b.rows[1].resources.spill_bytes, 16);
	for (size_t i = 0; i < 2; i++)
		assert_resources_equal(&a.rows[i].resources, &b.rows[i].resources);
	results_release(&b);

	kernel_resources_set_unknown(&a.rows[0].resources, "runs on the CPU");
	kernel_resources_release(&a.rows[1].resources);
	assert_int_equal(output_save(tmpdir, &a), 0);
	assert_int_equal(results_read(path, &b), 0);
	for (size_t i = 0; i < 2; i++)
		assert_resources_equal(&a.rows[i].resources, &b.rows[i].resources);
	assert_string_equal(b.rows[0].resources.why, "runs on the CPU");
	results_release(&a);
	results_release(&b);
	free(path);
}

/* The kernel alone and the timing rounds come back as written (the
 * kernel's statistics from its samples); rows without them write
 * neither key, so files of rows without them are as they were. */
static void test_kernel_rounds_round_trip(void **state)
{
	static const double k[] = { 0.5, 0.25, 0.75, 0.5 };
	static const double rr[] = { 0.4, 0.6, 0.5 };
	struct results a, b;
	struct result_row *w;
	char *path, *text, *key;
	size_t len;

	(void)state;
	fill(&a);
	w = &a.rows[0];
	w->tk.nsamples = 4;
	w->tk.samples_ms = xmalloc(sizeof(k));
	memcpy(w->tk.samples_ms, k, sizeof(k));
	timing_compute(&w->tk);
	w->rounds.n = 3;
	w->rounds.per_round = 2;
	w->rounds.ms = xmalloc(sizeof(rr));
	memcpy(w->rounds.ms, rr, sizeof(rr));
	w->rounds.of = ROUND_FIRST_PASS;
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(output_save(tmpdir, &a), 0);
	assert_int_equal(results_read(path, &b), 0);
	assert_int_equal(b.rows[0].tk.nsamples, 4);
	assert_float_equal(b.rows[0].tk.median_ms, 0.5, 1e-12);
	assert_float_equal(b.rows[0].tk.samples_ms[2], 0.75, 0);
	assert_int_equal(b.rows[0].rounds.n, 3);
	assert_int_equal(b.rows[0].rounds.per_round, 2);
	assert_float_equal(b.rows[0].rounds.ms[1], 0.6, 0);
	assert_int_equal(b.rows[0].rounds.of, ROUND_FIRST_PASS);
	assert_int_equal(b.rows[1].tk.nsamples, 0);
	assert_int_equal(b.rows[1].rounds.n, 0);
	assert_null(b.rows[1].rounds.ms);
	assert_int_equal(read_file(path, 1 << 24, &text, &len), 0);
	/* one row has them, the other has neither key */
	key = strstr(text, "\"kernel_timing\"");
	assert_non_null(key);
	assert_null(strstr(key + 1, "\"kernel_timing\""));
	key = strstr(text, "\"round_ms\"");
	assert_non_null(key);
	assert_null(strstr(key + 1, "\"round_ms\""));
	/* what the medians are of, by name */
	assert_non_null(strstr(text, "\"of\": \"first_pass\""));
	free(text);
	results_release(&a);
	results_release(&b);
	free(path);
}

/* A counter column the GPU could not collect keeps its reason; files
 * with none such carry no "missing" object, as before. */
static void test_missing_round_trip(void **state)
{
	const char *why = "not collectable on GA10B: unknown metric "
			  "\"dram__bytes_read.sum\" for GA10B";
	struct results a, b;
	char *path, *text = NULL;
	size_t len;

	(void)state;
	fill(&a);
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(output_save(tmpdir, &a), 0);
	assert_int_equal(read_file(path, 64u << 20, &text, &len), 0);
	assert_null(strstr(text, "\"missing\""));
	free(text);
	assert_int_equal(results_read(path, &b), 0);
	assert_null(b.rows[0].columns[0].missing);
	assert_null(b.rows[0].columns[1].missing);
	results_release(&b);

	a.rows[0].columns[0].missing = xstrdup(why);
	a.rows[0].columns[0].value = NAN;
	assert_int_equal(output_save(tmpdir, &a), 0);
	assert_int_equal(results_read(path, &b), 0);
	assert_true(isnan(b.rows[0].columns[0].value));
	assert_string_equal(b.rows[0].columns[0].missing, why);
	assert_null(b.rows[0].columns[1].missing);
	results_release(&a);
	results_release(&b);
	free(path);
}

/* Files written before resources were recorded (schema versions 1 and
 * 2, no "resources" in their rows: the recorded fixture and example,
 * and a version 2 fuzz seed) read as unknown, with the reason. */
static void test_resources_absent(void **state)
{
	static const char *const files[] = {
		"tests/fixtures/recorded-2026-11-22/quick/results.json",
		"tests/fixtures/recorded-2026-11-22/default-h100/results.json",
		"tests/fuzz/results-seeds/two-rows-v2.json",
	};
	const char *src = getenv("CULAB_SRCDIR");

	(void)state;
	for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
		char *path = xasprintf("%s/%s", src && *src ? src : ".", files[f]);
		struct results r;

		assert_int_equal(results_read(path, &r), 0);
		assert_true(r.nrows > 0);
		for (size_t i = 0; i < r.nrows; i++) {
			assert_false(r.rows[i].resources.known);
			assert_string_equal(r.rows[i].resources.why,
					    "not recorded by this culab version");
		}
		results_release(&r);
		free(path);
	}
}

/* A version 1 file (the recorded fixture) is read as version 2, with a
 * description of each of its variants from the built-in rows, in ladder
 * order: the texts its reports always showed. */
static void test_upgrade_v1(void **state)
{
	struct results r;
	size_t n, last = 0;
	const struct variant *b = registry_all(&n);
	const char *src = getenv("CULAB_SRCDIR");
	char *path = xasprintf("%s/tests/fixtures/recorded-2026-11-22/quick/results.json",
			       src && *src ? src : ".");

	(void)state;
	assert_int_equal(results_read(path, &r), 0);
	assert_int_equal(r.schema_version, RESULTS_SCHEMA_VERSION);
	assert_int_equal(r.nvariants, 26);
	for (size_t i = 0; i < r.nrows; i++)
		assert_non_null(results_variant(&r, r.rows[i].variant));
	for (size_t i = 0; i < r.nvariants; i++) {
		const struct variant *v = registry_find(r.variants[i]->name);
		size_t at = (size_t)(v - b);

		assert_true(at < n);
		assert_true(i == 0 || at > last);       /* ladder order */
		last = at;
		assert_string_equal(r.variants[i]->about_zh, v->about_zh);
		assert_string_equal(r.variants[i]->signature, v->signature);
		assert_true(r.variants[i]->about_zh != v->about_zh);
	}
	results_release(&r);
	free(path);
}

static void test_csv(void **state)
{
	struct results a;
	char *path, *text;
	size_t len;
	const char *hdr = results_csv_header();

	(void)state;
	fill(&a);
	assert_int_equal(output_save(tmpdir, &a), 0);
	path = xasprintf("%s/results.csv", tmpdir);
	assert_int_equal(read_file(path, 1 << 20, &text, &len), 0);
	/* The required columns lead the header, in order. */
	assert_non_null(strstr(hdr, "experiment,family,variant,step,dtype,n,m,"));
	assert_non_null(strstr(hdr, "median_ms,min_ms,max_ms"));
	assert_non_null(strstr(hdr, "gbps"));
	assert_non_null(strstr(hdr, "verified"));
	assert_memory_equal(text, hdr, strlen(hdr));
	assert_non_null(strstr(text, ",dram_read_bytes,branch_efficiency_pct\n"));
	assert_non_null(strstr(text, "e1,reduce,reduce_global,1,float,1048576,1,"
				     "256,ok,true,1.375,1,2,"));
	/* Counter columns: value, then empty for not applicable. */
	assert_non_null(strstr(text, ",4194304,\n"));
	/* The resources' column group, after message; spills unknown are
	 * empty; unknown resources are all empty; then the clk_ group
	 * (clocks never read: empty). */
	assert_non_null(strstr(hdr, ",message,res_registers,res_static_smem,"
				    "res_dynamic_smem,res_local_bytes,"
				    "res_spill_bytes,res_block_threads,"
				    "res_occupancy_pct,res_limiter,clk_sm_mhz_min"));
	assert_non_null(strstr(hdr, ",clk_status,gpu,host,device"));
	/* Where each row ran: the file's one GPU (no host recorded). */
	assert_non_null(strstr(text, ",cuda-events,,,16,0,1024,0,,256,100,"
				     "warps,,,,,,,,,,Test GPU,,0,4194304,\n"));
	assert_non_null(strstr(text, ",\"sum is 3, expected 4\",255,49152,0,"
				     "24,16,1000,0,shared memory,,,,,,,,,,"
				     "Test GPU,,0,,\n"));
	/* A failed row shows no speed; a formula-like name is defused. */
	assert_non_null(strstr(text, "e1,reduce,\"'=bad,\"\"name\"\"\",0,int,7,"
				     "1,0,wrong,false,,,,,,,1,"));
	results_release(&a);
	free(text);
	free(path);
}

/* One CSV field: quoted only when it must be, and a field a spreadsheet
 * would run as a formula (=, +, -, @, a tab or a carriage return first)
 * kept as text with a ' in front. */
static void test_csv_field(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "ada", "ada" },
		{ "", "" },
		{ "a,b", "\"a,b\"" },
		{ "say \"hi\"", "\"say \"\"hi\"\"\"" },
		{ "two\nlines", "\"two\nlines\"" },
		{ "=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\"" },
		{ "+1", "\"'+1\"" },
		{ "-2+3", "\"'-2+3\"" },
		{ "@SUM(A1)", "\"'@SUM(A1)\"" },
		{ "\t=1", "\"'\t=1\"" },
		{ "\r=1", "\"'\r=1\"" },
		{ "a=1", "a=1" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sbuf b = SBUF_INIT;

		results_csv_field(&b, cases[i].in);
		if (strcmp(sbuf_str(&b), cases[i].out))
			fail_msg("%s:%d: field \"%s\": got [%s], want [%s]",
				 __FILE__, __LINE__, cases[i].in, sbuf_str(&b),
				 cases[i].out);
		sbuf_release(&b);
	}
	{
		struct sbuf b = SBUF_INIT;

		results_csv_field(&b, NULL);
		assert_int_equal(b.len, 0);
		sbuf_release(&b);
	}
}

/* A grade in Gradescope's results.json shape, read back as JSON: the
 * keys of its specification only, scores to hundredths, Markdown
 * outputs, every test visible with its status. */
static void test_gradescope(void **state)
{
	const struct gradescope_test tests[] = {
		{ "correctness: float, n = 2^24", 10, 10, true, "verified" },
		{ "speed", 100.0 / 3, 40, false, NULL },
		{ "no bank conflicts", 0, 5, false, "line 16: \"x\"\n" },
	};
	const struct gradescope_result g = {
		.score = 10 + 100.0 / 3, .output = "Score 43.33 (rank 2=)",
		.tests = tests, .ntests = 3,
	};
	char *text = json_gradescope_encode(&g);
	json_error_t err;
	json_t *j, *t;
	const char *key;
	json_t *v;

	(void)state;
	assert_non_null(text);
	assert_int_equal(text[strlen(text) - 1], '\n');
	j = json_loads(text, 0, &err);
	if (!j)
		fail_msg("%s:%d: not JSON (%s): %s", __FILE__, __LINE__,
			 err.text, text);
	assert_true(json_is_object(j));
	json_object_foreach(j, key, v)
		if (strcmp(key, "score") && strcmp(key, "output") &&
		    strcmp(key, "output_format") &&
		    strcmp(key, "test_output_format") && strcmp(key, "tests"))
			fail_msg("%s:%d: key \"%s\" is not Gradescope's",
				 __FILE__, __LINE__, key);
	assert_float_equal(json_real_value(json_object_get(j, "score")), 43.33,
			   1e-9);
	assert_string_equal(json_string_value(json_object_get(j, "output")),
			    "Score 43.33 (rank 2=)");
	assert_string_equal(json_string_value(json_object_get(j,
							      "output_format")),
			    "md");
	t = json_object_get(j, "tests");
	assert_int_equal(json_array_size(t), 3);
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(t, 0), "name")), "correctness: float, n = 2^24");
	assert_float_equal(json_real_value(json_object_get(
		json_array_get(t, 1), "score")), 33.33, 1e-9);
	assert_float_equal(json_real_value(json_object_get(
		json_array_get(t, 1), "max_score")), 40, 1e-9);
	assert_null(json_object_get(json_array_get(t, 1), "output"));
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(t, 0), "status")), "passed");
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(t, 2), "status")), "failed");
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(t, 2), "output")), "line 16: \"x\"\n");
	for (size_t i = 0; i < 3; i++)
		assert_string_equal(json_string_value(json_object_get(
			json_array_get(t, i), "visibility")), "visible");
	json_decref(j);
	free(text);
}

static char *write_tmp(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", tmpdir, name);
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	return path;
}

static void expect_reject(const char *name, const char *text,
			  const char *message)
{
	struct results r;
	char *buf = NULL, *path = write_tmp(name, text);
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	diag_set_stream(mem);
	assert_int_equal(results_read(path, &r), -1);
	diag_set_stream(NULL);
	fclose(mem);
	if (!strstr(buf, message) || strncmp(buf, path, strlen(path)) != 0)
		fail_msg("%s: got \"%s\", want \"%s\"", name, buf, message);
	assert_int_equal(r.nrows, 0);
	free(buf);
	free(path);
}

static void test_reject(void **state)
{
	struct results a;
	char *path, *text, *cut;
	size_t len;

	(void)state;
	expect_reject("empty.json", "", "not a valid results file");
	expect_reject("junk.json", "\x01\x02garbage", "not a valid results file");
	expect_reject("array.json", "[1,2]", "not a culab results file");
	expect_reject("other.json", "{\"schema\":\"nvbench\"}",
		      "not a culab results file");
	expect_reject("future.json",
		      "{\"schema\":\"culab-results\",\"schema_version\":99}",
		      "schema version 99 is not supported");
	expect_reject("norows.json",
		      "{\"schema\":\"culab-results\",\"schema_version\":1}",
		      "rows: missing or not an array");
	expect_reject("dup.json",
		      "{\"schema\":\"culab-results\",\"schema\":\"x\"}",
		      "duplicate object key");

	/* A file cut in the middle (a crash of something else) is refused. */
	fill(&a);
	assert_int_equal(output_save(tmpdir, &a), 0);
	path = xasprintf("%s/results.json", tmpdir);
	assert_int_equal(read_file(path, 1 << 20, &text, &len), 0);
	cut = xstrndup(text, len / 2);
	expect_reject("truncated.json", cut, "not a valid results file");
	/* A row with a wrong type names the row and field. */
	{
		char *bad = xstrdup(text),
		     *p = strstr(strstr(bad, "\"rows\""), "\"step\": 1,");

		assert_non_null(p);
		memcpy(p, "\"step\":\"\",", 10);
		expect_reject("badtype.json", bad,
			      "rows[0].step: \"\" is not an integer");
		free(bad);
	}
	/* The variants' table is checked as strictly as the rows. */
	{
		static const struct {
			const char *from, *to, *err;
		} bad[] = {
			{ "\"in-place\"", "\"fast\"",
			  "variants[0].flags: missing or not a list of known "
			  "flags" },
			{ "\"op\": \"<\"", "\"op\": \"~\"",
			  "variants[1].expect[1].op: \"~\" is not one of <, <=, >, >=" },
			{ "\"family\": \"reduce\",\n   \"step\": 7",
			  "\"family\": \"scan\",\n   \"step\": 7",
			  "variants[1].family: \"scan\" is not a known family" },
			{ "\"name\": \"=bad,\\\"name\\\"\",\n   \"family\"",
			  "\"name\": \"reduce_global\",\n   \"family\"",
			  "variants[1].name: \"reduce_global\" is not unique in "
			  "the table" },
			{ "\"types\": [\n      \"float\"",
			  "\"types\": [\n      \"half\"",
			  "variants[1].expect[0].types: missing or not a list of int, "
			  "float and double" },
		};

		for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
			char *p = strstr(text, bad[i].from), *t;

			if (!p)
				fail_msg("\"%s\" not in the saved file", bad[i].from);
			t = xasprintf("%.*s%s%s", (int)(p - text), text,
				      bad[i].to, p + strlen(bad[i].from));
			expect_reject("badvariant.json", t, bad[i].err);
			free(t);
		}
	}
	/* Resources out of range are a bad file, named by row and field. */
	{
		static const struct {
			const char *from, *to, *err;
		} bad[] = {
			{ "\"registers\": 16,", "\"registers\": -1,",
			  "rows[0].resources.registers: -1 is not an integer "
			  "from 0 to 255" },
			{ "\"registers\": 255,", "\"registers\": 256,",
			  "rows[1].resources.registers: 256 is not an integer "
			  "from 0 to 255" },
			{ "\"static_smem\": 49152,", "\"static_smem\": -8,",
			  "rows[1].resources.static_smem: -8 is not a size in "
			  "bytes" },
			{ "\"spill_bytes\": 16,", "\"spill_bytes\": -1,",
			  "rows[1].resources.spill_bytes: -1 is not a size in "
			  "bytes or null" },
			{ "\"kernels\": 2,", "\"kernels\": 0,",
			  "rows[0].resources.kernels: 0 is not a positive "
			  "integer" },
			{ "\"block_threads\": 256,", "\"block_threads\": 1.5,",
			  "rows[0].resources.block_threads: 1.5 is not an "
			  "integer" },
			{ "\"occupancy_pct\": 100.0,", "\"occupancy_pct\": 100.5,",
			  "rows[0].resources.occupancy_pct: 100.5 is not a "
			  "percentage (0 .. 100)" },
			{ "\"limiter\": \"warps\"", "\"limiter\": \"cache\"",
			  "rows[0].resources.limiter: \"cache\" is not one of "
			  "warps, blocks per SM, registers, shared memory" },
			{ "\"resources\": {\n    \"known\": true,\n    \"kernel\": \"reduce\"",
			  "\"resources\": {\n    \"kernel\": \"reduce\"",
			  "rows[1].resources.known: missing or not true or "
			  "false" },
			{ "\"resources\": {\n    \"known\": true,\n    \"kernel\": \"reduce_global",
			  "\"resources\": [], \"x\": {\"kernel\": \"reduce_global",
			  "rows[0].resources: missing or not an object" },
		};

		for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
			char *p = strstr(text, bad[i].from), *t;

			if (!p)
				fail_msg("\"%s\" not in the saved file", bad[i].from);
			t = xasprintf("%.*s%s%s", (int)(p - text), text,
				      bad[i].to, p + strlen(bad[i].from));
			expect_reject("badresources.json", t, bad[i].err);
			free(t);
		}
	}
	free(cut);
	free(text);
	free(path);
	results_release(&a);
}

static void test_missing_file(void **state)
{
	struct results r;

	(void)state;
	diag_set_stream(fopen("/dev/null", "w"));
	assert_int_equal(results_read("/nonexistent/results.json", &r), -1);
	fclose(diag_stream());
	diag_set_stream(NULL);
}

static void test_pop_row(void **state)
{
	struct results a;

	(void)state;
	fill(&a);
	results_pop_row(&a);
	assert_int_equal(a.nrows, 1);
	assert_string_equal(a.rows[0].variant, "reduce_global");
	results_release(&a);
	results_pop_row(&a);
	assert_int_equal(a.nrows, 0);
}

static bool not_global(const struct result_row *w, void *ctx)
{
	(void)ctx;
	return strcmp(w->variant, "reduce_global") != 0;
}

static bool none(const struct result_row *w, void *ctx)
{
	(void)w;
	(void)ctx;
	return false;
}

/* A class's resumed pieces keep the rows of some variants only. */
static void test_keep_rows(void **state)
{
	struct results a;
	char *second;

	(void)state;
	fill(&a);
	assert_int_equal(a.nrows, 2);
	free(a.rows[1].variant);
	a.rows[1].variant = xstrdup("alice");
	second = xstrdup(a.rows[1].variant);
	assert_string_equal(a.rows[0].variant, "reduce_global");
	results_keep_rows(&a, not_global, NULL);
	assert_int_equal(a.nrows, 1);
	assert_string_equal(a.rows[0].variant, second);
	assert_null(a.rows[1].variant);
	results_keep_rows(&a, none, NULL);
	assert_int_equal(a.nrows, 0);
	free(second);
	results_release(&a);
}

/* The last row of each measurement kept, in order; rows that differ in
 * any part of the key all kept. */
static void test_keep_last(void **state)
{
	struct results a;

	(void)state;
	fill(&a);
	assert_int_equal(a.nrows, 2);
	/* rows[2] repeats rows[0], rows[3] is rows[1] at another block */
	for (int i = 0; i < 2; i++) {
		struct result_row *w = results_add_row(&a);

		w->experiment = xstrdup(a.rows[i].experiment);
		w->variant = xstrdup(a.rows[i].variant);
		w->dtype = xstrdup(a.rows[i].dtype);
		w->n = a.rows[i].n;
		w->m = a.rows[i].m;
		w->block = a.rows[i].block + i;
		w->status = ROW_SKIPPED;
	}
	results_keep_last(&a);
	/* rows[0] gave way to its later repeat: rows[1], the repeat, the
	 * other block */
	assert_int_equal(a.nrows, 3);
	assert_string_equal(a.rows[0].variant, a.rows[2].variant);
	assert_int_equal(a.rows[0].block + 1, a.rows[2].block);
	assert_int_equal(a.rows[0].status, ROW_WRONG);
	assert_string_equal(a.rows[1].variant, "reduce_global");
	assert_int_equal(a.rows[1].status, ROW_SKIPPED);
	assert_int_equal(a.rows[2].status, ROW_SKIPPED);
	results_release(&a);
}

/* --resume's view of results: every row, in order, with its key and
 * whether it was verified. */
static void test_done(void **state)
{
	struct results a;
	struct plan_done *d;

	(void)state;
	fill(&a);
	a.rows[1].status = ROW_WRONG;
	d = results_done(&a);
	assert_non_null(d);
	for (size_t i = 0; i < a.nrows; i++) {
		assert_string_equal(d[i].experiment, a.rows[i].experiment);
		assert_string_equal(d[i].variant, a.rows[i].variant);
		assert_string_equal(d[i].dtype, a.rows[i].dtype);
		assert_int_equal(d[i].n, a.rows[i].n);
		assert_int_equal(d[i].m, a.rows[i].m);
		assert_int_equal(d[i].block, a.rows[i].block);
		assert_int_equal(d[i].row, i);
		assert_int_equal(d[i].ok, a.rows[i].status == ROW_OK);
	}
	assert_false(d[1].ok);
	free(d);
	results_release(&a);
	assert_null(results_done(&a));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timing_stats),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_resources_round_trip),
		cmocka_unit_test(test_missing_round_trip),
		cmocka_unit_test(test_kernel_rounds_round_trip),
		cmocka_unit_test(test_resources_absent),
		cmocka_unit_test(test_upgrade_v1),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_csv_field),
		cmocka_unit_test(test_gradescope),
		cmocka_unit_test(test_reject),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_pop_row),
		cmocka_unit_test(test_keep_rows),
		cmocka_unit_test(test_keep_last),
		cmocka_unit_test(test_done),
	};
	int rc;

	if (!mkdtemp(tmpdir))
		return 1;
	rc = cmocka_run_group_tests_name("results", tests, NULL, NULL);
	remove_tree(tmpdir);
	return rc;
}
