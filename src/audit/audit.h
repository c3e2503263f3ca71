/* audit.h - prereg audit: every run's provenance and data checked against
 * git, the ledger and its own manifest (DESIGN 2, I1-I6) */
#ifndef PR_AUDIT_H
#define PR_AUDIT_H

#include <git2.h>
#include <jansson.h>
#include <stddef.h>

typedef enum {
	PR_AUDIT_OMITTED = 0, /* the check does not apply to the row */
	PR_AUDIT_PASS,
	PR_AUDIT_WARN,
	PR_AUDIT_FAIL
} pr_audit_result;

/* The checks of a run, in report order. */
enum {
	PR_CHECK_MANIFEST,
	PR_CHECK_COMMITTED,
	PR_CHECK_PIN,
	PR_CHECK_BLOBS,
	PR_CHECK_VALID,
	PR_CHECK_DATES,
	PR_CHECK_ARCHIVE,
	PR_CHECK_SCHEDULE,
	PR_CHECK_LEDGER,
	PR_CHECK_STAMP,	    /* the pin's RFC 3161 token; omitted when none */
	PR_CHECK_SIGNATURE, /* the pin commit's SSH signature; omitted when
			       it is not signed */
	PR_CHECK_DELAYS,    /* the arrival delays rebuilt from the seeds;
			       omitted for other workloads */
	PR_NCHECKS
};

typedef enum {
	PR_GRADE_ANCHORED,	/* order proven by ancestry and hashes */
	PR_GRADE_SELF_ASSERTED, /* nothing fails; the order rests on dates */
	PR_GRADE_BROKEN,	/* some check fails */
	PR_GRADE_TIME_ANCHORED, /* anchored, and a valid token of the pin
				   dates before the run's start */
	PR_GRADE_SIGNED,	/* anchored, and the pin commit carries a
				   signature by an allowed signer (no valid
				   token) */
	PR_NGRADES
} pr_audit_grade;

typedef struct {
	pr_audit_result result;
	char *reason; /* one line, lower case; NULL when omitted */
	int advisory; /* a WARN that proves as much as a PASS (a missing pin
			 tag of a pin commit found by the manifest): it does
			 not lower the grade */
} pr_audit_check;

/* One row: a run directory, or a ledger line without one. */
typedef struct {
	char *experiment, *run_id;
	char *status; /* complete | failed | interrupted | unknown */
	pr_audit_grade grade;
	pr_audit_check check[PR_NCHECKS];
	int found_broken; /* a failing finding names the run */
	char *where;	  /* the ref holding the run when HEAD does not (a
			     run off HEAD), else NULL */
} pr_audit_run;

/* What the audit sees across runs and commits (DESIGN 2, audit): a
 * finding of `kind` ("re-pin", "replayed", "calibration", "removed", "binary").
 */
typedef struct {
	char *kind;
	char *experiment;
	char *run_id; /* NULL when it names no run */
	int fails;    /* a failure; else a note */
	char *text;
} pr_audit_finding;

typedef struct {
	char *experiment;
	pr_audit_check analysis;
	/* run directories still holding run-state.json: a run in progress,
	 * or one whose prereg ended before recording it (prereg recover);
	 * not audited, sorted */
	char **unfinished;
	size_t nunfinished;
} pr_audit_experiment;

typedef struct {
	pr_audit_run *run; /* sorted by experiment, then run id */
	size_t nruns;
	pr_audit_experiment *exp; /* sorted by name */
	size_t nexps;
	pr_audit_finding *finding; /* sorted by experiment, kind, run id */
	size_t nfindings;
	size_t count[PR_NGRADES];
	int ok; /* no check of any run or experiment and no finding failed */
	/* another prereg holds the run lock: unfinished runs may be live;
	 * holder says who (or NULL) */
	int in_progress;
	char *holder;
} pr_audit;

/* "manifest", "committed", ..., "valid", ..., "delays"; "PASS", "WARN", "FAIL";
 * "time-anchored", "signed", "anchored", "self-asserted", "broken". */
const char *pr_audit_check_name(int check);
/* The check's column in the audit's table ('M', 'C', ..., 'G'). */
char pr_audit_check_letter(int check);
const char *pr_audit_result_name(pr_audit_result r);
const char *pr_audit_grade_name(pr_audit_grade g);

/*
 * Audit the experiments `names` (nnames 0: every experiment with runs/NAME
 * or experiments/NAME in the work tree) of repo at HEAD: every run
 * directory, every ledger line and each experiment's committed analysis
 * (recomputed from the committed runs it covers: the same bytes PASS, or
 * WARN when HEAD holds runs it does not cover; other bytes FAIL). Reads
 * only; renders the analysis in a temporary directory it removes.
 * Prints nothing: what it finds is in out (caller frees with
 * pr_audit_free). Errors: an invalid or unknown name (PR_EINPUT, with a
 * message), history that cannot be read (PR_EFAIL).
 */
int pr_audit_repo(pr_audit *out, git_repository *repo, const char *const *names,
		  size_t nnames);
/*
 * pr_audit_repo without the experiments' analysis check (each one's
 * `analysis` OMITTED): the runs' checks, grades and findings, for a caller
 * that reads only those (the summary's grades; the analysis check
 * renders every report again, most of an audit's time).
 */
int pr_audit_runs(pr_audit *out, git_repository *repo, const char *const *names,
		  size_t nnames);
void pr_audit_free(pr_audit *a);

/* The CA file (PEM) that pin tokens must chain to (--tsa-ca); NULL, the
 * default: OpenSSL's system store. For the audits that follow. */
void pr_audit_set_tsa_ca(const char *file);

/* The allowed-signers file (git's format) that pin commit signatures are
 * held against (--allowed-signers); NULL, the default: the repository's
 * gpg.ssh.allowedSignersFile, else none (a signature is then a WARN). */
void pr_audit_set_allowed_signers(const char *file);

/* The audit as the JSON of `prereg audit --json` (caller decrefs). */
json_t *pr_audit_json(const pr_audit *a);

#endif
