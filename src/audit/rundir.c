/* rundir.c - the checks of one run directory, for prereg audit:
 * manifest, pin, blobs, valid, dates (provenance); committed is in
 * committed.c, archive, schedule and ledger in data.c */
#include "audit/audit-internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repo/paths.h"
#include "repo/pin.h"
#include "format/archive.h"
#include "format/predcheck.h"
#include "base/util.h"

/* One annotated tag as found: its ref, whether annotated, its target. */
typedef struct {
	char *tag;
	int found, annotated;
	git_oid target;
} tag_entry;

struct pr_audit_tags {
	tag_entry *e;
	size_t n, cap;
};

pr_audit_tags *pr_audit_tags_new(void)
{
	return pr_calloc(1, sizeof(pr_audit_tags));
}

void pr_audit_tags_free(pr_audit_tags *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->n; i++)
		free(t->e[i].tag);
	free(t->e);
	free(t);
}

void pr_audit_set(pr_audit_check *c, pr_audit_result r, const char *fmt, ...)
{
	va_list ap;

	free(c->reason);
	va_start(ap, fmt);
	if (vasprintf(&c->reason, fmt, ap) < 0) {
		fputs("prereg: out of memory\n", stderr);
		abort();
	}
	va_end(ap);
	c->result = r;
}

char *pr_audit_relative(const char *msg, const char *root)
{
	size_t n = strlen(root);
	char *out = pr_malloc(strlen(msg) + 1), *o = out;

	while (*msg) {
		if (n && !strncmp(msg, root, n)) {
			msg += n;
			continue;
		}
		*o++ = *msg++;
	}
	*o = '\0';
	return out;
}

/* 40 hex digits of id into buf. */
static const char *hex(char buf[GIT_OID_HEXSZ + 1], const git_oid *id)
{
	return git_oid_tostr(buf, GIT_OID_HEXSZ + 1, id);
}

static const char *iso(char buf[32], int64_t t)
{
	pr_utc_iso(buf, t);
	return buf;
}

/* The blob id at path in tree (may be NULL) as hex into buf, "" when
 * there is none. */
static const char *path_blob_hex(char buf[GIT_OID_HEXSZ + 1], git_tree *tree,
				 const char *path)
{
	git_tree_entry *e = NULL;

	buf[0] = '\0';
	if (tree && git_tree_entry_bypath(&e, tree, path) == 0 &&
	    git_tree_entry_type(e) == GIT_OBJECT_BLOB)
		hex(buf, git_tree_entry_id(e));
	git_tree_entry_free(e);
	git_error_clear();
	return buf;
}

/* A check that cannot run because an earlier one failed: a FAIL that says
 * why. */
static void not_checked(pr_audit_check *c, const char *why)
{
	pr_audit_set(c, PR_AUDIT_FAIL, "not checked: %s", why);
}

/* ---- manifest ---- */

static void check_manifest(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_MANIFEST];
	char *path =
	    pr_asprintf("%s%s/" PR_MANIFEST_FILE, s->ctx->root, s->rel);
	const char *exp, *id;
	json_t *json;
	json_error_t jerr;

	if (pr_read_file(&s->mtext, &s->mlen, path, PR_READ_MAX) < 0) {
		struct stat st;

		if (lstat(path, &st) < 0 && errno == ENOENT)
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "%s/manifest.json does not exist", s->rel);
		else
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "cannot read %s/manifest.json", s->rel);
		goto cleanup;
	}
	json = json_loadb(s->mtext, s->mlen, 0, &jerr);
	if (!json_is_object(json)) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s/manifest.json is not a JSON object: %s "
			     "(line %d)",
			     s->rel, json ? "another JSON value" : jerr.text,
			     jerr.line);
		json_decref(json);
		goto cleanup;
	}
	pr_manifest_parse(&s->m, json);
	json_decref(json);
	exp = s->m.experiment;
	id = s->m.run_id;
	if (!exp || strcmp(exp, s->ctx->name))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest names experiment '%s', directory is "
			     "runs/%s",
			     exp ? exp : "", s->ctx->name);
	else if (!id || strcmp(id, s->run_id))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest names run '%s', directory is %s",
			     id ? id : "", s->rel);
	else
		pr_audit_set(c, PR_AUDIT_PASS,
			     "manifest.json names experiment %s, run %s",
			     s->ctx->name, s->run_id);
cleanup:
	free(path);
}

/* ---- pin ---- */

