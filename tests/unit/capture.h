/* capture.h - the diagnostics a piece of code prints, captured in memory
 * for a test to compare: capture_start(), the code, capture_stop() for
 * the text, capture_free().  Static functions in a header, because the
 * Makefile builds each tests/unit/test_*.c on its own; include it after
 * <cmocka.h>. */
#ifndef CULAB_TEST_CAPTURE_H
#define CULAB_TEST_CAPTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "base/diag.h"
#include "base/util.h"

struct capture {
	FILE *fp;
	char *buf;
	size_t len;
};

static inline void capture_start(struct capture *c)
{
	c->buf = NULL;
	c->len = 0;
	c->fp = open_memstream(&c->buf, &c->len);
	assert_non_null(c->fp);
	diag_set_stream(c->fp);
}

/* Stops capturing; returns the text (owned by c until capture_free). */
static inline const char *capture_stop(struct capture *c)
{
	diag_set_stream(NULL);
	fclose(c->fp);
	c->fp = NULL;
	if (!c->buf)
		c->buf = xstrdup("");
	return c->buf;
}

static inline void capture_free(struct capture *c)
{
	free(c->buf);
	c->buf = NULL;
	c->len = 0;
}

#endif
