/* plot_gp.c - what every plot is made of: its files composed in memory,
 * text quoted for gnuplot, the script's header, and gnuplot's rendering */
#include "analyze/plot-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/report.h"
#include "base/child.h"
#include "base/text.h"
#include "base/util.h"

void pr_plot_text_open(pr_plot_text *t)
{
	t->buf = NULL;
	t->len = 0;
	t->f = open_memstream(&t->buf, &t->len);
	if (!t->f) {
		fprintf(stderr, "prereg: out of memory\n");
		abort();
	}
}

/* Close t and write it to dir/base.ext atomically (with dir NULL, only
 * close it: the report's text names the plot, nothing is written). */
static int text_write(pr_plot_text *t, const char *dir, const char *base,
		      const char *ext)
{
	char *path;
	int error, bad = ferror(t->f);

	bad |= fclose(t->f) != 0;
	if (!dir) {
		free(t->buf);
		return bad ? pr_error("cannot compose %s.%s", base, ext)
			   : PR_OK;
	}
	path = pr_asprintf("%s/%s.%s", dir, base, ext);
	error = bad ? pr_error("cannot compose '%s'", path)
		    : pr_write_file_atomic(path, t->buf, t->len);
	free(t->buf);
	free(path);
	return error;
}

/* s as a quoted column of a .dat file (data, which gnuplot reads without
 * expanding anything): double quotes, control bytes escaped
 * (pr_text_escape), '"' and '\' replaced by '\''. */
void pr_gp_quoted(FILE *f, const char *s)
{
	char *esc = pr_text_escape(s), *p;

	fputc('"', f);
	for (p = esc; *p; p++)
		fputc(*p == '"' || *p == '\\' ? '\'' : *p, f);
	fputc('"', f);
	free(esc);
}

/* s as a string of a .gp script: every string from a repository (names,
 * run ids, labels) goes into a script through here, single-quoted, so
 * that gnuplot runs no backtick and ends no command inside it. */
void pr_gp_string(FILE *f, const char *s)
{
	char *q = pr_text_gnuplot(s);

	fputs(q, f);
	free(q);
}

/* The name of base's .dat file as a string of a .gp script. */
void pr_gp_dat(FILE *f, const char *base)
{
	char *name = pr_asprintf("%s.dat", base);

	pr_gp_string(f, name);
	free(name);
}

/* s as a comment line of a .dat file: one line, escaped. */
void pr_gp_comment(FILE *f, const char *s)
{
	char *esc = pr_text_escape(s);

	fprintf(f, "# %s\n", esc);
	free(esc);
}

/* "set title 'NAME, run RUNID'."\nSECOND"": the first line from the
 * repository (pr_gp_string), the second prereg's own words. */
void pr_gp_title(FILE *f, const char *name, const char *what,
		 const char *second)
{
	char *first = pr_asprintf("%s, %s", name, what);

	fputs("set title ", f);
	pr_gp_string(f, first);
	fprintf(f, ".\"\\n%s\"\n", second);
	free(first);
}

void pr_gp_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, " %.6g", v);
	else
		fputs(" NaN", f);
}

/* "0 vader/spread allreduce cpu rows 6": what a row selects. */
char *pr_plot_label(const pr_analysis_run *r, const pr_select *s)
{
	const char *cfg =
	    (size_t)s->config < r->nconfigs ? r->config_label[s->config] : "";
	char *l = pr_asprintf("%d%s%s %s", s->config, *cfg ? " " : "", cfg,
			      s->phase),
	     *next;

	if (s->device) {
		next = pr_asprintf("%s %s", l, s->device);
		free(l);
		l = next;
	}
	if (s->bytes >= 0) {
		next = pr_asprintf("%s %lld B", l, (long long)s->bytes);
		free(l);
		l = next;
	}
	if (s->rows >= 0) {
		next = pr_asprintf("%s rows %lld", l, (long long)s->rows);
		free(l);
		l = next;
	}
	if (s->rank >= 0) {
		next = pr_asprintf("%s rank %d", l, s->rank);
		free(l);
		l = next;
	}
	if (s->reduce != PR_REDUCE_NONE) {
		next = pr_asprintf("%s (%s)", l,
				   pr_report_reduce_words(s->reduce));
		free(l);
		l = next;
	}
	return l;
}

