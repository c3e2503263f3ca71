/* audit.c - prereg audit: every run's provenance and data checked against
 * git, the ledger and its own manifest (DESIGN 2, I1-I6) */
#include "audit/audit.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repo/lock.h"
#include "audit/audit-internal.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "repo/pin.h"
#include "base/text.h"
#include "base/util.h"

void pr_audit_names_add(pr_audit_names *l, const char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = pr_realloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = pr_strdup(s);
}

int pr_audit_by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort and drop duplicates. */
static void names_sort(pr_audit_names *l)
{
	size_t i, n = 0;

	if (l->n)
		qsort(l->v, l->n, sizeof(*l->v), pr_audit_by_string);
	for (i = 0; i < l->n; i++) {
		if (n && !strcmp(l->v[n - 1], l->v[i]))
			free(l->v[i]);
		else
			l->v[n++] = l->v[i];
	}
	l->n = n;
}

void pr_audit_names_free(pr_audit_names *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Add the n strings of v to l; frees them and v. */
static void names_take(pr_audit_names *l, char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		pr_audit_names_add(l, v[i]);
		free(v[i]);
	}
	free(v);
}

/* Has some commit of any ref added a run of NAME? */
static int in_history(const pr_history *h, const char *name)
{
	size_t i, n = pr_history_nadded(h), len = strlen(name);
	const git_oid *commit;

	for (i = 0; i < n; i++) {
		const char *key = pr_history_added_at(h, i, &commit);

		if (!strncmp(key, name, len) && key[len] == '/')
			return 1;
	}
	return 0;
}

/* The names of the experiments whose runs some commit of any ref added. */
static void history_experiments(pr_audit_names *out, const pr_history *h)
{
	size_t i, n = pr_history_nadded(h);
	const git_oid *commit;

	for (i = 0; i < n; i++) {
		const char *key = pr_history_added_at(h, i, &commit);
		char *name = pr_asprintf("%.*s", (int)strcspn(key, "/"), key);

		/* a name that is no directory below runs/ is left out */
		if (*name && *name != '.')
			pr_audit_names_add(out, name);
		free(name);
	}
}

/* The experiments to audit: those asked for (each must exist in the work
 * tree or have runs in the history) or all. */
static int experiments(pr_audit_names *out, const char *root,
		       const pr_history *h, const char *const *want,
		       size_t nwant)
{
	char *runs = pr_asprintf("%sruns", root);
	char *exps = pr_asprintf("%sexperiments", root);
	size_t i, n;
	int error = PR_OK;

	for (i = 0; i < nwant && error == 0; i++) {
		char *r = pr_asprintf("%s/%s", runs, want[i]);
		char *x = pr_asprintf("%s/%s", exps, want[i]);

		if ((error = pr_name_check(want[i])) == 0 && !is_dir(r) &&
		    !is_dir(x) && !in_history(h, want[i]))
			error = pr_error_code(PR_EINPUT,
					      "unknown experiment '%s' (no "
					      "runs/%s or experiments/%s; see "
					      "'prereg list')",
					      want[i], want[i], want[i]);
		if (error == 0)
			pr_audit_names_add(out, want[i]);
		free(r);
		free(x);
	}
	if (nwant == 0) {
		char **v;

		n = pr_path_list_experiments(&v, root, "runs", 1);
		names_take(out, v, n);
		n = pr_path_list_experiments(&v, root, "experiments", 1);
		names_take(out, v, n);
		history_experiments(out, h);
	}
	names_sort(out);
	free(runs);
	free(exps);
	return error;
}

/* ---- the ledger of an experiment ---- */

