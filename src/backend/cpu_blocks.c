/* cpu_blocks.c - cpu-blocks:T, the host attention kernel run as a GPU runs
 * a grid: blocks of rows over T worker threads, in waves */
#include "backend/backend.h"

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/cpu_row.h"
#include "base/util.h"

/*
 * The grid (DESIGN 5, launch geometry on a CPU): ceil(rows /
 * rows_per_block) blocks; a wave is T x blocks_per_thread blocks, thread t
 * holding blocks t * bpt .. t * bpt + bpt - 1 of it. Every thread waits
 * for all the others at the end of each wave (a barrier) before the next
 * starts. A thread that holds a block of a wave runs all its bpt x
 * rows_per_block row slots, one after another; a slot past the last row
 * computes row 0 into the thread's own scratch and the result is dropped,
 * as the idle lanes of a partly filled GPU block spend their cycles. So
 * every wave costs the same, whatever its fill, and the time is flat
 * within a wave and steps when one fills: at rows = k * T *
 * blocks_per_thread * rows_per_block + 1, while T <= the CPUs the rank may
 * use. With more threads than CPUs they share them and a wave's threads
 * run in turns. threads_per_block means nothing here.
 *
 * The threads are made in init and joined in fini; run_rows wakes them
 * (a fixed cost per call) and returns when the last wave is done, so sync
 * has nothing to wait for. Scratch grows on the first call that needs it,
 * before the threads wake: a caller that times run_rows calls it once
 * untimed first, and no timed call allocates.
 */

typedef struct blocks_ctx blocks_ctx;

typedef struct {
	blocks_ctx *pool;
	int id;
	float *scores; /* keys floats */
	float *pad;    /* a dropped row's output: d floats, then m and l */
	long cap_keys, cap_d;
} blocks_worker;

struct blocks_ctx {
	int nthreads, started;
	blocks_worker *w;
	pthread_t *tid;
	pthread_mutex_t mu;
	pthread_cond_t go, done;
	pthread_barrier_t wave;
	unsigned long gen; /* the call the threads are to run */
	int quit, pending;
	/* the call, set before gen moves */
	const pr_attention *a;
	long nblocks, nwaves;
	int bpt, rpb;
	float scale;
	char err[128];
};

/* The row slots of thread me's blocks first .. first + bpt - 1. */
static void run_slots(const blocks_ctx *c, blocks_worker *me, long first)
{
	const pr_attention *a = c->a;
	long b, row, r, d = a->d;

	for (b = first; b < first + c->bpt; b++) {
		for (r = 0; r < c->rpb; r++) {
			row = b * c->rpb + r;
			if (b < c->nblocks && row < a->rows)
				pr_cpu_row(a->o + row * d, a->m + row,
					   a->l + row, me->scores,
					   a->q + row * d, a, c->scale);
			else
				pr_cpu_row(me->pad, me->pad + d,
					   me->pad + d + 1, me->scores, a->q, a,
					   c->scale);
		}
	}
}

static void run_waves(blocks_ctx *c, blocks_worker *me)
{
	long per_wave = (long)c->nthreads * c->bpt, w, first;

	for (w = 0; w < c->nwaves; w++) {
		first = w * per_wave + (long)me->id * c->bpt;
		if (first < c->nblocks)
			run_slots(c, me, first);
		if (w + 1 < c->nwaves)
			pthread_barrier_wait(&c->wave);
	}
}

static void *blocks_thread(void *arg)
{
	blocks_worker *me = arg;
	blocks_ctx *c = me->pool;
	unsigned long seen = 0;

	for (;;) {
		pthread_mutex_lock(&c->mu);
		while (c->gen == seen && !c->quit)
			pthread_cond_wait(&c->go, &c->mu);
		if (c->quit) {
			pthread_mutex_unlock(&c->mu);
			return NULL;
		}
		seen = c->gen;
		pthread_mutex_unlock(&c->mu);
		run_waves(c, me);
		pthread_mutex_lock(&c->mu);
		if (--c->pending == 0)
			pthread_cond_signal(&c->done);
		pthread_mutex_unlock(&c->mu);
	}
}

static void blocks_fini(void *ctx)
{
	blocks_ctx *c = ctx;
	int i;

	if (!c)
		return;
	pthread_mutex_lock(&c->mu);
	c->quit = 1;
	pthread_cond_broadcast(&c->go);
	pthread_mutex_unlock(&c->mu);
	for (i = 0; i < c->started; i++)
		pthread_join(c->tid[i], NULL);
	for (i = 0; c->w && i < c->nthreads; i++) {
		free(c->w[i].scores);
		free(c->w[i].pad);
	}
	pthread_barrier_destroy(&c->wave);
	pthread_cond_destroy(&c->go);
	pthread_cond_destroy(&c->done);
	pthread_mutex_destroy(&c->mu);
	free(c->w);
	free(c->tid);
	free(c);
}

