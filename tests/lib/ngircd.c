/*
 * Starting and stopping ngircd and the bot for integration tests
 * (ngircd.h).  Waiting is done on events where the kernel offers one: a
 * process's end through a pidfd, a log file's growth through inotify.  Only
 * "is the port open yet" has no event, so it is retried every 10 ms.
 */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ngircd.h"

#define NGIRCD_BIN "/usr/sbin/ngircd"
#define NGIRCD_START_MS 10000
/* A bot stopping sends what it had queued for up to 5 s, then QUIT for
 * up to 2 s (bot/loop.c), and ASan checks for leaks at its exit. */
#define NGIRCD_STOP_MS 15000

long long
ngircd_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

char *
ngircd_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char path[PATH_MAX];
	int n;

	if (base == NULL || *base == '\0')
		base = "/tmp";
	n = snprintf(path, sizeof path, "%s/cheaterbot-test.XXXXXX", base);
	if (n < 0 || (size_t)n >= sizeof path || mkdtemp(path) == NULL)
		return NULL;
	return strdup(path);
}

static int
ngircd_rm_one(
    const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

void
ngircd_rmdir(const char *dir)
{
	if (dir != NULL)
		nftw(dir, ngircd_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

int
ngircd_free_port(void)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof sin;
	int fd, port = -1;

	fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		return -1;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sin, sizeof sin) == 0 &&
	    getsockname(fd, (struct sockaddr *)&sin, &len) == 0)
		port = ntohs(sin.sin_port);
	close(fd);
	return port;
}

int
ngircd_reap(pid_t pid, int timeout_ms)
{
	long long end = ngircd_now_ms() + timeout_ms;
	struct pollfd pfd;
	int status, pidfd, left;

	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	for (;;) {
		if (waitpid(pid, &status, WNOHANG) == pid) {
			if (pidfd >= 0)
				close(pidfd);
			return status;
		}
		left = (int)(end - ngircd_now_ms());
		if (left <= 0)
			break;
		if (pidfd >= 0) {
			pfd.fd = pidfd;
			pfd.events = POLLIN;
			poll(&pfd, 1, left);
		} else
			poll(NULL, 0, left < 10 ? left : 10);
	}
	if (pidfd >= 0)
		close(pidfd);
	return -1;
}

int
ngircd_kill(pid_t pid)
{
	int status;

	kill(pid, SIGTERM);
	status = ngircd_reap(pid, NGIRCD_STOP_MS);
	if (status == -1) {
		fprintf(stderr, "test: process %d ignored SIGTERM\n", (int)pid);
		kill(pid, SIGKILL);
		status = ngircd_reap(pid, NGIRCD_STOP_MS);
	}
	return status;
}

/* ngircd's configuration for s (its ports set), with an [SSL] section
 * when cert is not NULL. */
static int
ngircd_write_conf(
    const char *path, const struct ngircd *s, const char *cert, const char *key)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		return -1;
	fprintf(f,
	    "[Global]\n"
	    "\tName = irc.test\n"
	    "\tInfo = cheaterbot test server\n"
	    "\tAdminInfo1 = cheaterbot tests\n"
	    "\tAdminInfo2 = 127.0.0.1\n"
	    "\tAdminEMail = nobody@irc.test\n"
	    "\tListen = 127.0.0.1\n"
	    "\tPorts = %d\n",
	    s->port);
	if (s->network != NULL)
		fprintf(f, "\tNetwork = %s\n", s->network);
	if (geteuid() == 0)
		fprintf(f, "\tServerUID = nobody\n\tServerGID = nogroup\n");
	fprintf(f, "[Limits]\n"
	           "\tMaxConnectionsIP = 0\n"
	           "\tMaxJoins = %s\n"
	           "\tMaxNickLength = 30\n"
	           "\tMaxPenaltyTime = 0\n"
	           "\tPingTimeout = 600\n"
	           "\tPongTimeout = 600\n"
	           "[Options]\n"
	           "\tPAM = no\n"
	           "\tDNS = no\n"
	           "\tIdent = no\n"
	           "\tMorePrivacy = no\n",
	    s->max_joins != NULL ? s->max_joins : "-1");
	if (cert != NULL)
		fprintf(f,
		    "[SSL]\n"
		    "\tCertFile = %s\n"
		    "\tKeyFile = %s\n"
		    "\tPorts = %d\n",
		    cert, key, s->tls_port);
	return fclose(f) == 0 ? 0 : -1;
}