/* refs/tags/TAG as found, from the cache or looked up once. */
static const tag_entry *tag_lookup(pr_audit_ctx *ctx, const char *tag)
{
	pr_audit_tags *t = ctx->tags;
	git_reference *ref = NULL;
	git_object *obj = NULL;
	char *refname;
	tag_entry *e;
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (!strcmp(t->e[i].tag, tag))
			return &t->e[i];
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 8;
		t->e = pr_realloc(t->e, t->cap * sizeof(*t->e));
	}
	e = &t->e[t->n++];
	memset(e, 0, sizeof(*e));
	e->tag = pr_strdup(tag);
	refname = pr_asprintf("refs/tags/%s", tag);
	if (git_reference_lookup(&ref, ctx->repo, refname) == 0 &&
	    git_reference_type(ref) == GIT_REFERENCE_DIRECT &&
	    git_object_lookup(&obj, ctx->repo, git_reference_target(ref),
			      GIT_OBJECT_ANY) == 0) {
		e->found = 1;
		e->annotated = git_object_type(obj) == GIT_OBJECT_TAG;
		git_oid_cpy(&e->target, e->annotated
					    ? git_tag_target_id((git_tag *)obj)
					    : git_object_id(obj));
	}
	git_error_clear();
	git_object_free(obj);
	git_reference_free(ref);
	free(refname);
	return e;
}

/* The manifest's pin commit into s->pin (and its tree), or a FAIL. */
static int find_pin(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_PIN];
	const char *commit = s->m.pin.commit;
	git_oid id;

	if (!commit || strlen(commit) != GIT_OID_HEXSZ ||
	    git_oid_fromstr(&id, commit) < 0) {
		git_error_clear();
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest pin.commit '%s' is not a commit id",
			     commit ? commit : "");
		return 0;
	}
	if (git_commit_lookup(&s->pin, s->ctx->repo, &id) < 0 ||
	    git_commit_tree(&s->pin_tree, s->pin) < 0) {
		git_error_clear();
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "pin commit %s does not exist in this repository",
			     commit);
		return 0;
	}
	return 1;
}

/* The tag of the pin is missing (a copy made without tags): the pin commit
 * is still the pin when its summary is the pin summary of NAME and pin.k
 * and its tree holds the blobs the manifest names; else a FAIL. */
static void untagged_pin(pr_audit_state *s, const char *tag)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_PIN];
	char *spec = pr_path_spec(NULL, s->ctx->name);
	char *pred = pr_path_prediction(NULL, s->ctx->name);
	char pin[GIT_OID_HEXSZ + 1], sb[GIT_OID_HEXSZ + 1],
	    pb[GIT_OID_HEXSZ + 1];
	const char *want_s = s->m.pin.spec_blob,
		   *want_p = s->m.pin.prediction_blob;

	hex(pin, git_commit_id(s->pin));
	path_blob_hex(sb, s->pin_tree, spec);
	path_blob_hex(pb, s->pin_tree, pred);
	if (pr_pin_summary_k(git_commit_summary(s->pin), s->ctx->name) !=
	    s->m.pin.k)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "tag %s does not exist, and commit %s is no pin "
			     "commit of it (its summary is not 'prereg pin %s "
			     "(%lld)')",
			     tag, pin, s->ctx->name, (long long)s->m.pin.k);
	else if (!want_s || !want_p || strcmp(sb, want_s) || strcmp(pb, want_p))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "tag %s does not exist, and pin commit %s does "
			     "not hold the spec and prediction blobs the "
			     "manifest names",
			     tag, pin);
	else
		s->tag_missing = 1;
	free(spec);
	free(pred);
}

/* The manifest's tag: prereg/pin/NAME/K, annotated, on the pin commit; a
 * missing tag leaves the pin commit to untagged_pin. */
static int check_tag(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_PIN];
	const char *tag = s->m.pin.tag;
	char *want = pr_asprintf("prereg/pin/%s/%lld", s->ctx->name,
				 (long long)s->m.pin.k);
	char pin[GIT_OID_HEXSZ + 1], target[GIT_OID_HEXSZ + 1];
	const tag_entry *e;

	hex(pin, git_commit_id(s->pin));
	if (!tag || !s->m.pin.has_k || strcmp(tag, want))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest pin.tag '%s' is not %s (pin.k)",
			     tag ? tag : "", want);
	else if (!(e = tag_lookup(s->ctx, tag))->found)
		untagged_pin(s, tag);
	else if (!e->annotated)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "tag %s is not annotated (a lightweight tag is "
			     "no pin)",
			     tag);
	else if (!git_oid_equal(&e->target, git_commit_id(s->pin)))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "tag %s points at %s, the manifest's pin commit "
			     "is %s",
			     tag, hex(target, &e->target), pin);
	free(want);
	return c->result != PR_AUDIT_FAIL;
}

