/* data.c - the data checks of one run for prereg audit: its archive,
 * its schedule (I6) and its ledger line (I3) */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format/archive.h"
#include "audit/audit-internal.h"
#include "base/schedule.h"
#include "base/util.h"
#include "format/spec.h"
#include "format/workload.h"
#include "repo/git.h"
#include "repo/paths.h"

/* The last error a callee gave as a FAIL reason. */
static void fail_caught(pr_audit_check *c, const pr_audit_state *s)
{
	char *msg = pr_audit_relative(s->caught.last, s->ctx->root);

	pr_audit_set(c, PR_AUDIT_FAIL, "%s", msg);
	free(msg);
}

/* o[key] as an integer in [lo, hi]: 0, or -1 when absent or outside. */
static int jint(long long *out, json_t *o, const char *key, long long lo,
		long long hi)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v))
		return -1;
	*out = (long long)json_integer_value(v);
	return *out >= lo && *out <= hi ? 0 : -1;
}

/* A decimal uint64 (how the manifest writes seeds): 0, or -1. */
static int parse_u64(uint64_t *out, const char *s)
{
	unsigned long long v;
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* ---- archive ---- */

/* Archive facts against the manifest's archive object; 1 when they hold. */
static int same_facts(pr_audit_check *c, const pr_archive_info *info, json_t *a)
{
	const char *sha = json_string_value(json_object_get(a, "sha256"));
	long long bytes = -1, rows = -1;

	jint(&bytes, a, "bytes", 0, LLONG_MAX);
	jint(&rows, a, "rows", 0, LLONG_MAX);
	if (!sha || strcmp(sha, info->sha256))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "timings.csv.gz has sha256 %.12s..., manifest "
			     "archive.sha256 is %.12s...",
			     info->sha256, sha ? sha : "(none)");
	else if ((unsigned long long)bytes != info->bytes)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "timings.csv.gz holds %llu bytes, manifest "
			     "archive.bytes is %lld",
			     (unsigned long long)info->bytes, bytes);
	else if ((unsigned long long)rows != info->rows)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "timings.csv.gz holds %llu rows, manifest "
			     "archive.rows is %lld",
			     (unsigned long long)info->rows, rows);
	return c->result != PR_AUDIT_FAIL;
}

void pr_audit_check_archive(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_ARCHIVE];
	char *rel = pr_asprintf("%s/" PR_ARCHIVE_FILE, s->rel);
	char *path = pr_asprintf("%s%s", s->ctx->root, rel), *text = NULL;
	pr_archive_info info;
	int parsed;

	if (!s->gz && access(path, F_OK) < 0) {
		pr_audit_set(c, PR_AUDIT_FAIL, "%s does not exist", rel);
		goto cleanup;
	}
	/* it may expand to the bytes the manifest records (and the slack);
	 * its bytes are those the committed check read, when it did */
	if ((s->gz ? pr_archive_inflate(&text, &info, path, s->gz, s->gzlen,
					pr_archive_cap(s->m.archive.bytes))
		   : pr_archive_read(&text, &info, path,
				     pr_archive_cap(s->m.archive.bytes))) < 0) {
		fail_caught(c, s);
		goto cleanup;
	}
	parsed = pr_timings_parse(&s->t, text, rel) == 0;
	s->have_rows = parsed;
	if (!same_facts(c, &info, s->m.archive.json))
		goto cleanup;
	if (!parsed) {
		fail_caught(c, s);
		goto cleanup;
	}
	pr_audit_set(c, PR_AUDIT_PASS,
		     "timings.csv.gz: %llu rows, %llu bytes, sha256 %.12s... "
		     "as the manifest records",
		     (unsigned long long)info.rows,
		     (unsigned long long)info.bytes, info.sha256);
cleanup:
	free(rel);
	free(path);
}

/* ---- schedule ---- */

