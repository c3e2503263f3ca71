/* gpu_compat.h - one spelling, pr_gpu*, for the CUDA and HIP runtime calls
 * the GPU backends make; included by cuda.cu (nvcc) and hip.hip (hipcc),
 * never by C. Calls the two runtimes spell alike apart from the prefix are
 * plain macros; the few that differ (attribute names, UUID, MPS) are small
 * inline helpers. */
#ifndef PR_GPU_COMPAT_H
#define PR_GPU_COMPAT_H

#include <stdio.h>
#include <string.h>

#if defined(__HIPCC__)
#include <hip/hip_runtime.h>
#define PR_GPU_KIND "hip"
#define PR_GPU_LABEL "HIP"
#define PR_GPU_UNITS "CUs"
#define PR_GPU_P(x) hip##x
#elif defined(__CUDACC__)
#include <cuda_runtime.h>
#define PR_GPU_KIND "cuda"
#define PR_GPU_LABEL "CUDA"
#define PR_GPU_UNITS "SMs"
#define PR_GPU_P(x) cuda##x
#else
#error "gpu_compat.h is for nvcc or hipcc only"
#endif

/* The runtime's own name of a call, for messages: "cudaGetDeviceCount". */
#define PR_GPU_NAME(x) PR_GPU_KIND #x

/* types */
#define pr_gpuError_t PR_GPU_P(Error_t)
#define pr_gpuSuccess PR_GPU_P(Success)
#define pr_gpuEvent_t PR_GPU_P(Event_t)
#define pr_gpuStream_t PR_GPU_P(Stream_t)
#define pr_gpuMemcpyKind PR_GPU_P(MemcpyKind)

/* identical signatures in both runtimes */
#define pr_gpuGetErrorString PR_GPU_P(GetErrorString)
#define pr_gpuGetErrorName PR_GPU_P(GetErrorName)
#define pr_gpuGetLastError PR_GPU_P(GetLastError)
#define pr_gpuGetDeviceCount PR_GPU_P(GetDeviceCount)
#define pr_gpuSetDevice PR_GPU_P(SetDevice)
#define pr_gpuGetDevice PR_GPU_P(GetDevice)
#define pr_gpuDeviceGetAttribute PR_GPU_P(DeviceGetAttribute)
#define pr_gpuDeviceGetPCIBusId PR_GPU_P(DeviceGetPCIBusId)
#define pr_gpuDriverGetVersion PR_GPU_P(DriverGetVersion)
#define pr_gpuRuntimeGetVersion PR_GPU_P(RuntimeGetVersion)
#define pr_gpuMalloc PR_GPU_P(Malloc)
#define pr_gpuFree PR_GPU_P(Free)
#define pr_gpuMemcpyAsync PR_GPU_P(MemcpyAsync)
#define pr_gpuMemcpyHostToDevice PR_GPU_P(MemcpyHostToDevice)
#define pr_gpuMemcpyDeviceToHost PR_GPU_P(MemcpyDeviceToHost)
#define pr_gpuStreamCreate PR_GPU_P(StreamCreate)
#define pr_gpuStreamDestroy PR_GPU_P(StreamDestroy)
#define pr_gpuStreamSynchronize PR_GPU_P(StreamSynchronize)
#define pr_gpuEventCreate PR_GPU_P(EventCreate)
#define pr_gpuEventDestroy PR_GPU_P(EventDestroy)
#define pr_gpuEventRecord PR_GPU_P(EventRecord)
#define pr_gpuEventSynchronize PR_GPU_P(EventSynchronize)
#define pr_gpuEventElapsedTime PR_GPU_P(EventElapsedTime)
#define pr_gpuFuncSetAttribute PR_GPU_P(FuncSetAttribute)
#define pr_gpuOccupancyMaxActiveBlocksPerMultiprocessor                        \
	PR_GPU_P(OccupancyMaxActiveBlocksPerMultiprocessor)

/* Enumerations whose names differ beyond the prefix. */
#if defined(__HIPCC__)
#define pr_gpuDeviceAttr hipDeviceAttribute_t
#define pr_gpuAttrMultiProcessorCount hipDeviceAttributeMultiprocessorCount
#define pr_gpuAttrMaxThreadsPerMultiProcessor                                  \
	hipDeviceAttributeMaxThreadsPerMultiProcessor
#define pr_gpuAttrClockRate hipDeviceAttributeClockRate
#define pr_gpuAttrMaxSharedMemoryPerBlock                                      \
	hipDeviceAttributeMaxSharedMemoryPerBlock
#define pr_gpuAttrSharedMemoryPerBlockOptin                                    \
	hipDeviceAttributeSharedMemPerBlockOptin
#define pr_gpuFuncAttributeMaxDynamicSharedMemorySize                          \
	hipFuncAttributeMaxDynamicSharedMemorySize
