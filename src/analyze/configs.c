/* configs.c - what a run's manifest says of each config: its label and
 * how its launches shared the cores (DESIGN 7) */
#include "analyze/configs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/manifest.h"

/* The keys of the first config whose value every config shares, as a
 * JSON object (key -> true) owned by the caller: one pass over every
 * config's keys, where asking each key of each config was O(n^2). A key
 * the first config lacks varies. */
static json_t *constant_keys(json_t *configs)
{
	json_t *first = json_array_get(configs, 0), *same = json_object();
	json_t *out = json_object(), *c, *v, *k;
	size_t i, n = json_array_size(configs);
	const char *key;

	json_array_foreach(configs, i, c)
	{
		json_object_foreach(c, key, v)
		{
			if (!json_equal(v, json_object_get(first, key)))
				continue;
			k = json_object_get(same, key);
			json_object_set_new(
			    same, key,
			    json_integer(k ? json_integer_value(k) + 1 : 1));
		}
	}
	json_object_foreach(first, key, v)
	{
		if ((size_t)json_integer_value(json_object_get(same, key)) == n)
			json_object_set_new(out, key, json_true());
	}
	json_decref(same);
	return out;
}

/* "vader/spread": transport, placement, then the other factors that vary
 * over the configs (those not in `constant`, from constant_keys); a run
 * of one algorithm is not labelled by it. Owned by the caller. */
static char *config_label(json_t *c, json_t *constant)
{
	static const char *const first[] = {"transport", "placement"};
	char *label = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&label, &len);
	const char *key;
	json_t *v;

	if (!f) {
		pr_error("cannot label a config: out of memory");
		abort();
	}
	for (i = 0; i < 3; i++) {
		json_object_foreach(c, key, v)
		{
			char buf[64];
			const char *s = buf;

			if (!strcmp(key, "config") ||
			    (i < 2 && strcmp(key, first[i])) ||
			    (i == 2 && (!strcmp(key, first[0]) ||
					!strcmp(key, first[1]) ||
					json_object_get(constant, key))))
				continue;
			if (json_is_string(v))
				s = json_string_value(v);
			else if (json_is_integer(v))
				snprintf(buf, sizeof(buf), "%lld",
					 (long long)json_integer_value(v));
			else if (json_is_real(v))
				snprintf(buf, sizeof(buf), "%g",
					 json_real_value(v));
			else if (json_is_string(json_object_get(v, "name")))
				/* a launch setting, by its name */
				s = json_string_value(
				    json_object_get(v, "name"));
			else
				continue;
			fprintf(f, "%s%s", ftell(f) ? "/" : "", s);
		}
	}
	pr_memstream_close(f);
	return label;
}

char **pr_configs_label(json_t *configs)
{
	size_t i, n = json_array_size(configs);
	char **label = pr_calloc(n + 1, sizeof(char *));
	json_t *constant = constant_keys(configs);

	for (i = 0; i < n; i++)
		label[i] = config_label(json_array_get(configs, i), constant);
	json_decref(constant);
	return label;
}

/* One launch's sharing record into sh: 1, or 0 when it has none. */
static int placement_of(pr_sharing *sh, json_t *rec)
{
	json_t *p = json_object_get(rec, "sharing");
	json_t *rpc = json_object_get(p, "ranks_per_core");
	json_t *cores = json_object_get(p, "cores");
	json_t *ranks = json_object_get(p, "ranks");
	double v = NAN;
	int over;

	if (!json_is_object(p))
		return 0;
	if (json_is_number(rpc))
		v = json_number_value(rpc);
	else if (json_is_number(cores) && json_number_value(cores) > 0 &&
		 json_is_number(ranks))
		v = json_number_value(ranks) / json_number_value(cores);
	over = json_is_true(json_object_get(p, "oversubscribed"));
	if (!sh->from_placement)
		sh->sharing_tested = 1;
	sh->known = sh->from_placement = 1;
	if (isfinite(v) && !(v <= sh->ranks_per_core))
		sh->ranks_per_core = v;
	if (over) {
		sh->oversubscribed = 1;
		if (!json_is_true(json_object_get(p, "sharing_tested")))
			sh->sharing_tested = 0;
	}
	return 1;
}

void pr_analyze_sharing(pr_sharing *out, size_t nconfigs, const pr_manifest *m)
{
	json_t *rec,
	    *cores = json_object_get(
		json_object_get(m ? m->json : NULL, "environment"), "cores");
	const char *pl;
	size_t i;

	memset(out, 0, nconfigs * sizeof(*out));
	for (i = 0; i < nconfigs; i++)
		out[i].ranks_per_core = NAN;
	json_array_foreach(m ? m->launches : NULL, i, rec)
	{
		json_t *c = json_object_get(rec, "config");

		if (json_is_integer(c) && json_integer_value(c) >= 0 &&
		    (size_t)json_integer_value(c) < nconfigs)
			placement_of(&out[json_integer_value(c)], rec);
	}
	if (!m || !m->workload.has_ranks || !json_is_integer(cores) ||
	    json_integer_value(cores) <= 0)
		return;
	for (i = 0; i < nconfigs; i++) {
		if (out[i].known)
			continue;
		pl = pr_manifest_config(m, i, "placement");
		out[i].known = 1;
		out[i].ranks_per_core =
		    pl && !strcmp(pl, "packed")
			? (double)m->workload.ranks
			: ceil((double)m->workload.ranks /
			       (double)json_integer_value(cores));
		out[i].oversubscribed = out[i].ranks_per_core > 1;
	}
}
