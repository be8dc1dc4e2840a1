/* split.h - the fuzz targets' way to read one input as several files:
 * fuzz_split() writes the parts between lines that are exactly "@@@@"
 * (at most `max`) to DIR/part-K.json of a directory of the process's
 * own, made once, and returns how many (their paths in paths[], each of
 * SPLIT_PATH bytes).  fuzz_quiet() sends diagnostics to /dev/null (once)
 * and returns that stream. */
#ifndef CULAB_FUZZ_SPLIT_H
#define CULAB_FUZZ_SPLIT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"

#define SPLIT_MAX 4
#define SPLIT_PATH 96

static FILE *fuzz_quiet(void)
{
	static FILE *sink;

	if (!sink) {
		sink = fopen("/dev/null", "w");
		if (!sink)
			abort();
		diag_set_stream(sink);
	}
	return sink;
}

static char fuzz_split_dir[64];

static void fuzz_split_clean(void)
{
	char path[SPLIT_PATH];

	for (int i = 0; i < SPLIT_MAX; i++) {
		snprintf(path, sizeof(path), "%s/part-%d.json", fuzz_split_dir, i);
		unlink(path);
	}
	rmdir(fuzz_split_dir);
}

static size_t fuzz_split(const uint8_t *data, size_t size, char *paths[],
			 size_t max)
{
	char *dir = fuzz_split_dir;
	const uint8_t *p = data, *end = data + size;
	size_t n = 0;

	if (!dir[0]) {
		snprintf(dir, sizeof(fuzz_split_dir), "/tmp/culab-fuzz-%ld",
			 (long)getpid());
		if (mkdir(dir, 0700) != 0)
			abort();
		atexit(fuzz_split_clean);
	}
	while (n < max) {
		const uint8_t *sep = NULL;
		FILE *fp;

		for (const uint8_t *q = p; q + 6 <= end; q++)
			if (!memcmp(q, "\n@@@@\n", 6)) {
				sep = q;
				break;
			}
		snprintf(paths[n], SPLIT_PATH, "%s/part-%zu.json", dir, n);
		unlink(paths[n]);
		fp = fopen(paths[n], "wb");
		if (!fp)
			abort();
		fwrite(p, 1, (size_t)((sep ? sep + 1 : end) - p), fp);
		fclose(fp);
		n++;
		if (!sep)
			break;
		p = sep + 6;
	}
	return n;
}

#endif
