/* runner_rows.c - what a measurement's row says when its check fails:
 * the family's check of an output, a wrong answer, a CUDA error and
 * whether it cost the context.  See runner_int.h.
 *
 * Below both runner.c's phases and runner_timing.c's rounds, which fail
 * rows alike. */
#include "runner_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "ladder/ladder.h"

const char *runner_err_text(int e)
{
	return cudaGetErrorString((cudaError_t)e);
}

/* After a failed CUDA call: is the context still usable? */
bool runner_context_lost(struct run *R, int err, const char *what)
{
	cudaError_t e;

	cudaGetLastError();
	e = cudaDeviceSynchronize();
	if (e == cudaSuccess && cudaGetLastError() == cudaSuccess)
		return false;
	R->fatal = true;
	snprintf(R->fatal_why, sizeof(R->fatal_why), "%s: %s (%s)", what,
		 runner_err_text(err), cudaGetErrorName((cudaError_t)err));
	return true;
}

void runner_row_fail(struct run *R, struct result_row *w, enum row_status s,
		     const char *fmt, ...)
{
	va_list ap;
	char buf[512];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	w->status = s;
	w->verified = false;
	free(w->message);
	w->message = xstrdup(buf);
	if (s == ROW_WRONG || s == ROW_ERROR)
		R->failed = true;
}

void runner_row_cuda_error(struct run *R, struct result_row *w, int err,
			   const char *what)
{
	runner_row_fail(R, w, ROW_ERROR, "%s", runner_err_text(err));
	runner_context_lost(R, err, what);
}

/* The family's check of the last run's output (runner_int.h). */
int runner_verify(struct run *R, struct launch_ctx *L, struct result_row *w)
{
	const struct plan_stage *s = L->st->ps;
	const struct family_def *fam = L->st->fam;
	size_t bytes = fam->result_bytes(s->t, s->sh.n, s->sh.m);
	const void *out = L->a.result;
	struct family_run run = { L->v->name, L->a.block, R->sm_count };
	struct family_check c;
	int err;

	/* Variants that finish on the host leave the answer there. */
	if (!(L->v->flags & (VF_HOST_STEP | VF_CPU))) {
		void *h = R->h_check;

		if (!h || R->h_check_bytes < bytes)
			return -(int)cudaErrorMemoryAllocation;
		err = (int)cudaMemcpy(h, L->st->d_out, bytes,
				      cudaMemcpyDeviceToHost);
		if (err)
			return -err;
		out = h;
	}
	fam->check(L->st->ref, L->st->h_in, out, s->t, s->sh.n, s->sh.m,
		   (L->v->flags & (VF_CEILING | VF_COPY)) != 0, &run, &c);
	w->error = c.error;
	w->tolerance = c.tolerance;
	if (!c.ok) {
		runner_row_fail(R, w, ROW_WRONG, "%s", c.message);
		return 1;
	}
	w->verified = true;
	return 0;
}