/* What the launches of the manifest expect of the archive. */
typedef struct {
	pr_audit_block *b;
	size_t n;
	int64_t **items;   /* owned, one per block (NULL when none) */
	size_t relaunched; /* launches with failed attempts before them */
} expected;

static void expected_free(expected *e)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		free(e->items[i]);
	free(e->items);
	free(e->b);
}

/* schedule.seed is the seed of the manifest's pin commit for NAME. */
static int check_seed(pr_audit_state *s, uint64_t *seed)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_SCHEDULE];
	const char *text = s->m.schedule.seed;
	const char *pin = s->m.pin.commit;
	uint64_t want;

	if (parse_u64(seed, text) < 0) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest schedule.seed '%s' is not a seed",
			     text ? text : "");
		return 0;
	}
	if (!pin) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "not checked: the manifest names no pin commit");
		return 0;
	}
	want = pr_schedule_seed(s->ctx->name, pin);
	if (want != *seed) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "schedule.seed %llu is not the seed of pin commit "
			     "%s (%llu): the schedule belongs to another pin",
			     (unsigned long long)*seed, pin,
			     (unsigned long long)want);
		return 0;
	}
	return 1;
}

/* pr_schedule_build(seed, schedule.launches, configs) is schedule.order. */
static int check_order(pr_audit_state *s, pr_schedule *sched, uint64_t seed)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_SCHEDULE];
	json_t *sj = s->m.schedule.json, *order = s->m.schedule.order;
	size_t nconfigs = json_array_size(s->m.configs);
	long long launches, l, cfg;
	uint64_t iseed;
	size_t k;

	if (jint(&launches, sj, "launches", 1, 1000000) < 0 || nconfigs < 1 ||
	    nconfigs > 1000000) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest schedule.launches and configs (%zu) do "
			     "not make a schedule",
			     nconfigs);
		return 0;
	}
	/* before the schedule is built: launches x configs can ask for
	 * terabytes, the order's length cannot */
	if (json_array_size(order) != (size_t)launches * nconfigs) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "schedule.order has %zu invocations, %lld "
			     "launches x %zu configs make %zu",
			     json_array_size(order), launches, nconfigs,
			     (size_t)launches * nconfigs);
		return 0;
	}
	if (pr_schedule_build(sched, seed, (int)launches, (int)nconfigs) < 0) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest schedule.launches and configs (%zu) do "
			     "not make a schedule",
			     nconfigs);
		return 0;
	}
	for (k = 0; k < sched->ninv; k++) {
		json_t *o = json_array_get(order, k);
		const pr_invocation *inv = &sched->inv[k];

		if (jint(&l, o, "launch", 0, INT_MAX) < 0 ||
		    jint(&cfg, o, "config", 0, INT_MAX) < 0 ||
		    parse_u64(&iseed, json_string_value(
					  json_object_get(o, "seed"))) < 0 ||
		    l != inv->launch || cfg != inv->config ||
		    iseed != inv->seed) {
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "schedule.order[%zu] is not what the "
				     "seed gives: launch %d config %d seed "
				     "%llu",
				     k, inv->launch, inv->config,
				     (unsigned long long)inv->seed);
			return 0;
		}
	}
	return 1;
}

/* out[0..n) = the n values of the array have in the order seed gives. */
static void seeded_order(int64_t *out, json_t *have, size_t n, uint64_t seed)
{
	size_t *perm = pr_calloc(n, sizeof(size_t)), i;

	pr_schedule_permute(perm, n, seed);
	for (i = 0; i < n; i++)
		out[i] =
		    (int64_t)json_integer_value(json_array_get(have, perm[i]));
	free(perm);
}

/* The values of plan[key] (sizes, rows_list) in the order the invocation
 * seed gives, checked against the order the ranks recorded (rkey). */
