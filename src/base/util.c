/* util.c - errors, exit codes, atomic files, SHA-256 and small helpers */
#include "base/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <libgen.h>
#include <openssl/evp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int pr_exit_code(int error)
{
	switch (error) {
	case PR_OK:
		return 0;
	case PR_EINPUT:
		return 2;
	case PR_EREFUSED:
		return 3;
	default:
		return 1;
	}
}

static char last_error[1024];
static int last_code;
static pr_error_scope *scopes; /* the innermost open scope */
static pr_error_routine routine;

const char *pr_last_error(void)
{
	return last_error;
}

int pr_last_error_code(void)
{
	return last_code;
}

void pr_error_record(pr_error_scope *s)
{
	s->last[0] = '\0';
	s->code = PR_OK;
	s->outer = scopes;
	scopes = s;
}

void pr_error_restore(pr_error_scope *s)
{
	scopes = s->outer;
}

/* msg on f as one line: a control byte (C0 or DEL), which a message can
 * hold when it quotes a name a repository gave, as \n, \r, \t or \xHH,
 * so that no message can move the cursor, recolour the terminal or add a
 * line that looks like prereg's own. */
static void put_line(FILE *f, const char *msg)
{
	const unsigned char *p;

	for (p = (const unsigned char *)msg; *p; p++) {
		if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\r')
			fputs("\\r", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	}
	fputc('\n', f);
}

void pr_error_print(void *data, int warning, const char *msg)
{
	(void)data;
	fprintf(stderr, "prereg: %s", warning == 1 ? "warning: " : "");
	put_line(stderr, msg);
}

pr_error_routine pr_set_error_routine(pr_error_routine r)
{
	pr_error_routine old = routine;

	routine = r.fn ? r : (pr_error_routine){NULL, NULL};
	return old;
}

/* An error's message and code into the last error and every open scope. */
static void record(int code, const char *msg)
{
	pr_error_scope *s;

	snprintf(last_error, sizeof(last_error), "%s", msg);
	last_code = code;
	for (s = scopes; s; s = s->outer) {
		snprintf(s->last, sizeof(s->last), "%s", msg);
		s->code = code;
	}
}

/* fmt formatted once, recorded when no warning, and handed to the
 * routine when no scope is open. */
static void vroute(int warning, int code, const char *fmt, va_list ap)
{
	char *msg = NULL;

	if (vasprintf(&msg, fmt, ap) < 0) {
		fputs("prereg: out of memory\n", stderr);
		abort();
	}
	if (!warning)
		record(code, msg);
	if ((!scopes || warning == PR_PROGRESS) && routine.fn)
		routine.fn(routine.data, warning, msg);
	free(msg);
}

int pr_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vroute(0, PR_EFAIL, fmt, ap);
	va_end(ap);
	return PR_EFAIL;
}

int pr_error_code(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vroute(0, code, fmt, ap);
	va_end(ap);
	return code;
}

void pr_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vroute(1, PR_OK, fmt, ap);
	va_end(ap);
}

void pr_progress(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vroute(PR_PROGRESS, PR_OK, fmt, ap);
	va_end(ap);
}

static void *oom(void *p)
{
	if (!p) {
		fputs("prereg: out of memory\n", stderr);
		abort();
	}
	return p;
}

FILE *pr_memstream_open(char **buf, size_t *len)
{
	return oom(open_memstream(buf, len));
}

void pr_memstream_close(FILE *f)
{
	if (fclose(f) != 0) {
		fputs("prereg: out of memory\n", stderr);
		abort();
	}
}

void *pr_malloc(size_t n)
{
	return oom(malloc(n ? n : 1));
}

void *pr_calloc(size_t n, size_t size)
{
	return oom(calloc(n ? n : 1, size ? size : 1));
}

void *pr_realloc(void *p, size_t n)
{
	return oom(realloc(p, n ? n : 1));
}

char *pr_strdup(const char *s)
{
	return oom(strdup(s));
}

char *pr_asprintf(const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return oom(NULL);
	return s;
}

int pr_name_valid(const char *name)
{
	const char *p;

	if (!name || !*name || name[0] == '.' || name[0] == '-' ||
	    strstr(name, ".."))
		return 0;
	for (p = name; *p; p++) {
		if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
		    !(*p >= '0' && *p <= '9') && *p != '-' && *p != '_' &&
		    *p != '.')
			return 0;
	}
	return strlen(name) <= 64;
}

int pr_name_check(const char *name)
{
	if (!name || !*name)
		return pr_error_code(PR_EINPUT, "empty experiment name");
	if (pr_name_valid(name))
		return PR_OK;
	return pr_error_code(PR_EINPUT,
			     "invalid experiment name '%s': use letters, "
			     "digits, '-', '_' and '.' (no '/' or '..', at "
			     "most 64 characters)",
			     name);
}

/* One entry of pr_remove_tree's walk, met after all it holds. */
static int remove_entry(const char *path, const struct stat *st, int type,
			struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0; /* errors ignored: remove what can be */
}

