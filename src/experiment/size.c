/* size.c - sizes and shapes as experiment files write them.  See experiment.h.
 *
 * Plain string arithmetic, kept out of the loader: no YAML, no
 * diagnostics.  A size that does not parse comes back with a reason, and
 * the loader puts it after the file:line:col of the node it came from.
 * The text comes from strangers, so every step checks for overflow
 * (__builtin_*_overflow) and refuses what would pass
 * EXPERIMENT_MAX_ELEMENTS, instead of wrapping round. */
#include "experiment.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"

unsigned size_max_elements_log2(void)
{
	return 63u - (unsigned)__builtin_clzll(EXPERIMENT_MAX_ELEMENTS);
}

static const char size_syntax[] =
	"not a size (expected an integer, \"2^20\", \"1e6\" or \"4Mi\")";

/* Reads decimal digits at *p into *v; returns the count, or -1 on
 * overflow. */
static int read_digits(const char **p, uint64_t *v)
{
	int n = 0;

	*v = 0;
	while (**p >= '0' && **p <= '9') {
		if (__builtin_mul_overflow(*v, 10, v) ||
		    __builtin_add_overflow(*v, (uint64_t)(**p - '0'), v))
			return -1;
		(*p)++;
		n++;
	}
	return n;
}

/* base^exp, or false on overflow past UINT64_MAX. */
static bool checked_pow(uint64_t base, uint64_t exp, uint64_t *out)
{
	uint64_t r = 1;

	while (exp--) {
		if (__builtin_mul_overflow(r, base, &r))
			return false;
		if (r == 0 || r == 1)
			break; /* 0^k and 1^k stay put */
	}
	*out = r;
	return true;
}

/* The value of a decimal mantissa "D.F" with e-notation exponent `e`,
 * for the hint in an error: "write 1500 or 15e2". */
static void mantissa_hint(uint64_t m, int nfrac, uint64_t e, char *why,
			  size_t whysize)
{
	uint64_t scale, exact;

	while (nfrac && m % 10 == 0) {
		m /= 10;
		nfrac--;
	}
	if (e < (uint64_t)nfrac) {
		snprintf(why, whysize, "not an integer");
		return;
	}
	e -= (uint64_t)nfrac;
	if (!checked_pow(10, e, &scale) || __builtin_mul_overflow(m, scale, &exact) ||
	    exact > EXPERIMENT_MAX_ELEMENTS) {
		snprintf(why, whysize, "more than 2^%u elements",
			 size_max_elements_log2());
		return;
	}
	snprintf(why, whysize, "e-notation needs an integer mantissa (write "
		 "%llu or %llue%llu)", (unsigned long long)exact,
		 (unsigned long long)m, (unsigned long long)e);
}

static int not_a_size(char *why, size_t whysize)
{
	snprintf(why, whysize, "%s", size_syntax);
	return -1;
}

static int too_large(char *why, size_t whysize)
{
	snprintf(why, whysize, "more than 2^%u elements",
		 size_max_elements_log2());
	return -1;
}

/* Reads the exponent after an "e" at p: an optional "+", then digits
 * that end the text.  Returns 0, or -1 with the reason in why
 * (`negative` when the exponent is negative). */
static int read_exponent(const char *p, const char *end, uint64_t *e,
			 const char *negative, char *why, size_t whysize)
{
	int nd;

	if (*p == '+')
		p++;
	if (*p == '-' && p[1] >= '0' && p[1] <= '9') {
		snprintf(why, whysize, "%s", negative);
		return -1;
	}
	nd = read_digits(&p, e);
	if (nd < 0)
		return too_large(why, whysize);
	if (nd == 0 || p != end)
		return not_a_size(why, whysize);
	return 0;
}

/* The rest of a size after a decimal point, at p; v is the integer part.
 * A decimal point: culab wants integers written out, so this is an
 * error, with the integer to write where there is one.  Returns -1 with
 * the reason in why. */
