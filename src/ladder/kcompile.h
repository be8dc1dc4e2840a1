/* kcompile.h - compiling a user kernel in a child process, within limits.
 *
 * NVRTC compiles whatever source it is given, and a few lines can make it
 * work for minutes and take gigabytes: a macro that doubles a token forty
 * times, a #pragma unroll over a nest of loops a million iterations deep.
 * nvrtc_compile() cannot be stopped from outside while it runs, and
 * culab's threads (and CUDA's) forbid running it in a forked copy of the
 * process, so kcompile_run() starts culab again (/proc/self/exe, the
 * hidden command KCOMPILE_COMMAND) to run it: in a process group of its
 * own, dead with its parent, without a core file, killed when it runs
 * past the time limit or its resident memory passes the memory limit.
 *
 * The request (the nvrtc_input) goes to the child on its standard input;
 * the answer (what nvrtc_compile() returned, the diagnostics it printed,
 * and on success the nvrtc_output) comes back on descriptor
 * KCOMPILE_ANSWER_FD, both in frame.h's fields.  What the child writes
 * on its standard output and error (ptxas prints there itself) is read
 * too.  The parent prints the diagnostics as its own (diag_relay), so a
 * compilation says the same words through the child as in the process. */
#ifndef CULAB_KCOMPILE_H
#define CULAB_KCOMPILE_H

#include "nvrtc.h"

/* The hidden command that makes culab the compile child (cli_table.c). */
#define KCOMPILE_COMMAND "compile-child"
/* The child's descriptor for its answer. */
#define KCOMPILE_ANSWER_FD 3

/* kcompile_run()'s answer when the child was stopped, or ended without
 * answering: one error at the kernel's file says why. */
#define KCOMPILE_STOPPED 2

/* Default limits of one compilation (see docs/your-own-kernels.md for the
 * figures they come from): wall-clock seconds, and MiB of resident
 * memory of the child.  Plain numbers: culab's help prints them as
 * written. */
#define KCOMPILE_SECONDS 4
#define KCOMPILE_MIB 240

struct kcompile_limits {
	double seconds;
	unsigned long mib;
};

/* The limits in force: $CULAB_COMPILE_SECONDS (0.1 to 86400) and
 * $CULAB_COMPILE_MEMORY (MiB, 16 to 1048576), else the defaults (the
 * memory limit times 4 under AddressSanitizer, whose shadow and
 * quarantine are resident too).  A value that is not one is warned about
 * once and the default used. */
void kcompile_limits(struct kcompile_limits *l);

/* Compiles `in` as nvrtc_compile() does, in a child process within the
 * limits.  Returns what nvrtc_compile() returned (0, 1 or -1, its
 * diagnostics printed as it prints them, *out filled on success only);
 * KCOMPILE_STOPPED when the child was stopped at a limit, or ended
 * without an answer, reported as one error at in->path ("compiling
 * stopped: it ran past the 4 s limit (set CULAB_COMPILE_SECONDS to allow
 * more)", "... it used more than 240 MiB of memory ...", "... the
 * compiler ended by signal 11 (Segmentation fault)"); -1 after a
 * diagnostic when no child could be started.  Safe to call from several
 * threads. */
int kcompile_run(const struct nvrtc_input *in, struct nvrtc_output *out);

/* The child's side: reads one request from standard input, compiles it
 * with nvrtc_compile() and writes the answer on KCOMPILE_ANSWER_FD.
 * Returns the child's exit status: 0 when it answered, 2 when the
 * request could not be read (a diagnostic on standard error). */
int kcompile_serve(void);

/* For the programs besides culab that compile through kcache (the unit
 * tests), which are the child too: when argv names KCOMPILE_COMMAND,
 * serves it and returns the exit status for main() to return; else -1. */
int kcompile_child_main(int argc, char **argv);

#endif
