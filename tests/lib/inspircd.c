/*
 * The private InspIRCd of inspircd.h: a configuration written into the
 * test's directory (paths, two <bind>s, a strict <connect> class on one
 * port and an open one on the other, the cap module so the bot's CAP LS
 * is understood), the process started and stopped through ngircd.c's
 * helpers, and a probe that floods the strict class.
 */
#define _GNU_SOURCE 1
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tests/lib/inspircd.h"
#include "tests/lib/ngircd.h"

#define INSPIRCD_START_MS 15000

/* The <connect> classes: the strict one on s->port, the open one on
 * s->open_port.  Pings are far away: only flood may end a link (the
 * test's players answer PING only when they are read, and at the bot's
 * true rate one may wait many minutes on another's answer). */
static int
inspircd_write_conf(const char *path, const struct inspircd *s)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		return -1;
	fprintf(f,
	    "<config format=\"xml\">\n"
	    "<path configdir=\"%1$s\" datadir=\"%1$s\" logdir=\"%1$s\""
	    " runtimedir=\"%1$s\">\n"
	    "<server name=\"irc.test\" description=\"cheaterbot flood test\""
	    " network=\"test\">\n"
	    "<admin name=\"tests\" nick=\"tests\" email=\"nobody@irc.test\">\n"
	    "<bind address=\"127.0.0.1\" port=\"%2$d\" type=\"clients\">\n"
	    "<bind address=\"127.0.0.1\" port=\"%3$d\" type=\"clients\">\n"
	    "<connect name=\"strict\" allow=\"*\" port=\"%2$d\""
	    " threshold=\"%4$d\" commandrate=\"%5$d\" fakelag=\"no\""
	    " timeout=\"60\" pingfreq=\"600\" hardsendq=\"1M\""
	    " softsendq=\"1M\" recvq=\"64K\" localmax=\"1000\""
	    " globalmax=\"1000\" maxchans=\"100\" resolvehostnames=\"no\""
	    " useident=\"no\">\n"
	    "<connect name=\"open\" allow=\"*\" port=\"%3$d\""
	    " threshold=\"1000000\" commandrate=\"1000000000\" fakelag=\"no\""
	    " timeout=\"60\" pingfreq=\"86400\" hardsendq=\"16M\""
	    " softsendq=\"16M\" recvq=\"1M\" localmax=\"1000\""
	    " globalmax=\"1000\" maxchans=\"100\" resolvehostnames=\"no\""
	    " useident=\"no\">\n"
	    "<dns server=\"127.0.0.1\" timeout=\"1\">\n"
	    "<log method=\"file\" type=\"* -USERINPUT -USEROUTPUT\""
	    " level=\"default\" target=\"%1$s/inspircd.log\">\n"
	    "<module name=\"cap\">\n"
	    "<options prefixquit=\"Quit: \" syntaxhints=\"no\">\n"
	    "<security hideserver=\"\" userstats=\"Pu\" maxtargets=\"20\">\n"
	    "<channels users=\"100\" opers=\"100\">\n"
	    "<limits maxnick=\"30\" maxline=\"512\">\n",
	    s->dir, s->port, s->open_port, s->threshold, s->rate);
	return fclose(f) == 0 ? 0 : -1;
}

