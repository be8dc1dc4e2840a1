/* kcompile.c - compiling a user kernel in a child process, within limits.
 * See kcompile.h.
 *
 * Why a child that is culab again, not a fork: nvrtc_compile() is called
 * from several threads, and culab run holds CUDA's threads too; a fork of
 * such a process may only call async-signal-safe functions until it
 * execs, and NVRTC allocates.  So the fork only sets the child up (its
 * group, PR_SET_PDEATHSIG, its descriptors, its rlimits) and execs
 * /proc/self/exe, as jobs/lines_child.c and workers.c start theirs, and the fresh
 * culab runs the same in-process nvrtc_compile() as before.
 *
 * Why the parent watches the memory rather than an rlimit alone: the
 * bound culab promises is on resident memory (docs/bad-input.md), which
 * no rlimit measures; RLIMIT_AS counts the 150 MiB culab and libnvrtc
 * map before any work and every reservation, and under AddressSanitizer
 * its shadow's terabytes; and a compiler that meets an rlimit fails in
 * its own words ("ptxas fatal: Memory allocation failure"), not in the
 * limit's.  The parent reads the child's /proc/PID/statm every WATCH_MS
 * and kills its group past the limit, so a stopped compilation is named
 * for the limit it passed.  RLIMIT_AS (4 times the limit and 512 MiB,
 * left off under AddressSanitizer) and RLIMIT_CPU stay as backstops for
 * a parent that is stopped itself; RLIMIT_CORE 0 keeps a crashing
 * compiler from writing a core file of its hundreds of MiB into the
 * user's directory.
 *
 * The request goes through a memfd (written whole before the child
 * starts, so the parent never blocks writing to a child that does not
 * read, and never meets SIGPIPE); the answer and the child's own output
 * come back on two pipes, read as they come while the clock runs. */
#include "kcompile.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/exitcode.h"
#include "base/frame.h"
#include "base/util.h"

#if defined(__SANITIZE_ADDRESS__)
#define KC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KC_ASAN 1
#endif
#endif
#ifndef KC_ASAN
#define KC_ASAN 0
#endif

#define REQUEST_MAGIC "CULABCQ1"
#define ANSWER_MAGIC "CULABCA1"
#define MAGIC_LEN 8
/* A request holds a source of at most 1 MiB (experiment_kernels.c) and
 * its options: far below this. */
#define MAX_REQUEST ((size_t)64 << 20)
/* What the child prints besides its answer that is kept (the rest is
 * read and dropped, so the child never blocks on it). */
#define MAX_STRAY ((size_t)64 << 10)
/* How often the parent looks at the clock and the child's memory. */
#define WATCH_MS 10
/* The backstop RLIMIT_AS: this many times the memory limit, and room
 * for what culab and libnvrtc map before any work (150 MiB), so that a
 * small limit still stops the compilation by the watch, not by a
 * libnvrtc that cannot be loaded. */
#define AS_FACTOR 4
#define AS_ROOM_MIB 512
#define MAX_NAMES 4096
#define MAX_OPTIONS 4096

/* ---- the limits ----------------------------------------------------------- */

void kcompile_limits(struct kcompile_limits *l)
{
	double mib = KC_ASAN ? 4 * KCOMPILE_MIB : KCOMPILE_MIB;

	/* read for every compile, from several threads: env_number warns
	 * of a bad value once a process */
	l->seconds = env_number("CULAB_COMPILE_SECONDS", 0.1, 86400,
				KCOMPILE_SECONDS, "seconds");
	l->mib = (unsigned long)env_number("CULAB_COMPILE_MEMORY", 16, 1048576,
					   mib, "MiB");
}

/* ---- the request ---------------------------------------------------------- */

