/* lms.c - the student in an LMS export's name.  See lms.h.
 *
 * The exports differ in what follows the id (Moodle's
 * "assignsubmission_file_", Canvas's submission number and the file's
 * name, or nothing), never in what precedes it, so the rule reads up to
 * the id and no further: a new export of the same shape needs no new
 * code. */
#include "lms.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"

/* Whether f[0..n) is an id: 1 to LMS_MAX_ID ASCII digits. */
static bool id_field(const char *f, size_t n)
{
	if (!n || n > LMS_MAX_ID)
		return false;
	for (size_t i = 0; i < n; i++)
		if (f[i] < '0' || f[i] > '9')
			return false;
	return true;
}

bool lms_name_parse(const char *s, size_t n, char **id, char **name)
{
	const char *end = s + n, *f = s, *late = NULL, *prev = NULL;
	struct sbuf b = SBUF_INIT;
	bool first = true;

	*id = *name = NULL;
	while (f <= end) {
		const char *u = memchr(f, '_', (size_t)(end - f));
		size_t len = u ? (size_t)(u - f) : (size_t)(end - f);

		if (!first && id_field(f, len)) {
			/* the name: the fields before, but a "late" last */
			const char *stop = prev && prev == late ? late : f;

			for (const char *p = s; p < stop;) {
				const char *q = memchr(p, '_', (size_t)(stop - p));
				size_t m = q ? (size_t)(q - p) : (size_t)(stop - p);

				if (m) {
					if (b.len)
						sbuf_addc(&b, ' ');
					sbuf_addn(&b, p, m);
				}
				p += m + 1;
			}
			if (!b.len)
				break;
			*id = xasprintf("%.*s", (int)len, f);
			*name = sbuf_detach(&b);
			return true;
		}
		late = len == 4 && !strncasecmp(f, "late", 4) ? f : NULL;
		prev = f;
		first = false;
		if (!u)
			break;
		f = u + 1;
	}
	sbuf_release(&b);
	return false;
}
