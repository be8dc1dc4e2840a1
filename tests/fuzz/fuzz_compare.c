/* fuzz_compare.c - libFuzzer target for what `culab compare` reads (issue
 * 30, class 4): the input is two results files between a "@@@@" line;
 * those that load are paired, checked (the same measurement twice in one
 * file is refused) and printed as text and JSON, without a crash, a leak
 * or undefined behaviour.  Seeds: tests/fuzz/shards-seeds. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "compare/compare.h"
#include "results/results.h"
#include "split.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[SPLIT_MAX][SPLIT_PATH], *paths[SPLIT_MAX];
	struct results r[2];
	struct compare_options o = { 0 };
	struct compare c;
	size_t n;

	fuzz_quiet();
	for (size_t i = 0; i < SPLIT_MAX; i++)
		paths[i] = buf[i];
	n = fuzz_split(data, size, paths, 2);
	if (n < 2)
		return 0;
	if (results_read_distinct((const char *const *)paths, 2, r) < 0)
		return 0;
	compare_build(&r[0], &r[1], &o, &c);
	if (compare_check_pairs(&c, paths[0], paths[1]) == 0) {
		compare_print_text(fuzz_quiet(), &c, paths[0], paths[1]);
		const struct compare *one = &c;

		const char *cur = paths[1];

		json_print_compare(fuzz_quiet(), &one, paths[0], &cur, 1);
	}
	compare_release(&c);
	results_release(&r[0]);
	results_release(&r[1]);
	return 0;
}
