/* nvrtc.h - compiling CUDA source in the process with NVRTC.
 *
 * libnvrtc is opened at run time (dlopen of libnvrtc.so.13, first from
 * the toolkit's lib64 culab was built against, then the loader's search
 * path), so culab starts and runs its built-in kernels on machines
 * without it; only user kernels need it, and nvrtc_open() says what is
 * missing and how to get it.  No nvcc at run time.
 *
 * nvrtc_compile() compiles one program for one architecture and turns
 * NVRTC's log into GNU-format diagnostics at the user's file:line:col
 * (NVRTC prints "file(line): error: msg", the source line and a caret
 * line; the column is the caret's).  It also reads what the user-kernel
 * contract needs from the result: the lowered (mangled) name of each name
 * expression, the parameter types of an entry from the PTX, and ptxas's
 * per-function register and spill counts from the log (-Xptxas=-v); and
 * from the source, a __global__ function's parameters as written.
 *
 * NVIDIA's own <nvrtc.h> is not included by culab: this header takes
 * its name on culab's include path. */
#ifndef CULAB_NVRTC_H
#define CULAB_NVRTC_H

#include <stdbool.h>
#include <stddef.h>

#define NVRTC_MAX_PARAMS 32

/* Opens libnvrtc once.  Returns 0, or -1 with a one-line reason in why
 * ("cannot load libnvrtc.so.13: ...; install the CUDA Toolkit 13's NVRTC
 * (Debian: cuda-nvrtc-13-0) or set LD_LIBRARY_PATH").  Later calls return
 * the first answer. */
int nvrtc_open(char *why, size_t whysize);

/* NVRTC's version as "13.0", and the "sm_XX" architectures it can
 * compile for (nvrtcGetSupportedArchs), as "sm_75, sm_80, ...", into buf.
 * Both need nvrtc_open() to have succeeded; return buf, or "" if not. */
const char *nvrtc_version_text(char *buf, size_t size);
const char *nvrtc_archs_text(char *buf, size_t size);
/* Whether NVRTC can compile for "sm_XX" (also "sm_XXa" from sm_90 and
 * "sm_XXf" from sm_100 on).  False when NVRTC cannot be opened. */
bool nvrtc_arch_supported(const char *arch);

/* One program to compile. */
struct nvrtc_input {
	const char *path;           /* the source's path from the working
				       directory (shown in diagnostics and
				       given to NVRTC as the program's name;
				       NVRTC searches #include "..." in its
				       directory first, before include_dir) */
	const char *text;           /* the source, NUL-terminated */
	size_t len;
	const char *include_dir;    /* directory of the source, for its
				       #include "..." (NULL: none) */
	/* Confined (a class's submission, which reads only its own folder
	 * and the class's headers): every local header must lie in one of
	 * the folders confine[0..nconfine) (real paths; none: no local
	 * header at all), and an #include of an absolute path or through
	 * "..", a header outside them (through a link too), and more
	 * headers than the walk reads (kcache.h) are refused at the
	 * #include before NVRTC starts.  Not confined: headers anywhere. */
	bool confined;
	const char *const *confine;
	size_t nconfine;
	const char *arch;           /* "sm_90" */
	const char *const *options; /* further options, e.g. "-Dculab_t=float",
				       user options already allowed by
				       nvrtc_option_allowed */
	size_t noptions;
	const char *const *names;   /* name expressions ("reduce_v1",
				       "reduce<culab_t, 256>") */
	size_t nnames;
};

/* What a compilation produced; nvrtc_output_release() frees it. */
struct nvrtc_output {
	void *cubin;                /* machine code for arch */
	size_t cubin_len;
	char *ptx;                  /* NUL-terminated */
	size_t ptx_len;             /* bytes before the NUL */
	char **lowered;             /* per name expression: the entry's lowered
				       name, NULL when NVRTC found none */
	size_t nlowered;
	char *log;                  /* NVRTC's log as it was (ptxas -v lines
				       on success; never NULL on success) */
};

/* Compiles `in` with "-arch=<arch>", "-lineinfo", "-std=c++17" (left
 * out when in->options has a -std=), "-Xptxas=-v", "-I<include_dir>" and
 * in->options.  Returns 0 on success (warnings are reported through
 * diag_warning_at); 1 when the source does not compile, or NVRTC refuses
 * an option: every error has been reported through diag as
 * "path:line:col: error: <NVRTC's message>" (col 0 when no caret line
 * was given; path is a header's when the error is in one), an error in a
 * name expression as "path: error: name expression "X": <message> (the
 * __global__ functions the source defines)"; -1 when NVRTC is unavailable
 * or failed for another reason (reported through diag_error).  *out is
 * zeroed first and filled on success only.
 *
 * Columns count characters (UTF-8), a tab as one.  The log's lines are
 * printed with control characters replaced, so each stays one line.
 * Safe to call from several threads; the messages of one log come out
 * together.  When ptxas fails under -Xptxas=-v, NVRTC's log holds no
 * error (NVRTC 13.0), so such a failure is compiled once more without it
 * to report ptxas's reason. */
int nvrtc_compile(const struct nvrtc_input *in, struct nvrtc_output *out);

/* Frees what *o owns and zeroes it; accepts a zeroed *o and NULL. */
void nvrtc_output_release(struct nvrtc_output *o);

/* *o as length-prefixed fields (base/frame.h): the cubin, the PTX, the
 * log, the lowered names; the kernel cache's entries (kcache.c) and the
 * compile child's answer (kcompile.c) hold it so. */
