/* grid.c - the models of a kernel's launch geometry: launch-geometry
 * and launch-settings (DESIGN 5) */
#include <string.h>

#include "base/device.h"
#include "base/host.h"
#include "base/util.h"
#include "format/spec.h"
#include "format/workload.h"
#include "model/geometry.h"
#include "predict/models-internal.h"

/* The worker threads of a cpu-blocks:T group, else 0. */
static int blocks_threads(const pr_spec *spec)
{
	return spec->ngroups == 1
		   ? pr_device_blocks_threads(spec->groups[0].device)
		   : 0;
}

/* The GPU kind of a launch-geometry experiment's one group. */
static int gpu_group(const char **kind, int *devi, const pr_spec *spec)
{
	const char *dev = spec->groups[0].device;
	pr_device d;

	if (spec->ngroups != 1 || !(*kind = pr_device_gpu_kind(dev)))
		return pr_error_code(PR_EINPUT,
				     "'%s': model launch-geometry needs one "
				     "rank group on a GPU (cuda:N or hip:N) "
				     "or on cpu-blocks:T",
				     spec->path);
	pr_device_parse(&d, dev);
	*devi = d.any ? 0 : (int)d.n; /* cuda:* measures device 0 */
	return PR_OK;
}

int pr_model_geometry_check(const pr_spec *spec)
{
	const char *kind;
	int devi;

	if (blocks_threads(spec) > 0)
		return PR_OK;
	return gpu_group(&kind, &devi, spec);
}

/* The step verdict's rule (DESIGN 7), pinned with the prediction. */
static void set_step_rule(json_t *pred, const pr_spec *spec)
{
	json_object_set_new(
	    pred, "step_rule",
	    json_pack("{s:i, s:f, s:s}", "tolerance_rows",
		      spec->step_tolerance_rows, "min_ratio",
		      1 + spec->tolerance, "detector",
		      "per config, the compute rows ascending: rows r is a "
		      "step when its statistic exceeds min_ratio times the "
		      "previous rows value's and the two launch-level "
		      "intervals do not overlap; each observed step belongs "
		      "to the nearest predicted step: PASS within "
		      "tolerance_rows, FAIL farther, MISSED when none "
		      "belongs to it, EXTRA for the others"));
}

/* Steps and sweep of the model, units x blocks_per_unit blocks a wave;
 * h the sweep's spacing (0: the GPU's 32 blocks). */
static int put_steps(json_t *pred, const pr_spec *spec, int units, int bpu,
		     long h)
{
	long step[16], rows[PR_MAX_SIZES];
	long max_rows = spec->rows > 0 ? spec->rows : 16384;
	int nsteps, nrows, i;

	nsteps = pr_geometry_steps(step, 16, units, bpu, spec->rows_per_block,
				   max_rows);
	if (nsteps == 0)
		return pr_error_code(PR_EINPUT,
				     "'%s': no wave fills below %ld rows "
				     "(%d units x %d blocks x %d rows per "
				     "block)",
				     spec->path, max_rows, units, bpu,
				     spec->rows_per_block);
	nrows = h > 0 ? pr_geometry_sweep_h(rows, PR_MAX_SIZES, step, nsteps, h,
					    max_rows)
		      : pr_geometry_sweep(rows, PR_MAX_SIZES, step, nsteps,
					  spec->rows_per_block, max_rows);
	json_object_set_new(pred, "steps", json_array());
	for (i = 0; i < nsteps; i++)
		json_array_append_new(json_object_get(pred, "steps"),
				      json_integer(step[i] + 1));
	json_object_set_new(
	    pred, "sweep",
	    json_pack("{s:o}", "rows_list", pr_model_longs(rows, nrows)));
	return PR_OK;
}

/*
 * cpu-blocks:T: the units are T capped by the cores the rank may use
 * (this machine's cores over the ranks; mpirun leaves a cpu-blocks rank
 * unbound), blocks_per_unit the spec's blocks_per_thread.
 */
