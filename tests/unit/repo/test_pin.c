/* test_pin.c - pins and run commits (src/repo/pin.c) in scratch git repos */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "format/predcheck.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "repo/pin.h"
#include "repo/pintag.h"
#include "base/util.h"
#include "helpers/scratch.h"

#define SPEC "experiments/x/experiment.ini"
#define PRED "predictions/x.json"
#define SPEC_TEXT                                                              \
	"[experiment]\nkind = calibration\nclaim = c\nworkload = pingpong\n"   \
	"[shape]\nmin_bytes = 8\nmax_bytes = 64\n[ranks]\ngroup = cpu*2\n"
#define PRED_TEXT pred_text()

static char *base; /* scratch directory of this run */

/* The check prereg pin makes of the blobs it pins (cli/cmd_pin.c). */
static int usable(git_repository *repo, const char *name, const git_oid *spec,
		  const git_oid *pred, const char *what)
{
	return pr_prediction_check_blobs(NULL, repo, name, spec, pred, what);
}

/* A prediction of x that pr_pin_create accepts with spec: it names the
 * blob of spec (static storage). */
static const char *pred_for(const char *spec)
{
	static char text[256];
	char hex[GIT_OID_HEXSZ + 1];
	git_oid id;

	assert_int_equal(git_odb_hash(&id, spec, strlen(spec), GIT_OBJECT_BLOB),
			 0);
	git_oid_tostr(hex, sizeof(hex), &id);
	snprintf(text, sizeof(text),
		 "{\n  \"cells\": [],\n  \"experiment\": \"x\",\n  "
		 "\"spec_blob\": \"%s\"\n}\n",
		 hex);
	return text;
}

static const char *pred_text(void)
{
	return pred_for(SPEC_TEXT);
}

static char errbuf[8192]; /* stderr captured by refused() and friends */
static int saved_stderr = -1;

#define GIT PR_SCRATCH_GIT
#define GIT_OUT PR_SCRATCH_GIT_OUT

/* A fresh empty repository (branch main, unborn) in a new directory
 * under base, named into dir. */
static void new_repo(char dir[PATH_MAX])
{
	static int counter;
	int n = snprintf(dir, PATH_MAX, "%s/r%d", base, ++counter);

	assert_true(n > 0 && n < PATH_MAX);
	pr_scratch_repo_init(dir);
}

/* A repository with one commit holding README.md, a.txt and b.txt. */
static void seeded_repo(char dir[PATH_MAX])
{
	new_repo(dir);
	pr_scratch_write(dir, "README.md", "readme\n");
	pr_scratch_write(dir, "a.txt", "a\n");
	pr_scratch_write(dir, "b.txt", "b\n");
	pr_scratch_commit(dir, "seed");
}

static void make_exp(const char *dir)
{
	pr_scratch_write(dir, SPEC, SPEC_TEXT);
	pr_scratch_write(dir, PRED, PRED_TEXT);
}

static git_repository *open_repo(const char *dir)
{
	git_repository *repo = NULL;

	assert_int_equal(pr_repo_open(&repo, dir), PR_OK);
	assert_non_null(repo);
	return repo;
}

static void capture_start(void)
{
	char *path = pr_asprintf("%s/stderr.txt", base);
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);

	free(path);
	assert_true(fd >= 0);
	fflush(stderr);
	saved_stderr = dup(2);
	dup2(fd, 2);
	close(fd);
	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
}

/* Stop capturing; errbuf holds what was written to stderr meanwhile. */
static void capture_end(void)
{
	char *path = pr_asprintf("%s/stderr.txt", base);
	FILE *f;
	size_t n;

	pr_set_error_routine((pr_error_routine){NULL, NULL});
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	f = fopen(path, "r");
	free(path);
	assert_non_null(f);
	n = fread(errbuf, 1, sizeof(errbuf) - 1, f);
	errbuf[n] = '\0';
	fclose(f);
}

static void assert_has(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle))
		fail_msg("expected '%s' in '%s'", needle, haystack);
}

/* pin dir's experiment x, expecting `created`; returns the pin. */
static pr_pin pin_x(const char *dir, int expect_created)
{
	git_repository *repo = open_repo(dir);
	pr_pin pin;
	int created = -1;

	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL, usable),
			 PR_OK);
	assert_int_equal(created, expect_created);
	git_repository_free(repo);
	return pin;
}

/* pr_pin_check of x in dir must pass; returns the pin. */
static pr_pin check_ok(const char *dir)
{
	git_repository *repo = open_repo(dir);
	pr_pin pin;
	int error;

	memset(&pin, 0, sizeof(pin));
	capture_start();
	error = pr_pin_check(&pin, repo, "x");
	capture_end();
	if (error != PR_OK)
		fail_msg("pr_pin_check refused: %s", errbuf);
	git_repository_free(repo);
	return pin;
}

/* pr_pin_check of x in dir must refuse with a message holding `why`. */
static void check_refused(const char *dir, const char *why)
{
	git_repository *repo = open_repo(dir);
	pr_pin pin;
	int error;

	capture_start();
	error = pr_pin_check(&pin, repo, "x");
	capture_end();
	assert_int_equal(error, PR_EREFUSED);
	assert_has(errbuf, "prereg: cannot run 'x': ");
	assert_has(errbuf, why);
	git_repository_free(repo);
}

static void assert_same_pin(const pr_pin *a, const pr_pin *b)
{
	assert_string_equal(a->commit, b->commit);
	assert_string_equal(a->tag, b->tag);
	assert_int_equal(a->k, b->k);
	assert_int_equal(a->commit_time, b->commit_time);
	assert_string_equal(a->spec_blob, b->spec_blob);
	assert_string_equal(a->pred_blob, b->pred_blob);
}

static void test_repo_open_not_a_repo(void **state)
{
	git_repository *repo = NULL;
	char *dir = pr_asprintf("%s/plain", base);
	char *gone = pr_asprintf("%s/gone", base);

	(void)state;
	assert_int_equal(mkdir(dir, 0777), 0);
	if (pr_scratch_git(NULL, 0, dir, "rev-parse", (char *)NULL) == 0) {
		free(dir);
		free(gone);
		skip(); /* $TMPDIR itself lies inside a git repository */
	}
	capture_start();
	assert_int_equal(pr_repo_open(&repo, dir), PR_EINPUT);
	capture_end();
	assert_null(repo);
	assert_has(errbuf, "is not in a git repository (run 'git init'");
	assert_has(errbuf, dir);
	capture_start();
	assert_int_equal(pr_repo_open(&repo, gone), PR_EINPUT);
	capture_end();
	assert_has(errbuf, "cannot open '");
	free(dir);
	free(gone);
}

static void test_repo_open_bare(void **state)
{
	git_repository *repo = NULL;
	char *dir = pr_asprintf("%s/bare.git", base);

	(void)state;
	assert_int_equal(mkdir(dir, 0777), 0);
	GIT(dir, "init", "-q", "--bare");
	capture_start();
	assert_int_equal(pr_repo_open(&repo, dir), PR_EINPUT);
	capture_end();
	assert_null(repo);
	assert_has(errbuf, "bare");
	free(dir);
}

static void test_repo_open_subdir(void **state)
{
	char dir[PATH_MAX], root[PATH_MAX + 1];
	git_repository *repo;
	char *sub;

	(void)state;
	new_repo(dir);
	pr_scratch_write(dir, "a/b/c.txt", "c\n");
	sub = pr_asprintf("%s/a/b", dir);
	repo = open_repo(sub);
	snprintf(root, sizeof(root), "%s/", dir);
	assert_string_equal(pr_repo_root(repo), root);
	git_repository_free(repo);
	free(sub);
}

static void test_paths(void **state)
{
	char *spec = pr_path_spec(NULL, "kv");
	char *pred = pr_path_prediction(NULL, "kv");

	(void)state;
	assert_string_equal(spec, "experiments/kv/experiment.ini");
	assert_string_equal(pred, "predictions/kv.json");
	free(spec);
	free(pred);
}

static void test_check_unborn(void **state)
{
	char dir[PATH_MAX];

	(void)state;
	new_repo(dir);
	make_exp(dir);
	check_refused(dir, SPEC " is not committed (run 'prereg pin x')");
}

static void test_check_spec_untracked(void **state)
{
	char dir[PATH_MAX];

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	GIT(dir, "add", PRED);
	GIT(dir, "commit", "-q", "-m", "prediction only");
	check_refused(dir, SPEC " is not committed (run 'prereg pin x')");
}

