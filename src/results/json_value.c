/* json_value.c - the values of the JSON room: writing them (numbers that
 * may be missing, strings, text from files, a whole document) and reading
 * them with their checks (what is wrong with a field, said once per
 * field as its JSON path; an array within its bound, an element's
 * path).  See json_int.h, and json_emit.h for the writing half.
 *
 * The lowest file of the room: the others (json.c, json_read.c,
 * json_measure.c, json_lines.c, json_class.c, json_plan.c ...) and
 * compare's document all write and read through it. */
#include "json_int.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"

/* ---- writing ---------------------------------------------------------------- */

json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

json_t *jstr(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* json_string() refuses invalid UTF-8; text from files was validated on
 * load, but be safe: fall back to an escaped copy rather than dropping. */
json_t *jtext(const char *s)
{
	json_t *j;

	if (!s)
		return json_null();
	j = json_string(s);
	if (!j) {
		size_t n = strlen(s), i;
		char *c = xmalloc(n + 1);

		for (i = 0; i < n; i++)
			c[i] = (unsigned char)s[i] < 0x80 ? s[i] : '?';
		c[n] = '\0';
		j = json_string(c);
		free(c);
	}
	return j;
}

int json_print(FILE *fp, json_t *j)
{
	int rc = 0;

	if (!j || json_dumpf(j, fp, JSON_INDENT(2) | JSON_ENSURE_ASCII) < 0)
		rc = diag_error("cannot write JSON");
	else
		fputc('\n', fp);
	json_decref(j);
	return rc;
}

/* ---- reading: what is wrong with a field ------------------------------------------------------------ */

static void vreport(struct reader *rd, const char *where, const char *field,
		    const char *fmt, va_list ap)
{
	char what[256];

	if (rd->errors++ >= JSON_MAX_SHOWN)
		return;
	vsnprintf(what, sizeof(what), fmt, ap);
	diag_error_at(rd->path, 0, 0, "%s%s%s: %s", where,
		      where[0] && field[0] && field[0] != '[' ? "." : "",
		      field, what);
}

void json_report(struct reader *rd, const char *where, const char *field,
		 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(rd, where, field, fmt, ap);
	va_end(ap);
}

int json_bad(struct reader *rd, const char *where, const char *field,
	     const char *want)
{
	json_report(rd, where, field, "missing or not %s", want);
	return -1;
}

/* A value as the file has it, for "VALUE is not WANT" (strings cut). */
static void value_text(json_t *v, char *buf, size_t size)
{
	if (json_is_integer(v))
		snprintf(buf, size, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
	else if (json_is_real(v))
		snprintf(buf, size, "%.15g", json_real_value(v));
	else if (json_is_string(v))
		snprintf(buf, size, "\"%.40s%s\"", json_string_value(v),
			 json_string_length(v) > 40 ? "..." : "");
	else if (json_is_boolean(v))
		snprintf(buf, size, "%s", json_is_true(v) ? "true" : "false");
	else if (json_is_null(v))
		snprintf(buf, size, "null");
	else
		snprintf(buf, size, "%s", json_is_array(v) ? "an array" :
			 "an object");
}

int json_bad_value(struct reader *rd, const char *where, const char *field,
		   json_t *v, const char *want)
{
	char text[64];

	if (!v)
		return json_bad(rd, where, field, want);
	value_text(v, text, sizeof(text));
	json_report(rd, where, field, "%s is not %s", text, want);
	return -1;
}

double json_num_get(struct reader *rd, json_t *o, const char *where,
		    const char *key, double lo, double hi, bool nullable,
		    const char *want)
{
	json_t *v = json_object_get(o, key);
	double x;

	if (nullable && (!v || json_is_null(v)))
		return NAN;
	if (!json_is_number(v)) {
		json_bad_value(rd, where, key, v, nullable ? "a number or null" :
			       "a number");
		return NAN;
	}
	x = json_number_value(v);
	if (!(x >= lo && x <= hi)) {
		json_bad_value(rd, where, key, v, want);
		return NAN;
	}
	return x;
}

double json_num_in(struct reader *rd, json_t *o, const char *where,
		   const char *key, double lo, double hi, const char *want)
{
	return json_num_get(rd, o, where, key, lo, hi, true, want);
}

json_t *json_array_of(struct reader *rd, json_t *o, const char *where,
		      const char *key, size_t max)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_array(v)) {
		json_bad(rd, where, key, "an array");
		return NULL;
	}
	if (json_array_size(v) > max) {
		json_report(rd, where, key, "%zu elements are more than culab reads "
			    "(at most %zu)", json_array_size(v), max);
		return NULL;
	}
	return v;
}

void json_path_at(char *buf, size_t size, const char *where, const char *key,
		  size_t i)
{
	if (snprintf(buf, size, "%s%s%s[%zu]", where, where[0] ? "." : "",
		     key, i) >= (int)size)
		buf[size - 1] = '\0';
}
