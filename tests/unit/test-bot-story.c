/*
 * Transcript tests of a game's story in the bot core (tests/lib/harness.c):
 * the deal's commitment (the channel line ends "Deal sha256:HEX"), the key
 * at the end (its SHA-256 is the commitment, and nothing of it was said
 * before), the reveal (at most three lines, its counts those of the
 * ledger the stored record plays again to), the ledger and the bluff
 * titles recorded and announced, and the commands !replay (paged with
 * !more, never for a game being played), !history, !bluffs and !top GAME
 * liar|detector.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/replay.h"
#include "bot/lib/digest.h"
#include "games/ai.h"
#include "games/cheat/cheat-int.h"
#include "games/cheat/cheat.h"
#include "games/story.h"
#include "storage/store.h"
#include "tests/lib/harness.h"

#define CH "#cheater"

static const char *const three[] = { "alice", "bob", "carol", NULL };
static const char *const one[] = { "alice", NULL };

static void
tune(struct conf *c)
{
	c->stats_min_games = 1;
}

/* The text of channel line i, after "PRIVMSG #cheater :", or NULL. */
static const char *
chan_text(struct harness *h, int i)
{
	const char *s = harness_plain(h, i);

	if (strncmp(s, "PRIVMSG " CH " :", strlen("PRIVMSG " CH " :")) != 0)
		return NULL;
	return s + strlen("PRIVMSG " CH " :");
}

/* The first channel line after line i (private lines go between the
 * channel's, each after the channel line it follows), or -1. */
static int
next_chan_line(struct harness *h, int i)
{
	for (i++; i < h->nsent; i++) {
		if (chan_text(h, i) != NULL)
			return i;
	}
	return -1;
}

/* The word after marker in s, into out. */
static int
word_after(const char *s, const char *marker, char *out, size_t size)
{
	const char *p = strstr(s, marker);
	size_t n;

	if (p == NULL)
		return -1;
	p += strlen(marker);
	n = strcspn(p, " ");
	if (n >= size)
		return -1;
	memcpy(out, p, n);
	out[n] = '\0';
	return 0;
}

/* What nobody may hear before the game is over: its key's salt and its
 * seed, in hex. */
struct secret {
	char salt[DEAL_KEY_SALT + 1];
	char seed[17];
	char key[DEAL_KEY_MAX];		/* the key its record makes */
};

/* Fails if a line sent from *from on tells the secret; moves *from past
 * them. */
static void
scan_secret(struct harness *h, int *from, const struct secret *sec)
{
	for (harness_drain(h); *from < h->nsent; (*from)++) {
		if (strstr(harness_plain(h, *from), sec->salt) != NULL ||
		    strstr(harness_plain(h, *from), sec->seed) != NULL)
			fail_msg("the secret was told while playing: %s",
			    harness_plain(h, *from));
	}
}

/* Plays the game in #cheater to its end, each move of a person a random
 * legal one (the rules' sample(), calls included) that they type, the
 * clock closing windows with no turn and the AI seats playing theirs; fails if it does not end, or if sec (may
 * be NULL) is told by a line sent while the game is played.  Long games
 * forget what was sent meanwhile; the lines from the game's last move
 * on are kept. */
static void
play_sampled(struct harness *h, uint64_t seed, const struct secret *sec)
{
	struct table *t;
	struct game_move mv;
	struct rng r;
	char text[512];
	int moves, seen = h->nsent;

	rng_seed(&r, seed);
	for (moves = 0; moves < 30000; moves++) {
		if ((t = harness_table(h)) == NULL || t->g == NULL)
			break;
		if (sec != NULL)
			scan_secret(h, &seen, sec);
		if (h->nsent > HARNESS_SENT_MAX / 2) {
			harness_clear(h);
			seen = 0;
		}
		if (t->ops->sample(t->g, &r, &mv) != 0 || mv.seat < 0 ||
		    t->seats[mv.seat].ai ||
		    t->ops->command(t->g, &mv, text, sizeof text) < 0) {
			harness_advance(h, (uint64_t)h->conf.challenge_close_ms);
			continue;
		}
		harness_type_move(h, &mv);
		harness_advance(h, (uint64_t)h->conf.challenge_min_ms + 1);
	}
	harness_drain(h);
	if (harness_table(h) != NULL) {
		if (getenv("STORY_DUMP") != NULL)
			harness_dump(h);
		fail_msg("%s did not end in %d moves",
		    harness_table(h)->ops->name, moves);
	}
}