static void test_check_pred_uncommitted(void **state)
{
	char dir[PATH_MAX];

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	GIT(dir, "add", SPEC);
	GIT(dir, "commit", "-q", "-m", "spec only");
	check_refused(dir, PRED " is not committed (run 'prereg pin x')");
	/* staged is still not committed */
	GIT(dir, "add", PRED);
	check_refused(dir, PRED " is not committed (run 'prereg pin x')");
}

static void test_check_plain_commit(void **state)
{
	char dir[PATH_MAX];

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	GIT(dir, "add", "-A");
	GIT(dir, "commit", "-q", "-m", "plain");
	check_refused(dir, "no pin reachable from HEAD (run 'prereg pin x')");
}

static void test_pin_and_check(void **state)
{
	char dir[PATH_MAX], seed[64], buf[4096];
	pr_pin pin, checked;
	int64_t now = (int64_t)time(NULL);

	(void)state;
	seeded_repo(dir);
	GIT_OUT(seed, dir, "rev-parse", "HEAD");
	make_exp(dir);
	pin = pin_x(dir, 1);
	assert_int_equal(pin.k, 1);
	assert_string_equal(pin.tag, "prereg/pin/x/1");
	assert_true(pin.commit_time >= now - 5 && pin.commit_time <= now + 5);

	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	assert_string_equal(buf, pin.commit);
	GIT_OUT(buf, dir, "log", "-1", "--format=%P");
	assert_string_equal(buf, seed);
	GIT_OUT(buf, dir, "cat-file", "-t", "prereg/pin/x/1");
	assert_string_equal(buf, "tag");
	GIT_OUT(buf, dir, "rev-parse", "prereg/pin/x/1^{commit}");
	assert_string_equal(buf, pin.commit);
	GIT_OUT(buf, dir, "rev-parse", "HEAD:" SPEC);
	assert_string_equal(buf, pin.spec_blob);
	GIT_OUT(buf, dir, "rev-parse", "HEAD:" PRED);
	assert_string_equal(buf, pin.pred_blob);
	GIT_OUT(buf, dir, "status", "--porcelain");
	assert_string_equal(buf, "");
	GIT_OUT(buf, dir, "log", "-1", "--format=%s");
	assert_string_equal(buf, "prereg pin x (1)");
	GIT_OUT(buf, dir, "cat-file", "-p", "prereg/pin/x/1");
	assert_has(buf, "prereg pin x 1\n\nspec ");
	assert_has(buf, pin.pred_blob);

	checked = check_ok(dir);
	assert_same_pin(&checked, &pin);
}

static void test_signature(void **state)
{
	char dir[PATH_MAX], buf[256];

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, 1);
	GIT_OUT(buf, dir, "log", "-1", "--format=%an <%ae>|%cn <%ce>");
	assert_string_equal(buf, "prereg <prereg@localhost>|"
				 "prereg <prereg@localhost>");
	GIT(dir, "config", "user.name", "Ann Author");
	GIT(dir, "config", "user.email", "ann@example.org");
	pr_scratch_append(dir, PRED, "\n");
	pin_x(dir, 1);
	GIT_OUT(buf, dir, "log", "-1", "--format=%an <%ae>");
	assert_string_equal(buf, "Ann Author <ann@example.org>");
	GIT_OUT(buf, dir, "for-each-ref", "--format=%(taggername)",
		"refs/tags/prereg/pin/x/2");
	assert_string_equal(buf, "Ann Author");
}

static void test_check_modified(void **state)
{
	char dir[PATH_MAX];

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, 1);
	pr_scratch_append(dir, PRED, "more\n");
	check_refused(dir, PRED " is modified (run 'prereg pin x' to pin the "
				"new version, or 'git checkout -- " PRED
				"' to drop the change)");
	GIT(dir, "checkout", "--", PRED);
	check_ok(dir);
}

static void test_check_deleted(void **state)
{
	char dir[PATH_MAX];
	char *path;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, 1);
	path = pr_asprintf("%s/%s", dir, SPEC);
	assert_int_equal(unlink(path), 0);
	free(path);
	check_refused(dir, SPEC " is deleted in the work tree");
}

static void test_check_staged(void **state)
{
	char dir[PATH_MAX];

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, 1);
	pr_scratch_append(dir, SPEC, "; note\n");
	GIT(dir, "add", SPEC);
	check_refused(dir, SPEC " has staged changes that are not committed "
				"(run 'prereg pin x'");
	/* the command the message names drops the change */
	GIT(dir, "checkout", "HEAD", "--", SPEC);
	check_ok(dir);
}

static void test_check_committed_after_pin(void **state)
{
	char dir[PATH_MAX];
	pr_pin pin;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, 1);
	pr_scratch_append(dir, PRED, "\n");
	GIT(dir, "commit", "-q", "-a", "-m", "plain change");
	check_refused(dir, PRED " was committed after its last pin without "
				"'prereg pin' (run 'prereg pin x')");
	pin = pin_x(dir, 1);
	assert_int_equal(pin.k, 2);
	assert_int_equal(check_ok(dir).k, 2);
}

static void test_pin_after_plain_revert(void **state)
{
	char dir[PATH_MAX], buf[64];
	pr_pin first, second;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	first = pin_x(dir, 1);
	pr_scratch_append(dir, PRED, "changed\n");
	GIT(dir, "commit", "-q", "-a", "-m", "plain change");
	/* the work tree holds the pinned content again, HEAD does not */
	pr_scratch_write(dir, PRED, PRED_TEXT);
	second = pin_x(dir, 1);
	assert_int_equal(second.k, 2);
	assert_string_equal(second.pred_blob, first.pred_blob);
	GIT_OUT(buf, dir, "rev-parse", "HEAD:" PRED);
	assert_string_equal(buf, first.pred_blob);
	assert_int_equal(check_ok(dir).k, 2);
}

static void test_check_unreachable_pin(void **state)
{
	char dir[PATH_MAX], buf[128];
	pr_pin pin;

	(void)state;
	seeded_repo(dir);
	GIT(dir, "checkout", "-q", "-b", "side");
	make_exp(dir);
	pin_x(dir, 1);
	GIT(dir, "checkout", "-q", "main");
	/* the same files, committed on main without a pin */
	make_exp(dir);
	GIT(dir, "add", "-A");
	GIT(dir, "commit", "-q", "-m", "plain copy");
	check_refused(dir, "the pin prereg/pin/x/1 is not reachable from HEAD "
			   "(run 'prereg pin x')");

	/* pinning on main numbers after the unreachable pin */
	pin = pin_x(dir, 1);
	assert_int_equal(pin.k, 2);
	GIT_OUT(buf, dir, "rev-parse", "main");
	assert_string_equal(buf, pin.commit);
	assert_int_equal(check_ok(dir).k, 2);
}

static void test_pin_noop(void **state)
{
	char dir[PATH_MAX], buf[256];
	git_repository *repo;
	pr_pin first, second;
	int created = -1;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	repo = open_repo(dir);
	assert_int_equal(
	    pr_pin_create(&first, &created, repo, "x", NULL, usable), PR_OK);
	assert_int_equal(created, 1);
	assert_int_equal(
	    pr_pin_create(&second, &created, repo, "x", NULL, usable), PR_OK);
	assert_int_equal(created, 0);
	assert_same_pin(&first, &second);
	git_repository_free(repo);

	second = pin_x(dir, 0);
	assert_same_pin(&first, &second);
	GIT_OUT(buf, dir, "tag", "-l", "prereg/pin/*");
	assert_string_equal(buf, "prereg/pin/x/1");
	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	assert_string_equal(buf, first.commit);
}

static void test_repin_after_change(void **state)
{
	char dir[PATH_MAX], buf[256];
	git_repository *repo;
	pr_pin first, second, checked, latest;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	first = pin_x(dir, 1);
	pr_scratch_append(dir, PRED, "\n");
	second = pin_x(dir, 1);
	assert_int_equal(second.k, 2);
	assert_string_equal(second.tag, "prereg/pin/x/2");
	assert_string_equal(second.spec_blob, first.spec_blob);
	assert_string_not_equal(second.pred_blob, first.pred_blob);
	GIT_OUT(buf, dir, "log", "-1", "--format=%P");
	assert_string_equal(buf, first.commit);
	checked = check_ok(dir);
	assert_same_pin(&second, &checked);

	repo = open_repo(dir);
	assert_int_equal(pr_pin_latest(&latest, repo, "x", 1), PR_OK);
	assert_same_pin(&second, &latest);
	git_repository_free(repo);
}

