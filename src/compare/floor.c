/* floor.c - run-to-run floors: the kinds of rows, the table of floors
 * measured from same-code reruns, the rule that gives a row its floor,
 * and the measurement that fills the table (culab compare --noise).  See
 * floor.h.
 *
 * The floors are data, one table, each entry citing the recording it was
 * measured from; `culab compare --noise` prints the entries of new
 * recordings in this table's form, so that the table is redone from the
 * files, not typed in.  A GPU model appears only where a recording of it
 * exists: the others take the fallback the rule states.  Pure: no I/O. */
#include "floor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "base/util.h"
#include "ladder/ladder.h"
#include "results/results.h"

/* ---- kinds ---------------------------------------------------------------- */

const char *compare_kind_name(enum compare_kind k)
{
	static const char *const names[CK__COUNT] = {
		[CK_GPU] = "gpu", [CK_GPU_L2] = "gpu in L2",
		[CK_HOST_STEP] = "host step", [CK_CPU] = "cpu",
	};

	return (unsigned)k < CK__COUNT ? names[k] : "?";
}

/* A GPU row's kind by its bytes against its GPU's L2. */
static enum compare_kind gpu_kind(const struct results *r,
				  const struct result_row *w)
{
	const struct environment *e = r->has_env ? results_row_device(r, w) :
				      NULL;

	return e && e->l2_bytes && w->bytes > 0 &&
	       w->bytes <= (double)e->l2_bytes ? CK_GPU_L2 : CK_GPU;
}

enum compare_kind compare_row_kind(const struct results *r,
				   const struct result_row *w)
{
	const struct variant *v = w->variant ? results_variant(r, w->variant) :
				  NULL;

	if (!v && w->variant)
		v = registry_find(w->variant);
	if (v)
		return v->flags & VF_CPU ? CK_CPU :
		       v->flags & VF_HOST_STEP ? CK_HOST_STEP : gpu_kind(r, w);
	return w->timer && !strcmp(w->timer, "host-clock") ? CK_CPU :
	       gpu_kind(r, w);
}

const char *compare_floor_from_name(enum compare_floor_from f)
{
	static const char *const names[CFF__COUNT] = {
		[CFF_NONE] = "none", [CFF_MEASURED] = "measured",
		[CFF_FALLBACK] = "fallback", [CFF_UNMEASURED] = "unmeasured",
		[CFF_FIXED] = "fixed",
	};

	return (unsigned)f < CFF__COUNT ? names[f] : "?";
}

/* ---- the table ------------------------------------------------------------- */

#define H100 "NVIDIA H100 80GB HBM3"

/* Every recording of same-code reruns on a model gives entries; the rule
 * takes the largest that applies, whichever recording it came from.
 *
 * reports/compare/h100-noise (RECORDED.md): on one H100, three runs of
 * make bench, two of experiments/default.yaml and two of
 * tests/gpu/noise/planted-0.yaml, code unchanged, a minute or two
 * apart (tests/gpu/noise.sh); the entries as `culab compare --noise`
 * prints them for the ten files. */
#define H100_NOISE "reports/compare/h100-noise, 2026-11-28"
/* reports/compare/h100-noise-b: the same on another H100, 6 minutes
 * later; judged first against the entries of the other two recordings
 * (docs/statistics-and-compare.md: 6 false alarms in 629 pairs, every
 * one a host step or the CPU reference), then added. */
#define H100_NOISE_B "reports/compare/h100-noise-b, 2026-11-28"
/* reports/compare/h100-noise-c: the same on a third H100, 18 minutes
 * later; judged first against the entries of the three above (1 false
 * alarm in 629 pairs, a host step), then added. */
#define H100_NOISE_C "reports/compare/h100-noise-c, 2026-11-28"
/* reports/examples/h100/results.json as recorded on 2026-11-27 (kept as
 * tests/fixtures/recorded-2026-11-27/h100-default/results.json since the
 * example was recorded again) against
 * reports/compare/h100-twice/second-run.json: experiments/default.yaml
 * twice on another H100, two minutes apart, code unchanged
 * (reports/compare/RECORDED.md); the entries as `culab compare --noise`
 * prints them for the two files. */
#define H100_TWICE "reports/compare/h100-twice, 2026-11-27"

