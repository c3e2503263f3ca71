/* child.c - every child process prereg runs, through fork/exec */
#include "base/child.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"

#define GRACE_NS 5000000000LL

void pr_argv_push(pr_argv *a, const char *s)
{
	if (a->n + 2 > a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		a->v = pr_realloc(a->v, a->cap * sizeof(char *));
	}
	a->v[a->n++] = pr_strdup(s);
	a->v[a->n] = NULL;
}

void pr_argv_pushf(pr_argv *a, const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	pr_argv_push(a, s ? s : "");
	free(s);
}

void pr_argv_free(pr_argv *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

static int needs_quotes(const char *s)
{
	if (!*s)
		return 1;
	for (; *s; s++) {
		if (!strchr(
			"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			"0123456789-_./=:,@%+",
			*s))
			return 1;
	}
	return 0;
}

char *pr_argv_join(const pr_argv *a)
{
	size_t i, len = 1;
	char *out, *p;
	const char *s;

	for (i = 0; i < a->n; i++)
		len += 4 * strlen(a->v[i]) + 3;
	out = p = pr_malloc(len);
	for (i = 0; i < a->n; i++) {
		if (i)
			*p++ = ' ';
		if (!needs_quotes(a->v[i])) {
			p = stpcpy(p, a->v[i]);
			continue;
		}
		*p++ = '\'';
		for (s = a->v[i]; *s; s++) {
			if (*s == '\'')
				p = stpcpy(p, "'\\''");
			else
				*p++ = *s;
		}
		*p++ = '\'';
	}
	*p = '\0';
	return out;
}

/* In the child: set it up as c says, then exec; never returns. */
static void child_exec(const pr_child *c, int capture_w, pid_t parent)
{
	char *const *e;
	int null;

	if (c->own_group)
		setpgid(0, 0);
	/* a parent that died before prctl took effect would never send it */
	if (c->death_sig &&
	    (prctl(PR_SET_PDEATHSIG, c->death_sig) < 0 || getppid() != parent))
		_exit(126);
	if (c->no_stdin) {
		if ((null = open("/dev/null", O_RDONLY)) < 0 ||
		    dup2(null, STDIN_FILENO) < 0)
			_exit(126);
		close(null);
	}
	if ((c->in > 0 && dup2(c->in, STDIN_FILENO) < 0) ||
	    (capture_w >= 0 && dup2(capture_w, STDOUT_FILENO) < 0) ||
	    (c->out > 0 && dup2(c->out, STDOUT_FILENO) < 0) ||
	    (c->err > 0 && dup2(c->err, STDERR_FILENO) < 0))
		_exit(126);
	if (c->dir && chdir(c->dir) < 0)
		_exit(126);
	for (e = c->env; e && *e; e++)
		putenv(*e);
	if (c->pre_exec && c->pre_exec(c->pre_exec_arg) != 0)
		_exit(126);
	execvp(c->argv[0], c->argv);
	if (c->err > 0)
		fprintf(stderr, "prereg: cannot run '%s': %s\n", c->argv[0],
			strerror(errno));
	_exit(127);
}

int pr_child_start(pr_child *c)
{
	int fds[2] = {-1, -1};
	pid_t parent;

	c->pid = -1;
	c->capture_fd = -1;
	c->output = NULL;
	c->output_len = 0;
	c->status = -1;
	c->timed_out = 0;
	if (c->capture && pipe2(fds, O_CLOEXEC) < 0)
		return pr_error("cannot run '%s': %s", c->argv[0],
				strerror(errno));
	/* nothing buffered is written twice; a failed flush stays in the
	 * stream's error indicator for whoever finishes writing it */
	fflush(NULL);
	if (c->reap_orphans)
		prctl(PR_SET_CHILD_SUBREAPER, 1);
	parent = getpid();
	if ((c->pid = fork()) < 0) {
		if (c->capture) {
			close(fds[0]);
			close(fds[1]);
		}
		return pr_error("cannot fork: %s", strerror(errno));
	}
	if (c->pid == 0)
		child_exec(c, fds[1], parent);
	if (c->own_group)
		setpgid(c->pid, c->pid);
	if (c->capture) {
		close(fds[1]);
		c->capture_fd = fds[0];
	}
	return PR_OK;
}

/* Our children (orphaned ranks reparented to us) from /proc; kill them. */
static int kill_children(int sig)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)) != NULL) {
		char path[64], line[256];
		long pid = strtol(e->d_name, NULL, 10), ppid = -1;
		FILE *f;

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%ld/status", pid);
		if (!(f = fopen(path, "r")))
			continue;
		while (fgets(line, sizeof(line), f)) {
			if (sscanf(line, "PPid: %ld", &ppid) == 1)
				break;
		}
		fclose(f);
		if (ppid == (long)getpid()) {
			kill((pid_t)pid, sig);
			n++;
		}
	}
	if (d)
		closedir(d);
	return n;
}

