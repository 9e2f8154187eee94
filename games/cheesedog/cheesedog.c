/*
 * Cheesedog: get rid of every card, or be the one loser left holding some.
 *
 * Rules in brief (docs/games/cheesedog.md has every choice in full).  Two
 * 52-card decks, 3 to 8 players.  Each gets four cards face down (unseen,
 * even by their owner), four face up (seen by all), and a share of the
 * rest as a hand, dealt from the dealer's left; that seat starts, and play
 * goes left.  A play is one or more cards of one rank, face up, equal to
 * or higher than the pile's top card (aces high).  A player with nothing
 * that plays picks up the pile, and the turn passes.  The hand is played
 * first; with the hand empty, the face-up cards; with both gone, the
 * face-down cards one flip at a time, chosen by position: a flip that
 * plays is played, one that does not goes into the hand with the pile,
 * unseen by the others.  Four or more cards of one rank on top of the pile
 * clear it, and the player who cleared starts the new pile.  Specials keep
 * their rank: 2 plays on anything; 7 skips the next player (each 7 one
 * more); 8 makes the next play 8 or lower; 9 reverses play (each 9 once
 * more); 10 clears the pile and its player starts the new one.  A clear
 * cancels the 7s, 8s and 9s that made it.  A player out of cards is safe
 * and takes the next place; the last one holding cards loses.
 *
 * Move grammar (what players type, in the channel or in private: every
 * play is face up anyway):
 *   play CARD...        aliases lay, put: cards of one rank, "play 5h 5c"
 *   pickup              aliases pick, take: "pick up" works too
 *   flip [N]            the face-down card at position N (1-4); without N
 *                       the first one left
 *
 * Verbs and the move log: leave; play ID...; pickup; flip POS (0-3).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "games/game.h"
#include "games/intl.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

static const struct game_cmd cheesedog_cmds[] = {
	[CMD_PLAY] = { "play", "lay put", GAME_WHERE_BOTH, "CARD...",
	    N_("play cards of one rank, face up, e.g. play 5h 5c"), 0 },
	[CMD_PICKUP] = { "pickup", "pick take", GAME_WHERE_BOTH, "",
	    N_("pick up the pile when nothing you may play plays"), 0 },
	[CMD_FLIP] = { "flip", NULL, GAME_WHERE_BOTH, "[N]",
	    N_("with only face-down cards left, turn card N (1-4) over"), 0 },
	{ NULL, NULL, 0, NULL, NULL, 0 },
};

static const char *const cheesedog_verbs[] = {
	"leave", "play", "pickup", "flip", NULL,
};

/* The seat steps places on from seat in the direction of play, counting
 * only seats still holding cards, seat itself too when play comes round
 * to it; the seats passed over go into passed[] (NULL: nowhere). */
static int
next_seat(const struct game *g, int seat, int steps, int *passed,
    int *npassed)
{
	int s = seat;

	assert(cd_nactive(g) > 0);
	while (steps > 0) {
		s = (s + g->dir + g->nseats) % g->nseats;
		if (g->state[s] != SEAT_IN)
			continue;
		if (--steps > 0 && passed != NULL)
			passed[(*npassed)++] = s;
	}
	return s;
}

/* Appends " {p:1} is skipped." or " {p:1}, {p:2} and {p:1} are
 * skipped.". */
static void
cat_skipped(char **line, const int *passed, int n)
{
	char *names = NULL;
	int i;

	if (line == NULL)
		return;
	for (i = 0; i < n; i++)
		game_cat(&names, "%s{p:%d}", i == 0 ? "" : i + 1 < n ? ", " :
		    /* TRANSLATORS: joins the last two players of a list
		     * ("{p:1}, {p:2} and {p:3} are skipped."). */
		    _(" and "), passed[i]);
	/* TRANSLATORS: %s is the players skipped, one or a list. */
	game_cat(line, ngettext(" %s is skipped.", " %s are skipped.", n),
	    names);
	free(names);
}

/* Ends the game: the seat still holding cards takes the last place, and
 * loses when play (not a leave) brought it there. */
static void
end_game(struct game *g, int by_play, struct cd_said *sd)
{
	int s;

	g->over = 1;
	g->turn = -1;
	for (s = 0; s < g->nseats; s++) {
		if (g->state[s] != SEAT_IN)
			continue;
		g->place[s] = g->finished + 1;
		if (by_play) {
			g->loser = s;
			game_cat(sd->pub, _(" {p:%d} is left holding cards "
			    "and loses."), s);
		} else
			game_cat(sd->pub, _(" {p:%d} takes place %d."), s,
			    g->place[s]);
	}
}

