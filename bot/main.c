/*
 * cheaterbot's entry point: the command line, then the configuration
 * (built-in defaults, the file given with -c, the command-line overrides,
 * validated as a whole), the database (claimed, so that no second bot
 * runs on it; a league's bot given no network claims the one its server
 * names, bot/core/network.c), the outgoing queue, the bot core, the relay
 * and the event loop, in that order.  A bad configuration or database is
 * one line on stderr and exit status 1.  The same function that builds
 * the configuration at start builds it again on SIGHUP.
 *
 * With --backup FILE it only copies the configured database to FILE and
 * exits: read-only and without a claim, so it works while a bot runs;
 * --export DIR writes the stats page the same way.  --check-config builds
 * the configuration as a start does and exits, touching no database and
 * no network: 0 when a start would accept it.  --prune DAYS drops old
 * move logs, beside a running bot too.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config/conf.h"
#include "alloc/xalloc.h"
#include "storage/store.h"
#include "storage/target.h"
#include "bot/core/bot.h"
#include "bot/lib/lang.h"
#include "bot/lib/log.h"
#include "bot/loop.h"
#include "bot/database.h"
#include "bot/offline.h"
#include "bot/publish.h"
#include "bot/lib/queue.h"
#include "bot/net/relay.h"

/* What the command line asked for. */
struct main_opts {
	const char *conf_path; /* NULL: defaults only */
	const char *server;
	int port; /* 0: not given */
	const char *nick;
	const char **channels;	/* every --channel, in order */
	int nchannels;
	char *db;	/* --db, a copy (main_secret_arg()) */
	const char *network;	/* --network NAME, or NULL */
	uint64_t seed;
	int have_seed;
	const char *backup; /* --backup FILE, or NULL */
	const char *export; /* --export DIR, or NULL */
	char *copy_to; /* --copy-to TARGET (a copy), or NULL */
	const char *verify; /* --verify KEY, or NULL */
	int64_t replay;	/* --replay GAME_ID, or 0 */
	int64_t prune;	/* --prune DAYS, or -1 */
	int64_t clock_ahead;	/* --clock-ahead SECONDS, or 0 */
	int check;	/* --check-config */
};

static void
main_usage(FILE *f)
{
	fputs(
	    "usage: cheaterbot [-c FILE] [--server HOST] [--port N] "
	    "[--nick NICK]\n"
	    "                  [--channel '#CH' ...] [--db PATH]\n"
	    "                  [--network NAME] [--seed N]\n"
	    "                  [--clock-ahead SECONDS]\n"
	    "                  [--help] [--version]\n"
	    "       cheaterbot [-c FILE] [--db PATH] --backup FILE\n"
	    "       cheaterbot [-c FILE] [--db PATH] --replay GAME_ID\n"
	    "       cheaterbot [-c FILE] [--db PATH] --export DIR\n"
	    "       cheaterbot [-c FILE] [--db PATH] --prune DAYS\n"
	    "       cheaterbot [-c FILE] [--db PATH] --copy-to TARGET\n"
	    "       cheaterbot --verify KEY\n"
	    "       cheaterbot [-c FILE] --check-config\n"
	    "  -c, --config FILE  read the configuration from FILE\n"
	    "  --server HOST      the IRC server's name or address\n"
	    "  --port N           its port\n"
	    "  --nick NICK        the nick (the alternates stay as "
	    "configured)\n"
	    "  --channel '#CH'    a channel to join; repeat it for more (the\n"
	    "                     first use replaces the configured list)\n"
	    "  --db PATH          the SQLite database, or a PostgreSQL URI or\n"
	    "                     keyword/value string ('host=... dbname=...')\n"
	    "  --network NAME     the IRC network, as a league calls it (else\n"
	    "                     the configuration's, else the server's)\n"
	    "  --seed N           deal every game from seed N (tests)\n"
	    "  --clock-ahead S    run the wall clock S seconds ahead of the\n"
	    "                     system's (tests: a season's end)\n"
	    "  --backup FILE      write a copy of the database to the new\n"
	    "                     FILE and exit (safe while a bot runs on it)\n"
	    "  --replay GAME_ID   print a game that is over, play by play with\n"
	    "                     every hidden card shown, and exit\n"
	    "  --export DIR       write the stats page (HTML and SVG) into DIR\n"
	    "                     and exit (safe while a bot runs on it)\n"
	    "  --prune DAYS       drop the move log of the games over for more\n"
	    "                     than DAYS days (results, stats, ratings,\n"
	    "                     titles and bluffs stay; those games can no\n"
	    "                     longer be replayed) and exit (safe while a\n"
	    "                     bot runs on it; the file shrinks when none\n"
	    "                     does)\n"
	    "  --copy-to TARGET   copy every record into TARGET, a new database\n"
	    "                     (a PostgreSQL URI for a league: the records\n"
	    "                     become the configured network's) and exit\n"
	    "                     (refused while a bot runs on the database)\n"
	    "  --verify KEY       print the SHA-256 of a deal key and the deal\n"
	    "                     it makes (every hand, the piles, who starts)\n"
	    "                     and exit (docs/fairness.md)\n"
	    "  --check-config     read and check the configuration and the\n"
	    "                     question file as a start would, and exit:\n"
	    "                     0 if good (no database, no network)\n"
	    "  --help, --version  this text, the version\n",
	    f);
}

