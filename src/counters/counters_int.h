/* counters_int.h - what the files of the counters module share.
 *
 * Private: only counters_*.cpp and launch_watch.cpp include it (they are
 * the only files that include CUPTI); the rest of culab uses the C API of
 * counters.h.  These are C++ declarations (the module is C++ because
 * cupti_profiler_host.h is), so they are not extern "C".
 *
 * Layered: counters_host.cpp (the offline side) needs nothing from the
 * other two; counters_session.cpp (the session) uses the host side;
 * counters_profile.cpp (measuring) uses both.  Each section below says
 * which file defines what it declares. */
#ifndef CULAB_COUNTERS_INT_H
#define CULAB_COUNTERS_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>
#include <cupti_profiler_host.h>
#include <cupti_range_profiler.h>

#include "counters.h"
extern "C" {
#include "base/util.h"
}

/* CUPTI loads libnvperf_host with RTLD_DEEPBIND, which AddressSanitizer
 * refuses (it aborts the process), so ASan builds do without CUPTI: the
 * entry points fail with this reason and callers carry on as they do on
 * machines without CUPTI.  (Every counters*.cpp includes this header, so
 * each sees the same guard; the entry points that check it are
 * counters_metric_valid, counters_count_passes and counters_open.) */
#if defined(__SANITIZE_ADDRESS__)
#define CUPTI_UNUSABLE "CUPTI cannot run in an AddressSanitizer build (it loads " \
	"libnvperf_host with RTLD_DEEPBIND, which ASan rejects)"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CUPTI_UNUSABLE "CUPTI cannot run in an AddressSanitizer build (it loads " \
	"libnvperf_host with RTLD_DEEPBIND, which ASan rejects)"
#endif
#endif

/* ---- messages (counters_host.cpp) ------------------------------------ */

