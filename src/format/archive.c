/* archive.c - timings.csv.gz writer and reader (zlib gzip, SHA-256) */
#include "format/archive.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "base/util.h"

struct pr_archive_writer {
	gzFile gz;
	char *path, *tmp;
	pr_sha256 *sha;
	uint64_t bytes, rows;
};

static uint64_t count_lines(const char *buf, size_t len)
{
	uint64_t n = 0;
	const char *p = buf, *end = buf + len;

	while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		n++;
		p++;
	}
	return n;
}

static int put(pr_archive_writer *w, const void *buf, size_t len)
{
	const char *p = buf;

	while (len > 0) {
		unsigned chunk = len > (1u << 30) ? (1u << 30) : (unsigned)len;
		if (gzwrite(w->gz, p, chunk) != (int)chunk) {
			int zerr;
			const char *msg = gzerror(w->gz, &zerr);
			return pr_error("cannot write '%s': %s", w->tmp,
					zerr == Z_ERRNO ? strerror(errno)
							: msg);
		}
		pr_sha256_update(w->sha, p, chunk);
		w->bytes += chunk;
		p += chunk;
		len -= chunk;
	}
	return PR_OK;
}

int pr_archive_create(pr_archive_writer **out, const char *path)
{
	pr_archive_writer *w = pr_calloc(1, sizeof(*w));
	static const char header[] = PR_ARCHIVE_HEADER "\n";

	*out = NULL;
	w->path = pr_strdup(path);
	w->tmp = pr_asprintf("%s.tmp.%ld", path, (long)getpid());
	w->gz = gzopen(w->tmp, "wb6");
	if (!w->gz) {
		pr_error("cannot create '%s': %s", w->tmp, strerror(errno));
		free(w->path);
		free(w->tmp);
		free(w);
		return PR_EFAIL;
	}
	gzbuffer(w->gz, 1 << 17);
	w->sha = pr_sha256_new();
	if (put(w, header, sizeof(header) - 1) < 0) {
		pr_archive_abort(w);
		return PR_EFAIL;
	}
	*out = w;
	return PR_OK;
}

int pr_archive_write(pr_archive_writer *w, const void *buf, size_t len)
{
	w->rows += count_lines(buf, len);
	return put(w, buf, len);
}

static void writer_free(pr_archive_writer *w, char sha[65])
{
	char scratch[65];

	pr_sha256_final(w->sha, sha ? sha : scratch);
	free(w->path);
	free(w->tmp);
	free(w);
}

int pr_archive_write_rows(pr_archive_writer *w, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	size_t commas;
	int error;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		nl = nl ? nl + 1 : end;
		commas = 0;
		for (const char *q = p; q < nl; q++)
			commas += *q == ',';
		if (commas == 11 && nl[-1] == '\n') {
			if ((error = pr_archive_write(
				 w, p, (size_t)(nl - p) - 1)) < 0 ||
			    (error = pr_archive_write(w, ",\n", 2)) < 0)
				return error;
		} else if ((error = pr_archive_write(w, p, (size_t)(nl - p))) <
			   0)
			return error;
		p = nl;
	}
	return PR_OK;
}

int pr_archive_finish(pr_archive_writer *w, pr_archive_info *info)
{
	struct stat st;
	int zerr, error = PR_OK;

	memset(info, 0, sizeof(*info));
	zerr = gzclose(w->gz);
	w->gz = NULL;
	if (zerr != Z_OK) {
		error = pr_error("cannot write '%s': %s", w->tmp,
				 zerr == Z_ERRNO ? strerror(errno)
						 : "gzclose failed");
		unlink(w->tmp);
		writer_free(w, NULL);
		return error;
	}
	info->bytes = w->bytes;
	info->rows = w->rows;
	if (stat(w->tmp, &st) == 0)
		info->gz_bytes = (uint64_t)st.st_size;
	error = pr_commit_file(w->tmp, w->path);
	writer_free(w, info->sha256);
	return error;
}

void pr_archive_abort(pr_archive_writer *w)
{
	if (!w)
		return;
	if (w->gz)
		gzclose(w->gz);
	unlink(w->tmp);
	writer_free(w, NULL);
}

uint64_t pr_archive_cap(int64_t bytes)
{
	return bytes > 0 ? (uint64_t)bytes + PR_ARCHIVE_SLACK : 0;
}

/* Open path as a gzip file: no symbolic link, a regular file of at most
 * PR_ARCHIVE_MAX_BYTES starting with the gzip magic 1f 8b (zlib would
 * read any other file as it is). */
static int open_gz(gzFile *out, uint64_t *gz_bytes, const char *path)
{
	unsigned char magic[2];
	int fd, error;

	*out = NULL;
	if ((error = pr_open_regular(&fd, gz_bytes, path,
				     PR_ARCHIVE_MAX_BYTES)) < 0)
		return error;
	if (pread(fd, magic, 2, 0) != 2 || magic[0] != 0x1f ||
	    magic[1] != 0x8b) {
		close(fd);
		return pr_error("cannot read '%s': not a gzip file (no 1f 8b "
				"header)",
				path);
	}
	if (!(*out = gzdopen(fd, "rb"))) {
		close(fd);
		return pr_error("cannot open '%s': %s", path, strerror(errno));
	}
	return PR_OK;
}

int pr_archive_read(char **out, pr_archive_info *info, const char *path,
		    uint64_t max)
{
	gzFile gz;
	char *buf = NULL;
	size_t cap = 0, n = 0;
	int got = 0, zerr, error;

	*out = NULL;
	memset(info, 0, sizeof(*info));
	if (max == 0 || max > PR_ARCHIVE_MAX_BYTES)
		max = PR_ARCHIVE_MAX_BYTES;
	if ((error = open_gz(&gz, &info->gz_bytes, path)) < 0)
		return error;
	gzbuffer(gz, 1 << 17);
	/* at most max + 1 bytes: one more than max says it expands past */
	while (n <= max) {
		if (cap - n < (1 << 20)) {
			cap = cap ? cap * 2 : (4 << 20);
			if (cap > max + 1)
				cap = (size_t)max + 1;
			buf = pr_realloc(buf, cap + 1);
		}
		got = gzread(gz, buf + n, (unsigned)(cap - n));
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	if (n > max) {
		gzclose(gz);
		free(buf);
		return pr_error("cannot read '%s': it expands past %llu bytes",
				path, (unsigned long long)max);
	}
	if (got < 0 || !gzeof(gz)) {
		const char *msg = gzerror(gz, &zerr);
		size_t plen = strlen(path);

		/* zlib prefixes its messages with the path */
		if (!strncmp(msg, path, plen) && !strncmp(msg + plen, ": ", 2))
			msg += plen + 2;
		pr_error("cannot read '%s': %s", path,
			 got < 0 ? msg : "unexpected end of the archive");
		gzclose(gz);
		free(buf);
		return PR_EFAIL;
	}
	zerr = gzclose(gz);
	if (zerr != Z_OK) {
		free(buf);
		return pr_error("cannot read '%s': %s", path,
				zerr == Z_BUF_ERROR ? "the archive is truncated"
						    : "corrupt gzip stream");
	}
	buf[n] = '\0';
	info->bytes = n;
	info->rows = count_lines(buf, n);
	if (info->rows > 0)
		info->rows--; /* the header */
	pr_sha256_hex(info->sha256, buf, n);
	*out = buf;
	return PR_OK;
}
