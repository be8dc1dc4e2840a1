/* cli_table.c - every culab command and option, as data.
 *
 * One row a command: its handler, operands, help text and options, each
 * option a row of its own (args.h).  The parser, `--help`, usage lines,
 * "did you mean", `culab help --man` and `culab completion` read these
 * rows and nothing else, so a new option is one row here and a case in
 * its handler.  Options several commands share are one macro, so they
 * read the same everywhere.  Help lines are one sentence each; args.c
 * wraps them at 80 columns.  `about` and `notes` are printed as written:
 * keep their lines within 80 columns (tests/unit/test_cli_habits.c). */
#include "cli.h"

#include <stddef.h>

#include "base/util.h"
#include "culab_version.h"

#define END { 0, NULL, 0, CLI_ARG_NONE, NULL, NULL, NULL, 0 }

/* ---- options several commands share ------------------------------------ */

#define OPT_OUTPUT_DIR(help) \
	{ K_OUTPUT, "output", 'o', CLI_ARG_DIR, "DIR", NULL, help, 0 }
#define OPT_DEVICE \
	{ K_DEVICE, "device", 'd', CLI_ARG_NUMBER, "N", NULL, \
	  "CUDA device index (default 0)", 0 }
#define OPT_NO_COUNTERS \
	{ K_NO_COUNTERS, "no-counters", 0, CLI_ARG_NONE, NULL, NULL, \
	  "do not collect hardware counters", 0 }
#define OPT_NO_LINES \
	{ K_NO_LINES, "no-lines", 0, CLI_ARG_NONE, NULL, NULL, \
	  "do not collect counters per source line (--no-counters does not " \
	  "either)", 0 }
#define OPT_PROFILE_ONLY \
	{ K_PROFILE_ONLY, "profile-only", 0, CLI_ARG_NONE, NULL, NULL, \
	  "one verified launch per measurement, no timing", 0 }
#define OPT_VARIANT(help) \
	{ K_VARIANT, "variant", 0, CLI_ARG_TEXT, "LIST", NULL, help, 0 }
#define OPT_NOTE \
	{ K_NOTE, "note", 0, CLI_ARG_TEXT, "TEXT", NULL, \
	  "free text stored in the results", 0 }
#define OPT_NO_REPORT(help) \
	{ K_NO_REPORT, "no-report", 0, CLI_ARG_NONE, NULL, NULL, help, 0 }
#define OPT_LANG \
	{ K_LANG, "lang", 0, CLI_ARG_CHOICE, "LANG", "en zh both", \
	  "report language: en, zh or both (default both)", 0 }
#define OPT_SHARD(help) \
	{ K_SHARD, "shard", 0, CLI_ARG_TEXT, "I/N", NULL, help, 0 }
#define OPT_ARCH(help) \
	{ K_ARCH, "arch", 0, CLI_ARG_TEXT, "ARCH", NULL, help, 0 }
#define OPT_CHIP(help) \
	{ K_CHIP, "chip", 0, CLI_ARG_TEXT, "NAME", NULL, help, 0 }
#define OPT_VERBOSE(help) \
	{ K_VERBOSE, "verbose", 'v', CLI_ARG_NONE, NULL, NULL, help, 0 }
#define OPT_GNUPLOT \
	{ K_GNUPLOT, "gnuplot", 0, CLI_ARG_FILE, "PATH", NULL, \
	  "the gnuplot program (default: gnuplot in PATH)", 0 }
#define OPT_THRESHOLD(help) \
	{ K_THRESHOLD, "threshold", 0, CLI_ARG_NUMBER, "T", NULL, help, 0 }
#define OPT_FAIL_ON(help) \
	{ K_FAIL_ON, "fail-on", 0, CLI_ARG_CHOICE, "WHAT", \
	  "slower faster changed", help, 0 }
#define OPT_MATCH(help) \
	{ K_MATCH, "match", 0, CLI_ARG_TEXT, "BASE=NEW", NULL, help, 0 }
#define OPT_FLOOR(help) \
	{ K_FLOOR, "floor", 0, CLI_ARG_TEXT, "none|F", NULL, help, 0 }

/* ---- run ---------------------------------------------------------------- */

