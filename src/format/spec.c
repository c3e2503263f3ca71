/* spec.c - experiments/NAME/experiment.ini, parsed and validated */
#include "format/spec-internal.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/utf8.h"
#include "base/util.h"
#include "repo/paths.h"

/* The keys of a [launch.NAME] section, in pr_launch_setting's order. */
static const char *const launch_keys[] = {"threads_per_block", "rows_per_block",
					  "blocks_per_thread"};

struct launch_section *pr_spec_launch_section(struct parse *p, const char *name)
{
	int i;

	for (i = 0; i < p->nlsec; i++)
		if (!strcmp(p->lsec[i].name, name))
			return &p->lsec[i];
	return NULL;
}

/* [launch.NAME]: one setting of the launch factor. */
static void enter_launch_section(struct parse *p, const char *name)
{
	struct launch_section *ls = pr_spec_launch_section(p, name);

	if (!pr_spec_launch_name_ok(name)) {
		pr_spec_fail(p, p->line,
			     "[" LAUNCH_PREFIX
			     "%s]: '%s' is no launch setting name "
			     "(1 to 32 letters, digits, '_', '-')",
			     name, name);
		return;
	}
	if (ls) {
		pr_spec_fail(p, p->line,
			     "duplicate section [" LAUNCH_PREFIX
			     "%s] (first on line "
			     "%d)",
			     name, ls->line);
		return;
	}
	if (p->nlsec == PR_MAX_FACTOR) {
		pr_spec_fail(p, p->line,
			     "more than %d [" LAUNCH_PREFIX "NAME] sections",
			     PR_MAX_FACTOR);
		return;
	}
	ls = &p->lsec[p->nlsec++];
	ls->name = pr_strdup(name);
	ls->line = p->line;
}

static void enter_section(struct parse *p, const char *name, size_t len)
{
	char *copy = pr_malloc(len + 1);
	int idx;

	memcpy(copy, name, len);
	copy[len] = '\0';
	if (!strncmp(copy, LAUNCH_PREFIX, strlen(LAUNCH_PREFIX)))
		enter_launch_section(p, copy + strlen(LAUNCH_PREFIX));
	else if ((idx = pr_spec_lookup(NAMES(pr_spec_sections), copy)) < 0)
		pr_spec_fail_unknown(p, "section", copy,
				     NAMES(pr_spec_sections));
	else if (!p->section_line[idx])
		p->section_line[idx] = p->line;
	free(copy);
}

/*
 * inih's reader: hands over one line per call, so p->line is the line of
 * the key inih passes to the handler next. Leading blanks are dropped (an
 * indented key is a key, not an inih multi-line continuation), section
 * headers are checked here because inih reports empty ones to nobody. A
 * NUL byte ends the line for inih; its line is noted for set_key.
 */
static char *read_line(char *str, int num, void *stream)
{
	struct parse *p = stream;
	const char *s = p->next, *nl, *end;
	size_t len;

	if (s == p->end)
		return NULL;
	nl = memchr(s, '\n', (size_t)(p->end - s));
	p->next = nl ? nl + 1 : p->end;
	p->line++;
	if (!p->nul_line && memchr(s, '\0', (size_t)(p->next - s)))
		p->nul_line = p->line;
	if (p->line == 1 && !strncmp(s, "\xEF\xBB\xBF", 3))
		s += 3;
	while (s < p->next && *s != '\n' && isspace((unsigned char)*s))
		s++;
	len = (size_t)(p->next - s);
	if (len + 1 > (size_t)num) {
		pr_spec_fail(p, p->line, "line longer than %d characters",
			     num - 2);
		len = 0;
	}
	memcpy(str, s, len);
	str[len] = '\0';
	if (str[0] == '[' && (end = strchr(str, ']')))
		enter_section(p, str + 1, (size_t)(end - str - 1));
	return str;
}

