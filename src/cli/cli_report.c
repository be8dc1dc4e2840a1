/* cli_report.c - the commands that read what a run left or what the
 * machine has, and print it: `culab report` (the lab report of a results
 * file), `culab verify` (its counters against each variant's signature)
 * and `culab devices`.  Their rows, options and help are cli_table.c's. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/util.h"
#include "cli.h"
#include "compare/compare.h"
#include "jobs/jobs.h"
#include "report/report.h"
#include "results/results.h"

/* ---- culab report ------------------------------------------------------------ */

/* The options of report into ro, co and *baseline. */
static int report_options(struct cli_context *cx, struct report_options *ro,
			  struct cmp_opts *co, const char **baseline)
{
	const struct cli_command *c = cx->cmd;

	for (size_t i = 0; i < cx->args.nopts; i++) {
		const struct cli_value *v = &cx->args.opts[i];

		switch (v->key) {
		case K_OUTPUT: ro->dir = v->arg; break;
		case K_LANG: report_lang_parse(v->arg, &ro->langs); break;
		case K_FORMAT: report_format_parse(v->arg, &ro->formats); break;
		case K_TEMPLATE: ro->template_path = v->arg; break;
		case K_NO_CHARTS: ro->charts = false; break;
		case K_GNUPLOT: ro->gnuplot = v->arg; break;
		case K_BASELINE: *baseline = v->arg; break;
		case K_THRESHOLD:
			if (cli_parse_threshold(c, v, &co->threshold))
				return EXIT_USAGE;
			break;
		case K_MATCH:
			if (cli_parse_match(c, v, co))
				return EXIT_USAGE;
			break;
		case K_FLOOR:
			if (cli_parse_floor(c, v, co))
				return EXIT_USAGE;
			break;
		}
	}
	if ((co->threshold > 0 || co->nmatch || co->floor_given) && !*baseline)
		return cli_usage_error(c, "--threshold, --floor and --match go "
				       "with --baseline");
	return 0;
}

int cmd_report(struct cli_context *cx)
{
	const struct cli_command *c = cx->cmd;
	const char *path = cx->args.operands[0];
	struct report_options ro;
	unsigned wrote = 0;
	struct results both[2] = { { 0 } }, *base = &both[0], *r = &both[1];
	struct cmp_opts co = { 0 };
	struct compare cmp = { 0 };
	const char *baseline = NULL;
	struct output_input in[2];
	char *dir = NULL;
	int rc;

	report_options_init(&ro);
	ro.dir = NULL;
	rc = report_options(cx, &ro, &co, &baseline);
	if (rc)
		return rc;
	if (baseline) {
		rc = cli_baseline(c, baseline, path, &co, both, &cmp);
		if (rc != EXIT_OK)
			goto out;
		ro.baseline = &cmp;
		ro.baseline_path = baseline;
	} else if (results_read(path, r) < 0) {
		return EXIT_USAGE;
	}
	if (!ro.dir) {
		/* Beside the results file by default ("/" for /R.json). */
		const char *slash = strrchr(path, '/');

		dir = !slash ? xstrdup(".") : slash == path ? xstrdup("/") :
		      xstrndup(path, (size_t)(slash - path));
		ro.dir = dir;
	}
	/* Bad templates, an output directory that cannot be made (or
	 * holds a planted charts/ link) or whose pages would replace an
	 * input are bad input, refused before anything is created or
	 * written. */
	ro.wrote = &wrote;
	in[0] = (struct output_input){ "the results file", path };
	in[1] = (struct output_input){ "the baseline", baseline };
	if ((rc = cli_check_outputs(c, ro.dir, &ro, OUT_REPORT, in, 2)) != 0)
		;   /* said */
	else if (report_prepare(&ro) < 0 || dir_make_writable(ro.dir) < 0)
		rc = EXIT_USAGE;
	else if (output_report(ro.dir, r, &ro) < 0)
		rc = EXIT_FAILED;
	else if (!cx->args.quiet)
		cli_report_line(ro.dir, &ro, r);
out:
	compare_release(&cmp);
	results_release(base);
	results_release(r);
	free(dir);
	return rc;
}

/* ---- culab verify ----------------------------------------------------------- */

/* One verdict line. */
static void print_check(const struct results *r, const struct sig_check *s)
{
	const struct result_row *w = &r->rows[s->row];

	/* names from the file: escaped (diag.h) */
	diag_printf(stdout, "%-7s %s/%s/%s/%" PRIu64 "x%" PRIu64 ": %s = %.4g, "
		    "want %s %.4g", sig_verdict_name(s->verdict), w->experiment,
		    w->variant, w->dtype, w->n, w->m, s->x->column, s->value,
		    s->x->op, s->bound);
	if (s->x->than)
		diag_printf(stdout, " (%g x %s)", s->x->value, s->x->than);
	putchar('\n');
}