static const struct cli_option run_options[] = {
	OPT_OUTPUT_DIR("output directory (default: the file's `output`)"),
	OPT_DEVICE,
	{ K_DEVICES, "devices", 0, CLI_ARG_TEXT, "LIST", NULL,
	  "share the measurements out over these GPUs (all, or indexes: 0,1) "
	  "as each frees, one worker process each, and merge their rows into "
	  "DIR; each row names its GPU (not with --device); a class's "
	  "submissions are handed out the same way", 0 },
	OPT_SHARD("only the I-th of N shards of the plan (counted from 1; "
		  "culab plan --shard shows it); merge the shards' results "
		  "with culab merge"),
	OPT_NO_COUNTERS,
	OPT_NO_LINES,
	{ K_NO_SANITIZER, "no-sanitizer", 0, CLI_ARG_NONE, NULL, NULL,
	  "do not rerun anything under compute-sanitizer (the unsafe rungs "
	  "that verified, your kernels that failed)", 0 },
	OPT_PROFILE_ONLY,
	{ K_RESUME, "resume", 0, CLI_ARG_NONE, NULL, NULL,
	  "keep the finished rows of DIR/results.json and run only what is "
	  "missing", 0 },
	OPT_VARIANT("run only these variants (comma-separated)"),
	OPT_NOTE,
	OPT_NO_REPORT("do not render the report at the end"),
	OPT_LANG,
	{ K_LOCK_CLOCKS, "lock-clocks", 0, CLI_ARG_CHOICE, "base|max",
	  "base max", "lock the SM clocks (NVML; needs root) to the base (TDP) "
	  "or the maximum clock while the run lasts; restored at exit, also "
	  "after a signal", 0 },
	/* a worker of --devices (devices.c passes them) */
	{ K_QUEUE, "queue", 0, CLI_ARG_TEXT, "R,W", NULL,
	  "take the measurements one at a time from the parent culab, "
	  "asked for on descriptor W and read from R (a worker of "
	  "--devices)", CLI_HIDDEN },
	{ K_RESUME_DIR, "resume-dir", 0, CLI_ARG_DIR, "DIR", NULL,
	  "resume from DIR instead of the output directory (a worker of "
	  "--devices)", CLI_HIDDEN },
	/* culab's own children: one measurement alone (a kernel again
	 * under compute-sanitizer, or its counters per line) */
	{ K_MEASUREMENT, "measurement", 0, CLI_ARG_TEXT, "LABEL", NULL,
	  "run only the measurement of this label (experiment/variant/"
	  "type/size[/bBLOCK], as culab plan -v names it)", CLI_HIDDEN },
	{ K_LINES_CHILD, "lines-child", 0, CLI_ARG_NONE, NULL, NULL,
	  "collect the counters per source line of that one measurement "
	  "(culab's per-line child; with --measurement)", CLI_HIDDEN },
	{ K_LINES_GO, "lines-go", 0, CLI_ARG_TEXT, "FD", NULL,
	  "with --lines-child: set up CUDA, then wait for a byte on this "
	  "descriptor before measuring (end of file: end)", CLI_HIDDEN },
	{ K_STALLS_ONLY, "stalls-only", 0, CLI_ARG_NONE, NULL, NULL,
	  "with --lines-child: sample only where warps wait, for each "
	  "measurement of --measurement (labels separated by commas)",
	  CLI_HIDDEN },
	{ K_NO_STALLS, "no-stalls", 0, CLI_ARG_NONE, NULL, NULL,
	  "with --lines-child: do not sample where warps wait (another "
	  "process did)", CLI_HIDDEN },
	{ K_INSTRUMENTED, "instrumented", 0, CLI_ARG_FILE, "LIB", NULL,
	  "count the counters by instrumentation with the Compute "
	  "Sanitizer's library LIB instead of the hardware counters "
	  "(culab's own child where CUPTI refused those; with "
	  "--measurement)", CLI_HIDDEN },
	{ K_LINES_HELD, "lines-held", 0, CLI_ARG_NONE, NULL, NULL,
	  "with --lines-go: another byte comes first, before the input goes "
	  "to the GPU (a worker still measures there)", CLI_HIDDEN },
	/* a worker of a class's run (pieces.c passes them) */
	{ K_PIECE, "piece", 0, CLI_ARG_NONE, NULL, NULL,
	  "run these variants alone, as one piece of a class's run",
	  CLI_HIDDEN },
	{ K_AS_DEVICE, "as-device", 0, CLI_ARG_NUMBER, "N", NULL,
	  "this worker sees its GPU alone, as device 0 (CUDA_VISIBLE_DEVICES "
	  "set by its parent): its rows record it as CUDA device N, the "
	  "parent's number for it", CLI_HIDDEN },
	{ K_ROUNDS, "rounds", 0, CLI_ARG_NONE, NULL, NULL,
	  "check each stage's measurements, then time them together in "
	  "their class's rounds, interleaved (a class's rounds worker)",
	  CLI_HIDDEN },
	{ K_KEEP_FAILED, "keep-failed", 0, CLI_ARG_NONE, NULL, NULL,
	  "with --resume, keep the failed rows too (a piece started again "
	  "after a fault)", CLI_HIDDEN },
	{ K_FAIL_NEXT, "fail-next", 0, CLI_ARG_TEXT, "WHY", NULL,
	  "fail the first measurement to make with this reason, without "
	  "running it (its worker was ended while it ran)", CLI_HIDDEN },
	END
};