/* The newest game's deal: its commitment in the channel, checked against
 * the key its record makes (so the commitment is the key's before any
 * move), and its secret. */
static void
check_commitment(struct harness *h, int from, struct secret *sec)
{
	char hash[DIGEST_HEX + 1], key[DEAL_KEY_MAX], want[DIGEST_HEX + 1];
	struct story_record rec;
	struct store_game *sg;
	const char *text, *p;
	int64_t *ids = NULL;
	int deal;

	harness_drain(h);
	deal = harness_find(h, from, REPLAY_COMMIT, NULL);
	assert_true(deal >= 0);
	assert_non_null(text = chan_text(h, deal));
	assert_int_equal(word_after(text, REPLAY_COMMIT, hash, sizeof hash),
	    0);
	assert_int_equal(strlen(hash), DIGEST_HEX);
	/* The commitment ends the deal's text (or the piece of a merged
	 * line that is the deal's). */
	p = strstr(text, REPLAY_COMMIT) + strlen(REPLAY_COMMIT) + DIGEST_HEX;
	assert_true(*p == '\0' || strncmp(p, " \xc2\xb7 ", 4) == 0);
	assert_int_equal(store_running(h->store, &ids, NULL), 1);
	assert_non_null(sg = store_game_load(h->store, ids[0], NULL));
	free(ids);
	assert_int_equal(replay_record(sg, &rec, NULL), 0);
	assert_int_equal(replay_key(&rec, sg->salt, key, want), 0);
	assert_string_equal(hash, want);
	snprintf(sec->key, sizeof sec->key, "%s", key);
	snprintf(sec->salt, sizeof sec->salt, "%s", sg->salt);
	snprintf(sec->seed, sizeof sec->seed, "%016llx",
	    (unsigned long long)sg->seed);
	replay_record_free(&rec);
	store_game_free(sg);
}

/* The end's line: it contains end and "Deal key: KEY", KEY the key of
 * the record whose SHA-256 was the commitment (check_commitment() read
 * sec); its index, and the key into key. */
static int
check_key(struct harness *h, const char *end, const struct secret *sec,
    char *key, size_t size)
{
	int over;

	harness_drain(h);
	over = harness_find(h, 0, end, REPLAY_KEY, NULL);
	if (over < 0)
		harness_dump(h);
	assert_true(over >= 0);
	assert_int_equal(word_after(chan_text(h, over), REPLAY_KEY, key,
	    size), 0);
	assert_string_equal(key, sec->key);
	assert_non_null(strstr(key, sec->salt));
	assert_non_null(strstr(key, sec->seed));
	return over;
}

/* The reveal: the lines between the end's line and the awards (lines
 * "X is now/still ..." and "X earns ..."), at most three. */
static int
reveal_lines(struct harness *h, int over)
{
	const char *text;
	int i, n = 0;

	for (i = over + 1; i < h->nsent; i++) {
		if ((text = chan_text(h, i)) == NULL)
			continue;
		if (strstr(text, " is now ") != NULL ||
		    strstr(text, " is still ") != NULL ||
		    strstr(text, " earns ") != NULL)
			break;
		n++;
	}
	assert_true(n <= 3);
	return n;
}

/* Every variant, alice against two AI seats (whose play ends a game of
 * Liar's UNO where random play hardly does): the commitment at the deal,
 * the key at the end, a reveal of at most three lines, the key read back. */
static void
test_every_variant(void **state)
{
	struct harness *h;
	struct secret sec;
	struct deal_key k;
	char key[DEAL_KEY_MAX], game[64], *cause = NULL;
	int v, from, over;

	(void)state;
	for (v = 0; game_table[v] != NULL; v++) {
		h = harness_new(100 + (uint64_t)v, tune);
		from = h->nsent;
		snprintf(game, sizeof game, "%s bots=2", game_table[v]->name);
		harness_deal(h, game, one);
		check_commitment(h, from, &sec);
		play_sampled(h, 7 + (uint64_t)v, &sec);
		over = check_key(h, "Game over!", &sec, key, sizeof key);
		if (getenv("STORY_DUMP") != NULL)
			harness_dump(h);
		reveal_lines(h, over);
		assert_int_equal(deal_key_parse(key, &k, &cause), 0);
		assert_ptr_equal(k.ops, game_table[v]);
		assert_int_equal(k.nseats, 3);
		harness_free(h);
	}
}

