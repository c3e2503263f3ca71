/* spec_ranks.c - experiment.ini's [ranks] groups (devices, counts,
 * partitions) and [slurm] lists */
#include "format/spec-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/device.h"
#include "base/util.h"

struct device {
	const char *name; /* as a [ranks] group names it */
};

static const struct device devices[] = {
    {"cpu"},
    {"cpu-naive"},    /* the same kernel, deliberately slower: a speed class */
    {"cpu-blocks:T"}, /* the cpu kernel as a grid of blocks over T threads */
    {"cuda:N"},	      /* CUDA device N, or cuda:* (spread over the visible) */
    {"hip:N"},	      /* HIP device N, or hip:* */
};

/* cpu-blocks:T, T worker threads in 1..PR_SPEC_BLOCKS_THREADS_MAX. */
static int blocks_device_ok(const char *device)
{
	int n = pr_device_blocks_threads(device);

	return n >= 1 && n <= PR_SPEC_BLOCKS_THREADS_MAX;
}

/* cuda:N / hip:N (N in 0..63) or cuda:* / hip:*. */
static int gpu_device_ok(const char *device)
{
	pr_device d;

	return pr_device_gpu_kind(device) && pr_device_parse(&d, device) == 0 &&
	       (d.any || d.n < 64);
}

/* cpu, cpu-naive or one of the above. */
static int device_ok(const char *device)
{
	pr_device d;

	pr_device_parse(&d, device);
	return (!d.has_sel && pr_spec_lookup(NAMES(devices), device) >= 0) ||
	       gpu_device_ok(device) || blocks_device_ok(device);
}

/*
 * Is this a Slurm partition name the batch script can carry as it is:
 * 1 to PR_MAX_PARTITION letters, digits, '_', '-' or '.'?
 */
static int partition_ok(const char *name)
{
	size_t n = strlen(name);

	return n >= 1 && n <= PR_MAX_PARTITION &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_-.") == n;
}

/* The `@PARTITION` of a [ranks] group entry, cut off the entry. */
static int group_partition(struct parse *p, const char *key, char *entry,
			   pr_group *g)
{
	char *at = strchr(entry, '@');
	const char *part;

	g->partition[0] = '\0';
	if (!at)
		return PR_OK;
	*at = '\0';
	part = pr_spec_trim(at + 1);
	if (!partition_ok(part))
		return pr_spec_fail(
		    p, p->line,
		    "partition '%s' of '%s' entry '%s' must be 1 to %d "
		    "letters, digits, '_', '-' or '.'",
		    part, key, pr_spec_trim(entry), PR_MAX_PARTITION);
	snprintf(g->partition, sizeof(g->partition), "%s", part);
	return PR_OK;
}

/* One `device*count[@partition]` entry of [ranks] group. */
static int add_group(struct parse *p, const char *key, char *entry)
{
	char *star, devbuf[40];
	pr_group *g = &p->spec->groups[p->spec->ngroups];
	const char *device, *count_s;
	long long count;
	char *list;
	int rc;

	if ((rc = group_partition(p, key, entry, g)) < 0)
		return rc;
	star = strrchr(entry, '*');
	if (!star)
		return pr_spec_fail(
		    p, p->line,
		    "'%s' entry '%s' must be DEVICE*COUNT, e.g. 'cpu*4'", key,
		    entry);
	/* cuda:*4 is four ranks on cuda:* (as is cuda:**4) */
	if (pr_device_star_is_sel(entry, star)) {
		size_t len = (size_t)(star - entry) + 1;

		if (len >= sizeof(devbuf))
			len = sizeof(devbuf) - 1;
		memcpy(devbuf, entry, len);
		devbuf[len] = '\0';
		device = pr_spec_trim(devbuf);
	} else {
		*star = '\0';
		device = pr_spec_trim(entry);
	}
	count_s = pr_spec_trim(star + 1);
	if (!device_ok(device)) {
		list = pr_spec_join(NAMES(devices));
		pr_spec_fail(p, p->line,
			     "unknown device '%s' in '%s' (known: %s)", device,
			     key, list);
		free(list);
		return PR_EINPUT;
	}
	rc = pr_spec_parse_ll(&count, count_s);
	if (rc == -1)
		return pr_spec_fail(p, p->line,
				    "count of '%s' in '%s' must be a positive "
				    "integer, not '%s'",
				    device, key, count_s);
	if (rc == -2 || count < 1 || count > PR_MAX_RANKS)
		return pr_spec_fail(
		    p, p->line,
		    "count of '%s' in '%s' must be between 1 and %d, "
		    "not '%s'",
		    device, key, PR_MAX_RANKS, count_s);
	snprintf(g->device, sizeof(g->device), "%s", device);
	g->count = (int)count;
	p->spec->ngroups++;
	p->spec->nranks += (int)count;
	return PR_OK;
}

