/* cmd_audit.c - prereg audit [NAME...] [--json]: every run's provenance
 * and data, checked */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "audit/audit.h"
#include "repo/git.h"
#include "base/child.h"
#include "base/text.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg audit [NAME...] [--json] [--tsa-ca FILE]\n"
    "                    [--allowed-signers FILE] [--bundle FILE]\n"
    "\n"
    "Check every run of NAME (default: every experiment with runs/NAME or\n"
    "experiments/NAME, or with runs on any ref) at HEAD and on every\n"
    "branch, remote ref and tag, offline: a run only another ref holds\n"
    "is checked as that ref holds it, its committed check naming the ref.\n"
    "Per run directory and ledger line:\n"
    "  manifest   manifest.json parses and names its experiment and run\n"
    "  committed  the commit that added the run; HEAD and the work tree\n"
    "             hold what it added\n"
    "  pin        the pin commit and its annotated tag exist, and the pin\n"
    "             is an ancestor of the run commit; a missing tag (a copy\n"
    "             without tags) is a warning that keeps the grade when\n"
    "             the commit's summary is 'prereg pin NAME (K)' and it\n"
    "             holds the manifest's blobs\n"
    "  blobs      spec and prediction are the pin's, in the run commit too;\n"
    "             HEAD's prediction is its newest pin's\n"
    "  valid      the pin's prediction passes the check 'prereg pin'\n"
    "             makes, against the pin's spec: JSON naming NAME and\n"
    "             that spec's blob, finite cells with lo <= predicted <= hi,\n"
    "             and the split or the rows the workload reads\n"
    "  dates      the pin is dated before the run started (self-asserted)\n"
    "  archive    timings.csv.gz reads whole and matches the manifest\n"
    "  schedule   the seed is the pin's; the order and every block of rows\n"
    "             follow it (I6)\n"
    "  ledger     the hash chain holds; the run's line records its manifest\n"
    "  timestamp  (only when the pin has a token, predictions/NAME.pin-K.tsr)\n"
    "             the RFC 3161 token parses, is over the pin's statement,\n"
    "             chains to a trusted CA, carries the nonce its commit\n"
    "             recorded, and its time (the authority's clock) is before\n"
    "             the run's start (the run host's clock)\n"
    "  signature  (only when the pin commit is signed) its SSH signature in\n"
    "             git's format verifies, by a key of the allowed signers\n"
    "  delays     (only for workloads arrival and dp-step) every rep's\n"
    "             recorded arrival delays are those the launch's seed and\n"
    "             the pinned spec give (and the replayed run, for replay)\n"
    "Per experiment, analysis: a committed analysis/NAME/report.md is what\n"
    "'prereg analyze NAME' computes now from the committed runs it covers\n"
    "(its run sections and the runs it lists as not analyzed); a warning,\n"
    "not a failure, names the committed runs it does not cover (stale).\n"
    "An experiment with no committed run and no report is listed once,\n"
    "on one line, not warned about (its analysis '-').\n"
    "Findings, across runs and commits (a 'fail' fails the audit and a run\n"
    "it names is broken; a 'note' does not):\n"
    "  re-pin       (note) a pin made after runs of earlier pins, or\n"
    "               beside them (on a line merged with it or apart)\n"
    "  replayed     (fail) a run whose samples repeat another run's\n"
    "  calibration  (fail) a prediction's calibration run is not in HEAD,\n"
    "               has another archive or is broken; (note) not audited\n"
    "  removed      (fail) a committed run gone from HEAD, or a ledger\n"
    "               line a commit took out\n"
    "  off-head     (fail) a run only commits off HEAD added (another\n"
    "               branch, a remote ref, a tag): an attempt HEAD's\n"
    "               analysis does not count; its row keeps its own grade\n"
    "  symlink      (fail) a symbolic link HEAD holds under runs/,\n"
    "               analysis/, predictions/ or experiments/\n"
    "  name         (fail) a directory of runs/, experiments/ or analysis/\n"
    "               whose name is no experiment name\n"
    "\n"
    "A run is time-anchored when it is anchored and its pin's token is\n"
    "valid and dated before the run: the prediction existed then, by the\n"
    "authority's signature; signed when it is anchored, without a valid\n"
    "token, and its pin commit is signed by an allowed signer: the pin is\n"
    "that signer's; anchored when its order is proven by ancestry and\n"
    "hashes,\n"
    "self-asserted when nothing fails but the order rests on dates, broken\n"
    "when a check fails. Exit status 1 when a check fails; warnings leave\n"
    "it 0. Nothing to audit (no run, ledger line or committed run of the\n"
    "experiments on any ref) is exit 1 too, saying so.\n"
    "\n"
    "  --json         print the audit as JSON on stdout\n"
    "  --tsa-ca FILE  the CA (PEM) tokens must chain to (default: the\n"
    "                 system's trusted CAs)\n"
    "  --allowed-signers FILE\n"
    "                 the SSH keys (git's allowed-signers format) a pin's\n"
    "                 signature must be made by (default: git config\n"
    "                 gpg.ssh.allowedSignersFile; with neither, a signed\n"
    "                 pin is a warning)\n"
    "  --bundle FILE  audit a git bundle (prereg export's repo.bundle):\n"
    "                 clone it into a temporary directory, audit the clone\n"
    "                 as above, remove it; no repository is needed here\n";