static void test_pin_leaves_other_files(void **state)
{
	char dir[PATH_MAX], buf[4096], old_a[64];
	pr_pin pin;

	(void)state;
	seeded_repo(dir);
	GIT_OUT(old_a, dir, "rev-parse", "HEAD:a.txt");
	make_exp(dir);
	pr_scratch_append(dir, "a.txt", "staged change\n");
	pr_scratch_write(dir, "new.txt", "new\n");
	GIT(dir, "add", "a.txt", "new.txt");
	pr_scratch_append(dir, "b.txt", "unstaged change\n");

	pin = pin_x(dir, 1);
	GIT_OUT(buf, dir, "diff", "--cached", "--name-only");
	assert_string_equal(buf, "a.txt\nnew.txt");
	GIT_OUT(buf, dir, "diff", "--name-only");
	assert_string_equal(buf, "b.txt");
	GIT_OUT(buf, dir, "ls-tree", "-r", "--name-only", pin.commit);
	assert_string_equal(buf, "README.md\na.txt\nb.txt\n" SPEC "\n" PRED);
	GIT_OUT(buf, dir, "rev-parse", "HEAD:a.txt");
	assert_string_equal(buf, old_a);
	GIT_OUT(buf, dir, "status", "--porcelain", "--", "experiments",
		"predictions");
	assert_string_equal(buf, "");
	check_ok(dir);
}

static void test_pin_unborn(void **state)
{
	char dir[PATH_MAX], buf[4096];
	pr_pin pin, checked;

	(void)state;
	new_repo(dir);
	make_exp(dir);
	pr_scratch_write(dir, "other.txt", "other\n");
	GIT(dir, "add", "other.txt");
	pin = pin_x(dir, 1);
	assert_int_equal(pin.k, 1);
	GIT_OUT(buf, dir, "rev-list", "--count", "HEAD");
	assert_string_equal(buf, "1");
	GIT_OUT(buf, dir, "rev-parse", "main");
	assert_string_equal(buf, pin.commit);
	GIT_OUT(buf, dir, "ls-tree", "-r", "--name-only", "HEAD");
	assert_string_equal(buf, SPEC "\n" PRED);
	GIT_OUT(buf, dir, "diff", "--cached", "--name-only");
	assert_string_equal(buf, "other.txt");
	checked = check_ok(dir);
	assert_same_pin(&pin, &checked);
}

static void test_pin_missing_files(void **state)
{
	char dir[PATH_MAX], buf[256];
	git_repository *repo;
	pr_pin pin;
	int created = -1;

	(void)state;
	seeded_repo(dir);
	pr_scratch_write(dir, SPEC, SPEC_TEXT);
	pr_scratch_write(dir, "predictions/y.json", PRED_TEXT);
	repo = open_repo(dir);

	capture_start();
	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL, usable),
			 PR_EINPUT);
	capture_end();
	assert_int_equal(created, 0);
	assert_has(errbuf, "cannot pin 'x': '" PRED "' does not exist (run "
			   "'prereg predict x')");

	capture_start();
	assert_int_equal(pr_pin_create(&pin, &created, repo, "y", NULL, usable),
			 PR_EINPUT);
	capture_end();
	assert_has(errbuf, "cannot pin 'y': 'experiments/y/experiment.ini' "
			   "does not exist");

	capture_start();
	assert_int_equal(
	    pr_pin_create(&pin, &created, repo, "../x", NULL, usable),
	    PR_EINPUT);
	assert_int_equal(pr_pin_check(&pin, repo, "a/b"), PR_EINPUT);
	capture_end();
	git_repository_free(repo);
	GIT_OUT(buf, dir, "tag", "-l");
	assert_string_equal(buf, "");
	GIT_OUT(buf, dir, "rev-list", "--count", "HEAD");
	assert_string_equal(buf, "1");
}

/* pr_pin_create refuses what pr_prediction_check refuses: nothing is
 * committed, staged or tagged; the same files fixed pin. */
static void test_pin_refuses_unusable(void **state)
{
	char dir[PATH_MAX], buf[256];
	git_repository *repo;
	pr_pin pin;
	int created = -1;

	(void)state;
	seeded_repo(dir);
	pr_scratch_write(dir, SPEC, SPEC_TEXT);
	pr_scratch_write(
	    dir, PRED,
	    "{\"experiment\": \"x\", \"cells\": [], \"spec_blob\": "
	    "\"1111111111111111111111111111111111111111\"}\n");
	repo = open_repo(dir);
	capture_start();
	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL, usable),
			 PR_EINPUT);
	capture_end();
	assert_int_equal(created, 0);
	assert_has(errbuf, "prereg: cannot pin 'x': " PRED ": was predicted "
			   "from spec blob 111111111111, not from " SPEC);
	assert_has(errbuf, "(run 'prereg predict x', then 'prereg pin x')");

	/* a spec that does not parse is refused too */
	pr_scratch_write(dir, SPEC, "[experiment]\nkind = sideways\n");
	pr_scratch_write(dir, PRED, PRED_TEXT);
	capture_start();
	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL, usable),
			 PR_EINPUT);
	capture_end();
	assert_has(errbuf, SPEC);
	GIT_OUT(buf, dir, "tag", "-l");
	assert_string_equal(buf, "");
	GIT_OUT(buf, dir, "rev-list", "--count", "HEAD");
	assert_string_equal(buf, "1");
	GIT_OUT(buf, dir, "diff", "--cached", "--name-only");
	assert_string_equal(buf, "");

	pr_scratch_write(dir, SPEC, SPEC_TEXT);
	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL, usable),
			 PR_OK);
	assert_int_equal(created, 1);
	assert_int_equal(pin.k, 1);
	git_repository_free(repo);
}

static void test_lightweight_tag_is_no_pin(void **state)
{
	char dir[PATH_MAX];

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	GIT(dir, "add", "-A");
	GIT(dir, "commit", "-q", "-m", "plain");
	GIT(dir, "tag", "prereg/pin/x/5");
	check_refused(dir, "no pin reachable from HEAD");
	/* K still counts it, so names never collide */
	assert_int_equal(pin_x(dir, 1).k, 6);
	assert_int_equal(check_ok(dir).k, 6);
}

/* pr_pin_lookup (recover's pin of a run): a pin by its tag; a tag that
 * is missing, and one that names a commit without the spec and the
 * prediction, are refused, each saying so. */
static void test_pin_lookup(void **state)
{
	char dir[PATH_MAX];
	git_repository *repo;
	pr_pin pin, made;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	made = pin_x(dir, 1);
	repo = open_repo(dir);
	memset(&pin, 0, sizeof(pin));
	assert_int_equal(pr_pin_lookup(&pin, repo, "x", made.k), 0);
	assert_int_equal(pin.k, made.k);
	assert_string_equal(pin.commit, made.commit);
	assert_string_equal(pin.spec_blob, made.spec_blob);
	assert_int_equal(pr_pin_lookup(&pin, repo, "x", made.k + 1),
			 PR_EREFUSED);
	assert_non_null(strstr(pr_last_error(), "its tag is missing"));
	/* a pin tag on the commit before the experiment existed */
	GIT(dir, "tag", "-a", "-m", "no pin", "prereg/pin/x/9", "HEAD~1");
	assert_int_equal(pr_pin_lookup(&pin, repo, "x", 9), PR_EREFUSED);
	assert_non_null(
	    strstr(pr_last_error(), "without the spec and the prediction"));
	git_repository_free(repo);
}

/* Tags under prereg/pin/x/ whose K is no positive decimal without a
 * leading zero (0, 07, 1a, a1, 1.5, ten digits above 10^9), and another
 * one's, are no pins of x and do not count for its K. */
static void test_tag_names_not_pins(void **state)
{
	static const char *const names[] = {
	    "prereg/pin/x/0",  "prereg/pin/x/07",  "prereg/pin/x/1a",
	    "prereg/pin/x/a1", "prereg/pin/x/1.5", "prereg/pin/x/9999999999",
	    "prereg/pin/xy/4"};
	char dir[PATH_MAX];
	size_t i;

	(void)state;
	seeded_repo(dir);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		GIT(dir, "tag", "-a", "-m", "not a pin", names[i]);
	make_exp(dir);
	assert_int_equal(pin_x(dir, 1).k, 1);
	assert_int_equal(check_ok(dir).k, 1);
}

