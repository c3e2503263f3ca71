/* geometry.h - the GPU launch-geometry model (DESIGN 5); pure functions */
#ifndef PR_GEOMETRY_H
#define PR_GEOMETRY_H

/* Blocks of a launch: ceil(rows / rows_per_block). */
long pr_geometry_blocks(long rows, int rows_per_block);

/* Waves: ceil(blocks / (units * blocks_per_unit)). */
long pr_geometry_waves(long blocks, int units, int blocks_per_unit);

/*
 * The rows at which the time steps: the last row of wave k is
 * k * units * blocks_per_unit * rows_per_block, and the time steps at the
 * next row. Writes up to max steps with k = 1, 2, ... whose first row of
 * the next wave is <= max_rows; returns how many.
 */
int pr_geometry_steps(long *step, int max, int units, int blocks_per_unit,
		      int rows_per_block, long max_rows);

/*
 * A rows sweep dense around each step s: s - 2h, s - h, s, s + 1, s + h,
 * s + 2h (h = rows per block * 32, at least 1) and a few rows far from any
 * step, sorted, unique, each in [1, max_rows]. Returns how many (<= max).
 */
int pr_geometry_sweep(long *rows, int max, const long *step, int nsteps,
		      int rows_per_block, long max_rows);

/* The same with the spacing h given (cpu-blocks: a quarter of a wave). */
int pr_geometry_sweep_h(long *rows, int max, const long *step, int nsteps,
			long h, long max_rows);

/*
 * cpu-blocks:T (DESIGN 5): the units that run a wave at once, T capped
 * by the cores the rank may use (threads beyond them take turns, so the
 * wave's time grows by ceil(T / cores) and the time steps every
 * min(T, cores) threads' blocks). cores < 1 counts as 1.
 */
int pr_geometry_cpu_units(int threads, int cores);

/* One rows value of a sweep: the statistic and its launch-level
 * interval. */
typedef struct {
	long rows;
	double stat, lo, hi;
} pr_geometry_point;

/*
 * Steps of a series sorted by rows: p[i].rows is a step when p[i].stat >
 * p[i-1].stat * min_ratio and p[i].lo > p[i-1].hi (the two intervals do
 * not overlap). Writes up to max rows values (the first rows measured on
 * each new plateau) and returns how many.
 */
int pr_geometry_detect(long *out, int max, const pr_geometry_point *p, int n,
		       double min_ratio);

typedef enum {
	PR_STEP_PASS,	/* observed within tolerance_rows of the prediction */
	PR_STEP_FAIL,	/* observed nearest to it, but farther than that */
	PR_STEP_MISSED, /* no observed step nearest to it */
	PR_STEP_EXTRA,	/* observed, and not the one that judges a prediction */
} pr_step_verdict;

/* "PASS", "FAIL", "MISSED", "EXTRA". */
const char *pr_step_verdict_name(pr_step_verdict v);

/* One line of the step verdict: predicted or observed is -1 when none. */
typedef struct {
	long predicted, observed;
	pr_step_verdict verdict;
} pr_step_match;

/*
 * Judge observed steps against predicted ones (each ascending; a step is
 * the first row of a new wave): every observed step belongs to the
 * predicted step nearest to it (the lower on a tie). A predicted step is
 * PASS when one of its observed steps lies within tol_rows of it (the
 * nearest one judges it), FAIL when it has observed steps and none is
 * that near (the nearest is shown), MISSED when it has none; every other
 * observed step is EXTRA. Writes np + no lines at most, in rows order,
 * into out (room for np + no) and returns how many.
 */
int pr_geometry_judge(pr_step_match *out, const long *pred, int np,
		      const long *obs, int no, long tol_rows);

#endif