static const char run_about[] =
	"Runs every (experiment, type, size, variant, block) of the file:\n"
	"verifies the answer against a CPU reference, times warm-up and\n"
	"repeats with CUDA events, then collects the requested hardware\n"
	"counters with CUPTI.  Results go to DIR/results.json and\n"
	"DIR/results.csv, rewritten after every measurement (with\n"
	"counters: after each stage's counters are in).  Then each GPU\n"
	"measurement of an experiment's largest size of at most 2^24\n"
	"elements is run again alone for its counters per source line (a\n"
	"process each; --no-lines: not).\n"
	"Then compute-sanitizer reruns measurements alone: a rung unsafe by\n"
	"design that verified, once, at its smallest size, under the tool\n"
	"its registry record names; a kernel of yours that failed, under\n"
	"memcheck and what its code needs (--no-sanitizer: neither).  A run\n"
	"that measures nothing (no GPU, bad options) leaves no directory it\n"
	"made.";

/* The limits of one compilation of a user kernel, with their defaults
 * (ladder/kcompile.h). */
#define WORD_(x) #x
#define WORD(x) WORD_(x)
#define COMPILE_NOTES \
	"  CULAB_COMPILE_SECONDS=S  seconds one compilation of a kernel of\n" \
	"                          yours may take (" WORD(KCOMPILE_SECONDS) ")\n" \
	"  CULAB_COMPILE_MEMORY=MIB  MiB of memory it may hold (" \
	WORD(KCOMPILE_MIB) ")\n"

static const char run_notes[] =
	"environment:\n"
	"  CULAB_RUN_TRACE=1       print where the run's time went (with\n"
	"                          --devices, each worker's too)\n"
	"  CULAB_COUNTERS_TRACE=1  print where the profiling time went\n"
	"                          (2: also every kernel launch profiled)\n"
	"  CULAB_COUNTERS_FLUSH_PER_PASS=1  evict L2 once per measurement,\n"
	"                          not before every kernel (comparisons only)\n"
	"  CULAB_SANITIZER=PATH    the compute-sanitizer that reruns an unsafe\n"
	"                          rung or a failed kernel of yours (default:\n"
	"                          PATH's, then /usr/local/cuda/bin's); off:\n"
	"                          no reruns\n"
	"  CULAB_INPUT_GUARD=off   no NaN or large values around the input on\n"
	"                          the correctness run (set by the\n"
	"                          compute-sanitizer reruns: the tool guards)\n"
	"  CULAB_SANITIZER_TIMEOUT=S  seconds one tool's rerun may take (120)\n"
	"  CULAB_SANITIZER_LIB=PATH  the Compute Sanitizer library that\n"
	"                          counts the counters by instrumentation\n"
	"                          where the hardware counters are refused\n"
	"                          (default: beside compute-sanitizer)\n"
	"  CULAB_INSTRUMENTED=off  no counting by instrumentation\n"
	"  CULAB_CACHE_DIR=DIR     where compiled kernels, counters per\n"
	"                          source line and what each measurement\n"
	"                          took are kept (off: nowhere)\n"
	"  CULAB_LINES_CACHE=off   collect every measurement's lines again,\n"
	"                          not from the cache\n"
	"  CULAB_STALLS=off        do not sample where warps wait with the\n"
	"                          lines (the stall_* metrics)\n"
	COMPILE_NOTES
	"  CULAB_STALL_SECONDS=S   a worker (--devices, a class) silent this\n"
	"                          long while measuring is ended (600)\n"
	"  CULAB_DEVICES_TRACE=FILE  --devices: what ran on which GPU, when\n"
	"  CULAB_EVENT_TRACE=FILE  each process's steps (workers, per-line\n"
	"                          children) appended to FILE on one clock\n"
	"  CULAB_LINES_PCS=FILE    (checks) each instruction's source line,\n"
	"                          as the per-line children map it,\n"
	"                          appended to FILE\n"
	"  CULAB_TEST_NVML=fake    (tests) a stand-in NVML that touches no\n"
	"                          GPU: fake, fake-throttled,\n"
	"                          fake-no-permission, absent\n"
	"  CULAB_FAKE_COUNTERS_REFUSAL=permission  (tests) CUPTI's refusal\n"
	"                          of the hardware counters, forced";