static int key_index(const char *section, const char *name)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (!strcmp(pr_spec_keys[i].section, section) &&
		    !strcmp(pr_spec_keys[i].name, name))
			return (int)i;
	return -1;
}

/* Line of a key, 0 when the file does not set it. */
int pr_spec_line_of(const struct parse *p, const char *section,
		    const char *name)
{
	return p->key_line[key_index(section, name)];
}

static int fail_unknown_key(struct parse *p, const char *section,
			    const char *name)
{
	const char *known[NKEYS];
	size_t i, n = 0;
	char *list;

	for (i = 0; i < NKEYS; i++)
		if (!strcmp(pr_spec_keys[i].section, section))
			known[n++] = pr_spec_keys[i].name;
	list = pr_spec_join((struct names){known, sizeof(known[0]), n});
	pr_spec_fail(p, p->line, "unknown key '%s' in [%s] (known: %s)", name,
		     section, list);
	free(list);
	return PR_EINPUT;
}

/*
 * Every value may end up in JSON (jansson takes UTF-8 only), in report.md
 * or in a batch script: it must be well-formed UTF-8 without control
 * characters other than tab.
 */
static int check_text(struct parse *p, const char *name, const char *value)
{
	size_t len = strlen(value), at = pr_utf8_span(value, len);
	const unsigned char *u = (const unsigned char *)value;

	if (at < len)
		return pr_spec_fail(
		    p, p->line,
		    "'%s' is not valid UTF-8 (byte %zu of the value is "
		    "0x%02x)",
		    name, at + 1, u[at]);
	for (at = 0; at < len; at++)
		if ((u[at] < 0x20 && u[at] != '\t') || u[at] == 0x7f)
			return pr_spec_fail(
			    p, p->line,
			    "'%s' holds a control character (byte "
			    "%zu of the value is 0x%02x)",
			    name, at + 1, u[at]);
	return PR_OK;
}

/* A key's value as every key's must be: on a line without a NUL byte,
 * not empty, well-formed text (check_text). */
static int value_ok(struct parse *p, const char *name, const char *value)
{
	if (p->line == p->nul_line)
		return pr_spec_fail(p, p->line, "'%s' holds a NUL byte", name);
	if (!value || !*value)
		return pr_spec_fail(p, p->line, "'%s' has no value", name);
	return check_text(p, name, value);
}

/* A key of [launch.NAME]: threads_per_block, rows_per_block or
 * blocks_per_thread, 1 to 1024 as in [launch]. */
static int set_launch_key(struct parse *p, const char *section,
			  const char *name, const char *value)
{
	struct launch_section *ls =
	    pr_spec_launch_section(p, section + strlen(LAUNCH_PREFIX));
	int k, error;

	if (!ls)
		return PR_EINPUT; /* reported at its header */
	if ((k = pr_spec_lookup(NAMES(launch_keys), name)) < 0) {
		char *list = pr_spec_join(NAMES(launch_keys));

		pr_spec_fail(p, p->line, "unknown key '%s' in [%s] (known: %s)",
			     name, section, list);
		free(list);
		return PR_EINPUT;
	}
	if (ls->key_line[k])
		return pr_spec_fail(
		    p, p->line, "duplicate key '%s' in [%s] (first on line %d)",
		    name, section, ls->key_line[k]);
	ls->key_line[k] = p->line;
	if ((error = value_ok(p, name, value)) < 0)
		return error;
	return pr_spec_get_small(&ls->value[k], p, name, value, 1, 1024);
}

