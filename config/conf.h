/*
 * The bot's configuration: built-in defaults, a libconfig file on top, and
 * command-line overrides on top of that.  Only config/ includes libconfig.h.
 *
 * Every setting is documented in config/cheaterbot.cfg and docs/config.md.
 * A bad file is refused with "FILE:LINE: setting 'NAME': expected ..." so
 * the operator can find it; nothing in a configured string is ever used as
 * a printf format.
 *
 * The configuration also holds the question set of the questions game,
 * read from the file the setting questions.file names (questions.h): it is
 * loaded with the configuration, so a bad question file is refused at
 * start and a reload that fails keeps the set in use.
 */
#ifndef CONF_H
#define CONF_H

#include "../games/game.h"
#include "questions.h"

#define CONF_MAX_VARIANTS 16

/* log.level's values, the most severe first, as bot/lib/log.h's. */
enum {
	CONF_LOG_ERROR,
	CONF_LOG_WARN,
	CONF_LOG_INFO,
	CONF_LOG_DEBUG,
};

/* league.season's values besides a number of days. */
#define CONF_SEASON_MONTHLY (-1)
#define CONF_SEASON_OFF 0

struct conf {
	/* server */
	char *server;			/* host name or address */
	int port;			/* 1..65535 */
	char *password;			/* server password, NULL if none */
	int tls;			/* 1: TLS, never plain text */
	int tls_verify;			/* 1: check the certificate and name */
	char *tls_ca_file;		/* CAs trusted instead of the system's,
					 * or NULL */
	/* The lists (nicks, channels, admins) are as long as they are
	 * configured: nnicks strings and a NULL after them, grown by
	 * conf_list_add(). */
	char **nicks;			/* the nick, then alternates */
	int nnicks;
	char *username;
	char *realname;			/* says it is a bot */
	char **channels;		/* "#name" */
	int nchannels;

	/* services login: SASL PLAIN, else IDENTIFY to nickserv after 001 */
	char *sasl_account;		/* NULL: no login (then no password) */
	char *sasl_password;		/* never logged */
	int sasl_disconnect;		/* 1: a refused SASL login ends the
					 * connection; 0: go on without */
	char *nickserv;			/* NULL: no IDENTIFY fallback */

	/* behaviour */
	char *prefix;			/* command prefix, 1-3 chars: "!" */
	char **admins;			/* account names or nick!user@host
					 * masks with * and ? wildcards */
	int nadmins;
	char *db;			/* an SQLite database's path, or a
					 * PostgreSQL URI */
	char *network;			/* the IRC network's name in a
					 * league, NULL: none (SQLite) */
	int log_level;			/* the least a log line must be:
					 * CONF_LOG_ERROR ... CONF_LOG_DEBUG */
	int private_notice;		/* 1: NOTICE for private lines,
					 * 0: PRIVMSG (players may override) */
	char *questions_path;		/* the question file, or NULL: the
					 * built-in set */
	char *lang;			/* the language the bot writes in
					 * (language.default): "en" */
	char **channel_langs;		/* "#channel CODE": where another
					 * is spoken (language.channels) */
	int nchannel_langs;
	char *locale_dir;		/* the catalogs' directory, or NULL:
					 * bot/lib/lang.c's default */
	struct questions *questions;	/* what it holds: owned by the conf,
					 * NULL until conf_load() or
					 * conf_load_questions() */

	/* timers, in milliseconds */
	int lobby_start_ms;	/* after this anyone seated may !start */
	int lobby_expire_ms;	/* an unstarted lobby closes */
	int turn_ms;		/* a turn's time */
	int turn_warn_ms;	/* warning this long before the turn ends */
	int challenge_min_ms;	/* a challenge window is open at least this */
	int challenge_close_ms;	/* a window with no turn after it closes */
	int challenge_tie_ms;	/* calls this close together count as one */
	int max_timeouts;	/* timeouts in a row before removal */
	int part_grace_ms;	/* a seat is held after a part or quit */
	int split_grace_ms;	/* ... after a quit in a netsplit */
	int answer_ms;		/* a question waits this long for its answer */

	/* outgoing flood control: a token bucket */
	int flood_burst;	/* lines that may go at once */
	int flood_interval_ms;	/* one more line per interval */
	/* incoming: each user's commands, a token bucket per person */
	int user_burst;		/* commands that may come at once */
	int user_interval_ms;	/* one more per interval; 0: no limit */

