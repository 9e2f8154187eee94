/*
 * The configuration without the file format: the table of settings with
 * their types and ranges, the orders some timers must keep, the built-in
 * defaults, copying and freeing, and the whole-configuration check the bot
 * runs before it starts.  What a good nick, channel or prefix looks like is
 * conf-text.c; reading a libconfig file is conf-load.c, which walks
 * conf_settings[] below as conf_validate() does.
 *
 * No configured string is ever used as a printf format: every message that
 * repeats one passes it as a "%s" argument.  The question set the conf
 * owns is loaded here too (conf_load_questions()), by questions.c.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/ai.h"
#include "../alloc/xalloc.h"
#include "conf-private.h"

#define F(field) offsetof(struct conf, field)

/* The AI seats' names by default: enough for a full table of them. */
static const char *const conf_ai_names[] = {
	"Ada", "Alan", "Grace", "Claude", "Edsger", "Barbara", "Donald",
	"Frances", "Ken", "Radia", NULL,
};

static const struct conf_choice conf_private_choices[] = {
    {"notice", 1},
    {"privmsg", 0},
    {NULL, 0},
};

/* In the order of bot/lib/log.h's levels. */
static const struct conf_choice conf_log_level_choices[] = {
    {"error", CONF_LOG_ERROR},
    {"warn", CONF_LOG_WARN},
    {"info", CONF_LOG_INFO},
    {"debug", CONF_LOG_DEBUG},
    {NULL, 0},
};

static const struct conf_choice conf_ai_level_choices[] = {
    {"easy", AI_EASY},
    {"normal", AI_NORMAL},
    {"hard", AI_HARD},
    {"expert", AI_EXPERT},
    {NULL, 0},
};

static const struct conf_choice conf_sasl_failure_choices[] = {
    {"continue", 0},
    {"disconnect", 1},
    {NULL, 0},
};