/* ---- check, plan ----------------------------------------------------------- */

static const struct cli_option check_options[] = {
	OPT_ARCH("compile user kernels for this architecture, 86 or sm_86 "
		 "(default: --chip's, else the GPU present, else sm_90)"),
	OPT_CHIP("check counter names for this chip, as CUPTI names it (GA102, "
		 "AD104, GH100, ...; culab list chips; default: --arch's, else "
		 "the GPU present, else GH100, with a note)"),
	END
};

static const char check_notes[] =
	"environment:\n"
	"  CULAB_CACHE_DIR=DIR     where compiled kernels are kept (off:\n"
	"                          nowhere)\n"
	COMPILE_NOTES;

static const char check_about[] =
	"Loads each file as `run` would and reports every error in GNU\n"
	"format (file:line:col: error: ...).  Raw counter names are checked\n"
	"offline for one chip, with CUPTI's host API.  The user kernels a\n"
	"file names are compiled with NVRTC (or taken from the cache) for\n"
	"every type and block the file plans, their signatures checked and\n"
	"their launch geometry evaluated at every size; compile errors point\n"
	"into the kernel source.  A class's submissions (`class:`) are each\n"
	"checked on their own: one that cannot be taken or does not compile\n"
	"is reported and the others go on.  Exit status 2 when any file is\n"
	"invalid, else 1 when a class has submissions that do not compile.";

static const struct cli_option plan_options[] = {
	OPT_VERBOSE("every measurement on a line of its own"),
	OPT_OUTPUT_DIR("output directory (default: the file's `output`)"),
	{ K_RESUME, "resume", 0, CLI_ARG_NONE, NULL, NULL,
	  "what `run --resume` would keep from DIR", 0 },
	OPT_VARIANT("only these variants (comma-separated)"),
	{ K_NO_COUNTERS, "no-counters", 0, CLI_ARG_NONE, NULL, NULL,
	  "no counter passes", 0 },
	OPT_NO_LINES,
	OPT_PROFILE_ONLY,
	{ K_SMS, "sms", 0, CLI_ARG_NUMBER, "N", NULL,
	  "size grid-sized scratch for N SMs (default 132)", 0 },
	OPT_SHARD("only the I-th of N shards (counted from 1): whole stages, "
		  "balanced by their estimated cost; the same file always "
		  "gives the same shards"),
	END
};

static const char plan_about[] =
	"Expands the file as `run` would, without running anything: its\n"
	"experiments, their stages (one type and size: one input shared by\n"
	"the stage's measurements), every measurement with its state (to\n"
	"run, resumed from DIR/results.json, or skipped), the device memory\n"
	"each stage needs and an estimate of the runs of a variant it will\n"
	"make (one check, warm-up and repeats, one per counter pass; the\n"
	"passes are computed offline for the GH100 chip).  Its last line is\n"
	"the wall time the measurements and their counters per source line\n"
	"are expected to take on 1, 2, 4 and 8 GPUs (run --devices), from what\n"
	"each took last time on the GPU model recorded last (the cost cache),\n"
	"else from a model.  The options that `run` shares mean what they\n"
	"mean there.";

/* ---- merge, slurm ------------------------------------------------------------- */

static const struct cli_option merge_options[] = {
	OPT_OUTPUT_DIR("where the merged results go"),
	{ K_PARTIAL, "partial", 0, CLI_ARG_NONE, NULL, NULL,
	  "merge the shards that are there, saying which are missing (status "
	  "\"partial\")", 0 },
	{ K_PLANS, "plans", 0, CLI_ARG_NONE, NULL, NULL,
	  "check that `culab plan --shard I/N --json` outputs cover their plan "
	  "once; write nothing (no -o, no --partial)", 0 },
	OPT_NO_REPORT("results only"),
	OPT_LANG,
	END
};

static const char merge_about[] =
	"Merges results files of one experiment file (the same SHA-256) and\n"
	"one culab version, typically those of `culab run --shard I/N`, into\n"
	"DIR/results.json and results.csv, and renders the report as a run\n"
	"would.  Every row keeps the host and GPU it ran on; rows are put\n"
	"back in plan order.  Refused, with one line and exit status 2:\n"
	"another experiment file or culab version, a file given twice, a\n"
	"shard or a measurement twice, a file that is not results, and\n"
	"missing shards unless --partial.";

