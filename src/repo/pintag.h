/* pintag.h - pin tags: where a tag stands, making one, and restoring the
 * missing tags of the pin commits reachable from HEAD */
#ifndef PR_PINTAG_H
#define PR_PINTAG_H

#include <git2.h>
#include <stdio.h>

#include "repo/pin.h"

/* Where refs/tags/prereg/pin/NAME/K stands against a commit. */
enum {
	PR_PIN_TAG_ON_PIN,    /* an annotated tag of the commit */
	PR_PIN_TAG_MISSING,   /* no such ref */
	PR_PIN_TAG_ELSEWHERE, /* anything else */
};

/* The PR_PIN_TAG_* state of tag K of NAME against commit id; with
 * PR_PIN_TAG_ELSEWHERE, *target (target may be NULL) is the commit it
 * names (zero when it names none). Prints nothing. */
int pr_pin_tag_state(git_oid *target, git_repository *repo, const char *name,
		     int k, const git_oid *id);

/* Tag commit id as pin K of NAME (an annotated tag, never moving one that
 * exists) and fill out; the commit must hold both files of a pin. */
int pr_pin_tag_create(pr_pin *out, git_repository *repo, const git_oid *id,
		      const char *name, int k);

/*
 * Recreate the annotated tags of pin commits reachable from HEAD whose tag
 * is missing (a copy of the repository made without its tags): a pin
 * commit is one whose summary is "prereg pin NAME (K)" and whose tree holds
 * NAME's spec and prediction. Prints each tag restored on out (NULL:
 * none); *restored counts them. Existing tags are never moved: a tag name that
 * exists but is not an annotated tag of its pin commit, and two pin
 * commits claiming one NAME/K (neither is tagged), are conflicts, each
 * reported on stderr and counted in *conflicts.
 */
int pr_pin_restore_tags(int *restored, int *conflicts, git_repository *repo,
			FILE *out);

/*
 * Tags are derived data: a command that needs a pin tag and finds a pin
 * commit without one recreates the missing tags (pr_pin_restore_tags,
 * one line on stderr saying how many). PR_OK when it did with no
 * conflict; PR_EREFUSED naming `name` and the conflicts when one stands
 * in the way (each reported on stderr).
 */
int pr_pin_tags_derive(git_repository *repo, const char *name);

#endif