static char letter(pr_audit_result r)
{
	return r == PR_AUDIT_PASS   ? 'P'
	       : r == PR_AUDIT_WARN ? 'W'
	       : r == PR_AUDIT_FAIL ? 'F'
				    : '-';
}

/* Print s, a string from the repository, escaped (pr_text_escape):
 * whatever it holds, it stays within its line and writes no control
 * byte to the terminal. At least width columns, padded with spaces. */
static void put(const char *s, int width)
{
	char *esc = pr_text_escape(s);

	printf("%-*s", width, esc);
	free(esc);
}

/* The length of s as put() prints it. */
static int put_len(const char *s)
{
	char *esc = pr_text_escape(s);
	int n = (int)strlen(esc);

	free(esc);
	return n;
}

/* Width of the widest experiment name and run id, for the table. */
static void widths(int *exp, int *run, const pr_audit *a)
{
	size_t i;

	*exp = (int)strlen("EXPERIMENT");
	*run = (int)strlen("RUN");
	for (i = 0; i < a->nruns; i++) {
		if (put_len(a->run[i].experiment) > *exp)
			*exp = put_len(a->run[i].experiment);
		if (put_len(a->run[i].run_id) > *run)
			*run = put_len(a->run[i].run_id);
	}
	for (i = 0; i < a->nexps; i++) {
		if (put_len(a->exp[i].experiment) > *exp)
			*exp = put_len(a->exp[i].experiment);
	}
}

static void print_table(const pr_audit *a)
{
	int we, wr, k;
	size_t i;

	widths(&we, &wr, a);
	printf("%-*s  %-*s  %-11s  %-13s ", we, "EXPERIMENT", wr, "RUN",
	       "STATUS", "GRADE");
	for (k = 0; k < PR_NCHECKS; k++)
		printf(" %c", pr_audit_check_letter(k));
	printf("\n");
	for (i = 0; i < a->nruns; i++) {
		const pr_audit_run *r = &a->run[i];

		put(r->experiment, we);
		printf("  ");
		put(r->run_id, wr);
		printf("  ");
		put(r->status, 11);
		printf("  %-13s ", pr_audit_grade_name(r->grade));
		for (k = 0; k < PR_NCHECKS; k++)
			printf(" %c", letter(r->check[k].result));
		printf("\n");
	}
	printf("(M manifest, C committed, P pin, B blobs, V valid, D dates, "
	       "A archive, S schedule, L ledger, T timestamp, G signature, "
	       "Y delays: "
	       "P pass, W warn, F fail, - not applicable)\n");
	for (i = 0; i < a->nexps; i++) {
		put(a->exp[i].experiment, we);
		printf("  analysis %c\n", letter(a->exp[i].analysis.result));
	}
}

