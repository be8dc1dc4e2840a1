/* test_roster.c - a course's roster read from CSV (experiment/roster.h)
 * and the students in an LMS export's names (experiment/lms.h): the
 * records and names each gives, and each mistake's one line at its
 * file:line:col.  The class key that uses them is test_class_keys.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "capture.h"

#include <string.h>

#include "experiment/lms.h"
#include "experiment/roster.h"
#include "base/util.h"

/* ---- LMS export names ----------------------------------------------------- */

/* s names student id called name (NULL: s is not an export's name). */
static void lms_is(const char *s, const char *id, const char *name)
{
	char *gid, *gname;
	bool ok = lms_name_parse(s, strlen(s), &gid, &gname);

	if (!id) {
		if (ok)
			fail_msg("\"%s\": read as id \"%s\", name \"%s\"; want "
				 "none", s, gid, gname);
		assert_null(gid);
		assert_null(gname);
		return;
	}
	if (!ok)
		fail_msg("\"%s\": not read; want id \"%s\"", s, id);
	assert_string_equal(gid, id);
	assert_string_equal(gname, name);
	free(gid);
	free(gname);
}

static void test_lms_names(void **state)
{
	(void)state;
	/* Moodle: a folder per student, and older Moodle's flat files */
	lms_is("Ada Lovelace_10001_assignsubmission_file_", "10001",
	       "Ada Lovelace");
	lms_is("Ada Lovelace_10001_assignsubmission_file_reduce", "10001",
	       "Ada Lovelace");
	lms_is("Émilie du Châtelet_2345678_assignsubmission_file_",
	       "2345678", "Émilie du Châtelet");
	/* Canvas: on time and late (any case) */
	lms_is("hoppergrace_10002_778899_reduce", "10002", "hoppergrace");
	lms_is("hoppergrace_late_10002_778899_reduce", "10002", "hoppergrace");
	lms_is("hoppergrace_LATE_10002_778899_reduce", "10002", "hoppergrace");
	/* the issue's, a file or a folder */
	lms_is("Turing_Alan_10003_reduce", "10003", "Turing Alan");
	lms_is("Turing_Alan_10003", "10003", "Turing Alan");
	lms_is("Turing__Alan_10003_my_reduce_v2", "10003", "Turing Alan");
	/* the id is the first number after the name: not one that starts
	 * the name, not one of 13 digits */
	lms_is("12345_reduce", NULL, NULL);
	lms_is("_12345_reduce", NULL, NULL);
	lms_is("late_12345_reduce", NULL, NULL);
	lms_is("Ada_1234567890123_reduce", NULL, NULL);
	lms_is("Ada_123456789012_reduce", "123456789012", "Ada");
	lms_is("Ada_12a45_reduce", NULL, NULL);
	/* no number at all: as-is names, Blackboard's */
	lms_is("alice", NULL, NULL);
	lms_is("Reduce_jdoe_attempt_2024-01-01-12-00-00_reduce", NULL, NULL);
	lms_is("", NULL, NULL);
}

/* ---- rosters --------------------------------------------------------------- */

/* Parses text as path; returns the diagnostics (free()) and *rc. */
static char *parse(const char *path, const char *text, struct roster *r,
		   int *rc)
{
	struct capture c;

	capture_start(&c);
	*rc = roster_parse(path, text, strlen(text), r);
	capture_stop(&c);
	return c.buf;
}

static void student_is(const struct roster *r, size_t i, const char *id,
		       const char *name, const char *email, int line)
{
	assert_true(i < r->n);
	assert_string_equal(r->s[i].id, id);
	assert_string_equal(r->s[i].name, name);
	if (email)
		assert_string_equal(r->s[i].email, email);
	else
		assert_null(r->s[i].email);
	assert_int_equal(r->s[i].line, line);
	assert_int_equal(roster_find(r, id), (long)i);
}