static void test_summary_k(void **state)
{
	(void)state;
	assert_int_equal(pr_pin_summary_k("prereg pin x (1)", "x"), 1);
	assert_int_equal(pr_pin_summary_k("prereg pin x (27)", "x"), 27);
	assert_int_equal(pr_pin_summary_k("prereg pin x (0)", "x"), 0);
	assert_int_equal(pr_pin_summary_k("prereg pin x (01)", "x"), 0);
	assert_int_equal(pr_pin_summary_k("prereg pin x (2) ", "x"), 0);
	assert_int_equal(pr_pin_summary_k("prereg pin x (2", "x"), 0);
	assert_int_equal(pr_pin_summary_k("prereg pin xy (2)", "x"), 0);
	assert_int_equal(pr_pin_summary_k("prereg pin x (2)", "xy"), 0);
	assert_int_equal(pr_pin_summary_k("prereg pin x (9999999999)", "x"), 0);
	assert_int_equal(pr_pin_summary_k(NULL, "x"), 0);
	/* K must be digits alone, closed by ')' at the end */
	assert_int_equal(pr_pin_summary_k("prereg pin x (x)", "x"), 0);
	assert_int_equal(pr_pin_summary_k("prereg pin x (2a)", "x"), 0);
	assert_int_equal(pr_pin_summary_k("prereg pin x (12)x", "x"), 0);
	assert_int_equal(pr_pin_summary_k("prereg pin x (100000000)", "x"),
			 100000000);
}

/* A pin whose tag is gone (a copy without tags): check recreates it,
 * latest still finds it untagged, pin restores the tag, K never reused. */
static void test_untagged_pin(void **state)
{
	char dir[PATH_MAX];
	git_repository *repo;
	pr_pin pin, first;
	char *pred;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	first = pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "tag", "-d", first.tag);
	repo = open_repo(dir);
	memset(&pin, 0, sizeof(pin));
	/* check recreates the missing tag on its pin commit and says so */
	capture_start();
	assert_int_equal(pr_pin_check(&pin, repo, "x"), PR_OK);
	capture_end();
	assert_has(errbuf, "prereg: recreated 1 pin tag from the pin commits");
	assert_false(pin.tag_missing);
	assert_int_equal(pin.k, 1);
	assert_string_equal(pin.commit, first.commit);
	GIT(dir, "tag", "-d", first.tag);
	memset(&pin, 0, sizeof(pin));
	assert_int_equal(pr_pin_latest(&pin, repo, "x", 1), PR_OK);
	assert_true(pin.tag_missing);
	assert_string_equal(pin.commit, first.commit);
	git_repository_free(repo);
	pin = pin_x(dir, PR_PIN_RESTORED);
	assert_string_equal(pin.commit, first.commit);
	assert_int_equal(check_ok(dir).k, 1);
	/* without its tag, a new prediction still gets K 2 */
	GIT(dir, "tag", "-d", first.tag);
	pred = pr_asprintf("%s\n", PRED_TEXT);
	pr_scratch_write(dir, PRED, pred);
	free(pred);
	assert_int_equal(pin_x(dir, PR_PIN_CREATED).k, 2);
}

/* --restore-tags: restores missing tags, reports a name taken by another
 * commit and leaves it. */
static void test_restore_conflict(void **state)
{
	char dir[PATH_MAX];
	git_repository *repo;
	pr_pin first;
	int restored = -1, conflicts = -1;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	first = pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "tag", "-d", first.tag);
	repo = open_repo(dir);
	capture_start();
	assert_int_equal(
	    pr_pin_restore_tags(&restored, &conflicts, repo, stdout), PR_OK);
	capture_end();
	assert_int_equal(restored, 1);
	assert_int_equal(conflicts, 0);
	GIT(dir, "tag", "-d", first.tag);
	GIT(dir, "tag", first.tag, "HEAD~1");
	capture_start();
	assert_int_equal(
	    pr_pin_restore_tags(&restored, &conflicts, repo, stdout), PR_OK);
	capture_end();
	assert_int_equal(restored, 0);
	assert_int_equal(conflicts, 1);
	assert_has(errbuf, "cannot restore prereg/pin/x/1 on pin commit");
	git_repository_free(repo);
}

static void test_pin_latest_none(void **state)
{
	char dir[PATH_MAX];
	git_repository *repo;
	pr_pin pin;

	(void)state;
	seeded_repo(dir);
	repo = open_repo(dir);
	capture_start();
	assert_int_equal(pr_pin_latest(&pin, repo, "x", 1), PR_EREFUSED);
	capture_end();
	assert_string_equal(errbuf, "");
	capture_start();
	assert_int_equal(pr_pin_latest(&pin, repo, "x", 0), PR_EREFUSED);
	capture_end();
	assert_has(errbuf, "no pin reachable from HEAD (run 'prereg pin x')");
	/* a name that is no experiment name is bad input, not "no pin" */
	capture_start();
	assert_int_equal(pr_pin_latest(&pin, repo, "../x", 1), PR_EINPUT);
	capture_end();
	assert_has(errbuf, "../x");
	git_repository_free(repo);
}

static void test_commit_files(void **state)
{
	const char *paths[] = {"runs/x/R1/manifest.json",
			       "runs/x/R1/timings.csv.gz"};
	char dir[PATH_MAX], buf[4096], hex[GIT_OID_HEXSZ + 1];
	git_repository *repo;
	pr_pin pin, checked;
	git_oid id;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin = pin_x(dir, 1);
	pr_scratch_write(dir, paths[0], "{}\n");
	pr_scratch_write(dir, paths[1], "raw\n");
	pr_scratch_write(dir, "u.txt", "unrelated\n");
	GIT(dir, "add", "u.txt");
	pr_scratch_append(dir, "README.md", "edited\n");

	repo = open_repo(dir);
	assert_int_equal(pr_git_commit_files(&id, repo, paths, 2, "run x R1\n"),
			 PR_OK);
	git_repository_free(repo);
	git_oid_tostr(hex, sizeof(hex), &id);
	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	assert_string_equal(buf, hex);
	GIT_OUT(buf, dir, "log", "-1", "--format=%P%n%B");
	assert_has(buf, pin.commit);
	assert_has(buf, "run x R1");
	GIT_OUT(buf, dir, "ls-tree", "-r", "--name-only", "HEAD");
	assert_string_equal(buf, "README.md\na.txt\nb.txt\n" SPEC "\n" PRED
				 "\nruns/x/R1/manifest.json\n"
				 "runs/x/R1/timings.csv.gz");
	GIT_OUT(buf, dir, "diff", "--cached", "--name-only");
	assert_string_equal(buf, "u.txt");
	GIT_OUT(buf, dir, "diff", "--name-only");
	assert_string_equal(buf, "README.md");
	GIT_OUT(buf, dir, "status", "--porcelain", "--", "runs");
	assert_string_equal(buf, "");
	/* the run commit descends from the pin, which stays the pin */
	checked = check_ok(dir);
	assert_same_pin(&pin, &checked);

	/* NULL out is allowed; a second run in the same directory */
	pr_scratch_write(dir, "runs/x/R2/manifest.json", "{}\n");
	repo = open_repo(dir);
	paths[0] = "runs/x/R2/manifest.json";
	assert_int_equal(pr_git_commit_files(NULL, repo, paths, 1, "R2\n"),
			 PR_OK);
	git_repository_free(repo);
	GIT_OUT(buf, dir, "ls-tree", "-r", "--name-only", "HEAD", "runs");
	assert_string_equal(buf, "runs/x/R1/manifest.json\n"
				 "runs/x/R1/timings.csv.gz\n"
				 "runs/x/R2/manifest.json");
}

/* A signer that returns a fixed signature, or fails (arg NULL). */
static int fixed_signer(char **out, const char *data, size_t len, void *arg)
{
	assert_non_null(strstr(data, "\nsigned\n"));
	assert_int_equal(strlen(data), len);
	if (!arg)
		return pr_error("the signer refuses");
	*out = strdup(arg);
	return PR_OK;
}

/* The signer's signature lands in the commit's gpgsig header, over the
 * commit's text; a signer that fails commits nothing and keeps HEAD */
static void test_commit_files_signed(void **state)
{
	const char *paths[] = {"s.txt"};
	char dir[PATH_MAX], buf[4096], head[64];
	char sig[] = "-----BEGIN SSH SIGNATURE-----\nU0lH\n"
		     "-----END SSH SIGNATURE-----";
	git_repository *repo;

	(void)state;
	seeded_repo(dir);
	pr_scratch_write(dir, "s.txt", "a\n");
	GIT_OUT(head, dir, "rev-parse", "HEAD");
	repo = open_repo(dir);
	capture_start();
	assert_int_equal(pr_git_commit_files_signed(NULL, repo, paths, 1,
						    "signed\n", fixed_signer,
						    NULL),
			 PR_EFAIL);
	capture_end();
	assert_has(errbuf, "the signer refuses");
	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	assert_string_equal(buf, head);
	GIT_OUT(buf, dir, "diff", "--cached", "--name-only");
	assert_string_equal(buf, "");
	assert_int_equal(pr_git_commit_files_signed(NULL, repo, paths, 1,
						    "signed\n", fixed_signer,
						    sig),
			 PR_OK);
	git_repository_free(repo);
	GIT_OUT(buf, dir, "cat-file", "commit", "HEAD");
	assert_has(buf, "\ngpgsig -----BEGIN SSH SIGNATURE-----\n U0lH\n "
			"-----END SSH SIGNATURE-----\n");
	GIT_OUT(buf, dir, "log", "-1", "--format=%P %s");
	assert_has(buf, head);
	assert_has(buf, " signed");
}

