/* test_launch.c - unit tests of src/run/launch.c and src/run/slurm.c: the
 * launchers' programs on PATH, mpirun's command lines, Slurm's environment
 * and batch script */
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

#include "base/util.h"
#include "format/spec.h"
#include "helpers/scratch.h"
#include "run/launch.h"
#include "run/launcher.h"
#include "run/plan.h"
#include "run/slurm.h"

/* A scratch directory (pr_scratch_dir), the PATH and working directory
 * to restore. */
struct scratch {
	char *dir, *path, *cwd;
};

static void scratch_make(struct scratch *s)
{
	const char *path = getenv("PATH");

	s->dir = pr_scratch_dir("test-launch");
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
	pr_scratch_remove(s->dir);
	free(s->dir);
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
	int error = pr_launch_check(launcher);

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
	pr_scratch_mkdir(s.dir, "bin");
	p = pr_asprintf("%s/bin", s.dir);
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

/* A spec of `groups` with the given [factors] and [mpi] and [slurm]
 * lines. */
static pr_spec *spec_of(const char *groups, const char *factors,
			const char *extra)
{
	char *text = pr_asprintf("[experiment]\nkind = validation\n"
				 "claim = c\nworkload = kv-split\n"
				 "budget_s = 60\n[shape]\nrows = 64\n"
				 "keys = 8\nd = 16\n[ranks]\ngroup = %s\n"
				 "[factors]\n%s\n%s",
				 groups, factors, extra);
	pr_spec *spec = NULL;

	assert_int_equal(pr_spec_parse(&spec, text, "t.ini", "t"), PR_OK);
	free(text);
	return spec;
}

/* The plan of spec on a machine of ncores cores, its runner RANK. */
static void plan_of(pr_run_plan *p, const pr_spec *spec, int ncores)
{
	memset(p, 0, sizeof(*p));
	pr_run_plan_init(p, spec, NULL);
	p->ncores = ncores;
	p->rank_bin = pr_strdup("RANK");
}

/* The mpirun line of `config` as one string. */
static char *mpirun_line(const pr_spec *spec, int config, int ncores,
			 int *pin_core0)
{
	pr_run_plan p;
	pr_launch_cmd cmd;
	char *line;

	plan_of(&p, spec, ncores);
	pr_launch_mpirun(&cmd, &p, config, "PLAN");
	line = pr_argv_join(&cmd.argv);
	*pin_core0 = cmd.pin_core0;
	pr_argv_free(&cmd.argv);
	pr_run_plan_free(&p);
	return line;
}

static void expect_mpirun(const pr_spec *spec, int config, int ncores,
			  int pin_core0, const char *want)
{
	int pin = -1;
	char *line = mpirun_line(spec, config, ncores, &pin);

	assert_string_equal(line, want);
	assert_int_equal(pin, pin_core0);
	free(line);
}

/* Each transport's MCA arguments (DESIGN 6.4), spread over enough cores. */
static void test_mpirun_transports(void **state)
{
	pr_spec *spec =
	    spec_of("cpu*2", "transport = vader, tcp, ucx, default", "");

	(void)state;
	expect_mpirun(spec, 0, 4, 0,
		      "mpirun -np 2 --bind-to core --mca pml ob1 --mca btl "
		      "self,vader RANK PLAN");
	expect_mpirun(spec, 1, 4, 0,
		      "mpirun -np 2 --bind-to core --mca pml ob1 --mca btl "
		      "self,tcp --mca btl_tcp_if_include lo RANK PLAN");
	expect_mpirun(spec, 2, 4, 0,
		      "mpirun -np 2 --bind-to core --mca pml ucx --mca "
		      "pml_ucx_tls any --mca pml_ucx_devices any -x "
		      "UCX_TLS=sm,self RANK PLAN");
	expect_mpirun(spec, 3, 4, 0, "mpirun -np 2 --bind-to core RANK PLAN");
	pr_spec_free(spec);
}

/* More ranks than cores: oversubscribed and unbound; packed: core 0. */
static void test_mpirun_placement(void **state)
{
	pr_spec *spec = spec_of("cpu*3",
				"transport = default\n"
				"placement = spread, packed",
				"");

	(void)state;
	expect_mpirun(spec, 0, 3, 0, "mpirun -np 3 --bind-to core RANK PLAN");
	/* ranks sharing a core yield when they wait */
	expect_mpirun(spec, 0, 2, 0,
		      "mpirun -np 3 --oversubscribe --bind-to none --mca "
		      "mpi_yield_when_idle 1 RANK PLAN");
	expect_mpirun(spec, 1, 3, 1,
		      "mpirun -np 3 --bind-to none --mca mpi_yield_when_idle 1 "
		      "RANK PLAN");
	expect_mpirun(spec, 1, 1, 1,
		      "mpirun -np 3 --oversubscribe --bind-to none --mca "
		      "mpi_yield_when_idle 1 RANK PLAN");
	pr_spec_free(spec);
}

/* A cpu-blocks rank runs threads: it is not bound to one core, spread or
 * not; packed still puts it on core 0. */
static void test_mpirun_threads(void **state)
{
	pr_spec *spec = spec_of("cpu-blocks:2*1",
				"transport = default\n"
				"placement = spread, packed",
				"");

	(void)state;
	expect_mpirun(spec, 0, 2, 0, "mpirun -np 1 --bind-to none RANK PLAN");
	expect_mpirun(spec, 1, 2, 1,
		      "mpirun -np 1 --bind-to none --mca mpi_yield_when_idle 1 "
		      "RANK PLAN");
	pr_spec_free(spec);
	spec = spec_of("cpu*1, cpu-blocks:4*1", "transport = default", "");
	expect_mpirun(spec, 0, 2, 0, "mpirun -np 2 --bind-to none RANK PLAN");
	pr_spec_free(spec);
}

/* [mpi] algorithm = ring after the transport's settings. */
static void test_mpirun_ring(void **state)
{
	pr_spec *spec = spec_of("cpu*2, cpu-naive*2", "transport = vader",
				"[mpi]\nalgorithm = ring\n");

	(void)state;
	expect_mpirun(spec, 0, 2, 0,
		      "mpirun -np 4 --oversubscribe --bind-to none --mca "
		      "mpi_yield_when_idle 1 --mca pml "
		      "ob1 --mca btl self,vader --mca "
		      "coll_tuned_use_dynamic_rules 1 --mca "
		      "coll_tuned_allreduce_algorithm 4 RANK PLAN");
	pr_spec_free(spec);
}

/* [mpi] yield_when_idle: yes sets it where auto would not, no leaves it
 * out where auto would set it, auto decides by sharing. */
static void test_mpirun_yield(void **state)
{
	pr_spec *yes = spec_of("cpu*2", "transport = default",
			       "[mpi]\nyield_when_idle = yes\n");
	pr_spec *no =
	    spec_of("cpu*3", "transport = default\nplacement = packed",
		    "[mpi]\nyield_when_idle = no\n");
	pr_spec *aut = spec_of("cpu*2", "transport = default",
			       "[mpi]\nyield_when_idle = auto\n");

	(void)state;
	expect_mpirun(yes, 0, 2, 0,
		      "mpirun -np 2 --bind-to core --mca mpi_yield_when_idle 1 "
		      "RANK PLAN");
	expect_mpirun(no, 0, 1, 1,
		      "mpirun -np 3 --oversubscribe --bind-to none RANK PLAN");
	expect_mpirun(aut, 0, 2, 0, "mpirun -np 2 --bind-to core RANK PLAN");
	expect_mpirun(aut, 0, 1, 0,
		      "mpirun -np 2 --oversubscribe --bind-to none --mca "
		      "mpi_yield_when_idle 1 RANK PLAN");
	pr_spec_free(yes);
	pr_spec_free(no);
	pr_spec_free(aut);
}

static char *slurm_env_line(const pr_spec *spec, int config)
{
	pr_argv env = {0};
	pr_run_plan p;
	char *line;

	plan_of(&p, spec, 1);
	pr_slurm_env(&env, &p, config);
	line = pr_argv_join(&env);
	pr_argv_free(&env);
	pr_run_plan_free(&p);
	return line;
}

static char *slurm_script(const pr_spec *spec)
{
	pr_run_plan p;
	char *s;

	plan_of(&p, spec, 1);
	s = pr_slurm_script(&p);
	pr_run_plan_free(&p);
	return s;
}

/* The same settings as OMPI_MCA_* for srun, without loopback-only tcp. */
static void test_slurm_env(void **state)
{
	pr_spec *spec = spec_of("cpu*2", "transport = vader, tcp, ucx, default",
				"[mpi]\nalgorithm = ring\n");
	static const char *const want[] = {
	    "OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader",
	    "OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,tcp",
	    /* one element: the parentheses say so to clang */
	    ("OMPI_MCA_pml=ucx OMPI_MCA_pml_ucx_tls=any "
	     "OMPI_MCA_pml_ucx_devices=any UCX_TLS=sm,self"),
	    ""};
	const char *ring = "OMPI_MCA_coll_tuned_use_dynamic_rules=1 "
			   "OMPI_MCA_coll_tuned_allreduce_algorithm=4";
	int c;

	(void)state;
	for (c = 0; c < 4; c++) {
		char *line = slurm_env_line(spec, c);
		char *expect =
		    pr_asprintf("%s%s%s", want[c], *want[c] ? " " : "", ring);

		assert_string_equal(line, expect);
		free(line);
		free(expect);
	}
	pr_spec_free(spec);
}

/* Under Slurm only yield_when_idle = yes sets it: auto cannot see which
 * nodes share a host's cores. */
static void test_slurm_yield(void **state)
{
	pr_spec *yes = spec_of("cpu*4", "transport = tcp",
			       "[mpi]\nyield_when_idle = yes\n");
	pr_spec *aut = spec_of("cpu*4", "transport = tcp", "");
	char *line = slurm_env_line(yes, 0), *plain = slurm_env_line(aut, 0);

	(void)state;
	assert_string_equal(line, "OMPI_MCA_mpi_yield_when_idle=1 "
				  "OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,tcp");
	assert_string_equal(plain, "OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,tcp");
	free(line);
	free(plain);
	pr_spec_free(yes);
	pr_spec_free(aut);
}

/* One #SBATCH component per group, its own [slurm] values or the one for
 * all; one srun step over every component. */
static void test_slurm_script(void **state)
{
	pr_spec *spec = spec_of(
	    "cpu*2, cpu*3", "transport = tcp",
	    "[slurm]\npartition = gpuA, gpuB\ngres = gpu:1\ntime = 7\n");
	pr_spec *one = spec_of("cpu*2", "transport = tcp", "");
	char *s = slurm_script(spec), *t = slurm_script(one);
	const char *end = "rm -rf \"$RCDIR\" \"$RCDIR.up\"\nexit $rc\n";

	(void)state;
	assert_non_null(strstr(s, "#SBATCH --job-name=prereg-t\n"
				  "#SBATCH --ntasks=2 --time=7 "
				  "--partition=gpuA --gres=gpu:1\n"
				  "#SBATCH hetjob\n"
				  "#SBATCH --ntasks=3 --time=7 "
				  "--partition=gpuB --gres=gpu:1\n"));
	/* the tasks write their status into RCDIR: it must reach them */
	assert_non_null(strstr(s, "\nN=5 GRACE=10\nexport RCDIR\n"));
	/* and each says it started, in RCDIR.up, before its program */
	assert_non_null(strstr(s, "rm -rf \"$RCDIR\" \"$RCDIR.up\"; mkdir -p "
				  "\"$RCDIR\" \"$RCDIR.up\"\n"));
	assert_non_null(strstr(s, "\n: >\"$RCDIR.up/$SLURM_PROCID\"\n\"$@\"; "
				  "r=$?;"));
	assert_non_null(strstr(
	    s, "\nsrun -K --mpi=pmix --het-group=0 bash -c \"D=0; $T\" - "
	       "\"$RANK\" \"$PLAN\" : --het-group=1 bash -c \"D=1; $T\" - "
	       "\"$RANK\" \"$PLAN\" &\nS=$! i=0 seen=0 gone=0 first=0 q=\n"));
	/* the watchdog, embedded from slurm-watchdog.sh, ends the script */
	assert_non_null(strstr(s, "\tif printf '%s\\n' \"$q\" | grep -qx"));
	assert_string_equal(s + strlen(s) - strlen(end), end);
	assert_null(strstr(t, "hetjob"));
	assert_null(strstr(t, "--het-group"));
	assert_non_null(strstr(t, "\nsrun -K --mpi=pmix bash -c \"D=0; $T\""));
	free(s);
	free(t);
	pr_spec_free(spec);
	pr_spec_free(one);
}

/* The table: each launcher by name, the unknown one refused. */
static void test_launcher_table(void **state)
{
	const pr_launcher *l = NULL;

	(void)state;
	assert_ptr_equal(pr_launcher_find("mpirun"), &pr_launcher_mpirun);
	assert_ptr_equal(pr_launcher_find("slurm"), &pr_launcher_slurm);
	assert_null(pr_launcher_mpirun.script);
	assert_string_equal(pr_launcher_slurm.script, "slurm.sh");
	assert_int_equal(pr_launcher_lookup(&l, "pbs"), PR_EINPUT);
	assert_null(l);
	assert_string_equal(pr_last_error(), "unknown launcher 'pbs' (known: "
					     "mpirun, slurm)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_mpirun),
	    cmocka_unit_test(test_not_a_program),
	    cmocka_unit_test(test_path_entries),
	    cmocka_unit_test(test_slurm),
	    cmocka_unit_test(test_unknown_launcher),
	    cmocka_unit_test(test_mpirun_transports),
	    cmocka_unit_test(test_mpirun_placement),
	    cmocka_unit_test(test_mpirun_threads),
	    cmocka_unit_test(test_mpirun_ring),
	    cmocka_unit_test(test_slurm_env),
	    cmocka_unit_test(test_slurm_yield),
	    cmocka_unit_test(test_mpirun_yield),
	    cmocka_unit_test(test_slurm_script),
	    cmocka_unit_test(test_launcher_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