/* Order indexes of ledger lines (of the ledger `l`) by run id, then line. */
static int by_run_id(const void *a, const void *b, void *l)
{
	const pr_ledger_line *x =
	    &((const pr_ledger_read *)l)->line[*(const size_t *)a];
	const pr_ledger_line *y =
	    &((const pr_ledger_read *)l)->line[*(const size_t *)b];
	int c = strcmp(x->run_id, y->run_id);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* Read runs/NAME/ledger.jsonl into *l and index it by run id. */
static void read_ledger(pr_audit_ctx *ctx, pr_ledger_read *l)
{
	char *rel = pr_path_ledger(NULL, ctx->name);
	char *path = pr_asprintf("%s%s", ctx->root, rel), *buf = NULL;
	size_t len = 0, i;

	memset(l, 0, sizeof(*l));
	ctx->ledger_exists = access(path, F_OK) == 0;
	if (ctx->ledger_exists &&
	    pr_read_file(&buf, &len, path, PR_READ_MAX) == 0)
		pr_ledger_read_buf(l, buf, len, rel);
	ctx->ledger = l;
	ctx->ledger_by_id = pr_calloc(l->n, sizeof(size_t));
	ctx->nledger_by_id = 0;
	for (i = 0; i < l->n; i++) {
		if (l->line[i].run_id)
			ctx->ledger_by_id[ctx->nledger_by_id++] = i;
	}
	if (ctx->nledger_by_id)
		qsort_r(ctx->ledger_by_id, ctx->nledger_by_id, sizeof(size_t),
			by_run_id, l);
	free(buf);
	free(path);
	free(rel);
}

void pr_audit_read_ledger(pr_audit_ctx *ctx, pr_ledger_read *l)
{
	read_ledger(ctx, l);
}

/* The run id of the k-th ledger line in run id order. */
static const char *id_at(const pr_audit_ctx *ctx, size_t k)
{
	return ctx->ledger->line[ctx->ledger_by_id[k]].run_id;
}

void pr_audit_ledger_lines(size_t *first, size_t *n, const pr_audit_ctx *ctx,
			   const char *run_id)
{
	size_t lo = 0, hi = ctx->nledger_by_id;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(id_at(ctx, mid), run_id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	*n = 0;
	while (lo + *n < ctx->nledger_by_id &&
	       !strcmp(id_at(ctx, lo + *n), run_id))
		++*n;
}

/* ---- rows ---- */

typedef struct {
	pr_audit_run *v;
	size_t n, cap;
} rows;

static pr_audit_run *rows_add(rows *r)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		r->v = pr_realloc(r->v, r->cap * sizeof(*r->v));
	}
	memset(&r->v[r->n], 0, sizeof(r->v[0]));
	return &r->v[r->n++];
}

/* Is there a directory runs/NAME/RUNID? */
static int has_run_dir(const pr_audit_names *dirs, const char *run_id)
{
	return dirs->n && bsearch(&run_id, dirs->v, dirs->n, sizeof(*dirs->v),
				  pr_audit_by_string) != NULL;
}

/* A row for each ledger line whose run has no directory. */
static void orphan_lines(rows *out, const pr_audit_ctx *ctx,
			 const pr_audit_names *dirs)
{
	size_t i;

	for (i = 0; i < ctx->ledger->n; i++) {
		const pr_ledger_line *l = &ctx->ledger->line[i];
		pr_audit_run *r;

		if (l->run_id && has_run_dir(dirs, l->run_id))
			continue;
		r = rows_add(out);
		r->experiment = pr_strdup(ctx->name);
		r->run_id = l->run_id
				? pr_strdup(l->run_id)
				: pr_asprintf("(ledger line %zu)", l->line);
		r->status = pr_strdup(pr_audit_status(l->status));
		pr_audit_set(&r->check[PR_CHECK_LEDGER], PR_AUDIT_FAIL,
			     "ledger line without a run directory (runs/%s/"
			     "ledger.jsonl line %zu)%s%s",
			     ctx->name, l->line, l->problem ? "; " : "",
			     l->problem ? l->problem : "");
	}
}

/* predictions/NAME.json in HEAD and in the newest pin of NAME. */
static void predictions(pr_audit_ctx *ctx, char head[GIT_OID_HEXSZ + 1],
			char newest[GIT_OID_HEXSZ + 1])
{
	char *path = pr_path_prediction(NULL, ctx->name);
	git_tree_entry *e = NULL;
	pr_pin pin;

	head[0] = '\0';
	if (ctx->head_tree &&
	    git_tree_entry_bypath(&e, ctx->head_tree, path) == 0 &&
	    git_tree_entry_type(e) == GIT_OBJECT_BLOB)
		git_oid_tostr(head, GIT_OID_HEXSZ + 1, git_tree_entry_id(e));
	git_tree_entry_free(e);
	git_error_clear();
	ctx->head_pred = head;
	ctx->newest_pin_pred = NULL;
	if (pr_pin_latest(&pin, ctx->repo, ctx->name, 1) == 0) {
		memcpy(newest, pin.pred_blob, GIT_OID_HEXSZ + 1);
		ctx->newest_pin_pred = newest;
	}
	git_error_clear();
	free(path);
}

