/* cmd_pin.c - prereg pin NAME */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/git.h"
#include "repo/lock.h"
#include "repo/pin.h"
#include "repo/pintag.h"
#include "repo/sign.h"
#include "repo/stamp.h"
#include "analyze/analyze.h"
#include "analyze/compare.h"
#include "audit/summary.h"
#include "base/stats.h"
#include "format/manifest.h"
#include "format/predcheck.h"
#include "format/spec.h"
#include "base/util.h"
#include "predict/predict.h"
#include "predict/decisive.h"
#include "repo/paths.h"
#include "cli/cmd.h"

/* "13", or "?" when unknown */
static const char *need_text(char *buf, size_t len, long n)
{
	if (n < 0)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%ld", n);
	return buf;
}

/* The last complete run of experiment name, owned, or NULL. */
static char *last_complete(const char *root, const char *name)
{
	char *id = NULL;

	pr_summary_complete_runs(&id, 1, root, name, NULL);
	return id;
}

/* Which samples row w takes, for a person: "config 0, rank 1" (its
 * config, then its device, bytes, rows and rank where set). */
static void row_text(char *buf, size_t len, const pr_analysis_row *w)
{
	const pr_select *s = &w->sel;
	int n = snprintf(buf, len, "config %d", s->config);

	if (s->device && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, ", %s", s->device);
	if (s->bytes >= 0 && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, ", %lld B",
			      (long long)s->bytes);
	if (s->rows >= 0 && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, ", %lld rows",
			      (long long)s->rows);
	if (s->rank >= 0 && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", rank %d", s->rank);
}

/* What the tolerances are kept per: each phase class, then each phase
 * the spec gives a tolerance of its own. */
#define NSLOTS (PR_NCLASSES + PR_MAX_PHASE_TOL)

/* The slot of phase: PR_NCLASSES + its index where the spec names it
 * apart, else its class. */
static int slot_of(const pr_spec *spec, const char *phase)
{
	int i = pr_tolerance_index(&spec->tol, phase);

	return i >= 0 ? PR_NCLASSES + i : (int)pr_phase_class_of(phase);
}

/* The pinned tolerance of slot k and its name ("compute", "sendrecv"). */
static double slot_tol(const pr_spec *spec, int k, const char **name)
{
	if (k < PR_NCLASSES) {
		*name = pr_phase_class_name((pr_phase_class)k);
		return spec->tol.cls[k];
	}
	*name = spec->tol.phase[k - PR_NCLASSES];
	return spec->tol.phase_value[k - PR_NCLASSES];
}

/* The tolerance per slot that run r compared with itself needs for every
 * row of 6 launches or more to come out REPRODUCED (the widest of its
 * bootstrap intervals: max(hi - 1, 1/lo - 1)), into self[] (0: none). */
static void self_needs(double self[NSLOTS], const pr_spec *spec,
		       const char *root, const char *name,
		       const pr_analysis_run *r)
{
	pr_comparison c;
	size_t i;

	if (pr_compare(&c, root, name, r, r) < 0) {
		pr_comparison_free(&c);
		return;
	}
	for (i = 0; i < c.nrows; i++) {
		const pr_compare_row *x = &c.row[i];
		double need;

		if (!(x->lo > 0) || !isfinite(x->hi) || !x->a ||
		    x->a->nlaunches < 6)
			continue;
		need = fmax(x->hi - 1, 1 / x->lo - 1);
		if (need > self[slot_of(spec, x->sel->phase)])
			self[slot_of(spec, x->sel->phase)] = need;
	}
	pr_comparison_free(&c);
}

/* The experiment's last complete run (a pilot: it ran before this pin)
 * adds the phases it recorded that no cell names, and gives its widest
 * CV to each phase without a pilot CV in the spec (its band's needs the
 * widest CV of the rows a cell judged); the run's id in *from
 * (owned), NULL when none was taken. */
