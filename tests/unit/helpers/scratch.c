/* scratch.c - the unit tests' scratch directories, repositories and git
 * program runs (scratch.h) */
#include <dirent.h>
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
#include <unistd.h>

#include <cmocka.h>
#include <git2.h>

#include "base/child.h"
#include "base/util.h"
#include "scratch.h"

char *pr_scratch_dir(const char *name)
{
	const char *tmp = getenv("TMPDIR");
	char *tmpl = pr_asprintf("%s/prereg-%s.XXXXXX",
				 tmp && *tmp ? tmp : "/tmp", name);
	char *real;

	assert_non_null(mkdtemp(tmpl));
	real = realpath(tmpl, NULL);
	assert_non_null(real);
	free(tmpl);
	return real;
}

void pr_scratch_remove(const char *dir)
{
	if (dir && !getenv("PR_KEEP_TMP"))
		pr_remove_tree(dir);
}

int pr_scratch_git_env(const char *base)
{
	char *home = pr_asprintf("%s/home", base);
	int level;

	if (mkdir(home, 0777) < 0) {
		free(home);
		return -1;
	}
	setenv("HOME", home, 1);
	setenv("XDG_CONFIG_HOME", home, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_CEILING_DIRECTORIES", base, 1);
	setenv("GIT_AUTHOR_NAME", PR_SCRATCH_NAME, 1);
	setenv("GIT_AUTHOR_EMAIL", PR_SCRATCH_EMAIL, 1);
	setenv("GIT_COMMITTER_NAME", PR_SCRATCH_NAME, 1);
	setenv("GIT_COMMITTER_EMAIL", PR_SCRATCH_EMAIL, 1);
	unsetenv("GIT_DIR");
	unsetenv("GIT_WORK_TREE");
	unsetenv("GIT_INDEX_FILE");
	unsetenv("SUDO_UID");
	git_libgit2_init();
	for (level = GIT_CONFIG_LEVEL_PROGRAMDATA;
	     level <= GIT_CONFIG_LEVEL_GLOBAL; level++)
		git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, home);
	free(home);
	return 0;
}

void pr_scratch_git_env_end(void)
{
	git_libgit2_shutdown();
}

static void put(const char *dir, const char *rel, const char *text,
		const char *mode)
{
	char *path = pr_asprintf("%s/%s", dir, rel);
	char *slash = strrchr(path, '/');
	FILE *f;

	*slash = '\0';
	assert_int_equal(pr_mkdir_p(path), PR_OK);
	*slash = '/';
	f = fopen(path, mode);
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	free(path);
}

void pr_scratch_write(const char *dir, const char *rel, const char *text)
{
	put(dir, rel, text, "w");
}

void pr_scratch_append(const char *dir, const char *rel, const char *text)
{
	put(dir, rel, text, "a");
}

void pr_scratch_mkdir(const char *dir, const char *rel)
{
	char *path = pr_asprintf("%s/%s", dir, rel);

	assert_int_equal(pr_mkdir_p(path), PR_OK);
	free(path);
}

void pr_scratch_repo_init(const char *dir)
{
	git_repository_init_options opts;
	git_repository *repo = NULL;

	git_repository_init_options_init(&opts,
					 GIT_REPOSITORY_INIT_OPTIONS_VERSION);
	opts.flags = GIT_REPOSITORY_INIT_MKPATH;
	opts.initial_head = "main";
	git_libgit2_init();
	assert_int_equal(git_repository_init_ext(&repo, dir, &opts), 0);
	git_repository_free(repo);
	git_libgit2_shutdown();
}

void pr_scratch_config(const char *dir, const char *key, const char *value)
{
	git_repository *repo = NULL;
	git_config *all = NULL, *local = NULL;
	int error;

	git_libgit2_init();
	assert_int_equal(git_repository_open(&repo, dir), 0);
	assert_int_equal(git_repository_config(&all, repo), 0);
	assert_int_equal(
	    git_config_open_level(&local, all, GIT_CONFIG_LEVEL_LOCAL), 0);
	if (value)
		assert_int_equal(git_config_set_string(local, key, value), 0);
	else if ((error = git_config_delete_entry(local, key)) < 0)
		assert_int_equal(error, GIT_ENOTFOUND);
	git_config_free(local);
	git_config_free(all);
	git_repository_free(repo);
	git_libgit2_shutdown();
}