/* A stopped game tells its key and its reveal too, and records nothing. */
static void
test_stop(void **state)
{
	struct harness *h = harness_new(5, tune);
	struct secret sec;
	char key[DEAL_KEY_MAX];
	int from = h->nsent, over;

	(void)state;
	harness_deal(h, "cheat", three);
	check_commitment(h, from, &sec);
	harness_play(h);
	harness_play(h);
	harness_say(h, "oper", CH, "!stop");
	harness_drain(h);
	over = check_key(h, "stopped the Cheat game.", &sec, key,
	    sizeof key);
	reveal_lines(h, over);
	harness_free(h);
}

/* The ledger and result of stored game id, played again from its
 * record. */
static void
ledger_of(struct harness *h, int64_t id, struct ledger *l,
    struct game_result *r)
{
	struct store_game *sg;
	struct story_record rec;
	char *cause = NULL;
	int over;

	sg = store_game_load(h->store, id, &cause);
	assert_non_null(sg);
	assert_int_equal(replay_record(sg, &rec, &cause), 0);
	assert_int_equal(story_play(&rec, NULL, NULL, l, r, &over, &cause),
	    0);
	assert_int_equal(over, 1);
	replay_record_free(&rec);
	store_game_free(sg);
}

/* Adds seat's part of l to b. */
static void
bluffs_add(struct store_bluffs *b, const struct ledger *l, int seat)
{
	const struct ledger_seat *s = &l->seat[seat];

	b->games++;
	b->claims += s->claims;
	b->lies += s->lies;
	b->caught += s->caught;
	b->away += s->away;
	b->accused += s->accused;
	b->calls += s->calls;
	b->right += s->right;
	b->wrong += s->wrong;
	b->chances += s->chances;
}

/* Sampled games of Cheat: the reveal's counts are the ledger's, the
 * records hold each seat's ledger (!bluffs says the sums), and every
 * bluff title a seat earned was announced; some were. */
static void
test_ledger_recorded(void **state)
{
	struct harness *h = harness_new(11, tune);
	struct secret sec;
	struct store_bluffs b, sum[3];
	struct game_result r;
	struct ledger l;
	char want[256], key[DEAL_KEY_MAX];
	int got[STORY_TITLES];
	int g, i, j, k, from, over, titles = 0;

	(void)state;
	memset(sum, 0, sizeof sum);
	for (g = 1; g <= 12; g++) {
		harness_clear(h);
		from = h->nsent;
		harness_deal(h, "cheat", three);
		check_commitment(h, from, &sec);
		play_sampled(h, 40 + (uint64_t)g, &sec);
		over = check_key(h, "Game over!", &sec, key, sizeof key);
		ledger_of(h, g, &l, &r);
		if (l.claims > 0) {
			if (l.lies > 0)
				snprintf(want, sizeof want, "%d lie%s in %d "
				    "claim%s: %d caught, %d got away", l.lies,
				    l.lies == 1 ? "" : "s", l.claims,
				    l.claims == 1 ? "" : "s",
				    l.lies - l.away, l.away);
			else
				snprintf(want, sizeof want, "Not one lie in "
				    "%d claim", l.claims);
			assert_int_equal(harness_find(h, over, want, NULL),
			    next_chan_line(h, over));
		}
		for (i = 0; i < 3; i++) {
			bluffs_add(&sum[i], &l, i);
			k = story_earned(&cheat_ops, &l, &r, i, got);
			for (j = 0; j < k; j++) {
				if (harness_find(h, over, three[i], " earns ",
				    story_titles[got[j]].title, NULL) < 0) {
					harness_dump(h);
					fail_msg("%s earned %s unannounced",
					    three[i], story_titles[got[j]].name);
				}
				titles++;
			}
		}
	}
	assert_true(titles > 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(store_bluffs(h->store, three[i], "cheat", &b,
		    NULL), 0);
		assert_memory_equal(&b, &sum[i], sizeof b);
	}
	/* !bluffs says alice's sums. */
	harness_clear(h);
	harness_say(h, "bob", CH, "!bluffs alice cheat");
	harness_drain(h);
	snprintf(want, sizeof want, "alice, Cheat, 12 games: %d lie%s in %d "
	    "claim", sum[0].lies, sum[0].lies == 1 ? "" : "s", sum[0].claims);
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	/* The boards: liar and detector. */
	harness_clear(h);
	harness_say(h, "bob", CH, "!top cheat liar");
	harness_say(h, "bob", CH, "!top cheat detector");
	harness_drain(h);
	assert_true(harness_find(h, 0, "Top Cheat, liar (at least 1 game):",
	    NULL) >= 0);
	assert_true(harness_find(h, 0, "Top Cheat, detector (at least 1 "
	    "call):", "calls right", NULL) >= 0);
	harness_free(h);
}