static void pilot_from_runs(pr_decisive *d, char **from, double self[NSLOTS],
			    const pr_spec *spec, const char *root)
{
	pr_analysis a;
	pr_error_scope quiet;
	size_t i;
	int error, taken = 0;

	if (!(*from = last_complete(root, spec->name)))
		return;
	pr_error_record(&quiet);
	error = pr_analyze(&a, root, spec->name, *from);
	pr_error_restore(&quiet);
	if (error < 0) {
		free(*from);
		*from = NULL;
		return;
	}
	for (i = 0; i < a.run[0].ngroups; i++)
		pr_decisive_phase_of(d, spec, a.run[0].group[i].sel.phase);
	pr_error_record(&quiet);
	self_needs(self, spec, root, spec->name, &a.run[0]);
	pr_error_restore(&quiet);
	for (i = 0; i < NSLOTS; i++)
		taken |= self[i] > 0;
	for (i = 0; i < d->n; i++) {
		pr_decisive_phase *p = &d->phase[i];
		const pr_analysis_row *w, *wb;
		double cv = pr_run_widest_cv(&a.run[0], p->phase, &w), bcv;

		if (p->cv > 0 || cv <= 0)
			continue;
		bcv = pr_run_widest_cell_cv(&a.run[0], p->phase, &wb);
		pr_decisive_set_cv(d, p, cv, bcv);
		p->from_run = 1;
		row_text(p->row, sizeof(p->row), w);
		if (bcv > 0)
			row_text(p->band_row, sizeof(p->band_row), wb);
		taken = 1;
	}
	pr_analysis_free(&a);
	if (!taken) {
		free(*from);
		*from = NULL;
	}
}

/* Per phase class, and per phase with a tolerance of its own, the
 * widest pilot CV and the tolerance the schedule's launches decide at it,
 * and the one the last earlier run compared with itself needs (self, from
 * run `from`), against the pinned one. */
static void print_tolerances(const pr_decisive *d, const pr_spec *spec,
			     const double self[NSLOTS], const char *from)
{
	const char *name;
	double pinned;
	int k;
	size_t i;

	for (k = 0; k < PR_NCLASSES + spec->tol.nphase; k++) {
		const pr_decisive_phase *w = NULL;
		double t = -1;

		for (i = 0; i < d->n; i++)
			if (slot_of(spec, d->phase[i].phase) == k &&
			    d->phase[i].cv > 0 &&
			    (!w || d->phase[i].cv > w->cv))
				w = &d->phase[i];
		if (w)
			t = pr_decisive_tolerance(w->cv, d->launches);
		if (t < 0 && !(self[k] > 0))
			continue;
		pinned = slot_tol(spec, k, &name);
		printf("  %s %s:", k < PR_NCLASSES ? "class" : "phase", name);
		if (t >= 0)
			printf(" the widest pilot CV %.2g (%s): %d launches "
			       "decide a reproduce_tolerance of %.2g or more;",
			       w->cv, w->phase, d->launches,
			       pr_stats_round_up(t, 2));
		if (self[k] > 0)
			printf(" run %s against itself needs %.2g;", from,
			       pr_stats_round_up(self[k], 2));
		printf(" pinned %g\n", pinned);
	}
}

/* A phase reproduce_tolerance names apart that neither the prediction's
 * cells nor the last earlier run have, warned: perhaps misspelt. */
static void warn_unseen_phases(const pr_decisive *d, const pr_spec *spec,
			       const char *from)
{
	size_t i;
	int k;

	for (k = 0; k < spec->tol.nphase; k++) {
		for (i = 0; i < d->n; i++)
			if (!strcmp(d->phase[i].phase, spec->tol.phase[k]))
				break;
		if (i == d->n)
			pr_warn("'%s': [analysis] reproduce_tolerance names "
				"phase '%s', which no cell of the prediction "
				"has%s%s%s: is it misspelt?",
				spec->name, spec->tol.phase[k],
				from ? " nor run " : "", from ? from : "",
				from ? " recorded" : "");
	}
}

/* Per phase of the prediction's cells and of the last earlier run, the
 * launches a decisive verdict needs under the pinned pilot CV (or, where
 * the spec gives none, the widest CV the last earlier run measured) and
 * tolerances, and a warning when the schedule has fewer. */
