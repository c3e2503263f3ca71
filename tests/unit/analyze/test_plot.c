/* test_plot.c - unit tests of src/analyze/plot.c: strings from a
 * repository go into the gnuplot scripts as text, never as commands */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "analyze/plot.h"
#include "base/util.h"
#include "helpers/scratch.h"

/* What a hostile repository can name: the experiment, the run id, a
 * config's label and a device. Each tries to make gnuplot (which runs in
 * the plots' directory) create a file M1 ... M8 there. */
static char name[] = "x`touch M1`\nsystem \"touch M2\"\n#";
static char run_id[] = "R`touch M3`'.system('touch M4').'";
static char label_text[] = "v`touch M5`\"\n!touch M6\n";
static char device[] = "cpu`touch M7`'`touch M8`'";

/* One run of one config and one row: a cell (compute on the device at
 * 1000 rows) and its group, measured in two launches; so every plot of a
 * run but the overlay is drawn, the overlay too when two runs share a. */
static void hostile(pr_analysis *a, pr_analysis_run *r, pr_analysis_row *x,
		    pr_cell *c)
{
	static char *label[] = {label_text};
	static int launch[] = {0, 1};
	static double med[] = {2.2e-3, 2.6e-3};
	int i;

	memset(a, 0, sizeof(*a));
	memset(c, 0, sizeof(*c));
	c->sel.phase = "compute";
	c->sel.device = device;
	c->sel.bytes = -1;
	c->sel.rows = 1000;
	c->sel.rank = -1;
	c->predicted_s = 2e-3;
	c->lo_s = 1.8e-3;
	c->hi_s = 2.2e-3;
	for (i = 0; i < 2; i++) {
		memset(&x[i], 0, sizeof(x[i]));
		x[i].sel = c->sel;
		x[i].n = 3;
		x[i].nlaunches = 2;
		x[i].launch = launch;
		x[i].launch_med = med;
		x[i].stat = 2.4e-3;
		x[i].ci.lo = 2e-3;
		x[i].ci.hi = 3e-3;
		x[i].cv = x[i].max_min = NAN;
	}
	x[0].cell = c;
	for (i = 0; i < 2; i++) {
		memset(&r[i], 0, sizeof(r[i]));
		r[i].run_id = run_id;
		r[i].status = "complete";
		r[i].config_label = label;
		r[i].nconfigs = 1;
		r[i].row = &x[0];
		r[i].nrows = 1;
		r[i].group = &x[1];
		r[i].ngroups = 1;
	}
	a->name = name;
	a->run = r;
	a->nruns = 2;
}

/* Every plot of the last of two runs, all four scripts: gnuplot renders
 * them (the strings are well-formed gnuplot strings) and runs nothing. */
static void test_hostile_strings(void **state)
{
	char *dir;
	pr_analysis a;
	pr_analysis_run r[2];
	pr_analysis_row x[2];
	pr_cell c;
	pr_plot *p = NULL;
	size_t n = 0, i;
	int error, gnuplot = pr_scratch_have("gnuplot");

	(void)state;
	hostile(&a, r, x, &c);
	dir = pr_scratch_dir("test-plot");
	error = pr_plot_run(&p, &n, &a, &r[1], dir);
	assert_int_equal(n, 4);
	/* a file whose name starts with 'M' is what a command made */
	assert_int_equal(pr_scratch_entries(dir, "M"), 0);
	if (gnuplot) {
		assert_int_equal(error, 0);
		for (i = 0; i < n; i++) {
			char *svg = pr_asprintf("%s/%s", dir, p[i].file);

			assert_int_equal(access(svg, F_OK), 0);
			free(svg);
		}
	}
	pr_plots_free(p, n);
	pr_scratch_remove(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hostile_strings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