static void put_request(struct sbuf *b, const struct nvrtc_input *in)
{
	size_t i;

	sbuf_addn(b, REQUEST_MAGIC, MAGIC_LEN);
	frame_put_str(b, in->path);
	frame_put_field(b, in->text, in->len);
	frame_put_str(b, in->include_dir);
	frame_put_str(b, in->arch);
	frame_put_u64(b, in->noptions);
	for (i = 0; i < in->noptions; i++)
		frame_put_str(b, in->options[i]);
	frame_put_u64(b, in->nnames);
	for (i = 0; i < in->nnames; i++)
		frame_put_str(b, in->names[i]);
}

/* A request read back: an nvrtc_input and the strings it points at. */
struct request {
	struct nvrtc_input in;
	char *path, *text, *include_dir, *arch;
	char **options, **names;
	size_t noptions, nnames;
};

static void request_release(struct request *q)
{
	size_t i;

	free(q->path);
	free(q->text);
	free(q->include_dir);
	free(q->arch);
	for (i = 0; i < q->noptions; i++)
		free(q->options[i]);
	free(q->options);
	for (i = 0; i < q->nnames; i++)
		free(q->names[i]);
	free(q->names);
	memset(q, 0, sizeof(*q));
}

/* A list of strings of the request (none may be absent).  Returns the
 * array, or NULL (r->bad) when it does not read. */
static char **get_strings(struct frame_reader *r, size_t max, size_t *n)
{
	uint64_t count = frame_get_u64(r);
	char **v;
	size_t i;

	*n = 0;
	if (r->bad || count > max) {
		r->bad = true;
		return NULL;
	}
	v = xcalloc((size_t)count + 1, sizeof(*v));
	for (i = 0; i < count && !r->bad; i++) {
		v[i] = frame_get_str(r);
		if (!v[i])
			r->bad = true;
		*n = i + 1;
	}
	return v;
}

/* Parses a request.  Returns 0, or -1 (then *q is released). */
static int parse_request(const char *buf, size_t len, struct request *q)
{
	struct frame_reader r;
	const char *text;
	size_t n;

	memset(q, 0, sizeof(*q));
	/* an empty request has no buffer at all */
	if (!buf || len < MAGIC_LEN || memcmp(buf, REQUEST_MAGIC, MAGIC_LEN))
		return -1;
	r = (struct frame_reader){ buf + MAGIC_LEN, buf + len, false };
	q->path = frame_get_str(&r);
	text = frame_get_field(&r, &n);
	if (text) {
		q->text = xmalloc(n + 1);
		memcpy(q->text, text, n);
		q->text[n] = '\0';
		q->in.len = n;
	}
	q->include_dir = frame_get_str(&r);
	q->arch = frame_get_str(&r);
	q->options = get_strings(&r, MAX_OPTIONS, &q->noptions);
	q->names = get_strings(&r, MAX_NAMES, &q->nnames);
	if (r.bad || r.p != r.end || !q->path || !q->text || !q->arch) {
		request_release(q);
		return -1;
	}
	q->in.path = q->path;
	q->in.text = q->text;
	q->in.include_dir = q->include_dir;
	q->in.arch = q->arch;
	q->in.options = (const char *const *)q->options;
	q->in.noptions = q->noptions;
	q->in.names = (const char *const *)q->names;
	q->in.nnames = q->nnames;
	return 0;
}

/* ---- the child's side ------------------------------------------------------ */

/* Reads fd to its end, at most max bytes.  Returns 0, or -1. */
static int read_all(int fd, size_t max, struct sbuf *b)
{
	char chunk[65536];
	ssize_t got;

	for (;;) {
		got = read(fd, chunk, sizeof(chunk));
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (got == 0)
			return 0;
		if (b->len + (size_t)got > max)
			return -1;
		sbuf_addn(b, chunk, (size_t)got);
	}
}

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t put = write(fd, p, len);

		if (put < 0 && errno == EINTR)
			continue;
		if (put <= 0)
			return -1;
		p += put;
		len -= (size_t)put;
	}
	return 0;
}

