/* registry.c - the table of models (DESIGN 5): the facts a spec, a
 * prediction and a report read of each model, no code */
#include "model/registry.h"

#include <string.h>

const pr_model_info pr_model_registry[] = {
    {"none", 0, 0, 0, NULL, NULL},
    {"hockney-ring", 1, 0, 0,
     "ring Allreduce of n bytes over p ranks, from the last rank's "
     "arrival to the last exit: (p-1) [X(n/p) + R(n/p)] + (p-1) X(n/p) "
     "(reduce-scatter, then allgather), X the ring step (sendrecv), R the "
     "local reduction, each from the fit of the regime of its n/p-byte "
     "segments (split at the eager limits in force: m < 4 KiB, 4 KiB <= m "
     "< 64 KiB, m >= 64 KiB by default) under the config's "
     "transport and placement; n = rows*d*4 + rows*4 (partial output and "
     "row sums, allreduce) and rows*4 (row max, allreduce_small); plus "
     "one local copy C(n) of the row maxima, which are not reduced in "
     "place, where the calibration timed copies",
     "the calibration's raw primitive at each message the algorithm sends, "
     "times its steps, no reduction"},
    {"linear-rows", 1, 0, 0,
     "T(r) = a + b*r per device kind, a and b fitted on the calibration "
     "(intercept free); a median outside the line's [1-tol, 1+tol] at some "
     "rows value means linearity is broken there. A kernel that runs rows "
     "in waves of w rows (cpu-blocks:T: w = min(T, cores) * "
     "blocks_per_thread * rows_per_block) takes a full wave's time: "
     "expected a + b*w*ceil(r/w), and where that leaves the band the cell "
     "is a control that must FAIL",
     NULL},
    {"split-gatherv", 1, 1, 0,
     "compute of rank i: s * (a_i + b_i * rows_i), s = ranks sharing one "
     "core (packed: all ranks; spread: ranks / cores when ranks outnumber "
     "the cores, else 1); makespan = max over ranks; gatherv at the root: "
     "linear Gatherv (p-1) alpha + sum_i rows_i*d*4 beta (Open MPI 4.1 "
     "receives in rank order), 'default' priced as vader",
     "the bytes the root receives over the calibrated bandwidth (the slope of "
     "the ping-pong fit's highest regime), no latency"},
    /* no calibration: the device attributes are read at predict time */
    {"launch-geometry", 0, 0, 1,
     "waves = ceil(blocks / (units * blocks_per_unit)), blocks = ceil(rows "
     "/ rows_per_block), T = t_launch + waves * t_wave: the time steps at "
     "rows = k * units * blocks_per_unit * rows_per_block + 1; units and "
     "blocks_per_unit come from the runtime (multiprocessor count, "
     "occupancy of the kernel at threads_per_block), not from timing",
     NULL},
    {"hockney-allreduce", 1, 0, 0,
     "MPI_Allreduce of n bytes over p ranks, from the last rank's arrival "
     "to the last exit, by the config's algorithm: ring (p-1) [X(n/p) + "
     "R(n/p)] + (p-1) X(n/p); recursive doubling lg p [X(n) + R(n)]; "
     "Rabenseifner sum_{k=1..lg p} [X(n/2^k) + R(n/2^k)] + sum_{k=1..lg p} "
     "X(n/2^k); reduce+bcast (basic linear) (p-1) [P(n) + R(n)] + (p-1) "
     "P(n); default: no formula; plus c C(n), the c local copies of the "
     "whole message Open MPI's coll/base makes (ring 1, recursive "
     "doubling 2, Rabenseifner 1, reduce+bcast 0; ring and Rabenseifner "
     "0 in place), where the calibration timed copies. P one-way "
     "ping-pong, X ring step (sendrecv), R local reduction, C memcpy, "
     "each from the fit of its message's "
     "regime (split at the eager limits in force: m < 4 KiB, 4 KiB <= m "
     "< 64 KiB, m >= 64 KiB by default). Negative controls: a ring "
     "config priced by reduce+bcast and a reduce+bcast config priced by "
     "ring, where their bands do not overlap",
     "the calibration's raw primitive at each message the algorithm sends, "
     "times its steps, no reduction"},
    /* no calibration: the ratio is the geometry's alone */
    {"launch-settings", 0, 0, 0,
     "time(first setting) / time(second) of the same call: on "
     "cpu-blocks:T the row slots the busiest worker runs, the sum over "
     "waves of ceil(active threads / units) x blocks_per_thread x "
     "rows_per_block, units = min(T, cores), the per-row cost cancelling; "
     "band [p / (1 + tolerance), p * (1 + tolerance)]",
     NULL},
    {"pap-hockney", 1, 0, 0,
     "Allreduce of n bytes over p ranks under an arrival pattern, arrivals "
     "a_i the pattern's delays (uniform: the median of 2001 calls drawn by "
     "its generator). A built-in algorithm overlaps nothing of the wait: "
     "after the last arrival its hockney-allreduce formula T_alg(n) "
     "(default: no formula, no cell), total = omega + T_alg(n), omega = "
     "max a - min a. pap, the sorted chain in the order learned from the "
     "call two before (arrivals ascending): c_0 = a_(0), c_k = max(c_{k-1} "
     "+ H, a_(k)) + R(n), H = P(n) + P(8p) (the partial sum and the p "
     "waits), then a binomial broadcast of ceil(log2 p) H: end = c_{p-1} "
     "+ ceil(log2 p) H, total = end - min a, after = end - max a. Cells: "
     "allreduce span (the total) and after_last_arrival per config and "
     "size; dp-step with compute = pattern also step (span), end counted "
     "from the step's start",
     NULL},
    {"pap-dp-step", 1, 1, 0,
     "dp-step with compute = rows: rank i computes a + b*rows_i alone "
     "(its device's rows fit, calibration), t_i when the ranks share the "
     "config's cores (packed 1, else this machine's; k ranks still "
     "computing get min(1, cores/k) of a core each), then allreduces the "
     "gradient buffer; the step time = max_i t_i + T_alg(n) for a built-in "
     "algorithm, c_{p-1} + ceil(log2 p) H for pap (the chain of "
     "pap-hockney over arrivals t_i), P, X and R from comm_calibration",
     NULL},
    {"formula", 1, 0, 0,
     "the spec's [model] formula, evaluated at each of its [model] cells "
     "(phase and bytes) under each config's transport and placement, over "
     "bytes, ranks and the calibration's P, X and R at those bytes (one-way "
     "point-to-point, ring step, reduction) and their fits' alpha_P, "
     "beta_P, alpha_X, beta_X, alpha_R, beta_R of the regime that prices "
     "them",
     NULL},
    {"program", 0, 0, 0,
     "the spec's [model] program, a predictor in the repository: run at "
     "predict with the experiment's configs on its standard input, it "
     "writes the cells (config, phase, predicted_s, ...) as JSON on its "
     "standard output; its git blob is recorded with the prediction",
     NULL},
};

const size_t pr_model_registry_size =
    sizeof(pr_model_registry) / sizeof(pr_model_registry[0]);

const pr_model_info *pr_model_registry_lookup(const char *name)
{
	size_t i;

	for (i = 0; name && i < pr_model_registry_size; i++) {
		if (!strcmp(pr_model_registry[i].name, name))
			return &pr_model_registry[i];
	}
	return NULL;
}
