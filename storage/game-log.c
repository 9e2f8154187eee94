/*
 * Games and their action log: a game is recorded when it is dealt (its
 * dealer, its seats and who sits in each), each accepted move is appended
 * (and committed before the bot announces it), and a game left running by
 * a crash is read back, seats and moves, so the bot can rebuild it by
 * replaying the log from its seed.  The games dealt in a channel are
 * counted, so the deal keeps moving left across restarts.  A player's or
 * a channel's games are listed, the newest first (store_history()).
 * Finishing a game (results, ledgers and stats) is in game-finish.c.
 *
 * Moves are numbered 0, 1, 2, ... per game with no gap and no repeat, so a
 * replay applies every move exactly once, in order.
 *
 * A prune drops the move logs of games over for a while, in small
 * transactions so that a bot writing the file meanwhile waits for none
 * of them long; the games are marked (games.pruned) and refuse to load.
 */
#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../games/ai.h"
#include "../alloc/xalloc.h"
#include "store-int.h"

int
store_game_running(
    struct store *s, int64_t game, int *nseats, int *next, char **cause)
{
	struct db_stmt *st;
	char state[16];
	int rc;

	rc = store_query(s, SQL_GAME_STATE, &st, cause, "I", game);
	if (rc < 0)
		return -1;
	if (rc == 0)
		return store_fail(cause, "no such game %" PRId64, game);
	store_copy_text(state, sizeof state, db_text(st, 0));
	*nseats = db_int(st, 1);
	*next = db_int(st, 2);
	db_reset(st);
	if (strcmp(state, "running") == 0)
		return 0;
	if (strcmp(state, "finished") == 0) {
		return store_fail(
		    cause, "game %" PRId64 " is already finished", game);
	}
	return store_fail(cause, "game %" PRId64 " was abandoned", game);
}

/* The length of a deal key's salt, in lowercase hex digits. */
#define STORE_SALT_DIGITS 32

/* Checks the arguments of store_game_begin(): 0, or -1 and *cause. */
static int
store_game_check(const char *variant, const char *salt, int dealer,
    int nseats, const char *const *idents, char **cause)
{
	const char *id;
	size_t n;
	int i;

	if (*variant == '\0')
		return store_fail(cause, "empty variant name");
	if (salt != NULL) {
		for (n = 0; (salt[n] >= '0' && salt[n] <= '9') ||
		    (salt[n] >= 'a' && salt[n] <= 'f'); n++)
			;
		if (n != STORE_SALT_DIGITS || salt[n] != '\0') {
			return store_fail(cause,
			    "salt '%s' is not %d lowercase hex digits", salt,
			    STORE_SALT_DIGITS);
		}
	}
	if (nseats < 1)
		return store_fail(cause, "a game needs a seat, not %d", nseats);
	if (dealer < 0 || dealer >= nseats) {
		return store_fail(cause,
		    "dealer %d is not a seat of a %d-seat game", dealer,
		    nseats);
	}
	for (i = 0; i < nseats; i++) {
		id = idents[i];
		if (id == NULL || (strncmp(id, "ai:", 3) == 0 ?
		    id[3] == '\0' : (strncmp(id, "a:", 2) != 0 &&
		    strncmp(id, "h:", 2) != 0) || id[2] == '\0')) {
			return store_fail(cause,
			    "seat %d's identity '%s' is neither a:ACCOUNT, "
			    "h:USER@HOST nor ai:LEVEL",
			    i, id == NULL ? "" : id);
		}
		/* An AI seat's level is its anchor on the solo ladder. */
		if (strncmp(id, "ai:", 3) == 0 && ai_level_find(id + 3) < 0) {
			return store_fail(cause,
			    "seat %d's identity '%s' names no AI level: easy, "
			    "normal, hard or expert", i, id);
		}
	}
	return 0;
}

/* Checks, inside the caller's transaction, that the seats of game just
 * written agree with their players on who is an AI: 0, or -1 and
 * *cause. */
