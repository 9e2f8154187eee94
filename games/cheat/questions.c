/*
 * Cheater! with question cards ("questions"): Cheat's sibling, played with
 * Cheat's own state and code (cheat-int.h) and only this file of its own,
 * which extends Cheat: its hooks (struct cheat_ext), installed when it
 * creates its game, are how Cheat's files hand it the question, and it
 * calls Cheat's functions, never the other way round.
 *
 * Rules in brief (docs/games/questions.md has every choice).  3 to 8
 * players, one deck (two with decks=2), dealt evenly; the rest lies face
 * down on the pile.  The ranks are called in order: the first player lays
 * aces, the next twos, up to kings and round again.  A play is one or more
 * cards face down, claimed as that many of the rank ("bob plays 2 cards:
 * two fours"), whatever they are.  Until the next play, anyone else may
 * call cheat: the cards are shown; a liar takes the pile, else the caller
 * does.  Then a question: when the liar was caught, the caller may ask the
 * liar the question on one of the cards laid; when the call was wrong, the
 * player called may ask anyone the question on one of them.  An asker who
 * lets the choice run out of time asks nothing.  The question is said in
 * the channel and the game waits for the answer, not judged: until the
 * player asked says something in the channel (turn().speaker, heard()),
 * the asker or the one asked types next, or the bot's answer time is up.
 * Then play goes on with the player after the one called.  The first to
 * lay their last card and pass the play on without being caught wins.
 *
 * The rules know the questions only as {q:CARD} markup: the bot holds the
 * question file and which card carries which question in each game.
 *
 * Move grammar (private; ask anywhere):
 *   play CARD...            lay cards claimed as the rank of this turn
 *   cheat                   aliases cheater, bs (channel too)
 *   ask CARD [NICK] | ask none
 *   next                    (channel too) the wait for the answer is over
 * Verbs and the move log, beside Cheat's: ask CARD SEAT (or none);
 * answered (the table, when the answer's time is up); next (the one
 * asked ends the wait, heard or typing it, or the asker does).  Verbs are
 * only ever added at the end, so stored move logs still parse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/cards.h"
#include "cheat.h"
#include "cheat-int.h"
#include "games/game.h"
#include "games/intl.h"
#include "games/rng.h"

static const struct game_option questions_options[] = {
	{ "decks", 1, CARDS_MAX_DECKS, 1, N_("decks of 52: 2 for big tables"),
	    /* TRANSLATORS: the option's values in words, for the
	     * lobby line: one form per value from the lowest on,
	     * separated by '|' (keep the number of forms). */
	    N_("1 deck|2 decks") },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct game_cmd questions_cmds[] = {
	/* TRANSLATORS: the play command's arguments: CARD stands for a
	 * card as typed. */
	[CMD_PLAY] = { "play", "lay put", GAME_WHERE_PRIVATE, N_("CARD..."),
	    N_("lay cards face down as the rank of this turn, e.g. play 4h "
	    "7c"), 0 },
	[CMD_CHEAT] = { "cheat", "cheater bs", GAME_WHERE_BOTH, "",
	    N_("call the last play a lie; its cards are shown"), 0 },
	[CMD_ASK] = { "ask", NULL, GAME_WHERE_BOTH,
	    /* TRANSLATORS: the ask command's arguments: CARD and NICK
	     * stand for a card and a nick as typed; "none" is typed as
	     * it is. */
	    N_("CARD [NICK], or none"),
	    N_("after a call: the card whose question you ask, and of whom"),
	    2 },
	[CMD_NEXT] = { "next", NULL, GAME_WHERE_BOTH, "",
	    N_("after a question (the one asked, or the asker): end the wait "
	    "for the answer"), 0 },
	{ NULL, NULL, 0, NULL, NULL, 0 },
};

static const char *const questions_verbs[] = {
	"leave", "play", "cheat", "close", "ask", "answered", "next", NULL,
};

/* Sends the asker the questions to choose from. */
static void
questions_prompt(const struct game *g, struct game_out *out)
{
	char *line = NULL, card[16];
	int i;

	if (game_quiet(out))
		return;
	if (g->answerer >= 0)
		/* TRANSLATORS: "ask CARD" and "ask none" are typed as
		 * they are (CARD stands for a card); a list of cards and
		 * their questions follows. */
		game_cat(&line, _("Your turn: ask {p:%d} one of these (ask "
		    "CARD, or ask none):"), g->answerer);
	else
		/* TRANSLATORS: "ask CARD NICK" and "ask none" are typed
		 * as they are (CARD and NICK stand for a card and a
		 * nick); a list of cards and their questions follows. */
		game_cat(&line, _("Your turn: ask anyone one of these (ask "
		    "CARD NICK, or ask none):"));
	for (i = 0; i < g->asked.n; i++) {
		cards_markup(g->asked.c[i], card, sizeof card);
		game_cat(&line, "%s %s: {q:%d}", i > 0 ? ";" : "", card,
		    g->asked.c[i]);
	}
	game_say(out, g->asker, "%s", line);
	free(line);
}

