/* json_int.h - what the files of the JSON room (json.c: results.json and
 * the --json documents of list, devices and plan; json_compare.c: that of
 * compare) share, and nothing else includes: jansson's types and the
 * helpers that write culab's conventions. */
#ifndef CULAB_JSON_INT_H
#define CULAB_JSON_INT_H

#include <stdio.h>

#include <jansson.h>

/* A number, or null when it is not finite (NAN: "not applicable" or
 * "missing"). */
json_t *jnum(double v);
/* A string, or null for NULL. */
json_t *jstr(const char *s);
/* Text from a file or the command line: null for NULL; bytes that are not
 * UTF-8 become '?' rather than failing the document. */
json_t *jtext(const char *s);
#endif
