/* runner_launch.c - what every phase of a measurement shares: the clock
 * and the laps of CULAB_RUN_TRACE, one launch, the restore of an
 * in-place variant's input, and whether a signal asked the run to stop.
 * See runner_int.h.
 *
 * The phases (runner.c's correctness, runner_timing.c's samples,
 * runner_counters.c's replay) all build on these, and on nothing of each
 * other's. */
#include "runner_int.h"

#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- signals ------------------------------------------------------------------ */

static volatile sig_atomic_t interrupted;

bool runner_interrupted(void)
{
	return interrupted != 0;
}

int runner_signal(void)
{
	return (int)interrupted;
}

static void on_signal(int sig)
{
	/* A second signal ends the process the default way, with the
	 * clocks --lock-clocks locked given back first (a stop request of
	 * run --devices is no first signal). */
	if (interrupted && interrupted != SIGUSR1)
		nvml_fatal_signal(sig);
	interrupted = sig;
}

/* run --devices asks its workers to stop with SIGUSR1, which never ends
 * a worker at once (under Slurm a worker gets the job's SIGTERM and its
 * parent's request), and to stop now with SIGUSR2. */
static void on_stop_request(int sig)
{
	if (sig == SIGUSR2)
		nvml_fatal_signal(sig);
	if (!interrupted)
		interrupted = sig;
}

static const int caught[RUNNER_SIGNALS] = { SIGINT, SIGTERM, SIGUSR1, SIGUSR2 };

void runner_signals_catch(struct sigaction old[RUNNER_SIGNALS])
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	interrupted = 0;
	for (int i = 0; i < RUNNER_SIGNALS; i++) {
		sa.sa_handler = caught[i] == SIGUSR1 || caught[i] == SIGUSR2 ?
				on_stop_request : on_signal;
		sigaction(caught[i], &sa, &old[i]);
	}
}

void runner_signals_restore(const struct sigaction old[RUNNER_SIGNALS])
{
	for (int i = 0; i < RUNNER_SIGNALS; i++)
		sigaction(caught[i], &old[i], NULL);
}

/* ---- time ------------------------------------------------------------------------ */

double runner_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double runner_process_age(void)
{
	unsigned long long start;
	struct timespec ts;
	char buf[1024], *p;
	FILE *fp = fopen("/proc/self/stat", "r");
	size_t n = fp ? fread(buf, 1, sizeof(buf) - 1, fp) : 0;

	if (fp)
		fclose(fp);
	buf[n] = '\0';
	/* after the command's ")": the state (field 3), fields 4 to 21,
	 * then 22, the start in clock ticks since boot */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %*s %*s %*s %*s %*s %*s %*s %*s %*s "
			 "%*s %*s %*s %*s %*s %*s %*s %*s %*s %llu",
			 &start) != 1 ||
	    clock_gettime(CLOCK_BOOTTIME, &ts) != 0)
		return -1;
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec -
	       (double)start / (double)sysconf(_SC_CLK_TCK);
}

void runner_lap(struct run *R, enum run_phase p, double *t)
{
	double n = runner_now();

	R->phase[p] += n - *t;
	*t = n;
}

/* ---- launches -------------------------------------------------------------------- */

int runner_launch_once(struct launch_ctx *L)
{
	int err = L->v->launch(&L->a);

	if (err)
		return err;
	return (int)cudaStreamSynchronize(L->a.stream);
}

int runner_restore_input(struct launch_ctx *L)
{
	if (!(L->v->flags & VF_IN_PLACE))
		return 0;
	return (int)cudaMemcpyAsync(L->st->d_copy, L->st->d_in,
				    L->st->ps->in_bytes, cudaMemcpyDeviceToDevice,
				    L->a.stream);
}
