/* report_copies.h - the class page's similar submissions (issue 44):
 * which students' sources are alike once names, layout, the order of
 * independent statements and dead code are set aside (similar.h), with
 * the matching lines side by side, in English and Chinese; and for the
 * gradebook, each student's most similar earlier student.  A flag is
 * for the teacher to read: nothing here changes a score. */
#ifndef CULAB_REPORT_COPIES_H
#define CULAB_REPORT_COPIES_H

#include <stdbool.h>
#include <stddef.h>

#include "report_int.h"

/* A class's students compared, each with every earlier one. */
struct copies;

/* Compares students 0..n-1 (in the order the page lists them, which
 * decides who is "earlier"): names[i] and the text of its source file
 * texts[i] (NUL-terminated; NULL when it was not recorded: such a
 * student matches no one).  `base` is the starter code every student
 * was given (NULL: none): what a source shares with it is left out.
 * The result borrows names and texts, which must outlive it.  Never
 * NULL; the caller frees it with copies_free(). */
struct copies *copies_find(const char *const *names, const char *const *texts,
			   size_t n, const char *base);

/* Frees c; accepts NULL. */
void copies_free(struct copies *c);

/* Student i's most similar earlier student: true, with its index in
 * *of and the similarity (0 to 1, similar.h) in *score; false when no
 * earlier student shares a fingerprint with i (i == 0, no source, ...).
 * For a source that is the same as an earlier one's once comments and
 * whitespace are set aside, that earlier one (the first such). */
bool copies_nearest(const struct copies *c, size_t i, size_t *of,
		    double *score);

/* Whether student i is flagged: the same source as an earlier one's
 * once comments and whitespace are set aside (*same set true), or one
 * SIMILAR_THRESHOLD or more similar.  `same` may be NULL. */
bool copies_flagged(const struct copies *c, size_t i, bool *same);

/* How many students are flagged. */
size_t copies_count(const struct copies *c);

/* Appends the section "Similar submissions" in language L, its heading
 * at Markdown level `level` (3 for "###"): how sources are compared,
 * then for each flagged student, in order, the pair and its similarity
 * and the matching lines side by side (a two-column table, the earlier
 * student on the left, each line after its number in the file); or that
 * no pair is flagged.  Nothing for fewer than two students.  Valid GFM
 * whatever the sources hold. */
void copies_section(struct sbuf *b, enum lang L, const struct copies *c,
		    int level);

/* Appends the class page's one paragraph on similar submissions in
 * language L: how many are listed and who, each beside the earlier
 * student and the similarity, with a link to the page that shows their
 * lines (`link`, a Markdown URL); nothing when none is flagged. */
void copies_brief(struct sbuf *b, enum lang L, const struct copies *c,
		  const char *link);

#endif
