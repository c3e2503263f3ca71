/* conditions.c - host settings a run and its calibration ran under */
#include "run/conditions.h"

#include <string.h>

#include "base/text.h"
#include "base/util.h"
#include "format/manifest.h"
#include "repo/paths.h"

static const char key[] = "tcp_congestion_control";

const char *pr_conditions_recorded(const json_t *manifest)
{
	return json_string_value(
	    json_object_get(json_object_get(manifest, "environment"), key));
}

/* The problem with calibration cal (an object {experiment, run_id}), or
 * NULL. */
static char *against(const char *root, const json_t *cal, const char *own)
{
	const char *exp = json_string_value(json_object_get(cal, "experiment"));
	const char *id = json_string_value(json_object_get(cal, "run_id"));
	const char *theirs;
	char *path, *why = NULL;
	pr_manifest c;
	pr_error_scope quiet;

	if (!exp || !id || !pr_name_valid(exp) || !pr_run_id_valid(id))
		return NULL;
	path = pr_path_manifest(root, exp, id);
	pr_error_record(&quiet);
	if (pr_manifest_read(&c, path) == 0 &&
	    (theirs = pr_conditions_recorded(c.json)) && strcmp(theirs, own))
		why = pr_asprintf("calibrated under TCP congestion control %s "
				  "(%s run %s), run under %s: times over tcp "
				  "may differ for that reason",
				  theirs, exp, id, own);
	pr_error_restore(&quiet);
	pr_manifest_free(&c);
	free(path);
	return why;
}

char *pr_conditions_differ(const char *root, const json_t *pred,
			   const char *own)
{
	const json_t *model = json_object_get(pred, "model");
	char *why;

	if (!own)
		return NULL;
	why = against(root, json_object_get(model, "calibration"), own);
	if (!why)
		why = against(root, json_object_get(model, "comm_calibration"),
			      own);
	return why;
}
