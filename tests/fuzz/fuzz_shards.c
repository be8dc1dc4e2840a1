/* fuzz_shards.c - libFuzzer target for `culab merge` of results files
 * (shards, and parts of a run; issue 30, class 4): the input is up to
 * four results files between "@@@@" lines; any bytes must be merged or
 * refused with one line, without a crash, a leak or undefined behaviour.
 * A merge that succeeds holds each measurement once and survives a
 * write/read round trip.  Seeds: tests/fuzz/shards-seeds. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "base/strmap.h"
#include "base/util.h"
#include "results/results.h"
#include "split.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[SPLIT_MAX][SPLIT_PATH], *paths[SPLIT_MAX];
	struct merge_options o = { .partial = size & 1, .command = "fuzz" };
	struct results out;
	size_t n;

	fuzz_quiet();
	for (size_t i = 0; i < SPLIT_MAX; i++)
		paths[i] = buf[i];
	n = fuzz_split(data, size, paths, SPLIT_MAX);
	if (merge_files(paths, n, &o, &out) == 0) {
		struct strmap seen = { 0 };
		struct sbuf k = SBUF_INIT;
		char *text = json_results_encode(&out);
		struct results back;

		for (size_t i = 0; i < out.nrows; i++) {
			results_row_key(&k, &out.rows[i]);
			if (strmap_putn(&seen, k.buf, k.len, i) != i)
				__builtin_trap();
		}
		sbuf_release(&k);
		strmap_release(&seen);
		if (!text || results_read_buffer("again.json", text,
						 strlen(text), &back) != 0 ||
		    back.nrows != out.nrows)
			__builtin_trap();
		results_release(&back);
		free(text);
		results_release(&out);
	}
	return 0;
}