/* This process's VmPeak and VmHWM in KiB (0 when unknown). */
static void own_memory(uint64_t *peak_kib, uint64_t *hwm_kib)
{
	FILE *fp = fopen("/proc/self/status", "re");
	char line[256];
	unsigned long long v;

	*peak_kib = *hwm_kib = 0;
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "VmPeak: %llu kB", &v) == 1)
			*peak_kib = v;
		else if (sscanf(line, "VmHWM: %llu kB", &v) == 1)
			*hwm_kib = v;
	}
	fclose(fp);
}

static void put_answer(struct sbuf *b, int rc, const char *diags,
		       size_t diags_len, unsigned errors,
		       const struct nvrtc_output *out)
{
	uint64_t peak, hwm;

	sbuf_addn(b, ANSWER_MAGIC, MAGIC_LEN);
	frame_put_u64(b, (uint64_t)(int64_t)rc);
	frame_put_field(b, diags, diags_len);
	frame_put_u64(b, errors);
	if (rc == 0)
		nvrtc_output_put(b, out);
	own_memory(&peak, &hwm);
	frame_put_u64(b, peak);
	frame_put_u64(b, hwm);
}

int kcompile_serve(void)
{
	struct sbuf req = SBUF_INIT, ans = SBUF_INIT;
	struct nvrtc_output out = { 0 };
	struct request q;
	char *diags = NULL;
	size_t diags_len = 0;
	unsigned errors;
	FILE *fp;
	int rc, status = EXIT_USAGE;

	if (read_all(STDIN_FILENO, MAX_REQUEST, &req) < 0 ||
	    parse_request(req.buf, req.len, &q) < 0) {
		diag_error("%s: the request on standard input does not read "
			   "(culab runs this command itself)", KCOMPILE_COMMAND);
		goto out;
	}
	fp = open_memstream(&diags, &diags_len);
	if (!fp) {
		diag_error("%s: %s", KCOMPILE_COMMAND, strerror(errno));
		goto out_request;
	}
	diag_set_stream(fp);
	diag_reset_count();
	rc = nvrtc_compile(&q.in, &out);
	errors = diag_error_count();
	diag_set_stream(NULL);
	fclose(fp);
	put_answer(&ans, rc, diags, diags_len, errors, &out);
	status = write_all(KCOMPILE_ANSWER_FD, ans.buf, ans.len) == 0 ?
		 EXIT_OK : EXIT_FAILED;
	close(KCOMPILE_ANSWER_FD);
	free(diags);
	nvrtc_output_release(&out);
out_request:
	request_release(&q);
out:
	sbuf_release(&req);
	sbuf_release(&ans);
	return status;
}

int kcompile_child_main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], KCOMPILE_COMMAND))
		return kcompile_serve();
	return -1;
}

/* ---- the parent's side ------------------------------------------------------ */

enum stop { STOP_NONE, STOP_TIME, STOP_MEMORY, STOP_ANSWER };

/* One child and what came back from it. */
struct child {
	pid_t pid;
	int answer_fd, stray_fd;   /* -1 once read to their end */
	struct sbuf answer, stray;
	size_t max_answer;
	enum stop stop;
	int status;
	long peak_kib;             /* ru_maxrss */
};

/* What the fork's child runs until exec: async-signal-safe calls only. */
static void child_exec(pid_t parent, int request, int answer, int stray,
		       const struct rlimit *cpu, const struct rlimit *as)
{
	static char *const argv[] = { "culab", KCOMPILE_COMMAND, NULL };
	static const char msg[] = "culab: error: cannot start the compile "
				  "child (/proc/self/exe)\n";
	const struct rlimit none = { 0, 0 };
	sigset_t all;
	int fds[4] = { request, stray, stray, answer }, i;

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(EXIT_INTERRUPTED);
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	/* out of the way of 0..3 first, then into place (dup2 clears
	 * close-on-exec) */
	for (i = 0; i < 4; i++)
		fds[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, 10);
	for (i = 0; i < 4; i++)
		if (fds[i] < 0 || dup2(fds[i], i) < 0)
			_exit(127);
	/* nothing else of culab's (another child's pipe, an output file) */
	close_range(4, ~0U, 0);
	setrlimit(RLIMIT_CORE, &none);
	setrlimit(RLIMIT_CPU, cpu);
	if (as)
		setrlimit(RLIMIT_AS, as);
	execv("/proc/self/exe", argv);
	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
		_exit(127);
	_exit(127);
}

