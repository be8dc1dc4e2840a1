/* csv.c - results.csv: one line per row, for spreadsheets.  See results.h.
 *
 * Non-finite numbers (NAN: "not applicable" or "missing") are empty
 * cells, as they are JSON null. */
#include "results.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* ---- writing CSV ------------------------------------------------------ */

static const char csv_header[] =
	"experiment,family,variant,step,dtype,n,m,block,status,verified,"
	"median_ms,min_ms,max_ms,mean_ms,stdev_ms,noise_pct,samples,"
	"median_lo_ms,median_hi_ms,q1_ms,q3_ms,outliers,stop,bytes,"
	"gbps,pct_peak,error,tolerance,timer,counters_status,message,"
	"res_registers,res_static_smem,res_dynamic_smem,res_local_bytes,"
	"res_spill_bytes,res_block_threads,res_occupancy_pct,res_limiter,"
	"clk_sm_mhz_min,clk_sm_mhz_max,clk_mem_mhz_min,clk_mem_mhz_max,"
	"clk_temp_c_max,clk_power_w_max,clk_reasons,clk_throttled,clk_status,"
	"gpu,host,device";

const char *results_csv_header(void) { return csv_header; }

void results_csv_field(struct sbuf *b, const char *s)
{
	if (!s)
		return;
	if (*s == '=' || *s == '+' || *s == '-' || *s == '@' ||
	    *s == '\t' || *s == '\r') {
		sbuf_add(b, "\"'");
	} else if (strpbrk(s, ",\"\r\n")) {
		sbuf_addc(b, '"');
	} else {
		sbuf_add(b, s);
		return;
	}
	for (; *s; s++)
		sbuf_addn(b, *s == '"' ? "\"\"" : s, *s == '"' ? 2 : 1);
	sbuf_addc(b, '"');
}

static void csv_str(struct sbuf *b, const char *s)
{
	results_csv_field(b, s);
}

static void csv_num(struct sbuf *b, double v)
{
	if (isfinite(v))
		sbuf_addf(b, "%.9g", v);
}

/* The median's interval, the quartiles, the outliers (empty for a
 * failed row, which shows no time) and why the samples ended; each
 * followed by a comma. */
static void csv_timing(struct sbuf *b, const struct timing *t, bool timed)
{
	const char *stop = repeats_stop_name(t->stop);

	csv_num(b, timed ? t->median_lo_ms : NAN);
	sbuf_add(b, ",");
	csv_num(b, timed ? t->median_hi_ms : NAN);
	sbuf_add(b, ",");
	csv_num(b, timed ? t->q1_ms : NAN);
	sbuf_add(b, ",");
	csv_num(b, timed ? t->q3_ms : NAN);
	sbuf_add(b, ",");
	if (timed)
		sbuf_addf(b, "%zu", t->outliers);
	sbuf_addf(b, ",%s,", stop ? stop : "");
}

/* The res_* columns: empty when the resources are not known. */
static void csv_resources(struct sbuf *b, const struct kernel_resources *k)
{
	if (!k->known) {
		sbuf_add(b, ",,,,,,,,");
		return;
	}
	sbuf_addf(b, ",%d,%d,%d,%d,", k->registers, k->static_smem,
		  k->dynamic_smem, k->local_bytes);
	if (k->spill_bytes >= 0)
		sbuf_addf(b, "%d", k->spill_bytes);
	sbuf_addf(b, ",%d,", k->block_threads);
	csv_num(b, k->occupancy_pct);
	sbuf_add(b, ",");
	csv_str(b, resource_limiter_name(k->limiter));
}

/* The clk_* columns: NVML's readings over the timed runs; when they are
 * not known, empty cells and the reason in clk_status. */