/* A challenge settled, its question begins: asker and answerer from who
 * was right. */
static void
questions_begin(struct game *g, int caller, int accused, int honest,
    const struct cards *laid, struct game_out *out)
{
	int i;

	g->caller = caller;
	g->asker = honest ? accused : caller;
	g->answerer = honest ? -1 : accused;
	/* A card laid twice (two decks) is one choice: "ask CARD" names it
	 * by rank and suit, so only its first copy could be asked. */
	cards_clear(&g->asked);
	for (i = 0; i < laid->n; i++) {
		if (cards_find_rs(&g->asked, cards_rank(laid->c[i]),
		    cards_suit(laid->c[i])) < 0)
			cards_add(&g->asked, laid->c[i]);
	}
	g->after = cheat_next_active(g, accused);
	g->turn = g->asker;
	questions_prompt(g, out);
}

/* The question is over: play goes on. */
static void
questions_end(struct game *g)
{
	g->asker = g->answerer = g->caller = g->questioner = -1;
	g->answering = 0;
	cards_clear(&g->asked);
	g->turn = g->after;
	g->after = -1;
}

/* A move of the question: ask (or ask none), answered, next. */
static void
questions_apply(struct game *g, const struct game_move *mv, char **line)
{
	char card[16];

	if (mv->verb == VERB_ANSWERED) {
		game_cat(line, _("Time is up for the answer."));
		questions_end(g);
		return;
	}
	if (mv->verb == VERB_NEXT) {
		game_cat(line, mv->seat == g->answerer ?
		    _("{p:%d} has answered.") : _("{p:%d} moves on."),
		    mv->seat);
		questions_end(g);
		return;
	}
	if (mv->argc == 0) {
		game_cat(line, _("{p:%d} asks no question."), g->asker);
		questions_end(g);
		return;
	}
	cards_markup(mv->argv[0], card, sizeof card);
	/* Who answers, and how the wait may end before the answer's
	 * time (any line of theirs in the channel is the answer). */
	/* TRANSLATORS: the asker, the player asked, the card, its
	 * question, the player asked again; "next" is typed as it is. */
	game_cat(line, _("{p:%d} asks {p:%d} the question on %s: {q:%d} - "
	    "{p:%d} answers in the channel; next goes on."), g->asker,
	    mv->argv[1], card, mv->argv[0], mv->argv[1]);
	g->answerer = mv->argv[1];
	g->questioner = g->asker;
	g->asker = -1;
	g->answering = 1;
	g->turn = -1;
}

/* The move of "ask" typed by seat. */
static int
parse_ask(const struct game *g, int seat, int argc, char **argv,
    struct game_move *mv, char **cause)
{
	int rank, suit, k;

	mv->seat = seat;
	mv->verb = VERB_ASK;
	if (argc == 1 && strcasecmp(argv[0], "none") == 0)
		return 0;
	if (argc < 1 || argc > 2)
		/* TRANSLATORS: "ask CARD [NICK]" and "ask none" are
		 * typed as they are (CARD, NICK: a card, a nick). */
		return game_fail(cause, _("say which card's question you "
		    "ask: ask CARD [NICK], or ask none"));
	if (cards_parse_card(argv[0], &rank, &suit, cause) != 0)
		return -1;
	if (seat != g->asker) {
		/* Not theirs to ask: check() says so, not the words. */
		mv->argc = 2;
		mv->argv[0] = cards_id(rank, suit, 0);
		mv->argv[1] = -1;
		return argc == 2 ? game_parse_seat(argv[1], g->nseats,
		    &mv->argv[1], cause) : 0;
	}
	k = cards_find_rs(&g->asked, rank, suit);
	if (k < 0)
		return game_fail(cause, _("'%s' is not one of the cards "
		    "called"), argv[0]);
	mv->argc = 2;
	mv->argv[0] = g->asked.c[k];
	if (argc == 2)
		return game_parse_seat(argv[1], g->nseats, &mv->argv[1], cause);
	if (g->answerer < 0)
		/* TRANSLATORS: "ask %s NICK" is typed as it is, with a
		 * nick for NICK; %s is the card. */
		return game_fail(cause, _("name who answers: ask %s NICK"),
		    argv[0]);
	mv->argv[1] = g->answerer;
	return 0;
}

/* The move of "next" typed by seat (words after it are table talk). */
static void
questions_parse_next(int seat, struct game_move *mv)
{
	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	mv->verb = VERB_NEXT;
}