static void test_commit_files_refuses(void **state)
{
	const char *dirpath[] = {"runs"};
	const char *missing[] = {"runs/nope.json"};
	const char *absolute[] = {"/etc/passwd"};
	char dir[PATH_MAX], buf[64], head[64];
	git_repository *repo;

	(void)state;
	seeded_repo(dir);
	pr_scratch_write(dir, "runs/x.json", "{}\n");
	GIT_OUT(head, dir, "rev-parse", "HEAD");
	repo = open_repo(dir);
	capture_start();
	assert_int_equal(pr_git_commit_files(NULL, repo, dirpath, 1, "m"),
			 PR_EINPUT);
	assert_int_equal(pr_git_commit_files(NULL, repo, missing, 1, "m"),
			 PR_EINPUT);
	assert_int_equal(pr_git_commit_files(NULL, repo, absolute, 1, "m"),
			 PR_EINPUT);
	assert_int_equal(pr_git_commit_files(NULL, repo, missing, 0, "m"),
			 PR_EINPUT);
	capture_end();
	assert_has(errbuf, "'runs' is not a file");
	assert_has(errbuf, "'runs/nope.json' does not exist");
	git_repository_free(repo);
	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	assert_string_equal(buf, head);
}

static void test_git_error(void **state)
{
	(void)state;
	git_error_clear();
	capture_start();
	assert_int_equal(pr_git_error("cannot frob"), PR_EFAIL);
	capture_end();
	assert_has(errbuf, "prereg: cannot frob: ");
}

/* pr_pin_check of x in dir must fail with code, a message holding why. */
static void check_refused_code(const char *dir, int code, const char *why)
{
	git_repository *repo = open_repo(dir);
	pr_pin pin;
	int error;

	capture_start();
	error = pr_pin_check(&pin, repo, "x");
	capture_end();
	assert_int_equal(error, code);
	assert_has(errbuf, why);
	git_repository_free(repo);
}

static char outbuf[8192]; /* stdout captured by restore_in() */

/* pr_pin_restore_tags in dir: its stdout into outbuf, stderr into
 * errbuf. */
static int restore_in(const char *dir, int *restored, int *conflicts)
{
	git_repository *repo = open_repo(dir);
	char *path = pr_asprintf("%s/stdout.txt", base);
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600), saved, error;
	FILE *f;
	size_t n;

	assert_true(fd >= 0);
	fflush(stdout);
	saved = dup(1);
	dup2(fd, 1);
	close(fd);
	capture_start();
	error = pr_pin_restore_tags(restored, conflicts, repo, stdout);
	capture_end();
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(outbuf, 1, sizeof(outbuf) - 1, f);
	outbuf[n] = '\0';
	fclose(f);
	free(path);
	git_repository_free(repo);
	return error;
}

/* The path of loose object hex in dir's repository (caller frees). */
static char *object_path(const char *dir, const char *hex)
{
	return pr_asprintf("%s/.git/objects/%.2s/%s", dir, hex, hex + 2);
}

/* Move loose object hex of dir out of the repository (hidden 1), or back
 * (hidden 0): a repository with a missing object, then whole again. */
static void hide_object(const char *dir, const char *hex, int hidden)
{
	char *obj = object_path(dir, hex);
	char *aside = pr_asprintf("%s/hidden-%s", base, hex);

	assert_int_equal(hidden ? rename(obj, aside) : rename(aside, obj), 0);
	free(obj);
	free(aside);
}

/* pr_pin_latest of x in dir, not quiet: its result, stderr in errbuf. */
static int latest_in(pr_pin *out, const char *dir)
{
	git_repository *repo = open_repo(dir);
	int error;

	memset(out, 0, sizeof(*out));
	capture_start();
	error = pr_pin_latest(out, repo, "x", 0);
	capture_end();
	git_repository_free(repo);
	return error;
}

/* pr_pin_create of x in dir, expected to fail with code and a message
 * holding why; nothing is created. */
static void create_fails(const char *dir, int code, const char *why)
{
	git_repository *repo = open_repo(dir);
	pr_pin pin;
	int created = -1, error;

	capture_start();
	error = pr_pin_create(&pin, &created, repo, "x", NULL, usable);
	capture_end();
	assert_int_equal(error, code);
	assert_int_equal(created, PR_PIN_EXISTED);
	assert_has(errbuf, why);
	git_repository_free(repo);
}

/* More pins of x than the arrays start with (8 tags, 16 pin commits):
 * all found; with every tag deleted, --restore-tags puts each K back on
 * the commit whose summary claims it. */
static void test_many_pins(void **state)
{
	char dir[PATH_MAX], buf[256], want[300];
	pr_pin pins[17], checked;
	int i, restored = -1, conflicts = -1;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	for (i = 0; i < 17; i++) {
		if (i)
			pr_scratch_append(dir, PRED, "\n");
		pins[i] = pin_x(dir, PR_PIN_CREATED);
		assert_int_equal(pins[i].k, i + 1);
	}
	checked = check_ok(dir);
	assert_same_pin(&checked, &pins[16]);
	for (i = 0; i < 17; i++)
		GIT(dir, "tag", "-d", pins[i].tag);
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_OK);
	assert_int_equal(restored, 17);
	assert_int_equal(conflicts, 0);
	assert_string_equal(errbuf, "");
	for (i = 0; i < 17; i++) {
		char *peel = pr_asprintf("%s^{commit}", pins[i].tag);

		GIT_OUT(buf, dir, "rev-parse", peel);
		assert_string_equal(buf, pins[i].commit);
		GIT_OUT(buf, dir, "cat-file", "-t", pins[i].tag);
		assert_string_equal(buf, "tag");
		snprintf(want, sizeof(want), "restored %s on", pins[i].tag);
		assert_has(outbuf, want);
		free(peel);
	}
	checked = check_ok(dir);
	assert_same_pin(&checked, &pins[16]);
}

/* Annotated tags of x that name a tree or a blob are no pins: check finds
 * the real pin, lookup refuses them, and they still count for K. */
static void test_tags_of_tree_and_blob(void **state)
{
	char dir[PATH_MAX];
	git_repository *repo;
	pr_pin pin, checked;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin = pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "tag", "-a", "-m", "a tree", "prereg/pin/x/2", "HEAD^{tree}");
	GIT(dir, "tag", "-a", "-m", "a blob", "prereg/pin/x/3",
	    "HEAD:README.md");
	checked = check_ok(dir);
	assert_same_pin(&checked, &pin);
	repo = open_repo(dir);
	assert_int_equal(pr_pin_lookup(&checked, repo, "x", 2), PR_EREFUSED);
	assert_has(pr_last_error(), "no pin prereg/pin/x/2 (");
	git_repository_free(repo);
	pr_scratch_append(dir, PRED, "\n");
	assert_int_equal(pin_x(dir, PR_PIN_CREATED).k, 4);
}

#define NO_SUCH_OBJECT "0123456789abcdef0123456789abcdef01234567"

/* --restore-tags never moves a tag that exists: a symbolic ref named like
 * the pin's tag, an annotated tag of the pin's tree and a ref naming no
 * object are conflicts that name the commit the tag points at (zeros for
 * none), and stay as they were. */
static void test_restore_tag_taken(void **state)
{
	char dir[PATH_MAX], buf[256], want[128];
	pr_pin first;
	int restored = -1, conflicts = -1;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	first = pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "tag", "-d", first.tag);
	GIT(dir, "symbolic-ref", "refs/tags/prereg/pin/x/1", "refs/heads/main");
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_OK);
	assert_int_equal(restored, 0);
	assert_int_equal(conflicts, 1);
	snprintf(want, sizeof(want),
		 "it names %s); existing tags are never "
		 "moved",
		 first.commit);
	assert_has(errbuf, want);
	GIT_OUT(buf, dir, "symbolic-ref", "refs/tags/prereg/pin/x/1");
	assert_string_equal(buf, "refs/heads/main");

	GIT(dir, "symbolic-ref", "-d", "refs/tags/prereg/pin/x/1");
	GIT(dir, "tag", "-a", "-m", "a tree", first.tag, "HEAD^{tree}");
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_OK);
	assert_int_equal(restored, 0);
	assert_int_equal(conflicts, 1);
	assert_has(errbuf,
		   "(it names 0000000000000000000000000000000000000000)");
	GIT_OUT(buf, dir, "cat-file", "-t", "prereg/pin/x/1^{}");
	assert_string_equal(buf, "tree");

	/* a tag ref naming an object that does not exist */
	GIT(dir, "tag", "-d", first.tag);
	pr_scratch_write(dir, ".git/refs/tags/prereg/pin/x/1",
			 NO_SUCH_OBJECT "\n");
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_OK);
	assert_int_equal(restored, 0);
	assert_int_equal(conflicts, 1);
	assert_has(errbuf,
		   "(it names 0000000000000000000000000000000000000000)");
	GIT_OUT(buf, dir, "rev-parse", "refs/tags/prereg/pin/x/1");
	assert_string_equal(buf, NO_SUCH_OBJECT);
	/* a pin of x whose tag names something else: no pin */
	check_refused(dir, "no pin reachable from HEAD (run 'prereg pin x')");
}

