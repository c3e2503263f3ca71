/* test_spec_command.c - unit tests of src/format/spec_command.c: the keys
 * of [command] and the rules of workload command, each edge from both
 * sides */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/util.h"
#include "format/spec.h"

#define HEAD                                                                   \
	"[experiment]\n"                                                       \
	"kind = calibration\n"                                                 \
	"claim = c\n"                                                          \
	"workload = command\n"                                                 \
	"[ranks]\n"                                                            \
	"group = cpu*2\n"

/* Parse HEAD + tail; the spec (or NULL) into *out. */
static int parse(pr_spec **out, const char *tail)
{
	char *text = pr_asprintf("%s%s", HEAD, tail);
	int error;

	*out = NULL;
	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
	error = pr_spec_parse(out, text, "t.ini", "t");
	free(text);
	return error;
}

static void refused(const char *tail)
{
	pr_spec *s;

	assert_int_equal(parse(&s, tail), PR_EINPUT);
	pr_spec_free(s);
}

static void accepted(const char *tail)
{
	pr_spec *s;

	assert_int_equal(parse(&s, tail), PR_OK);
	pr_spec_free(s);
}

static void test_argv(void **state)
{
	pr_spec *s;
	char *many = pr_strdup("[command]\nargv = p"), *more;
	int i;

	(void)state;
	assert_int_equal(parse(&s, "[command]\nargv =  prog  -n\t4 x\n"),
			 PR_OK);
	assert_int_equal(s->command_argc, 4);
	assert_string_equal(s->command_argv[0], "prog");
	assert_string_equal(s->command_argv[1], "-n");
	assert_string_equal(s->command_argv[2], "4");
	assert_string_equal(s->command_argv[3], "x");
	assert_int_equal(s->reps, 1); /* a launch runs the program once */
	assert_null(s->command_ops);
	assert_int_equal(s->command_max_calls, 0);
	pr_spec_free(s);
	refused("");			     /* no argv */
	refused("[command]\nops = bcast\n"); /* still none */
	/* 64 words: accepted; 65: refused */
	for (i = 1; i < 64; i++) {
		more = pr_asprintf("%s a", many);
		free(many);
		many = more;
	}
	more = pr_asprintf("%s\n", many);
	accepted(more);
	free(more);
	more = pr_asprintf("%s b\n", many);
	refused(more);
	free(more);
	free(many);
}

static void test_ops(void **state)
{
	pr_spec *s;

	(void)state;
	assert_int_equal(
	    parse(&s, "[command]\nargv = p\nops = allreduce, ibarrier\n"),
	    PR_OK);
	assert_string_equal(s->command_ops, "allreduce,ibarrier");
	pr_spec_free(s);
	refused("[command]\nargv = p\nops = allgather\n");
	refused("[command]\nargv = p\nops = send, send\n");
}

static void test_bounds(void **state)
{
	(void)state;
	accepted("[command]\nargv = p\nmax_calls = 1\n");
	refused("[command]\nargv = p\nmax_calls = 0\n");
	accepted("[command]\nargv = p\nmax_calls = 100000000\n");
	refused("[command]\nargv = p\nmax_calls = 100000001\n");
	accepted("[command]\nargv = p\ntimeout_s = 86400\n");
	refused("[command]\nargv = p\ntimeout_s = 86400.5\n");
	refused("[command]\nargv = p\ntimeout_s = 0\n");
	accepted("[command]\nargv = p\ntimeout_s = 0.5\n");
}

