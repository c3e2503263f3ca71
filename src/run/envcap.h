/* envcap.h - what this machine is: host, kernel, CPU, cores, memory, MPI */
#ifndef PR_ENVCAP_H
#define PR_ENVCAP_H

#include <jansson.h>

/* A new JSON object {host, kernel, machine, cpu, cores, pus,
 * memory_bytes, mpirun_version, compiler}; never NULL. */
json_t *pr_envcap_host(void);
/* The kernel's default TCP congestion control (caller frees), or NULL: a
 * socket's unless it sets TCP_CONGESTION, which Open MPI's tcp btl does
 * not; under bbr a large message after small ones took twice as long
 * over tcp here as under cubic (SCIENCE.md). */
char *pr_envcap_tcp_congestion_control(void);

/*
 * Add to env the CPUs as the kernel runs them: online_cpus
 * (_SC_NPROCESSORS_ONLN) and governors {"cpuN": the scaling governor of
 * each online CPU, "unknown" where cpufreq does not say}, with
 * governors_note when some are unknown.
 */
void pr_envcap_cpus(json_t *env);

/* First line of `mpirun --version` without a shell, or NULL (also when
 * mpirun is not on PATH). */
char *pr_envcap_mpirun_version(void);

/*
 * The launchers this machine offers, as a new JSON array of names in the
 * order of pr_launchers (mpirun, slurm): those whose programs are all on PATH
 * (pr_launch_missing). *missing, when not NULL, gets a new object
 * {launcher: the first program not found} of the others. Never NULL.
 */
json_t *pr_envcap_launchers(json_t **missing);

#endif
