/* lms.h - the names a learning management system gives the submissions
 * it exports (issue 44): which student a file or folder is.
 *
 * A course's export names each submission by the student's name and a
 * number the LMS knows them by:
 *
 *   Moodle   "Ada Lovelace_10001_assignsubmission_file_"  a folder per
 *            student, holding what they handed in (older Moodle: a file
 *            "Ada Lovelace_10001_assignsubmission_file_reduce.cu")
 *   Canvas   "lovelaceada_10001_554433_reduce.cu", and for a late one
 *            "lovelaceada_late_10001_554433_reduce.cu"
 *   others   "Lovelace_Ada_10001_reduce.cu", or a folder
 *            "Lovelace_Ada_10001" (issue 44's example)
 *
 * One rule reads them all: the name (a file's without its extension) is
 * cut at each "_"; the first field made of 1 to LMS_MAX_ID digits alone,
 * but for the very first field, is the student's id; the fields before it,
 * but a "late" just before it (any case), are the student's name, joined
 * by spaces.  A name without such a field, or with nothing before it,
 * is not an export's.  Blackboard's "Assignment_username_attempt_..."
 * names carry no number and are not read.
 *
 * Pure: strings in, strings out. */
#ifndef CULAB_LMS_H
#define CULAB_LMS_H

#include <stdbool.h>
#include <stddef.h>

/* Most digits an id may have. */
#define LMS_MAX_ID 12

/* Reads s[0..n), a file name without its extension or a folder name.
 * Returns true and sets *id and *name (heap; the caller frees both) when
 * it is an export's name, else false with both NULL. */
bool lms_name_parse(const char *s, size_t n, char **id, char **name);

#endif