static const struct cli_option slurm_options[] = {
	{ K_SHARDS, "shards", 0, CLI_ARG_NUMBER, "N", NULL,
	  "number of shards (array tasks), at most the plan's stages (more are "
	  "capped with a note); required", 0 },
	{ K_PARTITION, "partition", 0, CLI_ARG_TEXT, "P", NULL,
	  "sbatch's --partition, for the shards' tasks", 0 },
	{ K_MERGE_PARTITION, "merge-partition", 0, CLI_ARG_TEXT, "P", NULL,
	  "sbatch's --partition for the merge job, which needs no GPU "
	  "(default: the cluster's default partition)", 0 },
	{ K_ACCOUNT, "account", 0, CLI_ARG_TEXT, "A", NULL,
	  "sbatch's --account, for every job", 0 },
	{ K_TIME, "time", 0, CLI_ARG_TEXT, "T", NULL,
	  "sbatch's --time, for every job, in Slurm's formats (30, 0:30:00, "
	  "1-12:00:00)", 0 },
	{ K_GPUS_PER_TASK, "gpus-per-task", 0, CLI_ARG_NUMBER, "G", NULL,
	  "GPUs per task (default 1; with more, a task runs --devices all; 0: "
	  "ask for none)", 0 },
	{ K_SUBMIT, "submit", 0, CLI_ARG_NONE, NULL, NULL,
	  "submit both with sbatch --parsable, the merge with "
	  "--dependency=afterok:<the array's job id>", 0 },
	OPT_OUTPUT_DIR("output directory (default: the file's `output`)"),
	{ K_CULAB, "culab", 0, CLI_ARG_FILE, "PATH", NULL,
	  "culab on the nodes (default: this one)", 0 },
	{ K_NO_COUNTERS, "no-counters", 0, CLI_ARG_NONE, NULL, NULL,
	  "passed to every task's run", 0 },
	OPT_VARIANT("passed to every task's run"),
	/* the scripts' tasks run `culab plan` instead (tests) */
	{ K_TEST_PLANS, "test-plans", 0, CLI_ARG_NONE, NULL, NULL,
	  "tasks write their shard's plan instead of running it (tests)",
	  CLI_HIDDEN },
	END
};

static const char slurm_about[] =
	"Writes DIR/slurm/shards.sbatch, a job array of N tasks, each running\n"
	"`culab run --shard I/N --resume` into DIR/shard-I on its GPU (a\n"
	"task run again finishes what it lacks), and\n"
	"DIR/slurm/merge.sbatch, which merges them into DIR with the report;\n"
	"it must run after every task succeeded (--dependency=afterok).  A\n"
	"task whose rows failed to verify still succeeds: its results are\n"
	"written and the report shows the failures.";

static const char slurm_notes[] =
	"environment:\n"
	"  CULAB_SBATCH       the sbatch program (default: sbatch in PATH)";

/* ---- list, devices ------------------------------------------------------------ */

static const struct cli_option list_options[] = {
	OPT_CHIP("the chip `list metrics` evaluates for (default: --arch's, "
		 "else the GPU present, else GH100, with a note)"),
	OPT_ARCH("`list metrics` for this architecture's chip, 86 or sm_86"),
	{ K_MARKDOWN, "markdown", 0, CLI_ARG_NONE, NULL, NULL,
	  "`list chips` or `list floors` as a Markdown table "
	  "(reports/chips/aliases.md)", 0 },
	OPT_VERBOSE("more detail: the raw metrics and glossary paragraphs of "
		    "each alias"),
	END
};

static const char list_about[] =
	"  kernels   every variant of both ladders, in ladder order\n"
	"  metrics   counter aliases, their columns, whether a chip can\n"
	"            collect each one, and why not\n"
	"  chips     every chip CUPTI's host API knows, and which aliases of\n"
	"            the default set it can collect\n"
	"  lines     the counters per source line: each SASS metric, and the\n"
	"            kernel-level counters its sum over a launch equals\n"
	"  floors    the run-to-run floors `culab compare` holds pairs to,\n"
	"            per GPU model, kind of row and band of median time, each\n"
	"            with the recording it was measured from\n"
	"\n"
	"Chips are evaluated offline, from CUPTI's metric tables; no GPU is\n"
	"needed.";

static const char devices_about[] =
	"Prints each device's name, compute capability, SM count, memory\n"
	"(GDDR, HBM or shared), bus and clock, the theoretical peak bandwidth\n"
	"derived from them, and why culab cannot use a device, if it cannot.\n"
	"Exit status 3 when there is no usable GPU; --json then prints [].";

