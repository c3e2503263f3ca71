/* schedule.c - the factor grid's run order, seeded by the pin (I6) */
#include "base/schedule.h"

#include <stdlib.h>
#include <string.h>

#include "base/seed.h"
#include "base/util.h"

/*
 * The schedule is part of the record (I6): anyone with the pin commit must
 * get the same order, on any machine, from this exact algorithm.
 *
 *   seed     = first 8 bytes, big-endian, of
 *              SHA-256("prereg-schedule:" NAME ":" COMMIT_HEX)
 *   state    = seed
 *   for launch l = 0 .. launches-1:
 *       seed_l = splitmix64(&state)
 *       perm   = permute(nconfigs, seed_l)
 *       for k = 0 .. nconfigs-1:
 *           inv[l * nconfigs + k] = {l, perm[k], splitmix64(&state)}
 *
 * permute(n, s): perm = 0..n-1; state = s; for i = n-1 down to 1:
 * j = uniform(&state, i + 1); swap perm[i], perm[j] (Fisher-Yates).
 * uniform(&state, b): draw r = splitmix64(&state) until r >= 2^64 mod b,
 * then return r mod b (rejection, so every j is equally likely).
 */

uint64_t pr_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, bound), bound >= 1, without modulo bias. */
static uint64_t uniform(uint64_t *state, uint64_t bound)
{
	uint64_t min = -bound % bound; /* 2^64 mod bound */
	uint64_t r;

	do
		r = pr_splitmix64(state);
	while (r < min);
	return r % bound;
}

void pr_schedule_permute(size_t *perm, size_t n, uint64_t seed)
{
	uint64_t state = seed;
	size_t i, j, t;

	for (i = 0; i < n; i++)
		perm[i] = i;
	for (i = n; i > 1; i--) {
		j = (size_t)uniform(&state, i);
		t = perm[i - 1];
		perm[i - 1] = perm[j];
		perm[j] = t;
	}
}

uint64_t pr_schedule_rep_seed(uint64_t seed, int rep)
{
	uint64_t state = seed ^ (0x9E3779B97F4A7C15ULL * (uint64_t)rep);

	return rep <= 0 ? seed : pr_splitmix64(&state);
}

uint64_t pr_schedule_seed(const char *name, const char *pin_commit_hex)
{
	char *msg = pr_asprintf("prereg-schedule:%s:%s", name, pin_commit_hex);
	uint64_t seed = pr_seed_of(msg);

	free(msg);
	return seed;
}

int pr_schedule_build(pr_schedule *out, uint64_t seed, int launches,
		      int nconfigs)
{
	uint64_t state = seed;
	size_t *perm = NULL;
	size_t l, k, n;

	memset(out, 0, sizeof(*out));
	out->seed = seed;
	if (launches < 1 || nconfigs < 1)
		return pr_error_code(PR_EINPUT,
				     "cannot schedule %d launches of %d "
				     "configs",
				     launches, nconfigs);
	n = (size_t)nconfigs;
	perm = pr_calloc(n, sizeof(*perm));
	out->ninv = (size_t)launches * n;
	out->inv = pr_calloc(out->ninv, sizeof(*out->inv));
	for (l = 0; l < (size_t)launches; l++) {
		pr_schedule_permute(perm, n, pr_splitmix64(&state));
		for (k = 0; k < n; k++) {
			pr_invocation *inv = &out->inv[l * n + k];

			inv->launch = (int)l;
			inv->config = (int)perm[k];
			inv->seed = pr_splitmix64(&state);
		}
	}
	free(perm);
	return PR_OK;
}

void pr_schedule_free(pr_schedule *s)
{
	if (!s)
		return;
	free(s->inv);
	s->inv = NULL;
	s->ninv = 0;
}
