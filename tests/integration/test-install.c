/*
 * make install and make uninstall, and the installed bot run as an
 * operator would run it (docs/operating.md, "Installing" and "The
 * service").
 *
 * `make -s install DESTDIR=TMP PREFIX=/usr` puts every file where the
 * system looks for it, with its mode; the installed binary, started in
 * "/", accepts the installed configuration with --check-config (and
 * touches neither the database nor the network doing so), refuses a
 * broken copy of it and a bad question file with FILE:LINE: reason, and
 * answers --help and --version.  Both man pages render without a groff
 * warning and pass mandoc -Tlint without a message; cheaterbot.cfg(5)
 * has an entry for every row of conf_settings[] and every option of
 * every game, and cheaterbot(1) names every flag --help lists.  An
 * install without DESTDIR under a temporary PREFIX gives a unit whose
 * own ExecStartPre and ExecReload check commands succeed, and that
 * systemd-analyze verify accepts where it is installed.  make uninstall
 * leaves nothing but directories, and keeps a configuration the operator
 * edited.
 *
 * The suite runs make in the working directory, the top of the tree, as
 * make test does.
 */
#define _XOPEN_SOURCE 700 /* nftw() */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <netinet/in.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/conf-private.h"
#include "games/game.h"
#include "tests/lib/ngircd.h"
#include "tests/lib/text-file.h"

#define CFG "/etc/cheaterbot/cheaterbot.cfg"
#define BIN "/usr/bin/cheaterbot"
#define MAN1 "/usr/share/man/man1/cheaterbot.1"
#define MAN5 "/usr/share/man/man5/cheaterbot.cfg.5"
#define UNIT "/usr/lib/systemd/system/cheaterbot.service"

/* What a command left: its exit status and its two outputs. */
struct run {
	int status; /* the exit status, 128 + a signal, or -1 */
	char *out, *err;
};

/* The suite's state: the top of the tree, and a tree installed with
 * DESTDIR=dest PREFIX=/usr under the temporary directory tmp. */
static char top[PATH_MAX];
static char *tmp;
static char dest[PATH_MAX];

