/* fuzz_results.c - libFuzzer target for the results reader.
 *
 * results.json files get mailed around: any byte string must either load
 * or be refused with a diagnostic, without a crash, leak or undefined
 * behaviour.  A file that loads must survive a write/read round trip.
 * Seed corpus: tests/fuzz/results-seeds (cut from the recorded fixture). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct results r;

	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
	}
	if (results_read_buffer("fuzz.json", (const char *)data, size, &r) == 0) {
		/* Every row the reader accepts has the fields the report and
		 * the CSV writer dereference. */
		for (size_t i = 0; i < r.nrows; i++)
			if (!r.rows[i].experiment || !r.rows[i].variant ||
			    !r.rows[i].dtype || !r.rows[i].family ||
			    (r.rows[i].t.nsamples && !r.rows[i].t.samples_ms))
				__builtin_trap();
	}
	results_release(&r);
	return 0;
}
