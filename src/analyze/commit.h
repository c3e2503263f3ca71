/* commit.h - commit an experiment's analysis (analysis/NAME) to git */
#ifndef PR_COMMIT_H
#define PR_COMMIT_H

#include <git2.h>

/*
 * Commit every regular file of analysis/NAME (report.md and the plots
 * pr_report_write wrote; nothing else that is staged or modified) as a
 * child of HEAD, with the message "prereg analyze NAME". An empty or
 * missing analysis/NAME: PR_EFAIL with a message; so is a failed commit.
 */
int pr_analysis_commit(git_repository *repo, const char *name);

#endif
