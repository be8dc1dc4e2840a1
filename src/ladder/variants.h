/* variants.h - the built-in rows of each family's ladder, one file a
 * family (variants_reduce.c, variants_transpose.c), which registry.c puts
 * in one table with the rows registered at run time.  Private to ladder/:
 * the rest of culab reads rows through registry_builtin() and
 * registry_find() (ladder.h). */
#ifndef CULAB_VARIANTS_H
#define CULAB_VARIANTS_H

#include <stddef.h>

#include "ladder.h"

extern const struct variant variants_reduce[];
extern const size_t variants_reduce_count;
extern const struct variant variants_transpose[];
extern const size_t variants_transpose_count;

#endif
