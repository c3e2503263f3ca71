/* replayed.c - the per-rank compute times of a committed run, as arrival
 * delays */
#include "format/replayed.h"

#include <git2.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/manifest.h"
#include "format/timings.h"
#include "repo/git.h"
#include "repo/paths.h"

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of x[0 .. n), n >= 1 (x is sorted). */
static double median(double *x, size_t n)
{
	qsort(x, n, sizeof(double), dbl_cmp);
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

/* Is path (relative to the work tree) in HEAD's tree? */
static int committed(git_repository *repo, const char *path)
{
	git_commit *head = NULL;
	git_tree *tree = NULL;
	git_oid oid;
	pr_error_scope s;
	int found = 0;

	pr_error_record(&s);
	if (pr_git_head(&head, repo) == 0 && head &&
	    git_commit_tree(&tree, head) == 0)
		found = pr_git_tree_blob(&oid, tree, path) == 1;
	pr_error_restore(&s);
	git_tree_free(tree);
	git_commit_free(head);
	return found;
}

/* The run is complete and its manifest and archive are committed. */
static int check_run(const char *root, const char *experiment,
		     const char *run_id)
{
	char *man = pr_path_manifest(NULL, experiment, run_id);
	char *arc = pr_path_archive(NULL, experiment, run_id);
	char *abs = pr_path_manifest(root, experiment, run_id);
	git_repository *repo = NULL;
	pr_manifest m = {0};
	pr_error_scope s;
	int error;

	if ((error = pr_repo_open(&repo, root)) < 0)
		goto cleanup;
	if (!committed(repo, man) || !committed(repo, arc)) {
		error = pr_error_code(PR_EINPUT,
				      "cannot replay run '%s' of '%s': its "
				      "manifest and archive are not committed "
				      "(%s, %s)",
				      run_id, experiment, man, arc);
		goto cleanup;
	}
	pr_error_record(&s);
	error = pr_manifest_read(&m, abs);
	pr_error_restore(&s);
	if (error < 0 || !m.status || strcmp(m.status, "complete"))
		error = pr_error_code(PR_EINPUT,
				      "cannot replay run '%s' of '%s': it is "
				      "not complete (status '%s')",
				      run_id, experiment,
				      m.status ? m.status : "unreadable");
cleanup:
	pr_manifest_free(&m);
	git_repository_free(repo);
	free(man);
	free(arc);
	free(abs);
	return error;
}

/* Per rank, the median over launches of its per-launch medians of the
 * compute samples of t (no warmups), into med[0 .. nranks). */
static int rank_medians(double *med, int nranks, const pr_timings *t,
			const char *experiment, const char *run_id)
{
	double *x = pr_calloc(t->nrows + 1, sizeof(double));
	double *per = pr_calloc(t->nrows + 1, sizeof(double));
	int r, l, maxl = -1, error = PR_OK;
	size_t i, nx, nper;

	for (i = 0; i < t->nrows; i++)
		if (t->row[i].launch > maxl)
			maxl = t->row[i].launch;
	for (r = 0; r < nranks && !error; r++) {
		for (nper = 0, l = 0; l <= maxl; l++) {
			for (nx = 0, i = 0; i < t->nrows; i++) {
				const pr_timing *s = &t->row[i];

				if (s->rank == r && s->launch == l &&
				    !s->warmup && !strcmp(s->phase, "compute"))
					x[nx++] = (double)(s->t_end_ns -
							   s->t_start_ns);
			}
			if (nx)
				per[nper++] = median(x, nx);
		}
		if (!nper)
			error = pr_error_code(PR_EINPUT,
					      "cannot replay run '%s' of '%s': "
					      "rank %d has no compute sample",
					      run_id, experiment, r);
		else
			med[r] = median(per, nper);
	}
	free(x);
	free(per);
	return error;
}

int pr_arrival_replay_load(int64_t **out_ns, int *n, const char *root,
			   const char *experiment, const char *run_id)
{
	pr_timings t = {0};
	char *path = NULL;
	double *med = NULL, lo;
	int nranks = 0, r, error;
	size_t i;

	*out_ns = NULL;
	*n = 0;
	if ((error = check_run(root, experiment, run_id)) < 0)
		goto cleanup;
	path = pr_path_archive(root, experiment, run_id);
	if ((error = pr_timings_load(&t, NULL, path, 0)) < 0)
		goto cleanup;
	for (i = 0; i < t.nrows; i++)
		if (t.row[i].rank >= nranks)
			nranks = t.row[i].rank + 1;
	if (nranks < 1 || nranks > PR_MAX_RANKS) {
		error = pr_error_code(PR_EINPUT,
				      "cannot replay run '%s' of '%s': its "
				      "archive holds %d ranks",
				      run_id, experiment, nranks);
		goto cleanup;
	}
	med = pr_calloc((size_t)nranks, sizeof(double));
	if ((error = rank_medians(med, nranks, &t, experiment, run_id)) < 0)
		goto cleanup;
	for (lo = med[0], r = 1; r < nranks; r++)
		if (med[r] < lo)
			lo = med[r];
	*out_ns = pr_calloc((size_t)nranks, sizeof(int64_t));
	for (r = 0; r < nranks; r++)
		(*out_ns)[r] = (int64_t)llround(med[r] - lo);
	*n = nranks;
cleanup:
	pr_timings_free(&t);
	free(path);
	free(med);
	return error;
}

int pr_arrival_replay_spec(int64_t **out_ns, int *n, const char *root,
			   const pr_spec *spec)
{
	int error, i;

	*out_ns = NULL;
	*n = 0;
	if (!spec->replay_run)
		return PR_OK;
	if ((error = pr_arrival_replay_load(out_ns, n, root,
					    spec->replay_experiment,
					    spec->replay_run)) < 0)
		return error;
	for (i = 0; i < *n; i++)
		(*out_ns)[i] =
		    (int64_t)llround((double)(*out_ns)[i] * spec->replay_scale);
	return PR_OK;
}
