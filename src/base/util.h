/* util.h - errors, exit codes, atomic files, SHA-256 and small helpers */
#ifndef PR_UTIL_H
#define PR_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Return codes of every fallible pr_ function. The command line maps them
 * to exit codes: PR_EFAIL -> 1, PR_EINPUT -> 2, PR_EREFUSED -> 3.
 */
enum {
	PR_OK = 0,
	PR_EFAIL = -1,	  /* something failed (I/O, a child, a library) */
	PR_EINPUT = -2,	  /* bad input: usage, spec, names */
	PR_EREFUSED = -3, /* refused by an invariant (I1: no pin, dirty) */
};

/* Exit code for a pr_ return code. */
int pr_exit_code(int error);

/*
 * Errors are recorded, not printed, where they happen. pr_error and
 * pr_error_code record their message (formatted, without "prereg: ") and
 * code as the last error (pr_last_error) and in every open recording
 * scope; when no scope is open they, and pr_warn, then hand the message
 * to the error routine (as git's set_error_routine): fn(data, warning,
 * msg), msg borrowed for the call, warning 1 for pr_warn. None is
 * installed at first: prereg's main installs pr_error_print, prereg-rank
 * its own.
 */
typedef struct {
	void (*fn)(void *data, int warning, const char *msg);
	void *data;
} pr_error_routine;
/* Install r ({NULL, NULL}: none) and return the routine it replaces, to
 * put back when done. */
pr_error_routine pr_set_error_routine(pr_error_routine r);
/* The routine that shows the messages: "prereg: msg" (pr_warn: "prereg:
 * warning: msg"; pr_progress: "prereg: msg") on stderr, one line, the
 * message's control bytes escaped. data is unused. */
void pr_error_print(void *data, int warning, const char *msg);