/* Writes text to path. */
static void
spill(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

/* A new string: s with its first "from" replaced by "to" (which must be
 * there). */
static char *
replace(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);
	size_t n = strlen(s) - strlen(from) + strlen(to) + 1;
	char *r;

	if (at == NULL)
		fail_msg("'%s' is not in the text", from);
	r = malloc(n);
	assert_non_null(r);
	snprintf(r, n, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
	return r;
}

/* The line (from 1) of text on which needle first starts, or 0. */
static int
line_of(const char *text, const char *needle)
{
	const char *at = strstr(text, needle), *p;
	int line = 1;

	if (at == NULL)
		return 0;
	for (p = text; p < at; p++)
		line += *p == '\n';
	return line;
}

/* Runs argv (NULL-terminated, found on PATH) in cwd with the variables
 * "NAME=VALUE" of env (NULL-terminated, or NULL) added to ours and make's
 * own taken out (a make run inside make test must not read the outer
 * one's jobserver), its outputs kept in r (run_free() frees them). */
static void
run(struct run *r, const char *cwd, const char *const *env,
    const char *const *argv)
{
	char out[PATH_MAX], err[PATH_MAX];
	int status, fd;
	pid_t pid;

	snprintf(out, sizeof out, "%s/run.out", tmp);
	snprintf(err, sizeof err, "%s/run.err", tmp);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		unsetenv("MAKEFLAGS");
		unsetenv("MFLAGS");
		unsetenv("MAKELEVEL");
		for (; env != NULL && *env != NULL; env++)
			putenv((char *)*env);
		if ((fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0 ||
		    dup2(fd, 1) < 0 || close(fd) != 0 ||
		    (fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0 ||
		    dup2(fd, 2) < 0 || close(fd) != 0 || chdir(cwd) != 0)
			_exit(126);
		/* execvp() takes char *const[] and changes nothing. */
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	r->status = WIFEXITED(status)     ? WEXITSTATUS(status)
	            : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
	                                  : -1;
	r->out = text_file_read(out);
	r->err = text_file_read(err);
	assert_non_null(r->out);
	assert_non_null(r->err);
}

/* Frees what run() kept. */
static void
run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

/* Runs `make -s TARGET DESTDIR=destdir PREFIX=prefix` at the top of the
 * tree (destdir NULL: none) and fails the test unless it succeeds. */
static void
make(struct run *r, const char *target, const char *destdir, const char *prefix)
{
	char d[PATH_MAX + 16], p[PATH_MAX + 16];
	const char *argv[] = {"make", "-s", target, p, NULL, NULL};

	snprintf(p, sizeof p, "PREFIX=%s", prefix);
	if (destdir != NULL) {
		snprintf(d, sizeof d, "DESTDIR=%s", destdir);
		argv[4] = d;
	}
	run(r, top, NULL, argv);
	if (r->status != 0)
		fail_msg("make %s: status %d\n%s%s", target, r->status, r->out,
		    r->err);
}

/* path under dest. */
static const char *
in_dest(const char *path)
{
	static char buf[4][PATH_MAX + 64];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof buf[i], "%s%s", dest, path);
	return buf[i];
}

/* Fails if text still holds a placeholder of the Makefile's SUBST. */
static void
filled_in(const char *text)
{
	static const char *const marks[] = {"@BINDIR@", "@SYSCONFDIR@",
	    "@STATEDIR@", "@VERSION@", "@SYSTEMDUNITDIR@"};
	size_t i;

	for (i = 0; i < sizeof marks / sizeof marks[0]; i++)
		if (strstr(text, marks[i]) != NULL)
			fail_msg("%s was not filled in", marks[i]);
}

/* Installs into dest (the binary built first if missing, by make). */
static int
setup(void **state)
{
	char d[PATH_MAX + 16];
	const char *argv[] = {"make", "-s", "install", d, "PREFIX=/usr", NULL};
	struct run r;

	(void)state;
	if (getcwd(top, sizeof top) == NULL || access("Makefile", R_OK) != 0) {
		fprintf(stderr, "test-install: run me at the top of the "
		                "tree, as make test does\n");
		return -1;
	}
	if ((tmp = ngircd_tmpdir()) == NULL)
		return -1;
	snprintf(dest, sizeof dest, "%s/dest", tmp);
	snprintf(d, sizeof d, "DESTDIR=%s", dest);
	run(&r, top, NULL, argv);
	if (r.status != 0) {
		fprintf(stderr, "make install: status %d\n%s%s", r.status,
		    r.out, r.err);
		run_free(&r);
		return -1;
	}
	run_free(&r);
	return 0;
}

/* Removes the temporary directory and all in it. */
static int
teardown(void **state)
{
	(void)state;
	ngircd_rmdir(tmp);
	free(tmp);
	return 0;
}

/* Every file, where the system looks for it, with its mode. */
static void
test_files(void **state)
{
	static const struct {
		const char *path;
		mode_t mode;
	} files[] = {
	    {BIN, 0755},
	    {MAN1, 0644},
	    {MAN5, 0644},
	    {UNIT, 0644},
	    {CFG, 0644},
	};
	struct stat st;
	size_t i;
	char *cfg, *unit;

	(void)state;
	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		if (stat(in_dest(files[i].path), &st) != 0)
			fail_msg("%s was not installed: %s", files[i].path,
			    strerror(errno));
		assert_true(S_ISREG(st.st_mode));
		if ((st.st_mode & 07777) != files[i].mode)
			fail_msg("%s has mode %o, not %o", files[i].path,
			    (unsigned)(st.st_mode & 07777),
			    (unsigned)files[i].mode);
	}
	/* The example, its database in the service's state directory. */
	cfg = text_file_read(in_dest(CFG));
	assert_non_null(cfg);
	assert_non_null(strstr(
	    cfg, "\ndatabase = \"/var/lib/cheaterbot/cheaterbot.db\";\n"));
	assert_null(strstr(cfg, "./cheaterbot.db\";"));
	free(cfg);
	/* The unit runs and checks the installed files. */
	unit = text_file_read(in_dest(UNIT));
	assert_non_null(unit);
	assert_non_null(
	    strstr(unit, "\nExecStartPre=" BIN " --check-config -c " CFG "\n"));
	assert_non_null(strstr(unit, "\nExecStart=" BIN " -c " CFG "\n"));
	assert_non_null(
	    strstr(unit, "\nExecReload=" BIN " --check-config -c " CFG
	                 "\nExecReload=/bin/kill -HUP $MAINPID\n"));
	assert_non_null(strstr(unit, "\nDynamicUser=yes\n"));
	assert_non_null(strstr(unit, "\nStateDirectory=cheaterbot\n"));
	assert_non_null(
	    strstr(unit, "\nWorkingDirectory=/var/lib/cheaterbot\n"));
	filled_in(unit);
	free(unit);
}

/* The installed binary, from "/", on the installed configuration. */
static void
test_check_config(void **state)
{
	char db[PATH_MAX], cfg[PATH_MAX], port[16], want[PATH_MAX * 2];
	char *text, *edited, line[64];
	struct sockaddr_in sin;
	socklen_t len = sizeof sin;
	struct pollfd pfd;
	struct run r;
	int lfd;

	(void)state;
	run(&r, "/", NULL,
	    (const char *const[]){
	        in_dest(BIN), "--check-config", "-c", in_dest(CFG), NULL});
	snprintf(want, sizeof want, "%s: configuration OK", in_dest(CFG));
	if (r.status != 0 || strstr(r.err, want) == NULL)
		fail_msg("--check-config on the installed configuration: "
		         "status %d\n%s",
		    r.status, r.err);
	assert_string_equal(r.out, "");
	run_free(&r);

	/* No database, no network: a database path that does not exist
	 * stays so, and a server listening for the bot hears nothing. */
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(lfd >= 0);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(lfd, (struct sockaddr *)&sin, sizeof sin), 0);
	assert_int_equal(listen(lfd, 4), 0);
	assert_int_equal(getsockname(lfd, (struct sockaddr *)&sin, &len), 0);
	snprintf(port, sizeof port, "%d", ntohs(sin.sin_port));
	snprintf(db, sizeof db, "%s/no-such-dir/bot.db", tmp);
	run(&r, "/", NULL,
	    (const char *const[]){in_dest(BIN), "--check-config", "-c",
	        in_dest(CFG), "--server", "127.0.0.1", "--port", port, "--db",
	        db, NULL});
	assert_int_equal(r.status, 0);
	run_free(&r);
	assert_int_equal(access(db, F_OK), -1);
	snprintf(db, sizeof db, "%s/no-such-dir", tmp);
	assert_int_equal(access(db, F_OK), -1);
	pfd.fd = lfd;
	pfd.events = POLLIN;
	assert_int_equal(poll(&pfd, 1, 200), 0);
	close(lfd);

	/* A broken copy: refused with its file and line. */
	text = text_file_read(in_dest(CFG));
	assert_non_null(text);
	edited = replace(text, "\tport = 6667;", "\tport = 70000;");
	snprintf(cfg, sizeof cfg, "%s/broken.cfg", tmp);
	spill(cfg, edited);
	snprintf(line, sizeof line, "%d", line_of(edited, "port = 70000;"));
	free(edited);
	run(&r, "/", NULL,
	    (const char *const[]){
	        in_dest(BIN), "--check-config", "-c", cfg, NULL});
	snprintf(want, sizeof want,
	    "%s:%s: setting 'server.port': expected "
	    "an integer from 1 to 65535",
	    cfg, line);
	if (r.status != 1 || strstr(r.err, want) == NULL)
		fail_msg("broken configuration: status %d, wanted '%s' in\n%s",
		    r.status, want, r.err);
	run_free(&r);
	free(text);
}