static int predict_cpu_blocks(json_t *pred, const pr_spec *spec, int threads)
{
	int cores = pr_model_rank_cores(spec);
	int units = pr_geometry_cpu_units(threads, cores);
	long wave =
	    (long)units * spec->blocks_per_thread * spec->rows_per_block;

	if (cores < 1)
		cores = 1;
	pr_model_set(pred, "launch",
		     json_pack("{s:i, s:i}", "rows_per_block",
			       spec->rows_per_block, "blocks_per_thread",
			       spec->blocks_per_thread));
	json_object_set_new(pred, "device",
			    json_pack("{s:s, s:b, s:i, s:i, s:i, s:i}", "kind",
				      "cpu-blocks", "available", 1, "threads",
				      threads, "cores", cores, "units", units,
				      "blocks_per_unit",
				      spec->blocks_per_thread));
	if (threads > cores) {
		json_object_set_new(
		    json_object_get(pred, "device"), "note",
		    json_sprintf(
			"%d threads on %d cores: a wave's threads take "
			"turns, so the time steps every %d threads' "
			"blocks",
			threads, cores, units));
		pr_warn("'%s': %d worker threads on %d cores: the waves "
			"serialize, the steps are predicted every %d "
			"threads' blocks",
			spec->path, threads, cores, units);
	}
	set_step_rule(pred, spec);
	return put_steps(pred, spec, units, spec->blocks_per_thread,
			 wave / 4 > 0 ? wave / 4 : 1);
}

int pr_model_geometry_predict(json_t *pred, const pr_spec *spec,
			      const pr_calib *cal, const pr_calib *comm)
{
	json_t *all = NULL, *side, *dev;
	const char *kind = NULL;
	int devi = 0, units, bpu, error;

	(void)cal;
	(void)comm;
	if (blocks_threads(spec) > 0)
		return predict_cpu_blocks(pred, spec, blocks_threads(spec));
	set_step_rule(pred, spec);
	if ((error = gpu_group(&kind, &devi, spec)) < 0 ||
	    (error = pr_host_devices(&all, spec->threads_per_block,
				     spec->keys)) < 0)
		return error;
	side = json_object_get(all, kind);
	dev = json_array_get(json_object_get(side, "devices"), (size_t)devi);
	pr_model_set(pred, "launch",
		     json_pack("{s:i, s:i}", "threads_per_block",
			       spec->threads_per_block, "rows_per_block",
			       spec->rows_per_block));
	if (!dev) {
		const char *why =
		    json_string_value(json_object_get(side, "error"));
		json_object_set_new(pred, "device",
				    json_pack("{s:s, s:b, s:s}", "kind", kind,
					      "available", 0, "error",
					      why ? why : "no such device"));
		pr_warn("no %s device %d here (%s): the prediction records "
			"the plan without step positions; run 'prereg "
			"predict %s' where the device is",
			pr_device_gpu_of(kind) == PR_DEVICE_CUDA ? "CUDA"
								 : "HIP",
			devi, why ? why : "not visible", spec->name);
		json_decref(all);
		return PR_OK;
	}
	units = (int)json_integer_value(json_object_get(dev, "sm_count"));
	bpu =
	    (int)json_integer_value(json_object_get(dev, "max_blocks_per_sm"));
	json_object_set_new(pred, "device", json_deep_copy(dev));
	json_object_set_new(json_object_get(pred, "device"), "kind",
			    json_string(kind));
	error = put_steps(pred, spec, units, bpu, 0);
	json_decref(all);
	return error;
}

/* launch-settings: two named settings of one few-row call on one rank
 * group, every other factor at one value. */
