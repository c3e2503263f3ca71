/* cpu.c - the backends every build has: plain C on the host, a tuned
 * kernel ("cpu") and a deliberately naive one ("cpu-naive") */
#include "backend/backend.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/cpu_row.h"
#include "base/util.h"

/*
 * scratch holds one row's scores (keys floats). It grows on the first
 * run_rows call that needs more, so a caller that times run_rows calls it
 * once untimed first (kv-split's setup does) and no timed call allocates.
 */
typedef struct {
	float *scratch;
	long cap;
} cpu_ctx;

static int cpu_init(void **ctx, int index, char *why, size_t whylen)
{
	cpu_ctx *c = calloc(1, sizeof(*c));

	(void)index; /* the cpu is one device; binding is the launcher's */
	*ctx = c;
	if (!c) {
		snprintf(why, whylen, "out of memory");
		return PR_EFAIL;
	}
	return PR_OK;
}

static void cpu_fini(void *ctx)
{
	cpu_ctx *c = ctx;

	if (!c)
		return;
	free(c->scratch);
	free(c);
}

static void *cpu_alloc(void *ctx, size_t bytes)
{
	size_t n = (bytes + 63) / 64 * 64;

	(void)ctx;
	return aligned_alloc(64, n ? n : 64);
}

static void cpu_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

static int cpu_copy(void *ctx, void *dst, const void *src, size_t bytes)
{
	(void)ctx;
	memcpy(dst, src, bytes);
	return PR_OK;
}

static int cpu_sync(void *ctx)
{
	(void)ctx;
	return PR_OK;
}

/* Eight independent sums, so the compiler may keep them in one vector
 * register without reassociating (no -ffast-math needed). */
static float dot(const float *a, const float *b, long n)
{
	float acc[8] = {0, 0, 0, 0, 0, 0, 0, 0}, s = 0;
	long t = 0;
	int u;

	for (; t + 8 <= n; t += 8)
		for (u = 0; u < 8; u++)
			acc[u] += a[t + u] * b[t + u];
	for (; t < n; t++)
		s += a[t] * b[t];
	for (u = 0; u < 8; u++)
		s += acc[u];
	return s;
}

static void axpy(float *y, float a, const float *x, long n)
{
	long t;

	for (t = 0; t < n; t++)
		y[t] += a * x[t];
}

static int grow_scratch(cpu_ctx *c, long keys)
{
	float *p;

	if (keys <= c->cap)
		return PR_OK;
	p = realloc(c->scratch, (size_t)keys * sizeof(float));
	if (!p)
		return PR_EFAIL;
	c->scratch = p;
	c->cap = keys;
	return PR_OK;
}

void pr_cpu_row(float *o, float *m, float *l, float *s, const float *q,
		const pr_attention *a, float scale)
{
	float mx = -INFINITY, sum = 0;
	long j;

	for (j = 0; j < a->keys; j++) {
		s[j] = dot(q, a->k + j * a->d, a->d) * scale;
		if (s[j] > mx)
			mx = s[j];
	}
	for (j = 0; j < a->keys; j++) {
		s[j] = expf(s[j] - mx);
		sum += s[j];
	}
	memset(o, 0, (size_t)a->d * sizeof(float));
	for (j = 0; j < a->keys; j++)
		axpy(o, s[j], a->v + j * a->d, a->d);
	*m = mx;
	*l = sum;
}

typedef void (*row_fn)(float *o, float *m, float *l, float *s, const float *q,
		       const pr_attention *a, float scale);

/* Every row of a through one row kernel; a's launch geometry is for
 * device backends and means nothing here. */
static int run_rows_with(cpu_ctx *c, const pr_attention *a, row_fn row)
{
	float scale = 1.0f / sqrtf((float)a->d);
	long i;

	if (a->d < 1 || a->keys < 0 || a->rows < 0)
		return PR_EINPUT;
	if (grow_scratch(c, a->keys) < 0)
		return PR_EFAIL;
	for (i = 0; i < a->rows; i++)
		row(a->o + i * a->d, a->m + i, a->l + i, c->scratch,
		    a->q + i * a->d, a, scale);
	return PR_OK;
}

