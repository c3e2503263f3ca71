/* cuda.cu - the CUDA backend: the shared GPU code, compiled by nvcc */
#define PR_GPU_VTABLE pr_backend_cuda
#include "backend/gpu_backend.inc"