static void test_scope(void **state)
{
	pr_spec *s;

	(void)state;
	accepted("[schedule]\nwarmup = 2\nlaunches = 3\n[command]\nargv = p\n");
	refused("[schedule]\nreps = 2\n[command]\nargv = p\n");
	refused("[shape]\nrows = 4\n[command]\nargv = p\n");
	refused("[model]\nname = linear-rows\ncalibration = c\n"
		"[command]\nargv = p\n");
	/* a cpu group: accepted; any other device: refused */
	assert_int_equal(pr_spec_parse(&s,
				       "[experiment]\nkind = calibration\n"
				       "claim = c\nworkload = command\n"
				       "[ranks]\ngroup = cpu-naive*2\n"
				       "[command]\nargv = p\n",
				       "t.ini", "t"),
			 PR_EINPUT);
	pr_spec_free(s);
	/* [command] with another workload */
	assert_int_equal(pr_spec_parse(&s,
				       "[experiment]\nkind = calibration\n"
				       "claim = c\nworkload = pingpong\n"
				       "[shape]\nmin_bytes = 8\nmax_bytes = "
				       "64\n[ranks]\ngroup = cpu*2\n"
				       "[command]\nargv = p\n",
				       "t.ini", "t"),
			 PR_EINPUT);
	pr_spec_free(s);
	assert_int_equal(pr_spec_parse(&s,
				       "[experiment]\nkind = calibration\n"
				       "claim = c\nworkload = pingpong\n"
				       "[shape]\nmin_bytes = 8\nmax_bytes = "
				       "64\n[ranks]\ngroup = cpu*2\n",
				       "t.ini", "t"),
			 PR_OK);
	pr_spec_free(s);
}

static void test_foms(void **state)
{
	pr_spec *s;
	char *eight = pr_strdup("[command]\nargv = p\n"), *more;
	int i;

	(void)state;
	assert_int_equal(parse(&s, "[command]\nargv = p\npmpi = no\n"
				   "fom.t = ^t: (?<value>[0-9.]+) "
				   "(?<unit>ms)$\n"),
			 PR_OK);
	assert_int_equal(s->command_pmpi, 0);
	assert_int_equal(s->nfoms, 1);
	assert_string_equal(s->fom_name[0], "t");
	assert_string_equal(s->fom_pattern[0],
			    "^t: (?<value>[0-9.]+) (?<unit>ms)$");
	pr_spec_free(s);
	assert_int_equal(parse(&s, "[command]\nargv = p\n"), PR_OK);
	assert_int_equal(s->command_pmpi, 1); /* the default */
	pr_spec_free(s);
	accepted("[command]\nargv = p\npmpi = yes\n");
	refused("[command]\nargv = p\npmpi = maybe\n");
	/* pmpi = no needs a figure */
	refused("[command]\nargv = p\npmpi = no\n");
	refused("[command]\nargv = p\npmpi = no\nmax_calls = 5\n"
		"fom.t = (?<value>1)(?<unit>s)\n");
	accepted("[command]\nargv = p\npmpi = yes\nmax_calls = 5\n"
		 "fom.t = (?<value>1)(?<unit>s)\n");
	/* a pattern that compiles with both groups; without one; broken */
	refused("[command]\nargv = p\nfom.t = (?<value>1)\n");
	refused("[command]\nargv = p\nfom.t = (?<value>1(?<unit>s)\n");
	/* names: as experiment names, each once */
	refused("[command]\nargv = p\nfom.a.b = (?<value>1)(?<unit>s)\n");
	refused("[command]\nargv = p\nfom. = (?<value>1)(?<unit>s)\n");
	refused("[command]\nargv = p\nfom.t = (?<value>1)(?<unit>s)\n"
		"fom.t = (?<value>2)(?<unit>s)\n");
	/* 8 figures: accepted; 9: refused */
	for (i = 0; i < 8; i++) {
		more = pr_asprintf("%sfom.f%d = (?<value>1)(?<unit>s)\n", eight,
				   i);
		free(eight);
		eight = more;
	}
	accepted(eight);
	more = pr_asprintf("%sfom.f8 = (?<value>1)(?<unit>s)\n", eight);
	refused(more);
	free(more);
	free(eight);
	/* fom.NAME is [command]'s alone */
	refused(
	    "[command]\nargv = p\n[ranks]\nfom.t = (?<value>1)(?<unit>s)\n");
}

