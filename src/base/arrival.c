/* arrival.c - process arrival patterns, pure and reproducible */
#include "base/arrival.h"

#include <string.h>

#include "base/schedule.h"
#include "base/util.h"

const char *const pr_arrival_kind_names[PR_ARRIVAL_NKINDS] = {
    [PR_ARRIVAL_NONE] = "none",	      [PR_ARRIVAL_ONE_LATE] = "one-late",
    [PR_ARRIVAL_UNIFORM] = "uniform", [PR_ARRIVAL_LINEAR] = "linear",
    [PR_ARRIVAL_REPLAY] = "replay",
};

int pr_arrival_kind_parse(pr_arrival_kind *out, const char *name)
{
	int k;

	for (k = 0; k < PR_ARRIVAL_NKINDS; k++)
		if (name && !strcmp(name, pr_arrival_kind_names[k])) {
			*out = (pr_arrival_kind)k;
			return PR_OK;
		}
	return PR_EINPUT;
}

const char *pr_arrival_kind_name(pr_arrival_kind k)
{
	return (unsigned)k < PR_ARRIVAL_NKINDS ? pr_arrival_kind_names[k] : "?";
}

/*
 * Uniform on [0, max]: the splitmix64 stream whose state is the seed, then
 * mixed with rep, then with rank; from it r is drawn until r >= 2^64 mod
 * (max + 1) (rejection, so no value is likelier) and r mod (max + 1) is
 * the delay. Any (seed, rep, rank) is drawn alone.
 */
static int64_t uniform_ns(uint64_t seed, int rep, int rank, int64_t max)
{
	uint64_t state = seed, bound = (uint64_t)max + 1, min, r;

	if (max <= 0)
		return 0;
	state = pr_splitmix64(&state) ^ (uint64_t)(uint32_t)rep;
	state = pr_splitmix64(&state) ^ (uint64_t)(uint32_t)rank;
	min = -bound % bound;
	do
		r = pr_splitmix64(&state);
	while (r < min);
	return (int64_t)(r % bound);
}

void pr_arrival_delays(int64_t *d_ns, int p, pr_arrival_kind k,
		       int64_t delay_ns, int late_rank, uint64_t seed, int rep,
		       const int64_t *replay_ns, int n_replay)
{
	int i;

	for (i = 0; i < p; i++) {
		switch (k) {
		case PR_ARRIVAL_ONE_LATE:
			d_ns[i] = i == late_rank ? delay_ns : 0;
			break;
		case PR_ARRIVAL_UNIFORM:
			d_ns[i] = uniform_ns(seed, rep, i, delay_ns);
			break;
		case PR_ARRIVAL_LINEAR:
			d_ns[i] = p > 1 ? (int64_t)i * delay_ns / (p - 1) : 0;
			break;
		case PR_ARRIVAL_REPLAY:
			d_ns[i] = replay_ns && n_replay > 0
				      ? replay_ns[i % n_replay]
				      : 0;
			break;
		default:
			d_ns[i] = 0;
		}
	}
}
