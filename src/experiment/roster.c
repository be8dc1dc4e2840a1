/* roster.c - a course's roster read from CSV.  See roster.h.
 *
 * One pass over the bytes: a field at a time (its line and column kept
 * for messages), a record at a time, the header's columns found first.
 * A quote out of place leaves the rest of the file without a shape, so
 * it ends the reading; every other problem (a bad id, a duplicate, a
 * record of the wrong width) is reported and the reading goes on, so a
 * teacher fixes the file in one go.  The limits hold whatever the file:
 * its size is the caller's (ROSTER_MAX_BYTES), the students and columns
 * counted here. */
#include "roster.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/diag.h"
#include "base/util.h"
#include "experiment_int.h"

/* The columns culab reads, by header. */
enum { COL_ID, COL_NAME, COL_EMAIL, COL__COUNT };

static const char *const column_names[COL__COUNT] = { "id", "name", "email" };

/* The reading of one file. */
struct csv {
	const char *path;
	const char *p, *end;
	int line;                 /* of p, 1-based */
	const char *line_start;   /* where that line starts */
	int errors;
	bool broken;              /* a quote out of place: read no further */
};

/* One field as read: its text (blanks around it dropped unless quoted)
 * and where it starts. */
struct field {
	struct sbuf text;
	int line, col;
};

/* How a field ended. */
enum field_end { END_FIELD, END_RECORD, END_FILE, END_ERROR };

