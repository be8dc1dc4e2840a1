/* chip.c - the chip table (see counters.h).
 *
 * The names are those of cuptiProfilerHostGetSupportedChips in CUPTI 13.0
 * (tests/unit/test_chips.c fails when CUPTI lists a chip this table lacks).
 * CUPTI names no architectures: the compute capabilities are NVIDIA's
 * published ones for the GPUs in the third column; for GB102 (a die of
 * B200) and GB110 (Blackwell Ultra, B300) they follow the products built
 * from them. */
#include "counters.h"

#include <string.h>
#include <strings.h>

#include "base/util.h"

static const struct chip_def chips[] = {
	{ "GV100", "sm_70", "V100, TITAN V" },
	{ "GV11B", "sm_72", "Jetson AGX Xavier" },
	{ "TU102", "sm_75", "RTX 2080 Ti, TITAN RTX, Quadro RTX 6000" },
	{ "TU104", "sm_75", "T4, RTX 2080, RTX 2070 SUPER" },
	{ "TU106", "sm_75", "RTX 2070, RTX 2060" },
	{ "TU116", "sm_75", "GTX 1660" },
	{ "TU117", "sm_75", "GTX 1650" },
	{ "GA100", "sm_80", "A100, A30" },
	{ "GA102", "sm_86", "RTX 3080, RTX 3090, A10, A40" },
	{ "GA103", "sm_86", "" },
	{ "GA104", "sm_86", "RTX 3060 Ti, RTX 3070" },
	{ "GA106", "sm_86", "RTX 3060" },
	{ "GA107", "sm_86", "RTX 3050, A2" },
	{ "GA10B", "sm_87", "Jetson Orin" },
	{ "AD102", "sm_89", "RTX 4090, L40, L40S, RTX 6000 Ada" },
	{ "AD103", "sm_89", "RTX 4080" },
	{ "AD104", "sm_89", "RTX 4070, RTX 4070 Ti, L4" },
	{ "AD106", "sm_89", "RTX 4060 Ti" },
	{ "AD107", "sm_89", "RTX 4060" },
	{ "GH100", "sm_90", "H100, H200, GH200" },
	{ "GB100", "sm_100", "B200, GB200" },
	{ "GB102", "sm_100", "" },
	{ "GB110", "sm_103", "B300, GB300" },
	{ "GB10B", "sm_110", "Jetson Thor" },
	{ "GB202", "sm_120", "RTX 5090, RTX PRO 6000 Blackwell" },
	{ "GB203", "sm_120", "RTX 5080, RTX 5070 Ti" },
	{ "GB205", "sm_120", "RTX 5070" },
	{ "GB206", "sm_120", "RTX 5060 Ti, RTX 5060" },
	{ "GB207", "sm_120", "RTX 5050" },
	{ "GB20B", "sm_121", "DGX Spark (GB10)" },
};

const struct chip_def *chip_all(size_t *count)
{
	if (count)
		*count = ARRAY_SIZE(chips);
	return chips;
}

const struct chip_def *chip_find(const char *name)
{
	for (size_t i = 0; name && i < ARRAY_SIZE(chips); i++)
		if (!strcasecmp(chips[i].name, name))
			return &chips[i];
	return NULL;
}

const char *chip_for_arch(const char *arch)
{
	for (size_t i = 0; arch && i < ARRAY_SIZE(chips); i++)
		if (!strcmp(chips[i].arch, arch))
			return chips[i].name;
	return NULL;
}