static void print_problems(const pr_audit *a)
{
	size_t i;
	int k;

	for (i = 0; i < a->nruns; i++) {
		const pr_audit_run *r = &a->run[i];

		for (k = 0; k < PR_NCHECKS; k++) {
			if (r->check[k].result == PR_AUDIT_WARN ||
			    r->check[k].result == PR_AUDIT_FAIL) {
				printf("  ");
				put(r->run_id, 0);
				printf(" %s: ", pr_audit_check_name(k));
				put(r->check[k].reason, 0);
				printf("\n");
			}
		}
	}
	for (i = 0; i < a->nexps; i++) {
		const pr_audit_check *c = &a->exp[i].analysis;

		if (c->result == PR_AUDIT_WARN || c->result == PR_AUDIT_FAIL) {
			printf("  ");
			put(a->exp[i].experiment, 0);
			printf(" analysis: ");
			put(c->reason, 0);
			printf("\n");
		}
	}
	for (k = 0, i = 0; i < a->nexps; i++) {
		if (a->exp[i].analysis.result != PR_AUDIT_OMITTED)
			continue;
		printf(k++ ? ", " : "  no committed run, nothing to report: ");
		put(a->exp[i].experiment, 0);
	}
	if (k)
		printf("\n");
}

/* What the audit sees across runs and commits, one line each. */
static void print_findings(const pr_audit *a)
{
	size_t i;

	if (a->nfindings)
		printf("findings:\n");
	for (i = 0; i < a->nfindings; i++) {
		const pr_audit_finding *f = &a->finding[i];

		printf("  %s ", f->kind);
		put(f->experiment, 0);
		if (f->run_id) {
			printf("/");
			put(f->run_id, 0);
		}
		printf(": ");
		put(f->text, 0);
		printf("\n");
	}
}

/* Run directories not audited: a run in progress, or one to recover. */
static void print_unfinished(const pr_audit *a)
{
	size_t i, k;

	for (i = 0; i < a->nexps; i++) {
		const pr_audit_experiment *x = &a->exp[i];

		for (k = 0; k < x->nunfinished; k++) {
			printf("warning: runs/");
			put(x->experiment, 0);
			printf("/");
			put(x->unfinished[k], 0);
			printf(" is not audited: ");
			if (a->in_progress) {
				printf("not recorded yet, and a prereg is "
				       "running (");
				put(a->holder ? a->holder : "?", 0);
				printf(")\n");
			} else {
				printf("its prereg ended before recording "
				       "it; 'prereg recover ");
				put(x->experiment, 0);
				printf("' records it\n");
			}
		}
	}
}

int pr_cmd_audit_print(const pr_audit *a, int as_json)
{
	int error;

	if (as_json) {
		if ((error = pr_cmd_print_json(stdout, pr_audit_json(a), 0)) <
		    0)
			return error;
	} else {
		print_table(a);
		print_problems(a);
		print_findings(a);
		print_unfinished(a);
		printf("%zu runs: ", a->nruns);
		if (a->count[PR_GRADE_TIME_ANCHORED])
			printf("%zu time-anchored, ",
			       a->count[PR_GRADE_TIME_ANCHORED]);
		if (a->count[PR_GRADE_SIGNED])
			printf("%zu signed, ", a->count[PR_GRADE_SIGNED]);
		printf("%zu anchored, %zu self-asserted, %zu broken\n",
		       a->count[PR_GRADE_ANCHORED],
		       a->count[PR_GRADE_SELF_ASSERTED],
		       a->count[PR_GRADE_BROKEN]);
	}
	return a->ok ? PR_OK : PR_EFAIL;
}

typedef struct {
	int as_json;
	const char *bundle;
	const char *tsa_ca;
	const char *allowed;
} audit_opts;

static int on_opt(int opt, const char *arg, void *data)
{
	audit_opts *o = data;

	if (opt == 'j')
		o->as_json = 1;
	else if (opt == 'c')
		o->tsa_ca = arg;
	else if (opt == 's')
		o->allowed = arg;
	else
		o->bundle = arg;
	return PR_OK;
}

static int audit_repo(git_repository *repo, char **names, size_t n, int as_json)
{
	pr_audit a;
	int error;

	if ((error = pr_audit_repo(&a, repo, (const char *const *)names, n)) <
	    0)
		return error;
	error = pr_cmd_audit_print(&a, as_json);
	pr_audit_free(&a);
	return error;
}

/* The most bytes of a bundle `audit --bundle` clones, and the seconds
 * its clone and audit may take (DESIGN 3, audit). */
#define PR_BUNDLE_MAX ((uint64_t)4 << 30)
#define PR_BUNDLE_TIMEOUT_S 3600

