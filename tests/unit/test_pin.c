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

#include "repo/git.h"
#include "repo/paths.h"
#include "repo/pin.h"
#include "base/util.h"

#define SPEC "experiments/x/experiment.ini"
#define PRED "predictions/x.json"
#define SPEC_TEXT                                                              \
	"[experiment]\nkind = calibration\nclaim = c\nworkload = pingpong\n"   \
	"[shape]\nmin_bytes = 8\nmax_bytes = 64\n[ranks]\ngroup = cpu*2\n"
#define PRED_TEXT pred_text()

static char base[PATH_MAX]; /* scratch directory of this run */

/* A prediction of x that pr_pin_create accepts with SPEC_TEXT: it names
 * the blob of SPEC_TEXT (static storage). */
static const char *pred_text(void)
{
	static char text[256];
	char hex[GIT_OID_HEXSZ + 1];
	git_oid id;

	assert_int_equal(
	    git_odb_hash(&id, SPEC_TEXT, strlen(SPEC_TEXT), GIT_OBJECT_BLOB),
	    0);
	git_oid_tostr(hex, sizeof(hex), &id);
	snprintf(text, sizeof(text),
		 "{\n  \"cells\": [],\n  \"experiment\": \"x\",\n  "
		 "\"spec_blob\": \"%s\"\n}\n",
		 hex);
	return text;
}
static char errbuf[8192]; /* stderr captured by refused() and friends */
static int saved_stderr = -1;

