/*
 * What a table says: the messages the rules emit for one move (or the
 * deal, a view, a resumption) are gathered here, then rendered for each
 * reader (the seats' nicks, the questions their cards carry, colour as the
 * reader chose) and sent: all of a move's public text as one channel text,
 * each seat's private pieces as one private text, by the seat's NOTICE or
 * PRIVMSG.  Who must act is read from the table's turn (t->turn, worked
 * out once when the game changed), whose private text is their prompt.
 */
#include <string.h>

#include "bot/core/core.h"
#include "bot/core/render.h"
#include "bot/core/table-int.h"

/* The emit callback of struct game_out: gathers one move's messages. */
static void
table_out_emit(void *ctx, int seat, const char *text)
{
	struct table_out *o = ctx;
	struct buf *to;

	if (seat == GAME_PUBLIC)
		to = &o->pub;
	else if (seat >= 0 && seat < GAME_MAX_SEATS)
		to = &o->priv[seat];
	else
		return;
	if (to->len > 0)
		buf_addc(to, ' ');
	buf_adds(to, text);
}

void
table_out_init(struct table_out *o)
{
	memset(o, 0, sizeof *o);
	o->out.emit = table_out_emit;
	o->out.ctx = o;
}

void
table_render(struct table *t, struct buf *text, const char *markup,
    int colour)
{
	const char *names[GAME_MAX_SEATS];
	struct buf asked = BUF_INIT;
	int i;

	for (i = 0; i < t->nseats; i++)
		names[i] = t->seats[i].nick;
	render_questions(&asked, markup, t->b->conf->questions, t->seed);
	buf_reset(text);
	render(text, buf_str(&asked), names, t->nseats, colour);
	buf_free(&asked);
}

/* Whether seat must act now in t's game (its turn, or a move it owes
 * with others): what it is told is its prompt. */
static int
table_must_act(const struct table *t, int seat)
{
	const struct game_turn *tu = &t->turn;

	return t->g != NULL && !tu->over && (tu->seat == seat ||
	    (tu->wait && (tu->window & (1u << seat))));
}

/* Whether the prompts of o go before its channel text: when nobody may
 * react to that text (no challenge window is open; a move several seats
 * owe is no challenge), nobody needs it to act, and the players who must
 * act do need their prompts.  With a quiet queue all go at once anyway.
 * When the bot waits for its flood rate, the player to act hears first,
 * and the channel text waits where the queue can merge the next move's
 * text into it (queue.h): a fast player's draw and discard, or play and
 * play, cost the channel one line, not two.  When a window is open, the
 * channel text is what the callers act on: it goes first. */
static int
table_prompts_first(const struct table *t)
{
	const struct game_turn *tu = &t->turn;

	return t->g != NULL && !tu->over && (tu->window == 0 || tu->wait);
}

/* Sends seat i's private text in o, if any, and forgets it. */
static void
table_out_seat(struct table *t, struct table_out *o, int i,
    struct buf *text)
{
	const struct seat *s = &t->seats[i];

	if (o->priv[i].len > 0 && !s->gone && !s->away && !s->ai) {
		table_render(t, text, buf_str(&o->priv[i]), s->prefs.colour);
		(table_must_act(t, i) ? say_prompt : say_to)(t->b, s->nick,
		    s->prefs.notice, t->chan, buf_str(text));
	}
	buf_free(&o->priv[i]);
}

void
table_out_flush(struct table *t, struct table_out *o)
{
	struct buf text = BUF_INIT;
	int i;

	if (table_prompts_first(t)) {
		for (i = 0; i < t->nseats; i++)
			if (table_must_act(t, i))
				table_out_seat(t, o, i, &text);
	}
	if (o->pub.len > 0) {
		table_render(t, &text, buf_str(&o->pub), 1);
		say_chan(t->b, t->chan, buf_str(&text));
	}
	for (i = 0; i < t->nseats; i++)
		table_out_seat(t, o, i, &text);
	buf_free(&text);
	buf_free(&o->pub);
	for (i = 0; i < GAME_MAX_SEATS; i++)
		buf_free(&o->priv[i]);
	table_out_init(o);
}