/* Seat has just played: safe if that was its last card (the game is
 * over when one seat alone still holds cards), else the channel hears
 * when it moves on to its face-up or face-down cards. */
static void
after_play(struct game *g, int seat, enum cd_from was, struct cd_said *sd)
{
	enum cd_from now = cd_from(g, seat);

	if (now == FROM_UP && was == FROM_HAND)
		game_cat(sd->pub, _(" {p:%d}'s hand is empty: the face-up "
		    "cards are played next."), seat);
	else if (now == FROM_DOWN && was != FROM_DOWN)
		game_cat(sd->pub, _(" {p:%d} has only face-down cards "
		    "left."), seat);
	if (now != FROM_NOTHING)
		return;
	g->state[seat] = SEAT_SAFE;
	g->place[seat] = ++g->finished;
	game_cat(sd->pub, _(" {p:%d} has no cards left: safe, in place %d."),
	    seat, g->place[seat]);
	game_cat(sd->priv[seat], _(" You are safe, in place %d."),
	    g->place[seat]);
	if (cd_nactive(g) == 1)
		end_game(g, 1, sd);
}

/* n cards of rank, played by seat, lie on top of the pile: they clear it,
 * or do what 7s and 9s do; then the turn moves on. */
static void
settle(struct game *g, int seat, int rank, int n, enum cd_from was,
    struct cd_said *sd)
{
	char words[64];
	/* One seat passed over per 7: eight at most, with two decks. */
	int passed[CD_DECKS * CARDS_SUITS], npassed = 0;
	int run, top, clear, skip = 0;

	run = cd_top_run(g, &top);
	clear = rank == CD_CLEAR_RANK || run >= CD_CLEAR_RUN;
	if (run >= CD_CLEAR_RUN) {
		cards_declaration(run, top, words, sizeof words);
		/* TRANSLATORS: %s is the cards that clear it: "four 7s". */
		game_cat(sd->pub, _(" The pile clears: %s."), words);
	} else if (clear)
		game_cat(sd->pub, "%s", n == 1 ? _(" The 10 clears the "
		    "pile.") : _(" The 10s clear the pile."));
	else if (rank == CD_SKIP_RANK)
		skip = n;
	else if (rank == CD_REVERSE_RANK) {
		if (n % 2 == 1)
			g->dir = -g->dir;
		if (n == 1)
			game_cat(sd->pub, "%s", g->dir > 0 ?
			    _(" Play reverses: it goes left.") :
			    _(" Play reverses: it goes right."));
		else if (n == 2)
			game_cat(sd->pub, "%s", g->dir > 0 ?
			    _(" Play reverses twice: it goes left.") :
			    _(" Play reverses twice: it goes right."));
		else
			/* TRANSLATORS: %d is 3 or more. */
			game_cat(sd->pub, g->dir > 0 ? _(" Play reverses %d "
			    "times: it goes left.") : _(" Play reverses %d "
			    "times: it goes right."), n);
	}
	if (clear) {
		cards_append(&g->cleared, &g->pile);
		cards_clear(&g->pile);
	}
	after_play(g, seat, was, sd);
	if (g->over)
		return;
	if (clear && g->state[seat] == SEAT_IN) {
		g->turn = seat;
		return;
	}
	g->turn = next_seat(g, seat, 1 + skip, passed, &npassed);
	if (npassed > 0)
		cat_skipped(sd->pub, passed, npassed);
}

static void
apply_play(struct game *g, const struct game_move *mv, struct cd_said *sd)
{
	enum cd_from was = cd_from(g, mv->seat);
	struct cards *from = was == FROM_UP ? &g->up[mv->seat] :
	    &g->hand[mv->seat];
	struct cards laid;
	char *text;
	int i;

	cards_clear(&laid);
	for (i = 0; i < mv->argc; i++) {
		cards_remove(from, mv->argv[i]);
		cards_add(&g->pile, mv->argv[i]);
		cards_add(&laid, mv->argv[i]);
		g->shown[mv->argv[i]] = 1;
	}
	/* Only lost what its owner chose, and face-up cards are public: the
	 * cards are not shown again unless the seat moves next
	 * (docs/architecture.md). */
	if (sd->pub != NULL) {
		text = cards_list_markup(&laid);
		/* TRANSLATORS: %s is the cards played. */
		game_cat(sd->pub, was == FROM_UP ? _("{p:%d} plays face up "
		    "%s.") : _("{p:%d} plays %s."), mv->seat, text);
		free(text);
	}
	settle(g, mv->seat, cards_rank(mv->argv[0]), mv->argc, was, sd);
}

/* Moves the pile (and the card id unless -1) into seat's hand; face-up
 * cards being played as the hand join it, as they are the hand now. */
