/*
 * The program's offline tasks (offline.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/core/render.h"
#include "bot/core/replay.h"
#include "bot/export.h"
#include "bot/lib/buf.h"
#include "bot/lib/digest.h"
#include "bot/database.h"
#include "bot/offline.h"
#include "bot/lib/log.h"
#include "bot/net/net-tls.h"
#include "config/conf.h"
#include "games/deal-key.h"
#include "alloc/xalloc.h"
#include "storage/store.h"
#include "storage/target.h"

int
offline_backup(const struct conf *conf, const char *dest)
{
	struct store *store;
	char *cause = NULL, *shown;

	store = database_open(conf, 1, &cause);
	if (store == NULL || store_backup(store, dest, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
		store_close(store);
		return 1;
	}
	store_close(store);
	shown = store_target_shown(conf->db);
	log_info("backup of %s written to %s", shown, dest);
	free(shown);
	return 0;
}

int
offline_replay(const struct conf *conf, int64_t id, FILE *out)
{
	struct store *store;
	struct store_game *sg = NULL;
	char state[16], **lines = NULL, *cause = NULL;
	int i, n = -1, rc;

	store = database_open(conf, 1, &cause);
	if (store == NULL)
		goto fail;
	rc = store_game_state(store, id, state, sizeof state, &cause);
	if (rc > 0)
		cause = xasprintf("there is no game %" PRId64 " in %s", id,
		    store_name(store));
	else if (rc == 0 && strcmp(state, "running") == 0)
		cause = xasprintf("game %" PRId64 " is still being played: "
		    "its replay comes once it is over", id);
	if (rc != 0 || cause != NULL)
		goto fail;
	if ((sg = store_game_load(store, id, &cause)) == NULL ||
	    (n = replay_text(sg, conf->questions, 0, &lines, &cause)) < 0) {
		log_error("game %" PRId64 " cannot be replayed: %s", id,
		    cause);
		free(cause);
		cause = NULL;
		goto fail;
	}
	for (i = 0; i < n; i++)
		fprintf(out, "%s\n", lines[i]);
	replay_lines_free(lines, n);
	store_game_free(sg);
	store_close(store);
	return fflush(out) == 0 ? 0 : 1;
fail:
	if (cause != NULL)
		log_error("%s", cause);
	free(cause);
	store_game_free(sg);
	store_close(store);
	return 1;
}

/* What a deal says, gathered: the channel's text, then each seat's. */
struct offline_out {
	struct buf pub;
};

static void
offline_emit(void *ctx, int seat, const char *text)
{
	struct offline_out *o = ctx;

	if (seat == GAME_PUBLIC)
		buf_addf(&o->pub, "%s%s", o->pub.len > 0 ? " " : "", text);
}

/* Prints one line of markup, rendered plain. */
static void
offline_line(FILE *out, const char *lead, const char *markup,
    const char *const *names, int n)
{
	struct buf text = BUF_INIT;

	render(&text, markup, names, n, 0);
	fprintf(out, "%s%s\n", lead, buf_str(&text));
	buf_free(&text);
}

/* Each reveal() line, printed as it comes. */
struct offline_reveal {
	FILE *out;
	const char *const *names;
	int n;
};

static void
offline_reveal_emit(void *ctx, int seat, const char *text)
{
	struct offline_reveal *r = ctx;

	if (seat == GAME_PUBLIC)
		offline_line(r->out, "  ", text, r->names, r->n);
}

int
offline_verify(const char *key, FILE *out)
{
	static const char *const names[GAME_MAX_SEATS] = { "seat0", "seat1",
	    "seat2", "seat3", "seat4", "seat5", "seat6", "seat7", "seat8",
	    "seat9" };
	struct offline_out o = { BUF_INIT };
	struct game_out gout = { offline_emit, &o };
	struct offline_reveal rv = { out, names, 0 };
	struct game_out rout = { offline_reveal_emit, &rv };
	char hash[DIGEST_HEX + 1], opts[160], *cause = NULL;
	struct deal_key k;
	struct game_turn tu;
	struct game *g;
	struct rng rng;

	if (deal_key_parse(key, &k, &cause) != 0) {
		log_error("--verify: %s", cause);
		free(cause);
		return 1;
	}
	rv.n = k.nseats;
	rng_seed(&rng, k.seed);
	if ((g = k.ops->create(&k.opts, k.nseats, k.dealer, &rng, &gout,
	    &cause)) == NULL) {
		log_error("--verify: %s", cause);
		free(cause);
		buf_free(&o.pub);
		return 1;
	}
	digest_sha256_hex(key, strlen(key), hash);
	game_opts_format(k.ops, &k.opts, opts, sizeof opts);
	fprintf(out, "key: %s\nsha256:%s\n", key, hash);
	fprintf(out, "%s, %d seats (seat0 to seat%d), dealt by seat%d; "
	    "options: %s; seed %016" PRIx64 "\n", k.ops->title, k.nseats,
	    k.nseats - 1, k.dealer, opts[0] != '\0' ? opts : "none", k.seed);
	offline_line(out, "The channel was told: ", buf_str(&o.pub), names,
	    k.nseats);
	fprintf(out, "The deal, every card shown:\n");
	if (k.ops->reveal != NULL)
		k.ops->reveal(g, &rout);
	k.ops->turn(g, &tu);
	if (tu.over)
		fprintf(out, "The game is over as dealt.\n");
	else if (tu.seat >= 0)
		fprintf(out, "First to move: seat%d\n", tu.seat);
	k.ops->destroy(g);
	buf_free(&o.pub);
	return fflush(out) == 0 ? 0 : 1;
}