static int set_key(struct parse *p, const char *section, const char *name,
		   const char *value)
{
	int k, error;

	if (!*section)
		return pr_spec_fail(p, p->line,
				    "key '%s' is outside any [section]", name);
	if (!strncmp(section, LAUNCH_PREFIX, strlen(LAUNCH_PREFIX)))
		return set_launch_key(p, section, name, value);
	if (pr_spec_lookup(NAMES(pr_spec_sections), section) < 0)
		return PR_EINPUT; /* reported at its header */
	if (!strcmp(section, "claims"))
		return (error = value_ok(p, name, value)) < 0
			   ? error
			   : pr_spec_set_claim(p, name, value);
	if (!strcmp(section, "command") && !strncmp(name, "fom.", 4))
		return (error = value_ok(p, name, value)) < 0
			   ? error
			   : pr_spec_set_command_fom(p, name + 4, value);
	if (!strcmp(section, "model") && !strncmp(name, "median.", 7))
		return (error = value_ok(p, name, value)) < 0
			   ? error
			   : pr_spec_set_median(p, name + 7, value);
	if ((k = key_index(section, name)) < 0)
		return fail_unknown_key(p, section, name);
	if (p->key_line[k])
		return pr_spec_fail(
		    p, p->line, "duplicate key '%s' in [%s] (first on line %d)",
		    name, section, p->key_line[k]);
	p->key_line[k] = p->line;
	if ((error = value_ok(p, name, value)) < 0)
		return error;
	return pr_spec_keys[k].set(p, name, value);
}

static int on_key(void *user, const char *section, const char *name,
		  const char *value)
{
	return set_key(user, section, name, value) == PR_OK;
}

/* Where a missing key belongs: its section's header, else the end. */
static int missing_line(const struct parse *p, const char *section)
{
	int idx = pr_spec_lookup(NAMES(pr_spec_sections), section);

	if (p->section_line[idx])
		return p->section_line[idx];
	return p->line > 0 ? p->line : 1;
}

static int check_required(struct parse *p)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (pr_spec_keys[i].required && !p->key_line[i])
			return pr_spec_fail(
			    p, missing_line(p, pr_spec_keys[i].section),
			    "missing key '%s' in [%s]", pr_spec_keys[i].name,
			    pr_spec_keys[i].section);
	return PR_OK;
}

/* Defaults for what the file does not set; budget_s 0 means none stated. */
static pr_spec *spec_new(const char *path, const char *name)
{
	pr_spec *spec = pr_calloc(1, sizeof(*spec));

	spec->name = name ? pr_strdup(name) : NULL;
	spec->path = pr_strdup(path);
	spec->edition = 1;
	spec->launches = 5;
	spec->threads_per_block = 256;
	spec->slurm.time_min = 10;
	spec->rows_per_block = 1;
	spec->blocks_per_thread = 1;
	spec->nlaunch_settings = 1;
	spec->launch_settings[0] =
	    (pr_launch_setting){spec->threads_per_block, 1, 1};
	spec->reps = 20;
	spec->warmup = 3;
	spec->late_rank = -1; /* the last rank (check_arrival_keys) */
	spec->replay_scale = 1.0;
	spec->model = pr_strdup("none");
	spec->command_pmpi = 1;
	spec->band = pr_strdup("tolerance");
	spec->tolerance = 0.15;
	pr_tolerance_init(&spec->tol);
	return spec;
}

static void default_factors(pr_spec *spec)
{
	if (!spec->ntransports)
		spec->transports[spec->ntransports++] = pr_strdup("default");
	if (!spec->nplacements)
		spec->placements[spec->nplacements++] = pr_strdup("spread");
	if (!spec->nalgorithms)
		spec->algorithms[spec->nalgorithms++] = pr_strdup("default");
	if (!spec->nsyncs)
		spec->syncs[spec->nsyncs++] = pr_strdup("none");
	if (!spec->npatterns)
		spec->patterns[spec->npatterns++] = pr_strdup("none");
}

