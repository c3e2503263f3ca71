/* manifest.c - runs/NAME/RUNID/manifest.json: its sections, its bytes and
 * its typed reader */
#include "format/manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/workload.h"
#include "repo/paths.h"

json_t *pr_manifest_pin(const pr_pin *pin)
{
	char when[32];

	pr_utc_iso(when, pin->commit_time);
	return json_pack("{s:s, s:s, s:i, s:I, s:s, s:s, s:s}", "commit",
			 pin->commit, "tag", pin->tag, "k", pin->k,
			 "commit_time", (json_int_t)pin->commit_time,
			 "commit_time_utc", when, "spec_blob", pin->spec_blob,
			 "prediction_blob", pin->pred_blob);
}

json_t *pr_manifest_schedule(const pr_schedule *sched, int launches, int reps,
			     int warmup, int quick)
{
	json_t *order = json_array();
	char seed[24];
	size_t k;

	for (k = 0; k < sched->ninv; k++) {
		char s[24];
		snprintf(s, sizeof(s), "%llu",
			 (unsigned long long)sched->inv[k].seed);
		json_array_append_new(
		    order,
		    json_pack("{s:i, s:i, s:s}", "launch", sched->inv[k].launch,
			      "config", sched->inv[k].config, "seed", s));
	}
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)sched->seed);
	return json_pack("{s:s, s:s, s:i, s:i, s:i, s:b, s:o}", "seed", seed,
			 "seed_from",
			 "sha256(\"prereg-schedule:\" + name + \":\" + pin "
			 "commit), first 8 bytes big-endian",
			 "launches", launches, "reps", reps, "warmup", warmup,
			 "quick", quick, "order", order);
}

json_t *pr_manifest_configs(const pr_spec *spec)
{
	json_t *a = json_array();
	int c;

	for (c = 0; c < pr_spec_nconfigs(spec); c++) {
		const pr_launch_setting *ls = pr_spec_launch(spec, c);
		json_t *o = json_pack("{s:i, s:s, s:s, s:s, s:s}", "config", c,
				      "transport", pr_spec_transport(spec, c),
				      "placement", pr_spec_placement(spec, c),
				      "algorithm", pr_spec_algorithm(spec, c),
				      "sync", pr_spec_sync(spec, c));

		/* only the workloads with arrival patterns: older records
		 * unchanged */
		if (pr_workload_has_arrival(spec->workload))
			json_object_set_new(
			    o, "pattern",
			    json_string(pr_spec_pattern(spec, c)));
		/* only a spec with an argv factor ([factors] arg) */
		if (pr_spec_arg(spec, c))
			json_object_set_new(o, "arg",
					    json_string(pr_spec_arg(spec, c)));
		/* only a spec with a launch factor: older records unchanged */
		if (pr_spec_launch_name(spec, c))
			json_object_set_new(
			    o, "launch",
			    json_pack("{s:s, s:i, s:i, s:i}", "name",
				      pr_spec_launch_name(spec, c),
				      "threads_per_block",
				      ls->threads_per_block, "rows_per_block",
				      ls->rows_per_block, "blocks_per_thread",
				      ls->blocks_per_thread));
		json_array_append_new(a, o);
	}
	return a;
}

json_t *pr_manifest_environment(json_t *host, const char *launcher)
{
	json_object_set_new(host, "launcher", json_string(launcher));
	return host;
}

json_t *pr_manifest_archive(const pr_archive_info *ai)
{
	return json_pack("{s:s, s:I, s:I, s:s, s:I}", "file", PR_ARCHIVE_FILE,
			 "bytes", (json_int_t)ai->bytes, "gz_bytes",
			 (json_int_t)ai->gz_bytes, "sha256", ai->sha256, "rows",
			 (json_int_t)ai->rows);
}

json_t *pr_manifest_ledger(const char *prev)
{
	return json_pack("{s:s, s:s}", "file", "../" PR_LEDGER_FILE, "prev",
			 prev);
}

json_t *pr_manifest_workload(const pr_spec *spec)
{
	return json_pack("{s:s, s:i, s:I, s:I, s:I, s:{s:i, s:i, s:i}}", "name",
			 spec->workload, "ranks", spec->nranks, "rows",
			 (json_int_t)spec->rows, "keys", (json_int_t)spec->keys,
			 "d", (json_int_t)spec->d, "launch",
			 "threads_per_block", spec->threads_per_block,
			 "rows_per_block", spec->rows_per_block,
			 "blocks_per_thread", spec->blocks_per_thread);
}