/* path (no link: realpath resolved it) is a regular file of at most
 * PR_BUNDLE_MAX bytes starting with a git bundle's header; bundle is the
 * name the user gave. */
static int check_bundle(const char *path, const char *bundle)
{
	char head[16];
	int fd, error;

	if ((error = pr_open_regular(&fd, NULL, path, PR_BUNDLE_MAX)) < 0)
		return error;
	if (pread(fd, head, sizeof(head), 0) != (ssize_t)sizeof(head) ||
	    (memcmp(head, "# v2 git bundle\n", 16) &&
	     memcmp(head, "# v3 git bundle\n", 16)))
		error = pr_error_code(PR_EINPUT,
				      "cannot audit '%s': not a git bundle "
				      "(no '# v2 git bundle' or '# v3 git "
				      "bundle' header)",
				      bundle);
	close(fd);
	return error;
}

/* Clone the bundle at abs into tmp/repo and audit the clone. */
static int clone_and_audit(const char *abs, const char *tmp, const char *bundle,
			   char **names, size_t n, int as_json)
{
	char *clone = pr_asprintf("%s/repo", tmp);
	char *what = pr_asprintf("cannot clone the bundle '%s'", bundle);
	git_repository *repo = NULL;
	pr_argv a = {0};
	int error;

	pr_argv_push(&a, "git");
	pr_argv_push(&a, "clone");
	pr_argv_push(&a, "--quiet");
	pr_argv_push(&a, abs);
	pr_argv_push(&a, clone);
	if ((error = pr_git_cli(what, a.v)) == 0 &&
	    (error = pr_repo_open(&repo, clone)) == 0)
		error = audit_repo(repo, names, n, as_json);
	git_repository_free(repo);
	pr_argv_free(&a);
	free(what);
	free(clone);
	return error;
}

/* The bundle's child's exit code for error, its output flushed first
 * (_exit flushes nothing): a write that failed is said, as main says it
 * of its own standard output. */
static int child_exit(int error)
{
	int code = pr_exit_code(error);

	if (fflush(stdout) != 0 || ferror(stdout)) {
		pr_error("cannot write to standard output");
		return code ? code : 1;
	}
	return code;
}

/* The child auditing a bundle (its process group), and the signal that
 * stopped the wait for it (SIGALRM: the time limit). */
static volatile pid_t bundle_child;
static volatile sig_atomic_t bundle_signal;

static void on_bundle_signal(int sig)
{
	bundle_signal = sig;
	if (bundle_child > 0)
		kill(-bundle_child, sig == SIGALRM ? SIGKILL : sig);
}

static const int bundle_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGALRM};
#define NBUNDLE_SIGNALS (sizeof(bundle_signals) / sizeof(*bundle_signals))

/* Wait for the child pid; the error its exit status stands for. */
static int wait_bundle(pid_t pid, const char *bundle)
{
	int status = 0;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return pr_error("cannot wait for the audit of '%s': %s",
					bundle, strerror(errno));
	if (bundle_signal == SIGALRM)
		return pr_error("cannot audit '%s': it ran past %d s and was "
				"stopped",
				bundle, PR_BUNDLE_TIMEOUT_S);
	if (!WIFEXITED(status))
		return pr_error("cannot audit '%s': the audit ended by signal "
				"%d",
				bundle, WTERMSIG(status));
	switch (WEXITSTATUS(status)) {
	case 0:
		return PR_OK;
	case 2:
		return PR_EINPUT;
	case 3:
		return PR_EREFUSED;
	default:
		return PR_EFAIL;
	}
}

/*
 * Clone the bundle into a temporary directory and audit the clone in a
 * child process (its own process group) of at most PR_BUNDLE_TIMEOUT_S
 * seconds; the directory is removed whatever happens: when cloning or
 * auditing fails, at the time limit, and on SIGINT, SIGTERM or SIGHUP,
 * which are passed on to the child and then end this process as they
 * would have. A bundle that is no regular file, has more than
 * PR_BUNDLE_MAX bytes or lacks the header is refused before.
 */