/* printf into why[0..size); does nothing when why is NULL or size 0. */
void why_printf(char *why, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Refusal row id's one-line text (refusal.h) with this host's facts. */
void counters_refusal_text(int id, char *why, size_t size);
/* counters_refused() as before any error (counters_open's start). */
void counters_refused_reset(void);

/* Fills why with "<what> failed: CUPTI_ERROR_X -- how to fix it" and
 * returns -1. */
int cupti_fail(char *why, size_t size, const char *what, CUptiResult r);

/* Checks a CUPTI call; on failure fills why and makes the caller return -1. */
#define CALL_AT(call) #call " at " __FILE__ ":" LINE_TEXT(__LINE__)
#define LINE_TEXT(n) LINE_TEXT2(n)
#define LINE_TEXT2(n) #n

#define CUPTI_CHECK(call, why, size)                                           \
	do {                                                                   \
		CUptiResult r_ = (call);                                       \
		if (r_ != CUPTI_SUCCESS)                                       \
			return cupti_fail((why), (size), CALL_AT(call), r_);   \
	} while (0)

/* ---- the Profiler Host API (counters_host.cpp) ------------------------ */

/* A range-profiler host object for chip; avail is the device's counter
 * availability image, or NULL offline.  Returns 0, or -1 with why filled
 * (*host NULL).  The caller frees *host with host_deinit(). */
int host_init(const char *chip, const uint8_t *avail,
	      CUpti_Profiler_Host_Object **host, char *why, size_t size);

/* Frees a host object; accepts NULL. */
void host_deinit(CUpti_Profiler_Host_Object *host);

/* Adds the metrics names[0..n) to host's configuration in one call (one
 * call per set: see the definition).  Returns CUPTI's result. */
CUptiResult host_add(CUpti_Profiler_Host_Object *host,
		     const char *const *names, size_t n);

/* The config image of what was added to host and the passes it needs.
 * Returns 0, or -1 with why filled; the caller frees *image either way. */
int host_config(CUpti_Profiler_Host_Object *host, uint8_t **image,
		size_t *image_size, int *passes, char *why, size_t size);

/* ---- the session (counters_session.cpp) -------------------------------------- */

/* One kernel launch of a profiled pass: the range CUPTI makes of it
 * belongs to batch item `item`, or is one of our L2 flushes. */
struct launch_rec {
	size_t item;
	bool flush;
	char *name;                     /* demangled, no parameters; "" unknown */
	double occ;                     /* theoretical occupancy, % */
};

/* The steps of opening a session, in order, timed for
 * CULAB_COUNTERS_TRACE (counters_session.cpp's open_step_names). */
enum open_step {
	OS_CONTEXT, OS_SUBSCRIBE, OS_INITIALIZE, OS_AVAILABILITY, OS_HOST,
	OS_METRICS, OS_ENABLE, OS_DATA_IMAGE, OS_CONFIG, OS_EVICT,
	OPEN_STEPS
};

/* A profiling session: counters_open makes it, counters_close frees it. */
struct counters {
	int device;                     /* runtime ordinal */
	CUcontext ctx;
	char chip[64];

	/* metrics, copies of the caller's names in its order */
	size_t nraw;
	char **raw;
	double *scratch;                /* nraw values of one range */
	int passes;

	/* host side */
	CUpti_Profiler_Host_Object *host;
	uint8_t *avail;
	uint8_t *config;
	size_t config_size;

	/* target side */
	bool profiler_initialized;
	CUpti_RangeProfiler_Object *rp;
	uint8_t *image;
	size_t image_size;
	size_t capacity;                /* ranges the image holds */
	bool warmed;                    /* a first measurement was discarded */
	char *broken;                   /* set: the session can no longer profile */

	/* L2 eviction */
	cudaStream_t stream;
	void *evict_buf;
	size_t evict_bytes;
	unsigned int *evict_sink;

	/* kernel launches seen by the callback (launch_watch_attach) */
	bool subscribed;
	bool in_pass;                   /* count launches */
	bool record_names;              /* and record them (first pass) */
	size_t launches;                /* in this pass, flushes excluded */
	size_t item;                    /* the batch item now launching */
	char *pending;                  /* name between API enter and exit */
	double pending_occ;             /* its theoretical occupancy, % */
	struct launch_rec *recs;        /* first pass, in submission order */
	size_t nrecs, cap_recs;
	/* L2 eviction before every kernel launch, from the callback */
	bool evict_each;
	bool evicting;                  /* the flush launch is ours */
	int evict_err;                  /* first failure of such a flush */
	/* theoretical occupancy: the occupancy API on the launched function */
	CUresult (*max_blocks)(int *, CUfunction, int, size_t);
	int max_warps;                  /* resident warps per SM at most */

	char method[512];

	/* where the time goes: CULAB_COUNTERS_TRACE=1 prints it at close */
	double phase[9];
	size_t measurements, pass_count;
	size_t flushes;                 /* made by flush_before_kernel */
	int trace;                      /* CULAB_COUNTERS_TRACE: 0, 1 or 2 */
	size_t pass;                    /* the pass running */
	double pass_launch[4];          /* launch+sync time by pass (3: later) */
	double open_seconds;            /* counters_open */
	double open_step[OPEN_STEPS];   /* ... by step (open_step_names) */
	double flush_seconds[2];        /* in flush_before_kernel: pass 0, later */
	double kernel_seconds;          /* sum of gpu__time_duration.sum */
	int duration_raw;               /* its index in raw, or -1 */
	size_t ranges;                  /* evaluated, flushes excluded */
	size_t grown;                   /* times the image grew */
	struct slowest slow[8];         /* the slowest item-passes */
};

/* Where the profiling time goes, c->phase[] (phase_names in counters_session.cpp). */
enum phase {
	PH_PREPARE, PH_EVICT, PH_START, PH_LAUNCH, PH_STOP, PH_DECODE,
	PH_EVALUATE, PH_RESET, PH_CALLBACKS
};

/* The current time in seconds (CLOCK_MONOTONIC). */
double now_seconds(void);

/* Adds the time since *t to phase p and restarts *t. */
void lap(struct counters *c, enum phase p, double *t);

/* Fills why with "<what> failed: cudaErrorX (its text)" for the
 * cudaError_t err and returns -1. */
int cuda_fail(char *why, size_t size, const char *what, int err);

/* Empties the launch records (keeping their array) and drops a pending
 * name. */
void recs_clear(struct counters *c);

/* Turns the launch callbacks on or off; on failure names are dropped. */
void launch_callbacks(struct counters *c, bool on);

/* Waits for the queued work, evicts L2 and waits for that.  Returns 0, or
 * -1 with why filled. */
int evict_l2(struct counters *c, char *why, size_t size);

/* Rewrites c->method; gave_up says why the flush before every kernel was
 * given up, or is NULL. */
void method_text(struct counters *c, const char *gave_up);

/* The range profiler's objects.  Each returns 0, or -1 with why filled:
 * profiler_enable makes c->rp for c->ctx (profiler_disable frees it and
 * accepts none), counter_data_setup makes a counter-data image for
 * `capacity` ranges and resets it, image_reset resets it, set_config
 * configures c->rp with the config and counter-data images. */
int profiler_enable(struct counters *c, char *why, size_t size);
void profiler_disable(struct counters *c);
int counter_data_setup(struct counters *c, size_t capacity, char *why,
		       size_t size);
int image_reset(struct counters *c, char *why, size_t size);
int set_config(struct counters *c, char *why, size_t size);

/* The counter-data image starts at FIRST_CAPACITY ranges and grows (x2,
 * up to MAX_RANGES) when a batch makes more launches, flushes included:
 * resetting it costs time in proportion to its size, ~0.3 MB per range
 * for the default set (8.8 ms at 128 ranges on an H100), paid once per
 * batch, and so do Start and Stop.  On the H100 the default experiment
 * took 6.45-6.54 s of profiling in 12 batches with 128 ranges, 6.94 s in
 * the same batches with 256, and 6.46 s in 7 batches (small stages
 * sharing one) with 256: a batch's fixed cost is small next to what its
 * image costs, so batches stay per stage and the image as small as they
 * allow. */
#define FIRST_CAPACITY 128
#define MAX_RANGES 1024

/* The function, threads per block and dynamic shared memory of a kernel
 * launch from its callback's parameter struct (cbid a driver
 * CUpti_CallbackId of a kernel launch); false when they cannot be read
 * (launch_watch.cpp). */
bool launch_watch_params(unsigned cbid, const void *params, CUfunction *f,
			 unsigned *threads, size_t *smem);

/* The blocks of the grid and the threads per block of a kernel launch
 * from its callback's parameter struct; false when they cannot be read
 * (launch_watch.cpp). */
bool launch_watch_grid(unsigned cbid, const void *params, uint64_t *blocks,
		       unsigned *threads);

/* ---- where warps wait (counters_stalls.cpp) --------------------------- */

/* The sampling period of the per-line child's PC sampling, as a power of
 * two of SM cycles (CUPTI accepts 5 to 31). */
#define STALL_PERIOD_LOG2 10

/* One SASS instruction's PC samples, by wanted reason. */
struct stall_pc {
	char *symbol;            /* the function's mangled name */
	uint64_t crc;            /* its cubin's CRC */
	uint32_t pc;             /* offset in the function */
	double samples[LINES_MAX_METRICS]; /* by want[] index */
};

/* Samples run->launch on context ctx (a CUcontext) with CUPTI's PC
 * sampling: at most 4 launches, until 8,000 samples or 0.1 s, each
 * after run->prepare; want[0..nwant) are the reasons kept, by CUPTI's
 * names ("smsp__pcsamp_warps_issue_stalled_barrier").  With keep the
 * sampler stays enabled and configured on ctx after the run, for the
 * next (stalls_end turns it off): the first sampled range of a process
 * costs about 0.36 s, the next ones 0.04-0.05 s (an H100,
 * reports/probes/pc-sampling/); the SASS metrics cannot be configured
 * while it is on, in this process or another on the same GPU (an H200,
 * 2026-12-06: CUPTI_ERROR_INVALID_PARAMETER).  Returns 0 with
 * *out (stalls_free); or -1 with why
 * filled (CUPTI_ERROR_INSUFFICIENT_PRIVILEGES where the driver keeps the
 * counters to administrators, and so on). */
#ifdef __cplusplus
extern "C" {
#endif
int stalls_sample(void *ctx, const struct lines_run *run,
		  const char *const *want, size_t nwant, bool keep,
		  struct stall_pc **out, size_t *nout, char *why, size_t size);
/* Turns off a sampler kept on (keep); nothing when none is. */
void stalls_end(void);
void stalls_free(struct stall_pc *v, size_t n);
#ifdef __cplusplus
}
#endif

#endif