static void csv_clocks(struct sbuf *b, const struct clock_record *c)
{
	char names[256];

	if (!c->known) {
		sbuf_add(b, ",,,,,,,,,");
		csv_str(b, c->why);
		return;
	}
	sbuf_add(b, ",");
	csv_num(b, c->sm_mhz_min);
	sbuf_add(b, ",");
	csv_num(b, c->sm_mhz_max);
	sbuf_add(b, ",");
	csv_num(b, c->mem_mhz_min);
	sbuf_add(b, ",");
	csv_num(b, c->mem_mhz_max);
	sbuf_add(b, ",");
	csv_num(b, c->temp_c_max);
	sbuf_add(b, ",");
	csv_num(b, c->power_w_max);
	sbuf_add(b, ",");
	if (c->reasons_known)
		csv_str(b, nvml_reason_names(c->reasons, " ", names,
					     sizeof(names)));
	sbuf_addf(b, ",%s,", !c->reasons_known ? "" :
		  c->throttled ? "true" : "false");
}

/* gpu, host, device: where the row ran (empty when unknown). */
static void csv_device(struct sbuf *b, const struct environment *e)
{
	sbuf_add(b, ",");
	if (!e) {
		sbuf_add(b, ",,");
		return;
	}
	csv_str(b, e->gpu_name);
	sbuf_add(b, ",");
	csv_str(b, e->hostname);
	sbuf_add(b, ",");
	if (e->cuda_device >= 0)
		sbuf_addf(b, "%d", e->cuda_device);
}

/* Column names of all rows' counters, in first-seen order (a hash of the
 * names seen: linear in the columns of the file). */
static size_t counter_columns(const struct results *r, const char ***out)
{
	struct strmap seen = STRMAP_INIT;
	const char **names = NULL;
	size_t n = 0, i, j;

	for (i = 0; i < r->nrows; i++)
		for (j = 0; j < r->rows[i].ncolumns; j++) {
			const char *c = r->rows[i].columns[j].name;

			if (strmap_put(&seen, c, n) == n) {
				names = xrealloc(names, (n + 1) * sizeof(*names));
				names[n++] = c;
			}
		}
	strmap_release(&seen);
	*out = names;
	return n;
}

char *results_csv_text(const struct results *r)
{
	struct sbuf b = SBUF_INIT;
	const char **cols;
	size_t ncols = counter_columns(r, &cols), i, j, k;

	sbuf_add(&b, csv_header);
	for (j = 0; j < ncols; j++) {
		sbuf_add(&b, ",");
		csv_str(&b, cols[j]);
	}
	sbuf_add(&b, "\n");
	for (i = 0; i < r->nrows; i++) {
		const struct result_row *w = &r->rows[i];
		bool timed = w->status == ROW_OK;

		csv_str(&b, w->experiment);
		sbuf_add(&b, ",");
		csv_str(&b, w->family);
		sbuf_add(&b, ",");
		csv_str(&b, w->variant);
		sbuf_addf(&b, ",%d,", w->step);
		csv_str(&b, w->dtype);
		sbuf_addf(&b, ",%" PRIu64 ",%" PRIu64 ",%d,%s,%s,", w->n, w->m,
			  w->block, row_status_name(w->status),
			  w->verified ? "true" : "false");
		/* A failed row never shows a speed. */
		csv_num(&b, timed ? w->t.median_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.min_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.max_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.mean_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.stdev_ms : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->t.noise_pct : NAN);
		sbuf_addf(&b, ",%zu,", w->t.nsamples);
		csv_timing(&b, &w->t, timed);
		csv_num(&b, w->bytes);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->gbps : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, timed ? w->pct_peak : NAN);
		sbuf_add(&b, ",");
		csv_num(&b, w->error);
		sbuf_add(&b, ",");
		csv_num(&b, w->tolerance);
		sbuf_add(&b, ",");
		csv_str(&b, w->timer);
		sbuf_add(&b, ",");
		csv_str(&b, w->counters_status);
		sbuf_add(&b, ",");
		csv_str(&b, w->message);
		csv_resources(&b, &w->resources);
		csv_clocks(&b, &w->clocks);
		csv_device(&b, results_row_device(r, w));
		for (j = 0; j < ncols; j++) {
			sbuf_add(&b, ",");
			for (k = 0; k < w->ncolumns; k++)
				if (strcmp(w->columns[k].name, cols[j]) == 0) {
					csv_num(&b, w->columns[k].value);
					break;
				}
		}
		sbuf_add(&b, "\n");
	}
	free(cols);
	return sbuf_detach(&b);
}


