/* hash.c - SHA-256 through OpenSSL's EVP interface.
 *
 * The experiment file's digest goes into every results file and report
 * so a reader can tell whether they rerun the same experiment.  OpenSSL's
 * libcrypto is a well-kept, audited implementation present on every
 * Debian/Ubuntu machine; we link it statically so the binary also runs on
 * GPU machines without its headers. */
#include "hash.h"

#include <openssl/evp.h>

int sha256_hex(const void *data, size_t len, char out[65])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0, i;

	if (!EVP_Digest(data, len, md, &mdlen, EVP_sha256(), NULL) || mdlen != 32)
		return -1;
	for (i = 0; i < mdlen; i++) {
		out[2 * i] = hex[md[i] >> 4];
		out[2 * i + 1] = hex[md[i] & 15];
	}
	out[64] = '\0';
	return 0;
}
