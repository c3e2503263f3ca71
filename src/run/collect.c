/* collect.c - workload command after a launch: the profiling library's
 * record and the figures of merit in the program's output made the
 * launch's archive rows and rank report (DESIGN 4, "Workload command") */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "format/fom.h"
#include "format/manifest.h"
#include "format/spec.h"
#include "run/command.h"
#include "run/plan.h"
#include "version.h"

/* What the record of one rank gave. */
typedef struct {
	char *host;
	json_t *meta; /* rank-R.json */
} rank_rec;

/* A field of a CSV line up to the next comma (or the end); advances *s.
 * NULL when the line has no more fields. */
static const char *field(const char **s, size_t *len)
{
	const char *f = *s, *comma;

	if (!f)
		return NULL;
	comma = strchr(f, ',');
	*len = comma ? (size_t)(comma - f) : strlen(f);
	*s = comma ? comma + 1 : NULL;
	return f;
}

static int int_field(long long *out, const char **s)
{
	char buf[32], *end;
	size_t len;
	const char *f = field(s, &len);

	if (!f || !len || len >= sizeof(buf))
		return -1;
	memcpy(buf, f, len);
	buf[len] = '\0';
	errno = 0;
	*out = strtoll(buf, &end, 10);
	return *end || errno ? -1 : 0;
}

/* One line of rank-R.csv: rank,op,comm,call,comm_size,bytes,t_start_ns,
 * t_end_ns. The op must be a plain name (letters), so that it goes into
 * the archive's phase column as it is. */
typedef struct {
	long long rank, comm, call, comm_size, bytes, t0, t1;
	char op[16];
} pmpi_row;

static int parse_row(pmpi_row *r, const char *line)
{
	const char *s = line, *f;
	size_t len, i;

	if (int_field(&r->rank, &s) < 0 || !(f = field(&s, &len)) || !len ||
	    len >= sizeof(r->op))
		return -1;
	for (i = 0; i < len; i++)
		if (f[i] < 'a' || f[i] > 'z')
			return -1;
	memcpy(r->op, f, len);
	r->op[len] = '\0';
	if (int_field(&r->comm, &s) < 0 || int_field(&r->call, &s) < 0 ||
	    int_field(&r->comm_size, &s) < 0 || int_field(&r->bytes, &s) < 0 ||
	    int_field(&r->t0, &s) < 0 || int_field(&r->t1, &s) < 0 || s)
		return -1;
	return r->comm_size < 1 || r->bytes < 0 || r->t1 < r->t0 ? -1 : 0;
}

/* The per-(comm, op) count of point-to-point calls, which carry call -1:
 * their rep is their position among the rank's calls of that op. */
typedef struct {
	char op[16];
	long long comm, n;
} p2p_count;

static long long p2p_next(p2p_count **t, size_t *n, const pmpi_row *r)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if ((*t)[i].comm == r->comm && !strcmp((*t)[i].op, r->op))
			return (*t)[i].n++;
	*t = pr_realloc(*t, (*n + 1) * sizeof(**t));
	snprintf((*t)[*n].op, sizeof((*t)[*n].op), "%s", r->op);
	(*t)[*n].comm = r->comm;
	(*t)[*n].n = 1;
	(*n)++;
	return 0;
}

/*
 * rank-R.csv of rank `rank` appended to f as archive rows: phase the op,
 * with ".sN" added when the call's communicator has N ranks, fewer than
 * the world's (calls of different communicators are not one quantity);
 * rep the collective's position on its communicator, a point-to-point
 * call's position among the rank's calls of its op; warmup the first
 * `warmup` of them. *samples counts the rows.
 */