static int
store_seats_agree(struct store *s, int64_t game, char **cause)
{
	struct db_stmt *st;
	int rc;

	rc = store_query(s, SQL_SEATS_AGREE, &st, cause, "I", game);
	if (rc <= 0)
		return rc;
	if (strncmp(db_text(st, 2), "ai:", 3) == 0)
		store_fail(cause, "seat %d's identity '%s' is an AI seat's, but "
		    "its player '%s' is a person", db_int(st, 0),
		    db_text(st, 2), db_text(st, 1));
	else
		store_fail(cause, "seat %d's player '%s' is an AI, which sits "
		    "as ai:LEVEL, not as '%s'", db_int(st, 0),
		    db_text(st, 1), db_text(st, 2));
	db_reset(st);
	return -1;
}

int64_t
store_game_begin(struct store *s, const char *variant, const char *channel,
    const char *options, uint64_t seed, const char *salt, int dealer,
    int nseats, const int64_t *players, const char *const *idents,
    char **cause)
{
	struct db_stmt *st;
	int64_t id;
	int i, rc;

	if (store_game_check(variant, salt, dealer, nseats, idents, cause) !=
	    0)
		return -1;
	if (store_begin(s, 1, cause) != 0)
		return -1;
	/* The seed is kept as the int64 of the same bits. */
	rc = store_query(s, SQL_GAME_INSERT, &st, cause, "tttIitIt",
	    variant, channel, options == NULL ? "" : options, (int64_t)seed,
	    dealer, salt, store_now(), s->network);
	if (rc < 0)
		return store_rollback(s);
	assert(rc == 1);
	id = db_int64(st, 0);
	db_reset(st);
	for (i = 0; i < nseats; i++) {
		rc = store_run(s, SQL_SEAT_INSERT, cause, "IiIt", id, i,
		    players[i], idents[i]);
		if (rc != 0)
			return store_rollback(s);
	}
	if (store_seats_agree(s, id, cause) != 0)
		return store_rollback(s);
	if (store_commit(s, cause) != 0)
		return -1;
	return id;
}

int
store_deals(struct store *s, const char *channel, char **cause)
{
	struct db_stmt *st;
	int64_t n;
	int rc;

	rc = store_query(s, SQL_DEALS, &st, cause, "tt", channel, s->network);
	if (rc < 0)
		return -1;
	assert(rc == 1); /* count(*) always gives a row */
	n = db_int64(st, 0);
	db_reset(st);
	if (n > INT_MAX) {
		return store_fail(cause,
		    "channel '%s' has had %" PRId64
		    " deals, more than can be counted",
		    channel, n);
	}
	return (int)n;
}

int
store_move(struct store *s, int64_t game, int n, int seat, const char *text,
    char **cause)
{
	int nseats, next, rc;

	if (n < 0)
		return store_fail(cause, "move number %d is negative", n);
	if (store_begin(s, 1, cause) != 0)
		return -1;
	if (store_game_running(s, game, &nseats, &next, cause) != 0)
		return store_rollback(s);
	if (n < next) {
		return store_refuse(s, cause,
		    "move %d of game %" PRId64 " is already stored", n, game);
	}
	if (n > next) {
		return store_refuse(s, cause,
		    "move %d of game %" PRId64 " would leave a gap: the next "
		    "is %d",
		    n, game, next);
	}
	if (seat < -1 || seat >= nseats) {
		return store_refuse(
		    s, cause, "game %" PRId64 " has no seat %d", game, seat);
	}
	rc = store_run(s, SQL_MOVE_INSERT, cause, "IiitI", game, n, seat, text,
	    store_now());
	if (rc != 0)
		return store_rollback(s);
	return store_commit(s, cause);
}

int
store_game_state(struct store *s, int64_t game, char *state, size_t size,
    char **cause)
{
	struct db_stmt *st;
	int rc;

	assert(size > 0);
	rc = store_query(s, SQL_GAME_STATE, &st, cause, "I", game);
	if (rc <= 0)
		return rc == 0 ? 1 : -1;
	store_copy_text(state, size, db_text(st, 0));
	db_reset(st);
	return 0;
}

int
store_history(struct store *s, const char *nick, const char *channel,
    struct store_history_row *rows, int max, char **cause)
{
	char bare[STORE_BARE_NICK];
	const char *want;
	struct store_history_row *row;
	struct db_stmt *st;
	int n = 0, rc;