struct sbuf;
struct frame_reader;
void nvrtc_output_put(struct sbuf *b, const struct nvrtc_output *o);
/* Reads what nvrtc_output_put wrote, at most max_names lowered names,
 * into *out (zeroed first).  Returns 0, or -1 (r->bad, a cubin or PTX
 * missing, a NUL byte in text, too many names) with *out released. */
int nvrtc_output_get(struct frame_reader *r, size_t max_names,
		     struct nvrtc_output *out);

/* Reports the messages of an NVRTC log of `in` through diag, as
 * nvrtc_compile() does (kcache replays a cached compilation's warnings
 * with it).  Returns the number of errors reported. */
int nvrtc_report_log(const struct nvrtc_input *in, const char *log);

/* The number of errors in an NVRTC log (nothing printed). */
int nvrtc_log_errors(const char *log);

/* Whether a user option may be passed to NVRTC.  Allowed: fast-math and
 * floating-point mode switches (-use_fast_math, -ftz=, -prec-div=,
 * -prec-sqrt=, -fmad=), -maxrregcount=N, -std=c++17|c++20,
 * --extra-device-vectorization, -default-device, -restrict.  Refused
 * with the reason: -D and -I (the experiment file has keys for them),
 * -arch and -gencode (culab compiles for the GPU in use), -include,
 * --pre-include, -G and anything else.  Returns true, or false with a
 * one-line reason in why. */
bool nvrtc_option_allowed(const char *opt, char *why, size_t whysize);

/* The __global__ functions a source defines, by scanning its text
 * (comments, string and character literals and preprocessor lines
 * skipped; templates included, by their template name; qualified names
 * as "ns::f"; declarations without a body left out): their names in
 * order of appearance, each once, into names (each malloc'd, the
 * caller frees them), at most max.  Returns the number written. */
size_t nvrtc_list_globals(const char *text, size_t len, char **names,
			  size_t max);

/* Whether the source defines __global__ function `name` (as
 * nvrtc_list_globals names it) as a template: `template <...>` before
 * its __global__ in the same declaration. */
bool nvrtc_global_template(const char *text, size_t len, const char *name);

/* One parameter of a PTX entry. */
struct nvrtc_ptx_param {
	size_t size;                /* bytes: ".param .u64" is 8, ".param .u32"
				       4, ".param .align A .b8 x[N]" N */
	char type;                  /* the type's letter: 'u', 's' or 'b' (an
				       integer or a pointer), 'f' (floating
				       point); 'a' for a byte array (a struct
				       passed by value) */
	bool ptr;                   /* ".ptr": a pointer, said so (NVRTC 13
				       leaves it out: a pointer is ".u64") */
};

/* Dynamic shared memory in PTX: 1 when entry `lowered`'s body names an
 * array the module declares ".extern .shared" (a kernel's
 * extern __shared__ array, inlined device functions' too), 0 when it
 * names none, -1 when the PTX has no such entry.  *module: whether the
 * module declares any (a kernel may reach one through a call). */
int nvrtc_ptx_extern_shared(const char *ptx, const char *lowered,
			    bool *module);

/* The parameters of PTX entry `lowered`.  Returns the number of
 * parameters (at most max written), or -1 when the PTX has no such entry
 * or its parameter list cannot be read. */
int nvrtc_ptx_params(const char *ptx, const char *lowered,
		     struct nvrtc_ptx_param *params, size_t max);

/* One parameter of a __global__ function's definition, as the source
 * writes it (before macros). */
struct nvrtc_decl_param {
	int line, col;              /* where it starts (1-based; columns count
				       characters, a tab as one) */
	char type[96];              /* its tokens but the name, C-style
				       ("const float *", "unsigned int");
				       cut at 95 bytes */
	char name[64];              /* its name, "" when it has none */
	int pointers;               /* '*' and '[]' at its top level */
	bool pointee_const;         /* "const" in what the last '*' (or the
				       array) holds */
	bool reference;             /* '&' at its top level */
};

/* A __global__ function's definition in a source. */
struct nvrtc_decl {
	int line, col;              /* its name */
	size_t nparams;             /* parameters; at most NVRTC_MAX_PARAMS
				       are described */
	struct nvrtc_decl_param params[NVRTC_MAX_PARAMS];
};

/* Finds the definition of __global__ function `name` in text (scanned as
 * nvrtc_list_globals does; `name` is its plain name, "f", and matches
 * "f" and "ns::f").  Returns 0 with *d filled, or -1 when text defines
 * no such function, or defines it twice with different numbers of
 * parameters (overloads the text cannot tell apart). */
int nvrtc_find_global(const char *text, size_t len, const char *name,
		      struct nvrtc_decl *d);

/* Where text declares `name` (a variable or a parameter: a type's word
 * before it, one of "= , ) ; [ {" after it, as in "const int N = 8;" or
 * "long long N)"), outside comments, literals and directives: 0 with
 * *line and *col set (1-based), or -1 when it seems not to. */
int nvrtc_find_declaration(const char *text, size_t len, const char *name,
			   int *line, int *col);

/* Where text's first "#define NAME" is (the directive at the start of a
 * line, blanks allowed around the '#'): 0 with *line and *col (of the
 * name) set, or -1. */
int nvrtc_find_define(const char *text, size_t len, const char *name,
		      int *line, int *col);

/* ptxas's figures for entry `lowered` from a -Xptxas=-v log: registers
 * per thread, spill stores (bytes) and stack frame (bytes).  Returns 0,
 * or -1 when the log has no such entry (values untouched). */
int nvrtc_ptxas_info(const char *log, const char *lowered, int *registers,
		     int *spill_stores, int *stack_bytes);

#endif
