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

/* The GPU kinds, "cuda" then "hip", NULL-terminated. */
extern const char *const pr_device_gpu_kinds[];

/*
 * Parse device into *out: KIND is 1 to sizeof(out->kind) - 1 characters
 * other than ':', then optionally ':' and SEL, either '*' or decimal
 * digits (leading zeros allowed) worth at most PR_DEVICE_N_MAX; no sign,
 * space or second ':'. PR_EINPUT without a message otherwise, *out then
 * zeroed with n = -1. Whether KIND names a backend is the caller's check.
 */
int pr_device_parse(pr_device *out, const char *device);

/* The GPU kind of device (static, from pr_device_gpu_kinds) when it
 * parses with a selector and its kind is a GPU kind (cuda:N, hip:N,
 * cuda:*, hip:*); else NULL. */
const char *pr_device_gpu_kind(const char *device);

/* The worker threads T of cpu-blocks:T (T >= 1), else 0. */
int pr_device_blocks_threads(const char *device);

#endif