/* ---- one experiment ---- */

/* A directory runs/NAME/DIR whose name is no run id: a row that fails,
 * naming it (as it is: whoever prints it escapes it); nothing in it is
 * read. */
static void not_a_run_id(pr_audit_run *r, const pr_audit_ctx *ctx,
			 const char *dir)
{
	r->experiment = pr_strdup(ctx->name);
	r->run_id = pr_strdup(dir);
	r->status = pr_strdup("unknown");
	pr_audit_set(&r->check[PR_CHECK_MANIFEST], PR_AUDIT_FAIL,
		     "runs/%s/%s is not a run id (YYYYmmddTHHMMSSZ-xxxxxx): "
		     "not audited",
		     ctx->name, dir);
}

/* Does HEAD hold runs/NAME/ID/run-state.json? */
static int committed_state(const pr_audit_ctx *ctx, const char *id)
{
	char *path = pr_asprintf("%s/run-state.json", id);
	git_tree_entry *e = NULL;
	int held = ctx->head_runs &&
		   git_tree_entry_bypath(&e, ctx->head_runs, path) == 0;

	git_tree_entry_free(e);
	git_error_clear();
	free(path);
	return held;
}

/* A run directory committed with its run-state.json: audited as any
 * other, and its committed check fails, for a recorded run never holds
 * one (and analyze leaves it out). */
static void state_committed(pr_audit_run *r, pr_audit_ctx *ctx, const char *id)
{
	pr_audit_run_dir(r, ctx, id);
	pr_audit_set(&r->check[PR_CHECK_COMMITTED], PR_AUDIT_FAIL,
		     "runs/%s/%s/run-state.json is committed: a recorded run "
		     "does not hold one (a run in progress or to recover "
		     "is no result)",
		     ctx->name, id);
}

static void audit_experiment(rows *out, pr_audit_experiment *x,
			     pr_audit_ctx *ctx)
{
	char *dir = pr_path_runs(ctx->root, ctx->name);
	char head[GIT_OID_HEXSZ + 1], newest[GIT_OID_HEXSZ + 1];
	char *runs = pr_path_runs(NULL, ctx->name), **ids;
	git_tree_entry *e = NULL;
	pr_ledger_read ledger;
	pr_audit_names dirs = {0};
	size_t i, nids;

	read_ledger(ctx, &ledger);
	predictions(ctx, head, newest);
	ctx->head_runs = NULL;
	if (ctx->head_tree &&
	    git_tree_entry_bypath(&e, ctx->head_tree, runs) == 0 &&
	    git_tree_entry_type(e) == GIT_OBJECT_TREE &&
	    git_tree_lookup(&ctx->head_runs, ctx->repo, git_tree_entry_id(e)) <
		0)
		ctx->head_runs = NULL;
	git_tree_entry_free(e);
	git_error_clear();
	pr_path_list_runs(&ids, &nids, ctx->root, ctx->name, PR_RUNS_ANY_NAME);
	names_take(&dirs, ids, nids);
	x->experiment = pr_strdup(ctx->name);
	for (i = 0; i < dirs.n; i++) {
		char *st = pr_asprintf("%s/%s/run-state.json", dir, dirs.v[i]);

		if (!pr_run_id_valid(dirs.v[i]))
			not_a_run_id(rows_add(out), ctx, dirs.v[i]);
		else if (committed_state(ctx, dirs.v[i]))
			state_committed(rows_add(out), ctx, dirs.v[i]);
		else if (access(st, F_OK) == 0) {
			x->unfinished =
			    pr_realloc(x->unfinished,
				       (x->nunfinished + 1) * sizeof(char *));
			x->unfinished[x->nunfinished++] = pr_strdup(dirs.v[i]);
		} else {
			pr_audit_run_dir(rows_add(out), ctx, dirs.v[i]);
		}
		free(st);
	}
	orphan_lines(out, ctx, &dirs);
	if (ctx->runs_only)
		pr_audit_set(&x->analysis, PR_AUDIT_OMITTED,
			     "not checked: the runs were audited alone");
	else
		pr_audit_check_analysis(&x->analysis, ctx);
	pr_audit_names_free(&dirs);
	git_tree_free(ctx->head_runs);
	ctx->head_runs = NULL;
	pr_ledger_read_free(&ledger);
	free(runs);
	free(ctx->ledger_by_id);
	ctx->ledger_by_id = NULL;
	free(dir);
}

