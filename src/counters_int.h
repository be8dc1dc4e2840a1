/* counters_int.h - what the files of the counters module share.
 *
 * Private: only src/counters*.cpp include it (they are the only files
 * that include CUPTI); the rest of culab uses the C API of counters.h.
 * These are C++ declarations (the module is C++ because
 * cupti_profiler_host.h is), so they are not extern "C".
 *
 * counters_host.cpp, the offline side, defines everything declared
 * here and needs nothing from the session. */
#ifndef CULAB_COUNTERS_INT_H
#define CULAB_COUNTERS_INT_H

#include <stddef.h>
#include <stdint.h>

#include <cupti.h>
#include <cupti_profiler_host.h>

#include "counters.h"

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
void say(char *why, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

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

#endif