/* Run `git -C dir ARGS...`, stdout into out (may be NULL); exit status. */
static int run_git(char *out, size_t size, const char *dir, ...)
{
	const char *argv[32] = {"git", "-C", dir};
	char chunk[4096];
	int fds[2], status = -1, argc = 3;
	size_t n = 0;
	ssize_t got;
	va_list ap;
	pid_t pid;

	va_start(ap, dir);
	while (argc < 31 && (argv[argc] = va_arg(ap, const char *)))
		argc++;
	va_end(ap);
	argv[argc] = NULL;
	if (pipe(fds) < 0)
		return -1;
	if ((pid = fork()) == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(fds[1], 1);
		dup2(null, 2);
		close(fds[0]);
		close(fds[1]);
		execvp("git", (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	while (pid > 0 && (got = read(fds[0], chunk, sizeof(chunk))) > 0) {
		if (out && n + (size_t)got < size) {
			memcpy(out + n, chunk, (size_t)got);
			n += (size_t)got;
		}
	}
	close(fds[0]);
	if (pid > 0)
		waitpid(pid, &status, 0);
	if (out) {
		out[n] = '\0';
		while (n > 0 && out[n - 1] == '\n')
			out[--n] = '\0';
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

#define GIT(dir, ...)                                                          \
	assert_int_equal(run_git(NULL, 0, dir, __VA_ARGS__, (char *)NULL), 0)
#define GIT_OUT(buf, dir, ...)                                                 \
	assert_int_equal(                                                      \
	    run_git(buf, sizeof(buf), dir, __VA_ARGS__, (char *)NULL), 0)

static void write_file(const char *dir, const char *rel, const char *text)
{
	char *path = pr_asprintf("%s/%s", dir, rel);
	char *slash = strrchr(path, '/');

	*slash = '\0';
	assert_int_equal(pr_mkdir_p(path), PR_OK);
	*slash = '/';
	assert_int_equal(pr_write_file_atomic(path, text, strlen(text)), 0);
	free(path);
}

static void append_file(const char *dir, const char *rel, const char *text)
{
	char *path = pr_asprintf("%s/%s", dir, rel);
	FILE *f = fopen(path, "a");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	free(path);
}

/* A fresh empty repository (branch main, unborn) in dir. */
static void new_repo(char dir[PATH_MAX])
{
	static int counter;
	int n = snprintf(dir, PATH_MAX, "%s/r%d", base, ++counter);

	assert_true(n > 0 && n < PATH_MAX);
	assert_int_equal(mkdir(dir, 0777), 0);
	GIT(dir, "init", "-q", "-b", "main");
}

/* A repository with one commit holding README.md, a.txt and b.txt. */
static void seeded_repo(char dir[PATH_MAX])
{
	new_repo(dir);
	write_file(dir, "README.md", "readme\n");
	write_file(dir, "a.txt", "a\n");
	write_file(dir, "b.txt", "b\n");
	GIT(dir, "add", "-A");
	GIT(dir, "commit", "-q", "-m", "seed");
}

static void make_exp(const char *dir)
{
	write_file(dir, SPEC, SPEC_TEXT);
	write_file(dir, PRED, PRED_TEXT);
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
}

/* Stop capturing; errbuf holds what was written to stderr meanwhile. */
static void capture_end(void)
{
	char *path = pr_asprintf("%s/stderr.txt", base);
	FILE *f;
	size_t n;

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

	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL), PR_OK);
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
	if (run_git(NULL, 0, dir, "rev-parse", (char *)NULL) == 0) {
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
	write_file(dir, "a/b/c.txt", "c\n");
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
	append_file(dir, PRED, "\n");
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
	append_file(dir, PRED, "more\n");
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
	append_file(dir, SPEC, "; note\n");
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
	append_file(dir, PRED, "\n");
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
	append_file(dir, PRED, "changed\n");
	GIT(dir, "commit", "-q", "-a", "-m", "plain change");
	/* the work tree holds the pinned content again, HEAD does not */
	write_file(dir, PRED, PRED_TEXT);
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
	assert_int_equal(pr_pin_create(&first, &created, repo, "x", NULL),
			 PR_OK);
	assert_int_equal(created, 1);
	assert_int_equal(pr_pin_create(&second, &created, repo, "x", NULL),
			 PR_OK);
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
	append_file(dir, PRED, "\n");
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
	append_file(dir, "a.txt", "staged change\n");
	write_file(dir, "new.txt", "new\n");
	GIT(dir, "add", "a.txt", "new.txt");
	append_file(dir, "b.txt", "unstaged change\n");

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
	write_file(dir, "other.txt", "other\n");
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
	write_file(dir, SPEC, SPEC_TEXT);
	write_file(dir, "predictions/y.json", PRED_TEXT);
	repo = open_repo(dir);

	capture_start();
	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL),
			 PR_EINPUT);
	capture_end();
	assert_int_equal(created, 0);
	assert_has(errbuf, "cannot pin 'x': '" PRED "' does not exist (run "
			   "'prereg predict x')");

	capture_start();
	assert_int_equal(pr_pin_create(&pin, &created, repo, "y", NULL),
			 PR_EINPUT);
	capture_end();
	assert_has(errbuf, "cannot pin 'y': 'experiments/y/experiment.ini' "
			   "does not exist");

	capture_start();
	assert_int_equal(pr_pin_create(&pin, &created, repo, "../x", NULL),
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
	write_file(dir, SPEC, SPEC_TEXT);
	write_file(dir, PRED,
		   "{\"experiment\": \"x\", \"cells\": [], \"spec_blob\": "
		   "\"1111111111111111111111111111111111111111\"}\n");
	repo = open_repo(dir);
	capture_start();
	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL),
			 PR_EINPUT);
	capture_end();
	assert_int_equal(created, 0);
	assert_has(errbuf, "prereg: cannot pin 'x': " PRED ": was predicted "
			   "from spec blob 111111111111, not from " SPEC);
	assert_has(errbuf, "(run 'prereg predict x', then 'prereg pin x')");

	/* a spec that does not parse is refused too */
	write_file(dir, SPEC, "[experiment]\nkind = sideways\n");
	write_file(dir, PRED, PRED_TEXT);
	capture_start();
	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL),
			 PR_EINPUT);
	capture_end();
	assert_has(errbuf, SPEC);
	GIT_OUT(buf, dir, "tag", "-l");
	assert_string_equal(buf, "");
	GIT_OUT(buf, dir, "rev-list", "--count", "HEAD");
	assert_string_equal(buf, "1");
	GIT_OUT(buf, dir, "diff", "--cached", "--name-only");
	assert_string_equal(buf, "");

	write_file(dir, SPEC, SPEC_TEXT);
	assert_int_equal(pr_pin_create(&pin, &created, repo, "x", NULL), PR_OK);
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
	int was;

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
	was = pr_set_quiet(1);
	assert_int_equal(pr_pin_lookup(&pin, repo, "x", made.k + 1),
			 PR_EREFUSED);
	pr_set_quiet(was);
	assert_non_null(strstr(pr_last_error(), "its tag is missing"));
	/* a pin tag on the commit before the experiment existed */
	GIT(dir, "tag", "-a", "-m", "no pin", "prereg/pin/x/9", "HEAD~1");
	was = pr_set_quiet(1);
	assert_int_equal(pr_pin_lookup(&pin, repo, "x", 9), PR_EREFUSED);
	pr_set_quiet(was);
	assert_non_null(
	    strstr(pr_last_error(), "without the spec and the prediction"));
	git_repository_free(repo);
}

