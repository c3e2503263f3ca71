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

#include "analyze/plot-internal.h"
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
	assert_int_equal(error, 0);
	if (gnuplot)
		error = pr_plots_render(dir, p, n);
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

/* dir/file read whole (caller frees). */
static char *slurp(const char *dir, const char *file, size_t *len)
{
	char *path = pr_asprintf("%s/%s", dir, file), *text = NULL;

	assert_int_equal(pr_read_file(&text, len, path, PR_READ_MAX), 0);
	free(path);
	return text;
}

/* One gnuplot draws every plot of a report: each SVG is the bytes its
 * script gives in a gnuplot of its own (no setting of one plot leaks into
 * the next). */
static void test_batch_same_bytes(void **state)
{
	char *one = pr_scratch_dir("test-plot-one");
	char *all = pr_scratch_dir("test-plot-all");
	pr_analysis a;
	pr_analysis_run r[2];
	pr_analysis_row x[2];
	pr_cell c;
	pr_plot *p = NULL, *q = NULL;
	size_t n = 0, m = 0, i, la, lb;
	char *ta, *tb;

	(void)state;
	if (!pr_scratch_have("gnuplot"))
		skip();
	hostile(&a, r, x, &c);
	assert_int_equal(pr_plot_run(&p, &n, &a, &r[1], all), 0);
	assert_int_equal(pr_plot_run(&q, &m, &a, &r[1], one), 0);
	assert_int_equal(n, 4);
	assert_int_equal(pr_plots_render(all, p, n), 0);
	for (i = 0; i < m; i++)
		assert_int_equal(pr_plots_render(one, &q[i], 1), 0);
	for (i = 0; i < n; i++) {
		ta = slurp(all, p[i].file, &la);
		tb = slurp(one, q[i].file, &lb);
		assert_true(la > 100);
		assert_int_equal(la, lb);
		assert_memory_equal(ta, tb, la);
		free(ta);
		free(tb);
	}
	/* no temporary output left behind */
	assert_int_equal(pr_scratch_entries(all, "") - 3 * (int)n, 0);
	pr_plots_free(p, n);
	pr_plots_free(q, m);

	/* a setting of the first script (a log axis) that the second does
	 * not make: the second is drawn as alone all the same */
	p = pr_calloc(2, sizeof(*p));
	p[0].file = pr_strdup("a.svg");
	p[1].file = pr_strdup("b.svg");
	pr_scratch_write(all, "a.gp",
			 "set terminal svg size 200,200\nset logscale y\n"
			 "plot x*x+1\n");
	pr_scratch_write(all, "b.gp",
			 "set terminal svg size 200,200\nplot x*x+1\n");
	pr_scratch_write(one, "b.gp",
			 "set terminal svg size 200,200\nplot x*x+1\n");
	assert_int_equal(pr_plots_render(all, p, 2), 0);
	assert_int_equal(pr_plots_render(one, &p[1], 1), 0);
	ta = slurp(all, "b.svg", &la);
	tb = slurp(one, "b.svg", &lb);
	assert_int_equal(la, lb);
	assert_memory_equal(ta, tb, la);
	free(ta);
	free(tb);
	pr_plots_free(p, 2);
	pr_scratch_remove(one);
	pr_scratch_remove(all);
	free(one);
	free(all);
}

/* A script gnuplot refuses among others: the other plots are drawn, the
 * refused one is not, no temporary file is left, and the message names
 * the refused script (one gnuplot per plot after the shared one fails). */
static void test_batch_failure(void **state)
{
	char *dir = pr_scratch_dir("test-plot-bad"), *gp, *svg;
	pr_analysis a;
	pr_analysis_run r[2];
	pr_analysis_row x[2];
	pr_cell c;
	pr_plot *p = NULL;
	pr_error_scope quiet;
	size_t n = 0, i;
	int error;

	(void)state;
	if (!pr_scratch_have("gnuplot"))
		skip();
	hostile(&a, r, x, &c);
	assert_int_equal(pr_plot_run(&p, &n, &a, &r[1], dir), 0);
	gp = pr_asprintf("%.*s.gp", (int)strlen(p[1].file) - 4, p[1].file);
	pr_scratch_append(dir, gp, "this is no gnuplot command\n");
	pr_error_record(&quiet);
	error = pr_plots_render(dir, p, n);
	pr_error_restore(&quiet);
	assert_true(error < 0);
	assert_non_null(strstr(pr_last_error(), "gnuplot failed on"));
	assert_non_null(strstr(pr_last_error(), gp));
	for (i = 0; i < n; i++) {
		svg = pr_asprintf("%s/%s", dir, p[i].file);
		assert_int_equal(access(svg, F_OK) == 0, i != 1);
		free(svg);
	}
	/* .dat and .gp of each, the SVGs of the three others */
	assert_int_equal(pr_scratch_entries(dir, ""), 2 * (int)n + 3);
	free(gp);
	pr_plots_free(p, n);
	pr_scratch_remove(dir);
	free(dir);
}

