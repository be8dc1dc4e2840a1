/* report_reference_rule.h - the class page's sentence on its speed
 * reference (report_reference_rule.c; the rule: report_reference.h). */
#ifndef CULAB_REPORT_REFERENCE_RULE_H
#define CULAB_REPORT_REFERENCE_RULE_H

#include "report_grading.h"

/* Names class c's reference and why, appended to b: "The reference is
 * the fastest built-in rung a kernel can match under this class's
 * launch, one element per thread (`ceil(n / block)` blocks of 256): rung
 * 5; rungs 7 to 14 load two or more elements per thread, and CUB and
 * Thrust are libraries: neither is the reference.", or the fastest rung
 * with why (no launch recorded, or no rung matching it).  Nothing with
 * `score: class`. */
void grade_reference_rule(struct sbuf *b, enum lang L, const struct model *m,
			  const struct grade_class *c);

#endif
