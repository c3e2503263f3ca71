/* command.c - workload command: the program of [command] argv under the
 * profiling library, and its record turned into a launch's samples */
#include "run/command.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/utf8.h"
#include "base/util.h"
#include "format/fom.h"
#include "format/manifest.h"
#include "format/spec.h"
#include "format/workload.h"
#include "run/launch.h"
#include "run/plan.h"
#include "version.h"

/* The largest input file copied into a launch's directory. */
#define INPUT_MAX ((size_t)64 << 20)

/* A regular file we may execute (stat follows a link: /usr/bin/mpicc is
 * one on Debian). */
static int executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, X_OK) == 0;
}

/* prog on PATH, as execvp would find it; NULL when it is not there. */
static char *on_path(const char *prog)
{
	const char *path = getenv("PATH"), *dir, *colon;
	char *found = NULL;

	if (!path)
		path = "/bin:/usr/bin";
	for (dir = path; dir && !found; dir = colon ? colon + 1 : NULL) {
		size_t len;
		char *p;

		colon = strchr(dir, ':');
		len = colon ? (size_t)(colon - dir) : strlen(dir);
		if (!len || dir[0] != '/') /* "" and relative entries: cwd */
			continue;
		p = pr_asprintf("%.*s/%s", (int)len, dir, prog);
		if (executable(p))
			found = p;
		else
			free(p);
	}
	return found;
}

/* Every [command] input a regular file of the work tree (no link) of at
 * most INPUT_MAX bytes: PR_EINPUT naming the first that is not. */
static int inputs_there(const pr_run_plan *p)
{
	size_t n = strlen(p->root);
	int i, fd;

	for (i = 0; i < p->spec->ninputs; i++) {
		const char *in = p->spec->command_inputs[i];
		char *path =
		    pr_asprintf("%s%s%s", p->root,
				n && p->root[n - 1] == '/' ? "" : "/", in);
		pr_error_scope scope;
		int error;

		pr_error_record(&scope);
		error = pr_open_regular(&fd, NULL, path, INPUT_MAX);
		pr_error_restore(&scope);
		free(path);
		if (error < 0)
			return pr_error_code(PR_EINPUT,
					     "cannot run '%s': [command] input "
					     "'%s': %s",
					     p->spec->name, in, scope.last);
		close(fd);
	}
	return PR_OK;
}

/* The most bytes of a program or library hashed for the record. */
#define HASH_MAX ((uint64_t)1 << 30)

/* SHA-256 of the regular file at path (no link followed in its last
 * part; at most HASH_MAX bytes) into hex; -1 when it cannot be read. */
int pr_run_command_sha256(char hex[65], const char *path)
{
	char buf[65536];
	pr_sha256 *h;
	uint64_t size, seen = 0;
	ssize_t n;
	int fd;
	pr_error_scope scope;

	pr_error_record(&scope);
	n = pr_open_regular(&fd, &size, path, HASH_MAX);
	pr_error_restore(&scope);
	if (n < 0)
		return -1;
	h = pr_sha256_new();
	while ((n = read(fd, buf, sizeof(buf))) > 0 && seen <= HASH_MAX) {
		pr_sha256_update(h, buf, (size_t)n);
		seen += (uint64_t)n;
	}
	close(fd);
	pr_sha256_final(h, hex);
	return n < 0 || seen > HASH_MAX ? -1 : 0;
}

/* The Debian package owning path and its version ({"name", "version"}),
 * or JSON null when dpkg-query knows none (or is not there). */
static json_t *package_at(const char *path);

/* package_at, and on a merged-/usr system (/bin a link to usr/bin) the
 * name dpkg knows a file of /usr/bin by: /bin/NAME, the same file. */
