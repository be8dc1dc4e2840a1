/* source_same.h - telling copied sources apart (issue 26's integrity
 * checks): two submissions are the same when their texts are equal
 * once comments are removed and the whitespace outside string and
 * character literals is dropped, so that re-indenting, re-spacing or
 * re-commenting a copy does not hide it.  Renaming does. */
#ifndef CULAB_SOURCE_SAME_H
#define CULAB_SOURCE_SAME_H

#include <stddef.h>

/* The hex SHA-256 of text[0..len) so normalized, into out.  An
 * unterminated comment or literal runs to the end of the text.  Returns
 * 0, or -1 when hashing fails. */
int source_fingerprint(const char *text, size_t len, char out[65]);

#endif
