/* hash.h - SHA-256 of a buffer, as lowercase hex.  hash.c is the only
 * file that includes OpenSSL's libcrypto. */
#ifndef CULAB_HASH_H
#define CULAB_HASH_H

#include <stddef.h>

/* Writes the 64 hex digits and a NUL to out.  Returns 0, or -1 if the
 * digest could not be computed. */
int sha256_hex(const void *data, size_t len, char out[65]);

#endif