static json_t *package_of(const char *path)
{
	json_t *out = package_at(path);
	struct stat a, b;

	if (json_is_null(out) && !strncmp(path, "/usr/", 5) &&
	    stat(path, &a) == 0 && stat(path + 4, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
		json_decref(out);
		out = package_at(path + 4);
	}
	return out;
}

static json_t *package_at(const char *path)
{
	/* dpkg-query's own words ("no path found") to /dev/null */
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	char *q[] = {"dpkg-query", "-S", (char *)path, NULL};
	pr_child c = {.argv = q,
		      .capture = 1,
		      .no_stdin = 1,
		      .err = null > 0 ? null : 0,
		      .timeout_s = 10};
	json_t *out = json_null();
	char *colon;
	pr_error_scope scope; /* no dpkg-query here: no package, said nowhere */
	int error;

	pr_error_record(&scope);
	error = pr_child_run(&c);
	pr_error_restore(&scope);

	if (null >= 0)
		close(null);
	if (error < 0 || c.status != 0 || !c.output ||
	    !(colon = strchr(c.output, ':')) || strchr(c.output, ',') ||
	    !strchr(colon, '\n') || strchr(c.output, '\n') < colon) {
		free(c.output);
		return out;
	}
	*colon = '\0';
	{
		char *w[] = {"dpkg-query", "-W", "-f=${Version}", c.output,
			     NULL};
		pr_child v = {.argv = w, .capture = 1, .timeout_s = 10};

		if (pr_child_run(&v) == 0 && v.status == 0 && v.output &&
		    *v.output &&
		    pr_utf8_span(v.output, strlen(v.output)) ==
			strlen(v.output) &&
		    !strpbrk(v.output, "\n\r\t")) {
			json_decref(out);
			out = json_pack("{s:s, s:s}", "name", c.output,
					"version", v.output);
		}
		free(v.output);
	}
	free(c.output);
	return out;
}

/* A file of the record: its path (relative to the work tree inside it)
 * and SHA-256, null when it cannot be read. */
static json_t *file_record(const char *path, const char *root)
{
	char hex[65];
	size_t n = strlen(root);
	const char *shown = !strncmp(path, root, n) && n && root[n - 1] == '/'
				? path + n
				: path;

	return json_pack("{s:s, s:o}", "path", shown, "sha256",
			 pr_run_command_sha256(hex, path) < 0
			     ? json_null()
			     : json_string(hex));
}

/* The most files of the record's libraries. */
#define MAX_LIBRARIES 256

/* Once per run, at its first launch that recorded them: the files rank 0
 * mapped executable at MPI_Finalize (the program first, then its
 * libraries and the MPI plugins it opened), each with its SHA-256. */
static void note_libraries(const pr_run_plan *p, const json_t *meta0)
{
	json_t *files = json_object_get(meta0, "files"), *f, *libs;
	size_t i;

	if (!p->binary || json_object_get(p->binary, "libraries"))
		return;
	libs = json_array();
	json_array_foreach(files, i, f)
	{
		const char *path = json_string_value(f);

		if (i == 0 || !path || path[0] != '/' || i > MAX_LIBRARIES)
			continue; /* the program itself is recorded above */
		json_array_append_new(libs, file_record(path, p->root));
	}
	json_object_set_new(p->binary, "libraries", libs);
}

/* The program's record: argv as written, the file run, its SHA-256 and
 * package. */
static json_t *program_record(const pr_run_plan *p)
{
	const pr_spec *s = p->spec;
	json_t *argv = json_array(), *rec;
	int i;

	for (i = 0; i < s->command_argc; i++)
		json_array_append_new(argv, json_string(s->command_argv[i]));
	rec = file_record(p->program, p->root);
	json_object_set_new(rec, "argv", argv);
	json_object_set_new(rec, "package", package_of(p->program));
	if (!s->command_pmpi)
		json_object_set_new(rec, "libraries_not_recorded",
				    json_string("pmpi = no: no rank recorded "
						"the files it mapped"));
	return rec;
}

int pr_run_command_resolve(pr_run_plan *p, const char *root)
{
	const pr_spec *s = p->spec;
	const char *prog = s->command_argv[0];
	char *exe_dir = NULL;
	int error;

	if (!pr_workload_is_command(s->workload))
		return PR_OK;
	p->root = pr_strdup(root);
	if (prog[0] == '/')
		return pr_error_code(PR_EINPUT,
				     "cannot run '%s': [command] argv names "
				     "'%s', an absolute path: name a program "
				     "on PATH or a path relative to the "
				     "repository",
				     s->name, prog);
	if (strchr(prog, '/')) {
		size_t n = strlen(root);

		p->program = pr_asprintf(
		    "%s%s%s", root, n && root[n - 1] == '/' ? "" : "/", prog);
		if (!executable(p->program))
			return pr_error_code(PR_EINPUT,
					     "cannot run '%s': [command] "
					     "program '%s' is no executable "
					     "file of the repository",
					     s->name, prog);
	} else if (!(p->program = on_path(prog)))
		return pr_error_code(PR_EINPUT,
				     "cannot run '%s': [command] program "
				     "'%s' not found on PATH",
				     s->name, prog);
	if ((error = inputs_there(p)) < 0 || (error = pr_exe_dir(&exe_dir)) < 0)
		return error;
	p->binary = program_record(p);
	p->pmpi_lib = pr_asprintf("%s/libprereg-pmpi.so", exe_dir);
	free(exe_dir);
	return PR_OK;
}

int pr_run_command_ready(const pr_run_plan *p)
{
	if (!p->pmpi_lib || access(p->pmpi_lib, R_OK) == 0)
		return PR_OK;
	return pr_error("cannot run '%s': the profiling library '%s': %s "
			"(run 'make')",
			p->spec->name, p->pmpi_lib, strerror(errno));
}

char *pr_run_command_word(const pr_spec *s, int i, int config)
{
	const char *w = s->command_argv[i], *arg = pr_spec_arg(s, config), *at;
	char *out = pr_strdup(""), *next;

	if (!arg)
		return pr_strdup(w);
	while ((at = strstr(w, "{arg}"))) {
		next = pr_asprintf("%s%.*s%s", out, (int)(at - w), w, arg);
		free(out);
		out = next;
		w = at + 5;
	}
	next = pr_asprintf("%s%s", out, w);
	free(out);
	return next;
}

void pr_run_command_plan(json_t *plan, const pr_run_plan *p, int config)
{
	const pr_spec *s = p->spec;
	json_t *argv;
	int i;

	if (!pr_workload_is_command(s->workload))
		return;
	argv = json_array();
	for (i = 0; i < s->command_argc; i++) {
		char *w = pr_run_command_word(s, i, config);

		json_array_append_new(argv, json_string(w));
		free(w);
	}
	json_object_set_new(plan, "argv", argv);
	if (s->command_ops)
		json_object_set_new(plan, "ops", json_string(s->command_ops));
	if (s->command_max_calls)
		json_object_set_new(plan, "max_calls",
				    json_integer(s->command_max_calls));
	json_object_set_new(plan, "pmpi", json_boolean(s->command_pmpi));
	if (s->ninputs) {
		json_t *in = json_array();

		for (i = 0; i < s->ninputs; i++)
			json_array_append_new(
			    in, json_string(s->command_inputs[i]));
		json_object_set_new(plan, "inputs", in);
	}
	if (s->command_output)
		json_object_set_new(plan, "output",
				    json_string(s->command_output));
	if (s->nfoms) {
		json_t *foms = json_object();

		for (i = 0; i < s->nfoms; i++)
			json_object_set_new(foms, s->fom_name[i],
					    json_string(s->fom_pattern[i]));
		json_object_set_new(plan, "foms", foms);
	}
}

void pr_run_command_argv(pr_argv *argv, const pr_run_plan *p, int config,
			 const char *prefix)
{
	const pr_spec *s = p->spec;
	int i;

	pr_argv_push(argv, "-wdir");
	pr_argv_pushf(argv, "%s.cwd", prefix);
	if (!s->command_pmpi)
		goto program;
	pr_argv_push(argv, "-x");
	pr_argv_pushf(argv, "LD_PRELOAD=%s",
		      p->pmpi_lib ? p->pmpi_lib : "libprereg-pmpi.so");
	pr_argv_push(argv, "-x");
	pr_argv_pushf(argv, "PREREG_PMPI_OUT=%s.pmpi", prefix);
	if (s->command_ops) {
		pr_argv_push(argv, "-x");
		pr_argv_pushf(argv, "PREREG_PMPI_OPS=%s", s->command_ops);
	}
	if (s->command_max_calls) {
		pr_argv_push(argv, "-x");
		pr_argv_pushf(argv, "PREREG_PMPI_MAX_CALLS=%ld",
			      s->command_max_calls);
	}
program:
	pr_argv_push(argv, p->program ? p->program : s->command_argv[0]);
	for (i = 1; i < s->command_argc; i++) {
		char *w = pr_run_command_word(s, i, config);

		pr_argv_push(argv, w);
		free(w);
	}
}

/* Input i into dir, by its last part's name: read without following a
 * link (a link, a non-regular file or one over INPUT_MAX is an error
 * naming it), written through fsync and rename. */
static int copy_input(const pr_run_plan *p, int i, const char *dir)
{
	const char *in = p->spec->command_inputs[i];
	const char *base = strrchr(in, '/');
	size_t n = strlen(p->root);
	char *from = pr_asprintf("%s%s%s", p->root,
				 n && p->root[n - 1] == '/' ? "" : "/", in);
	char *to = pr_asprintf("%s/%s", dir, base ? base + 1 : in);
	char *data = NULL;
	size_t len = 0;
	int error;

	if ((error = pr_read_file(&data, &len, from, INPUT_MAX)) < 0)
		error = pr_error_code(PR_EINPUT,
				      "cannot run '%s': [command] input '%s' "
				      "cannot be read (a regular file of the "
				      "repository of at most %zu MiB)",
				      p->spec->name, in, INPUT_MAX >> 20);
	else
		error = pr_write_file_atomic(to, data, len);
	free(data);
	free(from);
	free(to);
	return error;
}

int pr_run_command_prepare(const pr_run_plan *p, const char *prefix)
{
	char *dir;
	int i, error = PR_OK;

	if (!p->program)
		return PR_OK;
	dir = pr_asprintf("%s.cwd", prefix);
	if (mkdir(dir, 0777) < 0)
		error =
		    pr_error("cannot create '%s': %s", dir, strerror(errno));
	for (i = 0; i < p->spec->ninputs && error == 0; i++)
		error = copy_input(p, i, dir);
	free(dir);
	if (error < 0 || !p->spec->command_pmpi)
		return error;
	dir = pr_asprintf("%s.pmpi", prefix);
	if (mkdir(dir, 0777) < 0)
		error =
		    pr_error("cannot create '%s': %s", dir, strerror(errno));
	free(dir);
	return error;
}

double pr_run_command_timeout(const pr_spec *s)
{
	return s->command_timeout_s > 0 ? s->command_timeout_s
					: 2 * s->budget_s + 60;
}

/* ---- the profiling library's record into the launch's samples ---- */

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
		    int warmup, const char *host, char *why, size_t whylen)
{
	pr_fom_sample *m = NULL;
	pr_error_scope scope;
	size_t n = 0, i;
	int error;

	pr_error_record(&scope);
	error = pr_fom_scan(&m, &n, fom, text, len, FOM_MAX_MATCHES);
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
	char *text = NULL;
	size_t len = 0;
	int i, error = 0;

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
		error = fom_rows(f, samples, fom, text, len, inv, warmup, host,
				 why, whylen);
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
		note_libraries(p, rr[0].meta);
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