/* On an unborn branch (git checkout --orphan) the pins of the old branch
 * exist but are not reachable; --restore-tags has no history, so nothing
 * claims a tag: none restored, none in conflict, the old tag kept. */
static void test_unborn_head_with_pins(void **state)
{
	char dir[PATH_MAX], buf[256];
	pr_pin pin;
	int restored = -1, conflicts = -1;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "checkout", "-q", "--orphan", "other");
	assert_int_equal(latest_in(&pin, dir), PR_EREFUSED);
	assert_has(errbuf, "cannot run 'x': the pin prereg/pin/x/1 is not "
			   "reachable from HEAD (run 'prereg pin x')");
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_OK);
	assert_null(strstr(errbuf, "cannot walk the history"));
	assert_int_equal(restored, 0);
	assert_int_equal(conflicts, 0);
	GIT_OUT(buf, dir, "tag", "-l");
	assert_string_equal(buf, "prereg/pin/x/1");
}

/* Two pins on a branch HEAD does not contain: check names the newest. */
static void test_check_two_unreachable_pins(void **state)
{
	char dir[PATH_MAX];

	(void)state;
	seeded_repo(dir);
	GIT(dir, "checkout", "-q", "-b", "side");
	make_exp(dir);
	pin_x(dir, PR_PIN_CREATED);
	pr_scratch_append(dir, PRED, "\n");
	pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "checkout", "-q", "main");
	make_exp(dir);
	GIT(dir, "add", "-A");
	GIT(dir, "commit", "-q", "-m", "plain copy");
	check_refused(dir, "the pin prereg/pin/x/2 is not reachable from HEAD");
}

/* A root commit holding only the prediction is the newest change of x's
 * files and no pin. */
static void test_latest_prediction_only_root(void **state)
{
	char dir[PATH_MAX];
	pr_pin pin;

	(void)state;
	new_repo(dir);
	pr_scratch_write(dir, PRED, PRED_TEXT);
	GIT(dir, "add", "-A");
	GIT(dir, "commit", "-q", "-m", "prediction only");
	assert_int_equal(latest_in(&pin, dir), PR_EREFUSED);
	assert_has(errbuf, "no pin reachable from HEAD (run 'prereg pin x')");
}

/* Commits whose summaries look like pins but are not pin commits of x:
 * without the files, K 0, a bad name. latest finds no pin, restore
 * restores nothing, and a claimed K still counts, so the first real pin
 * is K 4; restore then knows only that one. */
static void test_fake_pin_summaries(void **state)
{
	static const char *const fakes[] = {
	    "prereg pin x (3)", "prereg pin x (0)", "prereg pin ../x (1)",
	    "prereg pin x(1)"};
	char dir[PATH_MAX], buf[256];
	pr_pin pin;
	size_t i;
	int restored = -1, conflicts = -1;

	(void)state;
	seeded_repo(dir);
	for (i = 0; i < sizeof(fakes) / sizeof(fakes[0]); i++)
		GIT(dir, "commit", "-q", "--allow-empty", "-m", fakes[i]);
	assert_int_equal(latest_in(&pin, dir), PR_EREFUSED);
	assert_has(errbuf, "no pin reachable from HEAD");
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_OK);
	assert_int_equal(restored, 0);
	assert_int_equal(conflicts, 0);
	assert_string_equal(outbuf, "");
	make_exp(dir);
	pin = pin_x(dir, PR_PIN_CREATED);
	assert_int_equal(pin.k, 4);
	GIT(dir, "tag", "-d", pin.tag);
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_OK);
	assert_int_equal(restored, 1);
	assert_int_equal(conflicts, 0);
	GIT_OUT(buf, dir, "tag", "-l");
	assert_string_equal(buf, "prereg/pin/x/4");
}

/* Three pin commits claiming x/1 (the pin, then two empty commits with
 * its summary): a conflict listing two and "..."; no tag is made. */
static void test_restore_three_claims(void **state)
{
	char dir[PATH_MAX], buf[256];
	pr_pin first;
	int restored = -1, conflicts = -1;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	first = pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "tag", "-d", first.tag);
	GIT(dir, "commit", "-q", "--allow-empty", "-m", "prereg pin x (1)");
	GIT(dir, "commit", "-q", "--allow-empty", "-m", "prereg pin x (1)");
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_OK);
	assert_int_equal(restored, 0);
	assert_int_equal(conflicts, 1);
	assert_has(errbuf, "cannot restore prereg/pin/x/1: 3 pin commits claim "
			   "it (");
	assert_has(errbuf, ", ...); none is tagged");
	GIT_OUT(buf, dir, "tag", "-l");
	assert_string_equal(buf, "");
}

/* A tag prereg/pin/x (not under x/) leaves no room for prereg/pin/x/K:
 * the pin commit is made and its tag is not, an error that says so;
 * check then names the missing tag, and pin and --restore-tags fail the
 * same way until the other tag is gone. */
static void test_pin_tag_cannot_be_made(void **state)
{
	char dir[PATH_MAX], buf[256];
	pr_pin pin;
	int restored = -1, conflicts = -1;

	(void)state;
	seeded_repo(dir);
	GIT(dir, "tag", "prereg/pin/x");
	make_exp(dir);
	create_fails(dir, PR_EFAIL, "cannot create the pin tag: ");
	GIT_OUT(buf, dir, "log", "-1", "--format=%s");
	assert_string_equal(buf, "prereg pin x (1)");
	check_refused(dir, "pin tag prereg/pin/x/1 is missing and cannot be "
			   "recreated from its pin commit");
	create_fails(dir, PR_EFAIL, "cannot create the pin tag: ");
	GIT_OUT(buf, dir, "rev-list", "--count", "HEAD");
	assert_string_equal(buf, "2");
	pr_scratch_append(dir, PRED, "\n");
	create_fails(dir, PR_EFAIL, "cannot create the pin tag: ");
	GIT_OUT(buf, dir, "log", "-1", "--format=%s");
	assert_string_equal(buf, "prereg pin x (2)");
	/* restore stops at the first tag it cannot make */
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_EFAIL);
	assert_has(errbuf, "cannot create the pin tag: ");
	assert_null(
	    strstr(strstr(errbuf, "cannot create") + 1, "cannot create"));
	assert_int_equal(restored, 0);
	GIT_OUT(buf, dir, "tag", "-l");
	assert_string_equal(buf, "prereg/pin/x");
	GIT(dir, "tag", "-d", "prereg/pin/x");
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_OK);
	assert_int_equal(restored, 2);
	pin = check_ok(dir);
	assert_int_equal(pin.k, 2);
}

/* A configured signature git cannot use (an empty user.name): making a
 * missing pin tag fails saying so, from pin and from --restore-tags; no
 * tag is made. */
static void test_restore_bad_signature(void **state)
{
	char dir[PATH_MAX], buf[256];
	pr_pin first;
	int restored = -1, conflicts = -1;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	first = pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "tag", "-d", first.tag);
	GIT(dir, "config", "user.name", "");
	GIT(dir, "config", "user.email", "ann@example.org");
	create_fails(dir, PR_EFAIL, "cannot make a commit signature: ");
	assert_int_equal(restore_in(dir, &restored, &conflicts), PR_EFAIL);
	assert_has(errbuf, "cannot make a commit signature: ");
	assert_int_equal(restored, 0);
	GIT_OUT(buf, dir, "tag", "-l");
	assert_string_equal(buf, "");
	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	assert_string_equal(buf, first.commit);
}

/* A pin commit newer than the newest tagged pin, its tag gone: latest
 * is that pin (tag_missing). Once it is tagged under another K, it is
 * the tagged pin and nothing is missing. */
