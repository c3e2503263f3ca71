/* original.h - the original code on demand: prereg-rank built at the commit
 * that made an earlier run, for `prereg repro --as-original` (DESIGN 2) */
#ifndef PR_ORIGINAL_H
#define PR_ORIGINAL_H

#include <git2.h>
#include <jansson.h>
#include <stddef.h>

#include "base/device.h"
#include "run/run.h"

/* An earlier run, the commit that made it and, once built, its runner. */
typedef struct {
	pr_run_original run; /* what pr_run takes; points into this */
	char *run_id;	     /* the run reproduced */
	char *version;	     /* its manifest's prereg_version */
	int dirty;	     /* that version ends in -dirty */
	char *patch; /* the run's build.patch (--allow-dirty), or NULL */
	size_t patch_len;
	char *commit; /* the commit it names, full hex */
	char *source; /* the prereg repository that holds it */
	char **refs;  /* source's refs that hold it, sorted */
	size_t nrefs;
	int vouched;	      /* a release tag or main branch holds it */
	char *tmp;	      /* the temporary directory of the build */
	char *rank_bin;	      /* the built prereg-rank, inside tmp */
	char *runner_version; /* the build's own git describe */
	json_t *plan_keys;    /* every key of the original run's plans */
	/* the GPU kinds (pr_device_gpu) its plans' rank groups name, when
	 * every plan names its groups (gpus_known); else all are built */
	int gpus_used[PR_DEVICE_NGPU];
	int gpus_known;
} pr_original;

/*
 * The revision a prereg_version names, as git describe --always --dirty
 * writes it: HEX, TAG or TAG-N-gHEX, each maybe with -dirty (*dirty).
 * NULL for "unknown" (built outside git) and anything else; caller frees.
 */
char *pr_version_rev(int *dirty, const char *v);

/*
 * The run id of NAME's original: its first run (by run id) whose manifest
 * is committed (in HEAD) and says complete (caller frees). PR_EREFUSED
 * with a message when there is none.
 */
int pr_original_first(char **out, git_repository *repo, const char *name);

/*
 * Find what building run_id of NAME needs, before anything is built: the
 * commit its manifest's prereg_version names ("c866148", "v1-2-gc866148",
 * each maybe "-dirty"), in the prereg source `source`, else $PREREG_SOURCE,
 * else repo itself when it holds the prereg source at that commit, and
 * the source's refs that hold that commit (o->refs, o->vouched).
 * PR_EREFUSED when the version is unknown, or -dirty without force (the
 * tree that was built is not in any commit) unless the run committed its
 * build.patch (clean.h: o->patch, read bounded without following a link,
 * its sha256 the manifest's, else PR_EREFUSED); PR_EINPUT when no source
 * holds the commit. pr_original_free out afterwards in every case.
 */
int pr_original_resolve(pr_original *out, git_repository *repo,
			const char *name, const char *run_id,
			const char *source, int force);

/*
 * Consent to building and running o->commit: PR_OK when a prereg release
 * tag (v[0-9]*) or the source's main branch (refs/heads/main,
 * refs/remotes/origin/main or origin/HEAD) holds it and the run has no
 * build.patch (no release holds a patch), or when trust is set (with a
 * warning); else PR_EREFUSED with a message naming the commit, the patch
 * and --trust-source.
 */
int pr_original_consent(const pr_original *o, int trust);

/* Why the build of an original leaves out a GPU backend. */
enum { PR_GPU_OFF_LACKED = 1, PR_GPU_OFF_UNUSED = 2 };

/*
 * For each GPU backend (pr_device_gpu), off[k] says whether the build of o
 * leaves it out and why: PR_GPU_OFF_LACKED when this prereg's prereg-rank
 * lacks it, PR_GPU_OFF_UNUSED when no rank group of the original run used
 * it (o->gpus_known), else 0. Returns how many are PR_GPU_OFF_UNUSED.
 */
int pr_original_gpus_off(const pr_original *o, int off[PR_DEVICE_NGPU]);

/*
 * Build prereg-rank at o->commit with the commit's own Makefile, in a
 * temporary `git worktree add --detach` of o->source (nothing of any work
 * tree touched; git and make run under pr_git_safe_env), with the GPU backends
 * this prereg's prereg-rank has left out left out too (CUDA=0, HIP=0), and
 * those no rank group of the original run used, when its plans name every
 * group (o->gpus_known: a CPU-only run builds no nvcc or hipcc); keep the
 * binary in o->tmp and remove the worktree, also when the build fails or a
 * signal (SIGINT, SIGTERM) stops it. Fills o->run for pr_run. Progress and
 * make's output on stderr.
 */
int pr_original_build(pr_original *o);

/* Free o and remove its temporary directory. */
void pr_original_free(pr_original *o);

/*
 * What pr_run does with a run's plan for that runner: a key that the
 * original's plans lack is dropped when its value is what the current
 * runner assumes without it (so the older runner, which rejects unknown
 * keys, reads the same plan); pr_run_original_check says when one is
 * left: -1 and why (a key the older plan format has not), else 0.
 */
void pr_run_original_adapt(json_t *plan, const pr_run_original *o);
int pr_run_original_check(const json_t *plan, const pr_run_original *o,
			  char *why, size_t n);

/* run-state.json's "original" {run_id, runner_version}, so that `prereg
 * recover` records the run as made; pr_run_original_read gets them back
 * (borrowed from state): 1 when the run was one, 0 otherwise. */
void pr_run_original_note(json_t *state, const pr_run_original *o);
int pr_run_original_read(pr_run_original *out, const json_t *state);

#endif