/* Two runs of a sweep with no cell: n rows of run 0 (bytes 100 ...) and
 * the same with one more row, of `extra` bytes, in run 1; the gnuplot
 * script of each overlay part of the last run read into *gp (caller frees
 * each), their count returned. */
static size_t group_overlays(char ***gp, size_t n, int64_t extra)
{
	static char *label[] = {"v"};
	pr_analysis a;
	pr_analysis_run r[2];
	pr_analysis_row *x = pr_calloc(n + 1, sizeof(*x));
	pr_plot *p = NULL;
	size_t np = 0, i, k = 0;
	char *dir = pr_scratch_dir("test-plot-overlay");

	memset(&a, 0, sizeof(a));
	memset(r, 0, sizeof(r));
	for (i = 0; i <= n; i++) {
		x[i].sel.phase = "pingpong";
		x[i].sel.bytes = i < n ? 100 + (int64_t)i : extra;
		x[i].sel.rows = -1;
		x[i].sel.rank = -1;
		x[i].n = 3;
		x[i].stat = 2e-3;
		x[i].ci.lo = 1e-3;
		x[i].ci.hi = 3e-3;
	}
	for (i = 0; i < 2; i++) {
		r[i].run_id = i ? "B" : "A";
		r[i].config_label = label;
		r[i].nconfigs = 1;
		r[i].row = x;
		r[i].nrows = n + i;
	}
	a.name = "x";
	a.run = r;
	a.nruns = 2;
	pr_plot_run(&p, &np, &a, &r[1], dir);
	*gp = pr_calloc(np + 1, sizeof(**gp));
	for (i = 0; i < np; i++) {
		char *path = pr_asprintf("%s/%.*s.gp", dir,
					 (int)strlen(p[i].file) - 4, p[i].file);
		size_t len;

		assert_non_null(strstr(p[i].file, "B-overlay"));
		assert_int_equal(
		    pr_read_file(&(*gp)[k++], &len, path, PR_READ_MAX), 0);
		free(path);
	}
	pr_plots_free(p, np);
	pr_scratch_remove(dir);
	free(dir);
	free(x);
	return k;
}

/* An experiment without cells has an overlay of its groups, sorted (the
 * rerun's new size first); more than PR_PLOT_OVERLAY_ROWS (60) rows split
 * into parts. */
static void test_overlay_groups(void **state)
{
	char **gp;
	size_t i, k;

	(void)state;
	/* 59 + 1 rows: one plot */
	k = group_overlays(&gp, 59, 1);
	assert_int_equal(k, 1);
	assert_non_null(strstr(gp[0], "B-overlay.dat"));
	assert_non_null(strstr(gp[0], "set yrange [60.5:0.5]"));
	assert_non_null(strstr(gp[0], "set ytics ('0 v pingpong 1 B' 1, "
				      "'0 v pingpong 100 B' 2,"));
	assert_non_null(strstr(gp[0], "measured per group"));
	assert_null(strstr(gp[0], "part"));
	for (i = 0; i < k; i++)
		free(gp[i]);
	free(gp);

	/* 60 + 1 rows: two parts, 60 and 1 */
	k = group_overlays(&gp, 60, 1000);
	assert_int_equal(k, 2);
	assert_non_null(strstr(gp[0], "B-overlay-1.dat"));
	assert_non_null(strstr(gp[0], "set yrange [60.5:0.5]"));
	assert_non_null(strstr(gp[0], "2 runs (part 1 of 2)"));
	assert_non_null(strstr(gp[1], "B-overlay-2.dat"));
	assert_non_null(strstr(gp[1], "set yrange [1.5:0.5]"));
	assert_non_null(strstr(gp[1], "set ytics ('0 v pingpong 1000 B' 1)"));
	/* run A has no row in part 2: its series is left out */
	assert_null(strstr(gp[1], "original A"));
	assert_non_null(strstr(gp[1], "index 0 using"));
	for (i = 0; i < k; i++)
		free(gp[i]);
	free(gp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hostile_strings),
	    cmocka_unit_test(test_batch_same_bytes),
	    cmocka_unit_test(test_batch_failure),
	    cmocka_unit_test(test_overlay_groups),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
