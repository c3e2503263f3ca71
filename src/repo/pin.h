/* pin.h - pins: spec + prediction committed and tagged, through libgit2 */
#ifndef PR_PIN_H
#define PR_PIN_H

#include <git2.h>
#include <stdint.h>

#include "repo/sign.h"

typedef struct {
	char commit[GIT_OID_HEXSZ + 1]; /* the pin commit */
	char tag[256];			/* prereg/pin/NAME/K */
	int k;
	int64_t commit_time; /* committer time, unix seconds (self-asserted) */
	char spec_blob[GIT_OID_HEXSZ + 1];
	char pred_blob[GIT_OID_HEXSZ + 1];
	int tag_missing; /* found by its commit; its tag does not exist */
} pr_pin;

/* What pr_pin_create did. */
enum {
	PR_PIN_EXISTED,	 /* the pin was there: nothing written */
	PR_PIN_CREATED,	 /* a new pin commit and its tag */
	PR_PIN_RESTORED, /* the pin commit was there; its missing tag made */
};

/*
 * A check of the blobs about to be pinned: spec and pred, NAME's spec and
 * prediction as the work tree holds them (written to repo's object
 * database, not committed). < 0 refuses the pin, having said why in a
 * message that starts with `what` ("cannot pin 'NAME'").
 */
typedef int (*pr_pin_blob_check)(git_repository *repo, const char *name,
				 const git_oid *spec, const git_oid *pred,
				 const char *what);

/* The tags of pins are PR_PIN_TAG_PREFIX "NAME/K" (repo/pintag.h). */
#define PR_PIN_TAG_PREFIX "prereg/pin/"

/* Fill out with the pin that tag `k` of NAME makes of `commit`: 1, or 0
 * (nothing printed) when the commit lacks either file and is no pin. */
int pr_pin_fill(pr_pin *out, git_commit *commit, const char *name, int k);

/* K when summary (a commit's first line) is exactly the pin summary
 * "prereg pin NAME (K)" of NAME, else 0. */
int pr_pin_summary_k(const char *summary, const char *name);

/*
 * Pin NAME: commit exactly the spec and the prediction as they are in the
 * work tree, as a child of HEAD (HEAD's tree with those two entries updated;
 * nothing else staged or modified rides along), update their index entries,
 * and create the annotated tag prereg/pin/NAME/K (K = highest + 1).
 * K is above every tag of NAME and every pin commit of NAME (by its
 * summary) reachable from HEAD, so a copy without tags never reuses a K.
 * If the newest pin reachable from HEAD already holds the same two blobs
 * and HEAD holds them too, nothing is written (*created PR_PIN_EXISTED);
 * when that pin is a pin commit whose tag is missing, only its tag is made
 * (PR_PIN_RESTORED); else PR_PIN_CREATED.
 * First the two blobs must pass check (NULL: none; cli/cmd_pin.c passes
 * format/predcheck.h's pr_prediction_check_blobs): what it refuses is
 * refused, with nothing committed or tagged.
 * A new pin commit is signed by `sign` (NULL: unsigned; repo/sign.h) in
 * git's gpgsig header; when signing fails nothing is committed. An
 * existing pin is never re-signed: a signature is part of the commit.
 * Errors: a file missing (PR_EINPUT), libgit2 failures (PR_EFAIL).
 */
int pr_pin_create(pr_pin *out, int *created, git_repository *repo,
		  const char *name, const pr_signer *sign,
		  pr_pin_blob_check check);

/*
 * I1: succeed only when both files are committed in HEAD, unmodified in
 * index and work tree, and HEAD's blobs equal those of the newest pin tag
 * of NAME whose commit is reachable from HEAD. Otherwise print why (the
 * file and the command that fixes it) and return PR_EREFUSED; when the
 * newest commit that changed either file (or is a pin commit of NAME) is a
 * pin commit whose tag is missing, *out is that pin with tag_missing set
 * and the message names 'prereg pin --restore-tags'.
 */
int pr_pin_check(pr_pin *out, git_repository *repo, const char *name);

/* Newest pin of NAME reachable from HEAD, or PR_EREFUSED when none. Does
 * not look at the work tree. A pin commit whose tag is missing counts
 * (tag_missing set) when it is newer than every tagged pin. Prints nothing
 * when quiet. */
int pr_pin_latest(pr_pin *out, git_repository *repo, const char *name,
		  int quiet);

/* Pin K of NAME, by its tag (prereg/pin/NAME/K), reachable or not;
 * PR_EREFUSED with a message when there is no such pin. */
int pr_pin_lookup(pr_pin *out, git_repository *repo, const char *name, int k);

#endif