static void print_decisive(const pr_spec *spec, const char *root)
{
	char *path = pr_path_prediction(root, spec->name), b1[24], b2[24],
	     cv[256], band_of[160], *from = NULL;
	double self[NSLOTS] = {0}, pinned;
	const char *tname;
	int c;
	json_t *pred = pr_json_read(path, PR_READ_MAX, NULL);
	pr_decisive d;
	size_t i;

	free(path);
	pr_decisive_plan(&d, spec, pred);
	pilot_from_runs(&d, &from, self, spec, root);
	if (d.n)
		printf("launches per run a decisive verdict needs (95%% "
		       "intervals, a REPRODUCED at 80%% power; the CV from "
		       "[model] pilot_cv, else the widest of its rows in the "
		       "last earlier run; the schedule has %d):\n",
		       d.launches);
	for (i = 0; i < d.n; i++) {
		const pr_decisive_phase *p = &d.phase[i];

		if (p->cv > 0 && p->from_run)
			snprintf(cv, sizeof(cv),
				 "%.2g (measured in run %s: %s)", p->cv, from,
				 p->row);
		else if (p->cv > 0)
			snprintf(cv, sizeof(cv), "%g", p->cv);
		else
			snprintf(cv, sizeof(cv), "unknown");
		band_of[0] = '\0';
		if (p->cell && p->from_run && p->band_row[0] &&
		    strcmp(p->band_row, p->row))
			snprintf(band_of, sizeof(band_of),
				 " (at its cells' widest CV %.2g: %s)",
				 p->band_cv, p->band_row);
		printf("  %s: pilot CV %s, PASS/FAIL in its band %s%s, "
		       "REPRODUCED at %s %g %s\n",
		       p->phase, cv,
		       p->cell ? need_text(b1, sizeof(b1), p->band)
			       : "(no cell)",
		       band_of,
		       slot_of(spec, p->phase) < PR_NCLASSES
			   ? pr_phase_class_name(pr_phase_class_of(p->phase))
			   : p->phase,
		       p->tol, need_text(b2, sizeof(b2), p->repro));
	}
	print_tolerances(&d, spec, self, from);
	warn_unseen_phases(&d, spec, from);
	fflush(stdout); /* the warnings below the table, also in a file */
	for (i = 0; i < d.n; i++) {
		const pr_decisive_phase *p = &d.phase[i];

		if (p->cv <= 0)
			pr_warn("'%s': no pilot CV for %s ([model] pilot_cv = "
				"%s:CV): whether %d launches decide it is "
				"unknown",
				spec->name, p->phase, p->phase, d.launches);
		else if (p->band > d.launches || p->repro > d.launches)
			pr_warn("'%s': %d launches cannot decide %s (it needs "
				"%ld): raise [schedule] launches or widen the "
				"tolerance before the data",
				spec->name, d.launches, p->phase,
				p->band > p->repro ? p->band : p->repro);
	}
	for (c = 0; c < PR_NCLASSES + spec->tol.nphase; c++)
		if (self[c] > (pinned = slot_tol(spec, c, &tname)))
			pr_warn("'%s': run %s compared with itself is not "
				"REPRODUCED at %s %g (it needs %.2g): a rerun "
				"as good as it could not be either; widen the "
				"tolerance or raise the launches before the "
				"data",
				spec->name, from, tname, pinned,
				pr_stats_round_up(self[c], 2));
	pr_decisive_free(&d);
	free(from);
	json_decref(pred);
}

static const char usage[] =
    "usage: prereg pin NAME [--sign] [--tsa URL] [--wait]\n"
    "       prereg pin --restore-tags [--wait]\n"
    "\n"
    "Commit exactly experiments/NAME/experiment.ini and\n"
    "predictions/NAME.json (nothing else that is staged or modified) as\n"
    "a child of HEAD and tag it prereg/pin/NAME/K. Pinning again with\n"
    "nothing changed prints the existing pin; when that pin's commit is\n"
    "there but its tag is missing, the tag is restored instead. K is\n"
    "above every pin tag and pin commit of NAME. Then: prereg run NAME.\n"
    "\n"
    "  --sign          sign the new pin commit with your SSH key in git's\n"
    "                  own format (git config gpg.format ssh and\n"
    "                  user.signingkey, as 'git commit -S' uses them;\n"
    "                  ssh-keygen -Y sign), so that 'git verify-commit'\n"
    "                  and 'prereg audit --allowed-signers FILE' check\n"
    "                  it. An existing pin cannot be signed afterwards\n"
    "  --tsa URL       ask the RFC 3161 time-stamping authority at URL for\n"
    "                  a token over the pin (new or existing) and commit it\n"
    "                  as predictions/NAME.pin-K.tsr; default: [pin] tsa\n"
    "                  of the spec, else of the repository's .prereg.ini.\n"
    "                  An authority that cannot be reached\n"
    "                  leaves the pin unanchored (exit 1)\n"
    "  --wait          wait for a run in progress instead of refusing\n"
    "                  (exit 3): a pin takes the run lock, as run and\n"
    "                  recover do, so it never lands under a running run\n"
    "  --restore-tags  recreate the missing tags of the pin commits\n"
    "                  reachable from HEAD (a copy of the repository made\n"
    "                  without its tags); existing tags are never moved:\n"
    "                  a tag name taken by another commit, or two pin\n"
    "                  commits claiming one NAME/K, is reported on stderr\n"
    "                  and the exit status is 1\n";

typedef struct {
	int restore, sign, wait;
	const char *tsa;
} pin_opts;

static int on_opt(int opt, const char *arg, void *data)
{
	pin_opts *o = data;

	if (opt == 'r')
		o->restore = 1;
	else if (opt == 't')
		o->tsa = arg;
	else if (opt == 's')
		o->sign = 1;
	else if (opt == 'w')
		o->wait = 1;
	return PR_OK;
}