/* ask and next, typed by seat. */
static int
questions_parse(const struct game *g, int seat, int cmd, int argc,
    char **argv, struct game_move *mv, char **cause)
{
	if (cmd == CMD_NEXT) {
		questions_parse_next(seat, mv);
		return 0;
	}
	return parse_ask(g, seat, argc, argv, mv, cause);
}

/* Checks a move of the question. */
static int
questions_check(const struct game *g, const struct game_move *mv,
    char **cause)
{
	int target;

	if (mv->verb == VERB_NEXT) {
		if (mv->argc != 0)
			return game_fail(cause, "next takes no arguments");
		if (!g->answering)
			return game_fail(cause, _("no answer is awaited"));
		return mv->seat >= 0 && (mv->seat == g->answerer ||
		    mv->seat == g->questioner) ? 0 : game_fail(cause,
		    _("only the player asked, or the one who asked, ends the "
		    "wait"));
	}
	if (mv->verb == VERB_ANSWERED)
		return mv->seat == GAME_SEAT_TABLE && g->answering &&
		    mv->argc == 0 ? 0 : game_fail(cause, _("no answer is "
		    "awaited"));
	if (g->asker < 0 || mv->seat != g->asker)
		return game_fail(cause, _("there is no question for you to "
		    "ask"));
	if (mv->argc == 0)
		return 0;
	if (mv->argc != 2 || cards_find(&g->asked, mv->argv[0]) < 0)
		return game_fail(cause, _("ask the question on one of the "
		    "cards called"));
	target = mv->argv[1];
	if (target < 0 || target >= g->nseats || g->state[target] != SEAT_IN)
		return game_fail(cause, _("that player is not in the game"));
	if (target == mv->seat)
		return game_fail(cause, _("ask someone else"));
	if (g->answerer >= 0 && target != g->answerer)
		return game_fail(cause, _("the question is for the player "
		    "caught"));
	return 0;
}

/* The command that makes a move of the question. */
static int
questions_command(const struct game_move *mv, char *buf, size_t size)
{
	char card[16];

	if (mv->verb == VERB_NEXT) {
		snprintf(buf, size, "next");
		return CMD_NEXT;
	}
	if (mv->verb != VERB_ASK)
		return -1;
	if (mv->argc == 0) {
		snprintf(buf, size, "ask none");
		return CMD_ASK;
	}
	cards_plain(mv->argv[0], card, sizeof card);
	snprintf(buf, size, "ask %s {p:%d}", card, mv->argv[1]);
	return CMD_ASK;
}

/* The asker "may" ask: one who lets the choice run out of time asks
 * nothing (the rules text never has the bot ask for them). */
static void
questions_timeout(const struct game *g, struct game_move *mv)
{
	memset(mv, 0, sizeof *mv);
	if (g->answering) {
		mv->seat = GAME_SEAT_TABLE;
		mv->verb = VERB_ANSWERED;
		return;
	}
	mv->seat = g->asker;
	mv->verb = VERB_ASK;
}

/* The player asked has said something in the channel: the answer, which
 * ends the wait as if they had typed next. */
static void
questions_heard(const struct game *g, struct game_move *mv)
{
	questions_parse_next(g->answerer, mv);
}

static void
questions_sample(const struct game *g, struct rng *rng,
    struct game_move *mv)
{
	int others[GAME_MAX_SEATS], n = 0, s, r;

	questions_timeout(g, mv);
	if (g->answering) {
		/* Half the time the answer's time runs out; else the one
		 * asked answers, or the asker (when still in) goes on. */
		r = (int)rng_below(rng, 4);
		if (r == 0 || (r == 1 && g->questioner >= 0))
			questions_parse_next(r == 0 ? g->answerer :
			    g->questioner, mv);
		return;
	}
	if (rng_below(rng, 5) == 0)
		return;
	mv->argc = 2;
	mv->argv[0] = g->asked.c[rng_below(rng, (uint32_t)g->asked.n)];
	mv->argv[1] = g->answerer;
	if (g->answerer >= 0)
		return;
	for (s = 0; s < g->nseats; s++) {
		if (g->state[s] == SEAT_IN && s != g->asker)
			others[n++] = s;
	}
	mv->argv[1] = others[rng_below(rng, (uint32_t)n)];
}

/* seat leaves during a question: 1 if that settled whose turn it is. */
static int
questions_leave(struct game *g, int seat)
{
	if (g->asker < 0 && !g->answering)
		return 0;
	if (seat == g->after)
		g->after = cheat_next_active(g, seat);
	if (seat == g->caller)
		g->caller = -1;
	if (seat == g->questioner)	/* the answer is still awaited */
		g->questioner = -1;
	if (seat == g->asker || seat == g->answerer)
		questions_end(g);
	return 1;
}