const struct conf_setting conf_settings[] = {
    {"server.host", CONF_STRING, F(server), .kind = "host"},
    {"server.port", CONF_INT, F(port), .min = 1, .max = 65535},
    {"server.password", CONF_STRING, F(password), .kind = "password",
        .optional = 1},
    {"server.tls", CONF_BOOL, F(tls), .max = 1},
    {"server.tls_verify", CONF_BOOL, F(tls_verify), .max = 1},
    {"server.tls_ca_file", CONF_STRING, F(tls_ca_file), .kind = "path",
        .optional = 1},
    {"sasl.account", CONF_STRING, F(sasl_account), .kind = "account",
        .optional = 1},
    {"sasl.password", CONF_STRING, F(sasl_password), .kind = "password",
        .optional = 1},
    {"sasl.on_failure", CONF_CHOICE, F(sasl_disconnect),
        .choices = conf_sasl_failure_choices},
    {"sasl.nickserv", CONF_STRING, F(nickserv), .kind = "nick", .optional = 1},
    {"identity.nick", CONF_STRING, F(nicks), .kind = "nick", .head = 1},
    {"identity.alt_nicks", CONF_LIST, F(nicks), F(nnicks), .first = 1,
        .kind = "nick"},
    {"identity.user", CONF_STRING, F(username), .kind = "user"},
    {"identity.realname", CONF_STRING, F(realname), .kind = "realname"},
    {"channels", CONF_LIST, F(channels), F(nchannels), .min = 1,
        .kind = "channel"},
    {"commands.prefix", CONF_STRING, F(prefix), .kind = "prefix"},
    {"commands.admins", CONF_LIST, F(admins), F(nadmins), .kind = "admin"},
    {"commands.private", CONF_CHOICE, F(private_notice),
        .choices = conf_private_choices},
    {"database", CONF_STRING, F(db), .kind = "path"},
    {"network", CONF_STRING, F(network), .kind = "network", .optional = 1},
    {"log.level", CONF_CHOICE, F(log_level),
        .choices = conf_log_level_choices},
    {"questions.file", CONF_STRING, F(questions_path), .kind = "path",
        .optional = 1},
    {"language.default", CONF_STRING, F(lang), .kind = "lang"},
    {"language.channels", CONF_LIST, F(channel_langs), F(nchannel_langs),
        .kind = "chanlang"},
    {"language.dir", CONF_STRING, F(locale_dir), .kind = "path",
        .optional = 1},
    {"timers.lobby_start", CONF_MS, F(lobby_start_ms), .min = 0,
        .max = 3600 * 1000},
    {"timers.lobby_expire", CONF_MS, F(lobby_expire_ms), .min = 10 * 1000,
        .max = 86400 * 1000},
    {"timers.turn", CONF_MS, F(turn_ms), .min = 1000, .max = 3600 * 1000},
    {"timers.turn_warning", CONF_MS, F(turn_warn_ms), .min = 0,
        .max = 3600 * 1000},
    {"timers.challenge_min", CONF_MS, F(challenge_min_ms), .min = 0,
        .max = 60 * 1000},
    {"timers.challenge_close", CONF_MS, F(challenge_close_ms), .min = 1000,
        .max = 600 * 1000},
    {"timers.challenge_tie", CONF_MS, F(challenge_tie_ms), .min = 0,
        .max = 10 * 1000},
    {"timers.max_timeouts", CONF_INT, F(max_timeouts), .min = 1, .max = 100},
    {"timers.part_grace", CONF_MS, F(part_grace_ms), .min = 0,
        .max = 3600 * 1000},
    {"timers.split_grace", CONF_MS, F(split_grace_ms), .min = 0,
        .max = 3600 * 1000},
    {"timers.answer", CONF_MS, F(answer_ms), .min = 0, .max = 300 * 1000},
    {"flood.burst", CONF_INT, F(flood_burst), .min = 1, .max = 100},
    {"flood.interval", CONF_MS, F(flood_interval_ms), .min = 1,
        .max = 60 * 1000},
    {"flood.user_burst", CONF_INT, F(user_burst), .min = 1, .max = 100},
    {"flood.user_interval", CONF_MS, F(user_interval_ms), .min = 0,
        .max = 60 * 1000},
    {"reconnect.min", CONF_MS, F(reconnect_min_ms), .min = 1000,
        .max = 3600 * 1000},
    {"reconnect.max", CONF_MS, F(reconnect_max_ms), .min = 1000,
        .max = 86400 * 1000},
    {"reconnect.ping", CONF_MS, F(ping_ms), .min = 1000, .max = 3600 * 1000},
    {"reconnect.timeout", CONF_MS, F(dead_ms), .min = 2000,
        .max = 7200 * 1000},
    {"stats.min_games", CONF_INT, F(stats_min_games), .min = 1, .max = 1000},
    {"league.provisional", CONF_INT, F(league_provisional), .min = 0,
        .max = 1000},
    {"league.season", CONF_SEASON, F(league_season), .min = 1, .max = 366},
    {"export.dir", CONF_STRING, F(export_dir), .kind = "path",
        .optional = 1},
    {"export.interval", CONF_MS, F(export_interval_ms), .min = 1000,
        .max = 86400 * 1000},
    {"ai.level", CONF_CHOICE, F(ai_level), .choices = conf_ai_level_choices},
    {"ai.expert_playouts", CONF_INT, F(ai_expert_playouts), .min = 0,
        .max = AI_EXPERT_MAX_PLAYOUTS},
    {"ai.names", CONF_LIST, F(ai_names), F(nai_names), .min = 1,
        .kind = "nick"},
    {"ai.think_min", CONF_MS, F(ai_think_min_ms), .min = 0, .max = 60 * 1000},
    {"ai.think_max", CONF_MS, F(ai_think_max_ms), .min = 0, .max = 60 * 1000},
    {"ai.takeover", CONF_BOOL, F(ai_takeover), .max = 1},
    {"ai.records", CONF_BOOL, F(ai_records), .max = 1},
    {.path = "games", .type = CONF_GAMES, .off = F(variant_opts)},
    {.path = NULL},
};

const struct conf_order conf_orders[] = {
    {"timers.turn_warning", "timers.turn", 1},
    {"timers.lobby_start", "timers.lobby_expire", 1},
    {"timers.challenge_min", "timers.challenge_close", 0},
    {"reconnect.min", "reconnect.max", 0},
    {"reconnect.ping", "reconnect.timeout", 1},
    {"timers.part_grace", "timers.split_grace", 0},
    {"ai.think_min", "ai.think_max", 0},
    {NULL, NULL, 0},
};

const struct conf_setting *
conf_setting_find(const char *path)
{
	const struct conf_setting *s;

	for (s = conf_settings; s->path != NULL; s++) {
		if (strcmp(s->path, path) == 0)
			return s;
	}
	return NULL;
}

int
conf_is_group(const char *path)
{
	const struct conf_setting *s;
	size_t len = strlen(path);

	for (s = conf_settings; s->path != NULL; s++) {
		if (strncmp(s->path, path, len) == 0 && s->path[len] == '.')
			return 1;
	}
	return 0;
}

