/* report_study_machine.c - what the machine did during a run: cores
 * shared, busy launches, energy per call, as markdown and JSON */
#include "analyze/report-internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/load.h"

/* One line per config whose launches put more than one rank on a core:
 * flagged unless the spec said sharing is what it tests. */
void pr_report_sharing_md(FILE *f, const pr_analysis_run *r)
{
	size_t c;

	for (c = 0; r->sharing && c < r->nconfigs; c++) {
		const pr_sharing *s = &r->sharing[c];
		const char *cfg = pr_report_label(r, (int)c);

		if (!s->known || !s->oversubscribed)
			continue;
		fputs(s->sharing_tested ? "- sharing tested: config "
					: "- **oversubscribed**: config ",
		      f);
		fprintf(f, "%zu%s", c, *cfg ? " " : "");
		pr_md_text(f, cfg);
		fputs(" put ", f);
		pr_md_sig3(f, s->ranks_per_core);
		fputs(s->sharing_tested
			  ? " ranks on a core, as its spec says it tests\n"
			  : " ranks on a core; its spec does not say sharing "
			    "is what it tests, so its times include it\n",
		      f);
	}
}

/* A run made --as-original: which run it reproduces, with which code. */
void pr_report_original_md(FILE *f, const pr_analysis_run *r)
{
	if (!r->as_original)
		return;
	fprintf(f,
		"- made with the measuring code of run %s (`prereg repro "
		"--as-original`): prereg-rank %s, the original's build, "
		"launched by prereg %s; `prereg compare %s %s` sets them side "
		"by side\n",
		r->as_original,
		r->runner_version ? r->runner_version : "(unknown)",
		r->prereg_version ? r->prereg_version : "(unknown)",
		r->as_original, r->run_id ? r->run_id : "RUNID");
}

/* "; N launches not recorded (why)", or nothing when all were. */
static void put_busy_unrecorded(FILE *f, const pr_busy *b)
{
	size_t n = b->nlaunches - b->nrecorded;

	if (n == 0)
		return;
	fprintf(f, "; %zu launch%s not recorded (", n, n == 1 ? "" : "es");
	pr_md_text(f, b->why_not ? b->why_not
				 : "the manifest predates the record");
	fputc(')', f);
}

/* One busy launch: "launch 0, config 1 (tcp): 1.37 other cores (ranks on
 * 2 CPUs), load average 3.76 to 3.78" */
static void put_busy_launch(FILE *f, const pr_analysis_run *r,
			    const pr_busy_launch *x)
{
	const char *cfg = pr_report_label(r, x->config);

	fprintf(f, "  - launch %d, config %d", x->launch, x->config);
	if (*cfg) {
		fputs(" (", f);
		pr_md_text(f, cfg);
		fputc(')', f);
	}
	fputs(": ", f);
	pr_md_sig3(f, x->other_cores);
	fprintf(f, " other cores (ranks on %g CPUs), load average ",
		x->rank_cpus);
	pr_md_sig3(f, x->load_start);
	fputs(" to ", f);
	pr_md_sig3(f, x->load_end);
	fputc('\n', f);
}

/* The energy table: one row per (config, phase, device) a counter
 * measured (pr_energy_row), the run as the context. */
static void md_energy_config(FILE *f, const void *row, const void *ctx)
{
	const pr_analysis_run *r = ctx;
	int c = ((const pr_energy_row *)row)->config;

	fputs((size_t)c < r->nconfigs ? r->config_label[c] : "?", f);
}

static json_t *json_energy_config(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer(((const pr_energy_row *)row)->config);
}

static void md_energy_phase(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fputs(((const pr_energy_row *)row)->phase, f);
}

static json_t *json_energy_phase(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_energy_row *)row)->phase);
}

static void md_energy_device(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fputs(((const pr_energy_row *)row)->device, f);
}

static json_t *json_energy_device(const void *row, const void *ctx)
{
	(void)ctx;
	return json_string(((const pr_energy_row *)row)->device);
}

static void md_energy_stat(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%.6g", ((const pr_energy_row *)row)->stat_j);
}

static json_t *json_energy_stat(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_energy_row *)row)->stat_j);
}