static int item_order(pr_audit_state *s, int64_t **out, size_t *n, json_t *rec,
		      size_t k, const char *key, const char *rkey,
		      uint64_t seed)
{
	json_t *have = json_object_get(json_object_get(rec, "plan"), key);
	json_t *rec_order =
	    json_object_get(json_object_get(rec, "ranks"), rkey);
	size_t i;

	*n = json_array_size(have);
	*out = pr_calloc(*n, sizeof(int64_t));
	seeded_order(*out, have, *n, seed);
	for (i = 0; i < *n; i++) {
		json_t *v = json_array_get(rec_order, i);

		if (!json_is_integer(v) || json_integer_value(v) != (*out)[i])
			break;
	}
	if (*n == 0 || i < *n || json_array_size(rec_order) != *n) {
		pr_audit_set(&s->out->check[PR_CHECK_SCHEDULE], PR_AUDIT_FAIL,
			     "launches[%zu] ranks.%s is not plan.%s in the "
			     "order of the invocation seed %llu",
			     k, rkey, key, (unsigned long long)seed);
		return 0;
	}
	return 1;
}

/* size_order = rep (plan.size_order_by "rep"): *items, the launch's order
 * of n values, becomes 1 + reps orders: the launch's (the warmup reps'),
 * then timed rep t's, plan[key] in the order of
 * pr_schedule_rep_seed(seed, t), each checked against the ranks' record
 * (ranks.size_orders). 1 when they match. */
static int rep_orders(pr_audit_state *s, int64_t **items, size_t n, json_t *rec,
		      size_t k, const char *key, uint64_t seed, long long reps)
{
	json_t *have = json_object_get(json_object_get(rec, "plan"), key);
	json_t *recd =
	    json_object_get(json_object_get(rec, "ranks"), "size_orders");
	int64_t *all;
	size_t i;
	long long r;
	int ok = json_array_size(recd) == (size_t)reps;

	/* reps is bounded by the record's own size before anything is
	 * allocated for it (a hostile manifest's reps alone is not) */
	if (!ok)
		goto out;
	all = pr_calloc((size_t)(reps + 1) * n, sizeof(int64_t));
	memcpy(all, *items, n * sizeof(int64_t));
	for (r = 0; r < reps; r++) {
		int64_t *o = all + (size_t)(r + 1) * n;
		json_t *want = json_array_get(recd, (size_t)r);

		seeded_order(o, have, n, pr_schedule_rep_seed(seed, (int)r));
		ok = ok && json_array_size(want) == n;
		for (i = 0; i < n; i++)
			ok =
			    ok && json_is_integer(json_array_get(want, i)) &&
			    json_integer_value(json_array_get(want, i)) == o[i];
	}
	free(*items);
	*items = all;
out:
	if (!ok)
		pr_audit_set(&s->out->check[PR_CHECK_SCHEDULE], PR_AUDIT_FAIL,
			     "launches[%zu] ranks.size_orders is not one order "
			     "of plan.%s per timed rep, as the invocation seed "
			     "%llu gives them (size_order = rep)",
			     k, key, (unsigned long long)seed);
	return ok;
}

/* Block b of launch record rec (the k-th): its shape from the plan and
 * the ranks' report, its item order for the workload. */