void pr_plot_span_add(pr_plot_span *s, double v)
{
	if (!isfinite(v) || v <= 0)
		return;
	if (s->lo == 0 || v < s->lo)
		s->lo = v;
	if (v > s->hi)
		s->hi = v;
}

/* Seconds to the plot's unit: ms, or us when everything is < 0.1 ms. */
double pr_plot_unit(const pr_plot_span *s, const char **name)
{
	if (s->hi > 0 && s->hi < 1e-4) {
		*name = "us";
		return 1e6;
	}
	*name = "ms";
	return 1e3;
}

/* Log axis when the values span more than two decades. */
int pr_plot_wants_log(const pr_plot_span *s)
{
	return s->lo > 0 && s->hi / s->lo > 100;
}

/* Canvas of a plot with labels down the y axis, the longest maxlen
 * characters long, and a key of nkey lines below it: wide enough that
 * the labels leave the plot area 460 px and the title above it fits;
 * tall enough for n rows of 30 px and the key. */
void pr_plot_canvas(int *width, int *height, size_t maxlen, size_t n,
		    size_t nkey)
{
	int need = 100 + 6 * (int)maxlen + 460;

	*width = need > 800 ? (need + 9) / 10 * 10 : 800;
	*height = (n > 8 ? (int)(140 + 30 * n) : 380) + 20 * (int)nkey + 10;
}

void pr_gp_header(FILE *f, const pr_analysis *a, const char *base,
		  const char *what, int width, int height)
{
	/* comments: one line each, whatever the name holds */
	char *name = pr_text_escape(a->name), *b = pr_text_escape(base);

	fprintf(f,
		"# %s.gp - %s, %s (prereg analyze)\n"
		"# Replot in analysis/%s/ with: gnuplot -d %s.gp > %s.svg\n"
		"# The data are in %s.dat; times in the unit of the y label.\n"
		"set terminal svg size %d,%d dynamic font \"sans,11\" "
		"background \"white\"\n"
		"set termoption noenhanced\n"
		"set grid ytics\n"
		"set format x \"%%g\"\n"
		"set format y \"%%g\"\n"
		"# Okabe-Ito colors, distinguishable with colour blindness\n"
		"set linetype 1 lc rgb \"#0072b2\"\n"
		"set linetype 2 lc rgb \"#d55e00\"\n"
		"set linetype 3 lc rgb \"#009e73\"\n"
		"set linetype 4 lc rgb \"#cc79a7\"\n"
		"set linetype 5 lc rgb \"#e69f00\"\n"
		"set linetype 6 lc rgb \"#56b4e9\"\n"
		"set linetype 7 lc rgb \"#000000\"\n"
		"set linetype 8 lc rgb \"#999999\"\n"
		"set linetype cycle 8\n",
		b, name, what, name, b, b, b, width, height);
	free(name);
	free(b);
}

/* The temporary name of "BASE.svg" beside it (caller frees). */
static char *tmp_of(const char *svg)
{
	return pr_asprintf("%s.tmp.%ld", svg, (long)getpid());
}

/* "BASE" of the svg "BASE.svg" (caller frees). */
static char *base_of(const char *svg)
{
	size_t n = strlen(svg);

	return pr_asprintf("%.*s", (int)(n > 4 ? n - 4 : n), svg);
}