static void test_files(void **state)
{
	pr_spec *s;

	(void)state;
	assert_int_equal(parse(&s, "[command]\nargv = p\n"
				   "inputs = a/in.txt, b.dat\n"
				   "output = out.txt\nfom.t = "
				   "(?<value>1)(?<unit>s)\n"),
			 PR_OK);
	assert_int_equal(s->ninputs, 2);
	assert_string_equal(s->command_inputs[0], "a/in.txt");
	assert_string_equal(s->command_inputs[1], "b.dat");
	assert_string_equal(s->command_output, "out.txt");
	pr_spec_free(s);
	/* paths inside the repository only */
	accepted("[command]\nargv = p\ninputs = a/b/c.txt\n");
	refused("[command]\nargv = p\ninputs = a/../c.txt\n");
	refused("[command]\nargv = p\ninputs = ./c.txt\n");
	refused("[command]\nargv = p\ninputs = a//c.txt\n");
	refused("[command]\nargv = p\ninputs = /c.txt\n");
	/* one name each in the launch's directory */
	accepted("[command]\nargv = p\ninputs = a/x.txt, b/y.txt\n");
	refused("[command]\nargv = p\ninputs = a/x.txt, b/x.txt\n");
	/* output: a name, with a figure to read it */
	refused("[command]\nargv = p\noutput = out.txt\n");
	refused("[command]\nargv = p\noutput = d/out.txt\n"
		"fom.t = (?<value>1)(?<unit>s)\n");
	refused("[command]\nargv = p\noutput = ..\n"
		"fom.t = (?<value>1)(?<unit>s)\n");
}

static void test_formula(void **state)
{
	pr_spec *s;

	(void)state;
	assert_int_equal(parse(&s, "[command]\nargv = p\n[model]\nname = "
				   "formula\ncalibration = c\nformula = P "
				   "* ranks\ncells = fom.t:8, allreduce:0\n"),
			 PR_OK);
	assert_string_equal(s->formula, "P * ranks");
	assert_int_equal(s->nfcells, 2);
	assert_string_equal(s->fcell_phase[0], "fom.t");
	assert_int_equal(s->fcell_bytes[0], 8);
	assert_string_equal(s->fcell_phase[1], "allreduce");
	assert_int_equal(s->fcell_bytes[1], 0);
	pr_spec_free(s);
	/* bytes 0 to 2^30 */
	accepted("[command]\nargv = p\n[model]\nname = formula\n"
		 "calibration = c\nformula = P\ncells = x:1073741824\n");
	refused("[command]\nargv = p\n[model]\nname = formula\n"
		"calibration = c\nformula = P\ncells = x:1073741825\n");
	refused("[command]\nargv = p\n[model]\nname = formula\n"
		"calibration = c\nformula = P\ncells = x:-1\n");
	refused("[command]\nargv = p\n[model]\nname = formula\n"
		"calibration = c\nformula = P\ncells = x:8, x:8\n");
	accepted("[command]\nargv = p\n[model]\nname = formula\n"
		 "calibration = c\nformula = P\ncells = x:8, y:8\n");
	/* both keys, a calibration, a formula that parses */
	refused("[command]\nargv = p\n[model]\nname = formula\n"
		"calibration = c\nformula = P\n");
	refused("[command]\nargv = p\n[model]\nname = formula\n"
		"calibration = c\ncells = x:8\n");
	refused("[command]\nargv = p\n[model]\nname = formula\n"
		"formula = P\ncells = x:8\n");
	refused("[command]\nargv = p\n[model]\nname = formula\n"
		"calibration = c\nformula = P +\ncells = x:8\n");
	/* formula and cells are model formula's */
	refused("[command]\nargv = p\n[model]\nformula = P\n"
		"cells = x:8\n");
}

