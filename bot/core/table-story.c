/*
 * What a game tells when it ends: the commitment to its deal key when it
 * is dealt (the key's SHA-256 at the end of the deal's channel line), and
 * once it is over or stopped the key itself, the reveal (how many lies,
 * how many got away, the boldest of them, what nobody saw), and the
 * ledger, bluff titles and solo titles (storage/solo.h) the record gets.
 * All of it is read from the
 * stored record of the game (games/story.h plays it again), so a game
 * resumed after a restart tells the same story.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "bot/core/replay.h"
#include "bot/core/table-int.h"
#include "bot/core/table.h"
#include "bot/lib/digest.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/solo.h"
#include "storage/store.h"

int
table_story_seed(struct table *t, char salt[DEAL_KEY_SALT + 1], char **cause)
{
	unsigned char bytes[DEAL_KEY_SALT / 2 + sizeof(uint64_t)];
	size_t i;

	if (digest_random(bytes, sizeof bytes) != 0) {
		log_error("cannot deal in %s: the system's random source "
		    "failed", t->chan->name);
		return game_fail(cause, _("I cannot deal fairly now: my "
		    "random source failed (the operator is told)"));
	}
	for (i = 0; i < DEAL_KEY_SALT / 2; i++)
		snprintf(salt + 2 * i, 3, "%02x", bytes[i]);
	salt[DEAL_KEY_SALT] = '\0';
	if (t->b->fixed_seed)
		t->seed = rng_next(&t->b->rng);
	else
		memcpy(&t->seed, bytes + DEAL_KEY_SALT / 2, sizeof t->seed);
	return 0;
}

void
table_story_commit(struct table *t, int dealer, const char *salt,
    struct buf *pub)
{
	struct story_record rec;
	char key[DEAL_KEY_MAX], hash[DIGEST_HEX + 1];

	memset(&rec, 0, sizeof rec);
	rec.ops = t->ops;
	rec.opts = t->opts;
	rec.nseats = t->nseats;
	rec.dealer = dealer;
	rec.seed = t->seed;
	if (replay_key(&rec, salt, key, hash) != 0)
		return;
	buf_addf(pub, "%s" REPLAY_COMMIT "%s", pub->len > 0 ? " " : "", hash);
}

void
table_story_read(struct table *t, struct table_story *ts)
{
	char *cause = NULL;
	int over;

	memset(ts, 0, sizeof *ts);
	ledger_init(&ts->ledger, t->nseats);
	if ((ts->sg = store_game_load(t->b->store, t->game_id,
	    &cause)) == NULL) {
		log_error("game %lld in %s: its record cannot be read for its "
		    "story: %s", (long long)t->game_id, t->chan->name, cause);
		free(cause);
		return;
	}
	if (replay_record(ts->sg, &ts->rec, &cause) != 0 ||
	    story_play(&ts->rec, NULL, NULL, &ts->ledger, NULL, &over,
	    &cause) != 0) {
		log_error("game %lld in %s: its record does not play again: "
		    "%s", (long long)t->game_id, t->chan->name, cause);
		free(cause);
		return;
	}
	/* A stopped game's last claims are settled as the game ends. */
	if (!over)
		ledger_end(&ts->ledger);
	ts->played = 1;
	replay_key(&ts->rec, ts->sg->salt, ts->key, NULL);
}

void
table_story_done(struct table_story *ts)
{
	replay_record_free(&ts->rec);
	store_game_free(ts->sg);
	ts->sg = NULL;
}

void
table_story_key(const struct table_story *ts, struct buf *line)
{
	if (ts->key[0] != '\0')
		buf_addf(line, " " REPLAY_KEY "%s", ts->key);
}

/* "7 lies told, 3 got away (bob 2, alice 1); 4 caught; 2 honest claims
 * called": how the lying went, as markup. */
static void
table_story_lies(const struct ledger *l, struct buf *out)
{
	int i, any = 0, calls = 0, wrong = 0;

	for (i = 0; i < l->nseats; i++) {
		calls += l->seat[i].calls;
		wrong += l->seat[i].wrong;
	}
	if (l->lies == 0) {
		/* TRANSLATORS: the texts from here to the full stop make one
		 * line after a game: "3 lies in 12 claims: 2 caught, 1 got
		 * away ({p:1} 1); 1 of 4 calls were wrong." ({p:N} is a
		 * nick). */
		buf_addf(out, ngettext("Not one lie in %d claim",
		    "Not one lie in %d claims", l->claims), l->claims);
	} else if (l->claims == 1) {
		/* TRANSLATORS: lies, claims, lies caught, lies that got
		 * away: the one claim was a lie. */
		buf_addf(out, _("%d lie in %d claim: %d caught, %d got away"),
		    l->lies, l->claims, l->lies - l->away, l->away);
	} else {
		/* TRANSLATORS: lies, claims (more than one), lies caught,
		 * lies that got away; the plural is the lies'. */
		buf_addf(out, ngettext("%d lie in %d claims: %d caught, %d got "
		    "away", "%d lies in %d claims: %d caught, %d got away",
		    l->lies), l->lies, l->claims, l->lies - l->away, l->away);
		for (i = 0; i < l->nseats && l->away > 0; i++) {
			if (l->seat[i].away == 0)
				continue;
			buf_addf(out, "%s{p:%d} %d", any ? ", " : " (", i,
			    l->seat[i].away);
			any = 1;
		}
		if (any)
			buf_adds(out, ")");
	}
	if (wrong > 0)
		/* TRANSLATORS: the calls that were wrong, of all calls; the
		 * plural is all calls'. */
		buf_addf(out, ngettext("; %d of %d call was wrong",
		    "; %d of %d calls were wrong", calls), wrong, calls);
	buf_adds(out, ".");
}

