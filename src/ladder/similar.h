/* similar.h - how much of one source is another's under a disguise
 * (issue 44): the same program with its identifiers renamed, reformatted,
 * its independent statements reordered, dead code or comments added.
 * Pure functions of the texts, no I/O.
 *
 * The method (MOSS's, made for kernels of 20 to 40 lines):
 *  - tokens (similar_lex.c): comments and preprocessor lines dropped
 *    (a #define's body kept: it is code), the student's identifiers one
 *    class, keywords, CUDA's builtins and numbers (by value) kept;
 *  - one canonical order (similar_canon.c): dead code dropped (a
 *    variable never read, an "if (0)", a __device__ function nothing
 *    calls), independent statements put in one order, braces dropped;
 *  - fingerprints (similar.c): hashes of SIMILAR_K consecutive tokens,
 *    winnowed with a window of SIMILAR_W;
 *  - the similarity of two sources: the fingerprints they share over
 *    those either has (Jaccard), with the base's left out of both: the
 *    teacher's starter code, the ladder's own code (registry_textbook,
 *    ladder.h) and what most of the class shares (similar_class_base).
 * SIMILAR_THRESHOLD, SIMILAR_MIN_SHARED and why: below. */
#ifndef CULAB_SIMILAR_H
#define CULAB_SIMILAR_H

#include <stdbool.h>
#include <stddef.h>

/* The k-gram: SIMILAR_K normalized tokens, about half a statement
 * ("I [ I ] += I [").  Shorter k-grams are shared by any two reductions
 * (every tree has "I [ I ] = I"); longer ones make each token a rewrite
 * changes cost more.  On the calibration set (tests/unit/test_similar.c,
 * SIMILAR_TABLE=grid: the example class and tests/class/gen.sh's
 * kernels) the closest two distinct solutions score 84 % at k = 4 and
 * 70 % at k = 12 (w = 1 and 4), a copy with one token changed 94 % and
 * 83 %: k trades one for the other, and at k = 6, w = 4 they are 78 %
 * and 93 %.
 *
 * The window: SIMILAR_W k-grams.  Winnowing keeps about 2 / (w + 1) of
 * the k-grams, 40 % at w = 4: 50 to 70 fingerprints for a kernel of 20
 * to 25 lines, so that one fingerprint weighs 1.5 to 2 points of
 * similarity, and any run of w + k - 1 = 9 tokens two sources share (a
 * statement) gives them a fingerprint in common.  Wider windows
 * separated the calibration set by more points, but with 30 to 40
 * fingerprints a kernel the figures jump from one w to the next (at
 * k = 5, the gap above shrinks from 12 to 6 points from w = 3 to 6):
 * that is sampling, not a better method.  MOSS's wider windows are for
 * programs of thousands of lines.
 *
 * The threshold: SIMILAR_THRESHOLD.  The disguises of issue 44 (every
 * identifier renamed, reformatted, independent statements reordered,
 * dead code added, comments changed, and all at once) score 100 %
 * against their originals on all 18 kernels of the calibration, since
 * the normalization undoes them; the closest distinct solutions score
 * 78 % (gen.sh's sequential tree against its uncoalesced kernel, which
 * is that tree with three statements more) and 73 % (the example
 * class's ben and dan, whose loops differ in their bodies alone).  0.85
 * lies between: about two changed tokens the normalization does not
 * undo still leave a copy above it (one costs about 7 points: a copy
 * whose tree stops a step early scores 93 %), and it is 6 points above
 * the closest distinct pair.  Two students who type the same textbook
 * kernel score above it too (the example class's kim against gen.sh's
 * sequential tree, 91 %): a flag is for the teacher to read, and never
 * changes a score.  What it cannot see: a rewrite (s /= 2 for s >>= 1,
 * x = x + y for x += y, a while for a for) costs what any changed tokens
 * cost, and a kernel with each of its ">>= 1" and "+=" so rewritten
 * scores 72 % to 86 % against its original (the tables' last column),
 * mostly below the threshold; nor dead code that calls something, nor
 * another algorithm. */
/* Tokens of a source fingerprinted at most: its first 16,384 (a kernel
 * has 100 to 500; this is 1,500 lines of dense code).  Every process
 * that loads a class compares its sources (culab check, culab run and
 * each of its workers); a source of 1 MiB of code took 0.06 to 0.24 s
 * to fingerprint on the 2-core machine it was written on, so a class of
 * 256 such would cost each process up to a minute, and at this cap it
 * takes at most 7 ms.  Code past it does not count: a copy put after
 * 16,384 tokens of other code is not seen. */
#define SIMILAR_MAX_TOKENS (1u << 14)

#define SIMILAR_K 6
#define SIMILAR_W 4
#define SIMILAR_THRESHOLD 0.85