/* A question file with a brace on line 7: refused with its file and
 * line, as a start would. */
static void
test_check_questions(void **state)
{
	char q[PATH_MAX], cfg[PATH_MAX], want[PATH_MAX * 2];
	char text[PATH_MAX + 64], *questions;
	size_t n = 0, size = 4096;
	struct run r;
	int i;

	(void)state;
	questions = malloc(size);
	assert_non_null(questions);
	for (i = 1; i <= 60; i++)
		n += (size_t)snprintf(questions + n, size - n,
		    i == 7 ? "Which {card} is it, number %d?\n"
		           : "Question number %d?\n",
		    i);
	snprintf(q, sizeof q, "%s/questions.txt", tmp);
	spill(q, questions);
	free(questions);
	snprintf(cfg, sizeof cfg, "%s/questions.cfg", tmp);
	snprintf(text, sizeof text, "questions = { file = \"%s\"; };\n", q);
	spill(cfg, text);
	run(&r, "/", NULL,
	    (const char *const[]){
	        in_dest(BIN), "--check-config", "-c", cfg, NULL});
	snprintf(want, sizeof want, "%s:7: '{' at byte ", q);
	if (r.status != 1 || strstr(r.err, want) == NULL)
		fail_msg("bad question file: status %d, wanted '%s' in\n%s",
		    r.status, want, r.err);
	run_free(&r);
}

