/* fuzz_experiment.c - libFuzzer target for the experiment-file loader.
 *
 * Any byte string must either load or fail with diagnostics, without a
 * crash, a leak, undefined behaviour or a slow path (libFuzzer's -timeout
 * and -rss_limit_mb catch the last).  Seed corpus: tests/good and
 * tests/bad. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "experiment/experiment.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct experiment_file f;

	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
	}
	if (experiment_load_buffer("fuzz.yaml", (const char *)data, size, &f) == 0) {
		/* A loaded file must be consistent with its own contract. */
		for (size_t i = 0; i < f.nexps; i++)
			if (!f.exps[i].nvariants || !f.exps[i].nsizes ||
			    !f.exps[i].ndtypes || !f.exps[i].nrows ||
			    f.exps[i].nrows > EXPERIMENT_MAX_ROWS)
				__builtin_trap();
	}
	experiment_file_release(&f);
	return 0;
}