int
offline_export(const struct conf *conf, const char *dir, uint64_t now)
{
	struct store *store;
	char *cause = NULL, *shown;

	store = database_open(conf, 1, &cause);
	if (store == NULL ||
	    export_site(store, conf, dir, now, &cause) != 0) {
		log_error("--export: %s", cause);
		free(cause);
		store_close(store);
		return 1;
	}
	store_close(store);
	shown = store_target_shown(conf->db);
	log_info("the stats page of %s written to %s", shown, dir);
	free(shown);
	return 0;
}

int
offline_check(const struct conf *conf, const char *name)
{
	struct tls_ctx *ctx;
	char *cause = NULL;

	/* What net_new() makes at start, before any connection. */
	if (conf->tls) {
		ctx = tls_ctx_new(conf->tls_verify, conf->tls_ca_file, &cause);
		if (ctx == NULL) {
			log_error("%s: %s", name, cause);
			free(cause);
			return 1;
		}
		tls_ctx_free(ctx);
	}
	log_info("%s: configuration OK", name);
	return 0;
}

/* Whether no bot runs on the database of store: 0 with the claim taken
 * for this process (store_claim(), held until store_close()), or -1 and
 * *cause naming the bot that runs ("database 'x.db' is in use by another
 * cheaterbot (pid 1234)", "network 'x' of database '...' is run by
 * another cheaterbot"), or why the claim cannot be had. */
static int
offline_alone(struct store *store, char **cause)
{
	return store_claim(store, cause) == 0 ? 0 : -1;
}

int
offline_prune(const struct conf *conf, int64_t days, int64_t now)
{
	struct store_prune p;
	struct store *store;
	struct tm tm;
	time_t before = (time_t)(now - days * 86400);
	char when[32], *cause = NULL, *shown;
	int vacuum;

	/* A prune never makes a database: one must be there. */
	if ((store = database_open(conf, 1, &cause)) == NULL)
		goto fail;
	store_close(store);
	if ((store = database_open(conf, 0, &cause)) == NULL)
		goto fail;
	/* No bot runs on the file when the claim is had: then, and only
	 * then, the file is compacted.  A server's database is not claimed
	 * (its claims are the bots' of each network): it reclaims the space
	 * itself. */
	vacuum = store_has_file(store) && offline_alone(store, &cause) == 0;
	if (!vacuum && store_has_file(store)) {
		log_info("%s: the space freed stays in the file for new "
		    "games (the file shrinks at a prune with no bot running)",
		    cause);
		free(cause);
		cause = NULL;
	}
	if (store_prune(store, (int64_t)before, vacuum, &p, &cause) != 0)
		goto fail;
	store_close(store);
	if (gmtime_r(&before, &tm) == NULL ||
	    strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(when, sizeof when, "?");
	shown = store_target_shown(conf->db);
	if (p.freed < 0)
		log_info("pruned %s: the move log of %" PRId64 " game%s over "
		    "before %s (%" PRId64 " moves); PostgreSQL's autovacuum "
		    "makes the space free for new rows", shown, p.games,
		    p.games == 1 ? "" : "s", when, p.moves);
	else
		log_info("pruned %s: the move log of %" PRId64 " game%s over "
		    "before %s (%" PRId64 " moves); %" PRId64 " bytes freed%s",
		    shown, p.games, p.games == 1 ? "" : "s", when, p.moves,
		    p.freed, p.vacuumed ? ", the file vacuumed" :
		    " inside the file");
	free(shown);
	return 0;
fail:
	log_error("--prune: %s", cause);
	free(cause);
	store_close(store);
	return 1;
}

int
offline_copy(const struct conf *conf, const char *target)
{
	struct store *src = NULL, *dst = NULL;
	struct store_copied n;
	char *cause = NULL, *shown = NULL, *more;
	int rc = 1;

	if (conf->network == NULL && store_target_is_pgsql(target)) {
		cause = xstrdup("a copy into a PostgreSQL database needs the "
		    "network its records are of: set network in the "
		    "configuration (docs/storage.md, Moving into a league)");
		goto out;
	}
	/* The source must be there (a read-only open makes nothing), and is
	 * brought to this cheaterbot's schema (a writing open migrates). */
	if ((src = database_open(conf, 1, &cause)) == NULL &&
	    strstr(cause, "which a read-only open cannot do") == NULL)
		goto out;
	store_close(src);
	free(cause);
	cause = NULL;
	/* What a bot running on the source wrote after the copy would not
	 * be in it: refused while one runs; the claim, taken, keeps one
	 * from starting while the copy runs. */
	if ((src = database_open(conf, 0, &cause)) == NULL)
		goto out;
	if (offline_alone(src, &cause) != 0) {
		more = xasprintf("%s: stop it first, so that nothing it "
		    "writes is missing from the copy", cause);
		free(cause);
		cause = more;
		goto out;
	}
	if ((dst = store_open(target, &cause)) == NULL)
		goto out;
	store_set_network(dst, conf->network != NULL ? conf->network : "");
	if (store_copy(src, dst, conf->network, &n, &cause) != 0)
		goto out;
	shown = store_target_shown(conf->db);
	log_info("copied %s into %s: %" PRId64 " player%s, %" PRId64
	    " game%s (%" PRId64 " moves)%s%s%s", shown, store_name(dst),
	    n.players, n.players == 1 ? "" : "s", n.games,
	    n.games == 1 ? "" : "s", n.moves,
	    conf->network != NULL ? ", the records of no network now "
	    "network '" : "", conf->network != NULL ? conf->network : "",
	    conf->network != NULL ? "'s" : "");
	rc = 0;
out:
	if (rc != 0) {
		log_error("--copy-to: %s", cause);
		free(cause);
	}
	free(shown);
	store_close(dst);
	store_close(src);
	return rc;
}