void
table_story_reveal(struct table *t, const struct table_story *ts)
{
	const struct ledger *l = &ts->ledger;
	struct buf markup = BUF_INIT, text = BUF_INIT;
	char unseen[512];

	if (ts->played && t->ops->claims && l->claims > 0) {
		table_story_lies(l, &markup);
		table_render(t, &text, buf_str(&markup), 1);
		table_say(t, buf_str(&text));
	}
	if (ts->played && l->boldest.seat >= 0) {
		buf_reset(&markup);
		/* TRANSLATORS: {p:%d} is a nick; the first %s is the claim
		 * as said ("three 4s"), the second the cards laid. */
		buf_addf(&markup, _("Boldest lie that got away: {p:%d} said %s "
		    "and laid %s."), l->boldest.seat, l->boldest.said,
		    l->boldest.laid);
		table_render(t, &text, buf_str(&markup), 1);
		table_say(t, buf_str(&text));
	}
	unseen[0] = '\0';
	if (t->g != NULL && t->ops->unseen != NULL)
		t->ops->unseen(t->g, unseen, sizeof unseen);
	if (unseen[0] != '\0') {
		table_render(t, &text, unseen, 1);
		table_say(t, buf_str(&text));
	}
	buf_free(&markup);
	buf_free(&text);
}

void
table_story_bluffs(const struct ledger *l, int seat, struct store_bluffs *b)
{
	const struct ledger_seat *ls = &l->seat[seat];

	memset(b, 0, sizeof *b);
	b->games = 1;
	b->claims = ls->claims;
	b->lies = ls->lies;
	b->caught = ls->caught;
	b->away = ls->away;
	b->accused = ls->accused;
	b->calls = ls->calls;
	b->right = ls->right;
	b->wrong = ls->wrong;
	b->chances = ls->chances;
}

/* The name and what earns it of award a, a bluff title or a solo
 * title: 0, or -1 for an award of neither (a title of the rules). */
static int
table_title_words(const struct store_award *a, const char **title,
    const char **what)
{
	const struct story_title *st;
	const struct solo_title *so;

	if (a->earned == NULL)
		return -1;
	if (a->solo && (so = solo_title_named(a->earned)) != NULL) {
		*title = so->title;
		*what = so->what;
		return 0;
	}
	if (!a->solo && (st = story_title_named(a->earned)) != NULL) {
		*title = st->title;
		*what = st->what;
		return 0;
	}
	return -1;
}

void
table_story_titles(struct table *t, const struct store_award *a, int n)
{
	struct buf markup = BUF_INIT, text = BUF_INIT;
	const char *title, *what;
	int i, j, k, any;

	for (i = 0; i < n; i = j) {
		for (j = i; j < n && a[j].seat == a[i].seat; j++)
			;
		buf_reset(&markup);
		/* TRANSLATORS: {p:%d} is a nick; the titles follow, each
		 * "{b:TITLE} (WHAT EARNS IT)" or "{b:TITLE} (WHAT EARNS IT;
		 * 3 times now)", joined by " and ", then "!". */
		buf_addf(&markup, _("{p:%d} earns "), a[i].seat);
		for (k = i, any = 0; k < j; k++) {
			if (table_title_words(&a[k], &title, &what) != 0)
				continue;
			/* TRANSLATORS: joins two titles earned at once. */
			buf_addf(&markup, "%s{b:%s} (%s", any ? _(" and ") : "",
			    _(title), _(what));
			if (a[k].again)
				buf_addf(&markup, ngettext("; %d time now",
				    "; %d times now", a[k].count), a[k].count);
			buf_adds(&markup, ")");
			any = 1;
		}
		if (!any)
			continue;
		buf_adds(&markup, "!");
		table_render(t, &text, buf_str(&markup), 1);
		table_say(t, buf_str(&text));
	}
	buf_free(&markup);
	buf_free(&text);
}