int pr_spec_set_group(struct parse *p, const char *key, const char *value)
{
	char *items[PR_MAX_GROUPS];
	char *copy = pr_strdup(value);
	int i, n, error = PR_OK;

	if ((n = pr_spec_split_list(items, PR_MAX_GROUPS, p, key, copy)) < 0) {
		error = n;
		goto cleanup;
	}
	for (i = 0; i < n; i++)
		if ((error = add_group(p, key, items[i])) < 0)
			goto cleanup;
	if (p->spec->nranks > PR_MAX_RANKS)
		error = pr_spec_fail(
		    p, p->line, "'%s' must give between 1 and %d ranks, not %d",
		    key, PR_MAX_RANKS, p->spec->nranks);
cleanup:
	free(copy);
	return error;
}

/*
 * [slurm] partition / nodes / gres: one value per rank group, or one for
 * all; an empty entry (gres = , gpu:1) means none for that group. Checked
 * against the groups once the file is read (pr_spec_check_slurm).
 */
int pr_spec_set_slurm_list(struct parse *p, const char *key, const char *value)
{
	char **out = !strcmp(key, "partition") ? p->spec->slurm.partition
		     : !strcmp(key, "nodes")   ? p->spec->slurm.nodes
					       : p->spec->slurm.gres;
	char *copy = pr_strdup(value), *item, *comma;
	int n = 0;

	for (item = copy; item; item = comma) {
		if ((comma = strchr(item, ',')))
			*comma++ = '\0';
		if (n == PR_MAX_GROUPS) {
			free(copy);
			return pr_spec_fail(p, p->line,
					    "'%s' has more than %d entries",
					    key, PR_MAX_GROUPS);
		}
		item = pr_spec_trim(item);
		if (!strcmp(key, "partition") && *item && !partition_ok(item)) {
			pr_spec_fail(
			    p, p->line,
			    "'partition' entry '%s' must be 1 to %d letters, "
			    "digits, '_', '-' or '.'",
			    item, PR_MAX_PARTITION);
			free(copy);
			return PR_EINPUT;
		}
		if (!strcmp(key, "nodes") && *item &&
		    strspn(item, "0123456789") != strlen(item)) {
			pr_spec_fail(
			    p, p->line,
			    "'nodes' entries must be positive integers, not "
			    "'%s'",
			    item);
			free(copy);
			return PR_EINPUT;
		}
		out[n++] = pr_strdup(item);
	}
	if (!strcmp(key, "partition"))
		p->spec->slurm.npartition = n;
	else if (!strcmp(key, "nodes"))
		p->spec->slurm.nnodes = n;
	else
		p->spec->slurm.ngres = n;
	free(copy);
	return PR_OK;
}

int pr_spec_set_slurm_time(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_small(&p->spec->slurm.time_min, p, key, value, 1,
				 100000);
}

int pr_spec_set_slurm_sbatch(struct parse *p, const char *key,
			     const char *value)
{
	(void)key;
	free(p->spec->slurm.sbatch);
	p->spec->slurm.sbatch = pr_strdup(value);
	return PR_OK;
}

/*
 * The groups' @PARTITION: every group names one or none does, and not
 * beside [slurm] partition; they become slurm.partition.
 */
static int group_partitions(struct parse *p)
{
	pr_spec *s = p->spec;
	int g, named = 0;

	for (g = 0; g < s->ngroups; g++)
		named += s->groups[g].partition[0] != '\0';
	if (named == 0)
		return PR_OK;
	if (s->slurm.npartition > 0)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "slurm", "partition"),
		    "partitions given twice: in [ranks] group "
		    "(@PARTITION) and in [slurm] partition (keep "
		    "one)");
	for (g = 0; g < s->ngroups; g++)
		if (!s->groups[g].partition[0])
			return pr_spec_fail(
			    p, pr_spec_line_of(p, "ranks", "group"),
			    "rank group %d ('%s%s%d') names no "
			    "partition while another does (give "
			    "every group its @PARTITION, or none)",
			    g, s->groups[g].device,
			    pr_group_star(&s->groups[g]), s->groups[g].count);
	for (g = 0; g < s->ngroups; g++)
		s->slurm.partition[g] = pr_strdup(s->groups[g].partition);
	s->slurm.npartition = s->ngroups;
	return PR_OK;
}

/* [slurm] lists name one entry per rank group, or one for all. */
int pr_spec_check_slurm(struct parse *p)
{
	static const char *const keys_[] = {"partition", "nodes", "gres"};
	int n[3] = {p->spec->slurm.npartition, p->spec->slurm.nnodes,
		    p->spec->slurm.ngres};
	size_t i;
	int error;

	if ((error = group_partitions(p)) < 0)
		return error;
	for (i = 0; i < 3; i++)
		if (n[i] > 1 && n[i] != p->spec->ngroups)
			return pr_spec_fail(
			    p, pr_spec_line_of(p, "slurm", keys_[i]),
			    "'%s' has %d entries for %d rank groups "
			    "(give one per group, or one for all)",
			    keys_[i], n[i], p->spec->ngroups);
	return PR_OK;
}