/* Run gnuplot -d base.gp in dir; its stdout becomes dir/base.svg. */
static int render(const char *dir, const char *base)
{
	static char *const env[] = {"LC_ALL=C", NULL};
	char *gp = pr_asprintf("%s.gp", base);
	char *svg = pr_asprintf("%s/%s.svg", dir, base);
	char *tmp = tmp_of(svg);
	char *argv[] = {"gnuplot", "-d", gp, NULL};
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	pr_child c = {.argv = argv, .env = env, .dir = dir, .no_stdin = 1};
	int error = PR_OK;

	if (fd < 0) {
		error =
		    pr_error("cannot create '%s': %s", tmp, strerror(errno));
		goto cleanup;
	}
	c.out = fd;
	error = pr_child_run(&c);
	close(fd);
	if (error == 0 && c.status == 127)
		error = pr_error("cannot run gnuplot for '%s/%s': not found "
				 "(install gnuplot-nox: make deps)",
				 dir, gp);
	else if (error == 0 && c.status != 0)
		error = pr_error("gnuplot failed on '%s/%s' (status %d)", dir,
				 gp, c.status);
	if (error < 0)
		unlink(tmp);
	else
		error = pr_commit_file(tmp, svg);
cleanup:
	free(gp);
	free(svg);
	free(tmp);
	return error;
}

/* The script that renders every plot in one gnuplot: per plot, the
 * settings of a fresh gnuplot (reset session), its own output, its own
 * script; then a `clear` into /dev/null, because the svg terminal opens a
 * plot's first group with the colour state the plot before left, and
 * starting a page sets that state back. So each SVG is the bytes `gnuplot
 * -d BASE.gp` writes alone. */
static void batch_script(FILE *f, const pr_plot *p, size_t n)
{
	char *base, *name;
	size_t i;

	for (i = 0; i < n; i++) {
		base = base_of(p[i].file);
		name = tmp_of(p[i].file);
		fputs("reset session\nset output ", f);
		pr_gp_string(f, name);
		free(name);
		name = pr_asprintf("%s.gp", base);
		fputs("\nload ", f);
		pr_gp_string(f, name);
		fputs("\nset output \"/dev/null\"\nclear\nunset output\n", f);
		free(name);
		free(base);
	}
}

/* Copy what f holds to our stderr. */
static void replay(FILE *f)
{
	char buf[4096];
	size_t got;

	rewind(f);
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, got, stderr);
}

/* One gnuplot renders all n plots into their temporary files: 1 when it
 * exited 0 (its stderr then passed on), else 0 with nothing said. */
static int render_batch(const char *dir, const pr_plot *p, size_t n)
{
	static char *const env[] = {"LC_ALL=C", NULL};
	/* a script file, not commands on stdin: gnuplot stops at the first
	 * error in a file and goes on after one typed at its prompt */
	char *argv[] = {"gnuplot", "-d", "/dev/stdin", NULL};
	FILE *script = tmpfile(), *err = tmpfile();
	pr_child c = {.argv = argv, .env = env, .dir = dir};
	int ok = 0;

	if (script && err) {
		batch_script(script, p, n);
		if (fflush(script) == 0 && !ferror(script) &&
		    fseek(script, 0, SEEK_SET) == 0) {
			c.in = fileno(script);
			c.err = fileno(err);
			ok = pr_child_run(&c) == 0 && c.status == 0;
		}
	}
	if (ok)
		replay(err);
	if (script)
		fclose(script);
	if (err)
		fclose(err);
	return ok;
}

int pr_plots_render(const char *dir, const pr_plot *p, size_t n)
{
	int error = PR_OK, e, batched = n > 1 && render_batch(dir, p, n);
	char *tmp, *svg, *base;
	size_t i;

	for (i = 0; i < n; i++) {
		svg = pr_asprintf("%s/%s", dir, p[i].file);
		tmp = tmp_of(svg);
		if (batched) {
			e = pr_commit_file(tmp, svg);
		} else {
			/* one gnuplot per plot: the message names the plot
			 * that fails */
			unlink(tmp);
			base = base_of(p[i].file);
			e = render(dir, base);
			free(base);
		}
		free(tmp);
		free(svg);
		if (e < 0 && error == PR_OK)
			error = e;
	}
	return error;
}

/* Write base.dat and base.gp, list base.svg in p (pr_plots_render draws
 * it). */
int pr_plot_emit(pr_plot *p, pr_plot_text *dat, pr_plot_text *gp,
		 const char *dir, const char *base, const char *title)
{
	int error = text_write(dat, dir, base, "dat");
	int e2 = text_write(gp, dir, base, "gp");

	p->file = pr_asprintf("%s.svg", base);
	p->title = pr_strdup(title);
	return error < 0 ? error : e2;
}