static void test_args(void **state)
{
	pr_spec *s;

	(void)state;
	assert_int_equal(parse(&s, "[factors]\ntransport = vader, tcp\n"
				   "arg = 8, 1k\n[command]\nargv = p "
				   "-n {arg} --x={arg}\n"),
			 PR_OK);
	assert_int_equal(s->nargs, 2);
	assert_int_equal(pr_spec_nconfigs(s), 4);
	/* the innermost factor */
	assert_string_equal(pr_spec_arg(s, 0), "8");
	assert_string_equal(pr_spec_arg(s, 1), "1k");
	assert_string_equal(pr_spec_arg(s, 2), "8");
	assert_string_equal(pr_spec_transport(s, 1), "vader");
	assert_string_equal(pr_spec_transport(s, 2), "tcp");
	assert_null(pr_spec_arg(s, 4));
	{
		char *l = pr_spec_config_label(s, 3);

		assert_string_equal(l, "tcp, spread, arg 1k");
		free(l);
	}
	pr_spec_free(s);
	/* one value: a config, no label */
	assert_int_equal(parse(&s, "[factors]\narg = 8\n[command]\n"
				   "argv = p {arg}\n"),
			 PR_OK);
	assert_int_equal(pr_spec_nconfigs(s), 1);
	assert_string_equal(pr_spec_arg(s, 0), "8");
	pr_spec_free(s);
	/* without the factor, no arg */
	assert_int_equal(parse(&s, "[command]\nargv = p\n"), PR_OK);
	assert_null(pr_spec_arg(s, 0));
	pr_spec_free(s);
	/* the factor and the placeholder need each other */
	refused("[factors]\narg = 8\n[command]\nargv = p\n");
	refused("[command]\nargv = p {arg}\n");
	refused("[factors]\narg = 8, 8\n[command]\nargv = p {arg}\n");
	refused("[factors]\narg = a b\n[command]\nargv = p {arg}\n");
	/* the factor is workload command's */
	assert_int_equal(pr_spec_parse(&s,
				       "[experiment]\nkind = calibration\n"
				       "claim = c\nworkload = pingpong\n"
				       "[shape]\nmin_bytes = 8\nmax_bytes = "
				       "64\n[ranks]\ngroup = cpu*2\n"
				       "[factors]\narg = 8\n",
				       "t.ini", "t"),
			 PR_EINPUT);
	pr_spec_free(s);
}

#define FORMULA                                                                \
	"[command]\nargv = p\n[model]\nname = formula\ncalibration = c\n"      \
	"formula = P\ncells = x:8\n"

/* [model] FORMULA + tail: accepted or refused */
static int with_medians(const char *tail)
{
	pr_spec *s;
	char *t = pr_asprintf("%s%s", FORMULA, tail);
	int error = parse(&s, t);

	free(t);
	pr_spec_free(s);
	return error;
}

static void test_medians(void **state)
{
	pr_spec *s;
	char *t, *many = pr_strdup("");
	int i;

	(void)state;
	assert_int_equal(parse(&s, FORMULA "median.t_1 = fom.t\n"
					   "median.big = allreduce:1048576\n"),
			 PR_OK);
	assert_int_equal(s->nmedians, 2);
	assert_string_equal(s->median_name[0], "t_1");
	assert_string_equal(s->median_phase[0], "fom.t");
	assert_int_equal(s->median_bytes[0], -1); /* its one size */
	assert_string_equal(s->median_phase[1], "allreduce");
	assert_int_equal(s->median_bytes[1], 1048576);
	pr_spec_free(s);
	/* a name: a letter first, then letters, digits, '_'; 32 at most */
	assert_int_equal(with_medians("median.a = x\n"), PR_OK);
	assert_int_equal(with_medians("median.1a = x\n"), PR_EINPUT);
	assert_int_equal(with_medians("median._a = x\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.a-b = x\n"), PR_EINPUT);
	assert_int_equal(with_medians("median. = x\n"), PR_EINPUT);
	assert_int_equal(
	    with_medians("median.abcdefghijklmnopqrstuvwxyz012345 = x\n"),
	    PR_OK);
	assert_int_equal(
	    with_medians("median.abcdefghijklmnopqrstuvwxyz0123456 = x\n"),
	    PR_EINPUT);
	/* none of the formula's own names: built-ins, constants, functions */
	assert_int_equal(with_medians("median.bytes = x\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.beta_R = x\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.beta_Q = x\n"), PR_OK);
	assert_int_equal(with_medians("median.pi = x\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.pi_2 = x\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.pi_3 = x\n"), PR_OK);
	assert_int_equal(with_medians("median.exp = x\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.e = x\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.ee = x\n"), PR_OK);
	/* each once, at most 8 */
	assert_int_equal(with_medians("median.a = x\nmedian.a = y\n"),
			 PR_EINPUT);
	for (i = 0; i < 8; i++) {
		t = pr_asprintf("%smedian.m%d = x\n", many, i);
		free(many);
		many = t;
	}
	assert_int_equal(with_medians(many), PR_OK);
	t = pr_asprintf("%smedian.m8 = x\n", many);
	assert_int_equal(with_medians(t), PR_EINPUT);
	free(t);
	free(many);
	/* PHASE or PHASE:BYTES, bytes 0 to 2^30 */
	assert_int_equal(with_medians("median.a = x:0\n"), PR_OK);
	assert_int_equal(with_medians("median.a = x:1073741824\n"), PR_OK);
	assert_int_equal(with_medians("median.a = x:1073741825\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.a = x:-1\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.a = x:\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.a = x:8k\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.a = :8\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.a = x y\n"), PR_EINPUT);
	assert_int_equal(with_medians("median.a = x,y\n"), PR_EINPUT);
	/* model formula's only */
	refused("[command]\nargv = p\n[model]\nmedian.a = x\n");
}

