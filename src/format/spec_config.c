/* spec_config.c - a spec's factor grid: the configs and their factor
 * values */
#include "format/spec-internal.h"

#include <string.h>

#include "base/device.h"
#include "base/util.h"

const char *pr_group_star(const pr_group *g)
{
	pr_device d;

	pr_device_parse(&d, g->device);
	return d.any ? "" : "*";
}

/*
 * Config c of the grid transport x placement x algorithm x sync x launch
 * setting x arrival pattern, transport-major: c = ((((t * P + p) * A + a)
 * * S + s) * L + l) * N + n. With one algorithm, one sync, one launch
 * setting and one pattern this is the transport x placement grid of older
 * specs.
 */
static int nlaunch(const pr_spec *spec)
{
	return spec->nlaunch_settings > 0 ? spec->nlaunch_settings : 1;
}

static int npattern(const pr_spec *spec)
{
	return spec->npatterns > 0 ? spec->npatterns : 1;
}

/* [factors] arg (workload command): the innermost factor, c = (...) * G
 * + g; 1 without it, so other specs keep their configs. */
static int narg(const pr_spec *spec)
{
	return spec->nargs > 0 ? spec->nargs : 1;
}

int pr_spec_nconfigs(const pr_spec *spec)
{
	return spec->ntransports * spec->nplacements * spec->nalgorithms *
	       spec->nsyncs * nlaunch(spec) * npattern(spec) * narg(spec);
}

static int in_grid(const pr_spec *spec, int config)
{
	return config >= 0 && config < pr_spec_nconfigs(spec);
}

/* The config without its launch setting and pattern: the index of the
 * older grid. */
static int outer(const pr_spec *spec, int config)
{
	return config / (nlaunch(spec) * npattern(spec) * narg(spec));
}

const char *pr_spec_transport(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->transports[outer(spec, config) /
				(spec->nplacements * spec->nalgorithms *
				 spec->nsyncs)];
}

const char *pr_spec_placement(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->placements[outer(spec, config) /
				(spec->nalgorithms * spec->nsyncs) %
				spec->nplacements];
}

const char *pr_spec_algorithm(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->algorithms[outer(spec, config) / spec->nsyncs %
				spec->nalgorithms];
}

const char *pr_spec_sync(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->syncs[outer(spec, config) % spec->nsyncs];
}

const pr_launch_setting *pr_spec_launch(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return &spec->launch_settings[config / narg(spec) / npattern(spec) %
				      nlaunch(spec)];
}

const char *pr_spec_launch_name(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->launch_names[config / narg(spec) / npattern(spec) %
				  nlaunch(spec)];
}

const char *pr_spec_pattern(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->npatterns
		   ? spec->patterns[config / narg(spec) % npattern(spec)]
		   : "none";
}

const char *pr_spec_arg(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config) || !spec->nargs)
		return NULL;
	return spec->args[config % narg(spec)];
}

int pr_spec_launch_config(const pr_spec *spec, const char *name)
{
	int l;

	for (l = 0; name && l < nlaunch(spec); l++)
		if (spec->launch_names[l] &&
		    !strcmp(spec->launch_names[l], name))
			return l;
	return -1;
}

char *pr_spec_config_label(const pr_spec *spec, int config)
{
	const char *launch;
	int pat;

	if (!in_grid(spec, config))
		return pr_strdup("?");
	launch = pr_spec_launch_name(spec, config);
	pat = spec->npatterns > 1;
	return pr_asprintf(
	    "%s, %s%s%s%s%s%s%s%s%s%s%s", pr_spec_transport(spec, config),
	    pr_spec_placement(spec, config), spec->nalgorithms > 1 ? ", " : "",
	    spec->nalgorithms > 1 ? pr_spec_algorithm(spec, config) : "",
	    spec->nsyncs > 1 ? ", sync " : "",
	    spec->nsyncs > 1 ? pr_spec_sync(spec, config) : "",
	    launch ? ", launch " : "", launch ? launch : "",
	    pat ? ", pattern " : "", pat ? pr_spec_pattern(spec, config) : "",
	    spec->nargs > 1 ? ", arg " : "",
	    spec->nargs > 1 ? pr_spec_arg(spec, config) : "");
}

double pr_spec_pilot_cv(const pr_spec *spec, const char *phase)
{
	int i;

	for (i = 0; i < spec->npilot; i++)
		if (!strcmp(spec->pilot_phase[i], phase))
			return spec->pilot_cv[i];
	return 0.0;
}