char ***
conf_list_at(struct conf *c, const struct conf_setting *s)
{
	assert(s->type == CONF_LIST || (s->type == CONF_STRING && s->head));
	return (char ***)(void *)((char *)c + s->off);
}

char **
conf_string_at(struct conf *c, const struct conf_setting *s)
{
	assert(s->type == CONF_STRING);
	if (s->head)	/* a list always has room for its first entry */
		return &(*conf_list_at(c, s))[0];
	return (char **)(void *)((char *)c + s->off);
}

int *
conf_int_at(struct conf *c, const struct conf_setting *s)
{
	if (s->type == CONF_LIST)
		return (int *)(void *)((char *)c + s->count_off);
	assert(s->type == CONF_INT || s->type == CONF_MS ||
	       s->type == CONF_CHOICE || s->type == CONF_BOOL ||
	       s->type == CONF_SEASON);
	return (int *)(void *)((char *)c + s->off);
}

/* The read-only forms, for conf_validate. */
static char *const *
conf_cstring_at(const struct conf *c, const struct conf_setting *s)
{
	return conf_string_at((struct conf *)c, s);
}

static char *const *
conf_clist_at(const struct conf *c, const struct conf_setting *s)
{
	return *conf_list_at((struct conf *)c, s);
}

static int
conf_cint_at(const struct conf *c, const struct conf_setting *s)
{
	return *conf_int_at((struct conf *)c, s);
}

/* "expected \"a\", \"b\" or \"c\"" */
static char *
conf_expect_choice(const struct conf_choice *ch)
{
	char *text = xstrdup("expected"), *next;
	int i;

	for (i = 0; ch[i].word != NULL; i++) {
		next = xasprintf("%s%s \"%s\"", text,
		    i == 0                   ? ""
		    : ch[i + 1].word == NULL ? " or"
		                             : ",",
		    ch[i].word);
		free(text);
		text = next;
	}
	return text;
}

char *
conf_expect(const struct conf_setting *s)
{
	switch (s->type) {
	case CONF_STRING:
		return xstrdup("expected a string");
	case CONF_INT:
		return xasprintf(
		    "expected an integer from %d to %d", s->min, s->max);
	case CONF_MS:
		return xasprintf("expected a number of seconds from %g to %g",
		    s->min / 1000.0, s->max / 1000.0);
	case CONF_CHOICE:
		return conf_expect_choice(s->choices);
	case CONF_BOOL:
		return xstrdup("expected true or false");
	case CONF_LIST:
		return xstrdup("expected a list of strings");
	case CONF_GAMES:
		return xstrdup("expected a group of game names");
	case CONF_SEASON:
		return xasprintf("expected \"monthly\", \"off\" or a number "
		    "of days from %d to %d (\"30 days\")", s->min, s->max);
	}
	assert(!"a setting of no known type");
	return NULL;
}

int
conf_check_order(const struct conf *c, const struct conf_order *o, int blame_hi,
    char **cause)
{
	int lo = conf_cint_at(c, conf_setting_find(o->lo));
	int hi = conf_cint_at(c, conf_setting_find(o->hi));

	if (lo < hi || (!o->strict && lo == hi))
		return 0;
	if (blame_hi)
		return game_fail(cause,
		    "expected a number of seconds %s "
		    "%s (%g)",
		    o->strict ? "above" : "at least", o->lo, lo / 1000.0);
	return game_fail(cause, "expected a number of seconds %s %s (%g)",
	    o->strict ? "below" : "at most", o->hi, hi / 1000.0);
}

/* The failure "setting 'path': inner" (inner is consumed); -1. */
static int
conf_fail_at(char **cause, const char *path, char *inner)
{
	game_fail(cause, "setting '%s': %s", path, inner);
	free(inner);
	return -1;
}

void
conf_set_string(char **slot, const char *v)
{
	char *copy = v != NULL ? xstrdup(v) : NULL;

	free(*slot);
	*slot = copy;
}

