/* geometry.c - the GPU launch-geometry model (DESIGN 5) */
#include "model/geometry.h"

#include <stdlib.h>

long pr_geometry_blocks(long rows, int rows_per_block)
{
	return (rows + rows_per_block - 1) / rows_per_block;
}

long pr_geometry_waves(long blocks, int units, int blocks_per_unit)
{
	long per_wave = (long)units * blocks_per_unit;

	return (blocks + per_wave - 1) / per_wave;
}

int pr_geometry_steps(long *step, int max, int units, int blocks_per_unit,
		      int rows_per_block, long max_rows)
{
	long wave_rows = (long)units * blocks_per_unit * rows_per_block;
	int n = 0;

	if (wave_rows <= 0)
		return 0;
	while (n < max && (n + 1) * wave_rows + 1 <= max_rows) {
		step[n] = (n + 1) * wave_rows;
		n++;
	}
	return n;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

static void add(long *rows, int *n, int max, long r, long max_rows)
{
	if (*n < max && r >= 1 && r <= max_rows)
		rows[(*n)++] = r;
}

int pr_geometry_sweep(long *rows, int max, const long *step, int nsteps,
		      int rows_per_block, long max_rows)
{
	return pr_geometry_sweep_h(rows, max, step, nsteps,
				   32L * rows_per_block, max_rows);
}

int pr_geometry_sweep_h(long *rows, int max, const long *step, int nsteps,
			long h, long max_rows)
{
	int n = 0, i, k;

	add(rows, &n, max, 1, max_rows);
	add(rows, &n, max, 128, max_rows);
	add(rows, &n, max, step[0] / 2, max_rows);
	for (i = 0; i < nsteps; i++) {
		add(rows, &n, max, step[i] - 2 * h, max_rows);
		add(rows, &n, max, step[i] - h, max_rows);
		add(rows, &n, max, step[i], max_rows);
		add(rows, &n, max, step[i] + 1, max_rows);
		add(rows, &n, max, step[i] + h, max_rows);
		add(rows, &n, max, step[i] + 2 * h, max_rows);
	}
	qsort(rows, (size_t)n, sizeof(long), cmp_long);
	for (i = 0, k = 0; i < n; i++) {
		if (k == 0 || rows[i] != rows[k - 1])
			rows[k++] = rows[i];
	}
	return k;
}

int pr_geometry_cpu_units(int threads, int cores)
{
	if (cores < 1)
		cores = 1;
	return threads < cores ? threads : cores;
}

int pr_geometry_detect(long *out, int max, const pr_geometry_point *p, int n,
		       double min_ratio)
{
	int i, k = 0;

	for (i = 1; i < n && k < max; i++)
		if (p[i].stat > p[i - 1].stat * min_ratio &&
		    p[i].lo > p[i - 1].hi)
			out[k++] = p[i].rows;
	return k;
}

const char *pr_step_verdict_name(pr_step_verdict v)
{
	static const char *const names[] = {"PASS", "FAIL", "MISSED", "EXTRA"};

	return names[v];
}

static long dist(long a, long b)
{
	return a > b ? a - b : b - a;
}

/* The predicted step nearest to rows o (the lower on a tie). */
static int owner(const long *pred, int np, long o)
{
	int i, best = 0;

	for (i = 1; i < np; i++)
		if (dist(pred[i], o) < dist(pred[best], o))
			best = i;
	return best;
}

static int cmp_match(const void *a, const void *b)
{
	const pr_step_match *x = a, *y = b;
	long kx = x->predicted >= 0 ? x->predicted : x->observed;
	long ky = y->predicted >= 0 ? y->predicted : y->observed;

	if (kx != ky)
		return (kx > ky) - (kx < ky);
	return (x->predicted < 0) - (y->predicted < 0);
}

int pr_geometry_judge(pr_step_match *out, const long *pred, int np,
		      const long *obs, int no, long tol_rows)
{
	int i, j, n = 0, nearest;

	for (i = 0; i < np; i++) {
		nearest = -1;
		for (j = 0; j < no; j++)
			if (owner(pred, np, obs[j]) == i &&
			    (nearest < 0 || dist(obs[j], pred[i]) <
						dist(obs[nearest], pred[i])))
				nearest = j;
		out[n].predicted = pred[i];
		out[n].observed = nearest >= 0 ? obs[nearest] : -1;
		out[n].verdict = nearest < 0 ? PR_STEP_MISSED
				 : dist(obs[nearest], pred[i]) <= tol_rows
				     ? PR_STEP_PASS
				     : PR_STEP_FAIL;
		n++;
		for (j = 0; j < no; j++)
			if (owner(pred, np, obs[j]) == i && j != nearest) {
				out[n].predicted = -1;
				out[n].observed = obs[j];
				out[n].verdict = PR_STEP_EXTRA;
				n++;
			}
	}
	for (j = 0; np == 0 && j < no; j++) {
		out[n].predicted = -1;
		out[n].observed = obs[j];
		out[n].verdict = PR_STEP_EXTRA;
		n++;
	}
	qsort(out, (size_t)n, sizeof(*out), cmp_match);
	return n;
}
