/* envinfo.c - what each rank ran on, the clocks, and the MPI in force */
#include "runner/envinfo.h"

#include <dlfcn.h>
#include <mpi.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Open MPI's extensions; OMPI_HAVE_MPI_EXT_CUDA is defined in there. */
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif

#include "base/util.h"

/* "0-3,6" from the CPUs this process may run on. */
static void affinity(char *buf, size_t len)
{
	cpu_set_t set;
	size_t used = 0;
	int c, start;

	snprintf(buf, len, "unknown");
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return;
	buf[0] = '\0';
	for (c = 0; c < CPU_SETSIZE && used < len; c++) {
		if (!CPU_ISSET(c, &set))
			continue;
		for (start = c; c + 1 < CPU_SETSIZE && CPU_ISSET(c + 1, &set);)
			c++;
		if (start == c)
			used += (size_t)snprintf(buf + used, len - used, "%s%d",
						 used ? "," : "", c);
		else
			used +=
			    (size_t)snprintf(buf + used, len - used, "%s%d-%d",
					     used ? "," : "", start, c);
	}
}

/* "boot_id:ID" from the kernel, which ranks on one kernel share, else
 * "host:NAME". */
static void kernel_id(char *buf, size_t len, const char *host)
{
	char id[48] = "";
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");

	if (f) {
		if (!fgets(id, sizeof(id), f))
			id[0] = '\0';
		fclose(f);
	}
	id[strcspn(id, "\n")] = '\0';
	if (id[0])
		snprintf(buf, len, "boot_id:%s", id);
	else
		snprintf(buf, len, "host:%.*s", (int)(len - 6), host);
}

/* The time namespace of this process, "time:[INODE]", else "". */
static void time_ns(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/ns/time", buf, len - 1);

	buf[n > 0 ? n : 0] = '\0';
}

/* mpi_yield_when_idle as this process has it: 0, 1, or -1 unknown; inside
 * an MPI_T session. */
static int32_t yield_when_idle(void)
{
	MPI_T_cvar_handle h;
	MPI_Datatype dt;
	MPI_T_enum e;
	int index, count = 0, nlen = 0, dlen = 0, verbosity, bind, scope;
	int32_t out = -1;
	int v = 0;
	bool b = false;

	if (MPI_T_cvar_get_index("mpi_yield_when_idle", &index) ==
		MPI_SUCCESS &&
	    MPI_T_cvar_get_info(index, NULL, &nlen, &verbosity, &dt, &e, NULL,
				&dlen, &bind, &scope) == MPI_SUCCESS &&
	    (dt == MPI_C_BOOL || dt == MPI_INT) &&
	    MPI_T_cvar_handle_alloc(index, NULL, &h, &count) == MPI_SUCCESS) {
		if (count == 1 &&
		    MPI_T_cvar_read(h, dt == MPI_C_BOOL
					   ? (void *)&b
					   : (void *)&v) == MPI_SUCCESS)
			out = dt == MPI_C_BOOL ? (int32_t)b : v != 0;
		MPI_T_cvar_handle_free(&h);
	}
	return out;
}

/* mpi_yield_when_idle as Open MPI holds it after MPI_Init: its variable
 * ompi_mpi_yield_when_idle, the storage of the control variable that
 * yield_when_idle reads through MPI_T (both gave 0 and 1 alike, rank by
 * rank, with and without --mca and --oversubscribe); -1 when the library
 * exports no such variable (another MPI). */
static int32_t yield_exported(void)
{
	const bool *y = dlsym(RTLD_DEFAULT, "ompi_mpi_yield_when_idle");

	return y ? (int32_t)*y : -1;
}

/* Wait for every rank without holding a core: the others wait here while
 * rank 0 reads the MPI facts (an MPI_T session, a few tenths of a second),
 * and a rank spinning in MPI_Gather meanwhile took more CPU than the
 * session it skipped. Before anything is timed. */
