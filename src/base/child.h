/* child.h - every child process prereg runs: argv vector, env additions,
 * fds, start/finish, never a shell (after git's run-command.h) */
#ifndef PR_CHILD_H
#define PR_CHILD_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

/* A growable, NULL-terminated argv. */
typedef struct {
	char **v;
	size_t n, cap;
} pr_argv;

void pr_argv_push(pr_argv *a, const char *s);
void pr_argv_pushf(pr_argv *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void pr_argv_free(pr_argv *a);
/* The argv as one shell-quoted line (caller frees), for --dry-run and
 * manifests. */
char *pr_argv_join(const pr_argv *a);

/*
 * One child. Zero it ({0}), fill what applies, then pr_child_start and
 * pr_child_finish (or pr_child_run). Every field but the results is read,
 * never changed or freed.
 */
typedef struct pr_child {
	char *const *argv; /* argv[0] found on PATH as execvp does */
	char *const *env; /* "K=V" set in the child, NULL-terminated, or NULL */
	const char *dir;  /* the child's working directory, or NULL */
	int no_stdin;	  /* stdin from /dev/null instead of ours */
	int in;		  /* stdin from this fd (0: ours, or no_stdin); kept
			     open, the caller closes it */
	int out, err;	  /* stdout / stderr to this fd (0: ours); kept
			     open, the caller closes it */
	int capture;	  /* stdout into `output` instead */
	int own_group;	  /* the child leads its own process group */
	int death_sig;	  /* sent to the child when we die (0: none) */
	int reap_orphans; /* we are the subreaper: after the child, reap its
			     orphans and SIGKILL those left after 5 s */
	double timeout_s; /* > 0: SIGTERM after that long */
	volatile sig_atomic_t *stop; /* nonzero (a signal handler): SIGTERM */
	/* In the child before exec (CPU affinity); nonzero: it exits 126. */
	int (*pre_exec)(void *arg);
	void *pre_exec_arg;

	/* results */
	pid_t pid;
	int capture_fd;
	char *output; /* captured stdout, NUL-terminated; caller frees */
	size_t output_len;
	int status;    /* exit code, 128+signal when killed, -1 unknown */
	int timed_out; /* the timeout fired (not the stop flag) */
} pr_child;

/*
 * Fork and exec c->argv. A child that cannot exec exits 127 (and says why
 * on its stderr when c->err redirects it). PR_EFAIL with a message when
 * it cannot be started (then nothing is left to finish).
 */
int pr_child_start(pr_child *c);

/*
 * Wait for a started child, reading what it captures. When *c->stop
 * becomes nonzero or c->timeout_s passes, SIGTERM goes to its process
 * group (own_group) or to it, then SIGKILL 5 s later. Sets status,
 * timed_out and output. PR_EFAIL with a message when waiting fails. It
 * wakes as the child ends (its pidfd; make bench's bench_child: a child
 * that ends at once is seen 3.6-4.3 ms after its start, against 20.7 ms
 * when this slept 20 ms at a time), and at least every 20 ms for the
 * stop flag and the timeout.
 */
int pr_child_finish(pr_child *c);

/* pr_child_start, then pr_child_finish. */
int pr_child_run(pr_child *c);

/*
 * Run argv and capture its standard output (NUL-terminated, caller frees)
 * and exit status; stderr goes to ours. PR_EFAIL when it cannot be
 * started (*out is NULL then).
 */
int pr_child_capture(char **out, int *status, char *const argv[]);

#endif