void pr_remove_tree(const char *dir)
{
	/* nftw keeps at most 16 directories open however deep the tree is
	 * (a cloned repository's depth is the repository's to choose) */
	nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int pr_tmp_dir(char **out, const char *stem)
{
	const char *tmpdir = getenv("TMPDIR");
	char *prefix =
	    pr_asprintf("%s/%s", tmpdir && *tmpdir ? tmpdir : "/tmp", stem);
	int error = pr_mkdtemp(out, prefix);

	free(prefix);
	return error;
}

int pr_mkdtemp(char **out, const char *prefix)
{
	size_t n = strlen(prefix);
	char *path = pr_malloc(n + 7);

	memcpy(path, prefix, n);
	memset(path + n, 'X', 6); /* mkdtemp's template */
	path[n + 6] = '\0';
	*out = NULL;
	if (!mkdtemp(path)) {
		int e = errno;
		free(path);
		return pr_error("cannot create a directory '%s...': %s", prefix,
				strerror(e));
	}
	*out = path;
	return PR_OK;
}

int pr_mkdir_p(const char *path)
{
	char *tmp = pr_strdup(path);
	char *p;
	int error = PR_OK;

	for (p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0777) < 0 && errno != EEXIST) {
			error = pr_error("cannot create directory '%s': %s",
					 tmp, strerror(errno));
			goto cleanup;
		}
		*p = '/';
	}
	if (mkdir(tmp, 0777) < 0 && errno != EEXIST)
		error = pr_error("cannot create directory '%s': %s", tmp,
				 strerror(errno));
cleanup:
	free(tmp);
	return error;
}

static int fsync_dir_of(const char *path)
{
	char *copy = pr_strdup(path);
	int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY);

	free(copy);
	if (fd < 0)
		return PR_OK; /* best effort: some filesystems refuse */
	fsync(fd);
	close(fd);
	return PR_OK;
}

int pr_commit_file(const char *tmp_path, const char *path)
{
	int fd = open(tmp_path, O_RDONLY);

	if (fd < 0 || fsync(fd) < 0) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		unlink(tmp_path);
		return pr_error("cannot sync '%s': %s", tmp_path, strerror(e));
	}
	close(fd);
	if (rename(tmp_path, path) < 0) {
		int e = errno;
		unlink(tmp_path);
		return pr_error("cannot rename '%s' to '%s': %s", tmp_path,
				path, strerror(e));
	}
	return fsync_dir_of(path);
}

int pr_strcmp_ptr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t pr_list_subdirs(char ***out, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct stat st;
	size_t n = 0;

	*out = NULL;
	while (d && (e = readdir(d)) != NULL) {
		char *path;

		if (e->d_name[0] == '.')
			continue;
		path = pr_asprintf("%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			*out = pr_realloc(*out, (n + 1) * sizeof(char *));
			(*out)[n++] = pr_strdup(e->d_name);
		}
		free(path);
	}
	if (d)
		closedir(d);
	if (n > 1)
		qsort(*out, n, sizeof(char *), pr_strcmp_ptr);
	return n;
}

int pr_move_durable(const char *from, const char *to)
{
	int fd = open(from, O_RDONLY), e;

	if (fd < 0 || fsync(fd) < 0) {
		e = errno;
		if (fd >= 0)
			close(fd);
		return pr_error("cannot sync '%s': %s", from, strerror(e));
	}
	close(fd);
	if (rename(from, to) < 0)
		return pr_error("cannot rename '%s' to '%s': %s", from, to,
				strerror(errno));
	return fsync_dir_of(to);
}

