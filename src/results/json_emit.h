/* results/json_emit.h - the JSON values every document of culab writes,
 * for the documents written outside results/ (compare/compare_json.c):
 * numbers that may be missing, strings, text from files, and a whole
 * document printed.  json_value.c defines them; json_int.h, the JSON
 * room's own header, includes this one.  Includes jansson: for the few
 * files that write a JSON document, not for the rest. */
#ifndef CULAB_RESULTS_JSON_EMIT_H
#define CULAB_RESULTS_JSON_EMIT_H

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

/* Writes document j to fp, indented, ASCII, with a final newline, and
 * releases j (NULL: "cannot write JSON").  Returns 0, or -1 after a
 * diagnostic.  Every `--json` output goes through it (json.c). */
int json_print(FILE *fp, json_t *j);

#endif
