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

/* Room for one more byte at buf[*n]: the buffer doubles, up to max + 1
 * bytes (and one for the NUL). 0 when it is full at max + 1. */
static int room(char **buf, size_t *cap, size_t n, uint64_t max)
{
	if (n < *cap)
		return 1;
	if (*cap > max)
		return 0;
	*cap = *cap * 2 > max + 1 ? (size_t)max + 1 : *cap * 2;
	*buf = pr_realloc(*buf, *cap + 1);
	return 1;
}

/* Inflate every gzip member of gz into *buf (as gzread does: members one
 * after another, bytes after the last that start no member ignored).
 * Z_STREAM_END when whole, Z_BUF_ERROR when it expands past max (*n then
 * max + 1), else zlib's error (z->msg says which; Z_DATA_ERROR with no
 * message: truncated). */
static int inflate_all(z_stream *z, char **buf, size_t *cap, size_t *n,
		       uint64_t max)
{
	int rc;

	for (;;) {
		if (!room(buf, cap, *n, max))
			return Z_BUF_ERROR;
		z->next_out = (unsigned char *)*buf + *n;
		z->avail_out = (uInt)(*cap - *n);
		rc = inflate(z, Z_NO_FLUSH);
		*n = (size_t)(z->next_out - (unsigned char *)*buf);
		if (rc == Z_STREAM_END) {
			if (z->avail_in < 2 || z->next_in[0] != 0x1f ||
			    z->next_in[1] != 0x8b)
				return *n > max ? Z_BUF_ERROR : Z_STREAM_END;
			inflateReset(z);
		} else if (rc == Z_BUF_ERROR ||
			   (rc == Z_OK && !z->avail_in && z->avail_out)) {
			z->msg = NULL; /* the input ended inside a member */
			return Z_DATA_ERROR;
		} else if (rc != Z_OK) {
			return rc;
		}
	}
}

int pr_archive_inflate(char **out, pr_archive_info *info, const char *path,
		       const void *gz, size_t len, uint64_t max)
{
	const unsigned char *in = gz;
	z_stream z;
	char *buf;
	size_t cap, n = 0;
	int rc;

	*out = NULL;
	memset(info, 0, sizeof(*info));
	info->gz_bytes = len;
	if (max == 0 || max > PR_ARCHIVE_MAX_BYTES)
		max = PR_ARCHIVE_MAX_BYTES;
	if (len < 2 || in[0] != 0x1f || in[1] != 0x8b)
		return pr_error("cannot read '%s': not a gzip file (no 1f 8b "
				"header)",
				path);
	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		return pr_error("cannot read '%s': %s", path,
				z.msg ? z.msg : "zlib did not start");
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)len;
	/* room for a typical ratio; it doubles as needed */
	cap = len < ((size_t)1 << 24) ? 8 * len + 4096 : (size_t)1 << 27;
	if (cap > max + 1)
		cap = (size_t)max + 1;
	buf = pr_malloc(cap + 1);
	rc = inflate_all(&z, &buf, &cap, &n, max);
	if (rc != Z_STREAM_END) {
		if (rc == Z_BUF_ERROR)
			pr_error("cannot read '%s': it expands past %llu bytes",
				 path, (unsigned long long)max);
		else
			pr_error("cannot read '%s': %s", path,
				 z.msg ? z.msg : "the archive is truncated");
		inflateEnd(&z);
		free(buf);
		return PR_EFAIL;
	}
	inflateEnd(&z);
	buf[n] = '\0';
	info->bytes = n;
	info->rows = count_lines(buf, n);
	if (info->rows > 0)
		info->rows--; /* the header */
	pr_sha256_hex(info->sha256, buf, n);
	*out = buf;
	return PR_OK;
}

int pr_archive_read(char **out, pr_archive_info *info, const char *path,
		    uint64_t max)
{
	char *gz = NULL;
	size_t len = 0;
	int error;

	*out = NULL;
	memset(info, 0, sizeof(*info));
	if ((error = pr_read_file(&gz, &len, path, PR_ARCHIVE_MAX_BYTES)) < 0)
		return error;
	error = pr_archive_inflate(out, info, path, gz, len, max);
	free(gz);
	return error;
}