	/* reconnect backoff and the dead-link check */
	int reconnect_min_ms;
	int reconnect_max_ms;
	int ping_ms;		/* silence before the bot sends PING */
	int dead_ms;		/* silence before it reconnects */

	/* the boards */
	int stats_min_games;	/* games a player needs to be ranked by a
				 * rate (!top GAME losses) */

	/* the league */
	int league_provisional;	/* rated games before a rating is
				 * established and on the rating board */
	int league_season;	/* how long a season is: a number of days
				 * (1..366), CONF_SEASON_MONTHLY (calendar
				 * months in UTC) or CONF_SEASON_OFF */

	/* the stats page the running bot writes (docs/league.md) */
	char *export_dir;	/* NULL: none */
	int export_interval_ms;	/* how often it is written again */

	/* AI seats (games/ai.h, docs/ai.md) */
	int ai_level;		/* enum ai_level of !addbot with none named */
	int ai_expert_playouts;	/* an expert's play-outs a decision; 0:
				 * the variant's default (about 50 ms) */
	char **ai_names;	/* their names, each shown with "(AI)" */
	int nai_names;
	int ai_think_min_ms;	/* an AI waits this long at least ... */
	int ai_think_max_ms;	/* ... and at most before it moves */
	int ai_takeover;	/* 1: a seat whose player is gone for good
				 * is played on by an AI */
	int ai_records;		/* 1: games with an AI seat count toward
				 * streaks, titles and boards */

	/* per-variant option defaults, indexed as game_table[] */
	struct game_opts variant_opts[CONF_MAX_VARIANTS];
};

/* Fills c with the built-in defaults (127.0.0.1:6667, #cheater,
 * ./cheaterbot.db, the built-in questions, ...) with no question set
 * loaded.
 * conf_free() releases it. */
void conf_defaults(struct conf *c);

/* Loads path over the values already in c, then the question file that
 * questions.file names (conf_load_questions()).  0, or -1 with *cause set
 * to "FILE:LINE: setting 'NAME': expected ..." or, for a bad question
 * file, questions_load()'s cause (the caller frees it); on failure c keeps
 * every value it had before the call, its question set included.  The
 * result must also pass conf_validate(). */
int conf_load(struct conf *c, const char *path, char **cause);

/* Loads the question file c->questions_path (relative to the working
 * directory; NULL for the built-in set, questions_builtin()) into
 * c->questions, freeing the set it held; for a conf that no file was
 * loaded into.  0, or -1 and questions_load()'s *cause with c
 * unchanged.  The strings of a set live until the conf is freed or
 * reloaded, so the bot copies what it keeps longer. */
int conf_load_questions(struct conf *c, char **cause);

/* Replaces a string setting (a command-line override): *slot = copy of v,
 * or NULL when v is NULL. */
void conf_set_string(char **slot, const char *v);

/* Appends to a list setting (&c->channels, &c->nchannels), which grows
 * as needed; -1 and *cause if v is invalid for that list (kind:
 * "channel", "nick" or "admin") or listed already. */
int conf_list_add(char ***list, int *n, const char *kind, const char *v,
    char **cause);

/* Empties a list setting. */
void conf_list_clear(char ***list, int *n);

/* Checks v as a value of a string setting of kind ("network", "nick",
 * ...) from elsewhere than the file, as the server's 005 NETWORK: 0, or
 * -1 and *cause ("expected a network's name of ..., not 'v'"). */
int conf_check_kind(const char *kind, const char *v, char **cause);

/* Whether the commands.admins entry a is a mask that names a nick alone:
 * "nick!user@host" whose user and host are each nothing but '*' ("alice!*@*",
 * "alice!*", "*!*@*"), which whoever takes the nick matches.  An account
 * name (no '!') or a mask with a user or a host is not. */
int conf_admin_nick_only(const char *a);

/* Checks a finished configuration as a whole (a nick is valid IRC, every
 * channel starts with # or &, timers make sense); 0, or -1 and *cause. */
int conf_validate(const struct conf *c, char **cause);

/* 1 if v looks like a language code: two or three lowercase letters,
 * then perhaps '_' and a region's two capitals ("de", "pt_BR"). */
int conf_valid_lang(const char *v);

/* Frees every string in c and its question set; c can then be reused with
 * conf_defaults(). */
void conf_free(struct conf *c);

#endif
