/* fuzz_manifest.c - runs/NAME/RUNID/manifest.json as its readers take it:
 * the typed reader (pr_manifest_read), prereg audit (every check of the
 * run directory, pr_audit_run_dir), prereg analyze (pr_analyze of that
 * run) and prereg show (cmd_show). The run directory holds the input
 * and the archive of a shipped run, in a scratch repository whose HEAD is
 * a pin of experiment "fz" (tag prereg/pin/fz/1), so that a manifest
 * naming that pin reaches the pin, blobs and dates checks. */
#include <fcntl.h>
#include <git2.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "analyze/analyze.h"
#include "audit/audit-internal.h"
#include "format/ledger.h"
#include "format/manifest.h"
#include "repo/paths.h"
#include "repo/pin.h"
#include "analyze/report.h"
#include "base/util.h"
#include "harness.h"

#ifndef PR_FUZZ_SRCDIR
#define PR_FUZZ_SRCDIR "."
#endif
/* A shipped run whose manifest, given as input, passes the archive and
 * schedule checks against this archive. */
#define ARCHIVE "runs/calib-rows/20261129T185628Z-27a2ee/timings.csv.gz"
#define RUN_ID "20260101T000000Z-f0zz00"
#define PIN_TIME 1767225600 /* 2026-01-01T00:00:00Z */

static git_repository *repo;
static git_commit *head;
static git_tree *head_tree;
static pr_history *history;
static char *archive;

static void git_check(int rc, const char *what)
{
	if (rc < 0)
		pr_fuzz_fail("%s: %s", what,
			     git_error_last() ? git_error_last()->message : "");
}

/* HEAD: one commit holding experiments/fz/experiment.ini and
 * predictions/fz.json, tagged prereg/pin/fz/1; the same ids every time. */
static void make_pin(const char *root)
{
	char *spec = pr_asprintf("%sexperiments/fz/experiment.ini", root);
	char *pred = pr_asprintf("%spredictions/fz.json", root);
	git_signature *sig = NULL;
	git_index *index = NULL;
	git_oid tree_id, commit_id, tag_id;
	git_tree *tree = NULL;
	git_object *commit = NULL;

	pr_fuzz_write(spec, "[experiment]\n", 13);
	pr_fuzz_write(pred, "{}\n", 3);
	git_check(git_signature_new(&sig, "prereg fuzz", "fuzz@prereg.invalid",
				    PIN_TIME, 0),
		  "signature");
	git_check(git_repository_index(&index, repo), "index");
	git_check(git_index_add_bypath(index, "experiments/fz/experiment.ini"),
		  "add spec");
	git_check(git_index_add_bypath(index, "predictions/fz.json"),
		  "add prediction");
	git_check(git_index_write_tree(&tree_id, index), "write tree");
	git_check(git_tree_lookup(&tree, repo, &tree_id), "tree");
	git_check(git_commit_create(&commit_id, repo, "HEAD", sig, sig, NULL,
				    "Pin fz\n", tree, 0, NULL),
		  "commit");
	git_check(
	    git_object_lookup(&commit, repo, &commit_id, GIT_OBJECT_COMMIT),
	    "commit lookup");
	git_check(git_tag_create(&tag_id, repo, "prereg/pin/fz/1", commit, sig,
				 "prereg pin fz\n", 0),
		  "tag");
	git_object_free(commit);
	git_tree_free(tree);
	git_index_free(index);
	git_signature_free(sig);
	free(spec);
	free(pred);
}

static void setup(void)
{
	const char *root = pr_fuzz_scratch();
	char *from = pr_asprintf("%s/%s", PR_FUZZ_SRCDIR, ARCHIVE);
	char *text = NULL;
	size_t len;
	git_oid id;

	git_libgit2_init();
	git_check(git_repository_init(&repo, root, 0), "init");
	make_pin(root);
	git_check(git_reference_name_to_id(&id, repo, "HEAD"), "HEAD");
	git_check(git_commit_lookup(&head, repo, &id), "HEAD commit");
	git_check(git_commit_tree(&head_tree, head), "HEAD tree");
	git_check(pr_history_walk(&history, repo), "history");
	if (pr_read_file(&text, &len, from, PR_READ_MAX) < 0)
		pr_fuzz_fail("cannot read the archive: %s", pr_last_error());
	archive = pr_asprintf("%sarchive.csv.gz", root);
	pr_fuzz_write(archive, text, len);
	free(text);
	free(from);
}

/* m[key] when it is a string that can name a directory, else dflt. */
static const char *dir_name(json_t *m, const char *key, const char *dflt)
{
	const char *s = json_string_value(json_object_get(m, key));
	size_t i, n = s ? strlen(s) : 0;

	if (n == 0 || n > 64 || s[0] == '.' || s[0] == '-' || strstr(s, ".."))
		return dflt;
	for (i = 0; i < n; i++) {
		if (!strchr(
			"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			"0123456789._-",
			s[i]))
			return dflt;
	}
	return s;
}

/* m[a] (b NULL) or m[a][b] as a string, NULL when it is none: read
 * without the reader under test. */
static const char *jstr(json_t *m, const char *a, const char *b)
{
	json_t *v = json_object_get(m, a);

	return json_string_value(b ? json_object_get(v, b) : v);
}

/* Both NULL, or the same string. */
static int same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* The typed reader: it reads what parses, and only strings as strings. */
static void reader(const char *path, json_t *m)
{
	pr_manifest man;
	int error = pr_manifest_read(&man, path);

	if (!error != !!m || (!error && !man.json))
		pr_fuzz_fail("the reader says %d for %s JSON", error,
			     m ? "valid" : "invalid");
	if (!same(man.status, jstr(m, "status", NULL)) ||
	    !same(man.pin.commit, jstr(m, "pin", "commit")) ||
	    !same(man.ledger.prev, jstr(m, "ledger", "prev")))
		pr_fuzz_fail("the reader's strings are not the manifest's");
	pr_manifest_free(&man);
}