/* A memfd holding the request, at offset 0; -1 after a diagnostic. */
static int request_fd(const struct nvrtc_input *in)
{
	struct sbuf req = SBUF_INIT;
	int fd = memfd_create("culab-compile", MFD_CLOEXEC);

	if (fd < 0) {
		diag_error("cannot make the compile request: %s",
			   strerror(errno));
		goto out;
	}
	put_request(&req, in);
	if (write_all(fd, req.buf, req.len) < 0 ||
	    lseek(fd, 0, SEEK_SET) != 0) {
		diag_error("cannot write the compile request: %s",
			   strerror(errno));
		close(fd);
		fd = -1;
	}
out:
	sbuf_release(&req);
	return fd;
}

/* Starts the child.  Returns 0, or -1 after a diagnostic. */
static int child_start(struct child *c, const struct nvrtc_input *in,
		       const struct kcompile_limits *l)
{
	int answer[2] = { -1, -1 }, stray[2] = { -1, -1 }, req, rc = -1;
	double cpu_s = ceil(l->seconds) + 1;
	struct rlimit cpu = { (rlim_t)cpu_s, (rlim_t)cpu_s + 1 };
	rlim_t as_bytes = ((rlim_t)l->mib * AS_FACTOR + AS_ROOM_MIB) << 20;
	struct rlimit as = { as_bytes, as_bytes };
	pid_t parent = getpid();

	req = request_fd(in);
	if (req < 0)
		return -1;
	if (pipe2(answer, O_CLOEXEC) < 0 || pipe2(stray, O_CLOEXEC) < 0) {
		diag_error("cannot start the compile child: %s",
			   strerror(errno));
		goto out;
	}
	c->pid = fork();
	if (c->pid == 0)
		child_exec(parent, req, answer[1], stray[1], &cpu,
			   KC_ASAN ? NULL : &as);
	if (c->pid < 0) {
		diag_error("cannot start the compile child: %s",
			   strerror(errno));
		goto out;
	}
	/* its own group from here on, whichever of the two runs first */
	setpgid(c->pid, c->pid);
	c->answer_fd = answer[0];
	c->stray_fd = stray[0];
	answer[0] = stray[0] = -1;
	rc = 0;
out:
	close(req);
	for (int i = 0; i < 2; i++) {
		if (answer[i] >= 0)
			close(answer[i]);
		if (stray[i] >= 0)
			close(stray[i]);
	}
	return rc;
}

/* The child's resident memory in bytes, from /proc/PID/statm; 0 when it
 * cannot be read (it has ended). */
