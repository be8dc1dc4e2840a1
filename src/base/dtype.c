/* dtype.c - names and sizes of element types.  See dtype.h. */
#include "dtype.h"

#include <string.h>

static const struct {
	const char *name;
	size_t size, acc_size;
} dtypes[DTYPE__COUNT] = {
	[DTYPE_INT] = { "int", sizeof(int), sizeof(long long) },
	[DTYPE_FLOAT] = { "float", sizeof(float), sizeof(float) },
	[DTYPE_DOUBLE] = { "double", sizeof(double), sizeof(double) },
};

const char *dtype_name(enum dtype t)
{
	return (unsigned)t < DTYPE__COUNT ? dtypes[t].name : "?";
}

size_t dtype_size(enum dtype t)
{
	return (unsigned)t < DTYPE__COUNT ? dtypes[t].size : 0;
}

size_t dtype_acc_size(enum dtype t)
{
	return (unsigned)t < DTYPE__COUNT ? dtypes[t].acc_size : 0;
}

int dtype_parse(const char *s, enum dtype *t)
{
	for (int i = 0; i < DTYPE__COUNT; i++)
		if (strcmp(s, dtypes[i].name) == 0) {
			*t = (enum dtype)i;
			return 0;
		}
	return -1;
}