static int block_of(pr_audit_state *s, pr_audit_block *b, int64_t **items,
		    json_t *rec, size_t k, const pr_invocation *inv)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_SCHEDULE];
	json_t *plan = json_object_get(rec, "plan");
	json_t *ranks = json_object_get(rec, "ranks");
	json_t *sj = s->m.schedule.json;
	const char *workload = s->m.workload.name;
	const pr_workload_facts *w = pr_workload_facts_of(workload);
	long long nranks, rnranks, warmup, reps, samples, sw, sr;

	if (jint(&nranks, s->m.workload.json, "ranks", 1, 1000000) < 0 ||
	    jint(&rnranks, ranks, "nranks", 1, 1000000) < 0 ||
	    jint(&warmup, plan, "warmup", 0, 1000000) < 0 ||
	    jint(&reps, plan, "reps", 1, 10000000) < 0 ||
	    jint(&samples, ranks, "samples", 0, LLONG_MAX) < 0 || !workload) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "launches[%zu] lacks plan.warmup, plan.reps, "
			     "ranks.nranks or ranks.samples, or the manifest "
			     "its workload",
			     k);
		return 0;
	}
	if (rnranks != nranks ||
	    (jint(&sw, sj, "warmup", 0, 1000000) == 0 && sw != warmup) ||
	    (jint(&sr, sj, "reps", 1, 10000000) == 0 && sr != reps)) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "launches[%zu] ran %lld ranks, %lld warmup + "
			     "%lld reps; the manifest's workload and schedule "
			     "say otherwise",
			     k, rnranks, warmup, reps);
		return 0;
	}
	memset(b, 0, sizeof(*b));
	b->launch = inv->launch;
	b->config = inv->config;
	b->nranks = (int)nranks;
	b->warmup = (int)warmup;
	b->reps = (int)reps;
	b->samples = (uint64_t)samples;
	b->open = w && w->command;
	if (w && w->items.phase) {
		b->item_phase = w->items.phase;
		b->item_rows = w->items.rows;
		b->item_ranks = w->items.pair && b->nranks > 2 ? 2 : b->nranks;
		if (!item_order(s, items, &b->nitems, rec, k, w->items.plan_key,
				w->items.order_key, inv->seed))
			return 0;
		b->items_per_rep =
		    json_is_string(json_object_get(plan, "size_order_by")) &&
		    !strcmp(json_string_value(
				json_object_get(plan, "size_order_by")),
			    "rep");
		if (b->items_per_rep &&
		    !rep_orders(s, items, b->nitems, rec, k, w->items.plan_key,
				inv->seed, reps))
			return 0;
	}
	b->items = *items;
	return 1;
}

/* A launch record against schedule.order[k]; 1 when it matches. */
static int same_invocation(pr_audit_state *s, json_t *rec, size_t k,
			   const pr_invocation *inv)
{
	long long l = -1, cfg = -1;
	uint64_t seed = 0;
	const char *ps = json_string_value(
	    json_object_get(json_object_get(rec, "plan"), "seed"));

	jint(&l, rec, "launch", 0, INT_MAX);
	jint(&cfg, rec, "config", 0, INT_MAX);
	if (l != inv->launch || cfg != inv->config)
		pr_audit_set(&s->out->check[PR_CHECK_SCHEDULE], PR_AUDIT_FAIL,
			     "launches[%zu] is launch %lld config %lld, "
			     "schedule.order[%zu] is launch %d config %d",
			     k, l, cfg, k, inv->launch, inv->config);
	else if (parse_u64(&seed, ps) < 0 || seed != inv->seed)
		pr_audit_set(&s->out->check[PR_CHECK_SCHEDULE], PR_AUDIT_FAIL,
			     "launches[%zu] plan.seed '%s' is not "
			     "schedule.order[%zu] seed %llu",
			     k, ps ? ps : "", k, (unsigned long long)inv->seed);
	return s->out->check[PR_CHECK_SCHEDULE].result != PR_AUDIT_FAIL;
}

/* The pin's [schedule] relaunch into *out: 1, or 0 with a FAIL on c when
 * the pin's spec does not read. */
static int pinned_relaunch(pr_audit_state *s, pr_audit_check *c, int *out)
{
	char *text = pr_git_blob_text(NULL, s->ctx->root, s->m.pin.spec_blob);
	pr_error_scope quiet;
	pr_spec *spec = NULL;

	pr_error_record(&quiet);
	if (text &&
	    pr_spec_parse(&spec, text, "experiment.ini", s->ctx->name) == 0)
		*out = spec->relaunch;
	pr_error_restore(&quiet);
	free(text);
	pr_spec_free(spec);
	if (spec)
		return 1;
	pr_audit_set(
	    c, PR_AUDIT_FAIL,
	    "launches hold attempts, but the pin's spec blob %s does "
	    "not read: how often a launch may be relaunched is unknown",
	    s->m.pin.spec_blob ? s->m.pin.spec_blob : "(none)");
	return 0;
}