/* Applies the overrides to c; 0, or -1 and *cause. */
static int
main_override(struct conf *c, const struct main_opts *o, char **cause)
{
	char *why = NULL;
	int i;

	if (o->server != NULL)
		conf_set_string(&c->server, o->server);
	if (o->port != 0)
		c->port = o->port;
	if (o->db != NULL)
		conf_set_string(&c->db, o->db);
	if (o->network != NULL)
		conf_set_string(&c->network, o->network);
	if (o->nick != NULL)
		conf_set_string(&c->nicks[0], o->nick);
	if (o->nchannels > 0)
		conf_list_clear(&c->channels, &c->nchannels);
	for (i = 0; i < o->nchannels; i++) {
		if (conf_list_add(&c->channels, &c->nchannels, "channel",
		        o->channels[i], &why) != 0) {
			*cause = xasprintf("--channel: %s", why);
			free(why);
			return -1;
		}
	}
	return 0;
}

/* Builds the whole configuration into c (the loop's reload hook too). */
static int
main_build(struct conf *c, void *arg, char **cause)
{
	const struct main_opts *o = arg;

	conf_defaults(c);
	if ((o->conf_path != NULL && conf_load(c, o->conf_path, cause) != 0) ||
	    (o->conf_path == NULL && conf_load_questions(c, cause) != 0) ||
	    main_override(c, o, cause) != 0 || conf_validate(c, cause) != 0) {
		conf_free(c);
		return -1;
	}
	return 0;
}

/* A whole decimal number from min to max, or -1. */
static int
main_number(const char *s, unsigned long long max, unsigned long long *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || *v > max)
		return -1;
	return 0;
}

/* A copy of arg, a database's name given on the command line, whose
 * passwords (storage/target.h) are then written over with '*' in arg
 * itself: ps and /proc/PID/cmdline show them no longer (those who looked
 * before the bot started have seen them: docs/storage.md). */
static char *
main_secret_arg(char *arg)
{
	char *copy = xstrdup(arg);
	struct store_secret *v;
	size_t n, i;

	n = store_target_secrets(arg, &v);
	for (i = 0; i < n; i++)
		memset(arg + v[i].at, '*', v[i].len);
	free(v);
	return copy;
}

/* Frees what main_args() kept. */
static void
main_opts_free(struct main_opts *o)
{
	free(o->channels);
	free(o->db);
	free(o->copy_to);
}

