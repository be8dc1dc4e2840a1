/* resources.c - a row's kernel resources: names of the limiters and
 * release.  See resources.h.
 *
 * A stand-in, written on the report-user branch so that results.h can
 * hold a struct kernel_resources and the report can name its limiter:
 * it defines only kernel_resources_release(), resource_limiter_name()
 * and resource_limiter_parse().  The "resources" helper's resources.c
 * (with the occupancy calculator resources_limits()) replaces this file
 * whole at merge; the names below are those resources.h documents. */
#include "resources.h"

#include <stdlib.h>
#include <string.h>

static const char *const limiter_names[RL__COUNT] = {
	[RL_NONE] = "?",
	[RL_WARPS] = "warps",
	[RL_BLOCKS] = "blocks per SM",
	[RL_REGISTERS] = "registers",
	[RL_SHARED] = "shared memory",
};

const char *resource_limiter_name(enum resource_limiter l)
{
	return (unsigned)l < RL__COUNT ? limiter_names[l] : "?";
}

int resource_limiter_parse(const char *s, enum resource_limiter *l)
{
	for (int i = 0; s && i < RL__COUNT; i++)
		if (strcmp(s, limiter_names[i]) == 0) {
			*l = (enum resource_limiter)i;
			return 0;
		}
	return -1;
}

void kernel_resources_release(struct kernel_resources *r)
{
	if (!r)
		return;
	free(r->why);
	free(r->kernel);
	memset(r, 0, sizeof(*r));
}