/* --help and --version, from "/". */
static void
test_help_version(void **state)
{
	struct run r;

	(void)state;
	run(&r, "/", NULL,
	    (const char *const[]){in_dest(BIN), "--version", NULL});
	assert_int_equal(r.status, 0);
	assert_int_equal(strncmp(r.out, "cheaterbot ", 11), 0);
	run_free(&r);
	run(&r, "/", NULL, (const char *const[]){in_dest(BIN), "--help", NULL});
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "--check-config"));
	assert_string_equal(r.err, "");
	run_free(&r);
}

/* Renders page with man -l at a fixed width in the C locale: the text,
 * a new string; fails on any warning. */
static char *
render(const char *page)
{
	static const char *const env[] = {
	    "MANWIDTH=80", "LC_ALL=C", "LANG=C", "MAN_KEEP_FORMATTING=", NULL};
	struct run r;
	char *text;

	run(&r, "/", env,
	    (const char *const[]){"man", "--warnings", "-l", page, NULL});
	if (r.status != 0 || r.err[0] != '\0')
		fail_msg("man --warnings -l %s: status %d\n%s", page, r.status,
		    r.err);
	text = r.out;
	free(r.err);
	run(&r, "/", NULL,
	    (const char *const[]){"groff", "-ww", "-z", "-man", page, NULL});
	if (r.status != 0 || r.err[0] != '\0')
		fail_msg("groff -ww -z -man %s: status %d\n%s", page, r.status,
		    r.err);
	run_free(&r);
	return text;
}

/* Whether the rendered page has an entry whose tag line is name. */
static int
has_entry(const char *text, const char *name)
{
	char tag[128];
	const char *at;

	snprintf(tag, sizeof tag, "\n       %s\n", name);
	at = strstr(text, tag);
	return at != NULL;
}

/* cheaterbot.cfg(5): an entry for every setting and every game option. */
static void
test_man_cfg(void **state)
{
	const struct conf_setting *s;
	const struct game_option *o;
	char name[128];
	char *text;
	int i, n = 0;

	(void)state;
	text = render(in_dest(MAN5));
	for (s = conf_settings; s->path != NULL; s++) {
		if (s->type == CONF_GAMES)
			continue;
		if (!has_entry(text, s->path))
			fail_msg(
			    "cheaterbot.cfg(5) has no entry for '%s'", s->path);
		n++;
	}
	for (i = 0; game_table[i] != NULL; i++) {
		for (o = game_table[i]->options; o != NULL && o->name != NULL;
		     o++) {
			snprintf(name, sizeof name, "games.%s.%s",
			    game_table[i]->name, o->name);
			if (!has_entry(text, name))
				fail_msg("cheaterbot.cfg(5) has no entry "
				         "for '%s'",
				    name);
			n++;
		}
	}
	assert_true(n > 50);
	/* The directories are filled in. */
	filled_in(text);
	assert_non_null(strstr(text, CFG));
	free(text);
}