#define MISSING                                                                \
	"; its tag is missing (a copy made without tags): run 'prereg pin "    \
	"--restore-tags'"

static void check_pin(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_PIN];
	const char *tag = s->m.pin.tag;
	char pin[GIT_OID_HEXSZ + 1], run[GIT_OID_HEXSZ + 1];
	int r;

	if (!find_pin(s) || !check_tag(s))
		return;
	hex(pin, git_commit_id(s->pin));
	if (!s->run_commit) {
		r = s->ctx->head
			? pr_history_descends(s->ctx->history,
					      git_commit_id(s->ctx->head),
					      git_commit_id(s->pin))
			: 0;
		if (r > 0)
			pr_audit_set(c, PR_AUDIT_WARN,
				     "run not committed: pin %s (%s) is "
				     "reachable from HEAD, but no commit "
				     "orders the run after it%s",
				     pin, tag, s->tag_missing ? MISSING : "");
		else
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "pin commit %s is not an ancestor of HEAD "
				     "(the run is not committed)",
				     pin);
		git_error_clear();
		return;
	}
	hex(run, s->run_commit);
	r = pr_history_descends(s->ctx->history, s->run_commit,
				git_commit_id(s->pin));
	if (r == 0)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "pin commit %s is not an ancestor of run commit "
			     "%s",
			     pin, run);
	else if (s->tag_missing) {
		pr_audit_set(c, PR_AUDIT_WARN,
			     "pin commit %s (its summary names pin %s) is an "
			     "ancestor of run commit %s" MISSING,
			     pin, tag, run);
		c->advisory = 1;
	} else
		pr_audit_set(c, PR_AUDIT_PASS,
			     "pin commit %s (annotated tag %s) is an ancestor "
			     "of run commit %s",
			     pin, tag, run);
	git_error_clear();
}

/* ---- blobs ---- */

/* The manifest's blob `want` for path (its pin.KEY) against tree's, at
 * `where`. */
static int same_blob(pr_audit_state *s, const char *key, const char *want,
		     const char *path, git_tree *tree, const char *where)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_BLOBS];
	char have[GIT_OID_HEXSZ + 1];

	path_blob_hex(have, tree, path);
	if (!want)
		pr_audit_set(c, PR_AUDIT_FAIL, "the manifest has no pin.%s",
			     key);
	else if (!*have)
		pr_audit_set(c, PR_AUDIT_FAIL, "%s is not in %s", path, where);
	else if (strcmp(want, have))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest pin.%s %.12s differs from %s in %s "
			     "(%.12s)",
			     key, want, path, where, have);
	return c->result != PR_AUDIT_FAIL;
}

static void check_blobs(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_BLOBS];
	char *spec = pr_path_spec(NULL, s->ctx->name);
	char *pred = pr_path_prediction(NULL, s->ctx->name);
	char pin[GIT_OID_HEXSZ + 1], run[GIT_OID_HEXSZ + 1];
	char *in_pin = NULL, *in_run = NULL;

	if (!s->pin) {
		not_checked(c, "no pin commit (see pin)");
		goto cleanup;
	}
	in_pin = pr_asprintf("pin commit %s", hex(pin, git_commit_id(s->pin)));
	if (s->run_commit)
		in_run = pr_asprintf("run commit %s", hex(run, s->run_commit));
	if (!same_blob(s, "spec_blob", s->m.pin.spec_blob, spec, s->pin_tree,
		       in_pin) ||
	    !same_blob(s, "prediction_blob", s->m.pin.prediction_blob, pred,
		       s->pin_tree, in_pin) ||
	    (in_run &&
	     (!same_blob(s, "spec_blob", s->m.pin.spec_blob, spec, s->run_tree,
			 in_run) ||
	      !same_blob(s, "prediction_blob", s->m.pin.prediction_blob, pred,
			 s->run_tree, in_run))))
		goto cleanup;
	if (s->ctx->newest_pin_pred && !*s->ctx->head_pred) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s was deleted after its last pin", pred);
		goto cleanup;
	}
	if (s->ctx->newest_pin_pred &&
	    strcmp(s->ctx->head_pred, s->ctx->newest_pin_pred)) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s was changed after its last pin without "
			     "'prereg pin'",
			     pred);
		goto cleanup;
	}
	pr_audit_set(c, PR_AUDIT_PASS,
		     "spec %.12s and prediction %.12s are the pin's%s; "
		     "HEAD's prediction is its newest pin's",
		     s->m.pin.spec_blob, s->m.pin.prediction_blob,
		     in_run ? " and the run commit's" : "");