int pr_model_settings_check(const pr_spec *spec)
{
	const char *kind;
	int devi;

	if (spec->nlaunch_settings != 2 || !spec->launch_names[0] ||
	    pr_spec_nconfigs(spec) != 2)
		return pr_error_code(PR_EINPUT,
				     "'%s': model 'launch-settings' needs "
				     "'launch' in [factors] with exactly two "
				     "settings and one value of every other "
				     "factor",
				     spec->path);
	if (!pr_workload_is(spec->workload, PR_WORKLOAD_ROWS_SWEEP) ||
	    spec->nrows_list != 1)
		return pr_error_code(PR_EINPUT,
				     "'%s': model 'launch-settings' needs "
				     "workload 'rows-sweep' with one value in "
				     "'rows_list' (the call both settings "
				     "make)",
				     spec->path);
	if (blocks_threads(spec) > 0)
		return PR_OK;
	return gpu_group(&kind, &devi, spec);
}

#define NEGLECTS                                                               \
	"the fixed cost of a call (waking the pool, the barrier after each "   \
	"wave, the timer) is left out: it adds the same to both settings "     \
	"and pulls the measured ratio toward 1; the tolerance is its room, "   \
	"and that of a core taken by other work (a thread that waits for "     \
	"its core doubles its slots)"

/*
 * The ratio of the first setting's time over the second's: on cpu-blocks
 * the row slots the busiest worker runs (pr_geometry_cpu_slots), the
 * per-row cost cancelling; the band [p / (1 + t), p * (1 + t)]. On a GPU
 * the settings are recorded and no ratio is predicted.
 */
int pr_model_settings_predict(json_t *pred, const pr_spec *spec,
			      const pr_calib *cal, const pr_calib *comm)
{
	int threads = blocks_threads(spec);
	int cores = pr_model_ncores() / (spec->nranks > 0 ? spec->nranks : 1);
	int units = pr_geometry_cpu_units(threads, cores), i;
	long rows = spec->rows_list[0], slots[2];
	json_t *settings = json_object(), *ratio;
	double p, t = spec->tolerance;

	(void)cal;
	(void)comm;
	for (i = 0; i < 2; i++) {
		const pr_launch_setting *ls = &spec->launch_settings[i];

		slots[i] = threads > 0
			       ? pr_geometry_cpu_slots(rows, threads, units,
						       ls->rows_per_block,
						       ls->blocks_per_thread)
			       : 0;
		json_object_set_new(
		    settings, spec->launch_names[i],
		    json_pack("{s:i, s:i, s:i, s:i, s:I}", "config", i,
			      "threads_per_block", ls->threads_per_block,
			      "rows_per_block", ls->rows_per_block,
			      "blocks_per_thread", ls->blocks_per_thread,
			      "slots", (json_int_t)slots[i]));
	}
	pr_model_set(pred, "launch", settings);
	ratio =
	    json_pack("{s:s, s:s, s:i, s:i, s:I, s:s, s:f, s:s}", "numerator",
		      spec->launch_names[0], "denominator",
		      spec->launch_names[1], "numerator_config", 0,
		      "denominator_config", 1, "rows", (json_int_t)rows,
		      "phase", "compute", "tolerance", t, "neglects", NEGLECTS);
	json_object_set_new(pred, "launch_ratio", ratio);
	if (threads <= 0) {
		json_object_set_new(ratio, "predicted", json_null());
		json_object_set_new(
		    ratio, "why",
		    json_string("a GPU's per-call time is not priced by row "
				"slots: the settings are recorded, no ratio "
				"is predicted"));
		pr_warn("'%s': on a GPU the launch-settings model records "
			"the two settings and predicts no ratio",
			spec->path);
		return PR_OK;
	}
	json_object_set_new(pred, "device",
			    json_pack("{s:s, s:i, s:i, s:i}", "kind",
				      "cpu-blocks", "threads", threads, "cores",
				      cores < 1 ? 1 : cores, "units", units));
	p = (double)slots[0] / (double)slots[1];
	json_object_set_new(ratio, "predicted", json_real(p));
	json_object_set_new(ratio, "lo", json_real(p / (1 + t)));
	json_object_set_new(ratio, "hi", json_real(p * (1 + t)));
	return PR_OK;
}