	if (nick == NULL && channel == NULL)
		return store_fail(cause, "a history needs a nick or a channel");
	if (max <= 0)
		return 0;
	if (nick != NULL) {
		store_nick_split(nick, bare, &want);
		rc = store_query(s, SQL_HISTORY_PLAYER, &st, cause, "titt",
		    bare, max, s->network, want);
	} else {
		rc = store_query(
		    s, SQL_HISTORY_CHANNEL, &st, cause, "tit", channel, max,
		    s->network);
	}
	for (; rc == 1; rc = store_next(s, st, cause)) {
		assert(n < max);
		row = &rows[n++];
		row->id = db_int64(st, 0);
		store_copy_text(row->variant, sizeof row->variant,
		    db_text(st, 1));
		store_copy_text(row->channel, sizeof row->channel,
		    db_text(st, 2));
		store_copy_text(
		    row->state, sizeof row->state, db_text(st, 3));
		row->started = db_int64(st, 4);
		row->ended = db_int64(st, 5);
		row->nseats = db_int(st, 6);
		row->place = db_int(st, 7);
		row->won = db_int(st, 8);
		row->lost = db_int(st, 9);
	}
	return rc < 0 ? -1 : n;
}

int
store_game_abandon(struct store *s, int64_t game, const char *why, char **cause)
{
	int nseats, next;

	if (store_begin(s, 1, cause) != 0)
		return -1;
	if (store_game_running(s, game, &nseats, &next, cause) != 0)
		return store_rollback(s);
	if (store_run(s, SQL_GAME_END, cause, "IttI", game, "abandoned",
	    why, store_now()))
		return store_rollback(s);
	return store_commit(s, cause);
}

int
store_running(struct store *s, int64_t **ids, char **cause)
{
	return store_running_in(s, NULL, ids, cause);
}

int
store_running_in(struct store *s, const char *channel, int64_t **ids,
    char **cause)
{
	struct db_stmt *st;
	int n = 0, rc;

	*ids = NULL;
	rc = channel == NULL ? store_query(s, SQL_RUNNING, &st, cause, "t",
	    s->network) : store_query(s, SQL_RUNNING_IN, &st, cause, "tt",
	    s->network, channel);
	while (rc == 1) {
		*ids = xreallocarray(*ids, (size_t)n + 1, sizeof **ids);
		(*ids)[n++] = db_int64(st, 0);
		rc = store_next(s, st, cause);
	}
	if (rc < 0) {
		free(*ids);
		*ids = NULL;
		return -1;
	}
	return n;
}

/* A copy of a text column; "" for NULL. */
static char *
store_column_dup(struct db_stmt *st, int i)
{
	const char *text = db_text(st, i);

	return xstrdup(text == NULL ? "" : text);
}

/* Reads the seats, then the moves, of g->id into g: 0, or -1. */
static int
store_game_load_log(struct store *s, struct store_game *g, char **cause)
{
	struct store_game_seat *seat;
	struct store_game_move *mv;
	struct db_stmt *st;
	int rc;

	rc = store_query(s, SQL_SEATS_GET, &st, cause, "I", g->id);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		g->seats = xreallocarray(
		    g->seats, (size_t)g->nseats + 1, sizeof *g->seats);
		seat = &g->seats[g->nseats++];
		seat->player = db_int64(st, 0);
		seat->key = store_column_dup(st, 1);
		seat->nick = store_column_dup(st, 2);
		seat->ident = store_column_dup(st, 3);
	}
	if (rc < 0)
		return -1;
	rc = store_query(s, SQL_MOVES_GET, &st, cause, "I", g->id);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		g->moves = xreallocarray(
		    g->moves, (size_t)g->nmoves + 1, sizeof *g->moves);
		mv = &g->moves[g->nmoves++];
		mv->seat = db_int(st, 0);
		mv->text = store_column_dup(st, 1);
	}
	return rc;
}