/*
 * Processes that outlive the child (ranks outlive mpirun, which exits
 * once it has signalled them) are reparented to us, the subreaper: reap
 * them, and after 5 s kill what is left, so that none runs into the next
 * child.
 */
static void reap_orphans(void)
{
	int64_t t0 = pr_mono_ns();
	int st;

	for (;;) {
		pid_t got = waitpid(-1, &st, WNOHANG);
		if (got < 0 && errno == ECHILD)
			return;
		if (got > 0)
			continue;
		if (pr_mono_ns() - t0 > GRACE_NS)
			kill_children(SIGKILL);
		pr_sleep_ms(20);
	}
}

/* Wait up to ms for the child to end, on its pidfd (readable once it has
 * ended: no waiting past its end, where a sleep of ms waited on average
 * half of it), or, without one (a kernel before 5.3), by sleeping. */
static void wait_end(int pidfd, int ms)
{
	struct pollfd p = {.fd = pidfd, .events = POLLIN};

	if (pidfd < 0 || (poll(&p, 1, ms) < 0 && errno != EINTR))
		pr_sleep_ms(ms);
}

/* Read what the capture pipe holds, waiting up to ms, or until the child
 * ends (pidfd readable, when there is one); closes the pipe at EOF. */
static void read_capture(pr_child *c, int ms, int pidfd)
{
	struct pollfd p[2] = {{.fd = c->capture_fd, .events = POLLIN},
			      {.fd = pidfd, .events = POLLIN}};
	size_t cap = c->output_len + 4097;
	ssize_t n;

	if (poll(p, pidfd >= 0 ? 2 : 1, ms) <= 0 || !p[0].revents)
		return;
	c->output = pr_realloc(c->output, cap);
	n = read(c->capture_fd, c->output + c->output_len, 4096);
	if (n > 0)
		c->output_len += (size_t)n;
	else if (n == 0 || errno != EINTR) {
		close(c->capture_fd);
		c->capture_fd = -1;
	}
	c->output[c->output_len] = '\0';
}

/* Has the stop flag or the timeout asked for the child to end? */
static int asked_to_end(const pr_child *c, int64_t t0)
{
	return (c->stop && *c->stop) ||
	       (c->timeout_s > 0 &&
		(double)(pr_mono_ns() - t0) * 1e-9 > c->timeout_s);
}

int pr_child_finish(pr_child *c)
{
	int64_t t0 = pr_mono_ns(), term_at = 0;
	pid_t target = c->own_group ? -c->pid : c->pid, got = 0;
	int wstatus = 0, pidfd = pidfd_open(c->pid, 0);

	while (got != c->pid || c->capture_fd >= 0) {
		if (got != c->pid) {
			got = waitpid(c->pid, &wstatus, WNOHANG);
			if (got < 0 && errno != EINTR) {
				int e = errno;

				if (c->capture_fd >= 0)
					close(c->capture_fd);
				c->capture_fd = -1;
				if (pidfd >= 0)
					close(pidfd);
				return pr_error("cannot wait for '%s': %s",
						c->argv[0], strerror(e));
			}
		}
		if (got != c->pid && !term_at && asked_to_end(c, t0)) {
			c->timed_out = !(c->stop && *c->stop);
			kill(target, SIGTERM);
			term_at = pr_mono_ns();
		} else if (got != c->pid && term_at &&
			   pr_mono_ns() - term_at > GRACE_NS) {
			kill(target, SIGKILL);
		}
		if (c->capture_fd >= 0)
			read_capture(c, got == c->pid ? -1 : 20,
				     got == c->pid ? -1 : pidfd);
		else if (got != c->pid)
			wait_end(pidfd, 20);
	}
	if (pidfd >= 0)
		close(pidfd);
	if (c->reap_orphans)
		reap_orphans();
	if (c->capture && !c->output)
		c->output = pr_strdup("");
	if (WIFEXITED(wstatus))
		c->status = WEXITSTATUS(wstatus);
	else if (WIFSIGNALED(wstatus))
		c->status = 128 + WTERMSIG(wstatus);
	return PR_OK;
}

int pr_child_run(pr_child *c)
{
	int error = pr_child_start(c);

	return error < 0 ? error : pr_child_finish(c);
}

int pr_child_capture(char **out, int *status, char *const argv[])
{
	pr_child c = {.argv = argv, .capture = 1};
	int error = pr_child_run(&c);

	*out = c.output;
	*status = c.status;
	return error;
}