/* ---- report, verify ----------------------------------------------------------- */

static const struct cli_option report_options[] = {
	OPT_OUTPUT_DIR("output directory (default: the results file's)"),
	OPT_LANG,
	{ K_FORMAT, "format", 0, CLI_ARG_CHOICE, "FMT", "md html both",
	  "md, html or both (default both)", 0 },
	{ K_TEMPLATE, "template", 0, CLI_ARG_FILE, "FILE", NULL,
	  "a template of your own (docs/report.md, Templates)", 0 },
	{ K_NO_CHARTS, "no-charts", 0, CLI_ARG_NONE, NULL, NULL,
	  "draw no charts (gnuplot is not run)", 0 },
	OPT_GNUPLOT,
	{ K_BASELINE, "baseline", 0, CLI_ARG_FILE, "OTHER.json", NULL,
	  "add a before/after section: every row compared with OTHER's as "
	  "`culab compare` does, and its chart (charts/baseline.*)", 0 },
	OPT_THRESHOLD("as for compare (with --baseline)"),
	OPT_FLOOR("as for compare (with --baseline)"),
	OPT_MATCH("as for compare (with --baseline)"),
	END
};

static const char report_about[] =
	"Writes DIR/report.en.md and DIR/report.zh.md (Markdown), the body a\n"
	"student hands in, and DIR/details.en.md and DIR/details.zh.md,\n"
	"everything else; the same as self-contained pages (.html: charts\n"
	"inline; print them to PDF from a browser) and the charts in\n"
	"DIR/charts/ (PNG and SVG, each with its data and gnuplot script)\n"
	"from a results.json that `culab run` wrote.  Results of a class\n"
	"(docs/class.md) add DIR/class.en.md and DIR/class.zh.md (and\n"
	".html), DIR/gradebook.csv, DIR/canvas.csv (a Canvas or Moodle\n"
	"import), DIR/gradescope/NAME.json (Gradescope's results.json), a\n"
	"page per student in DIR/students/NAME/ and, for the teacher,\n"
	"DIR/similar.en.md and DIR/similar.zh.md (similar submissions).";

static const char verify_about[] =
	"Every variant states the counter signature its technique should\n"
	"show (e.g. the 32x32 transpose tile: at least 16 bank conflicts per\n"
	"shared load), and the results record it with the variant.  verify\n"
	"evaluates those statements on the rows of a results file, for the\n"
	"types each statement names, and prints one verdict each.\n"
	"Exit status 1 when any check fails or no counters were recorded.";

/* ---- compare, rerun -------------------------------------------------------- */

static const struct cli_option compare_options[] = {
	OPT_THRESHOLD("relative band of \"same\" (default 0.02)"),
	OPT_FLOOR("run-to-run floors: none (the threshold alone), or F for "
		  "every row (default: those measured for the GPU, kind of row "
		  "and median time)"),
	{ K_NOISE, "noise", 0, CLI_ARG_NONE, NULL, NULL,
	  "measure floors instead: every file (same code, same GPU model) "
	  "against every later one (--match renaming the earlier one's "
	  "experiments), the largest change per kind of row and median "
	  "time, and the table's entries", 0 },
	{ K_MARKDOWN, "markdown", 0, CLI_ARG_NONE, NULL, NULL,
	  "Markdown (the report's before/after section)", 0 },
	{ K_CHART, "chart", 0, CLI_ARG_DIR, "DIR", NULL,
	  "draw the ratio chart into DIR (compare.png, .svg, .dat, .gp)", 0 },
	OPT_GNUPLOT,
	OPT_FAIL_ON("exit 1 when a pair is slower, faster, or changed "
		    "(either)"),
	OPT_MATCH("pair base experiment BASE with new experiment NEW (names "
		  "differ between experiment files)"),
	{ K_OUTPUT, "output", 'o', CLI_ARG_FILE, "FILE", NULL,
	  "write to FILE instead of standard output (replaced whole, never a "
	  "file compared, a FIFO or a device)", 0 },
	END
};

