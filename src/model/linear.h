/* linear.h - the straight line T(r) = a + b*r fitted to time per rows value,
 * and where it was measured to hold (DESIGN 5); pure functions */
#ifndef PR_LINEAR_H
#define PR_LINEAR_H

#include <stddef.h>

/*
 * A line fitted to n (rows, seconds) points, rows ascending and distinct:
 * a and b by weighted least squares on relative residuals (weights 1/t^2),
 * the intercept free (a < 0 is kept, never clamped here); b0 the slope of
 * the same fit through the origin, for a caller that must clamp. Per
 * point the ratio measured / (a + b*rows) and whether it leaves [1 - tol,
 * 1 + tol] (nonlinear; a point where the line is <= 0 always does).
 */
typedef struct {
	double a, b, b0;
	long *rows;	/* ascending */
	double *t;	/* the measured seconds */
	double *ratio;	/* t / (a + b*rows); 0 where the line is <= 0 */
	int *nonlinear; /* per point */
	size_t n, nnonlinear;
	double tol;
} pr_linear_fit;

/*
 * Fits the line to rows[i], t[i] (i < n, rows ascending and distinct,
 * t > 0). PR_EINPUT (out zeroed) with fewer than two points; out owns
 * copies of the arrays: pr_linear_fit_free.
 */
int pr_linear_fit_rows(pr_linear_fit *out, const long *rows, const double *t,
		       size_t n, double tol);
void pr_linear_fit_free(pr_linear_fit *f);

/* Where a rows value falls with respect to a fit's measurements. */
typedef enum {
	PR_LINEAR_INSIDE,    /* between linear points (or on one) */
	PR_LINEAR_OUTSIDE,   /* below the smallest or above the largest */
	PR_LINEAR_NONLINEAR, /* on a nonlinear point or next to one */
} pr_linear_cover;

/*
 * r is INSIDE when the smallest rows measured <= r <= the largest and the
 * measured points that bracket it (r itself when measured, else its
 * neighbours below and above) are all linear: the calibration saw the line
 * hold there. NONLINEAR when one of them is not, OUTSIDE when r lies past
 * either end (the calibration did not measure it).
 */
pr_linear_cover pr_linear_covers(const pr_linear_fit *f, long r);

/*
 * A kernel that runs rows in waves of w rows, each wave costing the same
 * whatever its fill (cpu-blocks), takes the time of ceil(r/w) full waves:
 * on the line a + b*r fitted over whole waves, a + b*w*ceil(r/w). Returns
 * that over the line's a + b*r (1 when r is a multiple of w; w < 1 or r < 1
 * or a line <= 0 at r: 1).
 */
double pr_linear_wave_ratio(double a, double b, long w, long r);

/* "inside", "outside", "nonlinear". */
const char *pr_linear_cover_name(pr_linear_cover c);

#endif
