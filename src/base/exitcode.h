/* exitcode.h - culab's few process exit codes, in one X-macro list.
 *
 * Every exit status culab can return is a row here, so `culab --help`,
 * docs/exit-codes.md and the code cannot drift apart.  Keep the list short: scripts
 * switch on these numbers. */
#ifndef CULAB_EXITCODE_H
#define CULAB_EXITCODE_H

#define CULAB_EXIT_MAP(X)                                                      \
	X(OK,          0, "success: every requested measurement ran and verified") \
	X(FAILED,      1, "a run, a verification or a required check failed")      \
	X(USAGE,       2, "bad input: usage, experiment file or results file")     \
	X(NO_GPU,      3, "no usable GPU or a missing capability")                 \
	X(INTERRUPTED, 4, "interrupted by SIGINT/SIGTERM; finished rows are kept")

enum culab_exit {
#define X(name, code, text) EXIT_##name = code,
	CULAB_EXIT_MAP(X)
#undef X
};

/* Returns the one-line meaning of an exit code, or "unknown exit code". */
const char *exit_text(int code);

#endif