json_t *pr_manifest_recovered(const char *at, json_t *lost_pid,
			      json_t *lost_host, size_t launches_kept)
{
	return json_pack("{s:s, s:s, s:O, s:O, s:I}", "by", "prereg recover",
			 "at", at, "lost_pid", lost_pid, "lost_host", lost_host,
			 "launches_kept", (json_int_t)launches_kept);
}

int pr_manifest_dump(char **out, const pr_manifest_parts *p)
{
	json_t *m;
	char *text;

	*out = NULL;
	m = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:O, s:O, s:O, s:O, "
		      "s:O, s:O, s:O, s:O}",
		      "run_id", p->run_id, "experiment", p->experiment,
		      "status", p->status, "started", p->started, "finished",
		      p->finished, "prereg_version", p->version, "pin", p->pin,
		      "schedule", p->schedule, "configs", p->configs,
		      "launches", p->launches, "environment", p->environment,
		      "archive", p->archive, "ledger", p->ledger, "workload",
		      p->workload);
	if (m && p->reason)
		json_object_set_new(m, "reason", json_string(p->reason));
	if (m && p->runner_version)
		json_object_set_new(m, "runner_version",
				    json_string(p->runner_version));
	if (m && p->as_original)
		json_object_set_new(m, "as_original",
				    json_string(p->as_original));
	if (m && p->recovered)
		json_object_set(m, "recovered", p->recovered);
	if (m && p->busy_at_start)
		json_object_set(m, "busy_at_start", p->busy_at_start);
	if (m && p->build_patch)
		json_object_set(m, "build_patch", p->build_patch);
	text = m ? json_dumps(m, JSON_INDENT(2) | JSON_SORT_KEYS) : NULL;
	json_decref(m);
	if (!text)
		return pr_error("cannot encode the manifest of '%s'",
				p->run_id);
	*out = pr_asprintf("%s\n", text);
	free(text);
	return PR_OK;
}

/* The string at o.a (o.a.b when b), or NULL. */
static const char *str(json_t *o, const char *a, const char *b)
{
	json_t *v = json_object_get(o, a);

	return json_string_value(b ? json_object_get(v, b) : v);
}

/* The integer at o.key into *out: 1, or 0 (and *out 0) when none. */
static int integer(json_int_t *out, json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	*out = json_is_integer(v) ? json_integer_value(v) : 0;
	return json_is_integer(v);
}

void pr_manifest_parse(pr_manifest *out, json_t *json)
{
	json_t *pin, *sched, *ar, *wl;

	memset(out, 0, sizeof(*out));
	out->json = json_incref(json);
	out->run_id = str(json, "run_id", NULL);
	out->experiment = str(json, "experiment", NULL);
	out->status = str(json, "status", NULL);
	out->started = str(json, "started", NULL);
	out->finished = str(json, "finished", NULL);
	out->reason = str(json, "reason", NULL);
	out->version = str(json, "prereg_version", NULL);
	out->runner_version = str(json, "runner_version", NULL);
	out->as_original = str(json, "as_original", NULL);
	pin = out->pin.json = json_object_get(json, "pin");
	out->pin.commit = str(pin, "commit", NULL);
	out->pin.tag = str(pin, "tag", NULL);
	out->pin.commit_time_utc = str(pin, "commit_time_utc", NULL);
	out->pin.spec_blob = str(pin, "spec_blob", NULL);
	out->pin.prediction_blob = str(pin, "prediction_blob", NULL);
	out->pin.has_k = integer(&out->pin.k, pin, "k");
	out->pin.has_commit_time =
	    integer(&out->pin.commit_time, pin, "commit_time");
	sched = out->schedule.json = json_object_get(json, "schedule");
	out->schedule.seed = str(sched, "seed", NULL);
	out->schedule.order = json_object_get(sched, "order");
	integer(&out->schedule.launches, sched, "launches");
	integer(&out->schedule.reps, sched, "reps");
	integer(&out->schedule.warmup, sched, "warmup");
	out->configs = json_object_get(json, "configs");
	out->launches = json_object_get(json, "launches");
	out->launcher = str(json, "environment", "launcher");
	ar = out->archive.json = json_object_get(json, "archive");
	out->archive.file = str(ar, "file", NULL);
	out->archive.sha256 = str(ar, "sha256", NULL);
	integer(&out->archive.bytes, ar, "bytes");
	integer(&out->archive.gz_bytes, ar, "gz_bytes");
	integer(&out->archive.rows, ar, "rows");
	out->ledger.prev = str(json, "ledger", "prev");
	wl = out->workload.json = json_object_get(json, "workload");
	out->workload.name = str(wl, "name", NULL);
	out->workload.has_ranks = integer(&out->workload.ranks, wl, "ranks");
	integer(&out->workload.rows, wl, "rows");
	integer(&out->workload.keys, wl, "keys");
	integer(&out->workload.d, wl, "d");
}