/* launches[k].attempts, when there: each a failed attempt (a nonzero exit
 * status, or timed out), at most the pin's [schedule] relaunch of them
 * (*relaunch: -1 until read); *relaunched counts the launches with any. */
static int check_attempts(pr_audit_state *s, json_t *rec, size_t k,
			  int *relaunch, size_t *relaunched)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_SCHEDULE];
	json_t *att = json_object_get(rec, "attempts"), *a;
	size_t n = json_array_size(att), j;
	long long status;

	if (!att)
		return 1;
	if (!json_is_array(att) || n == 0) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "launches[%zu].attempts is not a list of "
			     "attempts",
			     k);
		return 0;
	}
	json_array_foreach(att, j, a)
	{
		if (jint(&status, a, "exit_status", INT_MIN, INT_MAX) < 0)
			status = 0;
		if (status == 0 &&
		    !json_is_true(json_object_get(a, "timed_out"))) {
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "launches[%zu].attempts[%zu] did not "
				     "fail (exit status 0, not timed out): a "
				     "launch that succeeded was launched again",
				     k, j);
			return 0;
		}
	}
	if (*relaunch < 0 && !pinned_relaunch(s, c, relaunch))
		return 0;
	if (n > (size_t)*relaunch) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "launches[%zu] was launched %zu times, the pin's "
			     "spec allows %d ([schedule] relaunch = %d)",
			     k, n + 1, *relaunch + 1, *relaunch);
		return 0;
	}
	(*relaunched)++;
	return 1;
}

/* The manifest's launches follow the schedule; the blocks they expect. */
static int check_launches(pr_audit_state *s, expected *e,
			  const pr_schedule *sched)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_SCHEDULE];
	json_t *launches = s->m.launches, *rec;
	int complete = !strcmp(pr_audit_status(s->m.status), "complete");
	size_t n = json_array_size(launches), k;
	long long status;
	int relaunch = -1;

	if (n > sched->ninv || (complete && n != sched->ninv)) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "launches holds %zu invocations, schedule.order "
			     "%zu (status %s)",
			     n, sched->ninv,
			     complete ? "complete" : "not complete");
		return 0;
	}
	e->b = pr_calloc(n, sizeof(*e->b));
	e->items = pr_calloc(n, sizeof(*e->items));
	json_array_foreach(launches, k, rec)
	{
		json_t *ranks = json_object_get(rec, "ranks");

		if (!same_invocation(s, rec, k, &sched->inv[k]) ||
		    !check_attempts(s, rec, k, &relaunch, &e->relaunched))
			return 0;
		if (jint(&status, rec, "exit_status", INT_MIN, INT_MAX) < 0)
			status = -1;
		if (complete && (status != 0 || !json_is_object(ranks))) {
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "status complete, but launches[%zu] "
				     "failed (exit status %lld)",
				     k, status);
			return 0;
		}
		if (!json_is_object(ranks))
			continue;
		if (status != 0) {
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "launches[%zu] exited with status %lld "
				     "but has a ranks report",
				     k, status);
			return 0;
		}
		if (!block_of(s, &e->b[e->n], &e->items[e->n], rec, k,
			      &sched->inv[k])) {
			e->n++;
			return 0;
		}
		e->n++;
	}
	return 1;
}