#define PROGRAM "[command]\nargv = p\n[model]\nname = program\n"

static int with_program(const char *tail)
{
	pr_spec *s;
	char *t = pr_asprintf("%s%s", PROGRAM, tail);
	int error = parse(&s, t);

	free(t);
	pr_spec_free(s);
	return error;
}

static void test_program(void **state)
{
	pr_spec *s;

	(void)state;
	assert_int_equal(parse(&s, PROGRAM "program = bin/predict.py\n"
					   "timeout_s = 5\n"),
			 PR_OK);
	assert_string_equal(s->predictor, "bin/predict.py");
	assert_true(s->predictor_timeout_s == 5.0);
	pr_spec_free(s);
	/* a relative path without blank, '\', empty, '.' or '..' part */
	assert_int_equal(with_program("program = p\n"), PR_OK);
	assert_int_equal(with_program("program = .p/q..\n"), PR_OK);
	assert_int_equal(with_program("program = /bin/p\n"), PR_EINPUT);
	assert_int_equal(with_program("program = a/../p\n"), PR_EINPUT);
	assert_int_equal(with_program("program = ../p\n"), PR_EINPUT);
	assert_int_equal(with_program("program = ./p\n"), PR_EINPUT);
	assert_int_equal(with_program("program = a//p\n"), PR_EINPUT);
	assert_int_equal(with_program("program = a/\n"), PR_EINPUT);
	assert_int_equal(with_program("program = a p\n"), PR_EINPUT);
	assert_int_equal(with_program("program = a\\p\n"), PR_EINPUT);
	/* timeout_s in (0, 3600] */
	assert_int_equal(with_program("program = p\ntimeout_s = 3600\n"),
			 PR_OK);
	assert_int_equal(with_program("program = p\ntimeout_s = 3601\n"),
			 PR_EINPUT);
	assert_int_equal(with_program("program = p\ntimeout_s = 0\n"),
			 PR_EINPUT);
	/* the model needs program; program and timeout_s need the model */
	assert_int_equal(with_program(""), PR_EINPUT);
	assert_int_equal(with_program("timeout_s = 5\n"), PR_EINPUT);
	refused("[command]\nargv = p\n[model]\nprogram = p\n");
	refused("[command]\nargv = p\n[model]\ntimeout_s = 5\n");
}

static void test_version(void **state)
{
	pr_spec *s;

	(void)state;
	assert_int_equal(parse(&s, "[command]\nargv = p\nversion = -V  x\n"),
			 PR_OK);
	assert_int_equal(s->command_nversion, 2);
	assert_string_equal(s->command_version[0], "-V");
	assert_string_equal(s->command_version[1], "x");
	pr_spec_free(s);
	assert_int_equal(parse(&s, "[command]\nargv = p\n"), PR_OK);
	assert_int_equal(s->command_nversion, 0);
	pr_spec_free(s);
	/* 1 to 8 words */
	accepted("[command]\nargv = p\nversion = 1 2 3 4 5 6 7 8\n");
	refused("[command]\nargv = p\nversion = 1 2 3 4 5 6 7 8 9\n");
	refused("[command]\nargv = p\nversion = \n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_argv),    cmocka_unit_test(test_ops),
	    cmocka_unit_test(test_bounds),  cmocka_unit_test(test_scope),
	    cmocka_unit_test(test_foms),    cmocka_unit_test(test_files),
	    cmocka_unit_test(test_formula), cmocka_unit_test(test_args),
	    cmocka_unit_test(test_medians), cmocka_unit_test(test_program),
	    cmocka_unit_test(test_version),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
