/* results/clock_record.h - what a row records of the GPU's clocks: NVML's
 * readings, gathered around the timed runs, and the table of throttle
 * reasons (clock_record.c).  Data only: run/nvml.h reads the GPU, this
 * says what a reading means, so that the results and the report need no
 * NVML. */
#ifndef CULAB_RESULTS_CLOCK_RECORD_H
#define CULAB_RESULTS_CLOCK_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One reading; NAN (or have_reasons false) where NVML cannot tell. */
struct nvml_reading {
	double sm_mhz, mem_mhz;
	double temp_c;
	double power_w;             /* as NVML reports it: on most GPUs an
				       average over about a second */
	uint64_t reasons;           /* throttle reasons (NVML's bits) */
	bool have_reasons;
};

/* What a row records of the readings taken around its timed runs. */
struct clock_record {
	bool known;                 /* false: `why` says why not */
	char *why;
	int readings;
	double sm_mhz_min, sm_mhz_max;
	double mem_mhz_min, mem_mhz_max;
	double temp_c_max;
	double power_w_max;
	bool reasons_known;         /* some reading had reasons */
	uint64_t reasons;           /* every reason seen (NVML's bits) */
	bool throttled;             /* a reason that counts was seen */
};

/* Unknown, with a copy of why (any previous contents freed). */
void clock_record_set_unknown(struct clock_record *c, const char *why);
/* Known and empty: readings are added next (previous contents freed). */
void clock_record_start(struct clock_record *c);
/* Adds one reading: min and max, the union of reasons, throttled. */
void clock_record_add(struct clock_record *c, const struct nvml_reading *r);
/* Frees what *c owns and zeroes it; accepts NULL. */
void clock_record_release(struct clock_record *c);

/* ---- throttle reasons (pure) -------------------------------------------- */

/* What counts as throttled is a column of the reason table in
 * clock_record.c (docs/clocks.md): the power cap, thermal and hardware
 * slowdowns, the power brake and sync boost lower the clocks below what
 * the GPU would run at; an idle GPU and clocks an administrator set do
 * not count (they are recorded). */
struct nvml_reason {
	uint64_t bit;
	const char *name;           /* "sw_power_cap" */
	bool throttles;             /* counts as throttled */
	const char *about;          /* one line, English */
};

/* The reason table, in bit order. */
const struct nvml_reason *nvml_reasons(size_t *n);
/* Whether mask holds a reason that counts as throttled. */
bool nvml_reasons_throttle(uint64_t mask);
/* The names of mask's reasons, in bit order, separated by sep; a bit the
 * table lacks is written "0x200".  "" for none.  Written to buf (cut to
 * size), returned. */
const char *nvml_reason_names(uint64_t mask, const char *sep, char *buf,
			      size_t size);
/* The bit of reason `name` (a table name or "0x..."), or 0. */
uint64_t nvml_reason_parse(const char *name);

#ifdef __cplusplus
}
#endif

#endif
