/* device.h - a rank group's device string, KIND or KIND:SEL, parsed once */
#ifndef PR_DEVICE_H
#define PR_DEVICE_H

/* The largest N of KIND:N the parser takes: the spec and the backends
 * bound it further (a device index, cpu-blocks' threads). */
#define PR_DEVICE_N_MAX 1000000

typedef struct {
	char kind[32]; /* before ':', or the whole string: "cpu", "cuda" */
	int has_sel;   /* the string has ':' and a selector after it */
	int any;       /* the selector is '*' (cuda:*) */
	long n;	       /* the selector's number, -1 for '*' or none */
} pr_device;

/* The GPU kinds, indexes of pr_device_gpu_kinds. */
typedef enum { PR_DEVICE_CUDA, PR_DEVICE_HIP, PR_DEVICE_NGPU } pr_device_gpu;

/* The GPU kinds, "cuda" then "hip", NULL-terminated. */
extern const char *const pr_device_gpu_kinds[];

/* The GPU kind that kind names whole ("cuda", not "cuda:0"), or -1 (NULL
 * or another kind). */
int pr_device_gpu_of(const char *kind);

/*
 * Parse device into *out: KIND is 1 to sizeof(out->kind) - 1 characters
 * other than ':', then optionally ':' and SEL, either '*' or decimal
 * digits (leading zeros allowed) worth at most PR_DEVICE_N_MAX; no sign,
 * space or second ':'. PR_EINPUT without a message otherwise, *out then
 * zeroed with n = -1, except that a well-formed KIND whose SEL alone is
 * refused keeps kind and has_sel (the caller still names its backend).
 * Whether KIND names a backend is the caller's check.
 */
int pr_device_parse(pr_device *out, const char *device);

/* The GPU kind of device (static, from pr_device_gpu_kinds) when it
 * parses with a selector and its kind is a GPU kind (cuda:N, hip:N,
 * cuda:*, hip:*); else NULL. */
const char *pr_device_gpu_kind(const char *device);

/*
 * Is the '*' at star, in a [ranks] entry "DEVICE*COUNT" whose COUNT
 * follows its last '*', also DEVICE's selector: the entry's only '*',
 * right after ':'? cuda:*4 is four ranks on cuda:* (as cuda:**4 is, by
 * its last star).
 */
int pr_device_star_is_sel(const char *entry, const char *star);

/* The worker threads T of cpu-blocks:T (T >= 1), else 0. */
int pr_device_blocks_threads(const char *device);

#endif