/* pr_spec_parse of len bytes, which may hold NUL bytes. */
static int parse_text(pr_spec **out, const char *text, size_t len,
		      const char *path, const char *name)
{
	struct parse p = {0};
	int error = PR_OK, rc, i;

	*out = NULL;
	p.spec = spec_new(path, name);
	p.path = path;
	p.next = text;
	p.end = text + len;
	if ((rc = ini_parse_stream(read_line, &p, on_key, &p)) < 0) {
		error = pr_error("cannot parse '%s'", path);
		goto cleanup;
	}
	if (p.nul_line) /* in a value, set_key has said so for its key */
		pr_spec_fail(&p, p.nul_line, "line holds a NUL byte");
	if (rc > 0)
		pr_spec_fail(
		    &p, rc,
		    "expected '[section]', 'key = value' or a ';' comment");
	if (p.error || (error = check_required(&p)) < 0 ||
	    (error = pr_spec_check_sizes(&p)) < 0 ||
	    (error = pr_spec_check_launch(&p)) < 0 ||
	    (error = pr_spec_check_needs(&p)) < 0 ||
	    (error = pr_spec_check_dp(&p)) < 0 ||
	    (error = pr_spec_check_arrival_scope(&p)) < 0 ||
	    (error = pr_spec_check_command(&p)) < 0 ||
	    (error = pr_spec_check_model(&p)) < 0 ||
	    (error = pr_spec_check_slurm(&p)) < 0) {
		error = pr_error_code(PR_EINPUT, "%s", p.error);
		goto cleanup;
	}
	default_factors(p.spec);
	*out = p.spec;
	p.spec = NULL;
cleanup:
	pr_spec_free(p.spec);
	for (i = 0; i < p.nlsec; i++)
		free(p.lsec[i].name);
	free(p.error);
	return error;
}

int pr_spec_parse(pr_spec **out, const char *text, const char *path,
		  const char *name)
{
	return parse_text(out, text, strlen(text), path, name);
}

/* Relative path in messages, as the user types it from the work tree. */
int pr_spec_load(pr_spec **out, const char *root, const char *name)
{
	char *rel = NULL, *full = NULL, *text = NULL;
	size_t len;
	int error;

	*out = NULL;
	if ((error = pr_name_check(name)) < 0)
		return error;
	rel = pr_path_spec(NULL, name);
	full = pr_asprintf("%s/%s", root && *root ? root : ".", rel);
	if (access(full, F_OK) < 0 && (errno == ENOENT || errno == ENOTDIR)) {
		error = pr_error_code(PR_EINPUT, "no experiment '%s' (%s: %s)",
				      name, rel, strerror(errno));
		goto cleanup;
	}
	if ((error = pr_read_file(&text, &len, full, PR_SPEC_MAX_BYTES)) < 0)
		goto cleanup;
	error = parse_text(out, text, len, rel, name);
cleanup:
	free(rel);
	free(full);
	free(text);
	return error;
}

void pr_spec_free(pr_spec *spec)
{
	int i;

	if (!spec)
		return;
	free(spec->name);
	free(spec->path);
	free(spec->claim);
	pr_spec_claims_free(spec);
	pr_spec_command_free(spec);
	free(spec->workload);
	for (i = 0; i < spec->ntransports; i++)
		free(spec->transports[i]);
	for (i = 0; i < spec->nplacements; i++)
		free(spec->placements[i]);
	for (i = 0; i < spec->nalgorithms; i++)
		free(spec->algorithms[i]);
	for (i = 0; i < spec->nsyncs; i++)
		free(spec->syncs[i]);
	for (i = 0; i < spec->npatterns; i++)
		free(spec->patterns[i]);
	free(spec->replay_experiment);
	free(spec->replay_run);
	free(spec->dp_rows);
	for (i = 0; i < PR_MAX_FACTOR; i++)
		free(spec->launch_names[i]);
	for (i = 0; i < spec->npilot; i++)
		free(spec->pilot_phase[i]);
	pr_tolerance_free(&spec->tol);
	free(spec->band);
	free(spec->tsa);
	free(spec->model);
	free(spec->calibration);
	free(spec->comm_calibration);
	for (i = 0; i < PR_MAX_GROUPS; i++) {
		free(spec->slurm.partition[i]);
		free(spec->slurm.nodes[i]);
		free(spec->slurm.gres[i]);
	}
	free(spec->slurm.sbatch);
	free(spec);
}
