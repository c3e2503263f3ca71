/* seed.h - a generator's seed fixed by a text, so that the same inputs
 * always draw the same bootstrap */
#ifndef PR_SEED_H
#define PR_SEED_H

#include <stdint.h>

/* The first 64 bits of SHA-256(text), read as a hex number. */
uint64_t pr_seed_of(const char *text);

#endif