void
conf_defaults(struct conf *c)
{
	int i;

	memset(c, 0, sizeof *c);
	c->server = xstrdup("127.0.0.1");
	c->port = 6667;
	c->tls_verify = 1;
	c->nickserv = xstrdup("NickServ");
	conf_list_add(&c->nicks, &c->nnicks, "nick", "cheaterbot", NULL);
	conf_list_add(&c->nicks, &c->nnicks, "nick", "cheaterbot_", NULL);
	conf_list_add(&c->nicks, &c->nnicks, "nick", "cheaterbot__", NULL);
	c->username = xstrdup("cheater");
	c->realname = xstrdup("cheaterbot, an IRC card game bot");
	conf_list_add(&c->channels, &c->nchannels, "channel", "#cheater",
	    NULL);
	conf_list_room(&c->admins, 0);
	c->prefix = xstrdup("!");
	c->lang = xstrdup("en");
	c->private_notice = 1;
	c->db = xstrdup("./cheaterbot.db");
	c->lobby_start_ms = 60 * 1000;
	c->lobby_expire_ms = 600 * 1000;
	c->turn_ms = 90 * 1000;
	c->turn_warn_ms = 20 * 1000;
	c->challenge_min_ms = 3 * 1000;
	c->challenge_close_ms = 10 * 1000;
	c->challenge_tie_ms = 500;
	c->max_timeouts = 3;
	c->part_grace_ms = 120 * 1000;
	c->split_grace_ms = 300 * 1000;
	c->answer_ms = 20 * 1000;
	c->flood_burst = 4;
	c->flood_interval_ms = 2000;
	c->user_burst = 10;
	c->user_interval_ms = 2000;
	c->reconnect_min_ms = 10 * 1000;
	c->reconnect_max_ms = 300 * 1000;
	c->ping_ms = 60 * 1000;
	c->dead_ms = 120 * 1000;
	c->stats_min_games = 5;
	c->league_provisional = 10;
	c->league_season = CONF_SEASON_MONTHLY;
	c->export_interval_ms = 300 * 1000;
	c->log_level = CONF_LOG_INFO;
	c->ai_level = AI_NORMAL;
	for (i = 0; conf_ai_names[i] != NULL; i++)
		conf_list_add(&c->ai_names, &c->nai_names, "nick",
		    conf_ai_names[i], NULL);
	c->ai_think_min_ms = 1000;
	c->ai_think_max_ms = 4000;
	for (i = 0; game_table[i] != NULL; i++) {
		assert(i < CONF_MAX_VARIANTS);
		game_opts_default(game_table[i], &c->variant_opts[i]);
	}
}

/* Copies src into dst, which it overwrites, with strings of its own and
 * no question set. */
void
conf_copy(struct conf *dst, const struct conf *src)
{
	const struct conf_setting *s;
	char **p, ***list;
	int i, n;

	*dst = *src;
	dst->questions = NULL;
	/* The lists' arrays first: the nick, a string setting, is the
	 * first entry of one. */
	for (s = conf_settings; s->path != NULL; s++) {
		if (s->type != CONF_LIST)
			continue;
		list = conf_list_at(dst, s);
		n = *conf_int_at(dst, s);
		p = *list;
		*list = NULL;
		conf_list_room(list, n);
		if (n > 0)	/* an empty list may have no array */
			memcpy(*list, p, (size_t)n * sizeof *p);
	}
	for (s = conf_settings; s->path != NULL; s++) {
		if (s->type == CONF_STRING) {
			p = conf_string_at(dst, s);
			if (*p != NULL)
				*p = xstrdup(*p);
		} else if (s->type == CONF_LIST) {
			p = *conf_list_at(dst, s);
			n = *conf_int_at(dst, s);
			for (i = s->first; i < n; i++)
				p[i] = xstrdup(p[i]);
		}
	}
}

void
conf_free(struct conf *c)
{
	const struct conf_setting *s;
	char **p;
	int i, n;

	for (s = conf_settings; s->path != NULL; s++) {
		if (s->type == CONF_STRING && s->head) {
			if (*conf_list_at(c, s) != NULL)
				free(*conf_string_at(c, s));
		} else if (s->type == CONF_STRING) {
			free(*conf_string_at(c, s));
		} else if (s->type == CONF_LIST) {
			p = *conf_list_at(c, s);
			n = *conf_int_at(c, s);
			for (i = s->first; p != NULL && i < n; i++)
				free(p[i]);
		}
	}
	for (s = conf_settings; s->path != NULL; s++) {
		if (s->type == CONF_LIST)
			free(*conf_list_at(c, s));
	}
	questions_free(c->questions);
	memset(c, 0, sizeof *c);
}

int
conf_load_questions(struct conf *c, char **cause)
{
	struct questions *q;

	/* None named ("" in the file) is the set built into the binary: a
	 * bot started anywhere, without a file, still has its questions. */
	q = c->questions_path == NULL ? questions_builtin(cause) :
	    questions_load(c->questions_path, cause);
	if (q == NULL)
		return -1;
	questions_free(c->questions);
	c->questions = q;
	return 0;
}