static const struct compare_floor floors[] = {
	/* gpu, kind, lo_ms, hi_ms, floor, pairs, source */
	{ H100, CK_GPU, 0.032, 0.064, 0.0239, 45, H100_NOISE },
	{ H100, CK_GPU, 0.064, 0.128, 0.008803, 53, H100_NOISE },
	{ H100, CK_GPU, 0.128, 0.256, 0.005227, 33, H100_NOISE },
	{ H100, CK_GPU, 262.144, 524.288, 0.003198, 4, H100_NOISE },
	{ H100, CK_GPU_L2, 0.008, 0.016, 0.05675, 71, H100_NOISE },
	{ H100, CK_GPU_L2, 0.016, 0.032, 0.04032, 14, H100_NOISE },
	{ H100, CK_GPU_L2, 0.032, 0.064, 0.01433, 2, H100_NOISE },
	{ H100, CK_GPU_L2, 1.024, 2.048, 0.002835, 4, H100_NOISE },
	{ H100, CK_GPU_L2, 4.096, 8.192, 0.0004936, 1, H100_NOISE },
	{ H100, CK_HOST_STEP, 0.016, 0.032, 0.2565, 15, H100_NOISE },
	{ H100, CK_HOST_STEP, 0.128, 0.256, 0.0872, 6, H100_NOISE },
	{ H100, CK_HOST_STEP, 2.048, 4.096, 0.03283, 4, H100_NOISE },
	{ H100, CK_CPU, 16.384, 32.768, 0.4151, 4, H100_NOISE },
	{ H100, CK_CPU, 262.144, 524.288, 0.3731, 4, H100_NOISE },
	{ H100, CK_GPU, 0.016, 0.032, 0.02634, 41, H100_NOISE_B },
	{ H100, CK_GPU, 0.032, 0.064, 0.02493, 45, H100_NOISE_B },
	{ H100, CK_GPU, 0.064, 0.128, 0.00544, 53, H100_NOISE_B },
	{ H100, CK_GPU, 0.256, 0.512, 0.003288, 73, H100_NOISE_B },
	{ H100, CK_GPU, 262.144, 524.288, 0.00225, 4, H100_NOISE_B },
	{ H100, CK_GPU_L2, 0.008, 0.016, 0.06408, 71, H100_NOISE_B },
	{ H100, CK_GPU_L2, 0.016, 0.032, 0.02816, 14, H100_NOISE_B },
	{ H100, CK_GPU_L2, 0.032, 0.064, 0.008342, 2, H100_NOISE_B },
	{ H100, CK_GPU_L2, 1.024, 2.048, 0.004072, 4, H100_NOISE_B },
	{ H100, CK_GPU_L2, 4.096, 8.192, 0.0004136, 1, H100_NOISE_B },
	{ H100, CK_HOST_STEP, 0.128, 0.256, 0.1757, 6, H100_NOISE_B },
	{ H100, CK_HOST_STEP, 2.048, 4.096, 0.03205, 4, H100_NOISE_B },
	{ H100, CK_CPU, 0.512, 1.024, 0.4963, 3, H100_NOISE_B },
	{ H100, CK_CPU, 8.192, 16.384, 0.4864, 3, H100_NOISE_B },
	{ H100, CK_CPU, 262.144, 524.288, 0.3383, 4, H100_NOISE_B },
	{ H100, CK_GPU, 0.032, 0.064, 0.0251, 45, H100_NOISE_C },
	{ H100, CK_GPU, 0.064, 0.128, 0.008299, 53, H100_NOISE_C },
	{ H100, CK_GPU, 262.144, 524.288, 0.004465, 4, H100_NOISE_C },
	{ H100, CK_GPU_L2, 0.008, 0.016, 0.07931, 71, H100_NOISE_C },
	{ H100, CK_GPU_L2, 0.016, 0.032, 0.0105, 14, H100_NOISE_C },
	{ H100, CK_GPU_L2, 0.032, 0.064, 0.003418, 2, H100_NOISE_C },
	{ H100, CK_GPU_L2, 1.024, 2.048, 0.003203, 4, H100_NOISE_C },
	{ H100, CK_GPU_L2, 4.096, 8.192, 0.0003964, 1, H100_NOISE_C },
	{ H100, CK_HOST_STEP, 0.016, 0.032, 0.08805, 15, H100_NOISE_C },
	{ H100, CK_HOST_STEP, 0.032, 0.064, 0.04878, 9, H100_NOISE_C },
	{ H100, CK_HOST_STEP, 2.048, 4.096, 0.03293, 4, H100_NOISE_C },
	{ H100, CK_CPU, 131.072, 262.144, 0.3702, 3, H100_NOISE_C },
	{ H100, CK_CPU, 262.144, 524.288, 0.2474, 1, H100_NOISE_C },
	{ H100, CK_GPU, 0.032, 0.064, 0.02926, 27, H100_TWICE },
	{ H100, CK_GPU, 0.064, 0.128, 0.006941, 23, H100_TWICE },
	{ H100, CK_GPU, 0.128, 0.256, 0.005084, 15, H100_TWICE },
	{ H100, CK_GPU, 0.256, 0.512, 0.004032, 16, H100_TWICE },
	{ H100, CK_GPU, 16.384, 32.768, 0.001601, 3, H100_TWICE },
	{ H100, CK_GPU, 65.536, 131.072, 0.0005295, 1, H100_TWICE },
	{ H100, CK_GPU, 262.144, 524.288, 0.0004951, 1, H100_TWICE },
	{ H100, CK_GPU_L2, 0.008, 0.016, 0.08965, 19, H100_TWICE },
	{ H100, CK_GPU_L2, 0.016, 0.032, 0.03031, 8, H100_TWICE },
	{ H100, CK_GPU_L2, 0.032, 0.064, 0.01456, 2, H100_TWICE },
	{ H100, CK_GPU_L2, 1.024, 2.048, 0.00232, 1, H100_TWICE },
	{ H100, CK_GPU_L2, 4.096, 8.192, 0.0005045, 1, H100_TWICE },
	{ H100, CK_HOST_STEP, 0.032, 0.064, 0.1227, 3, H100_TWICE },
	{ H100, CK_HOST_STEP, 0.128, 0.256, 0.08772, 3, H100_TWICE },
	{ H100, CK_HOST_STEP, 0.256, 0.512, 0.01634, 1, H100_TWICE },
	{ H100, CK_HOST_STEP, 2.048, 4.096, 0.001038, 1, H100_TWICE },
	{ H100, CK_CPU, 8.192, 16.384, 0.1601, 2, H100_TWICE },
	{ H100, CK_CPU, 131.072, 262.144, 0.07602, 1, H100_TWICE },
};

