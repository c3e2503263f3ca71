/* test_launch.c - unit tests of src/run/launch.c: finding the launchers'
 * programs on PATH */
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

#include "run/launch.h"
#include "base/util.h"

/* A scratch directory, the PATH and working directory to restore. */
struct scratch {
	char dir[64];
	char *path, *cwd;
};

static void scratch_make(struct scratch *s)
{
	const char *path = getenv("PATH");

	strcpy(s->dir, "/tmp/test_launch_XXXXXX");
	assert_non_null(mkdtemp(s->dir));
	s->path = path ? pr_strdup(path) : NULL;
	s->cwd = getcwd(NULL, 0);
	assert_non_null(s->cwd);
}

static void scratch_done(struct scratch *s)
{
	if (s->path)
		setenv("PATH", s->path, 1);
	else
		unsetenv("PATH");
	assert_int_equal(chdir(s->cwd), 0);
	pr_remove_tree(s->dir);
	free(s->path);
	free(s->cwd);
}

/* dir/name as a symbolic link to the program the saved PATH finds; 0
 * when that PATH has none. */
static int link_real(const struct scratch *s, const char *name)
{
	char *from = NULL, *to = pr_asprintf("%s/%s", s->dir, name);
	const char *dir, *colon;
	int found = 0;

	for (dir = s->path; dir && !found; dir = colon ? colon + 1 : NULL) {
		colon = strchr(dir, ':');
		free(from);
		from = pr_asprintf(
		    "%.*s/%s", (int)(colon ? colon - dir : (long)strlen(dir)),
		    dir, name);
		found = access(from, X_OK) == 0;
	}
	if (found)
		assert_int_equal(symlink(from, to), 0);
	free(from);
	free(to);
	return found;
}

/* pr_launch_check's result and message, quietly. */
static int check(const char *launcher, const char **msg)
{
	int quiet = pr_set_quiet(1), error = pr_launch_check(launcher);

	pr_set_quiet(quiet);
	*msg = error < 0 ? pr_last_error() : "";
	return error;
}

static void test_mpirun(void **state)
{
	struct scratch s;
	const char *msg;

	(void)state;
	scratch_make(&s);
	setenv("PATH", s.dir, 1);
	assert_false(pr_launch_on_path("mpirun"));
	assert_string_equal(pr_launch_missing("mpirun"), "mpirun");
	assert_int_equal(check("mpirun", &msg), PR_EINPUT);
	assert_string_equal(msg, "'mpirun' not found on PATH: --launcher "
				 "mpirun needs Open MPI's mpirun (Debian: "
				 "openmpi-bin)");
	if (!link_real(&s, "mpirun"))
		fail_msg("no mpirun on PATH (Debian: openmpi-bin)");
	assert_true(pr_launch_on_path("mpirun"));
	assert_null(pr_launch_missing("mpirun"));
	assert_int_equal(check("mpirun", &msg), PR_OK);
	scratch_done(&s);
}

/* Executable regular files only, as execvp runs them. */
static void test_not_a_program(void **state)
{
	struct scratch s;
	char *p;
	FILE *f;

	(void)state;
	scratch_make(&s);
	p = pr_asprintf("%s/bin", s.dir);
	assert_int_equal(mkdir(p, 0755), 0);
	setenv("PATH", p, 1);
	free(p);
	p = pr_asprintf("%s/bin/mpirun", s.dir);
	assert_int_equal(mkdir(p, 0755), 0); /* a directory */
	assert_false(pr_launch_on_path("mpirun"));
	assert_int_equal(rmdir(p), 0);
	assert_non_null(f = fopen(p, "w")); /* a file, not executable */
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(p, 0644), 0);
	assert_false(pr_launch_on_path("mpirun"));
	assert_int_equal(chmod(p, 0755), 0);
	assert_true(pr_launch_on_path("mpirun"));
	/* a name with a '/' is a path, not looked up */
	assert_true(pr_launch_on_path(p));
	assert_false(pr_launch_on_path("bin/none"));
	free(p);
	scratch_done(&s);
}

/* PATH entries in order; an empty one is the working directory. */
static void test_path_entries(void **state)
{
	struct scratch s;
	char *path;

	(void)state;
	scratch_make(&s);
	if (!link_real(&s, "mpirun"))
		fail_msg("no mpirun on PATH (Debian: openmpi-bin)");
	path = pr_asprintf("/nonexistent:%s", s.dir);
	setenv("PATH", path, 1);
	assert_true(pr_launch_on_path("mpirun"));
	free(path);
	setenv("PATH", "/nonexistent:", 1);
	assert_false(pr_launch_on_path("mpirun"));
	assert_int_equal(chdir(s.dir), 0);
	assert_true(pr_launch_on_path("mpirun"));
	setenv("PATH", "", 1);
	assert_true(pr_launch_on_path("mpirun"));
	scratch_done(&s);
}

/* Every one of Slurm's client commands that prereg runs. */
static void test_slurm(void **state)
{
	static const char *const progs[] = {"sbatch",	"srun",	 "squeue",
					    "scontrol", "sinfo", "scancel"};
	struct scratch s;
	const char *msg;
	size_t i;

	(void)state;
	scratch_make(&s);
	setenv("PATH", s.dir, 1);
	assert_int_equal(check("slurm", &msg), PR_EINPUT);
	assert_string_equal(msg, "'sbatch' not found on PATH: --launcher slurm "
				 "needs Slurm's client commands (Debian: "
				 "slurm-client), or use --launcher mpirun");
	for (i = 0; i < sizeof(progs) / sizeof(progs[0]); i++) {
		assert_string_equal(pr_launch_missing("slurm"), progs[i]);
		if (!link_real(&s, progs[i])) {
			scratch_done(&s);
			skip(); /* no slurm-client here */
		}
	}
	assert_null(pr_launch_missing("slurm"));
	assert_int_equal(check("slurm", &msg), PR_OK);
	scratch_done(&s);
}

static void test_unknown_launcher(void **state)
{
	const char *msg;

	(void)state;
	assert_string_equal(pr_launch_missing("pbs"), "pbs");
	assert_int_equal(check("pbs", &msg), PR_EINPUT);
	assert_string_equal(msg, "unknown launcher 'pbs' (known: mpirun, "
				 "slurm)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_mpirun),
	    cmocka_unit_test(test_not_a_program),
	    cmocka_unit_test(test_path_entries),
	    cmocka_unit_test(test_slurm),
	    cmocka_unit_test(test_unknown_launcher),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
