/*
 * The config files of conf-files.h: a temporary directory per suite, the
 * files written into it, and whole confs compared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/conf.h"
#include "games/game.h"
#include "alloc/xalloc.h"
#include "tests/lib/conf-files.h"

char conf_files_dir[] = "/tmp/test-conf-XXXXXX";
static char *written[CONF_FILES_MAX];
static int nwritten;

/* Writes len bytes of text to NAME in the temporary directory; the path
 * stays valid until the suite ends. */
const char *
conf_files_write_bytes(const char *name, const char *text, size_t len)
{
	char *path = xasprintf("%s/%s", conf_files_dir, name);
	FILE *f;
	int i;

	for (i = 0; i < nwritten; i++) {
		if (strcmp(written[i], path) == 0)
			break;
	}
	if (i == nwritten) {
		assert_true(nwritten < CONF_FILES_MAX);
		written[nwritten++] = path;
	} else {
		free(path);
		path = written[i];
	}
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	return path;
}

/* Writes text to NAME in the temporary directory; the path stays valid
 * until the suite ends. */
const char *
conf_files_write(const char *name, const char *text)
{
	return conf_files_write_bytes(name, text, strlen(text));
}

/* A new string of n questions, one a line, none the same as another:
 * "Filler question 1?\n" and on. */
char *
conf_files_questions(int n)
{
	char *text = xstrdup(""), *next;
	int i;

	for (i = 1; i <= n; i++) {
		next = xasprintf("%sFiller question %d?\n", text, i);
		free(text);
		text = next;
	}
	return text;
}

int
conf_files_setup(void **state)
{
	(void)state;
	return mkdtemp(conf_files_dir) != NULL ? 0 : -1;
}

int
conf_files_teardown(void **state)
{
	(void)state;
	while (nwritten > 0) {
		nwritten--;
		unlink(written[nwritten]);
		free(written[nwritten]);
	}
	return rmdir(conf_files_dir);
}

/* The index of the cheat variant in game_table[]. */
int
conf_files_cheat_index(void)
{
	const struct game_ops *ops = game_find("cheat", NULL);
	int i;

	assert_non_null(ops);
	for (i = 0; game_table[i] != ops; i++)
		;
	return i;
}

static void
assert_str_or_null(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

static void
assert_list_equal(char *const *a, int na, char *const *b, int nb)
{
	int i;

	assert_int_equal(na, nb);
	for (i = 0; i < na; i++)
		assert_str_or_null(a[i], b[i]);
}

/* Every value of a equals the one in b. */
void
assert_conf_equal(const struct conf *a, const struct conf *b)
{
	int i, j;

	assert_str_or_null(a->server, b->server);
	assert_int_equal(a->port, b->port);
	assert_str_or_null(a->password, b->password);
	assert_int_equal(a->tls, b->tls);
	assert_int_equal(a->tls_verify, b->tls_verify);
	assert_str_or_null(a->tls_ca_file, b->tls_ca_file);
	assert_str_or_null(a->sasl_account, b->sasl_account);
	assert_str_or_null(a->sasl_password, b->sasl_password);
	assert_int_equal(a->sasl_disconnect, b->sasl_disconnect);
	assert_str_or_null(a->nickserv, b->nickserv);
	assert_list_equal(a->nicks, a->nnicks, b->nicks, b->nnicks);
	assert_str_or_null(a->username, b->username);
	assert_str_or_null(a->realname, b->realname);
	assert_list_equal(a->channels, a->nchannels, b->channels, b->nchannels);
	assert_str_or_null(a->prefix, b->prefix);
	assert_list_equal(a->admins, a->nadmins, b->admins, b->nadmins);
	assert_str_or_null(a->db, b->db);
	assert_int_equal(a->private_notice, b->private_notice);
	assert_int_equal(a->lobby_start_ms, b->lobby_start_ms);
	assert_int_equal(a->lobby_expire_ms, b->lobby_expire_ms);
	assert_int_equal(a->turn_ms, b->turn_ms);
	assert_int_equal(a->turn_warn_ms, b->turn_warn_ms);
	assert_int_equal(a->challenge_min_ms, b->challenge_min_ms);
	assert_int_equal(a->challenge_close_ms, b->challenge_close_ms);
	assert_int_equal(a->challenge_tie_ms, b->challenge_tie_ms);
	assert_int_equal(a->max_timeouts, b->max_timeouts);
	assert_int_equal(a->flood_burst, b->flood_burst);
	assert_int_equal(a->flood_interval_ms, b->flood_interval_ms);
	assert_int_equal(a->user_burst, b->user_burst);
	assert_int_equal(a->user_interval_ms, b->user_interval_ms);
	assert_int_equal(a->reconnect_min_ms, b->reconnect_min_ms);
	assert_int_equal(a->reconnect_max_ms, b->reconnect_max_ms);
	assert_str_or_null(a->questions_path, b->questions_path);
	assert_int_equal(a->answer_ms, b->answer_ms);
	assert_int_equal(a->stats_min_games, b->stats_min_games);
	assert_int_equal(a->league_provisional, b->league_provisional);
	assert_int_equal(a->league_season, b->league_season);
	assert_str_or_null(a->export_dir, b->export_dir);
	assert_int_equal(a->export_interval_ms, b->export_interval_ms);
	assert_int_equal(a->log_level, b->log_level);
	for (i = 0; i < CONF_MAX_VARIANTS; i++) {
		for (j = 0; j < GAME_MAX_OPTIONS; j++)
			assert_int_equal(
			    a->variant_opts[i].v[j], b->variant_opts[i].v[j]);
	}
}