/* Record the message. Returns PR_EFAIL. */
int pr_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Same, returning the given code (for PR_EINPUT / PR_EREFUSED). */
int pr_error_code(int code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A warning to the error routine, when no recording scope is open. */
void pr_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A progress line of long work (waiting, building, submitting) to the
 * error routine, warning PR_PROGRESS: never recorded, and shown inside a
 * recording scope too (it says what is happening, not what failed), as
 * git's progress lines. */
#define PR_PROGRESS 2
void pr_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The message of the last pr_error or pr_error_code (without "prereg: "),
 * kept also inside a recording scope; "" when none. Borrowed, valid until
 * the next one. */
const char *pr_last_error(void);
/* Its code; PR_OK when none. */
int pr_last_error_code(void);

/*
 * A recording scope, for a caller that expects a failure and does not
 * want it shown (it wants a verdict, or the reason for its own message):
 * between pr_error_record(&s) and pr_error_restore(&s) errors are
 * recorded into s (and into the scopes around it) and handed to no
 * routine, and warnings are dropped. Scopes nest; each is restored, the
 * innermost first.
 */
typedef struct pr_error_scope {
	char last[1024]; /* the last error recorded in it, "" when none */
	int code;	 /* its code, PR_OK when none */
	struct pr_error_scope *outer;
} pr_error_scope;
void pr_error_record(pr_error_scope *s);
void pr_error_restore(pr_error_scope *s);

/* malloc/calloc/strdup that abort with a message when memory is gone. */
void *pr_malloc(size_t n);
void *pr_calloc(size_t n, size_t size);
void *pr_realloc(void *p, size_t n);
char *pr_strdup(const char *s);
/* open_memstream(buf, len) and its fclose, which abort with a message
 * when memory is gone (as pr_malloc); *buf is the caller's after the
 * close. */
FILE *pr_memstream_open(char **buf, size_t *len);
void pr_memstream_close(FILE *f);
/* The names of the subdirectories of dir not starting with '.', sorted
 * (caller frees each and the array); 0 when dir cannot be read. A
 * symbolic link to a directory is no subdirectory: nothing is read
 * through it. */
size_t pr_list_subdirs(char ***out, const char *dir);
/* strcmp for qsort over an array of char *. */
int pr_strcmp_ptr(const void *a, const void *b);
/* printf into a new string owned by the caller. */
char *pr_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Experiment names: [A-Za-z0-9._-]+, not starting with '.' or '-', no "..",
 * at most 64 characters. pr_name_valid says whether name is one (1) or
 * not (0), recording nothing; pr_name_check records an error and returns
 * PR_EINPUT when it is not.
 */
int pr_name_valid(const char *name);
int pr_name_check(const char *name);

/* rm -r of a scratch directory (symbolic links are removed, never
 * followed); errors are ignored. */
void pr_remove_tree(const char *dir);

/* A new directory named prefix + 6 random characters (mkdtemp); *out is
 * its path (caller frees). */
int pr_mkdtemp(char **out, const char *prefix);
/* pr_mkdtemp under $TMPDIR (else /tmp): $TMPDIR/STEM + 6 characters. */
int pr_tmp_dir(char **out, const char *stem);

/* mkdir -p; PR_OK when it exists already. */
int pr_mkdir_p(const char *path);

/*
 * Write len bytes to path atomically (I2): path.tmp.PID, fsync, rename,
 * fsync of the directory. On failure nothing remains under either name.
 */
int pr_write_file_atomic(const char *path, const void *data, size_t len);
/* Make an already written temporary file durable and rename it into place. */
int pr_commit_file(const char *tmp_path, const char *path);
/* Make an existing file durable and rename it to `to` (same filesystem);
 * on failure the file stays where it was. */
int pr_move_durable(const char *from, const char *to);
/* The most bytes prereg reads of one file from a repository when its
 * format has no tighter limit (DESIGN 4): a manifest, a prediction, a
 * ledger, a report. */
#define PR_READ_MAX ((size_t)64 << 20)

/*
 * Open path for reading without following a symbolic link in its last
 * component (O_NOFOLLOW) and without waiting (a FIFO is not waited on):
 * a link, anything but a regular file, or a file of more than max bytes
 * is an error naming path. *fd is the open descriptor (the caller closes
 * it), *size (may be NULL) the file's size.
 */
int pr_open_regular(int *fd, uint64_t *size, const char *path, uint64_t max);
/* Whole file into a NUL-terminated buffer; *len may be NULL. Opened by
 * pr_open_regular; a file of more than max bytes (or one that grows past
 * max while read) is an error, and no more than max + 1 bytes are read. */
int pr_read_file(char **out, size_t *len, const char *path, size_t max);

/* The most bytes of a file of keys or certificates the user names
 * (--allowed-signers, --tsa-ca, gpg.ssh.allowedSignersFile). */
#define PR_KEY_FILE_MAX ((uint64_t)16 << 20)
/* A file of keys the user names (a link is followed: the user chose it):
 * PR_EINPUT, "cannot read WHAT 'PATH': why", unless it is a readable
 * regular file of at most PR_KEY_FILE_MAX bytes, so that no program is
 * given a device or a FIFO to read without end. */
int pr_check_key_file(const char *path, const char *what);

/*
 * Before writing under root + rel (root "" or ending in '/'): PR_EREFUSED,
 * naming the link, when rel or a directory on the way to it is a
 * symbolic link (lstat), and with contents when an entry directly inside
 * the directory rel is one. Paths that do not exist yet are fine.
 */
int pr_no_links(const char *root, const char *rel, int contents);

/* SHA-256 (OpenSSL EVP), 64 lower-case hex digits + NUL in out. */
typedef struct pr_sha256 pr_sha256;
pr_sha256 *pr_sha256_new(void);
void pr_sha256_update(pr_sha256 *h, const void *data, size_t len);
void pr_sha256_final(pr_sha256 *h, char out[65]); /* frees h */
void pr_sha256_hex(char out[65], const void *data, size_t len);

/* CLOCK_REALTIME as "YYYY-mm-ddTHH:MM:SSZ" (UTC). */
void pr_utc_iso(char out[32], int64_t unix_seconds);
int64_t pr_now_unix(void);
/* Sleep ms milliseconds (a signal may end it sooner). */
void pr_sleep_ms(long ms);
/* CLOCK_MONOTONIC in nanoseconds. */
int64_t pr_mono_ns(void);

/* Path of the directory holding the running executable (bin/). */
int pr_exe_dir(char **out);

#endif