static const char compare_about[] =
	"Pairs the rows of each NEW file with those of BASE that measured\n"
	"the same experiment, variant (a user kernel by its label), type,\n"
	"size and block, and judges each pair by the ratio of the median\n"
	"times NEW / BASE with its 95 % bootstrap interval (2000 resamples,\n"
	"fixed seed): faster or slower when it lies wholly beyond 1 +- T\n"
	"and the change is larger than the pair's run-to-run floor, same\n"
	"when it lies within 1 +- T or the change is within the floor,\n"
	"unknown when it crosses a boundary, when a row failed, or with\n"
	"fewer than 6 timed runs (unless every run of one side is beyond\n"
	"every run of the other by more than T, with enough runs for that\n"
	"to be no chance: faster or slower by ranks, beyond the floor\n"
	"too).  The floor: the largest change two runs of unchanged code\n"
	"showed on that GPU model for rows of its kind (gpu, gpu in L2,\n"
	"host step, cpu) and median time.  Beside each pair: the counters\n"
	"that moved beyond the report's noise rule.  Above: the environment\n"
	"facts that differ, whether the comparison is across GPUs, and\n"
	"where the floors came from.  Rows of one side only are listed.\n"
	"Exit status 1 when --fail-on matches a pair (each such pair an\n"
	"error line on standard error, also with -q), 2 for bad input (a\n"
	"file that is not a results file, the same file twice, no row in\n"
	"common).  --noise measures the floors from same-code reruns.";

static const struct cli_option rerun_options[] = {
	OPT_OUTPUT_DIR("output directory (default: rerun/ beside "
		       "RESULTS.json)"),
	OPT_DEVICE,
	OPT_NO_COUNTERS,
	{ K_RESUME, "resume", 0, CLI_ARG_NONE, NULL, NULL,
	  "keep the finished rows of DIR/results.json", 0 },
	OPT_NOTE,
	OPT_NO_REPORT("do not render the report"),
	OPT_LANG,
	OPT_THRESHOLD("as for compare (default 0.02)"),
	OPT_FLOOR("as for compare"),
	OPT_FAIL_ON("as for compare"),
	END
};

static const char rerun_about[] =
	"Writes the experiment file RESULTS.json recorded into DIR at its\n"
	"recorded path (its SHA-256 checked) and its user kernels' sources\n"
	"where that file names them under DIR (the recorded copies; results\n"
	"without copies take the files at their recorded paths, with a\n"
	"warning), runs it on the GPU measuring the variants the\n"
	"record holds, with counters when the record has them, then\n"
	"compares the new results with the recorded ones as `culab compare`\n"
	"does: which environment facts differ, and each pair's verdict.\n"
	"The report gets a before/after section.  Exit status as for run\n"
	"(3 without a GPU: DIR keeps what was written into it, to run\n"
	"later), and 1 when --fail-on matches a pair.";

/* ---- help, completion --------------------------------------------------------- */

static const struct cli_option help_options[] = {
	{ K_MAN, "man", 0, CLI_ARG_NONE, NULL, NULL,
	  "print the manual page, culab.1, in roff (man -l - reads it)", 0 },
	END
};

static const char completion_about[] =
	"Prints a completion script made from the same table as `--help`:\n"
	"commands, every command's options, the words an option takes, and\n"
	"file names where a command or option takes a file.  `make install`\n"
	"installs both; to install one by hand:\n"
	"\n"
	"  bash  culab completion bash >\n"
	"          ~/.local/share/bash-completion/completions/culab\n"
	"  zsh   culab completion zsh > ~/.zfunc/_culab\n"
	"          (with ~/.zfunc in fpath, before compinit)";

static const struct cli_option no_options[] = { END };

/* ---- the table ------------------------------------------------------------------ */

#define RUN_QUIET "no progress line, report line or summary"

