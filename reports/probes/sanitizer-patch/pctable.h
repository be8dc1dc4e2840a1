/* pctable.h - the device table the patches count into, one per launch:
 * shared by patches.cu (device, writes) and sanitizer_pc.cpp (host, reads).
 *
 * One slot per patched SASS instruction, keyed by the pc the patch is
 * given (stored + 1 so that 0 means empty).  Counts are per warp-level
 * execution: the lowest active lane of the warp adds them, once. */
#ifndef PCTABLE_H
#define PCTABLE_H

#include <stdint.h>

#define PCT_SLOTS 2048u                 /* a power of two */

enum {                                  /* pct_slot.kind bits */
	PCT_GLOBAL = 1u << 0,
	PCT_SHARED = 1u << 1,
	PCT_LOCAL = 1u << 2,
	PCT_SHFL = 1u << 3,
	PCT_BARRIER = 1u << 4,
	PCT_SYNCWARP = 1u << 5,
	PCT_READ = 1u << 6,
	PCT_WRITE = 1u << 7,
};

struct pct_slot {
	unsigned long long key;         /* pc + 1; 0: empty */
	unsigned long long warp_inst;   /* warp-level executions */
	unsigned long long threads;     /* active lanes, added */
	unsigned long long sectors;     /* global: distinct 32 B sectors */
	unsigned long long sectors_ideal;
	unsigned long long wavefronts;  /* shared: passes by the bank model */
	unsigned long long wavefronts_ideal;
	unsigned long long bytes;       /* active lanes x access size */
	unsigned int kind;              /* PCT_* bits seen at this pc */
	unsigned int size_max;          /* largest access size seen */
};

struct pct_table {
	unsigned long long warps_entered;       /* block-enter patch, per warp */
	unsigned int overflow;                  /* executions with no free slot */
	unsigned int pad;
	struct pct_slot slot[PCT_SLOTS];
};

#endif