/* ---- grades ---- */

static pr_audit_grade grade(const pr_audit_run *r)
{
	static const int anchors[] = {PR_CHECK_COMMITTED, PR_CHECK_PIN,
				      PR_CHECK_BLOBS,	  PR_CHECK_VALID,
				      PR_CHECK_ARCHIVE,	  PR_CHECK_SCHEDULE,
				      PR_CHECK_LEDGER};
	size_t i;

	if (r->found_broken)
		return PR_GRADE_BROKEN;
	for (i = 0; i < PR_NCHECKS; i++) {
		if (r->check[i].result == PR_AUDIT_FAIL)
			return PR_GRADE_BROKEN;
	}
	for (i = 0; i < sizeof(anchors) / sizeof(anchors[0]); i++) {
		const pr_audit_check *c = &r->check[anchors[i]];

		if (c->result != PR_AUDIT_PASS &&
		    !(c->result == PR_AUDIT_WARN && c->advisory))
			return PR_GRADE_SELF_ASSERTED;
	}
	if (r->check[PR_CHECK_STAMP].result == PR_AUDIT_PASS)
		return PR_GRADE_TIME_ANCHORED;
	return r->check[PR_CHECK_SIGNATURE].result == PR_AUDIT_PASS
		   ? PR_GRADE_SIGNED
		   : PR_GRADE_ANCHORED;
}

static int by_experiment_then_id(const void *a, const void *b)
{
	const pr_audit_run *x = a, *y = b;
	int c = strcmp(x->experiment, y->experiment);

	return c ? c : strcmp(x->run_id, y->run_id);
}

static void summarise(pr_audit *a)
{
	size_t i;

	if (a->nruns)
		qsort(a->run, a->nruns, sizeof(*a->run), by_experiment_then_id);
	a->ok = 1;
	for (i = 0; i < a->nruns; i++) {
		a->run[i].grade = grade(&a->run[i]);
		a->count[a->run[i].grade]++;
		if (a->run[i].grade == PR_GRADE_BROKEN)
			a->ok = 0;
	}
	for (i = 0; i < a->nexps; i++) {
		if (a->exp[i].analysis.result == PR_AUDIT_FAIL)
			a->ok = 0;
	}
	for (i = 0; i < a->nfindings; i++) {
		if (a->finding[i].fails)
			a->ok = 0;
	}
}

/* HEAD's commit and tree, both NULL when HEAD is unborn. */
static int head_of(git_commit **commit, git_tree **tree, git_repository *repo)
{
	git_object *obj = NULL;
	int error;

	*commit = NULL;
	*tree = NULL;
	error = git_revparse_single(&obj, repo, "HEAD^{commit}");
	if (error == GIT_ENOTFOUND || error == GIT_EUNBORNBRANCH) {
		git_error_clear();
		return PR_OK;
	}
	if (error < 0)
		return pr_git_error("cannot read HEAD");
	*commit = (git_commit *)obj;
	if (git_commit_tree(tree, *commit) < 0)
		return pr_git_error("cannot read HEAD's tree");
	return PR_OK;
}

/* The runs off HEAD of ctx->name, appended to r. */
static void audit_elsewhere(rows *r, pr_audit_ctx *ctx)
{
	pr_audit_elsewhere(&r->v, &r->n, &r->cap, ctx);
}

