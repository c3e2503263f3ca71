/* conditions.h - host settings a run and its calibration ran under */
#ifndef PR_RUN_CONDITIONS_H
#define PR_RUN_CONDITIONS_H

#include <jansson.h>

/*
 * The problem, in words (caller frees), when the TCP congestion control
 * own (a run's recorded one, or this host's before a run; NULL: none)
 * differs from the one a calibration run its prediction pred names
 * recorded (model.calibration, model.comm_calibration:
 * runs/EXPERIMENT/RUN_ID/manifest.json below root); NULL when they agree,
 * when either is not known (runs older than the key) or the
 * calibration's manifest cannot be read. Calibrate under the validation's
 * conditions: under bbr a 1 MiB message after small ones took twice as
 * long over tcp as under cubic (SCIENCE.md).
 */
char *pr_conditions_differ(const char *root, const json_t *pred,
			   const char *own);
/* The manifest's recorded TCP congestion control, or NULL. */
const char *pr_conditions_recorded(const json_t *manifest);

#endif