static int cpu_run_rows(void *ctx, const pr_attention *a)
{
	return run_rows_with(ctx, a, pr_cpu_row);
}

/*
 * cpu-naive exists to give the 1/t split (DESIGN 5) two speed classes on
 * one CPU: the same math and contract as cpu, results equal within float
 * rounding, about 4.5 times slower here (keys 64, d 256). It is the
 * textbook kernel, slow on purpose: one scalar accumulator per sum (a
 * chain of dependent adds the compiler may not reassociate), no
 * unrolling; the scores are not kept but recomputed by each of the three
 * softmax passes (max, sum, weights); and v is read column-wise: o_i[c]
 * sums over the keys j reading v[j * d + c], d floats apart, one float
 * of a new cache line at every step. Its speed relative to cpu is
 * measured (rows-sweep), never assumed.
 */
static float naive_dot(const float *a, const float *b, long n)
{
	float s = 0;
	long t;

	for (t = 0; t < n; t++)
		s += a[t] * b[t];
	return s;
}

static void naive_row(float *o, float *m, float *l, float *s, const float *q,
		      const pr_attention *a, float scale)
{
	float mx = -INFINITY, sum = 0, acc;
	long j, c;

	for (j = 0; j < a->keys; j++) {
		acc = naive_dot(q, a->k + j * a->d, a->d) * scale;
		if (acc > mx)
			mx = acc;
	}
	for (j = 0; j < a->keys; j++)
		sum += expf(naive_dot(q, a->k + j * a->d, a->d) * scale - mx);
	for (j = 0; j < a->keys; j++)
		s[j] = expf(naive_dot(q, a->k + j * a->d, a->d) * scale - mx);
	for (c = 0; c < a->d; c++) {
		acc = 0;
		for (j = 0; j < a->keys; j++)
			acc += s[j] * a->v[j * a->d + c];
		o[c] = acc;
	}
	*m = mx;
	*l = sum;
}

static int naive_run_rows(void *ctx, const pr_attention *a)
{
	return run_rows_with(ctx, a, naive_row);
}

/* "model name : Intel(R) ..." from /proc/cpuinfo, into buf. */
static int cpu_model(char *buf, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512], *colon, *end;
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "model name", 10) ||
		    !(colon = strchr(line, ':')))
			continue;
		for (colon++; *colon == ' ' || *colon == '\t'; colon++)
			;
		end = colon + strlen(colon);
		while (end > colon && (end[-1] == '\n' || end[-1] == ' '))
			*--end = '\0';
		snprintf(buf, len, "%s", colon);
		found = *colon != '\0';
	}
	fclose(f);
	return found;
}

static void describe_as(char *buf, size_t len, const char *kernel)
{
	char model[256];
	long cores = sysconf(_SC_NPROCESSORS_ONLN);

	if (!cpu_model(model, sizeof(model)))
		snprintf(model, sizeof(model), "unknown model");
	snprintf(buf, len, "%s: %s, %ld cores", kernel, model, cores);
}

static int cpu_describe(void *ctx, char *buf, size_t len)
{
	(void)ctx;
	describe_as(buf, len, "cpu");
	return PR_OK;
}

static int naive_describe(void *ctx, char *buf, size_t len)
{
	(void)ctx;
	describe_as(buf, len,
		    "cpu-naive (naive kernel: scalar sums, v read "
		    "column-wise)");
	return PR_OK;
}

const struct pr_backend pr_backend_cpu = {
    .name = "cpu",
    .host_memory = 1,
    .init = cpu_init,
    .fini = cpu_fini,
    .alloc = cpu_alloc,
    .free = cpu_free,
    .to_device = cpu_copy,
    .to_host = cpu_copy,
    .sync = cpu_sync,
    .run_rows = cpu_run_rows,
    .describe = cpu_describe,
};

const struct pr_backend pr_backend_cpu_naive = {
    .name = "cpu-naive",
    .host_memory = 1,
    .init = cpu_init,
    .fini = cpu_fini,
    .alloc = cpu_alloc,
    .free = cpu_free,
    .to_device = cpu_copy,
    .to_host = cpu_copy,
    .sync = cpu_sync,
    .run_rows = naive_run_rows,
    .describe = naive_describe,
};