static void test_latest_untagged_newer(void **state)
{
	char dir[PATH_MAX];
	pr_pin second, pin;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, PR_PIN_CREATED);
	pr_scratch_append(dir, PRED, "\n");
	second = pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "tag", "-d", second.tag);
	assert_int_equal(latest_in(&pin, dir), PR_OK);
	assert_true(pin.tag_missing);
	assert_int_equal(pin.k, 2);
	assert_string_equal(pin.commit, second.commit);
	/* check recreates the tag (tags are derived data) */
	assert_int_equal(check_ok(dir).k, 2);
	GIT(dir, "tag", "-d", second.tag);

	GIT(dir, "tag", "-a", "-m", "again", "prereg/pin/x/3", second.commit);
	assert_int_equal(latest_in(&pin, dir), PR_OK);
	assert_false(pin.tag_missing);
	assert_int_equal(pin.k, 3);
	assert_string_equal(pin.tag, "prereg/pin/x/3");
	assert_string_equal(pin.commit, second.commit);
	assert_int_equal(check_ok(dir).k, 3);
}

/* The spec (with a prediction of it) committed after the pin without
 * pinning: check names the spec; pin makes K 2 of the new pair. */
static void test_spec_committed_after_pin(void **state)
{
	char dir[PATH_MAX];
	char *spec = pr_asprintf("%s; note\n", SPEC_TEXT);
	pr_pin first, second;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	first = pin_x(dir, PR_PIN_CREATED);
	pr_scratch_write(dir, SPEC, spec);
	pr_scratch_write(dir, PRED, pred_for(spec));
	free(spec);
	GIT(dir, "commit", "-q", "-a", "-m", "plain change");
	check_refused(dir, SPEC " was committed after its last pin without "
				"'prereg pin' (run 'prereg pin x')");
	second = pin_x(dir, PR_PIN_CREATED);
	assert_int_equal(second.k, 2);
	assert_string_not_equal(second.spec_blob, first.spec_blob);
	assert_int_equal(check_ok(dir).k, 2);
}

/* A branch ref another git holds locked: pin fails before tagging, the
 * prediction is not left staged; unlocked, the pin is K 2. */
static void test_pin_branch_locked(void **state)
{
	char dir[PATH_MAX], head[64], buf[256];
	char *lock;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, PR_PIN_CREATED);
	pr_scratch_append(dir, PRED, "\n");
	GIT_OUT(head, dir, "rev-parse", "HEAD");
	lock = pr_asprintf("%s/.git/refs/heads/main.lock", dir);
	pr_scratch_write(dir, ".git/refs/heads/main.lock", head);
	create_fails(dir, PR_EFAIL, "cannot move HEAD to the new commit: ");
	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	assert_string_equal(buf, head);
	GIT_OUT(buf, dir, "status", "--porcelain");
	assert_string_equal(buf, " M " PRED);
	GIT_OUT(buf, dir, "tag", "-l");
	assert_string_equal(buf, "prereg/pin/x/1");
	assert_int_equal(unlink(lock), 0);
	free(lock);
	assert_int_equal(pin_x(dir, PR_PIN_CREATED).k, 2);
}

/* A corrupt branch ref: latest, check and pin each say HEAD cannot be
 * read (not "no pin"); with the ref repaired the pin is there. */
static void test_head_ref_corrupt(void **state)
{
	char dir[PATH_MAX], ref[64];
	pr_pin pin;
	git_repository *repo;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin = pin_x(dir, PR_PIN_CREATED);
	GIT_OUT(ref, dir, "rev-parse", "main");
	pr_scratch_write(dir, ".git/refs/heads/main", "not a ref\n");
	assert_int_equal(latest_in(&pin, dir), PR_EFAIL);
	assert_has(errbuf, "cannot read HEAD: ");
	repo = open_repo(dir);
	capture_start();
	assert_int_equal(pr_pin_check(&pin, repo, "x"), PR_EFAIL);
	capture_end();
	assert_has(errbuf, "cannot read HEAD: ");
	git_repository_free(repo);
	create_fails(dir, PR_EFAIL, "cannot read HEAD: ");
	pr_scratch_write(dir, ".git/refs/heads/main", ref);
	pr_scratch_append(dir, ".git/refs/heads/main", "\n");
	assert_int_equal(check_ok(dir).k, 1);
}

/* Missing tree objects (a damaged repository): each reader fails naming
 * what it could not read, never taking the damage for "no pin". */
static void test_tree_missing(void **state)
{
	char dir[PATH_MAX], pin_tree[64], plain_tree[64];
	git_repository *repo;
	pr_pin pin, latest;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin = pin_x(dir, PR_PIN_CREATED);
	GIT_OUT(pin_tree, dir, "rev-parse", "HEAD^{tree}");

	/* HEAD is the pin: its tree, read by check first, and as the pin's */
	hide_object(dir, pin_tree, 1);
	check_refused_code(dir, PR_EFAIL, "cannot read HEAD's tree: ");
	assert_int_equal(latest_in(&latest, dir), PR_EFAIL);
	assert_has(errbuf, "cannot read a pin's tree: ");
	create_fails(dir, PR_EFAIL, "cannot read a pin's tree: ");
	repo = open_repo(dir);
	capture_start();
	assert_int_equal(pr_pin_lookup(&latest, repo, "x", 1), PR_EFAIL);
	capture_end();
	assert_has(errbuf, "cannot read a pin's tree: ");
	git_repository_free(repo);
	/* without the tag, latest walks to the pin commit and reads it */
	GIT(dir, "tag", "-d", pin.tag);
	assert_int_equal(latest_in(&latest, dir), PR_EFAIL);
	assert_has(errbuf, "cannot read a pin's tree: ");
	hide_object(dir, pin_tree, 0);
	latest = pin_x(dir, PR_PIN_RESTORED);
	assert_same_pin(&latest, &pin);

	/* a plain commit on the pin; the pin's tree missing */
	pr_scratch_append(dir, "a.txt", "more\n");
	GIT(dir, "commit", "-q", "-a", "-m", "plain");
	GIT_OUT(plain_tree, dir, "rev-parse", "HEAD^{tree}");
	hide_object(dir, pin_tree, 1);
	check_refused_code(dir, PR_EFAIL, "cannot read a pin's tree: ");
	/* without the tag, found by walking: the parent's tree is read */
	GIT(dir, "tag", "-d", pin.tag);
	check_refused_code(dir, PR_EFAIL, "cannot read a commit's tree: ");
	assert_int_equal(latest_in(&latest, dir), PR_EFAIL);
	assert_has(errbuf, "cannot read a commit's tree: ");
	create_fails(dir, PR_EFAIL, "cannot read a commit's tree: ");
	hide_object(dir, pin_tree, 0);

	/* HEAD's own tree missing */
	hide_object(dir, plain_tree, 1);
	assert_int_equal(latest_in(&latest, dir), PR_EFAIL);
	assert_has(errbuf, "cannot read a commit's tree: ");
	create_fails(dir, PR_EFAIL, "cannot read HEAD's tree: ");
	hide_object(dir, plain_tree, 0);

	assert_int_equal(latest_in(&latest, dir), PR_OK);
	assert_true(latest.tag_missing);
	assert_string_equal(latest.commit, pin.commit);
}

/* A damaged subtree object (garbage where experiments/ was, shared by
 * the pin and a plain commit on it): reading the spec is an error, not
 * "not committed" or "not changed". */
static void test_subtree_damaged(void **state)
{
	char dir[PATH_MAX], sub[64];
	char *obj;
	pr_pin pin, latest;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin = pin_x(dir, PR_PIN_CREATED);
	pr_scratch_append(dir, "a.txt", "more\n");
	GIT(dir, "commit", "-q", "-a", "-m", "plain");
	GIT_OUT(sub, dir, "rev-parse", "HEAD:experiments");
	obj = object_path(dir, sub);
	assert_int_equal(chmod(obj, 0644), 0);
	pr_scratch_write(dir, obj + strlen(dir) + 1, "garbage\n");
	check_refused_code(dir, PR_EFAIL, "cannot read a tree: ");
	GIT(dir, "tag", "-d", pin.tag);
	assert_int_equal(latest_in(&latest, dir), PR_EFAIL);
	assert_has(errbuf, "cannot read a tree: ");
	free(obj);
}

/* A tag of x naming a commit object that is missing is no pin: check
 * finds the real pin, lookup refuses it, K counts it. */
