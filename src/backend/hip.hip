/* hip.hip - the HIP backend: the shared GPU code, compiled by hipcc */
#define PR_GPU_VTABLE pr_backend_hip
#include "backend/gpu_backend.inc"
