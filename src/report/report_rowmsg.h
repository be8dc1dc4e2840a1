/* report_rowmsg.h - a failed row's recorded message in the page's
 * language (report_rowmsg.c). */
#ifndef CULAB_REPORT_ROWMSG_H
#define CULAB_REPORT_ROWMSG_H

#include "report_int.h"

/* Appends row message `en` (results.json keeps culab's English) to b in
 * language L, plain text, not yet Markdown-escaped: in English as
 * recorded; in Chinese, culab's own sentences of a known shape (the
 * runner's and the families' checks, src/run/ and src/ladder/family.c)
 * rendered from the recorded message's fixed parts and the values
 * between them, and anything else, CUDA's own error strings among
 * them, quoted as recorded: "“an illegal memory access was
 * encountered”". */
void row_message_text(struct sbuf *b, enum lang L, const char *en);

#endif
