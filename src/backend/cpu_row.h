/* cpu_row.h - the host attention kernel of one query row, shared by the
 * host backends (cpu, cpu-blocks) */
#ifndef PR_CPU_ROW_H
#define PR_CPU_ROW_H

#include "backend/backend.h"

/*
 * One query row q of a (backend.h's math): its scores into s (a->keys
 * floats, overwritten), their max into *m, the sum of the exponentials
 * into *l and the weighted sum of v into o (a->d floats), scale being
 * 1/sqrt(d). Reads only a's k, v, keys and d.
 */
void pr_cpu_row(float *o, float *m, float *l, float *s, const float *q,
		const pr_attention *a, float scale);

#endif