static uint64_t resident_bytes(pid_t pid)
{
	char path[64], buf[128];
	unsigned long long size, resident;
	ssize_t got;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	got = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (got <= 0)
		return 0;
	buf[got] = '\0';
	if (sscanf(buf, "%llu %llu", &size, &resident) != 2)
		return 0;
	return (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* Reads what fd has into b (past max: dropped when `drop`, else
 * *over is set).  Closes fd and sets it to -1 at its end. */
static void take(int *fd, struct sbuf *b, size_t max, bool drop, bool *over)
{
	char chunk[65536];
	ssize_t got = read(*fd, chunk, sizeof(chunk));

	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (got <= 0) {
		close(*fd);
		*fd = -1;
		return;
	}
	if (b->len + (size_t)got > max) {
		if (!drop)
			*over = true;
		if (b->len < max)
			sbuf_addn(b, chunk, max - b->len);
		return;
	}
	sbuf_addn(b, chunk, (size_t)got);
}

/* Watches the child until it ends or is stopped (then killed), and reaps
 * it. */
static void child_watch(struct child *c, const struct kcompile_limits *l)
{
	double deadline = monotonic_seconds() + l->seconds;
	uint64_t limit = (uint64_t)l->mib << 20;
	struct rusage ru = { 0 };
	bool over = false;
	pid_t got = 0;

	while (c->stop == STOP_NONE) {
		struct pollfd p[2];
		nfds_t n = 0;
		double left = deadline - monotonic_seconds();
		int ms = left > 0 ? (int)ceil(left * 1000) : 0;

		if (c->answer_fd < 0 && c->stray_fd < 0) {
			got = wait4(c->pid, &c->status, WNOHANG, &ru);
			if (got == c->pid || (got < 0 && errno != EINTR))
				break;
		}
		if (left <= 0) {
			c->stop = STOP_TIME;
			break;
		}
		if (resident_bytes(c->pid) > limit) {
			c->stop = STOP_MEMORY;
			break;
		}
		if (c->answer_fd >= 0)
			p[n++] = (struct pollfd){ c->answer_fd, POLLIN, 0 };
		if (c->stray_fd >= 0)
			p[n++] = (struct pollfd){ c->stray_fd, POLLIN, 0 };
		if (poll(p, n, ms < WATCH_MS ? ms : WATCH_MS) <= 0)
			continue;
		for (nfds_t i = 0; i < n; i++) {
			if (!p[i].revents)
				continue;
			if (p[i].fd == c->answer_fd)
				take(&c->answer_fd, &c->answer, c->max_answer,
				     false, &over);
			else
				take(&c->stray_fd, &c->stray, MAX_STRAY, true,
				     &over);
		}
		if (over)
			c->stop = STOP_ANSWER;
	}
	if (c->stop != STOP_NONE) {
		kill(-c->pid, SIGKILL);
		kill(c->pid, SIGKILL);
	}
	if (c->answer_fd >= 0)
		close(c->answer_fd);
	if (c->stray_fd >= 0)
		close(c->stray_fd);
	c->answer_fd = c->stray_fd = -1;
	if (got != c->pid) {
		while ((got = wait4(c->pid, &c->status, 0, &ru)) < 0 &&
		       errno == EINTR)
			;
		if (got != c->pid)
			c->status = 0;
	}
	c->peak_kib = ru.ru_maxrss;
	/* a child killed by its CPU backstop ran out of time too */
	if (c->stop == STOP_NONE && WIFSIGNALED(c->status) &&
	    WTERMSIG(c->status) == SIGXCPU)
		c->stop = STOP_TIME;
}

/* An answer read back. */
struct answer {
	int rc;
	const char *diags;
	size_t diags_len;
	unsigned errors;
	uint64_t peak_kib, hwm_kib;
};

/* Parses the child's answer into *a and (on success) *out.  Returns 0,
 * or -1 when it does not read (then *out is released). */
static int parse_answer(const struct sbuf *b, const struct nvrtc_input *in,
			struct answer *a, struct nvrtc_output *out)
{
	struct frame_reader r;
	uint64_t v;

	/* a child that wrote nothing leaves no buffer at all */
	if (!b->buf || b->len < MAGIC_LEN ||
	    memcmp(b->buf, ANSWER_MAGIC, MAGIC_LEN))
		return -1;
	r = (struct frame_reader){ b->buf + MAGIC_LEN, b->buf + b->len, false };
	v = frame_get_u64(&r);
	a->rc = (int)(int64_t)v;
	a->diags = frame_get_field(&r, &a->diags_len);
	v = frame_get_u64(&r);
	a->errors = v > 1u << 20 ? 1u << 20 : (unsigned)v;
	if (r.bad || (a->rc != 0 && a->rc != 1 && a->rc != -1))
		return -1;
	if (a->rc == 0 && (nvrtc_output_get(&r, in->nnames, out) < 0 ||
			   out->nlowered != in->nnames))
		goto out_bad;
	a->peak_kib = frame_get_u64(&r);
	a->hwm_kib = frame_get_u64(&r);
	if (r.bad || r.p != r.end)
		goto out_bad;
	return 0;

out_bad:
	nvrtc_output_release(out);
	return -1;
}

/* How the child ended, for a child that gave no answer. */
static void say_end(const struct nvrtc_input *in, const struct child *c,
		    const struct kcompile_limits *l)
{
	int st = c->status;

	switch (c->stop) {
	case STOP_TIME:
		diag_error_at(in->path, 0, 0, "compiling stopped: it ran past "
			      "the %g s limit (set CULAB_COMPILE_SECONDS to "
			      "allow more)", l->seconds);
		return;
	case STOP_MEMORY:
		diag_error_at(in->path, 0, 0, "compiling stopped: it used more "
			      "than %lu MiB of memory (set CULAB_COMPILE_MEMORY "
			      "to allow more)", l->mib);
		return;
	case STOP_ANSWER:
		diag_error_at(in->path, 0, 0, "compiling stopped: the compiler "
			      "answered with more than %zu MiB",
			      c->max_answer >> 20);
		return;
	case STOP_NONE:
		break;
	}
	if (c->stray.len)
		diag_relay(c->stray.buf, c->stray.len, 0);
	if (WIFSIGNALED(st))
		diag_error_at(in->path, 0, 0, "compiling stopped: the compiler "
			      "ended by signal %d (%s)", WTERMSIG(st),
			      strsignal(WTERMSIG(st)));
	else
		diag_error_at(in->path, 0, 0, "compiling stopped: the compiler "
			      "ended with exit status %d and no answer",
			      WEXITSTATUS(st));
}

/* CULAB_UKERNEL_TRACE's line: what the child took. */
static void trace(const struct nvrtc_input *in, const struct child *c,
		  const struct answer *a, double seconds)
{
	char vm[64] = "";

	if (a->peak_kib)
		snprintf(vm, sizeof(vm), ", %llu MiB of address space",
			 (unsigned long long)(a->peak_kib >> 10));
	fprintf(stderr, "culab: compile: %s for %s in a child: %.3f s, %ld MiB "
		"resident at most%s%s\n", diag_esc(in->path), in->arch, seconds,
		c->peak_kib >> 10, vm, c->stop != STOP_NONE ? ", stopped" : "");
}

int kcompile_run(const struct nvrtc_input *in, struct nvrtc_output *out)
{
	struct kcompile_limits l;
	struct child c = { .answer_fd = -1, .stray_fd = -1,
			   .answer = SBUF_INIT, .stray = SBUF_INIT };
	struct answer a = { 0 };
	double t0 = monotonic_seconds();
	int rc;

	memset(out, 0, sizeof(*out));
	kcompile_limits(&l);
	c.max_answer = ((size_t)l.mib << 21) + ((size_t)16 << 20);
	if (child_start(&c, in, &l) < 0)
		return -1;
	child_watch(&c, &l);
	if (c.stop == STOP_NONE && parse_answer(&c.answer, in, &a, out) == 0) {
		/* what ptxas printed itself comes first, as it did when it
		 * printed to culab's own stream */
		if (c.stray.len)
			diag_relay(c.stray.buf, c.stray.len, 0);
		diag_relay(a.diags, a.diags_len, a.errors);
		rc = a.rc;
	} else {
		say_end(in, &c, &l);
		rc = KCOMPILE_STOPPED;
	}
	if (getenv("CULAB_UKERNEL_TRACE"))
		trace(in, &c, &a, monotonic_seconds() - t0);
	sbuf_release(&c.answer);
	sbuf_release(&c.stray);
	return rc;
}