static void
take_pile(struct game *g, int seat, int id, struct cd_said *sd)
{
	char *text;

	if (cd_from(g, seat) == FROM_UP) {
		if (sd->pub != NULL) {
			text = cards_list_markup(&g->up[seat]);
			/* TRANSLATORS: %s is the cards; "it" is the
			 * pile. */
			game_cat(sd->pub, _(" The face-up cards %s go into "
			    "the hand with it."), text);
			free(text);
		}
		cards_append(&g->hand[seat], &g->up[seat]);
		cards_clear(&g->up[seat]);
	}
	if (id >= 0)
		cards_add(&g->hand[seat], id);
	cards_append(&g->hand[seat], &g->pile);
	cards_clear(&g->pile);
	cd_sort(&g->hand[seat]);
	sd->cards |= 1u << seat;
	g->turn = next_seat(g, seat, 1, NULL, NULL);
}

static void
apply_pickup(struct game *g, int seat, struct cd_said *sd)
{
	game_cat(sd->pub, ngettext("{p:%d} picks up the pile (%d card).",
	    "{p:%d} picks up the pile (%d cards).", g->pile.n), seat,
	    g->pile.n);
	take_pile(g, seat, -1, sd);
}

/* A flip that plays is played like any card; one that does not joins
 * the pile in the hand, named to its owner alone. */
static void
apply_flip(struct game *g, int seat, int pos, struct cd_said *sd)
{
	int id = g->down[seat][pos], n = g->pile.n;
	char card[32], top[32];

	/* One that plays only lost a card (take_pile() shows the cards of
	 * one that does not). */
	g->down[seat][pos] = -1;
	cards_markup(id, card, sizeof card);
	if (cd_plays(g, cards_rank(id))) {
		cards_add(&g->pile, id);
		g->shown[id] = 1;
		/* TRANSLATORS: the card's position (1-4), then the card. */
		game_cat(sd->pub, n == 0 ? _("{p:%d} flips face-down card %d "
		    "onto the empty pile (a free flip): %s.") :
		    _("{p:%d} flips face-down card %d: %s."), seat, pos + 1,
		    card);
		settle(g, seat, cards_rank(id), 1, FROM_DOWN, sd);
		return;
	}
	cards_markup(g->pile.c[n - 1], top, sizeof top);
	/* TRANSLATORS: the card's position (1-4), then how many cards the
	 * pile held. */
	game_cat(sd->pub, ngettext("{p:%d} flips face-down card %d, which "
	    "does not play: it goes unseen into the hand with the pile (%d "
	    "card).", "{p:%d} flips face-down card %d, which does not play: "
	    "it goes unseen into the hand with the pile (%d cards).", n),
	    seat, pos + 1, n);
	/* TRANSLATORS: the card's position (1-4), the card, the pile's top
	 * card. */
	game_cat(sd->priv[seat], _(" Your face-down card %d is %s: it does "
	    "not play on %s, so you take it with the pile."), pos + 1, card,
	    top);
	take_pile(g, seat, id, sd);
}

/* Moves l's cards out of the game. */
static void
discard_all(struct game *g, struct cards *l)
{
	cards_append(&g->cleared, l);
	cards_clear(l);
}

static void
apply_leave(struct game *g, int seat, struct cd_said *sd)
{
	int i;

	if (g->state[seat] == SEAT_SAFE) {
		g->state[seat] = SEAT_GONE;
		game_cat(sd->pub, _("{p:%d} leaves the table, keeping place "
		    "%d."), seat, g->place[seat]);
		return;
	}
	game_cat(sd->pub, _("{p:%d} leaves the game; their cards go out of "
	    "the game."), seat);
	discard_all(g, &g->hand[seat]);
	discard_all(g, &g->up[seat]);
	for (i = 0; i < CD_DOWN; i++) {
		if (g->down[seat][i] >= 0)
			cards_add(&g->cleared, g->down[seat][i]);
		g->down[seat][i] = -1;
	}
	g->state[seat] = SEAT_LEFT;
	g->place[seat] = 0;
	if (cd_nactive(g) < 2)
		end_game(g, 0, sd);
	else if (g->turn == seat)
		g->turn = next_seat(g, seat, 1, NULL, NULL);
}

static void
cheesedog_apply(struct game *g, const struct game_move *mv,
    struct game_out *out)
{
	struct cd_said sd;

	cd_said_open(&sd, out);
	switch (mv->verb) {
	case VERB_LEAVE:
		apply_leave(g, mv->seat, &sd);
		break;
	case VERB_PLAY:
		apply_play(g, mv, &sd);
		break;
	case VERB_PICKUP:
		apply_pickup(g, mv->seat, &sd);
		break;
	case VERB_FLIP:
		apply_flip(g, mv->seat, mv->argv[0], &sd);
		break;
	default:
		assert(!"cheesedog_apply: unknown verb");
	}
	cd_cat_next(g, sd.pub);
	cd_say(g, &sd, out);
}