pid_t
ngircd_spawn(const char *log, char *const argv[])
{
	return ngircd_spawn_in(log, NULL, argv);
}

pid_t
ngircd_spawn_in(const char *log, const char *cwd, char *const argv[])
{
	pid_t pid;
	int fd;

	fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		if (cwd == NULL || chdir(cwd) == 0)
			execv(argv[0], argv);
		_exit(127);
	}
	close(fd);
	return pid;
}

int
ngircd_wait_port(pid_t pid, int port, int timeout_ms)
{
	long long end = ngircd_now_ms() + timeout_ms;
	struct sockaddr_in sin;
	int fd, ok, status;

	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons((unsigned short)port);
	while (ngircd_now_ms() < end) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return -1;
		fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			return -1;
		ok = connect(fd, (struct sockaddr *)&sin, sizeof sin) == 0;
		close(fd);
		if (ok)
			return 0;
		poll(NULL, 0, 10);
	}
	return -1;
}

/* ngircd_start(), with TLS too when cert is not NULL. */
static int
ngircd_launch(struct ngircd *s, const char *dir, int port, const char *cert,
    const char *key)
{
	char conf[PATH_MAX], log[PATH_MAX];
	char *argv[] = {
	    (char *)NGIRCD_BIN, (char *)"-n", (char *)"-f", conf, NULL};
	const char *network = s->network, *max_joins = s->max_joins;
	int tries = 0;

	memset(s, 0, sizeof *s);
	s->network = network;
	s->max_joins = max_joins;
	if (port == 0)
		port = ngircd_free_port();
	while (cert != NULL && (s->tls_port == 0 || s->tls_port == port) &&
	       tries++ < 10)
		s->tls_port = ngircd_free_port();
	if (port <= 0 || s->tls_port < 0 || s->tls_port == port ||
	    snprintf(s->dir, sizeof s->dir, "%s", dir) >= (int)sizeof s->dir ||
	    snprintf(conf, sizeof conf, "%s/ngircd.conf", dir) >=
	        (int)sizeof conf ||
	    snprintf(log, sizeof log, "%s/ngircd.log", dir) >= (int)sizeof log)
		return -1;
	s->port = port;
	if (ngircd_write_conf(conf, s, cert, key) != 0) {
		fprintf(stderr, "test: cannot write %s\n", conf);
		return -1;
	}
	s->pid = ngircd_spawn(log, argv);
	if (s->pid < 0) {
		s->pid = 0;
		return -1;
	}
	if (ngircd_wait_port(s->pid, port, NGIRCD_START_MS) != 0 ||
	    (cert != NULL &&
	        ngircd_wait_port(s->pid, s->tls_port, NGIRCD_START_MS) != 0)) {
		fprintf(stderr, "test: ngircd did not start; see %s\n", log);
		ngircd_stop(s);
		return -1;
	}
	return 0;
}

int
ngircd_start(struct ngircd *s, const char *dir, int port)
{
	return ngircd_launch(s, dir, port, NULL, NULL);
}

int
ngircd_start_tls(
    struct ngircd *s, const char *dir, const char *cert, const char *key)
{
	return ngircd_launch(s, dir, 0, cert, key);
}

int
ngircd_stop(struct ngircd *s)
{
	if (s->pid <= 0)
		return -1;
	ngircd_kill(s->pid);
	s->pid = 0;
	return 0;
}

int
ngircd_bot_start(struct ngircd_bot *b, const char *dir, const char *name,
    const char *const *args)
{
	return ngircd_bot_start_in(b, dir, name, NULL, args);
}

