/* main.c - prereg: the command table and its dispatcher */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/git.h"
#include "base/util.h"
#include "cli/cmd.h"
#include "version.h"

static const struct {
	const char *name;
	pr_cmd_fn fn;
	int needs_repo;
	const char *summary;
} commands[] = {
    {"list", cmd_list, 1, "experiments, pin state and runs"},
    {"env", cmd_env, 0, "devices, MPI, transports and launchers here"},
    {"predict", cmd_predict, 1, "evaluate the model, write the prediction"},
    {"pin", cmd_pin, 1, "commit spec + prediction and tag the pin"},
    {"run", cmd_run, 1, "check the pin, run the schedule, archive, commit"},
    {"show", cmd_show, 1, "one run's manifest, readable"},
    {"analyze", cmd_analyze, 1, "analysis/NAME/report.md and plots, from raw"},
    {"compare", cmd_compare, 1, "did run B reproduce run A: ratios, verdicts"},
    /* audit opens the repository itself: --bundle needs none here */
    {"audit", cmd_audit, 0, "verify every run's provenance and data"},
    {"repro", cmd_repro, 1, "the reviewer's command: run, analyze, audit"},
    {"summary", cmd_summary, 1, "every experiment's verdict, reproduction"},
    {"recover", cmd_recover, 1, "record runs whose prereg ended too soon"},
    {"export", cmd_export, 1, "the repository as a git bundle and a tarball"},
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: prereg COMMAND [options]   (prereg COMMAND --help)\n"
		   "\n"
		   "predict -> pin -> run: a prediction is committed to git "
		   "before the\nexperiment that tests it may run.\n\n");
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name,
			commands[i].summary);
	fprintf(f, "\nexit status: 0 ok, 1 failed, 2 bad input, 3 refused "
		   "(no pin, dirty tree, a run in progress)\n");
}

static int finish_stdout(int code)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "prereg: cannot write to standard output\n");
		return code ? code : 1;
	}
	return code;
}

int main(int argc, char **argv)
{
	git_repository *repo = NULL;
	size_t i;
	int error;

	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(argc < 2 ? stderr : stdout);
		return finish_stdout(argc < 2 ? 2 : 0);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("prereg %s\n", PR_VERSION);
		return finish_stdout(0);
	}
	for (i = 0; i < NCOMMANDS; i++) {
		if (!strcmp(argv[1], commands[i].name))
			break;
	}
	if (i == NCOMMANDS) {
		fprintf(stderr,
			"prereg: '%s' is not a prereg command (see 'prereg "
			"--help')\n",
			argv[1]);
		return 2;
	}
	if (commands[i].needs_repo && (error = pr_repo_open(&repo, ".")) < 0)
		return pr_exit_code(error);
	error = commands[i].fn(argc - 1, argv + 1, repo);
	git_repository_free(repo);
	git_libgit2_shutdown();
	return finish_stdout(error > 0 ? 0 : pr_exit_code(error));
}
