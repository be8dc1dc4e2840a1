/* dtype.h - the element types an experiment can ask for.
 *
 * Reductions of int accumulate in 64 bits (long long), so integer sums
 * are exact for any n culab accepts; float and double accumulate in their
 * own type, which is what the ladders teach about. */
#ifndef CULAB_DTYPE_H
#define CULAB_DTYPE_H

#include <stddef.h>

enum dtype {
	DTYPE_INT = 0,
	DTYPE_FLOAT = 1,
	DTYPE_DOUBLE = 2,
	DTYPE__COUNT
};

#define DTYPE_BIT(t) (1u << (t))
#define DTYPE_ALL (DTYPE_BIT(DTYPE_INT) | DTYPE_BIT(DTYPE_FLOAT) | DTYPE_BIT(DTYPE_DOUBLE))

#ifdef __cplusplus
extern "C" {
#endif

/* "int", "float", "double"; "?" for a value out of range. */
const char *dtype_name(enum dtype t);
/* Bytes of one element. */
size_t dtype_size(enum dtype t);
/* Bytes of one reduction accumulator (8 for int: long long). */
size_t dtype_acc_size(enum dtype t);
/* Returns 0 and sets *t, or -1 when `s` names no type. */
int dtype_parse(const char *s, enum dtype *t);

#ifdef __cplusplus
}
#endif

#endif