static int refuse_fraction(const char *p, const char *end, uint64_t v,
			   char *why, size_t whysize)
{
	const char *digits = p;
	uint64_t m = v, frac, e;
	int nfrac = read_digits(&p, &frac);

	if (nfrac < 0)
		return too_large(why, whysize);
	if (nfrac == 0)
		return not_a_size(why, whysize);
	for (const char *d = digits; d < p; d++)
		if (__builtin_mul_overflow(m, 10, &m) ||
		    __builtin_add_overflow(m, (uint64_t)(*d - '0'), &m))
			return too_large(why, whysize);
	if (p == end) {
		if (frac == 0)
			snprintf(why, whysize, "not an integer (write %llu)",
				 (unsigned long long)v);
		else
			snprintf(why, whysize, "not an integer");
		return -1;
	}
	if (*p != 'e' && *p != 'E')
		return not_a_size(why, whysize);
	if (read_exponent(p + 1, end, &e, "not an integer", why, whysize) < 0)
		return -1;
	mantissa_hint(m, nfrac, e, why, whysize);
	return -1;
}

/* "2^20": raises *v to the exponent at p (after the "^"), whose digits
 * end the text.  Returns 0, or -1 with the reason in why. */
static int apply_power(const char *p, const char *end, uint64_t *v,
		       char *why, size_t whysize)
{
	uint64_t e;
	int nd = read_digits(&p, &e);

	if (nd < 0)
		return too_large(why, whysize);
	if (nd == 0 || p != end)
		return not_a_size(why, whysize);
	if (!checked_pow(*v, e, v))
		return too_large(why, whysize);
	return 0;
}

/* "1e6": multiplies *v by 10 to the exponent at p (after the "e").
 * Returns 0, or -1 with the reason in why. */
static int apply_exponent(const char *p, const char *end, uint64_t *v,
			  char *why, size_t whysize)
{
	uint64_t e, scale;

	if (read_exponent(p, end, &e, "a negative exponent makes no integer "
			  "size", why, whysize) < 0)
		return -1;
	if (*v && (!checked_pow(10, e, &scale) ||
		   __builtin_mul_overflow(*v, scale, v)))
		return too_large(why, whysize);
	return 0;
}

/* "4Mi": scales *v by the binary suffix at p, which ends the text.
 * Returns 0, or -1 with the reason in why. */
static int apply_suffix(const char *p, uint64_t *v, char *why, size_t whysize)
{
	static const struct {
		const char *suffix;
		unsigned shift;
	} suffixes[] = { { "Ki", 10 }, { "Mi", 20 }, { "Gi", 30 } };
	size_t k, letters = strspn(p, "abcdefghijklmnopqrstuvwxyz"
				   "ABCDEFGHIJKLMNOPQRSTUVWXYZ");

	for (k = 0; k < ARRAY_SIZE(suffixes); k++)
		if (strcmp(p, suffixes[k].suffix) == 0)
			break;
	if (k == ARRAY_SIZE(suffixes)) {
		if (letters != strlen(p) || letters > 3)
			return not_a_size(why, whysize);
		snprintf(why, whysize, "unknown suffix \"%s\" (known: Ki, Mi, "
			 "Gi)", p);
		return -1;
	}
	if (*v > (UINT64_MAX >> suffixes[k].shift))
		return too_large(why, whysize);
	*v <<= suffixes[k].shift;
	return 0;
}

