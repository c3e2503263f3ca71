/* cmd_pin.c - prereg pin NAME */
#include <getopt.h>
#include <stdio.h>

#include "repo/git.h"
#include "repo/pin.h"
#include "format/spec.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg pin NAME\n"
    "       prereg pin --restore-tags\n"
    "\n"
    "Commit exactly experiments/NAME/experiment.ini and\n"
    "predictions/NAME.json (nothing else that is staged or modified) as\n"
    "a child of HEAD and tag it prereg/pin/NAME/K. Pinning again with\n"
    "nothing changed prints the existing pin; when that pin's commit is\n"
    "there but its tag is missing, the tag is restored instead. K is\n"
    "above every pin tag and pin commit of NAME. Then: prereg run NAME.\n"
    "\n"
    "  --restore-tags  recreate the missing tags of the pin commits\n"
    "                  reachable from HEAD (a copy of the repository made\n"
    "                  without its tags); existing tags are never moved:\n"
    "                  a tag name taken by another commit, or two pin\n"
    "                  commits claiming one NAME/K, is reported on stderr\n"
    "                  and the exit status is 1\n";

int cmd_pin(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {
	    PR_CMD_OPT_HELP,
	    {"restore-tags", no_argument, NULL, 'r'},
	    PR_CMD_OPT_END};
	pr_spec *spec = NULL;
	pr_pin pin;
	int first, created = 0, restore = 0, n, conflicts, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, -1,
				  pr_cmd_flag, &restore)) != 0)
		return error;
	if (argc - first != (restore ? 0 : 1))
		return pr_cmd_usage_error(
		    argv[0], usage, "expected %s",
		    restore ? "no NAME with --restore-tags" : "NAME");
	if (restore) {
		if ((error = pr_pin_restore_tags(&n, &conflicts, repo)) < 0)
			return error;
		printf("%d pin tag%s restored\n", n, n == 1 ? "" : "s");
		if (conflicts)
			return pr_error_code(PR_EFAIL,
					     "%d pin tag%s not restored: see "
					     "above",
					     conflicts,
					     conflicts == 1 ? "" : "s");
		return PR_OK;
	}
	/* a spec that does not parse is not worth pinning */
	if ((error = pr_spec_load(&spec, pr_repo_root(repo), argv[first])) < 0)
		return error;
	pr_spec_free(spec);
	if ((error = pr_pin_create(&pin, &created, repo, argv[first])) < 0)
		return error;
	if (created == PR_PIN_RESTORED) {
		printf(
		    "restored %s on %.12s: the pin commit was there, its tag "
		    "was missing; no new pin made\n",
		    pin.tag, pin.commit);
		return PR_OK;
	}
	printf("%s %s %.12s (spec %.12s, prediction %.12s)\n",
	       created ? "pinned" : "already pinned:", pin.tag, pin.commit,
	       pin.spec_blob, pin.pred_blob);
	return PR_OK;
}