static const struct cli_command commands[] = {
	{ "run", cmd_run,
	  "run an experiment file on the GPU: verify, time, count",
	  "EXPERIMENT.yaml", CLI_ARG_FILE, NULL, 1, 1,
	  "needs exactly one experiment file", run_about, run_options,
	  RUN_QUIET, NULL, run_notes, 0 },
	{ "check", cmd_check,
	  "validate experiment files and compile their kernels (no GPU needed)",
	  "EXPERIMENT.yaml...", CLI_ARG_FILE, NULL, 1, -1,
	  "needs at least one experiment file", check_about, check_options,
	  "print errors only (no ok lines, no notes)", NULL, check_notes, 0 },
	{ "plan", cmd_plan,
	  "show what a run of an experiment file would measure (no GPU needed)",
	  "EXPERIMENT.yaml", CLI_ARG_FILE, NULL, 1, 1,
	  "needs exactly one experiment file", plan_about, plan_options,
	  "print nothing on standard output but --json: the exit status says "
	  "whether the file plans",
	  "the plan as JSON (`culab merge --plans` reads it)", NULL, CLI_JSON },
	{ "merge", cmd_merge,
	  "merge the results of shards (or of parts run apart) into one",
	  "RESULTS.json...", CLI_ARG_FILE, NULL, 1, -1,
	  "needs at least one file", merge_about, merge_options,
	  "no summary", NULL, NULL, 0 },
	{ "slurm", cmd_slurm,
	  "write (and submit) Slurm jobs: one task per shard, then a merge",
	  "EXPERIMENT.yaml", CLI_ARG_FILE, NULL, 1, 1,
	  "needs exactly one experiment file", slurm_about, slurm_options,
	  "print nothing on standard output (the scripts are still written "
	  "and submitted)",
	  NULL, slurm_notes, 0 },
	{ "list", cmd_list,
	  "list the kernel variants, counter aliases, chips or per-line "
	  "counters",
	  "kernels|metrics|chips|lines|floors", CLI_ARG_CHOICE,
	  "kernels metrics chips lines floors", 1, 1,
	  "needs one of: kernels, metrics, chips, lines, floors", list_about,
	  list_options,
	  "no note on the chip assumed without a GPU",
	  "the list as JSON", NULL, CLI_JSON },
	{ "devices", cmd_devices,
	  "show the CUDA devices culab can use",
	  NULL, CLI_ARG_NONE, NULL, 0, 0, NULL, devices_about, no_options,
	  "print nothing on standard output but --json: the exit status says "
	  "whether a usable GPU is here",
	  "the devices as JSON ([] without a GPU)", NULL, CLI_JSON },
	{ "report", cmd_report,
	  "render the lab report of a results file (no GPU needed)",
	  "RESULTS.json", CLI_ARG_FILE, NULL, 1, 1, "needs one results file",
	  report_about, report_options, "no report line on standard output",
	  NULL, NULL, 0 },
	{ "verify", cmd_verify,
	  "check measured counters against each variant's signature",
	  "RESULTS.json", CLI_ARG_FILE, NULL, 1, 1, "needs one results file",
	  verify_about, no_options, "print failures and the summary only",
	  "every check and the counts as JSON", NULL, CLI_JSON },
	{ "compare", cmd_compare,
	  "compare results files: faster, slower or the same (no GPU needed)",
	  "BASE.json NEW.json...", CLI_ARG_FILE, NULL, 2, -1,
	  "needs a base results file and at least one new one", compare_about,
	  compare_options,
	  "print nothing on standard output but --json: the exit status says "
	  "(with --fail-on); -o FILE is still written",
	  "every pair and every counter change as JSON (not with --markdown)",
	  NULL, CLI_JSON },
	{ "rerun", cmd_rerun,
	  "run again what a results file recorded, and compare",
	  "RESULTS.json", CLI_ARG_FILE, NULL, 1, 1,
	  "needs exactly one results file", rerun_about, rerun_options,
	  RUN_QUIET, NULL, NULL, 0 },
	{ "help", cmd_help,
	  "show the help of culab or of a command",
	  "[COMMAND]", CLI_ARG_COMMAND, NULL, 0, 1, "takes at most one command",
	  "Shows the list of commands, or the help of one: `culab help CMD`\n"
	  "prints what `culab CMD --help` prints.",
	  help_options, "no effect (every command takes -q)", NULL, NULL, 0 },
	{ "completion", cmd_completion,
	  "print the bash or zsh completion script",
	  "bash|zsh", CLI_ARG_CHOICE, "bash zsh", 1, 1,
	  "needs a shell: bash or zsh", completion_about, no_options,
	  "no effect (every command takes -q)", NULL, NULL, 0 },
	/* culab's own child that compiles one user kernel, within limits
	 * (ladder/kcompile.h): culab starts it and talks to it */
	{ KCOMPILE_COMMAND, cmd_compile_child,
	  "compile one user kernel for the culab that started it",
	  NULL, CLI_ARG_NONE, NULL, 0, 0, "takes no operands",
	  "Reads one compile request on standard input, compiles it with\n"
	  "NVRTC and writes the answer on descriptor 3: the child culab\n"
	  "starts for each kernel it compiles, so that a compilation can be\n"
	  "held to its time and memory limits.  Not for people.",
	  no_options, "no effect", NULL, NULL, CLI_HIDDEN },
};

const struct cli_program cli_program = {
	"culab", CULAB_VERSION,
	"a profiling-instrumented lab-report generator for CUDA optimization "
	"ladders",
	"culab runs CUDA optimization ladders (reduction, transpose)\n"
	"from YAML experiment files, verifies and times every\n"
	"variant, collects hardware counters and writes results.",
	commands, ARRAY_SIZE(commands),
};