/* cheaterbot(1): every flag --help lists, and the sections an operator
 * looks for. */
static void
test_man_program(void **state)
{
	static const char *const sections[] = {"\nSYNOPSIS\n", "\nOPTIONS\n",
	    "\nSIGNALS\n", "\nEXIT STATUS\n", "\nENVIRONMENT\n", "\nFILES\n",
	    "\nSEE ALSO\n"};
	char flag[64], with[72];
	const char *p;
	struct run r;
	char *text;
	size_t i, n, flags = 0;

	(void)state;
	text = render(in_dest(MAN1));
	for (i = 0; i < sizeof sections / sizeof sections[0]; i++)
		if (strstr(text, sections[i]) == NULL)
			fail_msg("cheaterbot(1) has no section%s", sections[i]);
	run(&r, "/", NULL, (const char *const[]){in_dest(BIN), "--help", NULL});
	assert_int_equal(r.status, 0);
	for (p = r.out; (p = strstr(p, "--")) != NULL; p += n) {
		n = 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
		if (n == 2 || n >= sizeof flag)
			continue;
		snprintf(flag, sizeof flag, "%.*s", (int)n, p);
		snprintf(with, sizeof with, "%s ", flag);
		if (strstr(text, with) == NULL &&
		    (snprintf(with, sizeof with, "%s\n", flag),
		        strstr(text, with) == NULL) &&
		    (snprintf(with, sizeof with, "%s,", flag),
		        strstr(text, with) == NULL))
			fail_msg("cheaterbot(1) does not name %s", flag);
		flags++;
	}
	assert_true(flags >= 14);
	filled_in(text);
	run_free(&r);
	free(text);
}

/* A program on PATH, found as execvp() would: 1 if there. */
static int
on_path(const char *name)
{
	const char *path = getenv("PATH"), *end;
	char file[PATH_MAX];

	for (; path != NULL && *path != '\0'; path = *end ? end + 1 : end) {
		end = strchr(path, ':');
		if (end == NULL)
			end = path + strlen(path);
		snprintf(file, sizeof file, "%.*s/%s", (int)(end - path), path,
		    name);
		if (access(file, X_OK) == 0)
			return 1;
	}
	return 0;
}

/* Both pages as installed are clean under mandoc's lint: not one
 * message, of any level (a missing .TH date, an input line too long for
 * a terminal's editor, a macro misused). */
static void
test_man_lint(void **state)
{
	struct run r;

	(void)state;
	if (!on_path("mandoc"))
		fail_msg("mandoc is not installed: make deps installs it");
	run(&r, "/", NULL, (const char *const[]){"mandoc", "-Tlint",
	    in_dest(MAN1), in_dest(MAN5), NULL});
	if (r.status != 0 || r.out[0] != '\0' || r.err[0] != '\0')
		fail_msg("mandoc -Tlint: status %d\n%s%s", r.status, r.out,
		    r.err);
	run_free(&r);
}

/* Splits the value of the unit's line "KEY=..." (the first, or the one
 * after it with nth 1) at its spaces into argv (at most 15 words), in
 * line, which it overwrites; 0, or -1 when there is none. */
static int
unit_command(const char *unit, const char *key, int nth, char *line,
    size_t size, const char *argv[16])
{
	char want[64];
	const char *at = unit;
	int i = 0;
	char *w;

	snprintf(want, sizeof want, "\n%s=", key);
	do {
		if ((at = strstr(at, want)) == NULL)
			return -1;
		at += strlen(want);
	} while (nth-- > 0);
	snprintf(line, size, "%.*s", (int)strcspn(at, "\n"), at);
	for (w = strtok(line, " "); w != NULL && i < 15; w = strtok(NULL, " "))
		argv[i++] = w;
	argv[i] = NULL;
	return 0;
}

/* An install without DESTDIR, under a temporary PREFIX: the unit's own
 * check commands succeed from "/", and systemd-analyze verify accepts the
 * unit (its man: references found in the installed pages), where
 * systemd-analyze is installed. */