static void test_tag_of_missing_commit(void **state)
{
	char dir[PATH_MAX], tree[64], lost[64];
	git_repository *repo;
	pr_pin pin, checked;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin = pin_x(dir, PR_PIN_CREATED);
	GIT_OUT(tree, dir, "rev-parse", "HEAD^{tree}");
	GIT_OUT(lost, dir, "commit-tree", tree, "-m", "lost");
	GIT(dir, "tag", "-a", "-m", "lost", "prereg/pin/x/2", lost);
	hide_object(dir, lost, 1);
	checked = check_ok(dir);
	assert_same_pin(&checked, &pin);
	repo = open_repo(dir);
	assert_int_equal(pr_pin_lookup(&checked, repo, "x", 2), PR_EREFUSED);
	assert_has(pr_last_error(), "no pin prereg/pin/x/2 (");
	git_repository_free(repo);
	pr_scratch_append(dir, PRED, "\n");
	assert_int_equal(pin_x(dir, PR_PIN_CREATED).k, 3);
}

/* A packed-refs file that does not parse: the pin tags cannot be
 * listed, an error (the loose branch ref still reads). */
static void test_packed_refs_corrupt(void **state)
{
	char dir[PATH_MAX];
	pr_pin pin;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, PR_PIN_CREATED);
	pr_scratch_write(dir, ".git/packed-refs", "this is not a packed ref\n");
	assert_int_equal(latest_in(&pin, dir), PR_EFAIL);
	assert_has(errbuf, "cannot list the pin tags: ");
	check_refused_code(dir, PR_EFAIL, "cannot list the pin tags: ");
}

/* The spec replaced by a directory in the work tree: git cannot give its
 * status, and check says so. */
static void test_check_spec_is_directory(void **state)
{
	char dir[PATH_MAX];
	char *path;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, PR_PIN_CREATED);
	path = pr_asprintf("%s/%s", dir, SPEC);
	assert_int_equal(unlink(path), 0);
	free(path);
	pr_scratch_write(dir, SPEC "/inside", "x\n");
	check_refused_code(dir, PR_EFAIL,
			   "cannot read the status of the work tree: ");
}

/* After a merge that takes the other side's prediction, the newest pin
 * reachable (on the merged branch) does not hold what HEAD holds: pin
 * makes a new pin, K above both. */
static void test_pin_after_merge(void **state)
{
	char dir[PATH_MAX], buf[256];
	pr_pin pin;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, PR_PIN_CREATED);
	GIT(dir, "checkout", "-q", "-b", "side");
	pr_scratch_append(dir, PRED, "\n");
	/* older than the pin on main, so the walk meets that pin first */
	setenv("GIT_COMMITTER_DATE", "2000-01-01T00:00:00Z", 1);
	GIT(dir, "commit", "-q", "-a", "-m", "side change");
	unsetenv("GIT_COMMITTER_DATE");
	GIT(dir, "checkout", "-q", "main");
	pr_scratch_append(dir, PRED, "\n\n");
	assert_int_equal(pin_x(dir, PR_PIN_CREATED).k, 2);
	GIT(dir, "merge", "-q", "-X", "theirs", "-m", "merge side", "side");
	GIT_OUT(buf, dir, "diff", "side", "--", PRED);
	assert_string_equal(buf, "");
	check_refused(dir, PRED " was committed after its last pin");
	pin = pin_x(dir, PR_PIN_CREATED);
	assert_int_equal(pin.k, 3);
	GIT_OUT(buf, dir, "rev-parse", "HEAD:" PRED);
	assert_string_equal(buf, pin.pred_blob);
	assert_int_equal(check_ok(dir).k, 3);
}

/* A shallow clone (git clone --depth N) of a repository with a pin and
 * a plain commit on it: libgit2 cannot walk past the cut, and check,
 * latest and pin each say the history cannot be walked (not a refusal
 * without a message); nothing is committed or tagged. Depth 1 leaves the
 * pin and its tag out (found by walking), depth 2 takes both (the tag's
 * commit is tested for reachability). */
static void test_shallow_clone(void **state)
{
	char dir[PATH_MAX], buf[256], clone[PATH_MAX + 32];
	char *url;
	pr_pin pin;
	int depth, restored, conflicts;

	(void)state;
	seeded_repo(dir);
	make_exp(dir);
	pin_x(dir, PR_PIN_CREATED);
	pr_scratch_append(dir, "a.txt", "more\n");
	GIT(dir, "commit", "-q", "-a", "-m", "plain");
	url = pr_asprintf("file://%s", dir);
	for (depth = 1; depth <= 2; depth++) {
		char n[16];

		snprintf(n, sizeof(n), "%d", depth);
		snprintf(clone, sizeof(clone), "%s-depth%d", dir, depth);
		GIT(base, "clone", "-q", "--depth", n, url, clone);
		GIT_OUT(buf, clone, "tag", "-l");
		assert_string_equal(buf, depth == 1 ? "" : "prereg/pin/x/1");
		check_refused_code(clone, PR_EFAIL,
				   "cannot walk the history: ");
		assert_int_equal(latest_in(&pin, clone), PR_EFAIL);
		assert_has(errbuf, "cannot walk the history: ");
		pr_scratch_append(clone, PRED, "\n");
		create_fails(clone, PR_EFAIL, "cannot walk the history: ");
		/* --restore-tags says so too, rather than restoring what it
		 * saw before the walk broke off */
		assert_int_equal(restore_in(clone, &restored, &conflicts),
				 PR_EFAIL);
		assert_has(errbuf, "cannot walk the history from HEAD: ");
		assert_int_equal(restored, 0);
		GIT_OUT(buf, clone, "rev-list", "--count", "HEAD");
		assert_string_equal(buf, n);
	}
	free(url);
}

static int setup(void **state)
{
	(void)state;
	base = pr_scratch_dir("test-pin");
	return pr_scratch_git_env(base);
}

static int teardown(void **state)
{
	(void)state;
	pr_scratch_git_env_end();
	pr_scratch_remove(base);
	free(base);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_repo_open_not_a_repo),
	    cmocka_unit_test(test_repo_open_bare),
	    cmocka_unit_test(test_repo_open_subdir),
	    cmocka_unit_test(test_paths),
	    cmocka_unit_test(test_check_unborn),
	    cmocka_unit_test(test_check_spec_untracked),
	    cmocka_unit_test(test_check_pred_uncommitted),
	    cmocka_unit_test(test_check_plain_commit),
	    cmocka_unit_test(test_pin_and_check),
	    cmocka_unit_test(test_signature),
	    cmocka_unit_test(test_check_modified),
	    cmocka_unit_test(test_check_deleted),
	    cmocka_unit_test(test_check_staged),
	    cmocka_unit_test(test_check_committed_after_pin),
	    cmocka_unit_test(test_pin_after_plain_revert),
	    cmocka_unit_test(test_check_unreachable_pin),
	    cmocka_unit_test(test_pin_noop),
	    cmocka_unit_test(test_repin_after_change),
	    cmocka_unit_test(test_pin_leaves_other_files),
	    cmocka_unit_test(test_pin_unborn),
	    cmocka_unit_test(test_pin_missing_files),
	    cmocka_unit_test(test_pin_refuses_unusable),
	    cmocka_unit_test(test_lightweight_tag_is_no_pin),
	    cmocka_unit_test(test_pin_lookup),
	    cmocka_unit_test(test_tag_names_not_pins),
	    cmocka_unit_test(test_summary_k),
	    cmocka_unit_test(test_untagged_pin),
	    cmocka_unit_test(test_restore_conflict),
	    cmocka_unit_test(test_pin_latest_none),
	    cmocka_unit_test(test_commit_files),
	    cmocka_unit_test(test_commit_files_signed),
	    cmocka_unit_test(test_commit_files_refuses),
	    cmocka_unit_test(test_git_error),
	    cmocka_unit_test(test_many_pins),
	    cmocka_unit_test(test_tags_of_tree_and_blob),
	    cmocka_unit_test(test_restore_tag_taken),
	    cmocka_unit_test(test_unborn_head_with_pins),
	    cmocka_unit_test(test_check_two_unreachable_pins),
	    cmocka_unit_test(test_latest_prediction_only_root),
	    cmocka_unit_test(test_fake_pin_summaries),
	    cmocka_unit_test(test_restore_three_claims),
	    cmocka_unit_test(test_pin_tag_cannot_be_made),
	    cmocka_unit_test(test_restore_bad_signature),
	    cmocka_unit_test(test_latest_untagged_newer),
	    cmocka_unit_test(test_spec_committed_after_pin),
	    cmocka_unit_test(test_pin_branch_locked),
	    cmocka_unit_test(test_head_ref_corrupt),
	    cmocka_unit_test(test_tree_missing),
	    cmocka_unit_test(test_shallow_clone),
	    cmocka_unit_test(test_subtree_damaged),
	    cmocka_unit_test(test_tag_of_missing_commit),
	    cmocka_unit_test(test_packed_refs_corrupt),
	    cmocka_unit_test(test_check_spec_is_directory),
	    cmocka_unit_test(test_pin_after_merge),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
