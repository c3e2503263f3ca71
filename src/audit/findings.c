/* findings.c - what prereg audit sees across runs and commits (DESIGN 2,
 * audit): re-pins after runs, replayed samples, calibration runs that are
 * gone or broken, runs and ledger lines removed from the history */
#include "audit/audit-internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/manifest.h"
#include "repo/paths.h"
#include "base/util.h"

/* What the findings keep of one audited run. */
typedef struct {
	char *experiment, *run_id;
	char *pred_blob; /* the manifest's pin.prediction_blob, or NULL */
	int pin_k;	 /* the manifest's pin.k, 0 when none */
	int committed;	 /* commit is the commit that added the run */
	git_oid commit;
	/* workload command: the program and libraries that ran, in words
	 * (format/manifest.h), NULL for other workloads */
	char *program, *libraries;
} seen_run;

struct pr_audit_seen {
	seen_run *run;
	size_t nruns, cap;
	pr_audit_print *print; /* of every run, .run its index */
	size_t nprints;
};

pr_audit_seen *pr_audit_seen_new(void)
{
	return pr_calloc(1, sizeof(pr_audit_seen));
}

void pr_audit_seen_free(pr_audit_seen *seen)
{
	size_t i;

	if (!seen)
		return;
	for (i = 0; i < seen->nruns; i++) {
		free(seen->run[i].experiment);
		free(seen->run[i].run_id);
		free(seen->run[i].pred_blob);
		free(seen->run[i].program);
		free(seen->run[i].libraries);
	}
	free(seen->run);
	free(seen->print);
	free(seen);
}

void pr_audit_seen_run(pr_audit_seen *seen, const pr_audit_state *s)
{
	pr_audit_print *p = NULL;
	seen_run *r;
	size_t n = 0, i;

	if (!seen)
		return;
	if (seen->nruns == seen->cap) {
		seen->cap = seen->cap ? 2 * seen->cap : 64;
		seen->run = pr_realloc(seen->run, seen->cap * sizeof(*r));
	}
	r = &seen->run[seen->nruns];
	memset(r, 0, sizeof(*r));
	r->experiment = pr_strdup(s->ctx->name);
	r->run_id = pr_strdup(s->run_id);
	if (s->m.json && s->m.pin.prediction_blob)
		r->pred_blob = pr_strdup(s->m.pin.prediction_blob);
	if (s->m.json && s->m.pin.has_k && s->m.pin.k > 0 &&
	    s->m.pin.k < 1000000)
		r->pin_k = (int)s->m.pin.k;
	if ((r->committed = s->run_commit != NULL))
		git_oid_cpy(&r->commit, s->run_commit);
	if (s->m.json && pr_manifest_command(s->m.json)) {
		r->program = pr_manifest_program(s->m.json);
		r->libraries = pr_manifest_libraries(s->m.json);
	}
	if (s->have_rows)
		n = pr_audit_prints(&p, s->t.row, s->t.nrows);
	if (n) {
		seen->print = pr_realloc(seen->print, (seen->nprints + n) *
							  sizeof(*seen->print));
		for (i = 0; i < n; i++) {
			p[i].run = seen->nruns;
			seen->print[seen->nprints++] = p[i];
		}
	}
	free(p);
	seen->nruns++;
}

/* ---- the list ---- */