/* What two students share with the textbook is no sign that one copied
 * the other: in the example class kim's plain sequential tree and eli's
 * scored 88 %, both the tree every course teaches, and in a real class
 * most such trees would be flagged against each other.  So a class is
 * compared on what each student wrote beyond it (similar_class_base):
 * the ladder's rungs' own code is left out (registry_textbook), and so
 * is a fingerprint that more than half of the class holds, at least
 * SIMILAR_COMMON_MIN students (MOSS's limit on a passage that appears
 * in many programs): the kernels of kernels/ are templates with helper
 * functions, so a student's tree matches them only in part, and the
 * class's signature, index and load, which every student writes alike,
 * would still join any two trees (kim and eli: 90 % with the ladder's
 * code alone left out, 25 % once the class's common code is too).
 * Fewer than SIMILAR_COMMON_MIN students: the ladder's code alone.
 *
 * What is left of a textbook kernel is then a few fingerprints, and
 * two students who share one or two of them may score high over so
 * few: a pair is flagged only when they share at least
 * SIMILAR_MIN_SHARED fingerprints beyond what was left out, about three
 * statements (ivy's re-indented copy of ada's kernel shares 12 with it,
 * its warp of shuffles).  A copy of the textbook alone is then not
 * flagged: it is no evidence beyond the textbook. */
#define SIMILAR_COMMON_MIN 4
#define SIMILAR_MIN_SHARED 5

/* A source's fingerprints. */
struct similar_doc;

/* The fingerprints of text[0..len) (any bytes; NULL with len 0 is an
 * empty text), without those of `base` (NULL: none), which may be freed
 * once this returns.  Never NULL; the caller frees it with
 * similar_doc_free(). */
struct similar_doc *similar_doc_new(const char *text, size_t len,
				    const struct similar_doc *base);

/* A base to leave out of other sources (similar_doc_new's `base`):
 * every k-gram of text[0..len), not only those winnowing keeps, so that
 * a passage of it is left out of a source wherever that source's
 * winnowing picks its fingerprints.  Never NULL; the caller frees it. */
struct similar_doc *similar_base_new(const char *text, size_t len);

/* A base of the fingerprints that at least `min` of docs[0..n) hold
 * (none when min is 0), with those of `also` (NULL: none): code most of
 * a class shares, left out as MOSS leaves out a passage that appears in
 * many programs.  Entries of docs may be NULL.  Never NULL; the caller
 * frees it. */
struct similar_doc *similar_common(const struct similar_doc *const *docs,
				   size_t n, size_t min,
				   const struct similar_doc *also);

/* Frees d; accepts NULL. */
void similar_doc_free(struct similar_doc *d);

/* How many distinct fingerprints d has (0 for NULL, for an empty text,
 * or one of fewer than SIMILAR_K tokens once normalized). */
size_t similar_doc_fingerprints(const struct similar_doc *d);

/* How many distinct fingerprints a and b share (0 when either is NULL). */
size_t similar_shared(const struct similar_doc *a, const struct similar_doc *b);

/* The similarity of a and b, from 0 (nothing shared) to 1 (the same
 * fingerprints): shared / (a's + b's - shared).  0 when either has no
 * fingerprints. */
double similar_score(const struct similar_doc *a, const struct similar_doc *b);

/* Whether a similarity is a copy's: score >= SIMILAR_THRESHOLD. */
bool similar_flagged(double score);

/* Whether two sources sharing `shared` fingerprints with that
 * similarity are flagged: similar_flagged(score) and shared >=
 * SIMILAR_MIN_SHARED. */
bool similar_flagged_pair(double score, size_t shared);

/* The base a class's sources are compared over: `known` (the ladder's
 * code, the starter code; NULL: none) and the fingerprints that more
 * than half of texts[0..n) hold once `known` is left out of them, when
 * at least SIMILAR_COMMON_MIN do (texts[i] NULL: no source, not
 * counted).  Pass it as similar_doc_new()'s base for each source.
 * Never NULL; the caller frees it. */
struct similar_doc *similar_class_base(const char *const *texts,
				       const size_t *lens, size_t n,
				       const struct similar_doc *known);

/* A region of a and the region of b it matches: 1-based lines,
 * inclusive. */
struct similar_span {
	int a_first, a_last;
	int b_first, b_last;
};

/* The regions a and b share, in a's order: runs of shared fingerprints
 * in the same order in both, those that overlap merged.  *out is a heap
 * array the caller frees (NULL when there are none); returns the count.
 * A region in the canonical order may cover lines that were apart in the
 * text (reordered statements), so a region is the lines from its first
 * to its last. */
size_t similar_spans(const struct similar_doc *a, const struct similar_doc *b,
		     struct similar_span **out);

/* A line of a and a line of b that its tokens match. */
struct similar_line {
	int a, b;               /* 1-based */
};

/* The lines of a and b that match, pair by pair, for a side-by-side
 * view: each token of a shared fingerprint pairs its line in a with its
 * line in b (so a line split in two in b pairs with both).  Sorted by
 * a's line, then b's, each pair once.  *out is a heap array the caller
 * frees (NULL when there are none); returns the count. */
size_t similar_lines(const struct similar_doc *a, const struct similar_doc *b,
		     struct similar_line **out);

/* The normalized, canonical token stream of text[0..len), tokens
 * separated by one space, the student's identifiers as "I": what the
 * fingerprints are made of, for tests and for a teacher who asks why.
 * The caller frees it. */
char *similar_normalized(const char *text, size_t len);

#endif
