/* command.h - workload command: the program of [command] argv run under
 * the profiling library (src/pmpi/) (command.c), its record made the
 * launch's samples (collect.c) (DESIGN 4, "Workload command") */
#ifndef PR_RUN_COMMAND_H
#define PR_RUN_COMMAND_H

#include <jansson.h>
#include <stddef.h>

#include "base/child.h"
#include "base/schedule.h"
#include "format/spec.h"

struct pr_run_plan;

/* Workload command: p->program, the program of argv[0] (on PATH, or a
 * path relative to the work tree root), and p->pmpi_lib, the profiling
 * library beside this program. PR_EINPUT naming the program when it is
 * not found or not executable; PR_OK and nothing set for other
 * workloads. */
int pr_run_command_resolve(struct pr_run_plan *p, const char *root);

/* PR_OK unless p runs a command and its profiling library is missing
 * (an error naming it). With [command] version, first runs the program
 * once with those words (outside MPI, 10 s at most, in a scratch
 * directory) and records what it printed in p->binary's "version". */
int pr_run_command_ready(struct pr_run_plan *p);

/* Word i of [command] argv in config: "{arg}" replaced by the config's
 * [factors] arg (caller frees). */
char *pr_run_command_word(const pr_spec *s, int i, int config);

/* A command's plan keys (argv of config, ops, max_calls, pmpi, foms,
 * inputs, output) into plan; nothing for other workloads. */
void pr_run_command_plan(json_t *plan, const struct pr_run_plan *p, int config);

/* mpirun's arguments for the program: the library preloaded, its record
 * going to PREFIX.pmpi/, its ops and bound, then the program and its
 * arguments. */
void pr_run_command_argv(pr_argv *argv, const struct pr_run_plan *p, int config,
			 const char *prefix);

/* Before a launch: PREFIX.pmpi/, the directory the profiling library
 * writes into (it creates none). PR_OK for other workloads. */
int pr_run_command_prepare(const struct pr_run_plan *p, const char *prefix);

/* A launch's time limit: [command] timeout_s, else 2 budget_s + 60. */
double pr_run_command_timeout(const pr_spec *s);

/* Once per run, at its first launch that recorded them: the files rank 0
 * mapped (meta0, its rank-0.json), but the program, each with its
 * SHA-256, as p->binary's "libraries". */
void pr_run_command_note_libraries(const struct pr_run_plan *p,
				   const json_t *meta0);

/* SHA-256 of the regular file at path (no link followed in its last
 * part, at most 1 GiB) into hex; -1 when it cannot be read. */
int pr_run_command_sha256(char hex[65], const char *path);

/* After a launch that exited 0: PREFIX.pmpi/rank-R.{csv,json} of every
 * rank into PREFIX.csv (the launch's archive rows) and PREFIX.json (its
 * rank report); PREFIX.pmpi is removed. -1 with why when a rank left no
 * record or an error record, a record does not read, or no call was
 * recorded at all. */
int pr_run_command_collect(const struct pr_run_plan *p,
			   const pr_invocation *inv, const char *prefix,
			   char *why, size_t whylen);

#endif