/* Nothing was audited: no run row (of HEAD, of another ref, or a ledger
 * line), no unfinished run directory and no finding (a note on a
 * prediction's calibration run is one). */
static int nothing_audited(const pr_audit *a)
{
	size_t i;

	if (a->nruns || a->nfindings)
		return 0;
	for (i = 0; i < a->nexps; i++) {
		if (a->exp[i].nunfinished)
			return 0;
	}
	return 1;
}

/* Say that there was nothing to audit: PR_EFAIL (an audit that checked
 * nothing proves nothing). */
static int say_nothing(const char *const *want, size_t nwant)
{
	if (nwant == 1)
		return pr_error("nothing to audit: no run of '%s' in the work "
				"tree, its ledger or any branch or tag",
				want[0]);
	return pr_error("nothing to audit: no run of %s in the work tree, "
			"a ledger or any branch or tag",
			nwant ? "the experiments named" : "any experiment");
}

static int audit_repo(pr_audit *out, git_repository *repo,
		      const char *const *want, size_t nwant, int runs_only)
{
	pr_audit_ctx ctx;
	pr_history *history = NULL;
	pr_audit_names exps = {0};
	rows r = {0};
	size_t i;
	pr_error_scope caught;
	int catching = 0, nothing = 0, error;

	memset(out, 0, sizeof(*out));
	memset(&ctx, 0, sizeof(ctx));
	/* every run reads its pin's spec and prediction blobs: keep small
	 * blobs in libgit2's object cache (it keeps none by default) */
	git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, GIT_OBJECT_BLOB,
			 (size_t)64 << 10);
	ctx.repo = repo;
	ctx.runs_only = runs_only;
	ctx.root = pr_repo_root(repo);
	ctx.tags = pr_audit_tags_new();
	pr_audit_sign_forget();
	ctx.seen = pr_audit_seen_new();
	if ((error = head_of(&ctx.head, &ctx.head_tree, repo)) < 0 ||
	    (error = pr_history_walk(&history, repo)) < 0 ||
	    (error = experiments(&exps, ctx.root, history, want, nwant)) < 0)
		goto cleanup;
	ctx.history = history;
	out->in_progress = pr_lock_held_elsewhere(&out->holder, repo) == 1;
	pr_error_record(&caught); /* what no check reads is dropped */
	catching = 1;
	out->exp = pr_calloc(exps.n, sizeof(*out->exp));
	for (i = 0; i < exps.n; i++) {
		ctx.name = exps.v[i];
		audit_experiment(&r, &out->exp[out->nexps++], &ctx);
		audit_elsewhere(&r, &ctx);
	}
	out->run = r.v;
	out->nruns = r.n;
	pr_audit_find(out, &ctx);
	summarise(out);
	nothing = nothing_audited(out);
cleanup:
	if (catching)
		pr_error_restore(&caught);
	if (error == 0 && nothing) {
		pr_audit_free(out);
		error = say_nothing(want, nwant);
	}
	pr_audit_tags_free(ctx.tags);
	pr_audit_seen_free(ctx.seen);
	pr_history_free(history);
	git_tree_free(ctx.head_tree);
	git_commit_free(ctx.head);
	pr_audit_names_free(&exps);
	return error;
}

int pr_audit_repo(pr_audit *out, git_repository *repo, const char *const *want,
		  size_t nwant)
{
	return audit_repo(out, repo, want, nwant, 0);
}

int pr_audit_runs(pr_audit *out, git_repository *repo, const char *const *want,
		  size_t nwant)
{
	return audit_repo(out, repo, want, nwant, 1);
}

void pr_audit_free(pr_audit *a)
{
	size_t i, k;

	if (!a)
		return;
	for (i = 0; i < a->nruns; i++) {
		free(a->run[i].experiment);
		free(a->run[i].run_id);
		free(a->run[i].status);
		free(a->run[i].where);
		for (k = 0; k < PR_NCHECKS; k++)
			free(a->run[i].check[k].reason);
	}
	for (i = 0; i < a->nexps; i++) {
		free(a->exp[i].experiment);
		free(a->exp[i].analysis.reason);
		for (k = 0; k < a->exp[i].nunfinished; k++)
			free(a->exp[i].unfinished[k]);
		free(a->exp[i].unfinished);
	}
	pr_audit_findings_free(a);
	free(a->holder);
	free(a->run);
	free(a->exp);
	memset(a, 0, sizeof(*a));
}

