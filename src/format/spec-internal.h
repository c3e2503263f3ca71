/* spec-internal.h - what the parts of the experiment.ini reader share:
 * spec.c (load, the inih driver, free), spec_values.c (value readers),
 * spec_keys.c (the setters and the key table), spec_ranks.c ([ranks] and
 * [slurm]), spec_check.c (cross-key checks), spec_config.c (per-config
 * accessors), spec_command.c ([command]), spec_tolerance.c
 * ([analysis] reproduce_tolerance) */
#ifndef PR_SPEC_INTERNAL_H
#define PR_SPEC_INTERNAL_H

#include <stddef.h>

#include "format/spec.h"
#include "format/workload.h"
#include "model/registry.h"

struct parse;

/*
 * Name tables: arrays of structs whose first member is the name, or plain
 * arrays of names. Every list of accepted values lives in one table, so
 * lookups and "(known: ...)" in messages cannot drift apart.
 */
struct names {
	const void *base;
	size_t stride;
	size_t n;
};

#define NAMES(t)                                                               \
	((struct names){(t), sizeof((t)[0]), sizeof(t) / sizeof((t)[0])})

#define MAX_BYTES (1L << 30)
#define MAX_NAME 64

typedef int (*setter)(struct parse *p, const char *key, const char *value);

enum { OPTIONAL, REQUIRED };

struct key {
	const char *section;
	const char *name;
	setter set;
	int required;
};

#define NLAUNCH_KEYS 3
#define LAUNCH_PREFIX "launch."

/* A [launch.NAME] section as read: its keys' values and lines. */
struct launch_section {
	char *name;
	int line;
	int value[NLAUNCH_KEYS];
	int key_line[NLAUNCH_KEYS];
};

#define NKEYS 68
#define NSECTIONS 15

struct parse {
	pr_spec *spec;
	const char *path;
	const char *next; /* the input not yet handed to inih */
	const char *end;  /* the end of the input (it may hold NUL bytes) */
	int line;	  /* the line last handed to inih (1-based) */
	int nul_line;	  /* the first line holding a NUL byte, or 0 */
	int key_line[NKEYS];
	int section_line[NSECTIONS];
	long long min_bytes, max_bytes, factor;
	size_t extra_sizes[PR_MAX_SIZES]; /* [shape] sizes */
	int nextra_sizes;
	const pr_workload_facts *workload;
	const pr_model_info *model;
	struct launch_section lsec[PR_MAX_FACTOR]; /* [launch.NAME] */
	int nlsec;
	char *error; /* the first error: "path:line: message" */
	int error_line;
	int median_line; /* the first [model] median.NAME, or 0 */
};

/* spec_keys.c: every key of experiment.ini, and the sections. */
extern const struct key pr_spec_keys[NKEYS];
extern const char *const pr_spec_sections[NSECTIONS];

/* spec_values.c */
int pr_spec_fail(struct parse *p, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int pr_spec_fail_unknown(struct parse *p, const char *what, const char *value,
			 struct names known);
int pr_spec_lookup(struct names t, const char *name);
char *pr_spec_join(struct names t);
int pr_spec_parse_ll(long long *out, const char *s);
int pr_spec_get_int(long long *out, struct parse *p, const char *key,
		    const char *value, long long lo, long long hi);
int pr_spec_get_long(long *out, struct parse *p, const char *key,
		     const char *value, long lo, long hi);
int pr_spec_get_small(int *out, struct parse *p, const char *key,
		      const char *value, int lo, int hi);
int pr_spec_get_num(double *out, struct parse *p, const char *key,
		    const char *value, double hi, const char *what);
int pr_spec_get_choice(int *out, struct parse *p, const char *what,
		       const char *value, struct names known);
char *pr_spec_trim(char *s);
/* spec_tolerance.c: [analysis] reproduce_tolerance */
int pr_spec_set_reproduce_tol(struct parse *p, const char *key,
			      const char *value);
/* spec_claims.c: one key of [claims]; the claims' memory */
int pr_spec_set_claim(struct parse *p, const char *name, const char *value);
void pr_spec_claims_free(pr_spec *spec);
int pr_spec_split_list(char **items, int max, struct parse *p, const char *key,
		       char *list);
int pr_spec_split_pair(char **colon, struct parse *p, const char *key,
		       char *item, const char *form);
int pr_spec_launch_name_ok(const char *name);
int pr_spec_name_ok(const char *name);

/* spec_ranks.c */
int pr_spec_set_group(struct parse *p, const char *key, const char *value);
int pr_spec_set_slurm_list(struct parse *p, const char *key, const char *value);
int pr_spec_set_slurm_time(struct parse *p, const char *key, const char *value);
int pr_spec_set_slurm_sbatch(struct parse *p, const char *key,
			     const char *value);
int pr_spec_check_slurm(struct parse *p);

/* spec.c */
struct launch_section *pr_spec_launch_section(struct parse *p,
					      const char *name);
int pr_spec_line_of(const struct parse *p, const char *section,
		    const char *name);

/* spec_check.c */
int pr_spec_check_sizes(struct parse *p);
int pr_spec_check_needs(struct parse *p);
int pr_spec_check_dp(struct parse *p);
int pr_spec_check_arrival_scope(struct parse *p);
int pr_spec_check_model(struct parse *p);
int pr_spec_check_launch(struct parse *p);
/* The line of the first key given in section, else of its header; 0 when
 * the file has neither. */
int pr_spec_section_used(const struct parse *p, const char *section);

/* spec_command.c: [command] */
int pr_spec_set_command_argv(struct parse *p, const char *key,
			     const char *value);
int pr_spec_set_command_ops(struct parse *p, const char *key,
			    const char *value);
int pr_spec_set_command_max_calls(struct parse *p, const char *key,
				  const char *value);
int pr_spec_set_command_timeout(struct parse *p, const char *key,
				const char *value);
int pr_spec_set_command_pmpi(struct parse *p, const char *key,
			     const char *value);
int pr_spec_set_command_inputs(struct parse *p, const char *key,
			       const char *value);
/* version = ARGS: 1 to PR_MAX_VERSION_ARGS words */
int pr_spec_set_command_version(struct parse *p, const char *key,
				const char *value);
int pr_spec_set_command_output(struct parse *p, const char *key,
			       const char *value);
/* fom.NAME = PATTERN: NAME (after "fom.") 1 to 32 letters, digits, '_'
 * or '-', each once, the pattern one format/fom.h compiles. */
int pr_spec_set_command_fom(struct parse *p, const char *name,
			    const char *pattern);
int pr_spec_check_command(struct parse *p);
/* [model] formula and cells (model formula) */
int pr_spec_set_formula(struct parse *p, const char *key, const char *value);
int pr_spec_set_args(struct parse *p, const char *key, const char *value);
/* [model] program = PATH (model program): a path relative to the
 * repository's root, without blank, "." or ".." component, at most 255
 * bytes */
int pr_spec_set_program(struct parse *p, const char *key, const char *value);
/* [model] timeout_s (model program): seconds in (0, 3600] */
int pr_spec_set_program_timeout(struct parse *p, const char *key,
				const char *value);
int pr_spec_set_formula_cells(struct parse *p, const char *key,
			      const char *value);
/* median.NAME = PHASE[:BYTES]: NAME (after "median.") a formula variable
 * (a letter, then letters, digits or '_', at most 32) that is no built-in
 * variable, constant or function of a formula, each once, at most
 * PR_MAX_MEDIANS; PHASE as in cells, BYTES 0 to 2^30. */
int pr_spec_set_median(struct parse *p, const char *name, const char *value);
void pr_spec_command_free(pr_spec *spec);

#endif
