/* cmd.h - the subcommands of prereg, one file each */
#ifndef PR_CMD_H
#define PR_CMD_H

#include <git2.h>

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
int cmd_repro(int argc, char **argv, git_repository *repo);
int cmd_audit(int argc, char **argv, git_repository *repo);
int cmd_recover(int argc, char **argv, git_repository *repo);

/*
 * getopt_long over argv with the common conventions: --help prints usage
 * on stdout and returns 1 (the caller exits 0); an unknown option or a
 * missing argument prints usage on stderr and returns PR_EINPUT. `nargs`
 * positional arguments are expected (-1: any number); *first receives the
 * index of the first one.
 */
struct option;
int pr_cmd_parse(int *first, int argc, char **argv, const char *usage,
		 const struct option *longopts, int nargs,
		 int (*on_opt)(int opt, const char *arg, void *data),
		 void *data);

/* Options of run and repro, shared. */
int pr_cmd_run_opts(pr_run_opts *o, int *first, int argc, char **argv,
		    const char *usage);

/* Parse a positive integer option value, PR_EINPUT with a message. */
int pr_cmd_int(int *out, const char *opt, const char *arg, int min);

#endif
