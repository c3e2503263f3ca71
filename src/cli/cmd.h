/* cmd.h - the subcommands of prereg, one file each */
#ifndef PR_CMD_H
#define PR_CMD_H

#include <getopt.h>
#include <git2.h>
#include <jansson.h>
#include <stdio.h>

#include "audit/audit.h"
#include "run/run.h"

/* A subcommand gets its own argv (argv[0] = its name) and the repository
 * when its table entry asks for one; it returns a pr_ code. */
typedef int (*pr_cmd_fn)(int argc, char **argv, git_repository *repo);

int cmd_list(int argc, char **argv, git_repository *repo);
int cmd_env(int argc, char **argv, git_repository *repo);
int cmd_predict(int argc, char **argv, git_repository *repo);
int cmd_pin(int argc, char **argv, git_repository *repo);
int cmd_run(int argc, char **argv, git_repository *repo);
int cmd_show(int argc, char **argv, git_repository *repo);
int cmd_analyze(int argc, char **argv, git_repository *repo);
int cmd_compare(int argc, char **argv, git_repository *repo);
int cmd_repro(int argc, char **argv, git_repository *repo);
int cmd_audit(int argc, char **argv, git_repository *repo);
int cmd_recover(int argc, char **argv, git_repository *repo);
int cmd_export(int argc, char **argv, git_repository *repo);
int cmd_summary(int argc, char **argv, git_repository *repo);

/*
 * getopt_long over argv with the common conventions: --help prints usage
 * on stdout and returns 1 (the caller exits 0); an unknown option or a
 * missing argument prints usage on stderr and returns PR_EINPUT. `nargs`
 * positional arguments are expected (-1: any number); *first receives the
 * index of the first one.
 */
int pr_cmd_parse(int *first, int argc, char **argv, const char *usage,
		 const struct option *longopts, int nargs,
		 int (*on_opt)(int opt, const char *arg, void *data),
		 void *data);

/* Entries of the option tables: --help in each, --json in each command
 * that prints JSON, and the end of a table. */
#define PR_CMD_OPT_HELP                                                        \
	{                                                                      \
		"help", no_argument, NULL, 'h'                                 \
	}
#define PR_CMD_OPT_JSON                                                        \
	{                                                                      \
		"json", no_argument, NULL, 'j'                                 \
	}
#define PR_CMD_OPT_END                                                         \
	{                                                                      \
		NULL, 0, NULL, 0                                               \
	}

/* cmd_compare.c: compare run id_b of experiment name with id_a and print
 * it (markdown, or JSON with PR_CMD_COMPARE_JSON; the model's errors
 * with PR_CMD_COMPARE_MODEL_ERROR). */
enum { PR_CMD_COMPARE_JSON = 1, PR_CMD_COMPARE_MODEL_ERROR = 2 };
int pr_cmd_compare_runs(const char *root, const char *name, const char *id_a,
			const char *id_b, int flags);

/* The on_opt of a table with one flag besides --help (--json, --wait...):
 * sets the int data points to. */
int pr_cmd_flag(int opt, const char *arg, void *data);

/* "prereg CMD: " + message on stderr, then the synopsis of usage (its text
 * up to the first blank line); returns PR_EINPUT. */
int pr_cmd_usage_error(const char *cmd, const char *usage, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Print j on f as every --json prints: sorted keys, 2-space indent, reals
 * to `digits` significant digits (0: as many as a double needs, so that
 * a stored file prints as it reads), one trailing newline. Takes the
 * reference to j (NULL when building it failed: an error). Cannot encode:
 * PR_EFAIL with a message. A failed write: PR_EFAIL, with ferror(f) left
 * set for the caller to report (main does for stdout).
 */
int pr_cmd_print_json(FILE *f, json_t *j, int digits);

/*
 * Analyze NAME (run_id, or every complete run) and write
 * analysis/NAME/report.md and its plots; then print on stdout the
 * analysis as JSON (PR_CMD_PRINT_JSON, also when writing failed), or when
 * the report was written its verdict counts per run
 * (PR_CMD_PRINT_SUMMARY) and the path written (both, or
 * PR_CMD_PRINT_PATH alone).
 */
enum { PR_CMD_PRINT_PATH, PR_CMD_PRINT_SUMMARY, PR_CMD_PRINT_JSON };
int pr_cmd_analyze_write(git_repository *repo, const char *name,
			 const char *run_id, int print);

/*
 * Print an audit on stdout: as JSON (as_json), or as the table of
 * `prereg audit`, its problems, the runs not audited and the grade counts.
 * Returns an error of printing, else PR_EFAIL when a check failed, else
 * PR_OK.
 */
int pr_cmd_audit_print(const pr_audit *a, int as_json);

/* Options of run and repro, shared. */
int pr_cmd_run_opts(pr_run_opts *o, int *first, int argc, char **argv,
		    const char *usage);

/* Parse a positive integer option value, PR_EINPUT with a message. */
int pr_cmd_int(int *out, const char *opt, const char *arg, int min);

#endif