static void add(pr_audit *a, const char *kind, const char *experiment,
		const char *run_id, int fails, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

static void add(pr_audit *a, const char *kind, const char *experiment,
		const char *run_id, int fails, const char *fmt, ...)
{
	pr_audit_finding *f;
	va_list ap;

	a->finding =
	    pr_realloc(a->finding, (a->nfindings + 1) * sizeof(*a->finding));
	f = &a->finding[a->nfindings++];
	f->kind = pr_strdup(kind);
	f->experiment = pr_strdup(experiment);
	f->run_id = run_id ? pr_strdup(run_id) : NULL;
	f->fails = fails;
	va_start(ap, fmt);
	if (vasprintf(&f->text, fmt, ap) < 0) {
		fputs("prereg: out of memory\n", stderr);
		abort();
	}
	va_end(ap);
}

/* The row of EXP/RUNID, or NULL. */
static pr_audit_run *row_of(pr_audit *a, const char *experiment,
			    const char *run_id)
{
	size_t i;

	for (i = 0; i < a->nruns; i++) {
		if (!strcmp(a->run[i].experiment, experiment) &&
		    !strcmp(a->run[i].run_id, run_id))
			return &a->run[i];
	}
	return NULL;
}

/* A failing finding names the run: it is graded broken. */
static void mark(pr_audit *a, const char *experiment, const char *run_id)
{
	pr_audit_run *r = run_id ? row_of(a, experiment, run_id) : NULL;

	if (r)
		r->found_broken = 1;
}

static int audited(const pr_audit *a, const char *experiment)
{
	size_t i;

	for (i = 0; i < a->nexps; i++) {
		if (!strcmp(a->exp[i].experiment, experiment))
			return 1;
	}
	return 0;
}

static const char *hex(char buf[GIT_OID_HEXSZ + 1], const git_oid *id)
{
	return git_oid_tostr(buf, GIT_OID_HEXSZ + 1, id);
}

/* ---- re-pin ---- */

/*
 * Pin K of NAME (commit pin) made after runs of earlier pins: a note. A
 * run counts unless its commit descends from the pin (ancestry proves it
 * later): those the pin descends from, and those on a line beside it (a
 * pin made on a branch and merged could have seen the runs of the other
 * parent; nothing but dates orders them).
 */
static void repin(pr_audit *a, pr_audit_ctx *ctx, const char *name, int k,
		  const git_oid *pin)
{
	const pr_audit_seen *seen = ctx->seen;
	size_t i, n = 0, beside = 0;

	for (i = 0; i < seen->nruns; i++) {
		const seen_run *r = &seen->run[i];

		if (strcmp(r->experiment, name) || r->pin_k <= 0 ||
		    r->pin_k >= k || !r->committed ||
		    pr_history_descends(ctx->history, &r->commit, pin))
			continue;
		if (pr_history_descends(ctx->history, pin, &r->commit))
			n++;
		else
			beside++;
	}
	if (n && !beside)
		add(a, "re-pin", name, NULL, 0,
		    "pin %d made after %zu run%s of earlier pins (the new "
		    "prediction may have seen their data)",
		    k, n, n == 1 ? "" : "s");
	else if (beside)
		add(a, "re-pin", name, NULL, 0,
		    "pin %d made after %zu run%s of earlier pins and beside "
		    "%zu more (on a line merged with it or apart: no ancestry "
		    "orders them; the new prediction may have seen their "
		    "data)",
		    k, n, n == 1 ? "" : "s", beside);
}

static void find_repins(pr_audit *a, pr_audit_ctx *ctx)
{
	size_t i, n = pr_history_npins(ctx->history);
	const git_oid *commit;
	const char *name;
	int k;

	for (i = 0; i < n; i++) {
		name = pr_history_pin_at(ctx->history, i, &k, &commit);
		if (k > 1 && audited(a, name))
			repin(a, ctx, name, k, commit);
	}
}

/* ---- replayed ---- */

/* Was run x committed after run y? By ancestry, else by run id (the
 * UTC time it started); a run not committed comes after one that is. */
static int later(pr_audit_ctx *ctx, const seen_run *x, const seen_run *y)
{
	if (x->committed && y->committed) {
		if (pr_history_descends(ctx->history, &x->commit, &y->commit))
			return 1;
		if (pr_history_descends(ctx->history, &y->commit, &x->commit))
			return 0;
	} else if (x->committed != y->committed) {
		return !x->committed;
	}
	return strcmp(x->run_id, y->run_id) > 0;
}

/* The prints of run `by` that repeat run `of`'s: the first pair, and how
 * many. */
typedef struct {
	size_t by, of;
	const pr_audit_print *mine, *theirs;
	size_t n;
} replay_pair;

static void find_replays(pr_audit *a, pr_audit_ctx *ctx)
{
	const pr_audit_seen *seen = ctx->seen;
	pr_audit_replay *r = NULL;
	replay_pair *pair = NULL;
	size_t n = pr_audit_replays(&r, seen->print, seen->nprints);
	size_t npairs = 0, i, k;

	for (i = 0; i < n; i++) {
		const pr_audit_print *p = &seen->print[r[i].first];
		const pr_audit_print *q = &seen->print[r[i].second];

		if (!later(ctx, &seen->run[q->run], &seen->run[p->run])) {
			const pr_audit_print *t = p;

			p = q;
			q = t;
		}
		for (k = 0; k < npairs; k++) {
			if (pair[k].by == q->run && pair[k].of == p->run)
				break;
		}
		if (k == npairs) {
			pair = pr_realloc(pair, ++npairs * sizeof(*pair));
			pair[k] = (replay_pair){q->run, p->run, q, p, 0};
		}
		pair[k].n++;
	}
	for (k = 0; k < npairs; k++) {
		const seen_run *by = &seen->run[pair[k].by];
		const seen_run *of = &seen->run[pair[k].of];
		const pr_audit_print *m = pair[k].mine, *t = pair[k].theirs;
		char *more =
		    pair[k].n > 1
			? pr_asprintf(" (and %zu more ranks or blocks)",
				      pair[k].n - 1)
			: pr_strdup("");

		add(a, "replayed", by->experiment, by->run_id, 1,
		    "samples of launch %d config %d rank %d (%zu samples) "
		    "repeat run %s/%s launch %d config %d rank %d%s",
		    m->launch, m->config, m->rank, m->nsamples, of->experiment,
		    of->run_id, t->launch, t->config, t->rank, more);
		mark(a, by->experiment, by->run_id);
		free(more);
	}
	free(pair);
	free(r);
}

/* ---- removed ---- */

/* HEAD's runs/NAME into *tree (NULL when none), unless *name is it. */
static void head_runs_of(git_tree **tree, char **was, const pr_audit_ctx *ctx,
			 const char *name)
{
	char *path;
	git_tree_entry *e = NULL;

	if (*was && !strcmp(*was, name))
		return;
	free(*was);
	*was = pr_strdup(name);
	git_tree_free(*tree);
	*tree = NULL;
	path = pr_asprintf("runs/%s", name);
	if (ctx->head_tree &&
	    git_tree_entry_bypath(&e, ctx->head_tree, path) == 0 &&
	    git_tree_entry_type(e) == GIT_OBJECT_TREE &&
	    git_tree_lookup(tree, ctx->repo, git_tree_entry_id(e)) < 0)
		*tree = NULL;
	git_error_clear();
	git_tree_entry_free(e);
	free(path);
}

/* A run only commits off HEAD added (commit, on ref `where`): an attempt
 * HEAD's analysis does not count (I3), a failure. Its row, checked at the
 * ref, keeps the grade its own checks give. */
static void off_head(pr_audit *a, pr_audit_ctx *ctx, const char *name,
		     const char *run_id, const git_oid *commit,
		     const char *where, const git_oid *tip)
{
	char id[GIT_OID_HEXSZ + 1];

	add(a, "off-head", name, run_id, 1,
	    "runs/%s/%s was committed in %s on %s%s, not in HEAD: HEAD's "
	    "analysis does not count this attempt (merge %s into HEAD)",
	    name, run_id, hex(id, commit), where,
	    pr_audit_commit_holds(ctx->repo, tip, name, run_id)
		? ""
		: " and is gone from its tip",
	    where);
}

/* Every run that some commit of HEAD added is still in HEAD, and every
 * other is an off-head attempt (the additions come sorted, so each
 * experiment's runs/NAME of HEAD is read once). */
static void find_removed_runs(pr_audit *a, pr_audit_ctx *ctx)
{
	size_t i, n = pr_history_nadded(ctx->history);
	char id[GIT_OID_HEXSZ + 1], *was = NULL;
	git_tree *runs = NULL;

	for (i = 0; i < n; i++) {
		const git_oid *commit;
		const char *key = pr_history_added_at(ctx->history, i, &commit);
		const char *slash = strchr(key, '/');
		char *name = pr_asprintf("%.*s", (int)(slash - key), key);
		char *path = pr_asprintf("%s/" PR_MANIFEST_FILE, slash + 1);
		git_tree_entry *e = NULL;
		const git_oid *tip = NULL;
		const char *where =
		    pr_history_where(ctx->history, commit, &tip);

		if (where && audited(a, name)) {
			off_head(a, ctx, name, slash + 1, commit, where, tip);
		} else if (audited(a, name)) {
			head_runs_of(&runs, &was, ctx, name);
			if (!runs || git_tree_entry_bypath(&e, runs, path) < 0)
				add(a, "removed", name, slash + 1, 1,
				    "runs/%s was committed in %s and is gone "
				    "from HEAD",
				    key, hex(id, commit));
		}
		git_error_clear();
		git_tree_entry_free(e);
		free(path);
		free(name);
	}
	git_tree_free(runs);
	free(was);
}

/* Every ledger line a commit took out of its parent's ledger. */
static void find_removed_lines(pr_audit *a, pr_audit_ctx *ctx)
{
	size_t i, n = pr_history_nlosses(ctx->history);
	char id[GIT_OID_HEXSZ + 1];

	for (i = 0; i < n; i++) {
		const pr_history_loss *l = pr_history_loss_at(ctx->history, i);

		if (!audited(a, l->name))
			continue;
		add(a, "removed", l->name, *l->run_id ? l->run_id : NULL, 1,
		    "runs/%s/ledger.jsonl loses line %zu (%s%s) in commit %s",
		    l->name, l->line,
		    *l->run_id ? "run " : "a line naming no run", l->run_id,
		    hex(id, &l->commit));
		if (*l->run_id)
			mark(a, l->name, l->run_id);
	}
}

/* ---- calibration ---- */

/* Is the audited row EXP/RUNID broken (a check or a finding fails)? */
static int broken(const pr_audit_run *r)
{
	int k;

	for (k = 0; k < PR_NCHECKS; k++) {
		if (r->check[k].result == PR_AUDIT_FAIL)
			return 1;
	}
	return r->found_broken;
}

/* archive.sha256 of HEAD's runs/EXP/RUNID/manifest.json into *sha (caller
 * frees; NULL when it records none); -1 when HEAD lacks the manifest. */
static int head_archive_sha(char **sha, const pr_audit_ctx *ctx,
			    const char *path)
{
	git_tree_entry *e = NULL;
	git_blob *b = NULL;
	json_t *m = NULL;
	const char *s;
	int error = -1;

	*sha = NULL;
	if (ctx->head_tree &&
	    git_tree_entry_bypath(&e, ctx->head_tree, path) == 0 &&
	    git_tree_entry_type(e) == GIT_OBJECT_BLOB &&
	    git_blob_lookup(&b, ctx->repo, git_tree_entry_id(e)) == 0) {
		error = 0;
		m = json_loadb(git_blob_rawcontent(b),
			       (size_t)git_blob_rawsize(b), 0, NULL);
		s = json_string_value(
		    json_object_get(json_object_get(m, "archive"), "sha256"));
		if (s)
			*sha = pr_strdup(s);
	}
	git_error_clear();
	json_decref(m);
	git_blob_free(b);
	git_tree_entry_free(e);
	return error;
}

/* The calibration c (model.calibration or model.comm_calibration) of the
 * prediction `what` of experiment `name`. */
static void check_calibration(pr_audit *a, pr_audit_ctx *ctx, const char *name,
			      const char *what, json_t *c)
{
	const char *cx = json_string_value(json_object_get(c, "experiment"));
	const char *id = json_string_value(json_object_get(c, "run_id"));
	const char *want =
	    json_string_value(json_object_get(c, "archive_sha256"));
	char *path, *sha = NULL;
	pr_audit_run *row;

	if (!cx || !id || !want) {
		add(a, "calibration", name, NULL, 1,
		    "%s names its calibration run without experiment, run_id "
		    "and archive_sha256",
		    what);
		return;
	}
	path = pr_asprintf("runs/%s/%s/" PR_MANIFEST_FILE, cx, id);
	if (head_archive_sha(&sha, ctx, path) < 0)
		add(a, "calibration", name, NULL, 1,
		    "%s takes its parameters from calibration run %s/%s, "
		    "which HEAD does not hold (no %s)",
		    what, cx, id, path);
	else if (!sha || strcmp(sha, want))
		add(a, "calibration", name, NULL, 1,
		    "%s takes its parameters from calibration run %s/%s, "
		    "whose manifest records archive sha256 %.12s..., the "
		    "prediction %.12s...",
		    what, cx, id, sha ? sha : "(none)", want);
	else if (!audited(a, cx))
		add(a, "calibration", name, NULL, 0,
		    "%s takes its parameters from calibration run %s/%s: not "
		    "audited here (run 'prereg audit %s')",
		    what, cx, id, cx);
	else if (!(row = row_of(a, cx, id)) || broken(row))
		add(a, "calibration", name, NULL, 1,
		    "%s takes its parameters from calibration run %s/%s, "
		    "which %s",
		    what, cx, id,
		    row ? "this audit grades broken"
			: "the work tree does not hold");
	free(sha);
	free(path);
}

/* o[key] as a string, "" when it is none. */
static const char *member(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

/* A derived pin's lineage (repro --recalibrate): the pin its prediction
 * was made again from and that pin's reference run. */
static void derived_from(pr_audit *a, const char *name, const char *what,
			 json_t *d)
{
	if (!json_is_object(d))
		return;
	add(a, "derived", name, NULL, 0,
	    "%s is derived from pin %s (commit %.12s): predicted again with "
	    "the same spec and model from new calibration runs (named "
	    "below), against the reference run %s",
	    what, member(d, "pin"), member(d, "commit"),
	    json_is_string(json_object_get(d, "reference_run"))
		? member(d, "reference_run")
		: "(none)");
}

/* The calibrations of the prediction blob `blob` (hex) of NAME, each once
 * (done: "EXP/RUNID/SHA" of those checked already). */
static void blob_calibrations(pr_audit *a, pr_audit_ctx *ctx, const char *name,
			      const char *blob, const char *what, json_t *done)
{
	static const char *const keys[] = {"calibration", "comm_calibration"};
	git_oid id;
	git_blob *b = NULL;
	json_t *pred = NULL, *c;
	size_t i;

	if (git_oid_fromstr(&id, blob) < 0 ||
	    git_blob_lookup(&b, ctx->repo, &id) < 0) {
		git_error_clear();
		return; /* the blobs check says why */
	}
	pred = json_loadb(git_blob_rawcontent(b), (size_t)git_blob_rawsize(b),
			  0, NULL);
	derived_from(a, name, what, json_object_get(pred, "derived_from"));
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		char *key;

		c = json_object_get(json_object_get(pred, "model"), keys[i]);
		if (!json_is_object(c))
			continue;
		key = pr_asprintf("%s/%s/%s", member(c, "experiment"),
				  member(c, "run_id"),
				  member(c, "archive_sha256"));
		if (!json_object_get(done, key)) {
			json_object_set_new(done, key, json_true());
			check_calibration(a, ctx, name, what, c);
		}
		free(key);
	}
	json_decref(pred);
	git_blob_free(b);
}

/* The predictions of NAME that the audited runs are pinned to, and
 * HEAD's. */
static void find_calibrations(pr_audit *a, pr_audit_ctx *ctx, const char *name)
{
	const pr_audit_seen *seen = ctx->seen;
	char *path = pr_path_prediction(NULL, name), blob[GIT_OID_HEXSZ + 1];
	json_t *done = json_object(), *blobs = json_object();
	git_tree_entry *e = NULL;
	size_t i;

	for (i = 0; i < seen->nruns; i++) {
		const seen_run *r = &seen->run[i];
		char *what;

		if (strcmp(r->experiment, name) || !r->pred_blob ||
		    json_object_get(blobs, r->pred_blob))
			continue;
		json_object_set_new(blobs, r->pred_blob, json_true());
		what = pr_asprintf("the prediction of pin %d", r->pin_k);
		blob_calibrations(a, ctx, name, r->pred_blob, what, done);
		free(what);
	}
	if (ctx->head_tree &&
	    git_tree_entry_bypath(&e, ctx->head_tree, path) == 0 &&
	    !json_object_get(blobs, hex(blob, git_tree_entry_id(e))))
		blob_calibrations(a, ctx, name, blob, "HEAD's prediction",
				  done);
	git_error_clear();
	git_tree_entry_free(e);
	json_decref(done);
	json_decref(blobs);
	free(path);
}

/* ---- all of them ---- */

/* ---- symbolic links ---- */

/* The top directories whose files prereg reads or writes. */
static const char *const linked_dirs[] = {"runs", "analysis", "predictions",
					  "experiments"};

/* The experiment a path under one of linked_dirs names: its second
 * component (without ".json" under predictions/), else the first. */
static char *experiment_of(const char *path)
{
	const char *a = strchr(path, '/'), *b;
	size_t n;

	if (!a || !a[1])
		return pr_strdup(path);
	a++;
	b = strchr(a, '/');
	n = b ? (size_t)(b - a) : strlen(a);
	if (!b && !strncmp(path, "predictions/", 12) && n > 5 &&
	    !strcmp(a + n - 5, ".json"))
		n -= 5;
	return pr_asprintf("%.*s", (int)n, a);
}

/* A FAIL for a directory of runs/, experiments/ or analysis/ (root) whose
 * name is no experiment name: no command reads it (nor does the listing
 * of experiments the audit makes), so what it holds would count nowhere. */
static void bad_name(pr_audit *a, const char *root, const char *name)
{
	if (strcmp(root, "runs/") && strcmp(root, "experiments/") &&
	    strcmp(root, "analysis/"))
		return;
	if (!pr_name_valid(name))
		add(a, "name", name, NULL, 1,
		    "%s%s is no experiment name (letters, digits, '-', '_' "
		    "and '.', at most 64, no leading '.' or '-', no '..'): "
		    "no command but the audit takes it, so nothing it holds "
		    "is analysed",
		    root, name);
}

static int link_cb(const char *root, const git_tree_entry *e, void *payload)
{
	pr_audit *a = payload;
	const char *name = git_tree_entry_name(e);
	char *path, *exp;
	size_t i;

	if (!*root) {
		for (i = 0; i < sizeof(linked_dirs) / sizeof(*linked_dirs); i++)
			if (!strcmp(name, linked_dirs[i]))
				break;
		if (i == sizeof(linked_dirs) / sizeof(*linked_dirs))
			return 1; /* not looked into */
	}
	if (git_tree_entry_filemode(e) != GIT_FILEMODE_LINK) {
		bad_name(a, root, name);
		return 0;
	}
	path = pr_asprintf("%s%s", root, name);
	exp = experiment_of(path);
	add(a, "symlink", exp, NULL, 1,
	    "%s is a symbolic link: its target is outside the record, and "
	    "prereg neither opens a file that is one, nor lists a directory "
	    "that is one, nor writes through one",
	    path);
	free(exp);
	free(path);
	return 0;
}

/* A FAIL for every symbolic link HEAD holds under runs/, analysis/,
 * predictions/ or experiments/ (the directories themselves included), and
 * for every directory there whose name no command reads (bad_name). */
static void find_links(pr_audit *a, pr_audit_ctx *ctx)
{
	if (ctx->head_tree &&
	    git_tree_walk(ctx->head_tree, GIT_TREEWALK_PRE, link_cb, a) < 0)
		git_error_clear();
}

static int by_experiment_kind_run(const void *x, const void *y)
{
	const pr_audit_finding *a = x, *b = y;
	int c = strcmp(a->experiment, b->experiment);

	if (!c)
		c = strcmp(a->kind, b->kind);
	if (!c)
		c = strcmp(a->run_id ? a->run_id : "",
			   b->run_id ? b->run_id : "");
	return c ? c : strcmp(a->text, b->text);
}

/* Workload command: a run whose program or libraries differ from those
 * of the experiment's first run seen with them recorded (a note: a
 * rerun on another binary measures that binary). */
static void find_binaries(pr_audit *a, pr_audit_ctx *ctx)
{
	const pr_audit_seen *seen = ctx->seen;
	size_t i, j;

	for (i = 0; i < seen->nruns; i++) {
		const seen_run *r = &seen->run[i], *first = NULL;

		if (!r->program || !audited(a, r->experiment))
			continue;
		for (j = 0; j < i && !first; j++)
			if (seen->run[j].program &&
			    !strcmp(seen->run[j].experiment, r->experiment))
				first = &seen->run[j];
		if (!first)
			continue;
		if (strcmp(first->program, r->program))
			add(a, "binary", r->experiment, r->run_id, 0,
			    "run %s ran another program than run %s (%s, "
			    "not %s): a rerun on another binary measures "
			    "that binary",
			    r->run_id, first->run_id, r->program,
			    first->program);
		else if (strcmp(first->libraries, r->libraries))
			add(a, "binary", r->experiment, r->run_id, 0,
			    "run %s's ranks mapped other libraries than run "
			    "%s's (%s, not %s): the same program over "
			    "another MPI or system library",
			    r->run_id, first->run_id, r->libraries,
			    first->libraries);
	}
}

void pr_audit_find(pr_audit *a, pr_audit_ctx *ctx)
{
	size_t i;

	if (!ctx->seen || !ctx->history)
		return;
	find_removed_runs(a, ctx);
	find_removed_lines(a, ctx);
	find_replays(a, ctx);
	find_repins(a, ctx);
	find_links(a, ctx);
	find_binaries(a, ctx);
	for (i = 0; i < a->nexps; i++)
		find_calibrations(a, ctx, a->exp[i].experiment);
	if (a->nfindings)
		qsort(a->finding, a->nfindings, sizeof(*a->finding),
		      by_experiment_kind_run);
}

json_t *pr_audit_findings_json(const pr_audit *a)
{
	json_t *out = json_array();
	size_t i;

	for (i = 0; i < a->nfindings; i++) {
		const pr_audit_finding *f = &a->finding[i];

		json_array_append_new(
		    out,
		    json_pack("{s:s, s:s, s:o, s:s, s:s}", "finding", f->kind,
			      "experiment", f->experiment, "run_id",
			      f->run_id ? json_string(f->run_id) : json_null(),
			      "severity", f->fails ? "fail" : "note", "text",
			      f->text));
	}
	return out;
}

void pr_audit_findings_free(pr_audit *a)
{
	size_t i;

	for (i = 0; i < a->nfindings; i++) {
		free(a->finding[i].kind);
		free(a->finding[i].experiment);
		free(a->finding[i].run_id);
		free(a->finding[i].text);
	}
	free(a->finding);
	a->finding = NULL;
	a->nfindings = 0;
}
