/* clean.h - measuring code only from committed code (DESIGN 3) */
#ifndef PR_CLEAN_H
#define PR_CLEAN_H

#include <git2.h>
#include <jansson.h>
#include <stddef.h>

/* the patch's file in the run directory, committed with the run */
#define PR_CLEAN_PATCH "build.patch"

/* The measuring code a run is made with, when it is not committed. */
typedef struct {
	int dirty; /* the run goes on with uncommitted measuring code */
	/* prereg was built from a modified tree (-dirty): the patch is the
	 * best record of what it compiled; else it was built from base, and
	 * the patch is what the work tree held beside it, not compiled */
	int compiled;
	char *base;    /* the commit prereg was built from, full hex */
	char *patch;   /* git diff of its src/ and Makefile to the work tree */
	size_t len;    /* strlen(patch) */
	json_t *files; /* the paths the patch changes */
} pr_clean;

/*
 * Is the measuring code committed? When repo holds the commit that
 * `version` (prereg's git describe --always --dirty) names, the build
 * inputs (src/ and the Makefile) of the work tree, index and untracked
 * files included, must equal that commit's, and the version must not be
 * -dirty. Else PR_EREFUSED naming each file and how it differs, unless
 * allow (--allow-dirty): then a warning, out->dirty and the patch. A
 * version that repo does not hold (prereg built from another source, or
 * outside git) is not judged: out->dirty 0. pr_clean_free out after.
 */
int pr_clean_check(pr_clean *out, git_repository *repo, const char *name,
		   const char *version, int allow);
void pr_clean_free(pr_clean *c);

#endif
