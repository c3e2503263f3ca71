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
	long h = 32L * rows_per_block;
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