static void quiet_barrier(void)
{
	const struct timespec ms = {0, 1000000};
	MPI_Request req;
	int done = 0;

	if (MPI_Ibarrier(MPI_COMM_WORLD, &req) != MPI_SUCCESS)
		return;
	while (MPI_Test(&req, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done)
		nanosleep(&ms, NULL);
}

pr_envinfo *pr_envinfo_gather(const pr_envinfo *mine, int nranks)
{
	pr_envinfo *all = NULL;
	int rank;

	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (rank == 0)
		all = pr_calloc((size_t)nranks, sizeof(pr_envinfo));
	quiet_barrier();
	MPI_Gather(mine, (int)sizeof(*mine), MPI_BYTE, all, (int)sizeof(*mine),
		   MPI_BYTE, 0, MPI_COMM_WORLD);
	return all;
}

/* Rank 0's side of the exchange with rank r. */
static void clock_leader(int64_t *offset, int64_t *rtt, int r)
{
	int64_t t_send, t_recv, t_r, best = INT64_MAX;
	int i;

	for (i = 0; i < PR_CLOCK_ROUNDS; i++) {
		t_send = pr_mono_ns();
		MPI_Send(&t_send, 1, MPI_INT64_T, r, 0, MPI_COMM_WORLD);
		MPI_Recv(&t_r, 1, MPI_INT64_T, r, 0, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
		t_recv = pr_mono_ns();
		if (t_recv - t_send < best) {
			best = t_recv - t_send;
			*offset = t_r - (t_send + best / 2);
		}
	}
	*rtt = best;
}

void pr_clock_offsets(int64_t *offset, int64_t *rtt, int *shared,
		      const pr_envinfo *env, int rank, int nranks)
{
	int64_t t;
	int r, i;

	if (rank == 0) {
		offset[0] = rtt[0] = 0;
		shared[0] = 1;
		for (r = 1; r < nranks; r++) {
			clock_leader(&offset[r], &rtt[r], r);
			shared[r] = !strcmp(env[r].kernel, env[0].kernel) &&
				    !strcmp(env[r].timens, env[0].timens);
			if (shared[r])
				offset[r] = 0;
		}
		return;
	}
	for (i = 0; i < PR_CLOCK_ROUNDS; i++) {
		MPI_Recv(&t, 1, MPI_INT64_T, 0, 0, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
		t = pr_mono_ns();
		MPI_Send(&t, 1, MPI_INT64_T, 0, 0, MPI_COMM_WORLD);
	}
}

/* MCA variables worth a record: selection, transports, algorithms. */
static const char *const mca_names[] = {
    "pml",
    "btl",
    "mtl",
    "coll",
    "btl_tcp_if_include",
    "btl_tcp_eager_limit",
    "btl_vader_eager_limit",
    "btl_vader_single_copy_mechanism",
    "coll_tuned_use_dynamic_rules",
    "coll_tuned_allreduce_algorithm",
    "coll_tuned_allreduce_algorithm_segmentsize",
    "coll_tuned_gatherv_algorithm",
    "mpi_leave_pinned",
    "mpi_yield_when_idle",
    "btl_tcp_progress_thread",
    "btl_vader_fbox_threshold",
    "opal_cuda_support",
    "hwloc_base_binding_policy",
    "rmaps_base_mapping_policy",
    NULL,
};

/* Room for any scalar MPI_T may write for one element. */
typedef union {
	int i;
	unsigned u;
	long l;
	unsigned long ul;
	long long ll;
	unsigned long long ull;
	int32_t i32;
	uint32_t u32;
	int64_t i64;
	uint64_t u64;
	double f;
	bool b;
} cvar_value;

/* The integer MPI_T wrote, when dt is an integer type. */
static int cvar_integer(long long *out, const cvar_value *v, MPI_Datatype dt)
{
	if (dt == MPI_INT)
		*out = v->i;
	else if (dt == MPI_UNSIGNED)
		*out = v->u;
	else if (dt == MPI_LONG)
		*out = v->l;
	else if (dt == MPI_UNSIGNED_LONG)
		*out = (long long)v->ul;
	else if (dt == MPI_LONG_LONG)
		*out = v->ll;
	else if (dt == MPI_UNSIGNED_LONG_LONG)
		*out = (long long)v->ull;
	else if (dt == MPI_INT32_T)
		*out = v->i32;
	else if (dt == MPI_UINT32_T)
		*out = v->u32;
	else if (dt == MPI_INT64_T)
		*out = v->i64;
	else if (dt == MPI_UINT64_T)
		*out = (long long)v->u64;
	else
		return PR_EINPUT;
	return PR_OK;
}

/* The name of value in enumeration e, or NULL. */
static json_t *enum_name(MPI_T_enum e, long long value)
{
	char name[256];
	int n = 0, i, v, len;

	len = sizeof(name);
	if (MPI_T_enum_get_info(e, &n, name, &len) != MPI_SUCCESS)
		return NULL;
	for (i = 0; i < n; i++) {
		len = sizeof(name);
		if (MPI_T_enum_get_item(e, i, &v, name, &len) == MPI_SUCCESS &&
		    v == value)
			return json_string(name);
	}
	return NULL;
}

/* Read one scalar or string control variable into JSON, or NULL. */
static json_t *cvar_json(json_t **enum_out, int index, MPI_Datatype dt,
			 MPI_T_enum e)
{
	MPI_T_cvar_handle h;
	cvar_value v;
	char *s = NULL;
	json_t *out = NULL;
	long long n;
	int count = 0;

	*enum_out = NULL;
	if (MPI_T_cvar_handle_alloc(index, NULL, &h, &count) != MPI_SUCCESS)
		return NULL;
	if (dt == MPI_CHAR) {
		/* Open MPI strcpy()s the value and says 2048: leave room */
		s = pr_calloc((size_t)(count > 4096 ? count : 4096) + 1, 1);
		if (MPI_T_cvar_read(h, s) == MPI_SUCCESS)
			out = json_string(s);
	} else if (count == 1 && MPI_T_cvar_read(h, &v) == MPI_SUCCESS) {
		if (dt == MPI_C_BOOL)
			out = json_boolean(v.b);
		else if (dt == MPI_DOUBLE)
			out = json_real(v.f);
		else if (cvar_integer(&n, &v, dt) == PR_OK) {
			out = json_integer(n);
			if (e != MPI_T_ENUM_NULL)
				*enum_out = enum_name(e, n);
		}
	}
	MPI_T_cvar_handle_free(&h);
	free(s);
	return out;
}

static void read_cvars(json_t *mca, json_t *enums)
{
	const char *const *name;
	MPI_Datatype dt;
	MPI_T_enum e;
	json_t *value, *ename;
	int index, verbosity, bind, scope, nlen, dlen;

	for (name = mca_names; *name; name++) {
		nlen = dlen = 0;
		if (MPI_T_cvar_get_index(*name, &index) != MPI_SUCCESS ||
		    MPI_T_cvar_get_info(index, NULL, &nlen, &verbosity, &dt, &e,
					NULL, &dlen, &bind,
					&scope) != MPI_SUCCESS ||
		    bind != MPI_T_BIND_NO_OBJECT)
			continue;
		if (!(value = cvar_json(&ename, index, dt, e)))
			continue;
		json_object_set_new(mca, *name, value);
		if (ename)
			json_object_set_new(enums, *name, ename);
	}
}

/*
 * FRAMEWORK_COMPONENT of a control variable named
 * FRAMEWORK_COMPONENT_major_version (every Open MPI component registers
 * one), or 0 when name is no such variable of framework fw.
 */
static size_t component_of(const char *name, const char *fw)
{
	size_t n = strlen(fw), len = strlen(name);
	static const char tail[] = "_major_version";

	if (strncmp(name, fw, n) || name[n] != '_' ||
	    len <= n + 1 + sizeof(tail) - 1 ||
	    strcmp(name + len - (sizeof(tail) - 1), tail))
		return 0;
	return len - (sizeof(tail) - 1);
}

/* The exclusivity Open MPI gives btl component comp, or -1. */
static long long btl_exclusivity(const char *comp)
{
	char name[300];
	MPI_Datatype dt;
	MPI_T_enum e;
	json_t *v, *ename;
	long long out = -1;
	int index, verbosity, bind, scope, nlen = 0, dlen = 0;

	snprintf(name, sizeof(name), "btl_%s_exclusivity", comp);
	if (MPI_T_cvar_get_index(name, &index) != MPI_SUCCESS ||
	    MPI_T_cvar_get_info(index, NULL, &nlen, &verbosity, &dt, &e, NULL,
				&dlen, &bind, &scope) != MPI_SUCCESS)
		return -1;
	if ((v = cvar_json(&ename, index, dt, e)) && json_is_integer(v))
		out = json_integer_value(v);
	json_decref(v);
	json_decref(ename);
	return out;
}

/*
 * The components in force after MPI_Init: Open MPI 4.1 deregisters the
 * control variables of every component it closed (excluded, failed to
 * initialize, or not selected), so a component whose major_version
 * variable is still valid is open: the selected pml, the btls that
 * initialized. {"pml": "ob1", "btl": ["self", "tcp", "vader"],
 * "btl_exclusivity": {"self": 65536, ...}}; pml null when none is found.
 */
static json_t *read_stack(void)
{
	json_t *btl = json_array(), *excl = json_object(), *pml = NULL;
	char name[256];
	int i, n = 0, verbosity, bind, scope, nlen, dlen;
	MPI_Datatype dt;
	MPI_T_enum e;
	size_t end;

	MPI_T_cvar_get_num(&n);
	for (i = 0; i < n; i++) {
		nlen = sizeof(name);
		dlen = 0;
		if (MPI_T_cvar_get_info(i, name, &nlen, &verbosity, &dt, &e,
					NULL, &dlen, &bind,
					&scope) != MPI_SUCCESS)
			continue;
		if ((end = component_of(name, "pml")) && !pml) {
			pml = json_stringn(name + 4, end - 4);
		} else if ((end = component_of(name, "btl"))) {
			name[end] = '\0';
			json_array_append_new(btl, json_string(name + 4));
			json_object_set_new(
			    excl, name + 4,
			    json_integer(btl_exclusivity(name + 4)));
		}
	}
	return json_pack("{s:o, s:o, s:o}", "pml", pml ? pml : json_null(),
			 "btl", btl, "btl_exclusivity", excl);
}

static json_t *library_version(void)
{
	char buf[MPI_MAX_LIBRARY_VERSION_STRING + 1] = "";
	int len = 0;
	size_t n;

	MPI_Get_library_version(buf, &len);
	buf[len > 0 && len <= MPI_MAX_LIBRARY_VERSION_STRING ? len : 0] = '\0';
	n = strcspn(buf, "\n");
	while (n > 0 &&
	       (buf[n - 1] == ' ' || buf[n - 1] == '\t' || buf[n - 1] == '\r'))
		n--;
	buf[n] = '\0';
	return json_string(buf);
}

int pr_envinfo_cuda_aware(void)
{
#if defined(OMPI_HAVE_MPI_EXT_CUDA) && OMPI_HAVE_MPI_EXT_CUDA
	return MPIX_Query_cuda_support() == 1;
#else
	return 0;
#endif
}

static json_t *string_or_null(const char *s)
{
	return s[0] ? json_string(s) : json_null();
}

static json_t *int_or_null(long long v)
{
	return v >= 0 ? json_integer(v) : json_null();
}

json_t *pr_envinfo_gpu_json(const pr_device_info *d)
{
	json_t *mps =
	    d->mps < 0 ? json_string("unknown") : json_boolean(d->mps);

	return json_pack(
	    "{s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:i, s:i, s:o, s:o, s:o, "
	    "s:o, s:o, s:o}",
	    "index", d->index, "name", string_or_null(d->name), "arch",
	    string_or_null(d->arch), "uuid", string_or_null(d->uuid),
	    "pci_bus_id", string_or_null(d->pci_bus_id), "sm_count",
	    int_or_null(d->sm_count), "max_threads_per_sm",
	    int_or_null(d->max_threads_per_sm), "threads_per_block",
	    d->threads_per_block, "shared_bytes", d->shared_bytes,
	    "max_blocks_per_sm", int_or_null(d->max_blocks_per_sm),
	    "driver_version", int_or_null(d->driver_version), "runtime_version",
	    int_or_null(d->runtime_version), "clock_khz",
	    int_or_null(d->clock_khz), "memory_bytes",
	    int_or_null(d->memory_bytes), "mps", mps);
}

/* The MPI facts of pr_envinfo_local's mpi; stack NULL when MPI_T did not
 * start. */
static json_t *mpi_facts(json_t *mca, json_t *enums, json_t *stack)
{
	return json_pack("{s:o, s:o, s:o*, s:b, s:o}", "mca", mca, "mca_enum",
			 enums, "mpi_library", library_version(), "cuda_aware",
			 pr_envinfo_cuda_aware(), "stack",
			 stack ? stack : json_null());
}

/* One MPI_T session (each costs every component's registration, a few
 * tenths of a second): this rank's yield_when_idle, and into *mpi (when
 * mpi is not NULL) the MPI facts. A rank that reads no MPI facts (all but
 * rank 0) takes its yield_when_idle from Open MPI's variable and opens no
 * session, unless the library has none. */
static void mpi_session(int32_t *yield, json_t **mpi)
{
	json_t *mca = NULL, *enums = NULL, *stack = NULL;
	int provided;

	if (!mpi && (*yield = yield_exported()) >= 0)
		return;
	if (mpi) {
		mca = json_object();
		enums = json_object();
	}
	if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) == MPI_SUCCESS) {
		*yield = yield_when_idle();
		if (mpi) {
			read_cvars(mca, enums);
			stack = read_stack();
		}
		MPI_T_finalize();
	}
	if (mpi)
		*mpi = mpi_facts(mca, enums, stack);
}

void pr_envinfo_local(pr_envinfo *out, json_t **mpi, const pr_rank *rk)
{
	const struct pr_backend *be = rk->backend;
	char why[256];

	memset(out, 0, sizeof(*out));
	if (gethostname(out->host, sizeof(out->host) - 1) < 0)
		snprintf(out->host, sizeof(out->host), "unknown");
	snprintf(out->device, sizeof(out->device), "%s",
		 rk->plan->groups[rk->group].device);
	snprintf(out->kind, sizeof(out->kind), "%s", rk->kind);
	out->staging = (int32_t)rk->staging;
	out->has_gpu =
	    be->device_info &&
	    be->device_info(&out->gpu, rk->device_index,
			    rk->plan->threads_per_block, rk->plan->keys, why,
			    sizeof(why)) == PR_OK;
	if (rk->backend->describe(rk->bctx, out->describe,
				  sizeof(out->describe)) < 0)
		snprintf(out->describe, sizeof(out->describe), "%s: unknown",
			 out->device);
	affinity(out->affinity, sizeof(out->affinity));
	kernel_id(out->kernel, sizeof(out->kernel), out->host);
	time_ns(out->timens, sizeof(out->timens));
	out->yield_when_idle = -1;
	mpi_session(&out->yield_when_idle, mpi);
	out->pid = (int64_t)getpid();
	out->device_index = rk->device_index;
}