/* index is T, the worker threads (the N of cpu-blocks:N). */
static int blocks_init(void **ctx, int index, char *why, size_t whylen)
{
	blocks_ctx *c;
	int i, rc;

	*ctx = NULL;
	if (index < 1 || index > PR_BLOCKS_THREADS_MAX) {
		snprintf(why, whylen,
			 "cpu-blocks needs 1 to %d threads, not %d",
			 PR_BLOCKS_THREADS_MAX, index);
		return PR_EINPUT;
	}
	if (!(c = calloc(1, sizeof(*c)))) {
		snprintf(why, whylen, "out of memory");
		return PR_EFAIL;
	}
	c->nthreads = index;
	c->w = calloc((size_t)index, sizeof(*c->w));
	c->tid = calloc((size_t)index, sizeof(*c->tid));
	pthread_mutex_init(&c->mu, NULL);
	pthread_cond_init(&c->go, NULL);
	pthread_cond_init(&c->done, NULL);
	pthread_barrier_init(&c->wave, NULL, (unsigned)index);
	if (!c->w || !c->tid) {
		snprintf(why, whylen, "out of memory");
		blocks_fini(c);
		return PR_EFAIL;
	}
	for (i = 0; i < index; i++) {
		c->w[i].pool = c;
		c->w[i].id = i;
		if ((rc = pthread_create(&c->tid[i], NULL, blocks_thread,
					 &c->w[i])) != 0) {
			snprintf(why, whylen,
				 "cannot start thread %d of %d: %s", i + 1,
				 index, strerror(rc));
			blocks_fini(c);
			return PR_EFAIL;
		}
		c->started++;
	}
	*ctx = c;
	return PR_OK;
}

static int blocks_grow(float **p, long *cap, long n)
{
	float *q;

	if (n <= *cap)
		return PR_OK;
	if (!(q = realloc(*p, (size_t)n * sizeof(float))))
		return PR_EFAIL;
	*p = q;
	*cap = n;
	return PR_OK;
}

static int blocks_grow_scratch(blocks_ctx *c, long keys, long d)
{
	int i;

	for (i = 0; i < c->nthreads; i++) {
		blocks_worker *w = &c->w[i];
		long cap_pad = w->cap_d;

		if (blocks_grow(&w->scores, &w->cap_keys, keys > 0 ? keys : 1) <
			0 ||
		    blocks_grow(&w->pad, &cap_pad, d + 2) < 0) {
			snprintf(c->err, sizeof(c->err), "out of memory");
			return PR_EFAIL;
		}
		w->cap_d = cap_pad;
	}
	return PR_OK;
}

static int blocks_run_rows(void *ctx, const pr_attention *a)
{
	blocks_ctx *c = ctx;
	int rpb = a->rows_per_block > 0 ? a->rows_per_block
					: PR_ROWS_PER_BLOCK_DEFAULT;
	int bpt = a->blocks_per_thread > 0 ? a->blocks_per_thread
					   : PR_BLOCKS_PER_THREAD_DEFAULT;
	long per_wave = (long)c->nthreads * bpt;

	c->err[0] = '\0';
	if (a->d < 1 || a->keys < 0 || a->rows < 0 || rpb > PR_LAUNCH_MAX ||
	    bpt > PR_LAUNCH_MAX) {
		snprintf(c->err, sizeof(c->err),
			 "bad shape or launch settings");
		return PR_EINPUT;
	}
	if (blocks_grow_scratch(c, a->keys, a->d) < 0)
		return PR_EFAIL;
	if (a->rows == 0)
		return PR_OK;
	pthread_mutex_lock(&c->mu);
	c->a = a;
	c->rpb = rpb;
	c->bpt = bpt;
	c->nblocks = (a->rows + rpb - 1) / rpb;
	c->nwaves = (c->nblocks + per_wave - 1) / per_wave;
	c->scale = 1.0f / sqrtf((float)a->d);
	c->pending = c->nthreads;
	c->gen++;
	pthread_cond_broadcast(&c->go);
	while (c->pending > 0)
		pthread_cond_wait(&c->done, &c->mu);
	pthread_mutex_unlock(&c->mu);
	return PR_OK;
}

static void *blocks_alloc(void *ctx, size_t bytes)
{
	size_t n = (bytes + 63) / 64 * 64;

	(void)ctx;
	return aligned_alloc(64, n ? n : 64);
}

static void blocks_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

static int blocks_copy(void *ctx, void *dst, const void *src, size_t bytes)
{
	(void)ctx;
	memcpy(dst, src, bytes);
	return PR_OK;
}

static int blocks_sync(void *ctx)
{
	(void)ctx;
	return PR_OK;
}

static int blocks_describe(void *ctx, char *buf, size_t len)
{
	const blocks_ctx *c = ctx;
	cpu_set_t set;
	int usable = 0;

	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		usable = CPU_COUNT(&set);
	snprintf(buf, len,
		 "cpu-blocks: %d worker threads, %d CPUs usable by the rank%s, "
		 "%ld online",
		 c->nthreads, usable,
		 usable > 0 && c->nthreads > usable
		     ? " (more threads than CPUs: a wave's threads run in "
		       "turns)"
		     : "",
		 sysconf(_SC_NPROCESSORS_ONLN));
	return PR_OK;
}

static const char *blocks_error(void *ctx)
{
	const blocks_ctx *c = ctx;

	return c->err;
}

const struct pr_backend pr_backend_cpu_blocks = {
    .name = "cpu-blocks",
    .param = "worker threads",
    .param_max = PR_BLOCKS_THREADS_MAX,
    .host_memory = 1,
    .init = blocks_init,
    .fini = blocks_fini,
    .alloc = blocks_alloc,
    .free = blocks_free,
    .to_device = blocks_copy,
    .to_host = blocks_copy,
    .sync = blocks_sync,
    .run_rows = blocks_run_rows,
    .describe = blocks_describe,
    .error = blocks_error,
};