/* ---- names and JSON ---- */

const char *pr_audit_check_name(int check)
{
	static const char *const name[PR_NCHECKS] = {
	    "manifest", "committed", "pin",	  "blobs",
	    "valid",	"dates",     "archive",	  "schedule",
	    "ledger",	"timestamp", "signature", "delays"};

	return check >= 0 && check < PR_NCHECKS ? name[check] : "?";
}

char pr_audit_check_letter(int check)
{
	static const char letter[PR_NCHECKS + 1] = "MCPBVDASLTGY";

	return check >= 0 && check < PR_NCHECKS ? letter[check] : '?';
}

const char *pr_audit_result_name(pr_audit_result r)
{
	switch (r) {
	case PR_AUDIT_PASS:
		return "PASS";
	case PR_AUDIT_WARN:
		return "WARN";
	case PR_AUDIT_FAIL:
		return "FAIL";
	default:
		return "-";
	}
}

const char *pr_audit_grade_name(pr_audit_grade g)
{
	switch (g) {
	case PR_GRADE_ANCHORED:
		return "anchored";
	case PR_GRADE_SELF_ASSERTED:
		return "self-asserted";
	case PR_GRADE_TIME_ANCHORED:
		return "time-anchored";
	case PR_GRADE_SIGNED:
		return "signed";
	default:
		return "broken";
	}
}

static json_t *check_json(const char *name, const pr_audit_check *c)
{
	return json_pack("{s:s, s:s, s:s}", "check", name, "result",
			 pr_audit_result_name(c->result), "reason",
			 c->reason ? c->reason : "");
}

static json_t *run_json(const pr_audit_run *r)
{
	json_t *checks = json_array();
	int k;

	for (k = 0; k < PR_NCHECKS; k++) {
		if (r->check[k].result != PR_AUDIT_OMITTED)
			json_array_append_new(
			    checks,
			    check_json(pr_audit_check_name(k), &r->check[k]));
	}
	return json_pack("{s:s, s:s, s:s, s:s, s:o, s:o}", "experiment",
			 r->experiment, "run_id", r->run_id, "status",
			 r->status, "grade", pr_audit_grade_name(r->grade),
			 "checks", checks, "ref",
			 r->where ? json_string(r->where) : json_null());
}

json_t *pr_audit_json(const pr_audit *a)
{
	json_t *runs = json_array(), *exps = json_array(), *o;
	size_t i;

	for (i = 0; i < a->nruns; i++)
		json_array_append_new(runs, run_json(&a->run[i]));
	for (i = 0; i < a->nexps; i++) {
		json_t *unfinished = json_array();
		size_t k;

		for (k = 0; k < a->exp[i].nunfinished; k++)
			json_array_append_new(
			    unfinished, json_string(a->exp[i].unfinished[k]));
		json_array_append_new(
		    exps, json_pack("{s:s, s:[o], s:o}", "experiment",
				    a->exp[i].experiment, "checks",
				    check_json("analysis", &a->exp[i].analysis),
				    "unfinished", unfinished));
	}
	o = json_pack("{s:b, s:b, s:{s:I, s:I, s:I, s:I, s:I, s:I}, s:o, s:o}",
		      "ok", a->ok, "run_in_progress", a->in_progress, "summary",
		      "runs", (json_int_t)a->nruns, "time_anchored",
		      (json_int_t)a->count[PR_GRADE_TIME_ANCHORED], "signed",
		      (json_int_t)a->count[PR_GRADE_SIGNED], "anchored",
		      (json_int_t)a->count[PR_GRADE_ANCHORED], "self_asserted",
		      (json_int_t)a->count[PR_GRADE_SELF_ASSERTED], "broken",
		      (json_int_t)a->count[PR_GRADE_BROKEN], "runs", runs,
		      "experiments", exps);
	json_object_set_new(o, "findings", pr_audit_findings_json(a));
	return o;
}
