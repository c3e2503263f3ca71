/* meter.c - a rank's energy counter over one launch and its timed events,
 * and what every rank's said, for rank 0's report */
#include "runner/meter.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "base/device.h"
#include "base/util.h"

static pr_energy_reader reader_of(const char *kind)
{
	switch (pr_device_gpu_of(kind)) {
	case PR_DEVICE_CUDA:
		return PR_ENERGY_NVML;
	case PR_DEVICE_HIP:
		return PR_ENERGY_ROCM_SMI;
	default:
		return PR_ENERGY_RAPL;
	}
}

void pr_meter_open(pr_meter *m, pr_samples *buf, const pr_rank *rk,
		   const char *pci_bus_id)
{
	pr_energy_reader reader = reader_of(rk->kind);
	pr_energy_counter *c = NULL;

	memset(m, 0, sizeof(*m));
	m->launch_uj = m->launch_ns = -1;
	snprintf(m->reader, sizeof(m->reader), "%s",
		 pr_energy_reader_name(reader));
	buf->energy = NULL;
	if (pr_energy_open(&c, m->reason, sizeof(m->reason), reader,
			   rk->device_index, pci_bus_id, NULL) < 0)
		return;
	snprintf(m->counter, sizeof(m->counter), "%s", pr_energy_name(c));
	m->resolution_j = pr_energy_resolution_j(c);
	m->period_s = pr_energy_period_s(c);
	m->min_phase_ns = pr_energy_min_phase_ns(c);
	buf->energy = c;
	buf->energy_min_ns = m->min_phase_ns;
}

void pr_meter_launch_start(pr_meter *m, pr_samples *buf)
{
	if (buf->energy && !buf->energy_lost &&
	    pr_energy_read(&m->e0, buf->energy, buf->energy_why,
			   sizeof(buf->energy_why)) < 0)
		pr_timing_energy_lost(buf);
	m->t0 = pr_timing_now();
}

void pr_meter_launch_end(pr_meter *m, pr_samples *buf)
{
	int64_t t1 = pr_timing_now();
	uint64_t e1;

	if (buf->energy && !buf->energy_lost &&
	    pr_energy_read(&e1, buf->energy, buf->energy_why,
			   sizeof(buf->energy_why)) == 0) {
		m->launch_uj = (int64_t)(e1 - m->e0);
		m->launch_ns = t1 - m->t0;
	}
	if (buf->energy_why[0])
		snprintf(m->reason, sizeof(m->reason), "stopped: %s",
			 buf->energy_why);
}

pr_meter *pr_meter_gather(const pr_meter *mine, int nranks)
{
	pr_meter *all = NULL;
	int rank;

	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (rank == 0)
		all = pr_calloc((size_t)nranks, sizeof(pr_meter));
	MPI_Gather(mine, (int)sizeof(*mine), MPI_BYTE, all, (int)sizeof(*mine),
		   MPI_BYTE, 0, MPI_COMM_WORLD);
	return all;
}

static json_t *real_or_null(int measured, double v)
{
	return measured ? json_real(v) : json_null();
}

json_t *pr_meter_json(const pr_meter *m)
{
	int has = m->counter[0] != '\0', launch = m->launch_uj >= 0;
	json_t *o = json_object();

	json_object_set_new(o, "reader", json_string(m->reader));
	json_object_set_new(o, "counter",
			    has ? json_string(m->counter) : json_null());
	if (m->reason[0])
		json_object_set_new(o, "reason", json_string(m->reason));
	json_object_set_new(o, "resolution_j",
			    real_or_null(has, m->resolution_j));
	json_object_set_new(o, "update_period_s",
			    real_or_null(has, m->period_s));
	json_object_set_new(o, "min_phase_s",
			    real_or_null(has, (double)m->min_phase_ns * 1e-9));
	json_object_set_new(o, "launch_j",
			    real_or_null(launch, (double)m->launch_uj * 1e-6));
	json_object_set_new(o, "launch_s",
			    real_or_null(launch, (double)m->launch_ns * 1e-9));
	return o;
}

json_t *pr_meter_readers(void)
{
	json_t *o = json_object(), *r;
	pr_energy_counter *c;
	char why[256];
	int i;

	for (i = 0; i < PR_ENERGY_NREADERS; i++) {
		why[0] = '\0';
		if (pr_energy_open(&c, why, sizeof(why), (pr_energy_reader)i, 0,
				   NULL, NULL) < 0)
			r = json_pack("{s:s}", "reason", why);
		else
			r = json_pack("{s:s, s:f, s:f}", "counter",
				      pr_energy_name(c), "resolution_j",
				      pr_energy_resolution_j(c),
				      "update_period_s", pr_energy_period_s(c));
		pr_energy_close(c);
		json_object_set_new(o, pr_energy_reader_name(i), r);
	}
	return o;
}

void pr_meter_close(pr_samples *buf)
{
	pr_energy_close(buf->energy);
	buf->energy = NULL;
}