void pr_scratch_commit(const char *dir, const char *msg)
{
	pr_scratch_commit_path(dir, "*", msg);
}

void pr_scratch_commit_path(const char *dir, const char *path, const char *msg)
{
	char *spec = (char *)path;
	git_strarray all = {&spec, 1};
	git_repository *repo = NULL;
	git_index *index = NULL;
	git_tree *tree = NULL;
	git_commit *parent = NULL;
	git_signature *sig = NULL;
	git_oid tree_id, id;

	git_libgit2_init();
	assert_int_equal(git_repository_open(&repo, dir), 0);
	assert_int_equal(git_repository_index(&index, repo), 0);
	assert_int_equal(git_index_add_all(index, &all, 0, NULL, NULL), 0);
	assert_int_equal(git_index_update_all(index, &all, NULL, NULL), 0);
	assert_int_equal(git_index_write(index), 0);
	assert_int_equal(git_index_write_tree(&tree_id, index), 0);
	assert_int_equal(git_tree_lookup(&tree, repo, &tree_id), 0);
	if (git_reference_name_to_id(&id, repo, "HEAD") == 0)
		assert_int_equal(git_commit_lookup(&parent, repo, &id), 0);
	assert_int_equal(
	    git_signature_now(&sig, PR_SCRATCH_NAME, PR_SCRATCH_EMAIL), 0);
	assert_int_equal(git_commit_create_v(&id, repo, "HEAD", sig, sig, NULL,
					     msg, tree, parent ? 1 : 0, parent),
			 0);
	git_signature_free(sig);
	git_commit_free(parent);
	git_tree_free(tree);
	git_index_free(index);
	git_repository_free(repo);
	git_libgit2_shutdown();
}

int pr_scratch_git(char *out, size_t size, const char *dir, ...)
{
	pr_child c = {0};
	pr_argv a = {0};
	const char *arg;
	va_list ap;
	int null = open("/dev/null", O_WRONLY);
	size_t n;

	assert_true(null >= 0);
	pr_argv_push(&a, "git");
	pr_argv_push(&a, "-C");
	pr_argv_push(&a, dir);
	va_start(ap, dir);
	while ((arg = va_arg(ap, const char *)))
		pr_argv_push(&a, arg);
	va_end(ap);
	c.argv = a.v;
	c.no_stdin = 1;
	c.err = null;
	c.capture = 1;
	assert_int_equal(pr_child_run(&c), 0);
	close(null);
	pr_argv_free(&a);
	if (out) {
		n = c.output_len < size ? c.output_len : size - 1;
		if (n)
			memcpy(out, c.output, n);
		out[n] = '\0';
		while (n > 0 && out[n - 1] == '\n')
			out[--n] = '\0';
	}
	free(c.output);
	return c.status;
}

int pr_scratch_run(const char *dir, char *const env[], char *const argv[])
{
	pr_child c = {0};

	c.argv = argv;
	c.env = env;
	c.dir = dir;
	c.no_stdin = 1;
	assert_int_equal(pr_child_run(&c), 0);
	return c.status;
}

int pr_scratch_have(const char *prog)
{
	const char *path = getenv("PATH");
	char *dirs, *dir, *save = NULL, *full;
	struct stat st;
	int found = 0;

	if (!path)
		return 0;
	dirs = pr_strdup(path);
	for (dir = strtok_r(dirs, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		full = pr_asprintf("%s/%s", *dir ? dir : ".", prog);
		found = stat(full, &st) == 0 && S_ISREG(st.st_mode) &&
			access(full, X_OK) == 0;
		free(full);
	}
	free(dirs);
	return found;
}

int pr_scratch_entries(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    !strncmp(e->d_name, prefix, strlen(prefix)))
			n++;
	closedir(d);
	return n;
}

void pr_scratch_gzip(const char *path, const char *text)
{
	char *plain = pr_asprintf("%s.plain", path);
	char *argv[] = {"gzip", "-n", "-c", plain, NULL};
	pr_child c = {0};
	int fd;

	put("/", plain + 1, text, "w");
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	c.argv = argv;
	c.no_stdin = 1;
	c.out = fd;
	assert_int_equal(pr_child_run(&c), 0);
	assert_int_equal(c.status, 0);
	assert_int_equal(close(fd), 0);
	assert_int_equal(unlink(plain), 0);
	free(plain);
}
