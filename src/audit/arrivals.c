/* arrivals.c - the audit's delays check: the arrival delays each launch
 * of workload arrival or dp-step recorded are those its seed and the
 * pinned spec give (base/arrival.h), rebuilt here */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "audit/audit-internal.h"
#include "base/arrival.h"
#include "format/replayed.h"
#include "format/spec.h"
#include "format/workload.h"
#include "repo/git.h"

/* What the pinned spec says the delays are made of. */
typedef struct {
	pr_spec *spec;
	int64_t *replay_ns; /* pattern replay: the replayed delays */
	int nreplay;
} rebuild;

/* The pin's spec, and the replayed run's delays when it names one. */
static int load(rebuild *r, pr_audit_state *s, pr_audit_check *c)
{
	char *text = pr_git_blob_text(NULL, s->ctx->root, s->m.pin.spec_blob);
	pr_error_scope quiet;

	if (!text) {
		pr_audit_set(
		    c, PR_AUDIT_FAIL,
		    "not checked: the pin's spec blob %s does not read",
		    s->m.pin.spec_blob ? s->m.pin.spec_blob : "(none)");
		return 0;
	}
	pr_error_record(&quiet);
	if (pr_spec_parse(&r->spec, text, "experiment.ini", s->ctx->name) < 0) {
		pr_error_restore(&quiet);
		free(text);
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "not checked: the pin's spec does not parse");
		return 0;
	}
	free(text);
	if (pr_arrival_replay_spec(&r->replay_ns, &r->nreplay, s->ctx->root,
				   r->spec) < 0) {
		pr_error_restore(&quiet);
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "not checked: the replayed run %s of %s does not "
			     "read (%s)",
			     r->spec->replay_run, r->spec->replay_experiment,
			     s->caught.last);
		return 0;
	}
	pr_error_restore(&quiet);
	return 1;
}

/* Launch record rec (the k-th) of config `config`: its recorded delays
 * [[per rank] per rep] are the rebuilt ones. */
static int check_launch(pr_audit_check *c, const rebuild *r, json_t *rec,
			size_t k)
{
	json_t *plan = json_object_get(rec, "plan");
	json_t *arr = json_object_get(json_object_get(rec, "ranks"), "arrival");
	json_t *rec_d = json_object_get(arr, "delays_ns");
	const char *seed_s = json_string_value(json_object_get(plan, "seed"));
	int config = (int)json_integer_value(json_object_get(rec, "config"));
	int nreps = (int)(json_integer_value(json_object_get(plan, "warmup")) +
			  json_integer_value(json_object_get(plan, "reps")));
	int p = r->spec->nranks, rep, i, ok = 1;
	const char *name = pr_spec_pattern(r->spec, config);
	pr_arrival_kind kind;
	int64_t *d, want_delay = llround(r->spec->delay_us * 1000.0);
	uint64_t seed;

	if (!seed_s || !name || pr_arrival_kind_parse(&kind, name) < 0) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "launches[%zu]: no plan seed, or config %d is not "
			     "one of the pinned spec's",
			     k, config);
		return 0;
	}
	seed = strtoull(seed_s, NULL, 10);
	if ((size_t)nreps != json_array_size(rec_d)) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "launches[%zu] records the delays of %zu reps, "
			     "it ran %d",
			     k, json_array_size(rec_d), nreps);
		return 0;
	}
	d = pr_calloc((size_t)p, sizeof(int64_t));
	for (rep = 0; rep < nreps && ok; rep++) {
		json_t *row = json_array_get(rec_d, (size_t)rep);

		pr_arrival_delays(d, p, kind, want_delay, r->spec->late_rank,
				  seed, rep, r->replay_ns, r->nreplay);
		for (i = 0; i < p && ok; i++) {
			json_t *v = json_array_get(row, (size_t)i);

			if (json_array_size(row) == (size_t)p &&
			    json_is_integer(v) && json_integer_value(v) == d[i])
				continue;
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "launches[%zu] (launch %" PRId64
				     ", config %d, pattern %s) rep %d rank %d "
				     "recorded a delay of %s ns; seed %s and "
				     "the pinned spec give %" PRId64 " ns",
				     k,
				     (int64_t)json_integer_value(
					 json_object_get(rec, "launch")),
				     config, name, rep, i,
				     json_is_integer(v) ? "another" : "no",
				     seed_s, d[i]);
			ok = 0;
		}
	}
	free(d);
	return ok;
}

void pr_audit_check_delays(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_DELAYS];
	const char *w = s->m.workload.name;
	rebuild r = {0};
	size_t k, n = 0;
	json_t *rec;

	if (!pr_workload_has_arrival(w))
		return; /* omitted: no arrival pattern */
	if (!load(&r, s, c))
		goto cleanup;
	json_array_foreach(s->m.launches, k, rec)
	{
		if (!json_is_object(json_object_get(rec, "ranks")))
			continue;
		if (!check_launch(c, &r, rec, k))
			goto cleanup;
		n++;
	}
	pr_audit_set(c, PR_AUDIT_PASS,
		     "the delays of every rep and rank of %zu launches are "
		     "those their seeds and the pinned spec give",
		     n);
cleanup:
	free(r.replay_ns);
	pr_spec_free(r.spec);
}