/* A token over pin from url (the option, else the spec's [pin] tsa). */
static int stamp(git_repository *repo, const char *name, const pr_pin *pin,
		 const char *url)
{
	char *rel = pr_stamp_path(NULL, name, pin->k);
	int stamped = 0, error;

	if ((error = pr_stamp_pin(&stamped, repo, name, pin, url)) == 0)
		printf("%s %s: %s\n",
		       stamped ? "time-stamped" : "already time-stamped:",
		       pin->tag, rel);
	free(rel);
	return error;
}

/* --sign on a pin that was there: fine when its commit is signed; a
 * signature cannot be added to a commit that exists. */
static int signed_already(git_repository *repo, const pr_pin *pin)
{
	char *sig = NULL, *data = NULL;
	size_t len;
	git_oid id;
	int error;

	git_oid_fromstr(&id, pin->commit);
	error = pr_sign_extract(&sig, &data, &len, repo, &id);
	free(sig);
	free(data);
	if (error == 1)
		printf("%s is signed already\n", pin->tag);
	else if (error == 0)
		error = pr_error_code(
		    PR_EREFUSED,
		    "cannot sign %s: its commit %.12s exists unsigned, and a "
		    "signature is part of the commit (a new pin needs a "
		    "change of the spec or the prediction)",
		    pin->tag, pin->commit);
	return error < 0 ? error : PR_OK;
}

int cmd_pin(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {
	    PR_CMD_OPT_HELP,
	    {"restore-tags", no_argument, NULL, 'r'},
	    {"tsa", required_argument, NULL, 't'},
	    {"sign", no_argument, NULL, 's'},
	    {"wait", no_argument, NULL, 'w'},
	    PR_CMD_OPT_END};
	pr_spec *spec = NULL;
	char *repo_tsa = NULL, *what;
	pr_signer signer = {0};
	pin_opts o = {0, 0, 0, NULL};
	pr_pin pin;
	int first, created = 0, n, conflicts, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, -1, on_opt,
				  &o)) != 0)
		return error;
	if (argc - first != (o.restore ? 0 : 1) ||
	    (o.restore && (o.tsa || o.sign)))
		return pr_cmd_usage_error(
		    argv[0], usage, "expected %s",
		    o.restore ? "no NAME, --sign or --tsa with --restore-tags"
			      : "NAME");
	what = o.restore ? pr_strdup("pin --restore-tags")
			 : pr_asprintf("pin '%s'", argv[first]);
	error = pr_lock_acquire(repo, o.wait, what);
	free(what);
	if (error < 0)
		return error;
	if (o.restore) {
		if ((error = pr_pin_restore_tags(&n, &conflicts, repo,
						 stdout)) == 0)
			printf("%d pin tag%s restored\n", n, n == 1 ? "" : "s");
		if (error == 0 && conflicts)
			error =
			    pr_error_code(PR_EFAIL,
					  "%d pin tag%s not restored: see "
					  "above",
					  conflicts, conflicts == 1 ? "" : "s");
		goto cleanup;
	}
	/* a spec or a .prereg.ini that does not parse: nothing pinned */
	if ((error = pr_spec_load(&spec, pr_repo_root(repo), argv[first])) <
		0 ||
	    (error = pr_stamp_repo_tsa(&repo_tsa, pr_repo_root(repo))) < 0)
		goto cleanup;
	if (o.sign && (error = pr_signer_from_config(&signer, repo)) < 0)
		goto cleanup;
	if ((error = pr_pin_create(&pin, &created, repo, argv[first],
				   o.sign ? &signer : NULL,
				   pr_predict_pinnable)) < 0)
		goto cleanup;
	if (created == PR_PIN_RESTORED)
		printf(
		    "restored %s on %.12s: the pin commit was there, its tag "
		    "was missing; no new pin made\n",
		    pin.tag, pin.commit);
	else
		printf("%s %s %.12s (spec %.12s, prediction %.12s)\n",
		       created ? "pinned" : "already pinned:", pin.tag,
		       pin.commit, pin.spec_blob, pin.pred_blob);
	print_decisive(spec, pr_repo_root(repo));
	if (o.sign && created == PR_PIN_CREATED)
		printf("signed %.12s with %s\n", pin.commit, signer.key);
	else if (o.sign && (error = signed_already(repo, &pin)) < 0)
		goto cleanup;
	if (!o.tsa)
		o.tsa = spec->tsa ? spec->tsa : repo_tsa;
	if (o.tsa)
		error = stamp(repo, argv[first], &pin, o.tsa);
cleanup:
	pr_lock_release();
	pr_spec_free(spec);
	pr_signer_free(&signer);
	free(repo_tsa);
	return error;
}