cleanup:
	free(in_pin);
	free(in_run);
	free(spec);
	free(pred);
}

/* ---- valid ---- */

/* The blob at path of tree into *out: 1, or 0 when there is none. */
static int tree_blob_id(git_oid *out, git_tree *tree, const char *path)
{
	git_tree_entry *e = NULL;
	int found = 0;

	if (git_tree_entry_bypath(&e, tree, path) == 0 &&
	    git_tree_entry_type(e) == GIT_OBJECT_BLOB) {
		git_oid_cpy(out, git_tree_entry_id(e));
		found = 1;
	}
	git_tree_entry_free(e);
	git_error_clear();
	return found;
}

/* The pin's prediction passes the check pin makes, against the pin's spec:
 * a run under a pin that could not have been made is broken. */
static void check_valid(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_VALID];
	char *spec = pr_path_spec(NULL, s->ctx->name);
	char *pred = pr_path_prediction(NULL, s->ctx->name);
	char pin[GIT_OID_HEXSZ + 1], *why;
	git_oid spec_id, pred_id;

	if (!s->pin) {
		not_checked(c, "no pin commit (see pin)");
		goto cleanup;
	}
	hex(pin, git_commit_id(s->pin));
	if (!tree_blob_id(&spec_id, s->pin_tree, spec) ||
	    !tree_blob_id(&pred_id, s->pin_tree, pred)) {
		pr_audit_set(c, PR_AUDIT_FAIL, "pin commit %s lacks %s or %s",
			     pin, spec, pred);
		goto cleanup;
	}
	if (pr_prediction_check_blobs(NULL, s->ctx->repo, s->ctx->name,
				      &spec_id, &pred_id, NULL) < 0) {
		why = pr_audit_relative(s->caught.last, s->ctx->root);
		pr_audit_set(c, PR_AUDIT_FAIL, "pin commit %s: %s", pin, why);
		free(why);
		goto cleanup;
	}
	pr_audit_set(c, PR_AUDIT_PASS,
		     "the pin's prediction is of %s, made from the pin's "
		     "spec, with finite cells and what the workload reads",
		     s->ctx->name);
cleanup:
	free(spec);
	free(pred);
}

/* ---- dates ---- */

/* "YYYY-mm-ddTHH:MM:SSZ" as unix seconds: 0, or -1 when malformed. */
static int parse_utc(int64_t *out, const char *s)
{
	struct tm tm;
	const char *end;

	memset(&tm, 0, sizeof(tm));
	if (!s || !(end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm)) || *end)
		return -1;
	*out = (int64_t)timegm(&tm);
	return 0;
}

/* A commit dated before its first parent: 1 and a FAIL. */
static int before_parent(pr_audit_state *s, git_commit *c, const char *what)
{
	git_commit *parent = NULL;
	char id[GIT_OID_HEXSZ + 1], pid[GIT_OID_HEXSZ + 1], t[32], pt[32];
	int64_t mine = (int64_t)git_commit_time(c), theirs;
	int bad = 0;

	if (git_commit_parentcount(c) == 0 ||
	    git_commit_parent(&parent, c, 0) < 0) {
		git_error_clear();
		return 0;
	}
	theirs = (int64_t)git_commit_time(parent);
	if (mine < theirs) {
		pr_audit_set(&s->out->check[PR_CHECK_DATES], PR_AUDIT_FAIL,
			     "%s commit %s is dated %s, before its parent %s "
			     "(%s)%s",
			     what, hex(id, git_commit_id(c)), iso(t, mine),
			     hex(pid, git_commit_id(parent)), iso(pt, theirs),
			     strcmp(what, "pin")
				 ? ""
				 : ": a backdated pin; only ancestry orders "
				   "it");
		bad = 1;
	}
	git_commit_free(parent);
	return bad;
}