int cmd_verify(struct cli_context *cx)
{
	struct results r;
	struct sig_check *s = NULL;
	size_t n, i, pass = 0, failed = 0, missing = 0;
	int rc = EXIT_OK;

	if (results_read(cx->args.operands[0], &r) < 0)
		return EXIT_USAGE;
	n = signature_check_all(&r, &s);
	for (i = 0; i < n; i++) {
		if (s[i].verdict == SIG_PASS)
			pass++;
		else if (s[i].verdict == SIG_FAIL)
			failed++;
		else
			missing++;
		if (!cx->args.json &&
		    !(cx->args.quiet && s[i].verdict == SIG_PASS))
			print_check(&r, &s[i]);
	}
	if (cx->args.json && json_print_signatures(stdout, &r, s, n) < 0)
		rc = EXIT_FAILED;
	else if (!cx->args.json)
		printf("culab verify: %zu signature checks: %zu passed, %zu "
		       "failed, %zu without data\n", n, pass, failed, missing);
	free(s);
	results_release(&r);
	if (rc == EXIT_OK && failed)
		rc = EXIT_FAILED;
	else if (rc == EXIT_OK && (!n || missing == n)) {
		diag_error("no counter data to verify: run with counters on "
			   "float data");
		rc = EXIT_FAILED;
	}
	return rc;
}

/* ---- culab devices --------------------------------------------------------------- */

/* The memory line of `culab devices`: kind, bus, data rate and peak. */
static void print_device_memory(int i, const struct environment *e)
{
	struct env_memory_facts mf;
	struct env_memory_peak mp;

	env_memory(i, &mf, &mp);
	printf("  memory: %.1f GiB %s, %d-bit bus at %d MHz",
	       (double)e->global_mem_bytes / (1 << 30),
	       env_memory_kind_name(mp.kind), e->mem_bus_width_bits,
	       e->mem_clock_khz / 1000);
	if (mp.gbit_per_pin > 0)
		printf(" (%.2f Gb/s per pin)", mp.gbit_per_pin);
	if (mp.gbps > 0)
		printf(": theoretical peak %.1f GB/s\n", mp.gbps);
	else
		printf(": theoretical peak unknown: %s\n", mp.why_unknown);
}

/* Whether culab can serve device i (made current to ask); with text,
 * says why not, or what it will not measure there. */
static bool device_usable(int i, const struct environment *e, bool text)
{
	char why[1024];
	int ok = env_open_device(i, why, sizeof(why)) < 0 ? -1 :
		 env_check_device(i, e, why, sizeof(why));

	if (text && ok < 0)
		printf("  culab cannot use it: %s\n", why);
	else if (text && ok > 0)
		printf("  note: %s\n", why);
	return ok >= 0;
}

static void print_device(int i, const struct environment *e)
{
	printf("device %d: %s\n", i, e->gpu_name);
	printf("  compute capability %d.%d, %d SMs, SM clock up to %d MHz, "
	       "%zu MiB L2\n", e->cc_major, e->cc_minor, e->sm_count,
	       e->sm_clock_khz / 1000, e->l2_bytes >> 20);
	print_device_memory(i, e);
	printf("  driver %d.%d, runtime %d.%d, %s\n", e->driver_version / 1000,
	       e->driver_version % 1000 / 10, e->runtime_version / 1000,
	       e->runtime_version % 1000 / 10, e->gpu_uuid);
}

int cmd_devices(struct cli_context *cx)
{
	bool json = cx->args.json, text = !json && !cx->args.quiet;
	struct environment *envs = NULL;
	char why[1024];
	int n, i, usable = 0, rc = EXIT_OK;

	n = env_device_count(why, sizeof(why));
	if (n < 0) {
		/* a document all the same: there are no devices */
		if (json && json_print_devices(stdout, NULL, 0) < 0)
			return EXIT_FAILED;
		diag_error("no usable GPU: %s", why);
		return EXIT_NO_GPU;
	}
	envs = xcalloc((size_t)n + 1, sizeof(*envs));
	for (i = 0; i < n; i++) {
		if (env_probe(i, &envs[i], why, sizeof(why)) < 0) {
			diag_error("device %d: %s", i, why);
			rc = EXIT_NO_GPU;
		}
	}
	if (json && json_print_devices(stdout, envs, rc == EXIT_OK ?
				       (size_t)n : 0) < 0)
		rc = EXIT_FAILED;
	for (i = 0; rc == EXIT_OK && i < n; i++) {
		if (text)
			print_device(i, &envs[i]);
		usable += device_usable(i, &envs[i], text);
	}
	if (rc == EXIT_OK && !usable) {
		diag_error("no usable GPU: culab cannot use any of the %d "
			   "device%s", n, n == 1 ? "" : "s");
		rc = EXIT_NO_GPU;
	}
	for (i = 0; i < n; i++) {
		struct results tmp = { 0 };

		tmp.env = envs[i];
		results_release(&tmp);
	}
	free(envs);
	return rc;
}
