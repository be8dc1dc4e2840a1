/* fuzz_plans.c - libFuzzer target for `culab merge --plans` (issue 30,
 * class 4): the input is up to four plan files (`culab plan --shard I/N
 * --json`) between "@@@@" lines; any bytes must be merged or refused
 * with one line, without a crash, a leak, undefined behaviour or an
 * abort, whatever counts they claim.  Seeds: tests/fuzz/plans-seeds. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "results/results.h"
#include "split.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool quiet;
	char buf[SPLIT_MAX][SPLIT_PATH], *paths[SPLIT_MAX];
	size_t n;

	if (!quiet) {
		/* merge_plans prints its summary on stdout */
		fuzz_quiet();
		if (!freopen("/dev/null", "w", stdout))
			return 0;
		quiet = true;
	}
	for (size_t i = 0; i < SPLIT_MAX; i++)
		paths[i] = buf[i];
	n = fuzz_split(data, size, paths, SPLIT_MAX);
	merge_plans(paths, n);
	return 0;
}
