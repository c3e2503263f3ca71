/* spec_claims.c - [claims]: the claims an experiment tests, each tied to
 * the verdicts that decide it (DESIGN 3, "[claims]") */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/spec-internal.h"

static const char *const sources[] = {"cells", "steps", "launch-ratio", "pap",
				      "variability"};

/* One FILTER word of claim NAME of source src into c: cells take phase=P
 * and config=N, pap phase=P, pattern=P and bytes=N, each once. */
static int claim_filter(struct parse *p, pr_claim *c, const char *name, int src,
			const char *word)
{
	int cells = src == PR_CLAIM_CELLS, pap = src == PR_CLAIM_PAP;

	if ((cells || pap) && !strncmp(word, "phase=", 6) && word[6] &&
	    !c->phase) {
		c->phase = pr_strdup(word + 6);
		return PR_OK;
	}
	if (cells && !strncmp(word, "config=", 7) && c->config < 0)
		return pr_spec_get_small(&c->config, p, "config", word + 7, 0,
					 1000000);
	if (pap && !strncmp(word, "pattern=", 8) && word[8] && !c->pattern) {
		c->pattern = pr_strdup(word + 8);
		return PR_OK;
	}
	if (pap && !strncmp(word, "bytes=", 6) && !c->bytes)
		return pr_spec_get_int(&c->bytes, p, "bytes", word + 6, 1,
				       (long long)1 << 40);
	return pr_spec_fail(p, p->line,
			    "claim '%s': '%s' is no filter of source '%s' "
			    "(cells takes phase=P and config=N, pap phase=P, "
			    "pattern=P and bytes=N, each once; steps, "
			    "launch-ratio and variability none)",
			    name, word, sources[src]);
}

/* NAME = SOURCE [FILTER...]: TEXT */
int pr_spec_set_claim(struct parse *p, const char *name, const char *value)
{
	pr_claim *c;
	char *copy, *colon, *word, *save = NULL, *text;
	int i, src = -1, error = PR_OK;

	if (!pr_name_valid(name))
		return pr_spec_fail(
		    p, p->line,
		    "claim name '%s' is not a name (letters, "
		    "digits, '.', '-' and '_', not first '.' or "
		    "'-', at most 64)",
		    name);
	for (i = 0; i < p->spec->nclaims; i++)
		if (!strcmp(p->spec->claims[i].name, name))
			return pr_spec_fail(p, p->line,
					    "claim '%s' is stated twice", name);
	if (p->spec->nclaims >= PR_MAX_CLAIMS)
		return pr_spec_fail(p, p->line, "more than %d claims",
				    PR_MAX_CLAIMS);
	copy = pr_strdup(value);
	if (!(colon = strchr(copy, ':')) ||
	    !*(text = pr_spec_trim(colon + 1))) {
		free(copy);
		return pr_spec_fail(p, p->line,
				    "claim '%s' must be SOURCE [FILTER...]: "
				    "TEXT (sources: cells, steps, "
				    "launch-ratio, pap, variability)",
				    name);
	}
	*colon = '\0';
	c = &p->spec->claims[p->spec->nclaims];
	memset(c, 0, sizeof(*c));
	c->config = -1;
	for (word = strtok_r(copy, " \t", &save); word && !error;
	     word = strtok_r(NULL, " \t", &save)) {
		if (src < 0)
			error = pr_spec_get_choice(&src, p, "claim source",
						   word, NAMES(sources));
		else
			error = claim_filter(p, c, name, src, word);
	}
	if (!error && src < 0)
		error = pr_spec_fail(p, p->line, "claim '%s' names no source",
				     name);
	if (error) {
		free(c->phase);
		free(c->pattern);
		c->phase = c->pattern = NULL;
		free(copy);
		return error;
	}
	c->source = (pr_claim_source)src;
	c->name = pr_strdup(name);
	c->text = pr_strdup(text);
	p->spec->nclaims++;
	free(copy);
	return PR_OK;
}

const char *pr_claim_source_name(pr_claim_source s)
{
	return (unsigned)s < sizeof(sources) / sizeof(*sources) ? sources[s]
								: "?";
}

void pr_spec_claims_free(pr_spec *spec)
{
	int i;

	for (i = 0; i < spec->nclaims; i++) {
		free(spec->claims[i].name);
		free(spec->claims[i].phase);
		free(spec->claims[i].pattern);
		free(spec->claims[i].text);
	}
	spec->nclaims = 0;
}