static void
test_unit(void **state)
{
	static const char *const keys[] = {"ExecStartPre", "ExecReload"};
	char prefix[PATH_MAX], unitpath[PATH_MAX + 64], line[PATH_MAX * 2];
	char manpath[PATH_MAX + 32];
	const char *argv[16];
	const char *env[] = {manpath, NULL};
	struct run r;
	char *unit;
	size_t i;

	(void)state;
	snprintf(prefix, sizeof prefix, "%s/prefix", tmp);
	make(&r, "install", NULL, prefix);
	run_free(&r);
	snprintf(unitpath, sizeof unitpath,
	    "%s/lib/systemd/system/cheaterbot.service", prefix);
	unit = text_file_read(unitpath);
	assert_non_null(unit);
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		assert_int_equal(
		    unit_command(unit, keys[i], 0, line, sizeof line, argv), 0);
		assert_int_equal(strncmp(argv[0], prefix, strlen(prefix)), 0);
		run(&r, "/", NULL, argv);
		if (r.status != 0)
			fail_msg("%s of the unit: status %d\n%s", keys[i],
			    r.status, r.err);
		run_free(&r);
	}
	free(unit);

	if (!on_path("systemd-analyze")) {
		printf("test-install: skipped systemd-analyze verify: "
		       "systemd-analyze is not installed (Debian's systemd)\n");
		make(&r, "uninstall", NULL, prefix);
		run_free(&r);
		skip();
	}
	snprintf(manpath, sizeof manpath, "MANPATH=%s/share/man", prefix);
	run(&r, "/", env,
	    (const char *const[]){"systemd-analyze", "verify", unitpath, NULL});
	if (r.status != 0 || r.err[0] != '\0' || r.out[0] != '\0')
		fail_msg("systemd-analyze verify: status %d\n%s%s", r.status,
		    r.out, r.err);
	run_free(&r);
	make(&r, "uninstall", NULL, prefix);
	run_free(&r);
}

/* nftw()'s callback for count_files(): counts and names a file. */
static int files_left;
static int
count_file(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag != FTW_D && flag != FTW_DP) {
		fprintf(stderr, "under the tree: %s\n", path);
		files_left++;
	}
	return 0;
}

/* How many files (anything not a directory) are under dir. */
static int
count_files(const char *dir)
{
	files_left = 0;
	assert_int_equal(nftw(dir, count_file, 16, FTW_PHYS), 0);
	return files_left;
}

/* make uninstall removes everything install put; a configuration the
 * operator edited is kept (by install too), and said so. */
static void
test_uninstall(void **state)
{
	char *text, *edited, *again;
	struct run r;

	(void)state;
	text = text_file_read(in_dest(CFG));
	assert_non_null(text);
	edited = replace(text, "\tport = 6667;", "\tport = 6697;");
	spill(in_dest(CFG), edited);
	make(&r, "install", dest, "/usr");
	assert_non_null(strstr(r.out, "keeping"));
	run_free(&r);
	again = text_file_read(in_dest(CFG));
	assert_string_equal(again, edited);
	free(again);

	make(&r, "uninstall", dest, "/usr");
	assert_non_null(strstr(r.out, "keeping"));
	run_free(&r);
	assert_int_equal(count_files(dest), 1);
	assert_int_equal(access(in_dest(CFG), F_OK), 0);

	/* As the example again: uninstall takes it and its directory. */
	spill(in_dest(CFG), text);
	make(&r, "uninstall", dest, "/usr");
	run_free(&r);
	assert_int_equal(count_files(dest), 0);
	assert_int_equal(access(in_dest("/etc/cheaterbot"), F_OK), -1);
	free(edited);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_files),
	    cmocka_unit_test(test_check_config),
	    cmocka_unit_test(test_check_questions),
	    cmocka_unit_test(test_help_version),
	    cmocka_unit_test(test_man_cfg),
	    cmocka_unit_test(test_man_program),
	    cmocka_unit_test(test_man_lint),
	    cmocka_unit_test(test_unit),
	    cmocka_unit_test(test_uninstall),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