struct store_game *
store_game_load(struct store *s, int64_t game, char **cause)
{
	struct store_game *g;
	struct db_stmt *st;
	int rc;

	if (store_begin(s, 0, cause) != 0)
		return NULL;
	rc = store_query(s, SQL_GAME_GET, &st, cause, "I", game);
	if (rc <= 0) {
		if (rc == 0)
			store_fail(cause, "no such game %" PRId64, game);
		store_rollback(s);
		return NULL;
	}
	g = xcalloc(1, sizeof *g);
	g->id = game;
	g->variant = store_column_dup(st, 0);
	g->channel = store_column_dup(st, 1);
	g->options = store_column_dup(st, 2);
	g->seed = (uint64_t)db_int64(st, 3);
	g->dealer = db_int(st, 4);
	if (!db_is_null(st, 5))
		g->salt = store_column_dup(st, 5);
	g->state = store_column_dup(st, 6);
	g->started = db_int64(st, 7);
	g->ended = db_int64(st, 8);
	if (!db_is_null(st, 9)) {
		char day[STORE_DATE_SIZE];

		store_date(db_int64(st, 9), day);
		store_fail(cause, "the moves of game %" PRId64 " were pruned "
		    "on %s (cheaterbot --prune)", game, day);
		db_reset(st);
		store_rollback(s);
		store_game_free(g);
		return NULL;
	}
	db_reset(st);
	if (store_game_load_log(s, g, cause) != 0) {
		store_rollback(s);
		store_game_free(g);
		return NULL;
	}
	if (store_commit(s, cause) != 0) {
		store_game_free(g);
		return NULL;
	}
	return g;
}

void
store_game_free(struct store_game *g)
{
	int i;

	if (g == NULL)
		return;
	for (i = 0; i < g->nseats; i++) {
		free(g->seats[i].key);
		free(g->seats[i].nick);
		free(g->seats[i].ident);
	}
	for (i = 0; i < g->nmoves; i++)
		free(g->moves[i].text);
	free(g->seats);
	free(g->moves);
	free(g->variant);
	free(g->channel);
	free(g->options);
	free(g->salt);
	free(g->state);
	free(g);
}

/* The games of one prune transaction. */
#define STORE_PRUNE_BATCH 64

/* One batch: the moves of up to STORE_PRUNE_BATCH games over before
 * before dropped, the games marked; their count, or -1 and *cause. */
static int
store_prune_batch(struct store *s, int64_t before, struct store_prune *p,
    char **cause)
{
	int64_t moves;
	int games;

	if (store_begin(s, 1, cause) != 0)
		return -1;
	if (store_run(s, SQL_PRUNE_MOVES, cause, "Ii", before,
	    STORE_PRUNE_BATCH) != 0)
		return store_rollback(s);
	moves = db_changes(s->db);
	if (store_run(s, SQL_PRUNE_MARK, cause, "IiI", before,
	    STORE_PRUNE_BATCH, store_now()) != 0)
		return store_rollback(s);
	games = (int)db_changes(s->db);
	if (store_commit(s, cause) != 0)
		return -1;
	p->games += games;
	p->moves += moves;
	return games;
}

int
store_prune(struct store *s, int64_t before, int vacuum,
    struct store_prune *p, char **cause)
{
	struct db_file_pages was, now;
	int rc;

	memset(p, 0, sizeof *p);
	if (!store_has_file(s)) {
		/* The server reuses the rows' space itself (autovacuum). */
		while ((rc = store_prune_batch(s, before, p, cause)) > 0)
			;
		p->freed = -1;
		return rc < 0 ? -1 : 0;
	}
	if (db_file_pages(s->db, &was) != 0)
		return store_db_fail(s, cause);
	while ((rc = store_prune_batch(s, before, p, cause)) > 0)
		;
	if (rc < 0)
		return -1;
	if (!vacuum) {
		if (db_file_pages(s->db, &now) != 0)
			return store_db_fail(s, cause);
		p->freed = (now.free - was.free) * was.size;
		return 0;
	}
	/* The copy goes through the WAL; the checkpoint shrinks the file. */
	if (store_files_ok(s, cause) != 0)
		return -1;
	if (db_file_vacuum(s->db) != 0 || db_file_pages(s->db, &now) != 0)
		return store_db_fail(s, cause);
	p->freed = (was.count - now.count) * was.size;
	p->vacuumed = 1;
	return 0;
}
