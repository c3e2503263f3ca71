/* registry.h - the table of models (DESIGN 5): each model's name and what
 * it needs, as the spec reads them; predict/models.h holds their code */
#ifndef PR_REGISTRY_H
#define PR_REGISTRY_H

#include <stddef.h>

typedef struct {
	const char *name;      /* first member: spec.c's name tables read it */
	int needs_calibration; /* I5: [model] calibration */
	int needs_comm_calibration; /* also [model] comm_calibration */
	int places_rows;	    /* may place the sweep (rows_list = auto) */
	const char *formula;	    /* the model in words, or NULL */
	/* what its cells' pinned null (null_s) is, or NULL: none */
	const char *null_rule;
} pr_model_info;

/* Every model, in the order the spec's error messages list them. */
extern const pr_model_info pr_model_registry[];
extern const size_t pr_model_registry_size;

/* The model called name (borrowed), or NULL. */
const pr_model_info *pr_model_registry_lookup(const char *name);

#endif
