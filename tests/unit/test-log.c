/*
 * The log (bot/lib/log.c): lines below the level set are not written;
 * each line written carries its level, "cheaterbot: LEVEL: text" on a
 * plain stderr and "<N>LEVEL: text" when stderr is the journal's stream
 * (JOURNAL_STREAM naming its device and inode), N the syslog priority;
 * control characters in the text become '?', and a long text is cut.
 * stderr is a temporary file here, read back after each case.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/lib/log.h"
#include "tests/lib/text-file.h"

struct capture {
	char path[64];
	int saved;	/* the real stderr */
};

/* stderr into a new temporary file; the journal's variable unset. */
static void
capture_start(struct capture *c)
{
	int fd;

	snprintf(c->path, sizeof c->path, "/tmp/cheaterbot-log-XXXXXX");
	fd = mkstemp(c->path);
	assert_true(fd >= 0);
	fflush(stderr);
	c->saved = dup(2);
	assert_true(c->saved >= 0);
	assert_int_equal(dup2(fd, 2), 2);
	close(fd);
}

/* stderr back; what was written to it, a new string. */
static char *
capture_end(struct capture *c)
{
	char *text;

	fflush(stderr);
	assert_int_equal(dup2(c->saved, 2), 2);
	close(c->saved);
	text = text_file_read(c->path);
	assert_non_null(text);
	unlink(c->path);
	return text;
}

static void
test_levels(void **state)
{
	struct capture c;
	char *text;

	(void)state;
	unsetenv("JOURNAL_STREAM");
	capture_start(&c);
	log_set_level(LOG_LEVEL_WARN);
	log_error("disk %s", "full");
	log_warn("lost the link");
	log_info("connected");
	log_debug("CAP LS");
	assert_false(log_wanted(LOG_LEVEL_INFO));
	log_set_level(LOG_LEVEL_DEBUG);
	log_debug("CAP %s", "ACK");
	log_at(LOG_LEVEL_INFO, "game %d resumed", 7);
	log_set_level(LOG_LEVEL_INFO);
	text = capture_end(&c);
	assert_string_equal(text,
	    "cheaterbot: error: disk full\n"
	    "cheaterbot: warn: lost the link\n"
	    "cheaterbot: debug: CAP ACK\n"
	    "cheaterbot: info: game 7 resumed\n");
	free(text);
}

/* A line is one line whatever its text holds, and is cut when long. */
static void
test_one_line(void **state)
{
	struct capture c;
	char *text, big[3 * LOG_LINE];

	(void)state;
	unsetenv("JOURNAL_STREAM");
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	capture_start(&c);
	log_warn("bad nick a\r\nPRIVMSG #x :hi\x01\x7f");
	log_info("%s", big);
	text = capture_end(&c);
	assert_non_null(strstr(text, "cheaterbot: warn: bad nick a??PRIVMSG "
	    "#x :hi??\n"));
	assert_int_equal(strlen(strchr(text, '\n') + 1),
	    strlen("cheaterbot: info: \n") + LOG_LINE - 1);
	free(text);
}

/* Under systemd: the journal's priority prefix, no program name. */
static void
test_journal(void **state)
{
	struct capture c;
	struct stat sb;
	char env[64], *text;

	(void)state;
	capture_start(&c);
	assert_int_equal(fstat(2, &sb), 0);
	snprintf(env, sizeof env, "%llu:%llu", (unsigned long long)sb.st_dev,
	    (unsigned long long)sb.st_ino);
	setenv("JOURNAL_STREAM", env, 1);
	log_error("not saved");
	log_warn("lost");
	log_info("up");
	text = capture_end(&c);
	assert_string_equal(text, "<3>error: not saved\n<4>warn: lost\n"
	    "<6>info: up\n");
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_levels),
	    cmocka_unit_test(test_one_line),
	    cmocka_unit_test(test_journal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