static void test_roster_good(void **state)
{
	/* a spreadsheet's export: a byte-order mark, CR LF, columns in any
	 * order and case, one culab does not read, quoted commas, quotes
	 * and line breaks, blanks around fields, a blank line, no final
	 * line break */
	static const char text[] =
		"\xef\xbb\xbf" "Email , Section,ID,Name\r\n"
		"ada@example.edu,A, 10001 ,\"Lovelace, Ada\"\r\n"
		"\r\n"
		",B,10002,Grace Hopper\r\n"
		"alan@example.edu,\"A\nand B\",10003,\"Alan \"\"the\"\" Turing\"\r\n"
		"emilie@example.edu,A,s-4.x:y_z,Émilie du Châtelet";
	struct roster r;
	char *out;
	int rc;

	(void)state;
	out = parse("r.csv", text, &r, &rc);
	assert_string_equal(out, "");
	assert_int_equal(rc, 0);
	assert_int_equal(r.n, 4);
	student_is(&r, 0, "10001", "Lovelace, Ada", "ada@example.edu", 2);
	student_is(&r, 1, "10002", "Grace Hopper", NULL, 4);
	student_is(&r, 2, "10003", "Alan \"the\" Turing", "alan@example.edu",
		   5);
	student_is(&r, 3, "s-4.x:y_z", "Émilie du Châtelet",
		   "emilie@example.edu", 7);
	assert_int_equal(roster_find(&r, "10004"), -1);
	assert_int_equal(roster_find(&r, ""), -1);
	roster_release(&r);
	roster_release(&r);     /* twice, and NULL: safe */
	roster_release(NULL);
	free(out);

	/* LF only, no email column */
	out = parse("r.csv", "id,name\n1,A\n2,B\n", &r, &rc);
	assert_string_equal(out, "");
	assert_int_equal(rc, 0);
	student_is(&r, 0, "1", "A", NULL, 2);
	student_is(&r, 1, "2", "B", NULL, 3);
	roster_release(&r);
	free(out);
}

/* text as r.csv fails with exactly `want`, and leaves the roster empty. */
static void bad(const char *text, const char *want)
{
	struct roster r;
	char *out;
	int rc;

	out = parse("r.csv", text, &r, &rc);
	assert_int_equal(rc, -1);
	assert_int_equal(r.n, 0);
	assert_null(r.s);
	if (strcmp(out, want))
		fail_msg("roster:\n%s\n--- want\n%s--- got\n%s", text, want, out);
	free(out);
}

static void test_roster_bad(void **state)
{
	(void)state;
	bad("", "r.csv:1: error: the roster is empty (its first record names "
	    "the columns: id,name,email)\n");
	bad("\n\n", "r.csv:1: error: the roster is empty (its first record "
	    "names the columns: id,name,email)\n");
	bad("Student,SIS User ID,name\n1,2,3\n",
	    "r.csv:1: error: the roster has no \"id\" column (required: id and "
	    "name, email optional; its header: \"Student\", \"SIS User ID\", "
	    "\"name\")\n");
	bad("id,name,ID\n", "r.csv:1:9: error: a second \"id\" column (the "
	    "first is column 1)\n");
	bad("id,name\n1,\"Ada\n", "r.csv:2:3: error: a quoted field is not "
	    "closed: it runs to the end of the file\n");
	bad("id,name\n1,\"Ada\"x\n", "r.csv:2:8: error: text after a quoted "
	    "field's closing quote (a quote inside a quoted field is written "
	    "twice: \"\"\"\")\n");
	bad("id,name\n1,O\"Brien\n", "r.csv:2:4: error: a quote inside a field "
	    "that does not start with one (quote the whole field and write "
	    "the quote twice: \"O\"\"Brien\")\n");
	/* every record's problem at once; the rest are kept reading */
	bad("id,name,email\n"
	    "1,Ada\n"
	    "2,Grace,g@x,extra\n"
	    "a b,Alan,\n"
	    ",Emilie,\n"
	    "5,,\n"
	    "6,\"Tab\there\",\n"
	    "7,Kim,\n"
	    "7,Kim again,\n"
	    "8,Eve\xe2\x80\xaeX,\n",
	    "r.csv:2: error: a record of 2 fields, but the header has 3\n"
	    "r.csv:3: error: a record of 4 fields, but the header has 3\n"
	    "r.csv:4:1: error: the id \"a b\" holds a character other than "
	    "letters, digits, \"_\", \".\", \":\" and \"-\" (an id becomes the "
	    "student's label)\n"
	    "r.csv:5:1: error: the id \"\" is empty\n"
	    "r.csv:6:3: error: the name \"\" is empty\n"
	    "r.csv:7:3: error: the name \"Tab\\there\" holds a control "
	    "character (a tab, a line break or a terminal escape)\n"
	    "r.csv:9:1: error: the id \"7\" is listed twice (first on line 8)\n"
	    "r.csv:10:3: error: the name \"Eve\\u{202e}X\" holds a Unicode "
	    "direction override, which reorders the text around it\n");
	/* not UTF-8, a NUL: the line, before anything is read */
	bad("id,name\n1,Ada\n2,Gr\xe9" "ce\n", "r.csv:3: error: the line is not "
	    "UTF-8 text (save the roster as \"CSV UTF-8\")\n");
}