/* The question's part of the invariants. */
static int
questions_invariants(const struct game *g, char **cause)
{
	int i;

	if (g->over || (g->asker < 0 && !g->answering))
		return g->asked.n == 0 && g->after < 0 && g->questioner < 0 ?
		    0 : game_fail(cause, "a question is left over");
	if (g->after < 0 || g->state[g->after] != SEAT_IN)
		return game_fail(cause, "nobody plays after the question");
	if (g->answering && (g->questioner == g->answerer ||
	    (g->questioner >= 0 && g->state[g->questioner] != SEAT_IN)))
		return game_fail(cause, "the question was asked by nobody");
	if (g->answering)
		return g->turn == -1 && g->asker < 0 && g->answerer >= 0 &&
		    g->state[g->answerer] == SEAT_IN ? 0 :
		    game_fail(cause, "an answer awaited from nobody");
	if (g->turn != g->asker || g->state[g->asker] != SEAT_IN ||
	    g->asked.n == 0 || g->open || g->questioner >= 0)
		return game_fail(cause, "a question to ask is wrong");
	/* The cards called name the questions, wherever they are now (the
	 * pile's taker may have left, and their cards gone under the
	 * pile): each a card of the game, each rank and suit once. */
	for (i = 0; i < g->asked.n; i++) {
		if (g->asked.c[i] < 0 || g->asked.c[i] >= g->decks * CARDS_DECK)
			return game_fail(cause, "no card %d called",
			    g->asked.c[i]);
		if (cards_find_rs(&g->asked, cards_rank(g->asked.c[i]),
		    cards_suit(g->asked.c[i])) != i)
			return game_fail(cause, "a card called twice");
	}
	return 0;
}

/* What Questions adds to Cheat: the ranks called in order, and the
 * question after every challenge. */
static const struct cheat_ext questions_ext = {
	.ops = &questions_ops,
	.ordered = 1,
	.begin = questions_begin,
	.apply = questions_apply,
	.leave = questions_leave,
	.prompt = questions_prompt,
	.parse = questions_parse,
	.check = questions_check,
	.command = questions_command,
	.timeout = questions_timeout,
	.sample = questions_sample,
	.invariants = questions_invariants,
};

static struct game *
questions_create(const struct game_opts *opts, int nseats, int dealer,
    const struct rng *rng, struct game_out *out, char **cause)
{
	return cheat_new(&questions_ops, &questions_ext, opts, nseats, dealer,
	    rng, out, cause);
}

static const char *const questions_rules[] = {
	/* TRANSLATORS: a line of the rules; in the lines after it, what
	 * is inside {m:...} and {c:...} is typed as it is and stays
	 * ("bob" is a nick). */
	N_("Be the first to get rid of all your cards. The turns call the "
	"ranks in order: aces, twos, threes ... kings, then aces again."),
	N_("On your turn lay one or more cards face down, in private, as "
	"this turn's rank, true or not: {m:play 4h 7c} lays two cards as "
	"two of the rank called."),
	N_("Think a play was a lie? {c:cheat}. A liar picks up the pile and "
	"you ask them the question on one of their cards; if it was true, "
	"you pick it up and they ask anyone."),
	N_("The asker gets the questions in private and picks one: "
	"{c:ask 7h} (of the liar), {c:ask 7h bob} (after a wrong call, of "
	"bob) or {c:ask none}."),
	N_("The one asked answers in the channel, and play goes on; "
	"{c:next} (the asker or the one asked) goes on without an answer."),
	NULL,
};

const struct game_ops questions_ops = {
	.name = "questions",
	.title = "Cheater! with questions",
	.brief = N_("lay aces, twos, threes... face down and call out the "
	    "liars; every call ends with a question"),
	.rules = questions_rules,
	.min_seats = 3,
	.max_seats = 8,
	.options = questions_options,
	.cmds = questions_cmds,
	.verbs = questions_verbs,
	.reactions = 1u << VERB_CHEAT,
	.create = questions_create,
	.destroy = cheat_destroy,
	.turn = cheat_turn,
	.parse = cheat_parse,
	.command = cheat_command,
	.check = cheat_check,
	.apply = cheat_apply,
	.timeout = cheat_timeout,
	.heard = questions_heard,
	.sample = cheat_sample,
	.view = cheat_view,
	.result = cheat_result,
	.invariants = cheat_invariants,
	.copy = cheat_copy,
	.observe = cheat_observe,
	.redeal = cheat_redeal,
	.claims = 1,
	.story = cheat_story,
	.reveal = cheat_reveal,
	.unseen = cheat_unseen,
	.ai = &cheat_ai,
};
