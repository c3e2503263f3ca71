/* conditions.h - host settings a run and its calibration ran under */
#ifndef PR_ANALYZE_CONDITIONS_H
#define PR_ANALYZE_CONDITIONS_H

#include <jansson.h>

#include "format/manifest.h"

/*
 * The problem, in words (caller frees), when run m and a calibration run
 * its prediction pred names (model.calibration, model.comm_calibration:
 * runs/EXPERIMENT/RUN_ID/manifest.json below root) both record the
 * kernel's TCP congestion control and the two differ; NULL when they
 * agree, when either records none (runs older than the key) or the
 * calibration's manifest cannot be read. Calibrate under the validation's
 * conditions: under bbr a 1 MiB message after small ones took twice as
 * long over tcp as under cubic (SCIENCE.md).
 */
char *pr_conditions_differ(const char *root, const json_t *pred,
			   const pr_manifest *m);

#endif