int
conf_check_count(const struct conf_setting *s, int n, char **cause)
{
	const struct conf_kind *k = conf_kind_find(s->kind);

	if (n < s->first)
		return game_fail(cause, "expected a nick before the "
		                        "alternates");
	if (n - s->first < s->min)
		return game_fail(cause, "expected at least %d %s", s->min,
		    s->min == 1 ? k->name : k->plural);
	return 0;
}

/* Checks every entry a list setting owns, and how many there are. */
static int
conf_validate_list(
    const struct conf *c, const struct conf_setting *s, char **cause)
{
	const struct conf_kind *k = conf_kind_find(s->kind);
	char *const *list = conf_clist_at(c, s);
	int n = conf_cint_at(c, s), i;
	char *inner;

	if (conf_check_count(s, n, &inner) != 0)
		return conf_fail_at(cause, s->path, inner);
	for (i = s->first; i < n; i++) {
		if (conf_check_string(k, list[i], &inner) != 0)
			return conf_fail_at(cause, s->path, inner);
		if (conf_list_find(list, i, list[i]) != -1)
			return game_fail(cause,
			    "setting '%s': %s '%s' is "
			    "listed twice",
			    s->path, k->name, list[i]);
	}
	return 0;
}

/* Checks every variant's option defaults against its option table, with
 * the words game_opts_set() uses. */
static int
conf_validate_games(const struct conf *c, char **cause)
{
	const struct game_ops *ops;
	struct game_opts scratch;
	char assignment[128], *inner;
	int i, j;

	for (i = 0; game_table[i] != NULL; i++) {
		ops = game_table[i];
		for (j = 0;
		     ops->options != NULL && ops->options[j].name != NULL;
		     j++) {
			snprintf(assignment, sizeof assignment, "%s=%d",
			    ops->options[j].name, c->variant_opts[i].v[j]);
			if (game_opts_set(ops, &scratch, assignment, &inner) !=
			    0) {
				game_fail(cause, "setting 'games.%s.%s': %s",
				    ops->name, ops->options[j].name, inner);
				free(inner);
				return -1;
			}
		}
	}
	return 0;
}

/* Checks the value of one setting on its own. */
static int
conf_validate_setting(
    const struct conf *c, const struct conf_setting *s, char **cause)
{
	const struct conf_choice *ch;
	char *inner;
	int v;

	switch (s->type) {
	case CONF_STRING:
		if (*conf_cstring_at(c, s) == NULL && s->optional)
			return 0;
		if (conf_check_string(conf_kind_find(s->kind),
		        *conf_cstring_at(c, s), &inner) != 0)
			return conf_fail_at(cause, s->path, inner);
		return 0;
	case CONF_INT:
	case CONF_MS:
	case CONF_BOOL:
		v = conf_cint_at(c, s);
		if (v >= s->min && v <= s->max)
			return 0;
		break;
	case CONF_SEASON:
		v = conf_cint_at(c, s);
		if (v == CONF_SEASON_MONTHLY || v == CONF_SEASON_OFF ||
		    (v >= s->min && v <= s->max))
			return 0;
		break;
	case CONF_CHOICE:
		v = conf_cint_at(c, s);
		for (ch = s->choices; ch->word != NULL; ch++) {
			if (ch->value == v)
				return 0;
		}
		break;
	case CONF_LIST:
		return conf_validate_list(c, s, cause);
	case CONF_GAMES:
		return conf_validate_games(c, cause);
	}
	return conf_fail_at(cause, s->path, conf_expect(s));
}

int
conf_validate(const struct conf *c, char **cause)
{
	const struct conf_setting *s;
	const struct conf_order *o;
	char *inner;

	for (s = conf_settings; s->path != NULL; s++) {
		if (conf_validate_setting(c, s, cause) != 0)
			return -1;
	}
	for (o = conf_orders; o->lo != NULL; o++) {
		if (conf_check_order(c, o, 0, &inner) != 0)
			return conf_fail_at(cause, o->lo, inner);
	}
	if (c->sasl_account != NULL && c->sasl_password == NULL)
		return game_fail(cause, "setting 'sasl.password': expected a "
		                        "password with sasl.account");
	if (c->sasl_account == NULL && c->sasl_password != NULL)
		return game_fail(cause, "setting 'sasl.account': expected an "
		                        "account with sasl.password");
	return 0;
}
