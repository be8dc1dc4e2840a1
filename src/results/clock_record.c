/* clock_record.c - what a row records of the GPU's clocks, and the table
 * of NVML's throttle reasons.  See clock_record.h.
 *
 * Apart from run/nvml.c, which reads the GPU through the driver's library,
 * so that whatever stores, reads back or reports a row's clocks (the
 * results files, the report) knows what the readings mean without NVML. */
#include "clock_record.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void clock_record_release(struct clock_record *c)
{
	if (!c)
		return;
	free(c->why);
	memset(c, 0, sizeof(*c));
}

void clock_record_set_unknown(struct clock_record *c, const char *why)
{
	clock_record_release(c);
	c->why = xstrdup(why);
}

void clock_record_start(struct clock_record *c)
{
	clock_record_release(c);
	c->known = true;
	c->sm_mhz_min = c->sm_mhz_max = NAN;
	c->mem_mhz_min = c->mem_mhz_max = NAN;
	c->temp_c_max = c->power_w_max = NAN;
}

/* fmin and fmax skip NAN: an unknown value never hides a known one. */
void clock_record_add(struct clock_record *c, const struct nvml_reading *r)
{
	c->readings++;
	c->sm_mhz_min = fmin(c->sm_mhz_min, r->sm_mhz);
	c->sm_mhz_max = fmax(c->sm_mhz_max, r->sm_mhz);
	c->mem_mhz_min = fmin(c->mem_mhz_min, r->mem_mhz);
	c->mem_mhz_max = fmax(c->mem_mhz_max, r->mem_mhz);
	c->temp_c_max = fmax(c->temp_c_max, r->temp_c);
	c->power_w_max = fmax(c->power_w_max, r->power_w);
	if (r->have_reasons) {
		c->reasons_known = true;
		c->reasons |= r->reasons;
	}
	c->throttled = nvml_reasons_throttle(c->reasons);
}

/* ---- throttle reasons ---------------------------------------------------------- */

/* NVML's nvmlClocksEventReason* bits (nvmlClocksThrottleReason* before
 * R535: the same values).  `throttles`: the GPU runs slower than it
 * would, for power, heat or another GPU; the others are recorded. */
static const struct nvml_reason reasons[] = {
	{ 0x1, "gpu_idle", false,
	  "nothing is running: clocks drop between launches" },
	{ 0x2, "applications_clocks", false,
	  "held at application clocks or locked clocks someone set" },
	{ 0x4, "sw_power_cap", true,
	  "the driver lowers clocks to stay under the power limit" },
	{ 0x8, "hw_slowdown", true,
	  "the hardware halves clocks or more: heat or a power brake" },
	{ 0x10, "sync_boost", true,
	  "held to the clocks of another GPU of its sync-boost group" },
	{ 0x20, "sw_thermal_slowdown", true,
	  "the driver lowers clocks to cool the GPU or its memory" },
	{ 0x40, "hw_thermal_slowdown", true,
	  "the hardware lowers clocks: the GPU is too hot" },
	{ 0x80, "hw_power_brake_slowdown", true,
	  "the hardware lowers clocks: the power supply asked (power brake)" },
	{ 0x100, "display_clock_setting", false,
	  "held to the display clock setting" },
};

const struct nvml_reason *nvml_reasons(size_t *n)
{
	*n = ARRAY_SIZE(reasons);
	return reasons;
}

bool nvml_reasons_throttle(uint64_t mask)
{
	for (size_t i = 0; i < ARRAY_SIZE(reasons); i++)
		if ((mask & reasons[i].bit) && reasons[i].throttles)
			return true;
	return false;
}

const char *nvml_reason_names(uint64_t mask, const char *sep, char *buf,
			      size_t size)
{
	size_t o = 0;

	if (size)
		buf[0] = '\0';
	for (int b = 0; b < 64 && o < size; b++) {
		uint64_t bit = (uint64_t)1 << b;
		const char *name = NULL;
		char hex[24];
		int w;

		if (!(mask & bit))
			continue;
		for (size_t i = 0; i < ARRAY_SIZE(reasons) && !name; i++)
			if (reasons[i].bit == bit)
				name = reasons[i].name;
		if (!name) {
			snprintf(hex, sizeof(hex), "0x%llx",
				 (unsigned long long)bit);
			name = hex;
		}
		w = snprintf(buf + o, size - o, "%s%s", o ? sep : "", name);
		o += w > 0 ? (size_t)w : 0;
	}
	return buf;
}

uint64_t nvml_reason_parse(const char *name)
{
	char *end;
	unsigned long long v;

	for (size_t i = 0; i < ARRAY_SIZE(reasons); i++)
		if (strcmp(name, reasons[i].name) == 0)
			return reasons[i].bit;
	if (strncmp(name, "0x", 2) != 0)
		return 0;
	v = strtoull(name + 2, &end, 16);
	/* one bit, written as nvml_reason_names writes it */
	return *end || !v || (v & (v - 1)) ? 0 : (uint64_t)v;
}

