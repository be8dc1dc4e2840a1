/* fuzz_plans.c - libFuzzer target for `culab merge --plans` (issue 30,
 * class 4): the input is up to four plan files (`culab plan --shard I/N
 * --json`) between "@@@@" lines; any bytes must be merged or refused
 * with one line, without a crash, a leak, undefined behaviour or an
 * abort, whatever counts they claim.  Seeds: tests/fuzz/plans-seeds. */
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
	static FILE *sink;
	char buf[SPLIT_MAX][96], *paths[SPLIT_MAX];
	size_t n;

	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
		if (!freopen("/dev/null", "w", stdout))
			return 0;
	}
	for (size_t i = 0; i < SPLIT_MAX; i++)
		paths[i] = buf[i];
	n = fuzz_split(data, size, paths, SPLIT_MAX);
	merge_plans(paths, n);
	return 0;
}
