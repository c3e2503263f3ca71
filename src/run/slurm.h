/* slurm.h - the slurm launcher (pr_launcher_slurm, run/launcher.h): a
 * heterogeneous batch job per launch, one component per rank group, one
 * MPI_COMM_WORLD through srun --mpi=pmix */
#ifndef PR_SLURM_H
#define PR_SLURM_H

#include <jansson.h>
#include <signal.h>

#include "base/child.h"

struct pr_run_plan;

/*
 * Before anything is submitted: Slurm's client commands are on PATH
 * (pr_launch_check),
 * Slurm answers with partitions, every partition of [slurm] exists, and
 * no config asks for placement packed. PR_EINPUT with a message otherwise.
 */
int pr_slurm_check(const struct pr_run_plan *plan);

/*
 * The batch script (caller frees): one `#SBATCH hetjob` component per
 * rank group (partition, tasks, nodes, gres, time, extra options), and one
 * srun step over all components. It takes RANK_BIN PLAN RCDIR [K=V...]:
 * the K=V pairs are exported (the transport's MCA settings).
 */
char *pr_slurm_script(const struct pr_run_plan *p);

/* Append the transport's and algorithm's MCA settings of `config` as
 * environment K=V entries (OMPI_MCA_pml=ob1, ...; base/mca.h), leaving out
 * the loopback-only ones. */
void pr_slurm_env(pr_argv *out, const struct pr_run_plan *p, int config);

/*
 * Submit script with sbatch (output to log_path), follow the job with
 * squeue until it leaves the queue (state changes on stderr when
 * progress; a squeue that fails is asked again for up to 90 s), then
 * read every component from scontrol. *status: 0 when every component
 * COMPLETED with exit code 0:0, else 1 (each component's end said on
 * stderr); *rec: {job_id, components: [{index, partition, nodes, state,
 * exit_code, reason}], submit_to_done_s}, and unanswered: true when
 * squeue never answered again (components then empty). The job is
 * cancelled (scancel) on *stop, after timeout_s, or when unanswered.
 */
int pr_slurm_run(json_t **rec, int *status, int *timed_out, const char *script,
		 char *const *args, const char *log_path, double timeout_s,
		 volatile sig_atomic_t *stop, int progress);

#endif