int pr_manifest_read(pr_manifest *out, const char *path)
{
	json_error_t jerr;
	json_t *json = NULL;
	char *text = NULL;
	size_t len;
	int error;

	if ((error = pr_read_file(&text, &len, path, PR_READ_MAX)) == 0 &&
	    !(json = json_loadb(text, len, 0, &jerr)))
		error = pr_error("cannot read '%s': %s (line %d)", path,
				 jerr.text, jerr.line);
	pr_manifest_parse(out, json);
	json_decref(json);
	free(text);
	return error;
}

json_t *pr_json_read(const char *path, size_t max, json_error_t *err)
{
	json_t *json = NULL;
	char *text = NULL;
	size_t len;
	pr_error_scope s;
	int error;

	pr_error_record(&s);
	error = pr_read_file(&text, &len, path, max);
	pr_error_restore(&s);
	if (error == 0)
		json = json_loadb(text, len, 0, err);
	else if (err)
		snprintf(err->text, sizeof(err->text), "%.*s",
			 (int)sizeof(err->text) - 1, s.last);
	free(text);
	return json;
}

const char *pr_manifest_config(const pr_manifest *m, size_t config,
			       const char *key)
{
	return str(json_array_get(m->configs, config), key, NULL);
}

void pr_manifest_free(pr_manifest *m)
{
	if (!m)
		return;
	json_decref(m->json);
	memset(m, 0, sizeof(*m));
}

/* workload command: the record of what ran (run/command.h), or NULL. */
json_t *pr_manifest_command(const json_t *m)
{
	return json_object_get(json_object_get(m, "workload"), "command");
}

/* The program as the record names it: "PATH sha256 HEX12 (PACKAGE
 * VERSION)", or "not recorded". */
char *pr_manifest_program(const json_t *m)
{
	json_t *c = pr_manifest_command(m),
	       *pkg = json_object_get(c, "package");
	const char *path = json_string_value(json_object_get(c, "path"));
	const char *sha = json_string_value(json_object_get(c, "sha256"));

	if (!path)
		return pr_strdup("not recorded");
	if (json_is_object(pkg))
		return pr_asprintf(
		    "%s sha256 %.12s (%s %s)", path, sha ? sha : "unreadable",
		    json_string_value(json_object_get(pkg, "name")),
		    json_string_value(json_object_get(pkg, "version")));
	return pr_asprintf("%s sha256 %.12s", path, sha ? sha : "unreadable");
}

char *pr_manifest_program_version(const json_t *m)
{
	json_t *v = json_object_get(pr_manifest_command(m), "version");
	const char *out = json_string_value(json_object_get(v, "output"));
	size_t n;

	if (!out)
		return pr_strdup("not recorded");
	n = strcspn(out, "\n");
	return pr_asprintf("%.*s%s", (int)(n > 120 ? 120 : n), out,
			   out[n] && out[n + 1] ? " ..." : "");
}

/* The libraries as one digest: "N files, sha256 of their list HEX12" (the
 * list: each file's path and SHA-256, in the record's order), or "not
 * recorded". */
char *pr_manifest_libraries(const json_t *m)
{
	json_t *libs = json_object_get(pr_manifest_command(m), "libraries"), *f;
	pr_sha256 *h;
	char hex[65];
	size_t i;

	if (!json_is_array(libs))
		return pr_strdup("not recorded");
	h = pr_sha256_new();
	json_array_foreach(libs, i, f)
	{
		const char *p = json_string_value(json_object_get(f, "path"));
		const char *s = json_string_value(json_object_get(f, "sha256"));

		pr_sha256_update(h, p ? p : "", p ? strlen(p) : 0);
		pr_sha256_update(h, " ", 1);
		pr_sha256_update(h, s ? s : "-", s ? strlen(s) : 1);
		pr_sha256_update(h, "\n", 1);
	}
	pr_sha256_final(h, hex);
	return pr_asprintf("%zu files, sha256 of their list %.12s",
			   json_array_size(libs), hex);
}
