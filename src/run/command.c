/* command.c - workload command before and during a launch: the program of
 * [command] argv found and recorded (path, SHA-256, package, libraries),
 * its plan keys, its mpirun arguments and its launch directory */
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

/* The Debian package owning path (or its second name, alt, when not
 * NULL) and its version ({"name", "version"}), or JSON null when
 * dpkg-query knows none (or is not there). */
static json_t *package_at(const char *path, const char *alt);

/* package_at, but for a file of the work tree (root), which no package
 * holds: dpkg-query -S reads every package's file list (0.2 s here), and
 * a user's own program is the usual case. On a merged-/usr system (/bin
 * a link to usr/bin) dpkg may know a file of /usr/bin by its other name,
 * /bin/NAME, the same file: one dpkg-query asks for both. */
static json_t *package_of(const char *path, const char *root)
{
	size_t n = strlen(root);
	struct stat a, b;

	if (n && !strncmp(path, root, n) &&
	    (root[n - 1] == '/' || path[n] == '/'))
		return json_null();
	if (!strncmp(path, "/usr/", 5) && stat(path, &a) == 0 &&
	    stat(path + 4, &b) == 0 && a.st_dev == b.st_dev &&
	    a.st_ino == b.st_ino)
		return package_at(path, path + 4);
	return package_at(path, NULL);
}

/* The package of a line "NAME: PATH" of dpkg-query -S for path or alt
 * (NULL for another line: a diversion's, or several packages'). */
static char *owner_of(const char *line, size_t len, const char *path,
		      const char *alt)
{
	const char *colon = memchr(line, ':', len);
	size_t k;

	if (!colon || colon == line || colon + 2 > line + len ||
	    colon[1] != ' ')
		return NULL;
	k = (size_t)(line + len - (colon + 2));
	if (!((strlen(path) == k && !memcmp(colon + 2, path, k)) ||
	      (alt && strlen(alt) == k && !memcmp(colon + 2, alt, k))))
		return NULL;
	if (memchr(line, ' ', (size_t)(colon - line)) ||
	    memchr(line, ',', (size_t)(colon - line)))
		return NULL;
	return pr_asprintf("%.*s", (int)(colon - line), line);
}

static json_t *package_at(const char *path, const char *alt)
{
	/* dpkg-query's own words ("no path found") to /dev/null */
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	char *q[] = {"dpkg-query", "-S", (char *)path, (char *)alt, NULL};
	pr_child c = {.argv = q,
		      .capture = 1,
		      .no_stdin = 1,
		      .err = null > 0 ? null : 0,
		      .timeout_s = 10};
	json_t *out = json_null();
	char *name = NULL, *line, *eol;
	pr_error_scope scope; /* no dpkg-query here: no package, said nowhere */
	int error;

	pr_error_record(&scope);
	error = pr_child_run(&c);
	pr_error_restore(&scope);

	if (null >= 0)
		close(null);
	/* exit 1: a name of the two unknown, the other's line printed */
	for (line = c.output;
	     error == 0 && (c.status == 0 || (alt && c.status == 1)) && line &&
	     !name && (eol = strchr(line, '\n')) != NULL;
	     line = eol + 1)
		name = owner_of(line, (size_t)(eol - line), path, alt);
	free(c.output);
	if (!name)
		return out;
	{
		char *w[] = {"dpkg-query", "-W", "-f=${Version}", name, NULL};
		pr_child v = {.argv = w, .capture = 1, .timeout_s = 10};

		if (pr_child_run(&v) == 0 && v.status == 0 && v.output &&
		    *v.output &&
		    pr_utf8_span(v.output, strlen(v.output)) ==
			strlen(v.output) &&
		    !strpbrk(v.output, "\n\r\t")) {
			json_decref(out);
			out = json_pack("{s:s, s:s}", "name", name, "version",
					v.output);
		}
		free(v.output);
	}
	free(name);
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
void pr_run_command_note_libraries(const pr_run_plan *p, const json_t *meta0)
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
	json_object_set_new(rec, "package", package_of(p->program, p->root));
	if (!s->command_pmpi)
		json_object_set_new(rec, "libraries_not_recorded",
				    json_string("pmpi = no: no rank recorded "
						"the files it mapped"));
	return rec;
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
		if (!pr_launch_executable(p->program))
			return pr_error_code(PR_EINPUT,
					     "cannot run '%s': [command] "
					     "program '%s' is no executable "
					     "file of the repository",
					     s->name, prog);
	} else if (!(p->program = pr_launch_find(prog, 1)))
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

/* At most this much of what `PROGRAM [command] version` prints is kept. */
#define VERSION_MAX 4096

/* The printable part of the first VERSION_MAX bytes of fd's file (each
 * other byte but newline and tab as '?': the manifest is UTF-8 JSON). */
static char *printable_head(int fd)
{
	char *buf = pr_calloc(VERSION_MAX + 1, 1);
	ssize_t n = pread(fd, buf, VERSION_MAX, 0), i;

	for (i = 0; i < n; i++)
		if ((buf[i] < 32 || buf[i] > 126) && buf[i] != '\n' &&
		    buf[i] != '\t')
			buf[i] = '?';
	return buf;
}

/* {argv, status, output[, timed_out]}: the program run once with
 * [command] version's words, outside MPI, in a scratch directory
 * removed after, its stdout and stderr together, for 10 s at most. */
static json_t *version_record(const pr_run_plan *p)
{
	const pr_spec *s = p->spec;
	char *dir = NULL, *file = NULL, *argv[PR_MAX_VERSION_ARGS + 2], *out;
	json_t *words = json_array(), *rec;
	pr_child c = {0};
	pr_error_scope scope;
	int i, fd = -1, error;

	argv[0] = p->program;
	for (i = 0; i < s->command_nversion; i++) {
		argv[i + 1] = s->command_version[i];
		json_array_append_new(words, json_string(argv[i + 1]));
	}
	argv[i + 1] = NULL;
	rec = json_pack("{s:o}", "argv", words);
	pr_error_record(&scope);
	error = pr_tmp_dir(&dir, "prereg-version.");
	pr_error_restore(&scope);
	if (error < 0) {
		json_object_set_new(rec, "error", json_string(scope.last));
		return rec;
	}
	file = pr_asprintf("%s/.prereg-version-output", dir);
	fd = open(file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	c.argv = argv;
	c.dir = dir;
	c.no_stdin = 1;
	c.out = c.err = fd;
	c.own_group = 1;
	c.timeout_s = 10;
	if (fd < 0 || pr_child_run(&c) < 0) {
		json_object_set_new(rec, "error",
				    json_string("the program could not be "
						"started"));
	} else {
		out = printable_head(fd);
		json_object_set_new(rec, "status", json_integer(c.status));
		json_object_set_new(rec, "output", json_string(out));
		if (c.timed_out)
			json_object_set_new(rec, "timed_out", json_true());
		free(out);
	}
	if (fd >= 0)
		close(fd);
	pr_remove_tree(dir);
	free(file);
	free(dir);
	return rec;
}

int pr_run_command_ready(pr_run_plan *p)
{
	if (p->spec->command_nversion)
		json_object_set_new(p->binary, "version", version_record(p));
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
