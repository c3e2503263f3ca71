/* envcap.h - what this machine is: host, kernel, CPU, cores, memory, MPI */
#ifndef PR_ENVCAP_H
#define PR_ENVCAP_H

#include <jansson.h>

/* A new JSON object {host, kernel, cpu, cores, pus, memory_bytes,
 * mpirun_version, backends}; never NULL. */
json_t *pr_envcap_host(void);

/* First line of `mpirun --version` without a shell, or NULL. */
char *pr_envcap_mpirun_version(void);

#endif
