/*
 * cheaterbot --check-config on the bot built for the tests ($CHEATERBOT,
 * with the sanitizers), in cases the install suite (test-install.c) does
 * not try: the built-in defaults, flags checked with the file (--network
 * too, and a league's database needing none), the TLS
 * CA file a start would read, log.level keeping the OK line quiet, and
 * the flag refused beside an offline task.  Each case is the exit status
 * and what the bot wrote on stderr.  Beside them, a PostgreSQL database
 * on a machine whose libpq cannot be loaded (hidden in a mount namespace
 * of the bot's own): one line naming the package.
 */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <sys/mount.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <libpq-fe.h>

#include "storage/store.h"
#include "tests/lib/ngircd.h"
#include "tests/lib/text-file.h"

static char *tmp;

/* A file NAME in the temporary directory holding text; its path, in
 * path. */
static void
file(char *path, size_t size, const char *name, const char *text)
{
	FILE *f;

	snprintf(path, size, "%s/%s", tmp, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* The file whose path hide_libpq() covers, set by the test that uses it:
 * the libpq this suite runs with, which the bot would load. */
static char libpq_file[PATH_MAX];

/* In the bot's process before it runs: a mount namespace of its own, in
 * which /dev/null is bound over libpq_file, so that the library cannot be
 * loaded there (and everywhere else is untouched).  0, or -1 when this
 * machine does not allow it (not root, no namespaces). */
static int
hide_libpq(void)
{
	if (unshare(CLONE_NEWNS) != 0 ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
	    mount("/dev/null", libpq_file, NULL, MS_BIND, NULL) != 0)
		return -1;
	return 0;
}

/* Runs the bot with args (NULL-terminated) in "/", after hook (NULL:
 * none; its failure makes the status 125): its exit status, its stderr in
 * *err (a new string). */
static int
bot_with(const char *const *args, char **err, int (*hook)(void))
{
	const char *argv[16];
	char log[PATH_MAX];
	int status, fd, n = 0;
	pid_t pid;

	argv[n++] = getenv("CHEATERBOT") != NULL ? getenv("CHEATERBOT")
	                                         : "build/test/cheaterbot";
	for (; *args != NULL && n < 15; args++)
		argv[n++] = *args;
	argv[n] = NULL;
	snprintf(log, sizeof log, "%s/stderr", tmp);
	/* The bot is found from here, then runs in "/". */
	if (argv[0][0] != '/') {
		static char abs[PATH_MAX];
		char cwd[PATH_MAX];

		assert_non_null(getcwd(cwd, sizeof cwd));
		snprintf(
		    abs, sizeof abs, "%.*s/%s", PATH_MAX / 2, cwd, argv[0]);
		argv[0] = abs;
	}
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if ((fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0 ||
		    dup2(fd, 2) < 0 || chdir("/") != 0)
			_exit(126);
		if (hook != NULL && hook() != 0)
			_exit(125);
		unsetenv("JOURNAL_STREAM");
		/* execv() takes char *const[] and changes nothing. */
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	*err = text_file_read(log);
	assert_non_null(*err);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static int
bot(const char *const *args, char **err)
{
	return bot_with(args, err, NULL);
}

/* Fails unless the bot exits with status and says want on stderr
 * (NULL: says nothing). */
static void
expect(const char *const *args, int status, const char *want)
{
	char *err;
	int rc;

	rc = bot(args, &err);
	if (rc != status || (want == NULL && err[0] != '\0') ||
	    (want != NULL && strstr(err, want) == NULL))
		fail_msg("%s: status %d (wanted %d), stderr:\n%s\nwanted: %s",
		    args[0], rc, status, err, want != NULL ? want : "nothing");
	free(err);
}

static int
setup(void **state)
{
	(void)state;
	return (tmp = ngircd_tmpdir()) == NULL ? -1 : 0;
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

/* Without -c: the built-in defaults and questions, good from any
 * directory; a flag is held to the rules of the file. */
static void
test_defaults(void **state)
{
	(void)state;
	expect((const char *const[]){"--check-config", NULL}, 0,
	    "cheaterbot: info: the built-in defaults: configuration OK");
	expect(
	    (const char *const[]){"--check-config", "--channel", "cards", NULL},
	    1, "--channel: ");
	expect((const char *const[]){"--check-config", "--port", "0", NULL}, 1,
	    "--port: expected a number from 1 to 65535");
	/* --network is the setting's, held to its rules; a league's
	 * database needs none: the server names it. */
	expect((const char *const[]){"--check-config", "--network",
	    "libera chat", NULL}, 1, "setting 'network': expected a "
	    "network's name of 1 to 32 letters, digits, '.', '-' or '_', not "
	    "'libera chat'");
	expect((const char *const[]){"--check-config", "--network", "libera",
	    "--db", "postgresql:///league", NULL}, 0, "configuration OK");
	expect((const char *const[]){"--check-config", "--db",
	    "postgresql:///league", NULL}, 0, "configuration OK");
}

/* Two settings out of order are the whole check's, named with the
 * file. */
static void
test_whole(void **state)
{
	char cfg[PATH_MAX], want[PATH_MAX * 2];

	(void)state;
	file(cfg, sizeof cfg, "order.cfg",
	    "timers = { turn = 30; turn_warning = 40; };\n");
	snprintf(want, sizeof want,
	    "%s:1: setting 'timers.turn_warning': "
	    "expected a number of seconds below timers.turn",
	    cfg);
	expect(
	    (const char *const[]){"--check-config", "-c", cfg, NULL}, 1, want);
}

/* With TLS, the CA file is read as a start reads it. */
static void
test_tls_ca(void **state)
{
	char cfg[PATH_MAX], ca[PATH_MAX], text[PATH_MAX + 128];
	char want[PATH_MAX * 3];

	(void)state;
	snprintf(ca, sizeof ca, "%s/no-such-ca.pem", tmp);
	snprintf(text, sizeof text,
	    "server = { tls = true; tls_ca_file = \"%s\"; };\n", ca);
	file(cfg, sizeof cfg, "tls.cfg", text);
	snprintf(want, sizeof want, "%s: TLS: cannot load the CA file '%s'",
	    cfg, ca);
	expect(
	    (const char *const[]){"--check-config", "-c", cfg, NULL}, 1, want);
	/* Not a PEM file either. */
	file(ca, sizeof ca, "ca.pem", "not a certificate\n");
	snprintf(text, sizeof text,
	    "server = { tls = true; tls_ca_file = \"%s\"; };\n", ca);
	file(cfg, sizeof cfg, "tls.cfg", text);
	expect((const char *const[]){"--check-config", "-c", cfg, NULL}, 1,
	    "TLS: cannot load the CA file");
}

/* The OK line is info: a log.level of warn keeps it out, the status
 * still says it. */
static void
test_quiet(void **state)
{
	char cfg[PATH_MAX];

	(void)state;
	file(cfg, sizeof cfg, "quiet.cfg", "log = { level = \"warn\"; };\n");
	expect(
	    (const char *const[]){"--check-config", "-c", cfg, NULL}, 0, NULL);
}

/* It runs alone. */
static void
test_alone(void **state)
{
	static const char *const tasks[][2] = {
	    {"--backup", "x.db"},
	    {"--replay", "1"},
	    {"--export", "x"},
	    {"--verify", "x"},
	    {"--prune", "30"},
	    {"--copy-to", "x.db"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof tasks / sizeof tasks[0]; i++)
		expect((const char *const[]){"--check-config", tasks[i][0],
		           tasks[i][1], NULL},
		    1, "cheaterbot: error: --check-config runs alone");
}

/* A PostgreSQL database where libpq cannot be loaded: the bot is not
 * linked with it (storage/pq-load.h) and says, in one line, what to
 * install; a bot on SQLite there runs as ever.  Skipped, saying so, where
 * the machine allows no mount namespace. */
static void
test_no_libpq(void **state)
{
	char cfg[PATH_MAX], *err, where[PATH_MAX], *cause = NULL;
	struct store *store;
	Dl_info info;
	int rc;

	(void)state;
	if (dladdr((void *)PQlibVersion, &info) == 0 ||
	    info.dli_fname == NULL ||
	    realpath(info.dli_fname, libpq_file) == NULL)
		fail_msg("where is this suite's libpq?");
	file(cfg, sizeof cfg, "league.cfg",
	    "database = \"postgresql:///league?host=/nonexistent\";\n"
	    "network = \"libera\";\n");
	rc = bot_with((const char *const[]){"-c", cfg, "--replay", "1", NULL},
	    &err, hide_libpq);
	if (rc == 125) {
		free(err);
		print_message("skipped: no mount namespace here to hide "
		    "libpq in\n");
		skip();
	}
	if (rc != 1 || strstr(err, "cheaterbot: error: ") == NULL ||
	    strstr(err, "PostgreSQL's client library libpq.so.5 cannot be "
	                "loaded (") == NULL ||
	    strstr(err, "install it (Debian: libpq5)") == NULL)
		fail_msg("status %d, stderr:\n%s", rc, err);
	free(err);
	/* The same machine, SQLite: nothing to load. */
	snprintf(where, sizeof where, "%s/bot.db", tmp);
	store = store_open(where, &cause);
	if (store == NULL)
		fail_msg("%s", cause);
	store_close(store);
	rc = bot_with((const char *const[]){"--db", where, "--replay", "1",
	    NULL}, &err, hide_libpq);
	if (rc != 1 || strstr(err, "there is no game 1") == NULL)
		fail_msg("status %d, stderr:\n%s", rc, err);
	free(err);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_defaults),
	    cmocka_unit_test(test_whole),
	    cmocka_unit_test(test_tls_ca),
	    cmocka_unit_test(test_quiet),
	    cmocka_unit_test(test_alone),
	    cmocka_unit_test(test_no_libpq),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