static int rank_rows(FILE *f, uint64_t *samples, const char *csv,
		     const pr_invocation *inv, int rank, int nranks, int warmup,
		     const char *host, char *why, size_t whylen)
{
	char *text = NULL, *line, *next;
	p2p_count *p2p = NULL;
	size_t np2p = 0, lineno = 1;
	int error = 0;

	if (pr_read_file(&text, NULL, csv, PR_READ_MAX) < 0) {
		snprintf(why, whylen, "cannot read '%s'", csv);
		return -1;
	}
	line = strchr(text, '\n');
	if (!line || strncmp(text, "rank,op,comm,call,comm_size,bytes,", 34)) {
		snprintf(why, whylen, "'%s' has no header line", csv);
		free(text);
		return -1;
	}
	for (line++; *line && !error; line = next) {
		pmpi_row r;
		long long rep;

		lineno++;
		if (!(next = strchr(line, '\n'))) {
			snprintf(why, whylen, "'%s' line %zu has no end", csv,
				 lineno);
			error = -1;
			break;
		}
		*next++ = '\0';
		if (parse_row(&r, line) < 0 || r.rank != rank) {
			snprintf(why, whylen,
				 "'%s' line %zu is no record of "
				 "rank %d",
				 csv, lineno, rank);
			error = -1;
			break;
		}
		rep = r.call >= 0 ? r.call : p2p_next(&p2p, &np2p, &r);
		fprintf(f, "%d,%d,%lld,%d,%d,%s,cpu,%s", inv->launch,
			inv->config, rep, rep < warmup, rank, host, r.op);
		if (r.comm_size < nranks)
			fprintf(f, ".s%lld", r.comm_size);
		fprintf(f, ",%lld,0,%lld,%lld,\n", r.bytes, r.t0, r.t1);
		(*samples)++;
	}
	free(p2p);
	free(text);
	return error;
}

/* rank-R.json of every rank: each read, none an error record. */
static int read_meta(rank_rec *rr, const char *dir, int nranks, char *why,
		     size_t whylen)
{
	int r;

	for (r = 0; r < nranks; r++) {
		char *path = pr_asprintf("%s/rank-%d.json", dir, r);
		const char *e, *host;

		rr[r].meta = pr_json_read(path, PR_READ_MAX, NULL);
		free(path);
		if (!json_is_object(rr[r].meta)) {
			snprintf(why, whylen,
				 "rank %d left no record of its MPI calls "
				 "(the program did not reach MPI_Finalize "
				 "under the profiling library)",
				 r);
			return -1;
		}
		if ((e = json_string_value(
			 json_object_get(rr[r].meta, "error")))) {
			snprintf(why, whylen, "rank %d recorded nothing: %s", r,
				 e);
			return -1;
		}
		host = json_string_value(json_object_get(rr[r].meta, "host"));
		if (!host || !*host || strpbrk(host, ",\n\r\"")) {
			snprintf(why, whylen, "rank %d's record names no host",
				 r);
			return -1;
		}
		rr[r].host = pr_strdup(host);
	}
	return 0;
}

/* Without the profiling library: every rank on this machine (mpirun's
 * ranks are its children), its clock this machine's. */
static void local_meta(rank_rec *rr, int nranks)
{
	char host[256] = "unknown";
	int r;

	if (gethostname(host, sizeof(host) - 1) < 0 || strpbrk(host, ",\n\r\""))
		snprintf(host, sizeof(host), "unknown");
	for (r = 0; r < nranks; r++)
		rr[r].host = pr_strdup(host);
}

/* The most matches of one figure in a launch's output. */
#define FOM_MAX_MATCHES 100000

/*
 * Figure f's matches in the launch's output as archive rows of rank 0
 * (the output is every rank's, as mpirun gathers it): phase fom.NAME, rep
 * the match's position, bytes its size group (0 without one), t_start 0
 * and t_end the time: a time figure's value, a rate's size over its
 * value (a rate without a size, or of size or value 0, is no time).
 */
static int fom_rows(FILE *f, uint64_t *samples, const pr_fom *fom,
		    const char *text, size_t len, const pr_invocation *inv,
		    const char *config, int warmup, const char *host, char *why,
		    size_t whylen)
{
	pr_fom_sample *m = NULL;
	pr_error_scope scope;
	size_t n = 0, i;
	int error;

	pr_error_record(&scope);
	error = pr_fom_scan(&m, &n, fom, text, len, FOM_MAX_MATCHES, config);
	pr_error_restore(&scope);
	if (error < 0) {
		snprintf(why, whylen, "%s", scope.last);
		return -1;
	}
	for (i = 0; i < n; i++) {
		double s = m[i].value;

		if (m[i].kind == PR_FOM_RATE) {
			if (m[i].size <= 0 || !(m[i].value > 0)) {
				snprintf(why, whylen,
					 "fom.%s: match %zu is a rate %s: no "
					 "time (a rate figure needs a size "
					 "group, above 0, and a value above "
					 "0)",
					 pr_fom_name(fom), i + 1,
					 m[i].size < 0 ? "without a size"
						       : "of size or value 0");
				free(m);
				return -1;
			}
			s = (double)m[i].size / m[i].value;
		}
		fprintf(f, "%d,%d,%zu,%d,0,%s,cpu,fom.%s,%lld,0,0,%lld,\n",
			inv->launch, inv->config, i, (long long)i < warmup,
			host, pr_fom_name(fom),
			(long long)(m[i].size > 0 ? m[i].size : 0),
			(long long)llround(s * 1e9));
		(*samples)++;
	}
	free(m);
	return 0;
}