static int audit_bundle(const char *bundle, char **names, size_t n, int as_json)
{
	char abs[PATH_MAX], *tmp = NULL;
	struct sigaction sa, old[NBUNDLE_SIGNALS];
	sigset_t block, was;
	size_t i;
	pid_t pid;
	int error;

	if (!realpath(bundle, abs))
		return pr_error("cannot read '%s': %s", bundle,
				strerror(errno));
	if ((error = check_bundle(abs, bundle)) < 0)
		return error;
	/* the handlers before the directory: a signal between the two would
	 * leave it behind */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_bundle_signal;
	sigemptyset(&sa.sa_mask);
	bundle_signal = 0;
	bundle_child = 0;
	sigemptyset(&block);
	for (i = 0; i < NBUNDLE_SIGNALS; i++) {
		sigaction(bundle_signals[i], &sa, &old[i]);
		sigaddset(&block, bundle_signals[i]);
	}
	if ((error = pr_tmp_dir(&tmp, "prereg-bundle.")) < 0) {
		for (i = 0; i < NBUNDLE_SIGNALS; i++)
			sigaction(bundle_signals[i], &old[i], NULL);
		if (bundle_signal && bundle_signal != SIGALRM)
			raise(bundle_signal);
		return error;
	}
	/* a failed flush stays in ferror(stdout), which main reads at exit */
	fflush(stdout);
	fflush(stderr);
	/* held from the fork until each side is ready for them: the child
	 * with its default handlers, the parent knowing the child */
	sigprocmask(SIG_BLOCK, &block, &was);
	if ((pid = fork()) == 0) {
		for (i = 0; i < NBUNDLE_SIGNALS; i++)
			signal(bundle_signals[i], SIG_DFL);
		setpgid(0, 0);
		sigprocmask(SIG_SETMASK, &was, NULL);
		/* the audit's own scratch directories inside the one the
		 * parent removes, whatever ends the child */
		setenv("TMPDIR", tmp, 1);
		error = clone_and_audit(abs, tmp, bundle, names, n, as_json);
		_exit(child_exit(error));
	}
	if (pid < 0)
		error =
		    pr_error("cannot audit '%s': %s", bundle, strerror(errno));
	else {
		setpgid(pid, pid);
		bundle_child = pid;
	}
	sigprocmask(SIG_SETMASK, &was, NULL);
	if (pid > 0) {
		if (bundle_signal) /* came before the child was known */
			kill(-pid, bundle_signal == SIGALRM ? SIGKILL
							    : bundle_signal);
		alarm(PR_BUNDLE_TIMEOUT_S);
		error = wait_bundle(pid, bundle);
		alarm(0);
	}
	bundle_child = 0;
	pr_remove_tree(tmp);
	free(tmp);
	for (i = 0; i < NBUNDLE_SIGNALS; i++)
		sigaction(bundle_signals[i], &old[i], NULL);
	if (bundle_signal && bundle_signal != SIGALRM) {
		signal(bundle_signal, SIG_DFL);
		raise(bundle_signal);
	}
	return error;
}

int cmd_audit(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {
	    PR_CMD_OPT_HELP,
	    PR_CMD_OPT_JSON,
	    {"bundle", required_argument, NULL, 'b'},
	    {"tsa-ca", required_argument, NULL, 'c'},
	    {"allowed-signers", required_argument, NULL, 's'},
	    PR_CMD_OPT_END};
	audit_opts o = {0};
	int first, error;

	(void)repo; /* the table lets audit open its own: see --bundle */
	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, -1, on_opt,
				  &o)) != 0)
		return error;
	if (o.tsa_ca && (error = pr_check_key_file(o.tsa_ca, "the TSA CA")) < 0)
		return error;
	if (o.allowed &&
	    (error = pr_check_key_file(o.allowed, "the allowed signers")) < 0)
		return error;
	pr_audit_set_tsa_ca(o.tsa_ca);
	pr_audit_set_allowed_signers(o.allowed);
	if (o.bundle)
		error = audit_bundle(o.bundle, argv + first,
				     (size_t)(argc - first), o.as_json);
	else if ((error = pr_repo_open(&repo, ".")) == 0) {
		error = audit_repo(repo, argv + first, (size_t)(argc - first),
				   o.as_json);
		git_repository_free(repo);
	}
	pr_audit_set_tsa_ca(NULL);
	pr_audit_set_allowed_signers(NULL);
	return error;
}