static void md_energy_ci(FILE *f, const void *row, const void *ctx)
{
	const pr_energy_row *x = row;

	(void)ctx;
	fprintf(f, "[%.6g, %.6g]%s", x->lo_j, x->hi_j,
		x->coverage < 0.95 ? " (full range)" : "");
}

static json_t *json_energy_ci(const void *row, const void *ctx)
{
	const pr_energy_row *x = row;

	(void)ctx;
	return json_pack("[o, o]", pr_json_num(x->lo_j), pr_json_num(x->hi_j));
}

static json_t *json_energy_coverage(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_energy_row *)row)->coverage);
}

static void md_energy_resolution(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%g", ((const pr_energy_row *)row)->resolution_j);
}

static json_t *json_energy_resolution(const void *row, const void *ctx)
{
	(void)ctx;
	return pr_json_num(((const pr_energy_row *)row)->resolution_j);
}

static void md_energy_launches(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%zu", ((const pr_energy_row *)row)->nlaunches);
}

static json_t *json_energy_launches(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer(
	    (json_int_t)((const pr_energy_row *)row)->nlaunches);
}

static const pr_report_column energy_cols[] = {
    {"config", "---", md_energy_config, NULL, "config", json_energy_config},
    {"phase", "---", md_energy_phase, NULL, "phase", json_energy_phase},
    {"device", "---", md_energy_device, NULL, "device", json_energy_device},
    {"J per call", "---", md_energy_stat, NULL, "j_per_call", json_energy_stat},
    {"95% interval", "---", md_energy_ci, NULL, "interval_j", json_energy_ci},
    {NULL, NULL, NULL, NULL, "coverage", json_energy_coverage},
    {"resolution J", "---", md_energy_resolution, NULL, "resolution_j",
     json_energy_resolution},
    {"launches", "---", md_energy_launches, NULL, "launches",
     json_energy_launches},
};
static const pr_report_table energy_table = {
    energy_cols, sizeof(energy_cols) / sizeof(energy_cols[0]),
    sizeof(pr_energy_row)};

/* Energy per call (DESIGN 7): the table where a counter measured it,
 * else one line saying why not, from the recorded reasons only. */
void pr_report_energy_md(FILE *f, const pr_analysis_run *r)
{
	const pr_energy_sum *e = &r->energy;

	if (!e->recorded) {
		fputs(r->command ? "- energy: not recorded (workload command: "
				   "prereg reads no energy counter around a "
				   "program it did not write)\n"
				 : "- energy: not recorded (the run is older "
				   "than the energy record)\n",
		      f);
		return;
	}
	if (!e->counters) {
		fprintf(f, "- energy: not measured (%s)\n",
			e->why_not ? e->why_not : "no reason recorded");
		return;
	}
	if (!e->nrows) {
		fprintf(f,
			"- energy: counters %s; not measured per call (no "
			"timed event lasted the %g s its counter needs)\n",
			e->counters,
			e->ndevices ? e->device[0].min_phase_s : 0);
		return;
	}
	fprintf(f,
		"- energy per call (counters %s; each event at least 100 "
		"update periods long):\n\n",
		e->counters);
	pr_report_table_md(f, &energy_table, e->row, e->nrows, r);
	fputc('\n', f);
}

/* {recorded, counters, why_not, rows: [{config, phase, device,
 * j_per_call, interval_j, coverage, resolution_j, launches}]}: the energy
 * table's rows, and why there are none */
json_t *pr_report_energy_json(const pr_analysis_run *r)
{
	const pr_energy_sum *e = &r->energy;

	return json_pack(
	    "{s:b, s:s?, s:s?, s:o}", "recorded", e->recorded, "counters",
	    e->counters, "why_not", e->why_not, "rows",
	    pr_report_table_json(&energy_table, e->row, e->nrows, r));
}

/* What else used the machine (DESIGN 7): how many launches ran on a busy
 * machine, each of them, and a machine busy when the run started; "not
 * recorded" where the manifest says nothing, never idle. */
