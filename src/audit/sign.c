/* sign.c - the audit's check of the signature of a run's pin commit
 * (repo/sign.h): an SSH signature in git's format, held against the
 * allowed signers offline, as git verify-commit does */
#include "audit/audit-internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "repo/sign.h"

static char *g_allowed; /* --allowed-signers, or NULL: git's config */

/* The verdicts already reached, by pin commit (an unsigned one too):
 * runs share pins, a verdict costs three ssh-keygen runs, and reading a
 * commit's signature parses the commit again. */
typedef struct {
	git_oid pin;
	pr_audit_result result;
	char *reason;
} verdict;

static verdict *g_seen;
static size_t g_nseen;

void pr_audit_sign_forget(void)
{
	size_t i;

	for (i = 0; i < g_nseen; i++)
		free(g_seen[i].reason);
	free(g_seen);
	g_seen = NULL;
	g_nseen = 0;
}

void pr_audit_set_allowed_signers(const char *file)
{
	free(g_allowed);
	g_allowed = file ? pr_strdup(file) : NULL;
	pr_audit_sign_forget();
}

/* The verdict on a signed pin commit: sig over data, per allowed. */
static void judge(pr_audit_check *c, const char *sig, const char *data,
		  size_t len, const char *allowed, const char *pin)
{
	pr_sign_check v;
	pr_error_scope caught;
	int error;

	pr_error_record(&caught);
	error = pr_sign_verify(&v, sig, data, len, allowed, NULL);
	pr_error_restore(&caught);
	if (error < 0)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "cannot check the signature of pin commit %.12s: "
			     "%s",
			     pin, caught.last);
	else if (v.result == PR_SIGN_FORMAT)
		pr_audit_set(
		    c, PR_AUDIT_WARN,
		    "pin commit %.12s is signed with OpenPGP or X.509; "
		    "prereg checks SSH signatures only ('git "
		    "verify-commit %.12s' checks it)",
		    pin, pin);
	else if (v.result == PR_SIGN_BAD)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "the signature of pin commit %.12s does not "
			     "verify against the commit: %s",
			     pin,
			     v.detail ? v.detail : "ssh-keygen refused it");
	else if (v.result == PR_SIGN_UNKNOWN && !allowed)
		pr_audit_set(c, PR_AUDIT_WARN,
			     "pin commit %.12s is signed (%s), but there are "
			     "no allowed signers to hold the key against "
			     "(--allowed-signers FILE, or git config "
			     "gpg.ssh.allowedSignersFile)",
			     pin, v.key ? v.key : "?");
	else if (v.result == PR_SIGN_UNKNOWN)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "pin commit %.12s is signed by %s, a key that no "
			     "allowed signer of %s holds",
			     pin, v.key ? v.key : "?", allowed);
	else
		pr_audit_set(c, PR_AUDIT_PASS,
			     "pin commit %.12s is signed by %s (%s), an "
			     "allowed signer of %s",
			     pin, v.principal, v.key ? v.key : "?", allowed);
	pr_sign_check_clear(&v);
}

void pr_audit_check_signature(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_SIGNATURE];
	char *sig = NULL, *data = NULL, *config = NULL;
	char pin[GIT_OID_HEXSZ + 1];
	const git_oid *id;
	pr_error_scope caught;
	size_t i, len;
	int error;

	if (!s->pin)
		return; /* omitted: the pin check says why */
	id = git_commit_id(s->pin);
	for (i = 0; i < g_nseen; i++) {
		if (git_oid_equal(&g_seen[i].pin, id)) {
			if (g_seen[i].result != PR_AUDIT_OMITTED)
				pr_audit_set(c, g_seen[i].result, "%s",
					     g_seen[i].reason);
			return;
		}
	}
	git_oid_tostr(pin, sizeof(pin), id);
	pr_error_record(&caught);
	error = pr_sign_extract(&sig, &data, &len, s->ctx->repo, id);
	if (error == 1 && !g_allowed)
		error = pr_sign_allowed_from_config(&config, s->ctx->repo);
	pr_error_restore(&caught);
	if (error < 0)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "cannot read the signature of pin commit %.12s: "
			     "%s",
			     pin, caught.last);
	else if (sig)
		judge(c, sig, data, len, g_allowed ? g_allowed : config, pin);
	/* kept for an unsigned pin too: its commit is read once */
	g_seen = pr_realloc(g_seen, (g_nseen + 1) * sizeof(*g_seen));
	git_oid_cpy(&g_seen[g_nseen].pin, id);
	g_seen[g_nseen].result = c->result;
	g_seen[g_nseen].reason =
	    c->result != PR_AUDIT_OMITTED ? pr_strdup(c->reason) : NULL;
	g_nseen++;
	free(sig);
	free(data);
	free(config);
}
