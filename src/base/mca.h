/* mca.h - what each transport and collective algorithm of a spec means to
 * Open MPI: one table of MCA key/value pairs, rendered for mpirun or srun */
#ifndef PR_MCA_H
#define PR_MCA_H

#include <stddef.h>

#include "base/child.h"

/* One setting: an MCA parameter, or an environment variable the ranks
 * need. */
typedef struct {
	const char *key;
	const char *value;
	int env;      /* an environment variable, not an MCA parameter */
	int one_host; /* only for ranks on one host (loopback): not under
			 Slurm, whose components may sit on different nodes */
} pr_mca_setting;

/* A named choice and its settings (DESIGN 6.4). */
typedef struct {
	const char *name; /* first member: spec.c's name tables read it */
	const pr_mca_setting *set; /* ends with a NULL key */
} pr_mca_choice;

/* The spec's transports (vader, tcp, ucx, default) and [mpi] algorithms
 * (default, ring, ..., pap: prereg's own, which sets nothing), in the
 * order "(known: ...)" messages list them. */
extern const pr_mca_choice pr_mca_transports[];
extern const size_t pr_mca_ntransports;
extern const pr_mca_choice pr_mca_algorithms[];
extern const size_t pr_mca_nalgorithms;

/* The entry of t[0..n) named name (borrowed), or NULL. */
const pr_mca_choice *pr_mca_find(const pr_mca_choice *t, size_t n,
				 const char *name);

/* Append c's settings as mpirun arguments: `--mca KEY VALUE`, or
 * `-x KEY=VALUE` for an environment variable. c may be NULL (nothing). */
void pr_mca_mpirun_args(pr_argv *a, const pr_mca_choice *c);

/* Append c's settings as environment entries for srun: OMPI_MCA_KEY=VALUE
 * or KEY=VALUE, leaving out the one_host ones. c may be NULL. */
void pr_mca_env(pr_argv *a, const pr_mca_choice *c);

#endif
