/* text.h - strings a repository supplies, checked or escaped before they
 * name a path, reach a terminal or go into a gnuplot script */
#ifndef PR_TEXT_H
#define PR_TEXT_H

#include <stdint.h>

/* Length of a run id: YYYYmmddTHHMMSSZ-xxxxxx. */
#define PR_RUN_ID_LEN 23

/*
 * Is s a run id in prereg's own format, the one `prereg run` makes: the
 * UTC time as YYYYmmddTHHMMSSZ (digits, 'T', 'Z'), '-', then 6 lowercase
 * hex digits? 1 or 0; NULL is not one.
 */
int pr_run_id_valid(const char *s);

/*
 * The second a new run id may take (Unix time), so that the run ids of an
 * experiment sorted by name stay in the order their runs started (its
 * latest run is found by name): now, unless newest, the newest run id of
 * the experiment (NULL when none), is of that very second, then the next
 * one, which the run waits for. A newest id later than now (a clock set
 * back, a run made on another host) changes nothing: no short wait
 * would reach it.
 */
int64_t pr_run_id_second(int64_t now, const char *newest);

/* PR_OK when id is a run id (pr_run_id_valid); else PR_EINPUT with a
 * message quoting it escaped (pr_text_escape). */
int pr_run_id_check(const char *id);

/*
 * s as one line of printable text, caller frees: a backslash becomes
 * "\\", newline, carriage return and tab "\n", "\r", "\t", every other
 * C0 control byte, DEL, each byte of a C1 control (U+0080 to U+009F)
 * and each byte that is not well-formed UTF-8 "\xHH"; the rest (well-
 * formed UTF-8) is kept. NULL gives "(null)".
 */
char *pr_text_escape(const char *s);

/*
 * s as a gnuplot string constant, caller frees: pr_text_escape(s) in
 * single quotes, a single quote inside doubled. gnuplot expands neither
 * backticks nor backslashes in single quotes, and the escape leaves no
 * newline to end the command, so the string is text and nothing else.
 */
char *pr_text_gnuplot(const char *s);

#endif
