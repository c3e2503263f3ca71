/* seed.c - a generator's seed fixed by a text: the first 64 bits of its
 * SHA-256 */
#include "base/seed.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

uint64_t pr_seed_of(const char *text)
{
	char hex[65], first[17];

	pr_sha256_hex(hex, text, strlen(text));
	memcpy(first, hex, 16);
	first[16] = '\0';
	return strtoull(first, NULL, 16);
}