/* Every figure of the spec over the launch's output (PREFIX.log). */
static int all_foms(FILE *f, uint64_t *samples, const pr_spec *s,
		    const char *log, const pr_invocation *inv, int warmup,
		    const char *host, char *why, size_t whylen)
{
	char *text = NULL, index[16];
	size_t len = 0;
	int i, error = 0;
	/* what a config group names: the config's [factors] arg, else its
	 * index */
	const char *config = pr_spec_arg(s, inv->config);

	snprintf(index, sizeof(index), "%d", inv->config);
	if (!config)
		config = index;
	if (pr_read_file(&text, &len, log, PR_READ_MAX) < 0) {
		const char *base = strrchr(log, '/');

		snprintf(why, whylen,
			 "cannot read the program's output '%s' (a regular "
			 "file of at most %zu MiB)",
			 s->command_output ? s->command_output
			 : base		   ? base + 1
					   : log,
			 (size_t)PR_READ_MAX >> 20);
		return -1;
	}
	for (i = 0; i < s->nfoms && !error; i++) {
		pr_fom *fom = NULL;

		if (pr_fom_compile(&fom, s->fom_name[i], s->fom_pattern[i]) <
		    0) {
			snprintf(why, whylen, "fom.%s does not compile",
				 s->fom_name[i]);
			error = -1;
			break;
		}
		error = fom_rows(f, samples, fom, text, len, inv, config,
				 warmup, host, why, whylen);
		pr_fom_free(fom);
	}
	free(text);
	return error;
}

/* The launch's rank report, as prereg-rank's holds it (runner/output.c)
 * where the facts are the library's, and the library's own counts. */
static json_t *report(const pr_run_plan *p, const pr_invocation *inv,
		      rank_rec *rr, uint64_t samples, json_t *phases)
{
	json_t *ranks = json_array(), *calls = json_array();
	char seed[24];
	int r;

	for (r = 0; r < p->spec->nranks; r++) {
		json_t *m = rr[r].meta;
		int shared =
		    !m || json_is_true(json_object_get(m, "clock_shared"));
		json_int_t rtt =
		    json_integer_value(json_object_get(m, "clock_min_rtt_ns"));
		json_int_t off =
		    json_integer_value(json_object_get(m, "clock_offset_ns"));

		json_array_append_new(
		    ranks, json_pack("{s:i, s:s, s:s, s:s, s:I, s:I, s:s, s:I}",
				     "rank", r, "host", rr[r].host, "device",
				     "cpu", "kind", "cpu", "clock_offset_ns",
				     off, "clock_min_rtt_ns", rtt, "clock",
				     shared ? "shared" : "estimated",
				     "clock_uncertainty_ns",
				     (json_int_t)(shared ? 0 : rtt / 2)));
		if (!m)
			continue;
		json_array_append_new(
		    calls,
		    json_pack("{s:O, s:O, s:O, s:O, s:O}", "calls",
			      json_object_get(m, "calls"), "dropped",
			      json_object_get(m, "dropped"), "lost_posts",
			      json_object_get(m, "lost_posts"), "ops",
			      json_object_get(m, "ops"), "files",
			      json_object_get(m, "files")));
	}
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)inv->seed);
	if (!json_array_size(calls)) {
		json_decref(calls);
		calls = json_null();
	}
	return json_pack("{s:s, s:s, s:i, s:i, s:s, s:i, s:i, s:s, s:i, s:o, "
			 "s:I, s:o, s:s, s:o}",
			 "experiment", p->spec->name, "workload", "command",
			 "launch", inv->launch, "config", inv->config, "seed",
			 seed, "reps", p->reps, "warmup", p->warmup, "version",
			 PR_VERSION, "nranks", p->spec->nranks, "ranks", ranks,
			 "samples", (json_int_t)samples, "phases", phases,
			 "staging", "host", "pmpi", calls);
}

