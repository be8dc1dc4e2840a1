/* fuzz_results.c - libFuzzer target for the results reader.
 *
 * results.json files get mailed around: any byte string must either load
 * or be refused with a diagnostic, without a crash, leak or undefined
 * behaviour.  A file that loads must survive a write/read round trip,
 * and its variants' signatures must be checkable.  Seed corpus:
 * tests/fuzz/results-seeds (cut from the recorded fixture, in schema
 * versions 1 and 2). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "results/results.h"
#include "compare/compare.h"

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
		for (size_t i = 0; i < r.nvariants; i++)
			if (!r.variants[i] || !r.variants[i]->name)
				__builtin_trap();
		{
			struct sig_check *sc = NULL;
			char *text = json_results_encode(&r);
			struct results back;

			signature_check_all(&r, &sc);
			free(sc);
			if (!text || results_read_buffer("again.json", text,
							 strlen(text), &back) != 0 ||
			    back.nrows != r.nrows || back.nvariants != r.nvariants)
				__builtin_trap();
			results_release(&back);
			free(text);
		}
	}
	results_release(&r);
	return 0;
}
