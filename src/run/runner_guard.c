/* runner_guard.c - the correctness run's guards: poisoned bytes around
 * a measurement's buffers, so that a kernel that reads or writes past
 * them fails its check instead of passing on what happened to lie
 * there.  See runner_int.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runner_int.h"

/* Poison byte for outputs: 0x5a5a5a5a is outside every input range of
 * family_fill_input and no reachable sum, so an unwritten output never
 * passes verification. */
#define POISON 0x5a
/* Bytes of the host accumulator a->result (room for any type's). */
#define RESULT_BYTES 16

/* ---- the input's guards --------------------------------------------------- */

/* The guard's words for type t: NaNs for floating point (each with a
 * payload of its own, so that no two cancel in an XOR), and for ints
 * large odd values (no count of them below 2^32 sums to a multiple of
 * 2^32): any sum or transpose that takes one in is wrong. */
static void guard_words(enum dtype t, unsigned char *g)
{
	for (size_t i = 0; i < GUARD_BYTES / 8; i++) {
		uint64_t d = UINT64_C(0x7ff8000000000000) | (i + 1);
		uint32_t f[2] = { UINT32_C(0x7fc00000) | (uint32_t)(2 * i + 1),
				  UINT32_C(0x7fc00000) | (uint32_t)(2 * i + 2) };
		int32_t k[2] = { 987654321 + 4 * (int32_t)i,
				 987654323 + 4 * (int32_t)i };

		if (t == DTYPE_DOUBLE)
			memcpy(g + 8 * i, &d, 8);
		else if (t == DTYPE_FLOAT)
			memcpy(g + 8 * i, f, 8);
		else
			memcpy(g + 8 * i, k, 8);
	}
}

bool runner_input_guard_on(void)
{
	const char *e = getenv("CULAB_INPUT_GUARD");

	return !e || strcmp(e, "off") != 0;
}

int runner_input_alloc(void **p, size_t bytes)
{
	char *base = NULL;
	size_t guard = runner_input_guard_on() ? GUARD_BYTES : 0;
	int err = (int)cudaMalloc((void **)&base, guard + bytes + guard);

	*p = err ? NULL : base + guard;
	return err;
}

void runner_input_free(void *p)
{
	if (p)
		cudaFree((char *)p - (runner_input_guard_on() ? GUARD_BYTES : 0));
}

int runner_input_guard(void *p, size_t bytes, enum dtype t,
		       cudaStream_t stream)
{
	unsigned char g[GUARD_BYTES];
	int err;

	if (!p || !runner_input_guard_on())
		return 0;
	guard_words(t, g);
	/* from pageable memory: each copy returns once g is staged */
	if ((err = (int)cudaMemcpyAsync((char *)p - GUARD_BYTES, g, sizeof(g),
					cudaMemcpyHostToDevice, stream)) ||
	    (err = (int)cudaMemcpyAsync((char *)p + bytes, g, sizeof(g),
					cudaMemcpyHostToDevice, stream)))
		return err;
	return (int)cudaStreamSynchronize(stream);
}

/* ---- before and after the correctness run ------------------------------- */

int runner_poison_output(struct launch_ctx *L)
{
	const struct variant *v = L->v;
	int err;

	if (v->flags & (VF_HOST_STEP | VF_CPU))
		memset(L->a.result, POISON, RESULT_BYTES);
	if (v->flags & VF_CPU)
		return 0;
	err = (int)cudaMemsetAsync(L->st->d_out, POISON, L->st->ps->out_bytes +
				   GUARD_BYTES, L->a.stream);
	if (err)
		return err;
	if (L->a.work && (err = (int)cudaMemsetAsync((char *)L->a.work +
						     L->work_bytes, POISON,
						     GUARD_BYTES, L->a.stream)))
		return err;
	/* an in-place variant before this one may have written there */
	if ((v->flags & VF_IN_PLACE) &&
	    (err = runner_input_guard(L->st->d_copy, L->st->ps->in_bytes,
				      L->st->ps->t, L->a.stream)))
		return err;
	return (int)cudaStreamSynchronize(L->a.stream);
}

/* Whether the GUARD_BYTES at `at` are still `want`: 0 (yes), 1 (no: *n
 * of them changed, the first at *first), or a negative CUDA error. */
static int guard_changed(const char *at, const unsigned char *want,
			 size_t *n, size_t *first)
{
	unsigned char g[GUARD_BYTES];
	int err;

	*n = *first = 0;
	if ((err = (int)cudaMemcpy(g, at, sizeof(g), cudaMemcpyDeviceToHost)))
		return -err;
	for (size_t k = 0; k < sizeof(g); k++)
		if (g[k] != want[k] && !(*n)++)
			*first = k;
	return *n > 0;
}

int runner_check_guards(struct run *R, struct launch_ctx *L,
			struct result_row *w)
{
	unsigned char poison[GUARD_BYTES], words[GUARD_BYTES];
	bool in_place = (L->v->flags & VF_IN_PLACE) && runner_input_guard_on();
	const struct {
		const char *what;
		bool before;             /* the bytes before it */
		const char *at;
		size_t size;
		const unsigned char *want;
	} area[] = {
		{ "output", false, (char *)L->st->d_out, L->st->ps->out_bytes,
		  poison },
		{ "scratch buffer", false, (char *)L->a.work, L->work_bytes,
		  poison },
		{ "input", false, in_place ? (char *)L->st->d_copy : NULL,
		  L->st->ps->in_bytes, words },
		{ "input", true, in_place ? (char *)L->st->d_copy : NULL,
		  L->st->ps->in_bytes, words },
	};

	if (L->v->flags & VF_CPU)
		return 0;
	memset(poison, POISON, sizeof(poison));
	guard_words(L->st->ps->t, words);
	for (size_t i = 0; i < ARRAY_SIZE(area); i++) {
		size_t changed, first;
		int rc;

		if (!area[i].at)
			continue;
		rc = guard_changed(area[i].before ? area[i].at - GUARD_BYTES :
				   area[i].at + area[i].size, area[i].want,
				   &changed, &first);
		if (rc <= 0) {
			if (rc < 0)
				return rc;
			continue;
		}
		if (area[i].before)
			runner_row_fail(R, w, ROW_ERROR, "wrote before the "
					"start of its %s (%zu bytes): %zu of "
					"the %d bytes before it changed, the "
					"first at byte %zu before the start",
					area[i].what, area[i].size, changed,
					GUARD_BYTES, (size_t)GUARD_BYTES - first);
		else
			runner_row_fail(R, w, ROW_ERROR, "wrote past the end "
					"of its %s (%zu bytes): %zu of the %d "
					"bytes after it changed, the first at "
					"byte %zu after the end", area[i].what,
					area[i].size, changed, GUARD_BYTES,
					first);
		return 1;
	}
	return 0;
}