const struct compare_floor *compare_floor_table(size_t *n)
{
	*n = ARRAY_SIZE(floors);
	return floors;
}

void compare_floor_band(double ms, double *lo, double *hi)
{
	double us = ms * 1000;

	if (!(us >= 1)) {
		*lo = 0;
		*hi = 0.001;
		return;
	}
	*lo = ldexp(1, (int)floor(log2(us)));
	/* log2 of an exact power of two may land a hair below it */
	if (*lo * 2 <= us)
		*lo *= 2;
	*hi = *lo * 2 / 1000;
	*lo /= 1000;
}

/* ---- the rule --------------------------------------------------------------- */

static bool same_model(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/* The floor of model gpu's entries of kind k at ms: the largest of
 * those whose band reaches above ms, else the longest band's.  NULL when
 * the model has no entry of the kind. */
static const struct compare_floor *model_floor(const struct compare_floor *t,
					       size_t n, const char *gpu,
					       enum compare_kind k, double ms)
{
	const struct compare_floor *best = NULL, *longest = NULL;

	for (size_t i = 0; i < n; i++) {
		const struct compare_floor *e = &t[i];

		if (e->kind != k || !same_model(e->gpu, gpu))
			continue;
		if (!longest || e->hi_ms > longest->hi_ms)
			longest = e;
		if (e->hi_ms > ms && (!best || e->floor > best->floor))
			best = e;
	}
	return best ? best : longest;
}

void compare_floor_lookup(const struct compare_floor *t, size_t n,
			  const char *gpu, enum compare_kind k, double ms,
			  struct compare_floor_pick *out)
{
	const struct compare_floor *e = gpu ? model_floor(t, n, gpu, k, ms) :
				       NULL;

	out->floor = 0;
	out->from = CFF_UNMEASURED;
	out->entry = NULL;
	if (e) {
		out->floor = e->floor;
		out->from = CFF_MEASURED;
		out->entry = e;
		return;
	}
	/* every other model with entries of the kind, once each */
	for (size_t i = 0; i < n; i++) {
		bool seen = false;

		if (t[i].kind != k)
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = t[j].kind == k && same_model(t[j].gpu, t[i].gpu);
		if (seen)
			continue;
		e = model_floor(t, n, t[i].gpu, k, ms);
		if (!out->entry || e->floor > out->floor) {
			out->floor = e->floor;
			out->from = CFF_FALLBACK;
			out->entry = e;
		}
	}
}

const char *compare_floor_pair(const struct compare_floor *t, size_t n,
			       const char *ga, const char *gb,
			       enum compare_kind k, double ms,
			       struct compare_floor_pick *out)
{
	struct compare_floor_pick y;

	compare_floor_lookup(t, n, ga, k, ms, out);
	if ((!ga && !gb) || same_model(ga, gb))
		return ga;
	compare_floor_lookup(t, n, gb, k, ms, &y);
	/* the larger; of two alike, a measured one */
	if (y.floor > out->floor ||
	    (y.floor == out->floor && out->from != CFF_MEASURED &&
	     y.from == CFF_MEASURED)) {
		*out = y;
		return gb;
	}
	return ga;
}

/* ---- measuring (compare.c's compare_noise_add() adds the points) ------------ */

bool compare_noise_files(size_t idx, size_t n, size_t *a, size_t *b)
{
	if (idx >= compare_noise_count(n))
		return false;
	if (n > COMPARE_NOISE_ALL) {
		*a = idx;
		*b = idx + 1;
		return true;
	}
	/* every pair, in order: (0,1) (0,2) ... (1,2) ... */
	for (*a = 0; idx >= n - 1 - *a; (*a)++)
		idx -= n - 1 - *a;
	*b = *a + 1 + idx;
	return true;
}

size_t compare_noise_count(size_t n)
{
	if (n < 2)
		return 0;
	return n > COMPARE_NOISE_ALL ? n - 1 : n * (n - 1) / 2;
}

void compare_noise_release(struct compare_noise *z)
{
	if (!z)
		return;
	for (int k = 0; k < CK__COUNT; k++)
		free(z->points[k]);
	memset(z, 0, sizeof(*z));
}

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double compare_noise_quantile(const struct compare_noise *z,
			      enum compare_kind k, double q)
{
	size_t n = z->npoints[k];
	double *d, v;

	if (!n)
		return NAN;
	d = xcalloc(n, sizeof(*d));
	for (size_t i = 0; i < n; i++)
		d[i] = z->points[k][i].change;
	qsort(d, n, sizeof(*d), dbl_cmp);
	v = stats_quantile(d, n, q);
	free(d);
	return v;
}

static int band_cmp(const void *a, const void *b)
{
	const struct compare_noise_band *x = a, *y = b;

	return (x->lo_ms > y->lo_ms) - (x->lo_ms < y->lo_ms);
}

size_t compare_noise_bands(const struct compare_noise *z, enum compare_kind k,
			   struct compare_noise_band **out)
{
	struct compare_noise_band *b = NULL;
	size_t nb = 0;
	double longer = -1;

	for (size_t i = 0; i < z->npoints[k]; i++) {
		const struct compare_noise_point *pt = &z->points[k][i];
		double lo, hi;
		size_t j;

		compare_floor_band(pt->ms, &lo, &hi);
		for (j = 0; j < nb && b[j].lo_ms != lo; j++)
			;
		if (j == nb) {
			b = xrealloc(b, (nb + 1) * sizeof(*b));
			memset(&b[nb], 0, sizeof(*b));
			b[nb].lo_ms = lo;
			b[nb].hi_ms = hi;
			b[nb].max = -1;
			nb++;
		}
		b[j].npoints++;
		if (pt->change > b[j].max) {
			b[j].max = pt->change;
			b[j].at = pt;
		}
	}
	if (nb > 1)
		qsort(b, nb, sizeof(*b), band_cmp);
	/* from the longest band down: the rule's floor, and the bands that
	 * set it */
	for (size_t j = nb; j-- > 0;) {
		b[j].sets = b[j].max > longer;
		if (b[j].sets)
			longer = b[j].max;
		b[j].floor = longer;
	}
	*out = b;
	return nb;
}

double compare_floor_round_up(double x)
{
	double scale;

	if (!(x > 0) || !isfinite(x))
		return x;
	scale = pow(10, 3 - floor(log10(x)));
	return ceil(x * scale - 1e-9) / scale;
}