/* The ledger line the run would have written for this manifest. */
static void ledger_for(pr_ledger_read *l, json_t *m, const char *run_id,
		       const uint8_t *data, size_t size)
{
	const char *status = jstr(m, "status", NULL);
	const char *prev = jstr(m, "ledger", "prev");
	char sha[65], *line;

	pr_sha256_hex(sha, data, size);
	line = pr_asprintf(
	    "{\"run_id\":\"%s\",\"status\":\"%s\","
	    "\"manifest_sha256\":\"%s\",\"prev\":\"%s\"}\n",
	    run_id, status && !strpbrk(status, "\"\\") ? status : "complete",
	    sha, prev && !strpbrk(prev, "\"\\") ? prev : PR_LEDGER_GENESIS);
	pr_ledger_read_buf(l, line, strlen(line), "runs/fz/ledger.jsonl");
	free(line);
}

/* prereg audit's checks of runs/NAME/RUN_ID, and its JSON. */
static void audit(const char *name, const char *run_id, json_t *m,
		  const uint8_t *data, size_t size)
{
	pr_audit a = {0};
	pr_ledger_read l;
	pr_audit_ctx ctx = {0};
	git_tree_entry *e = NULL;
	char head_pred[GIT_OID_HEXSZ + 1] = "",
				       *pred = pr_path_prediction(NULL, name);
	size_t first = 0;
	pr_pin pin;
	json_t *j;
	char *text;
	int i;

	ledger_for(&l, m, run_id, data, size);
	if (git_tree_entry_bypath(&e, head_tree, pred) == 0)
		git_oid_tostr(head_pred, sizeof(head_pred),
			      git_tree_entry_id(e));
	git_tree_entry_free(e);
	git_error_clear();
	ctx.repo = repo;
	ctx.root = pr_fuzz_scratch();
	ctx.head = head;
	ctx.head_tree = head_tree;
	ctx.history = history;
	ctx.tags = pr_audit_tags_new();
	ctx.name = name;
	ctx.ledger = &l;
	ctx.ledger_exists = 1;
	ctx.ledger_by_id = &first;
	ctx.nledger_by_id = l.n == 1 && l.line[0].run_id;
	ctx.head_pred = head_pred;
	if (pr_pin_latest(&pin, repo, name, 1) == 0)
		ctx.newest_pin_pred = pin.pred_blob;
	git_error_clear();
	a.run = pr_calloc(1, sizeof(*a.run));
	a.nruns = 1;
	pr_audit_run_dir(a.run, &ctx, run_id);
	for (i = 0; i < PR_NCHECKS; i++) {
		if (!a.run->check[i].result != !a.run->check[i].reason)
			pr_fuzz_fail(
			    "check %s: result %d, reason %s",
			    pr_audit_check_name(i), a.run->check[i].result,
			    a.run->check[i].reason ? a.run->check[i].reason
						   : "(none)");
	}
	j = pr_audit_json(&a);
	if (!j || !(text = json_dumps(j, JSON_SORT_KEYS)))
		pr_fuzz_fail("the audit does not encode as JSON");
	free(text);
	json_decref(j);
	pr_audit_free(&a);
	pr_audit_tags_free(ctx.tags);
	pr_ledger_read_free(&l);
	free(pred);
}

/* prereg analyze NAME RUN_ID, and the report's numbers. */
static void analyze(const char *name, const char *run_id)
{
	pr_analysis a;
	json_t *j;
	char *text;

	if (pr_analyze(&a, pr_fuzz_scratch(), name, run_id) < 0)
		return;
	j = pr_report_json(&a);
	if (!j || !(text = json_dumps(j, JSON_SORT_KEYS)))
		pr_fuzz_fail("the report does not encode as JSON");
	free(text);
	json_decref(j);
	pr_analysis_free(&a);
}

/* prereg show RUN_ID, its stdout thrown away (--json only re-encodes the
 * manifest with jansson). */
static void show(const char *run_id)
{
	char *argv[] = {"show", (char *)run_id, NULL};
	int out = dup(STDOUT_FILENO), null = open("/dev/null", O_WRONLY);

	if (out < 0 || null < 0)
		pr_fuzz_fail("cannot redirect stdout");
	fflush(stdout);
	dup2(null, STDOUT_FILENO);
	cmd_show(2, argv, repo);
	fflush(stdout);
	dup2(out, STDOUT_FILENO);
	close(out);
	close(null);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *m;
	const char *name, *run_id;
	char *dir, *path, *gz;

	if (!repo)
		setup();
	m = json_loadb((const char *)data, size, 0, NULL);
	name = dir_name(m, "experiment", "fz");
	run_id = dir_name(m, "run_id", RUN_ID);
	dir = pr_path_runs(pr_fuzz_scratch(), name);
	path = pr_path_manifest(pr_fuzz_scratch(), name, run_id);
	gz = pr_path_archive(pr_fuzz_scratch(), name, run_id);
	pr_fuzz_write(path, data, size);
	reader(path, m);
	if (link(archive, gz) < 0)
		pr_fuzz_fail("cannot link '%s'", gz);
	audit(name, run_id, m, data, size);
	analyze(name, run_id);
	show(run_id);
	pr_remove_tree(dir);
	json_decref(m);
	free(gz);
	free(path);
	free(dir);
	return 0;
}
