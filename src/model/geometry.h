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

#endif