int
ngircd_bot_start_in(struct ngircd_bot *b, const char *dir, const char *name,
    const char *cwd, const char *const *args)
{
	const char *path = getenv("CHEATERBOT");
	char *argv[64], full[PATH_MAX];
	int i;

	if (b->pid > 0)
		ngircd_bot_stop(b);
	memset(b, 0, sizeof *b);
	if (path == NULL || *path == '\0')
		path = "build/test/cheaterbot";
	/* Run elsewhere, a path relative to here would not name it. */
	if (cwd != NULL) {
		if (realpath(path, full) == NULL)
			return -1;
		path = full;
	}
	if (snprintf(b->log, sizeof b->log, "%s/%s.log", dir, name) >=
	    (int)sizeof b->log)
		return -1;
	argv[0] = (char *)path;
	for (i = 0; args[i] != NULL; i++) {
		if (i + 2 >= (int)(sizeof argv / sizeof argv[0]))
			return -1;
		argv[i + 1] = (char *)args[i];
	}
	argv[i + 1] = NULL;
	b->pid = ngircd_spawn_in(b->log, cwd, argv);
	if (b->pid < 0) {
		b->pid = 0;
		return -1;
	}
	return 0;
}

static int
ngircd_exit_code(int status)
{
	if (status == -1)
		return -1;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int
ngircd_bot_stop(struct ngircd_bot *b)
{
	int status;

	if (b->pid <= 0)
		return -1;
	status = ngircd_kill(b->pid);
	b->pid = 0;
	return ngircd_exit_code(status);
}

int
ngircd_bot_wait(struct ngircd_bot *b, int timeout_ms)
{
	int status;

	if (b->pid <= 0)
		return -1;
	status = ngircd_reap(b->pid, timeout_ms);
	if (status != -1)
		b->pid = 0;
	return ngircd_exit_code(status);
}

int
ngircd_bot_alive(struct ngircd_bot *b)
{
	int status;

	if (b->pid <= 0)
		return 0;
	if (waitpid(b->pid, &status, WNOHANG) == b->pid) {
		b->pid = 0;
		return 0;
	}
	return 1;
}

int
ngircd_pause(struct ngircd *s)
{
	if (s->pid <= 0)
		return -1;
	return kill(s->pid, SIGSTOP);
}

int
ngircd_resume(struct ngircd *s)
{
	if (s->pid <= 0)
		return -1;
	return kill(s->pid, SIGCONT);
}

/* How many times the file at path contains text (in its first 64 KiB;
 * an empty text counts once). */
static int
ngircd_file_count(const char *path, const char *text)
{
	char buf[65536];
	const char *at;
	size_t n;
	FILE *f = fopen(path, "r");
	int count = 0;

	if (f == NULL)
		return 0;
	if (*text == '\0') {
		fclose(f);
		return 1;
	}
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	for (at = buf; (at = strstr(at, text)) != NULL; at += strlen(text))
		count++;
	return count;
}

int
ngircd_bot_log_count(const struct ngircd_bot *b, const char *text)
{
	return ngircd_file_count(b->log, text);
}

int
ngircd_bot_wait_log(
    const struct ngircd_bot *b, const char *text, int timeout_ms)
{
	return ngircd_bot_wait_log_n(b, text, 1, timeout_ms);
}

int
ngircd_bot_wait_log_n(
    const struct ngircd_bot *b, const char *text, int want, int timeout_ms)
{
	long long end = ngircd_now_ms() + timeout_ms;
	char events[4096];
	struct pollfd pfd;
	int fd, left, found;

	fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	if (fd >= 0 && inotify_add_watch(fd, b->log, IN_MODIFY) < 0) {
		close(fd);
		fd = -1;
	}
	while (!(found = ngircd_file_count(b->log, text) >= want)) {
		left = (int)(end - ngircd_now_ms());
		if (left <= 0)
			break;
		pfd.fd = fd;
		pfd.events = POLLIN;
		if (fd >= 0 && poll(&pfd, 1, left) > 0)
			while (read(fd, events, sizeof events) > 0)
				;
		else if (fd < 0)
			poll(NULL, 0, left < 20 ? left : 20);
	}
	if (fd >= 0)
		close(fd);
	return found;
}