/* Tags under prereg/pin/x/ whose K is no positive decimal without a
 * leading zero (0, 07, 1a, ten digits above 10^9), and another one's,
 * are no pins of x and do not count for its K. */
static void test_tag_names_not_pins(void **state)
{
	static const char *const names[] = {
	    "prereg/pin/x/0", "prereg/pin/x/07", "prereg/pin/x/1a",
	    "prereg/pin/x/9999999999", "prereg/pin/xy/4"};
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
}

/* A pin whose tag is gone (a copy without tags): check refuses naming
 * the tag, latest still finds it, pin restores the tag, K never reused. */
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
	capture_start();
	assert_int_equal(pr_pin_check(&pin, repo, "x"), PR_EREFUSED);
	capture_end();
	assert_has(errbuf, "pin tag prereg/pin/x/1 is missing: run 'prereg "
			   "pin --restore-tags'");
	assert_true(pin.tag_missing);
	assert_int_equal(pin.k, 1);
	assert_string_equal(pin.commit, first.commit);
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
	write_file(dir, PRED, pred);
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
	assert_int_equal(pr_pin_restore_tags(&restored, &conflicts, repo),
			 PR_OK);
	capture_end();
	assert_int_equal(restored, 1);
	assert_int_equal(conflicts, 0);
	GIT(dir, "tag", "-d", first.tag);
	GIT(dir, "tag", first.tag, "HEAD~1");
	capture_start();
	assert_int_equal(pr_pin_restore_tags(&restored, &conflicts, repo),
			 PR_OK);
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
	write_file(dir, paths[0], "{}\n");
	write_file(dir, paths[1], "raw\n");
	write_file(dir, "u.txt", "unrelated\n");
	GIT(dir, "add", "u.txt");
	append_file(dir, "README.md", "edited\n");

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
	write_file(dir, "runs/x/R2/manifest.json", "{}\n");
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
	write_file(dir, "s.txt", "a\n");
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
	write_file(dir, "runs/x.json", "{}\n");
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

static int setup(void **state)
{
	const char *tmp = getenv("TMPDIR");
	char *tmpl, *home;
	int level;

	(void)state;
	tmpl = pr_asprintf("%s/prereg-test-pin.XXXXXX",
			   tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(tmpl) || !realpath(tmpl, base))
		return -1;
	free(tmpl);
	/* git and libgit2 see no user or system configuration */
	home = pr_asprintf("%s/home", base);
	if (mkdir(home, 0777) < 0)
		return -1;
	setenv("HOME", home, 1);
	setenv("XDG_CONFIG_HOME", home, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_CEILING_DIRECTORIES", base, 1);
	setenv("GIT_AUTHOR_NAME", "Test", 1);
	setenv("GIT_AUTHOR_EMAIL", "test@example.org", 1);
	setenv("GIT_COMMITTER_NAME", "Test", 1);
	setenv("GIT_COMMITTER_EMAIL", "test@example.org", 1);
	unsetenv("GIT_DIR");
	unsetenv("GIT_WORK_TREE");
	unsetenv("GIT_INDEX_FILE");
	if (git_libgit2_init() < 0)
		return -1;
	for (level = GIT_CONFIG_LEVEL_PROGRAMDATA;
	     level <= GIT_CONFIG_LEVEL_GLOBAL; level++)
		git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, home);
	free(home);
	return 0;
}

static int teardown(void **state)
{
	pid_t pid;
	int status;

	(void)state;
	git_libgit2_shutdown();
	if (getenv("PR_KEEP_TMP"))
		return 0;
	if ((pid = fork()) == 0) {
		execlp("rm", "rm", "-rf", "--", base, (char *)NULL);
		_exit(127);
	}
	return pid > 0 && waitpid(pid, &status, 0) == pid ? 0 : -1;
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
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