int
inspircd_start(struct inspircd *s, const char *dir, int threshold, int rate)
{
	char conf[PATH_MAX], log[PATH_MAX];
	char *argv[] = {(char *)INSPIRCD_BIN, (char *)"--config", conf,
	    (char *)"--nofork", (char *)"--nopid", NULL, NULL};
	int tries = 0;

	memset(s, 0, sizeof *s);
	s->threshold = threshold;
	s->rate = rate;
	s->port = ngircd_free_port();
	while ((s->open_port == 0 || s->open_port == s->port) && tries++ < 10)
		s->open_port = ngircd_free_port();
	if (s->port <= 0 || s->open_port <= 0 || s->open_port == s->port ||
	    snprintf(s->dir, sizeof s->dir, "%s", dir) >= (int)sizeof s->dir ||
	    snprintf(conf, sizeof conf, "%s/inspircd.conf", dir) >=
	        (int)sizeof conf ||
	    snprintf(log, sizeof log, "%s/inspircd.out", dir) >=
	        (int)sizeof log)
		return -1;
	if (geteuid() == 0)
		argv[5] = (char *)"--runasroot";
	if (inspircd_write_conf(conf, s) != 0) {
		fprintf(stderr, "test: cannot write %s\n", conf);
		return -1;
	}
	s->pid = ngircd_spawn(log, argv);
	if (s->pid < 0) {
		s->pid = 0;
		return -1;
	}
	if (ngircd_wait_port(s->pid, s->port, INSPIRCD_START_MS) != 0 ||
	    ngircd_wait_port(s->pid, s->open_port, INSPIRCD_START_MS) != 0) {
		fprintf(stderr, "test: inspircd did not start; see %s\n", log);
		inspircd_stop(s);
		return -1;
	}
	return 0;
}

int
inspircd_stop(struct inspircd *s)
{
	if (s->pid <= 0)
		return -1;
	ngircd_kill(s->pid);
	s->pid = 0;
	return 0;
}

/* Reads from fd into buf (size bytes, NUL-terminated, appended at *len)
 * until want appears, the link closes (returns 1) or ms pass (0).  -1 on
 * an error. */
static int
inspircd_read(int fd, char *buf, size_t size, size_t *len, const char *want,
    int ms)
{
	long long end = ngircd_now_ms() + ms;
	struct pollfd pfd = {fd, POLLIN, 0};
	ssize_t n;
	int left;

	while ((left = (int)(end - ngircd_now_ms())) > 0) {
		if (want != NULL && strstr(buf, want) != NULL)
			return 0;
		if (poll(&pfd, 1, left) <= 0)
			continue;
		if (*len + 1 >= size)
			*len = 0;	/* keep reading: only the end matters */
		n = read(fd, buf + *len, size - *len - 1);
		if (n < 0)
			return -1;
		if (n == 0)
			return 1;
		*len += (size_t)n;
		buf[*len] = '\0';
	}
	return 0;
}

int
inspircd_flood_probe(const struct inspircd *s, int n, char *why, size_t size)
{
	struct sockaddr_in sin;
	char buf[16384], line[64];
	const char *p;
	size_t len = 0;
	int fd, i, rc = -1;

	buf[0] = '\0';
	snprintf(why, size, "cannot connect");
	if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons((unsigned short)s->port);
	if (connect(fd, (struct sockaddr *)&sin, sizeof sin) != 0)
		goto out;
	dprintf(fd, "NICK flooder\r\nUSER f 0 * :flood probe\r\n");
	if (inspircd_read(fd, buf, sizeof buf, &len, " 001 ", 5000) != 0 ||
	    strstr(buf, " 001 ") == NULL) {
		snprintf(why, size, "not registered: %.200s", buf);
		goto out;
	}
	poll(NULL, 0, 1500);
	for (i = 0; i < n; i++) {
		snprintf(line, sizeof line, "PRIVMSG flooder :line %d\r\n", i);
		/* Not write(): the server may close the link mid-flood,
		 * and a write then raises SIGPIPE, which kills the test
		 * (as client_send() sends). */
		if (send(fd, line, strlen(line), MSG_NOSIGNAL) < 0)
			break;
	}
	len = 0;
	buf[0] = '\0';
	switch (inspircd_read(fd, buf, sizeof buf, &len, NULL, 3000)) {
	case 1:
		/* The server's last words: "ERROR :Closing link: ... [Excess
		 * Flood]". */
		p = strstr(buf, "ERROR ");
		snprintf(why, size, "closed: %.*s", p != NULL ?
		    (int)strcspn(p, "\r\n") : 200, p != NULL ? p : buf);
		rc = strstr(buf, "Excess Flood") != NULL ? 1 : -1;
		break;
	case 0:
		rc = 0;
		snprintf(why, size, "still connected");
		break;
	default:
		snprintf(why, size, "read failed");
	}
out:
	close(fd);
	return rc;
}