static struct game *
cheesedog_create(const struct game_opts *opts, int nseats, int dealer,
    const struct rng *rng, struct game_out *out, char **cause)
{
	struct game *g;
	struct cards deck, rest;
	struct rng r = *rng;
	int i, s, k = 0;

	(void)opts;
	if (game_decks(&cheesedog_ops, nseats, dealer, CD_DECKS, 0,
	    cause) < 0)
		return NULL;
	g = xcalloc(1, sizeof *g);
	g->nseats = nseats;
	g->dealer = dealer;
	g->turn = (dealer + 1) % nseats;
	g->dir = 1;
	g->loser = -1;
	cards_deck(&deck, CD_DECKS);
	rng_shuffle(&r, deck.c, (size_t)deck.n);
	/* One at a time from the dealer's left: four rounds face down,
	 * four face up, then the rest as hands. */
	for (i = 0; i < nseats * CD_DOWN; i++)
		g->down[(g->turn + i) % nseats][i / nseats] = deck.c[k++];
	for (i = 0; i < nseats * CD_DOWN; i++) {
		g->shown[deck.c[k]] = 1;
		cards_add(&g->up[(g->turn + i) % nseats], deck.c[k++]);
	}
	cards_clear(&rest);
	while (k < deck.n)
		cards_add(&rest, deck.c[k++]);
	cards_deal(&rest, g->hand, nseats, g->turn);
	for (s = 0; s < nseats; s++) {
		cd_sort(&g->hand[s]);
		cd_sort(&g->up[s]);
	}
	cd_say_deal(g, out);
	return g;
}

static void
cheesedog_destroy(struct game *g)
{
	free(g);
}

static void
cheesedog_turn(const struct game *g, struct game_turn *t)
{
	memset(t, 0, sizeof *t);
	t->over = g->over;
	t->seat = g->over ? -1 : g->turn;
	t->accused = t->speaker = -1;
}

static void
cheesedog_result(const struct game *g, struct game_result *r)
{
	int s;

	memset(r, 0, sizeof *r);
	r->nseats = g->nseats;
	/* "There are no winners, but there is always one loser." */
	r->winner = -1;
	r->loser = g->loser;
	for (s = 0; s < g->nseats; s++) {
		r->place[s] = g->place[s];
		r->points[s] = g->hand[s].n + g->up[s].n + cd_ndown(g, s);
	}
}

static const char *const cheesedog_rules[] = {
	N_("No winners, one loser: the last player left holding cards. "
	"Everything is played face up; moves may be typed in the channel "
	"or in private."),
	N_("On your turn play cards of one rank, equal to or higher than "
	"the top of the pile (aces high): {c:play 5h 5c}. Nothing plays? "
	"{c:pickup} takes the whole pile into your hand."),
	N_("Your hand goes first, then your four face-up cards, then your "
	"four face-down cards, blind: {c:flip 3} turns card 3 over, and if "
	"it does not play you pick up the pile with it."),
	N_("A 2 plays on anything; a 7 skips the next player; after an 8 "
	"play 8 or lower; a 9 reverses; a 10, or four of a rank on top, "
	"clears the pile, and you start the next."),
	NULL,
};

const struct game_ops cheesedog_ops = {
	.name = "cheesedog",
	.title = "Cheesedog",
	.brief = N_("play equal or higher, face up, from hand, face-up and "
	    "face-down cards; 2 7 8 9 10 are special; the last one holding "
	    "cards loses"),
	.rules = cheesedog_rules,
	.min_seats = 3,
	.max_seats = 8,
	.options = NULL,
	.cmds = cheesedog_cmds,
	.verbs = cheesedog_verbs,
	.loser_game = 1,
	.create = cheesedog_create,
	.destroy = cheesedog_destroy,
	.turn = cheesedog_turn,
	.parse = cheesedog_parse,
	.command = cheesedog_command,
	.check = cheesedog_check,
	.apply = cheesedog_apply,
	.timeout = cheesedog_timeout,
	.sample = cheesedog_sample,
	.view = cheesedog_view,
	.result = cheesedog_result,
	.invariants = cheesedog_invariants,
	.copy = cheesedog_copy,
	.observe = cheesedog_observe,
	.redeal = cheesedog_redeal,
	.claims = 0,
	.story = cheesedog_story,
	.reveal = cheesedog_reveal,
	.unseen = cheesedog_unseen,
	.ai = &cheesedog_ai,
};
