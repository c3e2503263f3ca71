/* stamp.h - RFC 3161 tokens over pins, committed beside the prediction so
 * that they travel with every copy of the repository */
#ifndef PR_STAMP_H
#define PR_STAMP_H

#include <git2.h>
#include <stdint.h>

#include "repo/pin.h"

/*
 * A pin's token is the authority's whole DER TimeStampResp over the pin's
 * statement (repo/tsa.h), in predictions/NAME.pin-K.tsr, committed by
 * itself right after the pin ("prereg stamp NAME (K)"); the commit
 * message records the authority and the nonce of the request:
 *
 *   prereg stamp NAME (K)
 *
 *   authority: URL
 *   nonce: DECIMAL
 *
 * A tag or a note would not survive every copy; a file in the tree does.
 */

/* predictions/NAME.pin-K.tsr below root (root NULL: relative; caller
 * frees). */
char *pr_stamp_path(const char *root, const char *name, int k);

/* The statement pin stands for (repo/tsa.h; caller frees *out). */
int pr_stamp_statement(char **out, const char *name, const pr_pin *pin);

/*
 * Ask the authority at url for a token over pin (of experiment name),
 * write it to predictions/NAME.pin-K.tsr and commit that file alone as a
 * child of HEAD. *stamped = 1 when it did; 0, with PR_OK, when HEAD holds
 * a token for this pin already (nothing is asked). An authority that
 * cannot be reached or refuses leaves the pin as it is, unanchored, and
 * returns PR_EFAIL with the reason said; nothing is written.
 */
int pr_stamp_pin(int *stamped, git_repository *repo, const char *name,
		 const pr_pin *pin, const char *url);

/*
 * The repository's default authority: `tsa` of the [pin] section of
 * .prereg.ini in the work tree root, into *out (caller frees; NULL when
 * the file or the key is absent). Any other section or key, a line that
 * does not parse, or a tsa that is no http:// or https:// URL is
 * PR_EINPUT, naming the file (and the line of a line that does not
 * parse). The file is read by pr_read_file: a symbolic link, anything
 * but a regular file or more than PR_REPO_INI_MAX bytes is PR_EFAIL.
 */
#define PR_REPO_INI_MAX ((size_t)1 << 20)
int pr_stamp_repo_tsa(char **out, const char *root);

/*
 * The nonce recorded in a stamp commit's message ("nonce: N"): 1 when
 * there is one, 0 when not.
 */
int pr_stamp_nonce(uint64_t *out, const char *message);

#endif