static void csv_error(struct csv *c, int line, int col, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

static void csv_error(struct csv *c, int line, int col, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (c->errors++ >= ROSTER_MAX_ERRORS)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error_at(c->path, line, col, "%s", msg);
}

/* The column of p on its line, in characters, 1-based. */
static int column(const struct csv *c, const char *p)
{
	return (int)utf8_chars(c->line_start, (size_t)(p - c->line_start)) + 1;
}

static bool blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* Steps over a line break at c->p (CR LF, LF or CR), counting it. */
static void next_line(struct csv *c)
{
	if (*c->p == '\r' && c->p + 1 < c->end && c->p[1] == '\n')
		c->p++;
	c->p++;
	c->line++;
	c->line_start = c->p;
}

/* Reads the field at c->p into f. */
static enum field_end read_field(struct csv *c, struct field *f)
{
	sbuf_reset(&f->text);
	while (c->p < c->end && blank(*c->p))
		c->p++;
	f->line = c->line;
	f->col = column(c, c->p);
	if (c->p < c->end && *c->p == '"') {
		for (c->p++;; c->p++) {
			if (c->p == c->end) {
				csv_error(c, f->line, f->col, "a quoted field "
					  "is not closed: it runs to the end of "
					  "the file");
				return END_ERROR;
			}
			if (*c->p == '"' && c->p + 1 < c->end &&
			    c->p[1] == '"') {
				sbuf_addc(&f->text, '"');
				c->p++;
				continue;
			}
			if (*c->p == '"')
				break;
			sbuf_addc(&f->text, *c->p);
			if (*c->p == '\n') {
				c->line++;
				c->line_start = c->p + 1;
			}
		}
		c->p++;
		while (c->p < c->end && blank(*c->p))
			c->p++;
		if (c->p < c->end && *c->p != ',' && *c->p != '\n' &&
		    *c->p != '\r') {
			csv_error(c, c->line, column(c, c->p), "text after a "
				  "quoted field's closing quote (a quote inside "
				  "a quoted field is written twice: \"\"\"\")");
			return END_ERROR;
		}
	} else {
		const char *start = c->p;

		while (c->p < c->end && *c->p != ',' && *c->p != '\n' &&
		       *c->p != '\r') {
			if (*c->p == '"') {
				csv_error(c, c->line, column(c, c->p), "a quote "
					  "inside a field that does not start "
					  "with one (quote the whole field and "
					  "write the quote twice: "
					  "\"O\"\"Brien\")");
				return END_ERROR;
			}
			c->p++;
		}
		sbuf_addn(&f->text, start, (size_t)(c->p - start));
		while (f->text.len && blank(f->text.buf[f->text.len - 1]))
			f->text.buf[--f->text.len] = '\0';
	}
	if (c->p == c->end)
		return END_FILE;
	if (*c->p == ',') {
		c->p++;
		return END_FIELD;
	}
	next_line(c);
	return END_RECORD;
}

const char *roster_name_why(const char *name)
{
	const unsigned char *p = (const unsigned char *)name;

	if (!utf8_valid(name, strlen(name)))
		return "is not UTF-8";
	for (; *p; p++) {
		if (*p < 0x20 || *p == 0x7f || (p[0] == 0xc2 && p[1] >= 0x80 &&
						p[1] <= 0x9f))
			return "holds a control character (a tab, a line "
			       "break or a terminal escape)";
		if (p[0] == 0xe2 && p[1] == 0x80 &&
		    (p[2] == 0xa8 || p[2] == 0xa9))
			return "holds a line break (U+2028 or U+2029)";
		if (p[0] == 0xe2 && ((p[1] == 0x80 && p[2] >= 0xaa &&
				      p[2] <= 0xae) ||
				     (p[1] == 0x81 && p[2] >= 0xa6 &&
				      p[2] <= 0xa9)))
			return "holds a Unicode direction override, which "
			       "reorders the text around it";
	}
	return NULL;
}

/* Why `s` cannot be a value of column `col`, or NULL. */
static const char *bad_value(const char *s, int col)
{
	size_t n = strlen(s), max = col == COL_ID ? ROSTER_MAX_ID :
			       col == COL_NAME ? ROSTER_MAX_NAME :
			       ROSTER_MAX_EMAIL;

	if (!n && col != COL_EMAIL)
		return "is empty";
	if (n > max)
		return col == COL_ID ? "is longer than 64 bytes" :
		       "is longer than 256 bytes";
	for (const char *p = s; col == COL_ID && *p; p++)
		if (!label_char_ok(*p))
			return "holds a character other than letters, digits, "
			       "\"_\", \".\", \":\" and \"-\" (an id becomes "
			       "the student's label)";
	return roster_name_why(s);
}

/* The header: where each column culab reads is (-1: absent). */
static void read_header(struct csv *c, struct field *fs, size_t n,
			int hdr_line, long where[COL__COUNT])
{
	struct sbuf seen = SBUF_INIT;

	for (int k = 0; k < COL__COUNT; k++)
		where[k] = -1;
	for (size_t i = 0; i < n; i++) {
		const char *name = sbuf_str(&fs[i].text);

		for (int k = 0; k < COL__COUNT; k++) {
			if (strcasecmp(name, column_names[k]))
				continue;
			if (where[k] >= 0)
				csv_error(c, fs[i].line, fs[i].col, "a second "
					  "\"%s\" column (the first is column "
					  "%ld)", column_names[k], where[k] + 1);
			else
				where[k] = (long)i;
		}
		if (i < 8)
			sbuf_addf(&seen, "%s\"%s\"", i ? ", " : "", name);
	}
	if (n > 8)
		sbuf_addf(&seen, ", and %zu more", n - 8);
	for (int k = COL_ID; k <= COL_NAME; k++)
		if (where[k] < 0)
			csv_error(c, hdr_line, 0, "the roster has no \"%s\" "
				  "column (required: id and name, email "
				  "optional; its header: %s)", column_names[k],
				  sbuf_str(&seen));
	sbuf_release(&seen);
}

/* A student's record fs[0..n) starting at `line`, into r. */
static void add_student(struct csv *c, struct roster *r, struct field *fs,
			size_t n, size_t width, int line,
			const long where[COL__COUNT])
{
	struct roster_student s = { .line = line };
	const char *why;
	size_t first;
	bool ok = true;

	if (n != width) {
		csv_error(c, line, 0, "a record of %zu field%s, but the header "
			  "has %zu", n, n == 1 ? "" : "s", width);
		return;
	}
	for (int k = 0; k < COL__COUNT; k++) {
		const struct field *f;

		if (where[k] < 0)
			continue;
		f = &fs[where[k]];
		if ((why = bad_value(sbuf_str(&f->text), k)) != NULL) {
			csv_error(c, f->line, f->col, "the %s \"%s\" %s",
				  column_names[k], sbuf_str(&f->text), why);
			ok = false;
		}
	}
	if (!ok)
		return;
	s.id = xstrdup(sbuf_str(&fs[where[COL_ID]].text));
	first = strmap_put(&r->index, s.id, r->n);
	if (first != r->n) {
		const struct field *f = &fs[where[COL_ID]];

		csv_error(c, f->line, f->col, "the id \"%s\" is listed twice "
			  "(first on line %d)", s.id, r->s[first].line);
		free(s.id);
		return;
	}
	s.name = xstrdup(sbuf_str(&fs[where[COL_NAME]].text));
	if (where[COL_EMAIL] >= 0 && fs[where[COL_EMAIL]].text.len)
		s.email = xstrdup(sbuf_str(&fs[where[COL_EMAIL]].text));
	r->s = xrealloc(r->s, (r->n + 1) * sizeof(*r->s));
	r->s[r->n++] = s;
}

/* Whether every line of text[0..len) is UTF-8 without NUL bytes;
 * reports the first that is not. */
static bool text_ok(struct csv *c, const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	for (int line = 1; p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (memchr(p, '\0', n) || !utf8_valid(p, n)) {
			csv_error(c, line, 0, "the line is not UTF-8 text "
				  "(save the roster as \"CSV UTF-8\")");
			return false;
		}
		p += n + 1;
	}
	return true;
}

int roster_parse(const char *path, const char *text, size_t len,
		 struct roster *r)
{
	struct csv c = { .path = path, .line = 1 };
	struct field *fs = NULL;
	size_t nfs = 0, width = 0;
	long where[COL__COUNT];
	bool header = true;
	enum field_end end = END_RECORD;

	memset(r, 0, sizeof(*r));
	c.p = c.line_start = text + utf8_bom_len(text, len);
	c.end = text + len;
	if (!text_ok(&c, text, len))
		goto out;
	while (c.p < c.end && end != END_FILE) {
		int line = c.line;
		size_t n = 0;

		/* a record: its fields until a line break or the end */
		do {
			if (n == ROSTER_MAX_COLUMNS) {
				csv_error(&c, line, 0, "a record of more than "
					  "%d fields", ROSTER_MAX_COLUMNS);
				c.broken = true;
				break;
			}
			if (n == nfs) {
				fs = xrealloc(fs, ++nfs * sizeof(*fs));
				fs[n] = (struct field){ .text = SBUF_INIT };
			}
			end = read_field(&c, &fs[n++]);
		} while (end == END_FIELD);
		if (end == END_ERROR || c.broken)
			break;
		if (n == 1 && !fs[0].text.len)
			continue;       /* a blank line */
		if (header) {
			header = false;
			width = n;
			read_header(&c, fs, n, line, where);
			if (c.errors)
				break;
			continue;
		}
		if (r->n == ROSTER_MAX_STUDENTS) {
			csv_error(&c, line, 0, "more than %d students",
				  ROSTER_MAX_STUDENTS);
			break;
		}
		add_student(&c, r, fs, n, width, line, where);
	}
	if (!c.errors && header)
		csv_error(&c, 1, 0, "the roster is empty (its first record "
			  "names the columns: id,name,email)");
out:
	if (c.errors > ROSTER_MAX_ERRORS)
		diag_note_at(path, 0, 0, "%d more problems not shown",
			     c.errors - ROSTER_MAX_ERRORS);
	for (size_t i = 0; i < nfs; i++)
		sbuf_release(&fs[i].text);
	free(fs);
	if (c.errors) {
		roster_release(r);
		return -1;
	}
	return 0;
}

long roster_find(const struct roster *r, const char *id)
{
	size_t i = strmap_get(&r->index, id);

	return i == STRMAP_NONE ? -1 : (long)i;
}

void roster_release(struct roster *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n; i++) {
		free(r->s[i].id);
		free(r->s[i].name);
		free(r->s[i].email);
	}
	free(r->s);
	strmap_release(&r->index);
	memset(r, 0, sizeof(*r));
}
