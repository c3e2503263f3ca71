/* pin.h - pins: spec + prediction committed and tagged, through libgit2 */
#ifndef PR_PIN_H
#define PR_PIN_H

#include <git2.h>
#include <stdint.h>

typedef struct {
	char commit[GIT_OID_HEXSZ + 1]; /* the pin commit */
	char tag[256];			/* prereg/pin/NAME/K */
	int k;
	int64_t commit_time; /* committer time, unix seconds (self-asserted) */
	char spec_blob[GIT_OID_HEXSZ + 1];
	char pred_blob[GIT_OID_HEXSZ + 1];
} pr_pin;

/*
 * Pin NAME: commit exactly the spec and the prediction as they are in the
 * work tree, as a child of HEAD (HEAD's tree with those two entries updated;
 * nothing else staged or modified rides along), update their index entries,
 * and create the annotated tag prereg/pin/NAME/K (K = highest + 1).
 * If the newest pin reachable from HEAD already holds the same two blobs
 * and HEAD holds them too, nothing is written and *created = 0.
 * First the two files must pass pr_prediction_check (predcheck.h): a spec
 * that does not parse or a prediction run could not use is PR_EINPUT,
 * with nothing committed or tagged.
 * Errors: a file missing (PR_EINPUT), libgit2 failures (PR_EFAIL).
 */
int pr_pin_create(pr_pin *out, int *created, git_repository *repo,
		  const char *name);

/*
 * Recreate the annotated tags of pin commits reachable from HEAD whose tag
 * is missing (a copy of the repository made without its tags): a pin
 * commit is one whose summary is "prereg pin NAME (K)" and whose tree holds
 * NAME's spec and prediction. Prints each tag restored; *restored counts
 * them. Existing tags are never moved.
 */
int pr_pin_restore_tags(int *restored, git_repository *repo);

/*
 * I1: succeed only when both files are committed in HEAD, unmodified in
 * index and work tree, and HEAD's blobs equal those of the newest pin tag
 * of NAME whose commit is reachable from HEAD. Otherwise print why (the
 * file and the command that fixes it) and return PR_EREFUSED.
 */
int pr_pin_check(pr_pin *out, git_repository *repo, const char *name);

/* Newest pin of NAME reachable from HEAD, or PR_EREFUSED when none. Does
 * not look at the work tree. Prints nothing when quiet. */
int pr_pin_latest(pr_pin *out, git_repository *repo, const char *name,
		  int quiet);

/* Pin K of NAME, by its tag (prereg/pin/NAME/K), reachable or not;
 * PR_EREFUSED with a message when there is no such pin. */
int pr_pin_lookup(pr_pin *out, git_repository *repo, const char *name, int k);

#endif