/* Reads the command line into o; 0 to go on, else the exit status + 1. */
static int
main_args(int argc, char **argv, struct main_opts *o)
{
	static const struct option longopts[] = {
	    {"config", required_argument, NULL, 'c'},
	    {"server", required_argument, NULL, 's'},
	    {"port", required_argument, NULL, 'p'},
	    {"nick", required_argument, NULL, 'n'},
	    {"channel", required_argument, NULL, 'C'},
	    {"db", required_argument, NULL, 'd'},
	    {"network", required_argument, NULL, 'N'},
	    {"seed", required_argument, NULL, 'S'},
	    {"backup", required_argument, NULL, 'B'},
	    {"replay", required_argument, NULL, 'R'},
	    {"clock-ahead", required_argument, NULL, 'A'},
	    {"export", required_argument, NULL, 'E'},
	    {"verify", required_argument, NULL, 'K'},
	    {"check-config", no_argument, NULL, 'T'},
	    {"prune", required_argument, NULL, 'P'},
	    {"copy-to", required_argument, NULL, 'Y'},
	    {"help", no_argument, NULL, 'h'},
	    {"version", no_argument, NULL, 'V'}, {NULL, 0, NULL, 0}};
	unsigned long long v;
	int ch;

	memset(o, 0, sizeof *o);
	o->prune = -1;
	while ((ch = getopt_long(argc, argv, "c:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			o->conf_path = optarg;
			break;
		case 's':
			o->server = optarg;
			break;
		case 'n':
			o->nick = optarg;
			break;
		case 'd':
			free(o->db);
			o->db = main_secret_arg(optarg);
			break;
		case 'N':
			o->network = optarg;
			break;
		case 'p':
			if (main_number(optarg, 65535, &v) != 0 || v == 0) {
				log_error("--port: expected a "
				    "number from 1 to 65535");
				return 2;
			}
			o->port = (int)v;
			break;
		case 'C':
			o->channels = xreallocarray(o->channels,
			    (size_t)o->nchannels + 1, sizeof *o->channels);
			o->channels[o->nchannels++] = optarg;
			break;
		case 'S':
			if (main_number(optarg, UINT64_MAX, &v) != 0) {
				log_error("--seed: expected a "
				    "whole number");
				return 2;
			}
			o->seed = v;
			o->have_seed = 1;
			break;
		case 'B':
			o->backup = optarg;
			break;
		case 'R':
			if (*optarg == '#')
				optarg++;
			if (main_number(optarg, INT64_MAX, &v) != 0 ||
			    v == 0) {
				log_error("--replay: expected a game "
				    "number, as !history lists them");
				return 2;
			}
			o->replay = (int64_t)v;
			break;
		case 'K':
			o->verify = optarg;
			break;
		case 'A':
			/* Up to ten years ahead. */
			if (main_number(optarg, 10ULL * 366 * 86400, &v) != 0) {
				log_error("--clock-ahead: expected "
				    "seconds, 0 to ten years");
				return 2;
			}
			o->clock_ahead = (int64_t)v;
			break;
		case 'E':
			o->export = optarg;
			break;
		case 'Y':
			free(o->copy_to);
			o->copy_to = main_secret_arg(optarg);
			break;
		case 'T':
			o->check = 1;
			break;
		case 'P':
			/* Up to a hundred years. */
			if (main_number(optarg, 36525, &v) != 0) {
				log_error("--prune: expected days, a whole "
				    "number from 0");
				return 2;
			}
			o->prune = (int64_t)v;
			break;
		case 'h':
			main_usage(stdout);
			return 1;
		case 'V':
			puts("cheaterbot " CHEATERBOT_VERSION);
			return 1;
		default:
			main_usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		log_error("unexpected argument '%s'",
		    argv[optind]);
		return 2;
	}
	if (o->check && (o->backup != NULL || o->replay != 0 ||
	    o->export != NULL || o->verify != NULL || o->prune >= 0 ||
	    o->copy_to != NULL)) {
		log_error("--check-config runs alone: not with --backup, "
		    "--replay, --export, --prune, --copy-to or --verify");
		return 2;
	}
	return 0;
}

/* How often a bot whose network is held asks again (bot/main.c,
 * docs/storage.md, Several bots of one network). */
#define MAIN_STANDBY_MS 5000

/* Claims store for this bot, as nick: at once, or, when the claim is
 * held (SQLite: another bot runs on the file; PostgreSQL: an offline
 * tool, a copy or a prune, has the network to itself, while the
 * network's other bots share it), once it is let go, asking every
 * MAIN_STANDBY_MS meanwhile; the bot is on no IRC server while it waits.
 * SIGTERM or SIGINT end the wait as they end the bot.  0, or -1 and
 * *cause. */
static int
main_claim(struct store *store, const char *nick, char **cause)
{
	struct timespec ts = { MAIN_STANDBY_MS / 1000,
		(MAIN_STANDBY_MS % 1000) * 1000000L };
	int rc, waited = 0;

	while ((rc = store_claim_bot(store, nick, cause)) == 1) {
		if (!waited)
			log_info("%s: waiting for it, asking every %d s",
			    *cause, MAIN_STANDBY_MS / 1000);
		free(*cause);
		*cause = NULL;
		waited = 1;
		nanosleep(&ts, NULL);
	}
	if (rc == 0 && waited)
		log_info("network '%s' claimed after the wait",
		    store_network(store));
	return rc;
}

/* One run of the bot on store, claimed (or a league's database whose
 * network the server is to name, bot/core/network.c): the queue, the
 * core, the relay and the loop.  loop_run()'s result, or -1. */
static int
main_serve(struct conf *conf, struct main_opts *o, struct store *store)
{
	struct queue *queue;
	struct relay *relay;
	struct bot *bot;
	struct publish publish;
	struct loop l;
	char *cause = NULL;
	int rc;

	log_info("cheaterbot %s starting, database %s%s%s",
	    CHEATERBOT_VERSION, store_name(store),
	    store_needs_network(store) ? ", network as the server "
	    "names it (005 NETWORK)" : *store_network(store) != '\0' ?
	    ", network " : "", store_network(store));
	queue = queue_new(conf->flood_burst, conf->flood_interval_ms);
	bot = bot_new(conf, store, queue, o->seed, o->have_seed, loop_now());
	if (o->clock_ahead != 0)
		bot_clock_ahead(bot, o->clock_ahead * 1000);
	relay = relay_new(conf, queue, bot, &cause);
	if (relay == NULL) {
		log_error("%s", cause);
		free(cause);
		rc = -1;
	} else {
		memset(&l, 0, sizeof l);
		l.conf = conf;
		l.relay = relay;
		l.bot = bot;
		l.queue = queue;
		publish_init(&publish);
		l.publish = &publish;
		l.reload = main_build;
		l.reload_arg = o;
		rc = loop_run(&l);
	}
	relay_free(relay);
	bot_free(bot);
	queue_free(queue);
	return rc;
}

/* Runs the bot on a built configuration: 0, or 1 on a fault.  A bot that
 * learnt its network from the server and found another bot running it
 * stands by (LOOP_STANDBY): off IRC, it waits for the claim as a bot
 * given that network at start does, then runs again. */
static int
main_run(struct conf *conf, struct main_opts *o)
{
	struct store *store;
	char *cause = NULL;
	int rc, checked = 0;

	/* First, while the lowest numbers are free: libircclient's socket
	 * must stay below FD_SETSIZE (bot/net/irc-glue.h). */
	if (relay_reserve(&cause) != 0) {
		log_error("%s", cause);
		free(cause);
		return 1;
	}
	store = database_open(conf, 0, &cause);
	if (store != NULL && store_was_empty(store))
		log_warn("database %s was an empty file (0 bytes): a new "
		    "database was made in it; if it should hold records, stop "
		    "the bot and restore a backup (docs/storage.md)",
		    store_name(store));
	/* The last resort, should the -shm become unwritable between two
	 * checks of storage's (docs/operating.md, When storage fails). */
	log_on_fault(SIGBUS, "SIGBUS: a file mapped in memory could not be "
	    "written, most likely the database's -shm file (SQLite's WAL "
	    "index) made unwritable (chattr +i, a read-only remount) or its "
	    "disk failing: the bot dies here; check the files beside the "
	    "database (docs/operating.md, When storage fails)");
	do {
		/* A league's bot given no network claims the one the server
		 * names (bot/core/network.c). */
		if (store == NULL || (!store_needs_network(store) &&
		    main_claim(store, conf->nicks[0], &cause) != 0) ||
		    store_probe(store, &cause) != 0) {
			log_error("%s", cause);
			free(cause);
			rc = -1;
			break;
		}
		/* After the probe, which made the -wal and -shm. */
		if (!checked && store_files_open_to_others(store, &cause) != 0) {
			log_warn("%s", cause);
			free(cause);
			cause = NULL;
		}
		checked = 1;
		rc = main_serve(conf, o, store);
	} while (rc == LOOP_STANDBY);
	store_close(store);
	relay_unreserve();
	return rc == 0 ? 0 : 1;
}

/* Reads the message catalogs, and says which configured language the
 * bot cannot write (it writes English there instead). */
static void
main_lang(const struct conf *c)
{
	const char *dir = c->locale_dir != NULL ? c->locale_dir :
	    lang_default_dir();
	char *cause = NULL;
	int i;

	if (lang_init(dir, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
	}
	if (!lang_known(c->lang))
		log_warn("language.default: no catalog of '%s' in %s (the "
		    "bot knows %s); the bot writes English", c->lang, dir,
		    lang_list());
	for (i = 0; i < c->nchannel_langs; i++) {
		if (!lang_known(strchr(c->channel_langs[i], ' ') + 1))
			log_warn("language.channels: no catalog of '%s' in %s "
			    "(the bot knows %s); that channel is written in "
			    "the default language", c->channel_langs[i], dir,
			    lang_list());
	}
	lang_set_default(c->lang);
	lang_use_default();
}

int
main(int argc, char **argv)
{
	struct main_opts o;
	struct conf conf;
	char *cause = NULL;
	int rc;

	rc = main_args(argc, argv, &o);
	if (rc != 0) {
		main_opts_free(&o);
		return rc - 1;
	}
	/* A key needs nothing configured. */
	if (o.verify != NULL) {
		main_opts_free(&o);
		return offline_verify(o.verify, stdout);
	}
	if (main_build(&conf, &o, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
		main_opts_free(&o);
		return 1;
	}
	_Static_assert(CONF_LOG_ERROR == (int)LOG_LEVEL_ERROR &&
	    CONF_LOG_WARN == (int)LOG_LEVEL_WARN &&
	    CONF_LOG_INFO == (int)LOG_LEVEL_INFO &&
	    CONF_LOG_DEBUG == (int)LOG_LEVEL_DEBUG,
	    "log.level's values are bot/lib/log.h's levels");
	log_set_level((enum log_level)conf.log_level);
	main_lang(&conf);
	if (o.check)
		rc = offline_check(&conf, o.conf_path != NULL ? o.conf_path :
		    "the built-in defaults");
	else if (o.backup != NULL)
		rc = offline_backup(&conf, o.backup);
	else if (o.replay != 0)
		rc = offline_replay(&conf, o.replay, stdout);
	else if (o.export != NULL)
		rc = offline_export(&conf, o.export, (uint64_t)time(NULL));
	else if (o.prune >= 0)
		rc = offline_prune(&conf, o.prune, (int64_t)time(NULL));
	else if (o.copy_to != NULL)
		rc = offline_copy(&conf, o.copy_to);
	else
		rc = main_run(&conf, &o);
	conf_free(&conf);
	main_opts_free(&o);
	lang_free();
	return rc;
}