int pr_write_file_atomic(const char *path, const void *data, size_t len)
{
	char *tmp = pr_asprintf("%s.tmp.%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "wb");
	int error = PR_OK;

	if (!f) {
		error =
		    pr_error("cannot create '%s': %s", tmp, strerror(errno));
		goto cleanup;
	}
	if ((len && fwrite(data, 1, len, f) != len) || fflush(f) != 0 ||
	    ferror(f)) {
		error = pr_error("cannot write '%s': %s", tmp, strerror(errno));
		fclose(f);
		unlink(tmp);
		goto cleanup;
	}
	if (fclose(f) != 0) {
		error = pr_error("cannot write '%s': %s", tmp, strerror(errno));
		unlink(tmp);
		goto cleanup;
	}
	error = pr_commit_file(tmp, path);
cleanup:
	free(tmp);
	return error;
}

int pr_open_regular(int *fd, uint64_t *size, const char *path, uint64_t max)
{
	struct stat st;
	int f;

	*fd = -1;
	if (size)
		*size = 0;
	/* O_NONBLOCK: opening a FIFO does not wait for a writer */
	f = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (f < 0 && errno == ELOOP)
		return pr_error("cannot read '%s': it is a symbolic link",
				path);
	if (f < 0)
		return pr_error("cannot open '%s': %s", path, strerror(errno));
	if (fstat(f, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(f);
		return pr_error("cannot read '%s': not a regular file", path);
	}
	if ((uint64_t)st.st_size > max) {
		close(f);
		return pr_error("cannot read '%s': %llu bytes, more than the "
				"%llu it may have",
				path, (unsigned long long)st.st_size,
				(unsigned long long)max);
	}
	*fd = f;
	if (size)
		*size = (uint64_t)st.st_size;
	return PR_OK;
}

int pr_read_file(char **out, size_t *len, const char *path, size_t max)
{
	char *buf = NULL;
	size_t cap = 0, n = 0;
	ssize_t got = 0;
	uint64_t size;
	int fd, error;

	*out = NULL;
	if ((error = pr_open_regular(&fd, &size, path, max)) < 0)
		return error;
	/* the size fstat gave, and one byte more to see a file that grew */
	cap = (size_t)size + 1;
	buf = pr_malloc(cap + 1);
	for (;;) {
		if (n == cap) {
			if (cap > max) {
				close(fd);
				free(buf);
				return pr_error("cannot read '%s': more than "
						"the %zu bytes it may have",
						path, max);
			}
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
			buf = pr_realloc(buf, cap + 1);
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	if (got < 0) {
		error = pr_error("cannot read '%s': %s", path, strerror(errno));
		close(fd);
		free(buf);
		return error;
	}
	close(fd);
	if (n > max) {
		free(buf);
		return pr_error("cannot read '%s': more than the %zu bytes it "
				"may have",
				path, max);
	}
	buf[n] = '\0';
	*out = buf;
	if (len)
		*len = n;
	return PR_OK;
}

int pr_check_key_file(const char *path, const char *what)
{
	struct stat st;

	if (access(path, R_OK) < 0 || stat(path, &st) < 0)
		return pr_error_code(PR_EINPUT, "cannot read %s '%s': %s", what,
				     path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return pr_error_code(PR_EINPUT,
				     "cannot read %s '%s': not a regular file",
				     what, path);
	if ((uint64_t)st.st_size > PR_KEY_FILE_MAX)
		return pr_error_code(PR_EINPUT,
				     "cannot read %s '%s': %llu bytes, more "
				     "than the %llu it may have",
				     what, path, (unsigned long long)st.st_size,
				     (unsigned long long)PR_KEY_FILE_MAX);
	return PR_OK;
}

/* PR_EREFUSED naming path (rel to root) when lstat finds a link there. */
static int refuse_link(const char *root, const char *rel, const char *what)
{
	char *path = pr_asprintf("%s%s", root, rel);
	struct stat st;
	int error = PR_OK;

	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
		error = pr_error_code(PR_EREFUSED,
				      "cannot write '%s': '%s' is a symbolic "
				      "link",
				      what, rel);
	free(path);
	return error;
}

int pr_no_links(const char *root, const char *rel, int contents)
{
	char *prefix = pr_strdup(rel), *slash = prefix, *dir = NULL;
	struct dirent *e;
	DIR *d = NULL;
	int error = PR_OK;

	/* every directory on the way, then rel itself */
	while (error == 0 && (slash = strchr(slash + 1, '/'))) {
		*slash = '\0';
		error = refuse_link(root, prefix, rel);
		*slash = '/';
	}
	if (error == 0)
		error = refuse_link(root, rel, rel);
	if (error < 0 || !contents)
		goto cleanup;
	dir = pr_asprintf("%s%s", root, rel);
	if (!(d = opendir(dir)))
		goto cleanup;
	while (error == 0 && (e = readdir(d))) {
		char *sub;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		sub = pr_asprintf("%s/%s", rel, e->d_name);
		error = refuse_link(root, sub, rel);
		free(sub);
	}
cleanup:
	if (d)
		closedir(d);
	free(dir);
	free(prefix);
	return error;
}

struct pr_sha256 {
	EVP_MD_CTX *ctx;
};

pr_sha256 *pr_sha256_new(void)
{
	pr_sha256 *h = pr_malloc(sizeof(*h));

	h->ctx = oom(EVP_MD_CTX_new());
	if (EVP_DigestInit_ex(h->ctx, EVP_sha256(), NULL) != 1)
		oom(NULL);
	return h;
}

void pr_sha256_update(pr_sha256 *h, const void *data, size_t len)
{
	EVP_DigestUpdate(h->ctx, data, len);
}

void pr_sha256_final(pr_sha256 *h, char out[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0, i;

	EVP_DigestFinal_ex(h->ctx, md, &n);
	for (i = 0; i < n && i < 32; i++)
		sprintf(out + 2 * i, "%02x", md[i]);
	out[64] = '\0';
	EVP_MD_CTX_free(h->ctx);
	free(h);
}

void pr_sha256_hex(char out[65], const void *data, size_t len)
{
	pr_sha256 *h = pr_sha256_new();

	pr_sha256_update(h, data, len);
	pr_sha256_final(h, out);
}

void pr_utc_iso(char out[32], int64_t unix_seconds)
{
	time_t t = (time_t)unix_seconds;
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int64_t pr_now_unix(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec;
}

void pr_sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

int64_t pr_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int pr_exe_dir(char **out)
{
	char buf[4096];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	*out = NULL;
	if (n < 0)
		return pr_error("cannot find own executable: %s",
				strerror(errno));
	buf[n] = '\0';
	*out = pr_strdup(dirname(buf));
	return PR_OK;
}