void pr_audit_check_schedule(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_SCHEDULE];
	pr_schedule sched = {0};
	expected e = {0};
	uint64_t seed;
	char *reason = NULL;

	if (!check_seed(s, &seed) || !check_order(s, &sched, seed) ||
	    !check_launches(s, &e, &sched))
		goto cleanup;
	if (!s->have_rows) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "not checked: the rows of timings.csv.gz did not "
			     "read (see archive)");
		goto cleanup;
	}
	if (pr_audit_blocks(&reason, s->t.row, s->t.nrows, e.b, e.n)) {
		pr_audit_set(c, PR_AUDIT_FAIL, "%s", reason);
		goto cleanup;
	}
	if (e.relaunched)
		reason = pr_asprintf("; %zu launched again after failed "
				     "attempts, as the pin's [schedule] "
				     "relaunch allows",
				     e.relaunched);
	pr_audit_set(c, PR_AUDIT_PASS,
		     "seed %llu is the pin's; %zu of %zu invocations in "
		     "schedule order, each one block of %s in timings.csv.gz%s",
		     (unsigned long long)seed, e.n, sched.ninv,
		     pr_workload_is_command(s->m.workload.name)
			 ? "the calls and figures its rank report counts"
			 : "every rep and rank",
		     reason ? reason : "");
cleanup:
	free(reason);
	expected_free(&e);
	pr_schedule_free(&sched);
}

/* ---- ledger ---- */

/* The one ledger line of the run into *out, or a FAIL. */
static int the_line(pr_audit_state *s, const pr_ledger_line **out)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_LEDGER];
	const pr_audit_ctx *ctx = s->ctx;
	size_t first, n;

	pr_audit_ledger_lines(&first, &n, ctx, s->run_id);
	if (!ctx->ledger_exists)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "no ledger line: runs/%s/ledger.jsonl does not "
			     "exist",
			     ctx->name);
	else if (n == 0)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "no ledger line for %s in runs/%s/ledger.jsonl",
			     s->run_id, ctx->name);
	else if (n > 1)
		pr_audit_set(
		    c, PR_AUDIT_FAIL,
		    "%zu ledger lines for %s in runs/%s/ledger.jsonl (lines "
		    "%zu and %zu)",
		    n, s->run_id, ctx->name,
		    ctx->ledger->line[ctx->ledger_by_id[first]].line,
		    ctx->ledger->line[ctx->ledger_by_id[first + 1]].line);
	if (c->result == PR_AUDIT_FAIL)
		return 0;
	*out = &ctx->ledger->line[ctx->ledger_by_id[first]];
	s->ledger_status = pr_audit_status((*out)->status);
	if ((*out)->problem) {
		pr_audit_set(c, PR_AUDIT_FAIL, "%s", (*out)->problem);
		return 0;
	}
	return 1;
}

void pr_audit_check_ledger(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_LEDGER];
	const pr_ledger_line *l;
	const char *status, *prev;
	char sha[65];

	if (!the_line(s, &l))
		return;
	if (!s->m.json) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "not checked: no readable manifest.json");
		return;
	}
	status = s->m.status;
	prev = s->m.ledger.prev;
	pr_sha256_hex(sha, s->mtext, s->mlen);
	if (!status || strcmp(status, l->status))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "runs/%s/ledger.jsonl line %zu records status "
			     "%s, the manifest %s",
			     s->ctx->name, l->line, l->status,
			     status ? status : "none");
	else if (strcmp(sha, l->manifest_sha256))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest.json has sha256 %.12s..., runs/%s/"
			     "ledger.jsonl line %zu records %.12s...",
			     sha, s->ctx->name, l->line, l->manifest_sha256);
	else if (!prev || strcmp(prev, l->prev))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "manifest ledger.prev %.12s..., runs/%s/"
			     "ledger.jsonl line %zu has prev %.12s...",
			     prev ? prev : "(none)", s->ctx->name, l->line,
			     l->prev);
	else
		pr_audit_set(c, PR_AUDIT_PASS,
			     "runs/%s/ledger.jsonl line %zu: chained, status "
			     "%s, manifest sha256 %.12s...",
			     s->ctx->name, l->line, l->status, sha);
}
