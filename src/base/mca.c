/* mca.c - the MCA settings of transports and collective algorithms */
#include "base/mca.h"

#include <string.h>

static const pr_mca_setting vader[] = {
    {"pml", "ob1", 0, 0}, {"btl", "self,vader", 0, 0}, {NULL, NULL, 0, 0}};
static const pr_mca_setting tcp[] = {{"pml", "ob1", 0, 0},
				     {"btl", "self,tcp", 0, 0},
				     {"btl_tcp_if_include", "lo", 0, 1},
				     {NULL, NULL, 0, 0}};
/* Open MPI 4.1 only selects pml ucx for the devices in pml_ucx_devices
 * (default mlx*) and tls in pml_ucx_tls: "any" lets it run on shared memory */
static const pr_mca_setting ucx[] = {{"pml", "ucx", 0, 0},
				     {"pml_ucx_tls", "any", 0, 0},
				     {"pml_ucx_devices", "any", 0, 0},
				     {"UCX_TLS", "sm,self", 1, 0},
				     {NULL, NULL, 0, 0}};
static const pr_mca_setting none[] = {{NULL, NULL, 0, 0}};
/* Forced MPI_Allreduce algorithms: coll tuned's
 * coll_tuned_allreduce_algorithm, obeyed under the dynamic rules */
#define ALLREDUCE(name, n)                                                     \
	static const pr_mca_setting name[] = {                                 \
	    {"coll_tuned_use_dynamic_rules", "1", 0, 0},                       \
	    {"coll_tuned_allreduce_algorithm", n, 0, 0},                       \
	    {NULL, NULL, 0, 0}}
ALLREDUCE(reduce_bcast, "1"); /* basic_linear: linear reduce, then bcast */
ALLREDUCE(recursive_doubling, "3");
ALLREDUCE(ring, "4");
ALLREDUCE(rabenseifner, "6"); /* reduce-scatter + allgather */

const pr_mca_choice pr_mca_transports[] = {
    {"vader", vader}, {"tcp", tcp}, {"ucx", ucx}, {"default", none}};
const size_t pr_mca_ntransports =
    sizeof(pr_mca_transports) / sizeof(pr_mca_transports[0]);

const pr_mca_choice pr_mca_algorithms[] = {
    {"default", none},
    {"ring", ring},
    {"recursive_doubling", recursive_doubling},
    {"rabenseifner", rabenseifner},
    {"reduce_bcast", reduce_bcast},
    /* prereg's own PAP-aware Allreduce (runner/pap.h) over point-to-point
     * messages: nothing to set, the runner calls it instead */
    {"pap", none}};
const size_t pr_mca_nalgorithms =
    sizeof(pr_mca_algorithms) / sizeof(pr_mca_algorithms[0]);

const pr_mca_choice *pr_mca_find(const pr_mca_choice *t, size_t n,
				 const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(t[i].name, name))
			return &t[i];
	return NULL;
}

void pr_mca_mpirun_args(pr_argv *a, const pr_mca_choice *c)
{
	const pr_mca_setting *s;

	for (s = c ? c->set : NULL; s && s->key; s++) {
		if (s->env) {
			pr_argv_push(a, "-x");
			pr_argv_pushf(a, "%s=%s", s->key, s->value);
		} else {
			pr_argv_push(a, "--mca");
			pr_argv_push(a, s->key);
			pr_argv_push(a, s->value);
		}
	}
}

void pr_mca_env(pr_argv *a, const pr_mca_choice *c)
{
	const pr_mca_setting *s;

	for (s = c ? c->set : NULL; s && s->key; s++) {
		if (s->one_host)
			continue;
		pr_argv_pushf(a, "%s%s=%s", s->env ? "" : "OMPI_MCA_", s->key,
			      s->value);
	}
}
