/*
 * What a table says: the messages the rules emit for one move (or the
 * deal, a view, a resumption) are gathered here, then rendered for each
 * reader (the seats' nicks, the questions their cards carry, colour as the
 * reader chose) and sent: all of a move's public text as one channel text,
 * then each seat's private pieces as one private text, by the seat's
 * NOTICE or PRIVMSG, queued to follow the channel text.  Who must act is
 * read from the table's turn (t->turn, worked out once when the game
 * changed), whose private text is their prompt.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "bot/core/render.h"
#include "bot/core/table-int.h"
#include "bot/core/table.h"
#include "alloc/xalloc.h"
#include "games/intl.h"

const char *
table_lang(struct table *t)
{
	const char *l = prefs_chan_lang(t->b, t->chan);

	lang_use(l);
	return l;
}

const char *
table_seat_lang(struct table *t, int seat)
{
	return prefs_lang(t->b, &t->seats[seat].prefs, t->chan);
}

int
table_langs(struct table *t, char langs[][LANG_MAX])
{
	const char *chan = prefs_chan_lang(t->b, t->chan), *l;
	int i, j, n = 0;

	for (i = 0; i < t->nseats; i++) {
		if (t->seats[i].ai || t->seats[i].gone || t->seats[i].away)
			continue;
		l = table_seat_lang(t, i);
		if (lang_same(l, chan))
			continue;
		for (j = 0; j < n && !lang_same(langs[j], l); j++)
			;
		if (j == n)
			snprintf(langs[n++], LANG_MAX, "%s", l);
	}
	return n;
}

void
table_out_take(struct table *t, struct table_out *o, struct table_out *other,
    const char *lang)
{
	struct buf swap;
	int i;

	for (i = 0; i < t->nseats; i++) {
		if (lang_same(table_seat_lang(t, i), lang)) {
			swap = o->priv[i];
			o->priv[i] = other->priv[i];
			other->priv[i] = swap;
		}
	}
	buf_free(&other->pub);
	for (i = 0; i < GAME_MAX_SEATS; i++)
		buf_free(&other->priv[i]);
	table_out_init(other);
}

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
	o->cls = QUEUE_GAME;
	o->mover = TABLE_OUT_NONE;
}

/* In the language written in now: the questions' text is looked up in
 * its catalog (render.c). */
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

int
table_must_act(const struct table *t, int seat)
{
	const struct game_turn *tu = &t->turn;

	return t->g != NULL && !tu->over && (tu->seat == seat ||
	    (tu->wait && (tu->window & (1u << seat))));
}

/* A prompt again, the seat's move still to come, into out: "Your turn
 * (changed)...", as every prompt starts "Your turn" and a player looks
 * for that; any other text gets "Changed:" in front.  In the language
 * written in now, the seat's. */
static void
table_out_changed(struct buf *out, const char *prompt)
{
	/* TRANSLATORS: how every prompt to play starts, as the games'
	 * prompts write it ("Your turn: declare threes..."); it must be
	 * the same words as theirs. */
	const char *lead = _("Your turn");

	if (strncmp(prompt, lead, strlen(lead)) == 0)
		/* TRANSLATORS: put after "Your turn" in a prompt said
		 * again because another's move changed it. */
		buf_addf(out, "%s {b:%s}%s", lead, _("(changed)"),
		    prompt + strlen(lead));
	else
		/* TRANSLATORS: put before a prompt that is not a turn
		 * (a call to make, a card to pass), said again because
		 * another's move changed it. */
		buf_addf(out, "{b:%s} %s", _("Changed:"), prompt);
}

/* Sends seat i's private text in o, if any, after line after, and
 * forgets it; the number of its last line, 0 when none was sent.  A
 * seat that must act and was prompted already since its own last move
 * is prompted again because another's move (a call, a question, a
 * window closed, a leave) changed what it may do: the prompt says so,
 * once (table_out_changed()). */
static uint64_t
table_out_seat(struct table *t, struct table_out *o, int i, uint64_t after,
    struct buf *text)
{
	const struct seat *s = &t->seats[i];
	unsigned bit = 1u << i;
	int act = o->cls == QUEUE_GAME && table_must_act(t, i);
	struct buf changed = BUF_INIT;
	uint64_t seq = 0;

	if (o->cls == QUEUE_GAME && (o->mover == i || !act))
		t->prompted &= ~bit;
	if (o->priv[i].len > 0 && !s->gone && !s->away && !s->ai) {
		lang_use(table_seat_lang(t, i));
		if (act && o->mover != TABLE_OUT_NONE && (t->prompted & bit)) {
			table_out_changed(&changed, buf_str(&o->priv[i]));
			buf_free(&o->priv[i]);
			o->priv[i] = changed;
		}
		table_render(t, text, buf_str(&o->priv[i]), s->prefs.colour);
		table_lang(t);
		if (o->cls == QUEUE_GAME)
			seq = say_game_to(t->b, act ? QUEUE_GAME : QUEUE_NEWS,
			    s->nick, s->prefs.notice, t->chan, buf_str(text),
			    after);
		else
			say_to(t->b, s->nick, s->prefs.notice, t->chan,
			    buf_str(text));
		if (act)
			t->prompted |= bit;
	}
	buf_free(&o->priv[i]);
	return seq;
}

/* The channel text first, then each seat's private text after it: a
 * player reads the move, then what it means for them (the prompt it
 * causes, a hand it changed).  The prompts are queued before the other
 * seats' lines, so that when the pipe is busy the seats that must act
 * hear first (a deal's first player, a swap's).  A table's story is told
 * in order: each private text follows the one queued before it, and the
 * channel text follows everything the table said before (t->said_last),
 * so a call that changes what a prompted seat may do is read after that
 * prompt, never before it (the prompt would then be stale when read),
 * and the prompt it causes says what changed.  A game's output notes the
 * line its turn clock waits for (t->out_seq): the prompt of the seat to
 * act, else the channel text (a seat played by an AI, or away). */
void
table_out_flush(struct table *t, struct table_out *o)
{
	struct buf text = BUF_INIT;
	char was[LANG_MAX];
	uint64_t chan = 0, prev, seq;
	int i, act, pass;

	snprintf(was, sizeof was, "%s", lang_now());
	table_lang(t);
	if (o->pub.len > 0) {
		table_render(t, &text, buf_str(&o->pub), 1);
		chan = say_chan_after(t->b, t->chan, o->cls, buf_str(&text),
		    o->cls == QUEUE_GAME ? t->said_last : 0);
	}
	prev = chan;
	if (o->cls == QUEUE_GAME)
		t->out_seq = chan;
	for (pass = 1; pass >= 0; pass--) {
		for (i = 0; i < t->nseats; i++) {
			act = o->cls == QUEUE_GAME && table_must_act(t, i);
			if (act != pass)
				continue;
			if ((seq = table_out_seat(t, o, i, prev, &text)) == 0)
				continue;
			prev = seq;
			if (act)
				t->out_seq = seq;
		}
	}
	if (o->cls == QUEUE_GAME && prev != 0)
		t->said_last = prev;
	buf_free(&text);
	buf_free(&o->pub);
	for (i = 0; i < GAME_MAX_SEATS; i++)
		buf_free(&o->priv[i]);
	table_out_init(o);
	lang_use(was);
}

uint64_t
table_say(struct table *t, const char *text)
{
	return say_chan_after(t->b, t->chan, QUEUE_GAME, text, t->said_last);
}

uint64_t
table_sayf(struct table *t, const char *fmt, ...)
{
	va_list ap;
	char *text;
	uint64_t seq;

	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	seq = table_say(t, text);
	free(text);
	return seq;
}