static void check_dates(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_DATES];
	const char *started = s->m.started;
	char pt[32], st[32], id[GIT_OID_HEXSZ + 1];
	int64_t pin_time, start = 0;

	if (!s->pin) {
		not_checked(c, "no pin commit (see pin)");
		return;
	}
	pin_time = (int64_t)git_commit_time(s->pin);
	hex(id, git_commit_id(s->pin));
	if (parse_utc(&start, started) < 0)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest started '%s' is not a UTC time "
			     "(YYYY-mm-ddTHH:MM:SSZ)",
			     started ? started : "");
	else if (!s->m.pin.has_commit_time || s->m.pin.commit_time != pin_time)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest pin.commit_time %lld, pin commit %s is "
			     "dated %lld",
			     (long long)s->m.pin.commit_time, id,
			     (long long)pin_time);
	else if (pin_time > start)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "pin commit %s is dated %s, after run start %s",
			     id, iso(pt, pin_time), iso(st, start));
	if (c->result == PR_AUDIT_FAIL || before_parent(s, s->pin, "pin") ||
	    (s->run && before_parent(s, s->run, "run")))
		return;
	pr_audit_set(c, PR_AUDIT_PASS,
		     "pin dated %s %s run start %s; dates are self-asserted",
		     iso(pt, pin_time), pin_time < start ? "before" : "at",
		     iso(st, start));
}

/* ---- the run ---- */

const char *pr_audit_status(const char *status)
{
	static const char *const known[] = {"complete", "failed",
					    "interrupted"};
	size_t i;

	for (i = 0; status && i < sizeof(known) / sizeof(known[0]); i++) {
		if (!strcmp(status, known[i]))
			return known[i];
	}
	return "unknown";
}

/* The tree `name` of tree (may be NULL) into *out, or NULL. */
static void subtree(git_tree **out, git_repository *repo, git_tree *tree,
		    const char *name)
{
	const git_tree_entry *e =
	    tree ? git_tree_entry_byname(tree, name) : NULL;

	*out = NULL;
	if (e && git_tree_entry_type(e) == GIT_OBJECT_TREE &&
	    git_tree_lookup(out, repo, git_tree_entry_id(e)) < 0)
		git_error_clear();
}

/* The commit that added the run, its trees and HEAD's tree of the run. */
static void find_run_commit(pr_audit_state *s)
{
	const git_oid *dir = NULL;

	subtree(&s->head_dir, s->ctx->repo, s->ctx->head_runs, s->run_id);
	s->run_commit =
	    pr_history_added(s->ctx->history, s->ctx->name, s->run_id, &dir);
	if (s->run_commit &&
	    (git_commit_lookup(&s->run, s->ctx->repo, s->run_commit) < 0 ||
	     git_commit_tree(&s->run_tree, s->run) < 0 ||
	     git_tree_lookup(&s->run_dir, s->ctx->repo, dir) < 0)) {
		git_error_clear();
		git_tree_free(s->run_tree);
		git_commit_free(s->run);
		s->run_tree = NULL;
		s->run = NULL;
		s->run_commit = NULL;
	}
}

void pr_audit_run_dir(pr_audit_run *out, pr_audit_ctx *ctx, const char *run_id)
{
	pr_audit_state s;
	int i;

	memset(&s, 0, sizeof(s));
	s.ledger_status = "unknown";
	s.ctx = ctx;
	s.out = out;
	s.run_id = run_id;
	s.rel = pr_path_run(NULL, ctx->name, run_id);
	pr_error_record(&s.caught);
	out->experiment = pr_strdup(ctx->name);
	out->run_id = pr_strdup(run_id);
	find_run_commit(&s);
	check_manifest(&s);
	pr_audit_check_committed(&s);
	if (s.m.json) {
		check_pin(&s);
		check_blobs(&s);
		check_valid(&s);
		check_dates(&s);
		pr_audit_check_archive(&s);
		pr_audit_check_schedule(&s);
		pr_audit_check_delays(&s);
	} else {
		for (i = PR_CHECK_PIN; i <= PR_CHECK_SCHEDULE; i++)
			not_checked(&out->check[i],
				    "no readable manifest.json");
	}
	pr_audit_check_ledger(&s);
	pr_audit_check_stamp(&s);
	pr_audit_check_signature(&s);
	out->status =
	    pr_strdup(s.m.json ? pr_audit_status(s.m.status) : s.ledger_status);
	pr_audit_seen_run(ctx->seen, &s);
	pr_manifest_free(&s.m);
	free(s.mtext);
	free(s.gz);
	pr_timings_free(&s.t);
	git_tree_free(s.pin_tree);
	git_commit_free(s.pin);
	git_tree_free(s.head_dir);
	git_tree_free(s.run_dir);
	git_tree_free(s.run_tree);
	git_commit_free(s.run);
	free(s.rel);
	pr_error_restore(&s.caught);
}