static void test_roster_limits(void **state)
{
	struct sbuf b = SBUF_INIT;
	struct roster r;
	char *out;
	int rc;

	(void)state;
	/* ROSTER_MAX_STUDENTS read, one more refused */
	sbuf_add(&b, "id,name\n");
	for (int i = 0; i < ROSTER_MAX_STUDENTS; i++)
		sbuf_addf(&b, "%d,Student %d\n", i, i);
	out = parse("r.csv", sbuf_str(&b), &r, &rc);
	assert_int_equal(rc, 0);
	assert_int_equal(r.n, ROSTER_MAX_STUDENTS);
	assert_int_equal(roster_find(&r, "9999"), 9999);
	roster_release(&r);
	free(out);
	sbuf_add(&b, "x,One too many\n");
	out = parse("r.csv", sbuf_str(&b), &r, &rc);
	assert_int_equal(rc, -1);
	assert_string_equal(out, "r.csv:10002: error: more than 10000 "
			    "students\n");
	free(out);
	/* a record of more than ROSTER_MAX_COLUMNS fields */
	sbuf_reset(&b);
	sbuf_add(&b, "id,name");
	for (int i = 0; i < ROSTER_MAX_COLUMNS; i++)
		sbuf_add(&b, ",x");
	out = parse("r.csv", sbuf_str(&b), &r, &rc);
	assert_int_equal(rc, -1);
	assert_string_equal(out, "r.csv:1: error: a record of more than 1000 "
			    "fields\n");
	free(out);
	/* past ROSTER_MAX_ERRORS, a count */
	sbuf_reset(&b);
	sbuf_add(&b, "id,name\n");
	for (int i = 0; i < ROSTER_MAX_ERRORS + 3; i++)
		sbuf_add(&b, "x\n");
	out = parse("r.csv", sbuf_str(&b), &r, &rc);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(out, "r.csv:11: error: a record of 1 field, "
			       "but the header has 2\nr.csv: note: 3 more "
			       "problems not shown\n"));
	assert_null(strstr(out, "r.csv:12:"));
	free(out);
	sbuf_release(&b);
}

/* What a name may not hold, wherever it comes from. */
static void test_name_why(void **state)
{
	(void)state;
	assert_null(roster_name_why("Émilie du Châtelet"));
	assert_null(roster_name_why("王小明"));
	assert_null(roster_name_why("O'Brien, \"Pat\""));
	assert_string_equal(roster_name_why("Ada\x1b[31m"), "holds a control "
			    "character (a tab, a line break or a terminal "
			    "escape)");
	assert_string_equal(roster_name_why("A\x7f"), roster_name_why("\t"));
	assert_string_equal(roster_name_why("A\xc2\x9b" "31m"),
			    roster_name_why("\t"));       /* C1: CSI */
	assert_null(roster_name_why("A\xc2\xa0" "B"));  /* no-break space */
	assert_string_equal(roster_name_why("A\xe2\x80\xa8" "B"),
			    "holds a line break (U+2028 or U+2029)");
	assert_string_equal(roster_name_why("A\xe2\x80\xae" "B"),
			    "holds a Unicode direction override, which "
			    "reorders the text around it");
	assert_string_equal(roster_name_why("A\xe2\x81\xa6" "B"),
			    roster_name_why("A\xe2\x80\xaa"));
	assert_null(roster_name_why("A\xe2\x80\x94" "B"));  /* an em dash */
	assert_string_equal(roster_name_why("Gr\xe9" "ce"), "is not UTF-8");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lms_names),
		cmocka_unit_test(test_roster_good),
		cmocka_unit_test(test_roster_bad),
		cmocka_unit_test(test_roster_limits),
		cmocka_unit_test(test_name_why),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
