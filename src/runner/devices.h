/* devices.h - `prereg-rank --devices`: the backends built in and the GPUs
 * this process sees, as JSON, for `prereg predict` and `prereg env` */
#ifndef PR_DEVICES_H
#define PR_DEVICES_H

#include <stdio.h>

/*
 * Print to out, without MPI:
 *   {"backends": ["cpu", "cpu-naive", "cuda", ...built...],
 *    "cuda": {"count", "error", "driver_version", "runtime_version",
 *             "devices": [pr_envinfo_gpu_json, ...]},
 *    "hip": {...},
 *    "not_built": ["prereg-rank was built without the HIP backend
 *                   (hipcc not found at build time)", ...]}
 * with an object for each GPU backend built in, and a sentence in
 * not_built for each one left out (so "cuda" appears as a JSON string
 * only when the CUDA backend is built). "error" is null, or why there is
 * no device ("cudaGetDeviceCount: cudaErrorNoDevice: no CUDA-capable
 * device is detected"); count is 0 then. max_blocks_per_sm is the
 * attention kernel's occupancy at threads_per_block threads (0: the
 * default) and `keys` keys. Having no device is no failure: only a failed
 * write is (PR_EFAIL).
 */
int pr_devices_print(FILE *out, int threads_per_block, long keys);

#endif
