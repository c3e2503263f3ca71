/* sign.h - SSH signatures of pin commits in git's own format
 * (gpg.format=ssh), made and checked by ssh-keygen -Y as git does */
#ifndef PR_SIGN_H
#define PR_SIGN_H

#include <git2.h>
#include <stddef.h>

/* Who signs: git's configuration of the repository. */
typedef struct {
	char *program; /* gpg.ssh.program, default "ssh-keygen" */
	char *key;     /* user.signingkey: a key file ('~/' expanded), or
			  "key::" and a public key that ssh-agent holds */
} pr_signer;

/*
 * The signer that git would use for `git commit -S` in repo: gpg.format
 * must be "ssh" and user.signingkey set (a file that exists, or a
 * "key::" literal). Anything else is PR_EINPUT, with a message that says
 * which git config to set; nothing is signed.
 */
int pr_signer_from_config(pr_signer *out, git_repository *repo);
void pr_signer_free(pr_signer *s);

/*
 * The armored SSH signature ("-----BEGIN SSH SIGNATURE-----", namespace
 * "git") of data[0 .. len) into *out (caller frees), by `ssh-keygen -Y
 * sign` with s's key; the arg of a pr_git_signer (repo/git.h) is a
 * pr_signer. PR_EFAIL with a message when ssh-keygen cannot sign.
 */
int pr_sign_data(char **out, const char *data, size_t len, void *s);

/* What a signature check found. */
typedef enum {
	PR_SIGN_GOOD,	 /* verifies, by a key of the allowed signers */
	PR_SIGN_BAD,	 /* does not verify against the data */
	PR_SIGN_UNKNOWN, /* verifies, by a key no allowed signer holds */
	PR_SIGN_FORMAT,	 /* not an SSH signature (OpenPGP, X.509) */
} pr_sign_result;

typedef struct {
	pr_sign_result result;
	char *principal; /* the allowed signer (GOOD), or NULL */
	char *key;	 /* "ED25519 key SHA256:...", when it verifies */
	char *detail;	 /* ssh-keygen's own words on a failure, or NULL */
} pr_sign_check;

/*
 * Check the signature sig (a commit's gpgsig) of data[0 .. len) (the
 * commit without it) offline, as `git verify-commit` does with
 * gpg.ssh.allowedSignersFile = allowed: ssh-keygen -Y check-novalidate
 * (does it verify at all), find-principals (whose key), verify (with
 * that principal, namespace "git"). program NULL: "ssh-keygen". *out is
 * filled whatever the result (pr_sign_check_clear); PR_EFAIL with a
 * message only when the check cannot be made (no ssh-keygen, no temporary
 * directory, an unreadable allowed-signers file).
 */
int pr_sign_verify(pr_sign_check *out, const char *sig, const char *data,
		   size_t len, const char *allowed, const char *program);
void pr_sign_check_clear(pr_sign_check *c);

/*
 * The gpgsig header of commit id into *sig and the commit's text without
 * it into *data (*len bytes); both caller frees. 1 when it is signed, 0
 * when not (both NULL), PR_EFAIL with a message when it cannot be read.
 */
int pr_sign_extract(char **sig, char **data, size_t *len, git_repository *repo,
		    const git_oid *id);

/* gpg.ssh.allowedSignersFile of repo's configuration ('~/' expanded)
 * into *out (caller frees), or NULL when it is not set. */
int pr_sign_allowed_from_config(char **out, git_repository *repo);

#endif