int size_parse(const char *s, uint64_t *n, char *why, size_t whysize)
{
	const char *p, *end;
	char buf[64];
	uint64_t v;
	size_t len;
	int nd, rc = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	len = strlen(s);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (!len) {
		snprintf(why, whysize, "empty size");
		return -1;
	}
	if (len >= sizeof(buf))
		return not_a_size(why, whysize);
	memcpy(buf, s, len);
	buf[len] = '\0';
	p = buf;
	end = buf + len;
	if (*p == '-') {
		if (p[1] >= '0' && p[1] <= '9') {
			snprintf(why, whysize, "must be at least 1");
			return -1;
		}
		return not_a_size(why, whysize);
	}
	nd = read_digits(&p, &v);
	if (nd < 0)
		return too_large(why, whysize);
	if (nd == 0)
		return not_a_size(why, whysize);
	if (*p == '.')
		return refuse_fraction(p + 1, end, v, why, whysize);
	if (p[0] == '*' && p[1] == '*') {       /* Python's power */
		snprintf(why, whysize, "powers are written with ^: %.*s^%s",
			 (int)(p - buf), buf, p + 2);
		return -1;
	}
	if (*p == '^')
		rc = apply_power(p + 1, end, &v, why, whysize);
	else if (*p == 'e' || *p == 'E')
		rc = apply_exponent(p + 1, end, &v, why, whysize);
	else if (p != end)
		rc = apply_suffix(p, &v, why, whysize);
	if (rc < 0)
		return -1;
	if (v == 0) {
		snprintf(why, whysize, "must be at least 1");
		return -1;
	}
	if (v > EXPERIMENT_MAX_ELEMENTS)
		return too_large(why, whysize);
	*n = v;
	return 0;
}

int shape_parse(const char *s, struct shape *sh, char *why, size_t whysize)
{
	const char *sep = NULL;
	char left[64], right[64], inner[192];
	uint64_t rows, cols, prod;
	size_t nsep = 0;

	for (const char *p = s; *p; p++)
		if (*p == 'x' || *p == 'X' || *p == '*') {
			if (!sep)
				sep = p;
			nsep++;
		}
	if (nsep != 1 || (size_t)(sep - s) >= sizeof(left) ||
	    strlen(sep + 1) >= sizeof(right)) {
		snprintf(why, whysize, "not a shape (expected \"ROWS x COLS\")");
		return -1;
	}
	memcpy(left, s, (size_t)(sep - s));
	left[sep - s] = '\0';
	strcpy(right, sep + 1);
	if (size_parse(left, &rows, inner, sizeof(inner)) < 0) {
		snprintf(why, whysize, "rows: %s", inner);
		return -1;
	}
	if (size_parse(right, &cols, inner, sizeof(inner)) < 0) {
		snprintf(why, whysize, "columns: %s", inner);
		return -1;
	}
	if (__builtin_mul_overflow(rows, cols, &prod) ||
	    prod > EXPERIMENT_MAX_ELEMENTS) {
		snprintf(why, whysize, "%llu x %llu is more than 2^%u elements",
			 (unsigned long long)rows, (unsigned long long)cols,
			 size_max_elements_log2());
		return -1;
	}
	sh->n = rows;
	sh->m = cols;
	return 0;
}

int size_range_expand(uint64_t from, uint64_t to, uint64_t times,
		      uint64_t plus, size_t limit, uint64_t **out,
		      size_t *count, char *why, size_t whysize)
{
	size_t n = 0, cap = *count;
	uint64_t v;

	if (times && plus) {
		snprintf(why, whysize, "give times or plus, not both");
		return -1;
	}
	if (!times && !plus) {
		snprintf(why, whysize, "give times (geometric) or plus "
			 "(arithmetic)");
		return -1;
	}
	if (times == 1) {
		snprintf(why, whysize, "times must be at least 2");
		return -1;
	}
	if (from == 0) {
		snprintf(why, whysize, "from must be at least 1");
		return -1;
	}
	if (from > to) {
		snprintf(why, whysize, "empty: from (%llu) is greater than to "
			 "(%llu)", (unsigned long long)from,
			 (unsigned long long)to);
		return -1;
	}
	/* Count first, so nothing is appended when the range is refused. */
	for (v = from;;) {
		if (++n > limit) {
			snprintf(why, whysize, "more than %zu values", limit);
			return -1;
		}
		if (times ? __builtin_mul_overflow(v, times, &v) :
			    __builtin_add_overflow(v, plus, &v))
			break;
		if (v > to)
			break;
	}
	*out = xrealloc(*out, (cap + n) * sizeof(**out));
	for (v = from; n--;) {
		(*out)[(*count)++] = v;
		if (times)
			v *= times;
		else
			v += plus;
	}
	return 0;
}
