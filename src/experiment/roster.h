/* roster.h - a course's roster: the students of a class as a CSV file
 * lists them (issue 44), for a class's `roster:` (experiment_class.c).
 *
 * The file is CSV as RFC 4180 writes it, in UTF-8 (a byte-order mark,
 * which spreadsheets write, is skipped): a header record naming the
 * columns, then a record per student.  Columns are found by their
 * header, without regard to case or surrounding blanks: `id` and `name`
 * are required, `email` is optional, and any other column is ignored (a
 * gradebook export has many).  Records end with CR LF or LF; a field in
 * double quotes may hold commas, line breaks and quotes (doubled); blanks
 * around a field are dropped; blank lines are skipped.  Every record has
 * as many fields as the header.
 *
 * An id becomes a student's label: 1 to ROSTER_MAX_ID letters, digits,
 * "_", ".", ":" and "-", each id once.  A name is 1 to ROSTER_MAX_NAME
 * bytes of text (any UTF-8: "Émilie du Châtelet", "王小明"), without
 * control characters; so is an email, which may be empty.
 *
 * Parsing only: the caller reads the file.  No YAML, no GPU. */
#ifndef CULAB_ROSTER_H
#define CULAB_ROSTER_H

#include <stddef.h>

#include "base/strmap.h"

/* Largest roster file culab reads, in bytes. */
#define ROSTER_MAX_BYTES (1u << 20)
/* Most students (records after the header) and columns a roster may
 * have. */
#define ROSTER_MAX_STUDENTS 10000
#define ROSTER_MAX_COLUMNS 1000
/* Longest id, name and email, in bytes. */
#define ROSTER_MAX_ID 64
#define ROSTER_MAX_NAME 256
#define ROSTER_MAX_EMAIL 256
/* Problems of one file reported before the rest are only counted. */
#define ROSTER_MAX_ERRORS 10

struct roster_student {
	char *id;
	char *name;
	char *email;            /* NULL: no email column, or empty */
	int line;               /* where its record starts (1-based) */
};

struct roster {
	struct roster_student *s;  /* in file order */
	size_t n;
	struct strmap index;       /* id -> its place in s */
};

/* Parses roster text[0..len), the file `path` in messages.  Returns 0
 * and fills *r, or -1 after reporting each problem (at most
 * ROSTER_MAX_ERRORS, then how many more) through diag as
 * "path:line:col: error: ..." (col 0, left out, when the problem is the
 * record's); *r is then empty.  The caller owns *r: roster_release(). */
int roster_parse(const char *path, const char *text, size_t len,
		 struct roster *r);

/* Why `name` cannot be a student's name as a person reads it (a roster's
 * name or email, or the name in an LMS export's), or NULL: it is not
 * UTF-8, or holds a control character (C0, DEL, C1), a Unicode line
 * break (U+2028, U+2029) or direction override or isolate (U+202A ..
 * U+202E, U+2066 .. U+2069), which would reorder the text around it on
 * a page.  Its length is the
 * caller's. */
const char *roster_name_why(const char *name);

/* The place in r->s of the student whose id is `id`, or -1. */
long roster_find(const struct roster *r, const char *id);

/* Frees what *r holds and empties it; accepts NULL. */
void roster_release(struct roster *r);

#endif
