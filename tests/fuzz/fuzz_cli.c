/* fuzz_cli.c - libFuzzer target for culab's command-line parsing.
 *
 * main.c and cli_*.c are built with -Dmain=culab_main (tests/fuzz/run.sh)
 * and called with an argument vector made of the input: the first byte
 * picks the command (or, past the table, the first word is the command
 * as typed), the rest is split at NUL bytes into at most 24 arguments.
 * Any vector must end in an exit code of the table (0 to 3) with one line
 * per problem, without a crash, a leak or undefined behaviour.  The
 * commands that run kernels (`run`, `rerun`) are left out: they start
 * workers and need a GPU; everything else is reached, in an empty
 * working directory so that no file the arguments name by a relative
 * path exists.  Seed corpus: tests/fuzz/cli-seeds (one argument vector a
 * file, NUL-separated). */
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "../unit/tmpdir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int culab_main(int argc, char **argv);

#define MAX_ARGS 24

static const char *const commands[] = {
	"check", "plan", "merge", "slurm", "list", "devices", "report",
	"verify", "compare", "help",
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

/* glibc's getopt keeps a pointer into the last vector unless reset with
 * optind = 0; culab parses one vector a process, the fuzzer many. */
static void getopt_reset(void)
{
	static char a0[] = "culab";
	char *v[] = { a0, NULL };

	optind = 0;
	while (getopt(1, v, "") != -1)
		;
}

/* The folder the target works in, made at its first input and removed
 * with whatever the inputs wrote there when the fuzzer exits. */
static char workdir[] = "/tmp/culab-fuzz-cli-XXXXXX";

static void workdir_remove(void)
{
	if (chdir("/") == 0)
		remove_tree(workdir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	char *copy, *argv[MAX_ARGS + 3];
	int argc = 0, rc;
	size_t i, start;

	if (!sink) {
		sink = fopen("/dev/null", "w");
		diag_set_stream(sink);
		if (!mkdtemp(workdir) || chdir(workdir) < 0 ||
		    !freopen("/dev/null", "w", stdout))
			abort();
		atexit(workdir_remove);
	}
	if (!size)
		return 0;
	copy = malloc(size + 1);
	memcpy(copy, data + 1, size - 1);
	copy[size - 1] = '\0';
	argv[argc++] = (char *)"culab";
	if (data[0] < 2 * NCOMMANDS)
		argv[argc++] = (char *)commands[data[0] % NCOMMANDS];
	for (i = start = 0; i < size && argc < MAX_ARGS + 2; i++)
		if (i == size - 1 || copy[i] == '\0') {
			if (i > start || data[0] & 1)
				argv[argc++] = copy + start;
			start = i + 1;
		}
	argv[argc] = NULL;
	getopt_reset();
	rc = culab_main(argc, argv);
	fflush(stdout);
	if (rc < 0 || rc > 3)
		__builtin_trap();
	free(copy);
	return 0;
}
