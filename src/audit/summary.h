/* summary.h - one line per experiment for the reviewer: the last run of
 * its pin, its verdict, whether it reproduced its reference, its busy
 * launches and its audit grade (`prereg summary`, the end of repro) */
#ifndef PR_AUDIT_SUMMARY_H
#define PR_AUDIT_SUMMARY_H

#include <git2.h>
#include <jansson.h>
#include <stdio.h>

#include "analyze/compare.h"
#include "audit/audit.h"

/* One claim of a run: its name and reason owned, its verdict static. */
typedef struct {
	char *name, *reason;
	const char *verdict;
} pr_summary_claim;

/* One experiment. Words are static; strings owned. */
typedef struct {
	char *name;
	const char *kind; /* "calibration", "validation", "?" */
	char *claim;	  /* the spec's claim, NULL when it does not load */
	char *pin;	  /* pin tag, "K (tag missing)" or "not runnable" */
	/* the last complete run of the pin and the one before it (its
	 * reference, report.md's Reproduction rule); NULL when none */
	char *last, *ref;
	const char *verdict,
	    *ref_verdict; /* pr_run_word's (analyze/conclusion.h), or NULL */
	char *counts;	  /* "3 PASS, 1 FAIL", or NULL */
	size_t repro[PR_NREPRO]; /* compare(ref, last), when both */
	int compared;		 /* repro holds counts */
	/* 1 the verdict is the reference's, 0 it is not, -1 no reference */
	int reproduced;
	/* the two runs' manifests record different processors (compare's
	 * warned CPU fact): their DIFFERENT rows may measure the machines */
	int other_cpu;
	size_t busy, recorded; /* of the last run's launches */
	const char *grade;     /* the audit's grade of the last run, or NULL */
	/* the claims of the last run: name, verdict ("PASS", ...) and
	 * reason each, owned; with a reference, reproduced compares the
	 * claims' verdicts by name rather than the runs' words */
	pr_summary_claim *claims;
	size_t nclaims;
} pr_summary_row;

typedef struct {
	pr_summary_row *row;
	size_t n;
} pr_summary;

/* The ids of the complete runs of experiment name (of pin tag; NULL: of
 * any pin), newest first, at most max of them into out (each owned by the
 * caller); their count. Read from the manifests, reading errors quiet. */
size_t pr_summary_complete_runs(char **out, size_t max, const char *root,
				const char *name, const char *tag);

/* The summary of the experiments names (n 0: every experiment under
 * experiments/) of repo, with the audit's grades when with_grades (the
 * audit renders every analysis again: seconds). PR_EINPUT for an unknown
 * name. */
int pr_summary_build(pr_summary *out, git_repository *repo,
		     const char *const *names, size_t n, int with_grades);
void pr_summary_free(pr_summary *s);
/* Each row's grade from an audit already made (the last run's), for a
 * summary built without grades. */
void pr_summary_grades_from(pr_summary *s, const pr_audit *a);

/* The table (markdown, also readable on a terminal) with its totals. */
void pr_summary_md(FILE *f, const pr_summary *s);
json_t *pr_summary_json(const pr_summary *s);
/* JUnit XML: one testcase per experiment, a failure where its verdict is
 * FAIL, its claim did not reproduce or its run is broken, skipped where
 * it has no run; then one per claim of its last run (EXPERIMENT/CLAIM), a
 * failure where it FAILs, skipped where it is INCONCLUSIVE. */
void pr_summary_junit(FILE *f, const pr_summary *s);

#endif