/* The distinct phases of the rows in text (CSV, phase the 8th field). */
static json_t *phases_of(const char *text)
{
	json_t *set = json_object(), *out = json_array();
	const char *line, *key;
	json_t *v;

	for (line = text; *line; line = strchr(line, '\n') + 1) {
		const char *f = line;
		int i;

		for (i = 0; i < 7; i++)
			f = strchr(f, ',') + 1;
		json_object_setn_new(set, f, (size_t)(strchr(f, ',') - f),
				     json_true());
	}
	json_object_foreach(set, key, v)
	    json_array_append_new(out, json_string(key));
	json_decref(set);
	return out;
}

int pr_run_command_collect(const pr_run_plan *p, const pr_invocation *inv,
			   const char *prefix, char *why, size_t whylen)
{
	int nranks = p->spec->nranks, r, error = 0;
	char *dir = pr_asprintf("%s.pmpi", prefix);
	char *csv_path = pr_asprintf("%s.csv", prefix);
	char *json_path = pr_asprintf("%s.json", prefix);
	char *log = pr_asprintf("%s.log", prefix);
	rank_rec *rr = pr_calloc((size_t)nranks, sizeof(*rr));
	char *buf = NULL, *text = NULL;
	size_t len = 0;
	uint64_t samples = 0;
	FILE *f = NULL;
	json_t *rep = NULL;

	if (!p->spec->command_pmpi)
		local_meta(rr, nranks);
	else if (read_meta(rr, dir, nranks, why, whylen) < 0) {
		error = -1;
		goto cleanup;
	} else
		pr_run_command_note_libraries(p, rr[0].meta);
	if (!(f = open_memstream(&buf, &len))) {
		snprintf(why, whylen, "cannot hold the samples");
		error = -1;
		goto cleanup;
	}
	for (r = 0; p->spec->command_pmpi && r < nranks && !error; r++) {
		char *csv = pr_asprintf("%s/rank-%d.csv", dir, r);

		error = rank_rows(f, &samples, csv, inv, r, nranks, p->warmup,
				  rr[r].host, why, whylen);
		free(csv);
	}
	if (!error && p->spec->nfoms) {
		char *text_path = p->spec->command_output
				      ? pr_asprintf("%s.cwd/%s", prefix,
						    p->spec->command_output)
				      : pr_strdup(log);

		error = all_foms(f, &samples, p->spec, text_path, inv,
				 p->warmup, rr[0].host, why, whylen);
		free(text_path);
	}
	if (fclose(f) != 0 && !error) {
		snprintf(why, whylen, "cannot hold the samples");
		error = -1;
	}
	f = NULL;
	if (error)
		goto cleanup;
	if (!samples) {
		snprintf(why, whylen,
			 "the program made no MPI call the profiling library "
			 "times%s%s%s: no samples",
			 p->spec->command_ops ? " (ops " : "",
			 p->spec->command_ops ? p->spec->command_ops : "",
			 p->spec->command_ops ? ")" : "");
		error = -1;
		goto cleanup;
	}
	rep = report(p, inv, rr, samples, phases_of(buf));
	if (!(text = json_dumps(rep, JSON_INDENT(2) | JSON_SORT_KEYS)) ||
	    pr_write_file_atomic(csv_path, buf, len) < 0 ||
	    pr_write_file_atomic(json_path, text, strlen(text)) < 0) {
		snprintf(why, whylen, "cannot write the launch's samples");
		error = -1;
	}
cleanup:
	if (f)
		fclose(f);
	for (r = 0; r < nranks; r++) {
		free(rr[r].host);
		json_decref(rr[r].meta);
	}
	free(rr);
	free(buf);
	free(text);
	json_decref(rep);
	pr_remove_tree(dir);
	free(dir);
	free(csv_path);
	free(json_path);
	free(log);
	return error;
}
