/* archive.h - timings.csv.gz: written once, gzip (zlib), SHA-256 of the
 * uncompressed bytes (I2) */
#ifndef PR_ARCHIVE_H
#define PR_ARCHIVE_H

#include <stddef.h>
#include <stdint.h>

/* The header line of timings.csv (DESIGN 4), without the newline; and
 * the one of archives older than the energy column, which still read. */
#define PR_ARCHIVE_HEADER_12                                                   \
	"launch,config,rep,warmup,rank,host,device,phase,bytes,rows,"          \
	"t_start_ns,t_end_ns"
#define PR_ARCHIVE_HEADER PR_ARCHIVE_HEADER_12 ",energy_uj"

typedef struct pr_archive_info {
	char sha256[65];   /* of the uncompressed CSV, header included */
	uint64_t bytes;	   /* uncompressed bytes */
	uint64_t gz_bytes; /* compressed file size */
	uint64_t rows;	   /* data rows (lines after the header) */
} pr_archive_info;

typedef struct pr_archive_writer pr_archive_writer;

/*
 * Start writing path (a temporary name until pr_archive_finish); the header
 * line is written first. On error nothing is left behind.
 */
int pr_archive_create(pr_archive_writer **out, const char *path);
/* Append whole CSV lines (each ending in '\n'). */
int pr_archive_write(pr_archive_writer *w, const void *buf, size_t len);
/* Append a launch's rows as prereg-rank wrote them: a row of the twelve
 * columns of an older runner gets an empty energy_uj. */
int pr_archive_write_rows(pr_archive_writer *w, const char *buf, size_t len);
/* Flush, close (gzclose checked), fsync and rename into place; fill info.
 * Frees w whatever happens. */
int pr_archive_finish(pr_archive_writer *w, pr_archive_info *info);
/* Drop the temporary file and free w (NULL is fine). */
void pr_archive_abort(pr_archive_writer *w);

/* The most bytes an archive may expand to, and the most its compressed
 * file may have (DESIGN 4). */
#define PR_ARCHIVE_MAX_BYTES ((uint64_t)1 << 30)

/*
 * Read and decompress the whole archive into a NUL-terminated buffer owned
 * by the caller; fill info (sha256, bytes, rows, gz_bytes). The file is
 * opened without following a symbolic link and must be a regular file
 * with the gzip header (1f 8b). It may expand to max bytes (0, or more
 * than PR_ARCHIVE_MAX_BYTES: PR_ARCHIVE_MAX_BYTES); one that expands
 * past is refused after reading max + 1 bytes. A truncated or corrupt
 * stream, or any refusal, is PR_EFAIL with a message naming the file.
 */
int pr_archive_read(char **out, pr_archive_info *info, const char *path,
		    uint64_t max);

/* pr_archive_read of the compressed bytes gz[0, len), read already from
 * path (which the messages name): the same checks and results. Every
 * gzip member is read in turn, bytes after the last that start no member
 * ignored (as zlib's gzread does). */
int pr_archive_inflate(char **out, pr_archive_info *info, const char *path,
		       const void *gz, size_t len, uint64_t max);

/* The max to read an archive whose manifest records `bytes` expanded
 * bytes with (0: none recorded): bytes and 1 MiB more, so that an archive
 * a little longer than its record is still read and the difference
 * named, while a bomb is refused after that many. */
#define PR_ARCHIVE_SLACK ((uint64_t)1 << 20)
uint64_t pr_archive_cap(int64_t bytes);

#endif