void pr_report_busy_md(FILE *f, const pr_analysis_run *r)
{
	const pr_busy *b = &r->busy;
	size_t i;

	if (b->start_known && b->start_busy) {
		fputs("- **the machine was busy when the run started**: ", f);
		pr_md_sig3(f, b->start_other_cores);
		fprintf(f, " other cores (ranks on %g CPUs), load average ",
			b->start_rank_cpus);
		pr_md_sig3(f, b->start_load);
		if (b->start_waited_s > 0) {
			fputs(", after waiting ", f);
			pr_md_sig3(f, b->start_waited_s);
			fputs(" s", f);
		}
		fputc('\n', f);
	}
	if (b->nrecorded == 0) {
		fprintf(f, "- machine load not recorded (%zu launch%s: ",
			b->nlaunches, b->nlaunches == 1 ? "" : "es");
		pr_md_text(f, b->why_not ? b->why_not
					 : "the manifest predates the record");
		fputs(")\n", f);
		return;
	}
	fprintf(f,
		"- %s%zu of %zu launches ran on a busy machine%s (other "
		"processes above %g x the CPUs the ranks use; other cores "
		"median ",
		b->nbusy ? "**" : "", b->nbusy, b->nrecorded,
		b->nbusy ? "**" : "", PR_BUSY_SHARE);
	pr_md_sig3(f, b->other_median);
	fputs(", max ", f);
	pr_md_sig3(f, b->other_max);
	fputc(')', f);
	put_busy_unrecorded(f, b);
	fputs(b->nbusy ? ":\n" : "\n", f);
	for (i = 0; i < b->nbusy; i++)
		put_busy_launch(f, r, &b->busy[i]);
}

/* Per config whose placement is known: how its launches shared cores. */
json_t *pr_report_sharing_json(const pr_analysis_run *r)
{
	json_t *all = json_array();
	size_t i;

	for (i = 0; r->sharing && i < r->nconfigs; i++) {
		const pr_sharing *x = &r->sharing[i];

		if (!x->known)
			continue;
		json_array_append_new(
		    all, json_pack("{s:I, s:o, s:b, s:b, s:b}", "config",
				   (json_int_t)i, "ranks_per_core",
				   pr_json_num(x->ranks_per_core),
				   "oversubscribed", x->oversubscribed,
				   "sharing_tested", x->sharing_tested,
				   "from_placement", x->from_placement));
	}
	return all;
}

/* What else used the machine during the run (DESIGN 7), as pr_report_busy_md
 * says it. */
json_t *pr_report_busy_json(const pr_analysis_run *r)
{
	const pr_busy *b = &r->busy;
	json_t *o = json_object(), *list = json_array(), *start = json_null();
	size_t i;

	for (i = 0; i < b->nbusy; i++) {
		const pr_busy_launch *x = &b->busy[i];

		json_array_append_new(
		    list, json_pack("{s:i, s:i, s:o, s:o, s:o, s:o}", "launch",
				    x->launch, "config", x->config,
				    "other_cores", pr_json_num(x->other_cores),
				    "rank_cpus", pr_json_num(x->rank_cpus),
				    "load_start", pr_json_num(x->load_start),
				    "load_end", pr_json_num(x->load_end)));
	}
	if (b->start_known)
		start = json_pack("{s:b, s:o, s:o, s:o, s:o}", "busy",
				  b->start_busy, "other_cores",
				  pr_json_num(b->start_other_cores),
				  "rank_cpus", pr_json_num(b->start_rank_cpus),
				  "load", pr_json_num(b->start_load),
				  "waited_s", pr_json_num(b->start_waited_s));
	json_object_set_new(o, "launches",
			    json_integer((json_int_t)b->nlaunches));
	json_object_set_new(o, "recorded",
			    json_integer((json_int_t)b->nrecorded));
	json_object_set_new(o, "busy", json_integer((json_int_t)b->nbusy));
	json_object_set_new(o, "busy_share", json_real(PR_BUSY_SHARE));
	json_object_set_new(o, "other_cores_median",
			    pr_json_num(b->other_median));
	json_object_set_new(o, "other_cores_max", pr_json_num(b->other_max));
	json_object_set_new(o, "not_recorded_reason",
			    b->nrecorded < b->nlaunches
				? json_string(b->why_not
						  ? b->why_not
						  : "the manifest predates the "
						    "record")
				: json_null());
	json_object_set_new(o, "busy_launches", list);
	json_object_set_new(o, "busy_at_start", start);
	return o;
}
