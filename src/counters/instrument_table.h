/* counters/instrument_table.h - the device table that culab's
 * instrumentation patches (kernels/patches/instrument.cu) count into and
 * instrument.c reads: one per kernel function of a measurement.
 *
 * One slot per patched SASS instruction, keyed by the pc the patch is
 * given (stored + 1, so that 0 means empty): spread over pcs, the warps'
 * atomic adds do not all meet at one address.  Counts are per warp-level
 * execution: the warp's lowest active lane adds them, once, as CUPTI's
 * smsp__sass_* metrics count.  Included by C and by CUDA: plain types
 * only. */
#ifndef CULAB_COUNTERS_INSTRUMENT_TABLE_H
#define CULAB_COUNTERS_INSTRUMENT_TABLE_H

#define IT_SLOTS 2048u                  /* a power of two */

enum {                                  /* it_slot.kind bits */
	IT_GLOBAL = 1u << 0,
	IT_SHARED = 1u << 1,
	IT_READ = 1u << 2,
	IT_WRITE = 1u << 3,
};

struct it_slot {
	unsigned long long key;         /* pc + 1; 0: empty */
	unsigned long long requests;    /* warp-level executions */
	unsigned long long bytes;       /* active lanes x access size */
	unsigned long long sectors;     /* global: distinct 32-byte sectors */
	unsigned long long wavefronts;  /* shared: passes by the bank model */
	unsigned long long wavefronts_ideal;
	unsigned int kind;              /* IT_* bits seen at this pc */
	unsigned int pad;
};

struct it_table {
	unsigned int overflow;          /* executions that found no slot */
	unsigned int pad;
	struct it_slot slot[IT_SLOTS];
};

#endif
