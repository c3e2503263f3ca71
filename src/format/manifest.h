/* manifest.h - runs/NAME/RUNID/manifest.json (DESIGN.md 4): one builder per
 * section for the run that writes it, and the typed reader for those that
 * read it */
#ifndef PR_MANIFEST_H
#define PR_MANIFEST_H

#include <jansson.h>

#include "base/schedule.h"
#include "format/archive.h"
#include "format/spec.h"
#include "repo/pin.h"

/*
 * The sections. Each returns a new reference (NULL only when memory is
 * gone); nothing is borrowed from the arguments.
 */
/* {commit, tag, k, commit_time, commit_time_utc, spec_blob,
 * prediction_blob} */
/*
 * The JSON document in the file at path, read as pr_read_file reads (no
 * symbolic link, a regular file of at most max bytes), or NULL with the
 * reason in *err (may be NULL; its text only), printing nothing. New
 * reference.
 */
json_t *pr_json_read(const char *path, size_t max, json_error_t *err);

json_t *pr_manifest_pin(const pr_pin *pin);
/* {seed, seed_from, launches, reps, warmup, quick, order: [{launch, config,
 * seed}]}; seeds as decimal strings (64 bits do not fit a JSON number). */
json_t *pr_manifest_schedule(const pr_schedule *sched, int launches, int reps,
			     int warmup, int quick);
/* [{config, transport, placement}] for every config of the spec's grid. */
json_t *pr_manifest_configs(const pr_spec *spec);
/* The host's environment (pr_envcap_host's object, stolen) with the
 * launcher added. */
json_t *pr_manifest_environment(json_t *host, const char *launcher);
/* {file, bytes, gz_bytes, sha256, rows} of the run's archive. */
json_t *pr_manifest_archive(const pr_archive_info *ai);
/* {file, prev}: the ledger and the tip the run's ledger line chains to. */
json_t *pr_manifest_ledger(const char *prev);
/* {name, ranks, rows, keys, d, launch: {threads_per_block,
 * rows_per_block, blocks_per_thread}} of the spec's workload. */
json_t *pr_manifest_workload(const pr_spec *spec);
/* {by, at, lost_pid, lost_host, launches_kept} of a recovered run;
 * lost_pid and lost_host are copied as they are (any JSON, may be NULL). */
json_t *pr_manifest_recovered(const char *at, json_t *lost_pid,
			      json_t *lost_host, size_t launches_kept);

/* What a manifest is made of; the json_t members are borrowed. */
typedef struct {
	const char *run_id, *experiment, *status;
	const char *started, *finished; /* UTC, ISO 8601 */
	const char *version;		/* prereg's, git describe */
	/* a run made --as-original: its runner's git describe and the run
	 * it reproduces; both NULL otherwise */
	const char *runner_version, *as_original;
	json_t *pin, *schedule, *configs, *launches, *environment;
	json_t *archive, *ledger, *workload;
	const char *reason;    /* NULL for a complete run */
	json_t *recovered;     /* NULL unless recovered */
	json_t *busy_at_start; /* NULL when not recorded (DESIGN 7) */
	/* {path, sha256, files}: the uncommitted measuring code the run was
	 * made with (--allow-dirty, DESIGN 3), NULL when none */
	json_t *build_patch;
} pr_manifest_parts;

/*
 * The manifest's bytes: the object of `p`, 2-space indent, keys sorted,
 * and a newline (caller frees *out). PR_EFAIL when it cannot be encoded.
 */
int pr_manifest_dump(char **out, const pr_manifest_parts *p);

/*
 * A manifest as read. Strings are NULL when the key is absent or holds no
 * string, numbers 0 (and the has_ flag 0) when absent or no integer; every
 * pointer is borrowed from `json`, which the manifest owns.
 */
typedef struct pr_manifest {
	json_t *json; /* the whole value read, NULL when none */
	const char *run_id, *experiment, *status, *started, *finished;
	const char *reason; /* NULL when absent */
	/* prereg_version; runner_version and as_original of a run made
	 * --as-original, else NULL */
	const char *version, *runner_version, *as_original;
	struct {
		json_t *json; /* the section itself, NULL when absent */
		const char *commit, *tag, *commit_time_utc;
		const char *spec_blob, *prediction_blob;
		json_int_t k, commit_time;
		int has_k, has_commit_time;
	} pin;
	struct {
		json_t *json;
		const char *seed; /* decimal */
		json_t *order;	  /* array of {launch, config, seed} */
		json_int_t launches, reps, warmup;
	} schedule;
	json_t *configs;  /* array of {config, transport, placement} */
	json_t *launches; /* array of launch records */
	const char *launcher;
	struct {
		json_t *json;
		const char *file, *sha256;
		json_int_t bytes, gz_bytes, rows;
	} archive;
	struct {
		const char *prev;
	} ledger;
	struct {
		json_t *json;
		const char *name;
		json_int_t ranks, rows, keys, d;
		int has_ranks;
	} workload;
} pr_manifest;

/*
 * Read the manifest at `path`: PR_EFAIL, printing "cannot read 'PATH':
 * why (line N)", when it is no JSON; JSON that is not an object reads as
 * a manifest without any key. The file is read by pr_read_file: a
 * symbolic link, anything but a regular file or more than PR_READ_MAX
 * bytes is PR_EFAIL too. pr_manifest_free *out afterwards in either
 * case.
 */
int pr_manifest_read(pr_manifest *out, const char *path);
/* Fill out from json (a new reference is taken; NULL or a value that is
 * not an object gives a manifest without any key). */
void pr_manifest_parse(pr_manifest *out, json_t *json);
/* The string of config `config`'s factor `key` (transport, placement), or
 * NULL. */
const char *pr_manifest_config(const pr_manifest *m, size_t config,
			       const char *key);
void pr_manifest_free(pr_manifest *m);

/* workload command: the manifest's record of what ran (workload.command,
 * run/command.h), or NULL; the program as "PATH sha256 HEX12 (PACKAGE
 * VERSION)" and the libraries as "N files, sha256 of their list HEX12"
 * (each "not recorded" without them; the caller frees both). */
json_t *pr_manifest_command(const json_t *m);
char *pr_manifest_program(const json_t *m);
/* The first line (at most 120 bytes, " ..." when more follows) of what
 * the program printed for [command] version, or "not recorded". */
char *pr_manifest_program_version(const json_t *m);
char *pr_manifest_libraries(const json_t *m);

#endif