#else
#define pr_gpuDeviceAttr cudaDeviceAttr
#define pr_gpuAttrMultiProcessorCount cudaDevAttrMultiProcessorCount
#define pr_gpuAttrMaxThreadsPerMultiProcessor                                  \
	cudaDevAttrMaxThreadsPerMultiProcessor
#define pr_gpuAttrClockRate cudaDevAttrClockRate
#define pr_gpuAttrMaxSharedMemoryPerBlock cudaDevAttrMaxSharedMemoryPerBlock
#define pr_gpuAttrSharedMemoryPerBlockOptin                                    \
	cudaDevAttrMaxSharedMemoryPerBlockOptin
#define pr_gpuFuncAttributeMaxDynamicSharedMemorySize                          \
	cudaFuncAttributeMaxDynamicSharedMemorySize
#endif

/*
 * "cudaGetDeviceCount: cudaErrorNoDevice: no CUDA-capable device is
 * detected" into buf. HIP 5.2's error strings repeat the name
 * ("hipErrorNoDevice"): said once then.
 */
static inline void pr_gpu_why(char *buf, size_t len, const char *call,
			      pr_gpuError_t e)
{
	const char *name = pr_gpuGetErrorName(e);
	const char *text = pr_gpuGetErrorString(e);

	if (!text || !strcmp(text, name))
		snprintf(buf, len, "%s: %s", call, name);
	else
		snprintf(buf, len, "%s: %s: %s", call, name, text);
}

/*
 * The device's UUID as nvidia-smi or rocm-smi print it, "GPU-" and then
 * 8-4-4-4-12 hex digits (CUDA: prop.uuid) or the 16 characters HIP's
 * hipDeviceGetUuid hands back; "" when the runtime has none.
 */
static inline pr_gpuError_t pr_gpu_uuid(int dev, char *buf, size_t len)
{
	unsigned char u[16];
	int i, zero = 1;
	size_t n;
#if defined(__HIPCC__)
	hipDevice_t h;
	hipUUID id;
	hipError_t e = hipDeviceGet(&h, dev);
	int printable = 1;

	memset(&id, 0, sizeof(id));
	if (e == hipSuccess)
		e = hipDeviceGetUuid(&id, h);
	memcpy(u, id.bytes, sizeof(u));
	for (i = 0; i < 16; i++)
		printable &= u[i] >= 0x21 && u[i] < 0x7f;
	if (e == hipSuccess && printable) {
		snprintf(buf, len, "GPU-%.16s", (const char *)u);
		return e;
	}
#else
	cudaDeviceProp p;
	cudaError_t e;

	memset(&p, 0, sizeof(p));
	e = cudaGetDeviceProperties(&p, dev);
	memcpy(u, p.uuid.bytes, sizeof(u));
#endif
	buf[0] = '\0';
	for (i = 0; i < 16; i++)
		zero &= u[i] == 0;
	if (e != pr_gpuSuccess || zero)
		return e;
	n = (size_t)snprintf(buf, len, "GPU-");
	for (i = 0; i < 16 && n < len; i++)
		n += (size_t)snprintf(
		    buf + n, len - n, "%s%02x",
		    i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "", u[i]);
	return e;
}

/* Name and architecture: "NVIDIA H100 80GB HBM3", "sm_90". */
static inline pr_gpuError_t pr_gpu_name(int dev, char *name, size_t nlen,
					char *arch, size_t alen,
					long long *memory)
{
#if defined(__HIPCC__)
	hipDeviceProp_t p;
	hipError_t e = hipGetDeviceProperties(&p, dev);

	if (e == hipSuccess)
		snprintf(arch, alen, "%s", p.gcnArchName);
#else
	cudaDeviceProp p;
	cudaError_t e = cudaGetDeviceProperties(&p, dev);

	if (e == cudaSuccess)
		snprintf(arch, alen, "sm_%d%d", p.major, p.minor);
#endif
	if (e == pr_gpuSuccess) {
		snprintf(name, nlen, "%s", p.name);
		*memory = (long long)p.totalGlobalMem;
	}
	return e;
}

/*
 * Whether this process's contexts on dev go through MPS: 1 yes, 0 no, -1
 * unknown. CUDA 13 has cudaDevAttrMpsEnabled; an older driver refuses it
 * (cudaErrorInvalidValue, not sticky), and an older toolkit lacks it: -1
 * then. HIP has no MPS.
 */
static inline int pr_gpu_mps(int dev)
{
#if defined(__HIPCC__)
	(void)dev;
	return 0;
#elif CUDART_VERSION >= 13000
	int v = 0;

	if (cudaDeviceGetAttribute(&v, cudaDevAttrMpsEnabled, dev) !=
	    cudaSuccess) {
		(void)cudaGetLastError();
		return -1;
	}
	return v != 0;
#else
	(void)dev;
	return -1;
#endif
}

#endif
