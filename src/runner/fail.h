/* fail.h - why a prereg-rank process failed: one recorded reason, the
 * base code's errors routed into it, and how it is printed (no MPI) */
#ifndef PR_FAIL_H
#define PR_FAIL_H

#include <stddef.h>

/* What a failure stands for and how its message reads (flags). */
enum {
	/* 0: this rank's failure alone, printed "prereg-rank: rank R: why" */
	PR_FAIL_ALL = 1,   /* every rank meets it alike (a bad plan) or it
			      stands for the launch: "prereg-rank: why", once,
			      by rank 0 when rank 0 has it */
	PR_FAIL_NAMED = 2, /* the message names the rank already:
			      "prereg-rank: no CUDA device visible to rank 3" */
	PR_FAIL_LINE = 4,  /* the message is a sentence of its own naming the
			      program: printed as it is */
};

/*
 * Record why this rank failed (flags PR_FAIL_*) and return code. The first
 * reason recorded since the last pr_rank_forget is kept; pr_rank_agree
 * (rank.h) prints it and forgets it.
 */
int pr_rank_failf(int code, int flags, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* 1 when the recorded reason is the launch's (PR_FAIL_ALL), else 0. */
int pr_rank_failed_all(void);

/*
 * The recorded reason as world rank `rank` prints it, without newline,
 * into buf ("failed (no reason recorded)" when none). A launch's reason
 * printed by a rank other than 0 names the rank, unless it is a line of
 * its own.
 */
void pr_rank_format_why(char *buf, size_t len, int rank);
/* That line and a newline on stderr. */
void pr_rank_print_why(int rank);
void pr_rank_forget(void);

/*
 * Make base's pr_error and pr_error_code (util.h) record their message as
 * this rank's failure (pr_rank_failf with no flags) instead of printing
 * it, and print pr_warn's as "prereg-rank: warning: ...".
 */
void pr_rank_route_errors(void);

#endif
