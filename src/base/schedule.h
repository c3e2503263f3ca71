/* schedule.h - the factor grid's run order, seeded by the pin (I6) */
#ifndef PR_SCHEDULE_H
#define PR_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

struct pr_spec;

/*
 * One invocation = one mpirun (or srun) launch of prereg-rank for one
 * config. Launch l runs every config once, in an order shuffled per launch;
 * inside an invocation the workload's items (message sizes, row counts) run
 * in an order shuffled with `seed`.
 */
typedef struct {
	int launch;
	int config;
	uint64_t seed;
} pr_invocation;

typedef struct {
	uint64_t seed; /* derived from the pin commit id */
	pr_invocation *inv;
	size_t ninv;
} pr_schedule;

/* Seed of the schedule: first 8 bytes (big-endian) of
 * SHA-256("prereg-schedule:" + name + ":" + pin commit hex). */
uint64_t pr_schedule_seed(const char *name, const char *pin_commit_hex);

/*
 * Build the order of launches x configs for `launches` launches of `nconfigs`
 * configs from the seed. out->inv is owned by the caller
 * (pr_schedule_free).
 */
int pr_schedule_build(pr_schedule *out, uint64_t seed, int launches,
		      int nconfigs);
void pr_schedule_free(pr_schedule *s);

/* perm = a permutation of 0..n-1 shuffled (Fisher-Yates, splitmix64)
 * with seed; the same seed gives the same permutation everywhere. */
void pr_schedule_permute(size_t *perm, size_t n, uint64_t seed);

/* The seed of timed rep `rep` of an invocation whose seed is seed, under
 * `[schedule] size_order = rep`: seed itself for rep 0 (so that its order
 * is the launch's), else a splitmix64 step from seed mixed with rep. */
uint64_t pr_schedule_rep_seed(uint64_t seed, int rep);

/* splitmix64 step; *state advances. */
uint64_t pr_splitmix64(uint64_t *state);

#endif