/* A hard AI seat is told the records' habits of the players at its table
 * (bot/core/table-ai.c): after recorded games, its idea of how often the
 * others call is not that of a mind told nothing. */
static void
test_habits(void **state)
{
	struct harness *h = harness_new(13, tune);
	struct ai_mind *blank;
	struct game *obs;
	struct table *t;
	int g, ai;

	(void)state;
	for (g = 1; g <= 4; g++) {
		harness_deal(h, "cheat", three);
		play_sampled(h, 60 + (uint64_t)g, NULL);
		harness_clear(h);
	}
	harness_deal(h, "cheat bots=1 level=hard", three);
	assert_non_null(t = harness_table(h));
	for (ai = 0; ai < t->nseats && !t->seats[ai].ai; ai++)
		;
	assert_true(ai < t->nseats);
	assert_non_null(t->seats[ai].mind);
	obs = t->ops->observe(t->g, ai);
	blank = t->ops->ai->mind_new(obs, ai, AI_HARD, NULL);
	assert_true(cheat_ai_call_rate(ai_player_mind(t->seats[ai].mind),
	    obs) != cheat_ai_call_rate(blank, obs));
	t->ops->ai->mind_free(blank);
	t->ops->destroy(obs);
	harness_free(h);
}

/* !replay: never a game being played; a game that is over, privately
 * (naming the channel asked in), a page at a time with !more, every hand
 * shown; !history lists it. */
static void
test_replay(void **state)
{
	struct harness *h = harness_new(3, tune);
	int i, pages = 1, at;

	(void)state;
	harness_deal(h, "cheat", three);
	harness_clear(h);
	harness_say(h, "alice", CH, "!replay 1");
	harness_drain(h);
	assert_true(harness_find(h, 0, "NOTICE alice :", "game 1 is still "
	    "being played", NULL) >= 0);
	play_sampled(h, 5, NULL);
	harness_clear(h);
	harness_say(h, "dave", CH, "!history");
	harness_drain(h);
	assert_true(harness_find(h, 0, "Recent games in #cheater: #1 Cheat",
	    NULL) >= 0);
	harness_clear(h);
	harness_say(h, "alice", CH, "!replay");
	harness_drain(h);
	/* A page: PAGER_LINES lines, then where the reader is. */
	assert_int_equal(h->nsent, PAGER_LINES + 1);
	assert_true(harness_find(h, 0, "alice :[#cheater] Game 1: Cheat in "
	    "#cheater", NULL) == 0);
	assert_true(harness_find(h, 0, "The deal, every card shown:",
	    NULL) == 1);
	assert_true(harness_find(h, 0, "(page 1 of ", "!more", NULL) ==
	    PAGER_LINES);
	for (;;) {
		harness_clear(h);
		harness_say(h, "alice", CH, "!more");
		harness_drain(h);
		pages++;
		for (i = 0; i < h->nsent; i++)
			assert_non_null(strstr(harness_plain(h, i), "alice :"));
		at = harness_find(h, 0, REPLAY_KEY, NULL);
		if (at >= 0) {
			assert_int_equal(at, h->nsent - 1);
			break;
		}
		assert_true(pages < 200);
	}
	harness_clear(h);
	harness_say(h, "alice", CH, "!more");
	harness_drain(h);
	assert_true(harness_find(h, 0, "nothing more to read", NULL) >= 0);
	harness_clear(h);
	harness_say(h, "alice", CH, "!replay 99");
	harness_drain(h);
	assert_true(harness_find(h, 0, "there is no game 99", NULL) >= 0);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_variant),
		cmocka_unit_test(test_stop),
		cmocka_unit_test(test_ledger_recorded),
		cmocka_unit_test(test_replay),
		cmocka_unit_test(test_habits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
