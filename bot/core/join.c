/*
 * Which channels the bot asks to join, and why it is not in one.
 *
 * The configuration lists any number of channels; the server decides how
 * many one client may be in, and says so in its 005 (ISUPPORT) reply:
 * CHANLIMIT=#&:50 (a number per group of channel prefixes; none, 0 or a
 * negative number for no limit: ngircd's MaxJoins = 0, "no limit", says
 * CHANLIMIT=#&+:0), or the older MAXCHANNELS=50 (0: no limit).  The bot
 * asks for its channels with a game waiting first (a game rebuilt after a
 * restart, or one whose channel it lost), then in the configuration's
 * order, and, where it knows the limit, for no more than it: the others
 * are not asked for.  Before the first 005 it knows none (001 comes
 * first), so it asks for all and the server refuses the ones past its
 * limit with 405; a later connection keeps the last limit heard until a
 * 005 says another.  A 005 that raises the limit or lifts it sends the
 * JOINs it had held back.
 *
 * A refused JOIN comes back as a numeric: 405 too many channels, 471 full
 * (+l), 473 invite only (+i), 474 banned (+b), 475 a key needed (+k), and
 * a few servers' others (403, 437, 477, 489).  Each refusal, and each
 * channel held back, is logged at once, with the reason and the server's
 * words; the admins the bot can see are told in one private summary a few
 * seconds later (at most one a minute), not a line per channel.  A
 * refused channel is asked for again at the next connection or reload.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"

#define JOIN_REPORT_MS 5000	/* refusals gathered before admins hear */
#define JOIN_REPORT_GAP 60000	/* between two summaries, at least */
#define JOIN_REPORT_NAMES 10	/* channels named per reason */

/* Why a channel is not joined: the numeric, or JOIN_HELD.  The reasons
 * are English in the log and translated in the admins' summary. */
#define JOIN_HELD 1

static const struct {
	int code;
	const char *why;
} join_reasons[] = {
	{ JOIN_HELD, N_("not asked for, the server allowing no more (005 "
	    "CHANLIMIT)") },
	{ 405, N_("the server allows no more channels") },
	{ 471, N_("the channel is full (+l)") },
	{ 473, N_("the channel is invite only (+i)") },
	{ 474, N_("the bot is banned there (+b)") },
	{ 475, N_("the channel needs a key (+k)") },
	{ 403, N_("no such channel") },
	{ 437, N_("the channel is unavailable just now") },
	{ 477, N_("the channel is for registered nicks") },
	{ 489, N_("the channel is for secure connections") },
	{ 0, NULL },
};

static const char *
join_why(int code)
{
	int i;

	for (i = 0; join_reasons[i].why != NULL; i++)
		if (join_reasons[i].code == code)
			return join_reasons[i].why;
	return "refused";
}


/* The group of limits a channel named name counts in, or -1. */
static int
join_group(const struct bot *b, const char *name)
{
	int i;

	for (i = 0; i < b->nlimits; i++)
		if (strchr(b->limits_of[i].prefixes, name[0]) != NULL)
			return i;
	return -1;
}

/* The limit for a channel named name, or -1 for none known. */
static int
join_limit(const struct bot *b, const char *name)
{
	int g = join_group(b, name);

	return g >= 0 ? b->limits_of[g].max : -1;
}

static void join_report(void *arg, uint64_t now);

/* Arms the admins' summary, unless it is armed. */
static void
join_report_soon(struct bot *b)
{
	uint64_t at = b->now + JOIN_REPORT_MS;

	if (b->t_join_report != 0)
		return;
	if (b->join_reported_at != 0 &&
	    at < b->join_reported_at + JOIN_REPORT_GAP)
		at = b->join_reported_at + JOIN_REPORT_GAP;
	b->t_join_report = timer_add(&b->timers, at, join_report, b);
}

/* c is not joined, for code's reason (server's words in text, if any). */
static void
join_refused(struct bot *b, struct chan *c, int code, const char *text)
{
	c->asked = 0;
	c->refused = code;
	c->refusal_told = 0;
	if (code == JOIN_HELD)
		log_warn("not joining %s: the server lets "
		    "a client be in %d channels starting with '%c' (005 "
		    "CHANLIMIT)", c->name, join_limit(b, c->name),
		    c->name[0]);
	else
		log_warn("cannot join %s: %s (%03d: %s)",
		    c->name, join_why(code), code, text);
	join_report_soon(b);
}

void
join_one(struct bot *b, struct chan *c)
{
	c->asked = 1;
	c->refused = 0;
	say_raw(b, QUEUE_JOIN, "JOIN %s", c->name);
}

/* Whether the bot belongs in c: the configuration lists it (and the bot
 * deals it, among its network's bots: chan_dealt()), or a game or lobby is
 * there (a reload may have dropped it since). */
int
join_wanted(const struct chan *c)
{
	return (c->configured && chan_dealt(c)) || c->table != NULL;
}

/* Asks for c unless it is joined, asked for or refused, or its group's
 * limit is reached: in[g] channels of group g are in or asked for. */
static void
join_pending_one(struct bot *b, struct chan *c, int *in)
{
	int g = join_group(b, c->name);

	if (!join_wanted(c) || c->joined || c->asked || c->refused != 0)
		return;
	if (g >= 0 && b->limits_of[g].max >= 0 &&
	    in[g] >= b->limits_of[g].max) {
		join_refused(b, c, JOIN_HELD, "");
		return;
	}
	if (g >= 0)
		in[g]++;
	join_one(b, c);
}

void
join_pending(struct bot *b)
{
	int in[JOIN_LIMITS] = { 0 }, i, g;

	if (!b->online)
		return;
	for (i = 0; i < b->nchans; i++) {
		if ((b->chans[i]->joined || b->chans[i]->asked) &&
		    (g = join_group(b, b->chans[i]->name)) >= 0)
			in[g]++;
	}
	/* Where a game waits first: past the limit, those matter most. */
	for (i = 0; i < b->nchans; i++)
		if (b->chans[i]->table != NULL)
			join_pending_one(b, b->chans[i], in);
	for (i = 0; i < b->nchans; i++)
		if (b->chans[i]->table == NULL)
			join_pending_one(b, b->chans[i], in);
}

void
join_retry(struct bot *b)
{
	int i;

	for (i = 0; i < b->nchans; i++) {
		b->chans[i]->refused = 0;
		b->chans[i]->refusal_told = 0;
	}
	join_pending(b);
}

void
join_reset(struct bot *b)
{
	int i;

	for (i = 0; i < b->nchans; i++)
		b->chans[i]->asked = 0;
	join_retry(b);
}

/* "CHANLIMIT=#&:50,+:10" (a group without a number, or with 0 or less,
 * has no limit) or "MAXCHANNELS=50" (0: none), from a 005 line: 1 if it
 * was one of those. */
static int
join_isupport(struct bot *b, const char *token)
{
	const char *p, *colon, *end;
	size_t len;
	int max;

	if (strncasecmp(token, "MAXCHANNELS=", 12) == 0) {
		snprintf(b->limits_of[0].prefixes,
		    sizeof b->limits_of[0].prefixes, "#&+!");
		b->limits_of[0].max = atoi(token + 12);
		b->nlimits = b->limits_of[0].max > 0;
		return 1;
	}
	if (strncasecmp(token, "CHANLIMIT=", 10) != 0)
		return 0;
	b->nlimits = 0;
	for (p = token + 10; *p != '\0' && b->nlimits < JOIN_LIMITS;
	    p = *end == ',' ? end + 1 : end) {
		end = p + strcspn(p, ",");
		colon = memchr(p, ':', (size_t)(end - p));
		if (colon == NULL)
			continue;
		len = (size_t)(colon - p);
		if (len >= sizeof b->limits_of[0].prefixes)
			len = sizeof b->limits_of[0].prefixes - 1;
		memcpy(b->limits_of[b->nlimits].prefixes, p, len);
		b->limits_of[b->nlimits].prefixes[len] = '\0';
		/* "#:" with no number, or "#:0": no limit for those. */
		max = colon + 1 < end ? atoi(colon + 1) : 0;
		b->limits_of[b->nlimits].max = max > 0 ? max : -1;
		b->nlimits++;
	}
	return 1;
}

int
join_event(struct bot *b, const char *command, const char **params,
    unsigned int count)
{
	struct chan *c;
	unsigned int i;
	int code, held = 0;

	if (strcmp(command, "005") == 0) {
		for (i = 1; i + 1 < count; i++)
			held |= join_isupport(b, params[i]);
		if (!held)
			return 0;
		/* What was held back for a lower limit may go now. */
		held = 0;
		for (i = 0; i < (unsigned int)b->nchans; i++) {
			if (b->chans[i]->refused == JOIN_HELD) {
				b->chans[i]->refused = 0;
				held = 1;
			}
		}
		if (held)
			join_pending(b);
		return 0;
	}
	code = atoi(command);
	if (strlen(command) != 3 || strcmp(join_why(code), "refused") == 0 ||
	    code == JOIN_HELD || count < 2 ||
	    (c = chan_find(b, params[1])) == NULL || c->joined ||
	    !c->asked)
		return 0;
	join_refused(b, c, code, count >= 3 ? params[count - 1] : "");
	return 1;
}

/* Appends the channels refused for code and not yet told to text; marks
 * them told.  How many. */
static int
join_report_reason(struct bot *b, int code, struct buf *text)
{
	struct chan *c;
	int i, n = 0;

	for (i = 0; i < b->nchans; i++) {
		c = b->chans[i];
		if (c->refused != code || c->refusal_told || c->joined)
			continue;
		c->refusal_told = 1;
		if (n == 0)
			buf_addf(text, "%s%s: ", text->len > 0 ? "; " : "",
			    _(join_why(code)));
		if (n < JOIN_REPORT_NAMES)
			buf_addf(text, "%s%s", n > 0 ? ", " : "", c->name);
		n++;
	}
	if (n > JOIN_REPORT_NAMES)
		/* TRANSLATORS: after a list of channels, "#a, #b and 3
		 * more". */
		buf_addf(text, ngettext(" and %d more", " and %d more",
		    n - JOIN_REPORT_NAMES), n - JOIN_REPORT_NAMES);
	return n;
}

/* The admins' summary of every refusal not yet told. */
static void
join_report(void *arg, uint64_t now)
{
	struct bot *b = arg;
	struct buf reasons = BUF_INIT;
	char *text;
	int i, n = 0;

	b->t_join_report = 0;
	b->join_reported_at = now;
	for (i = 0; join_reasons[i].why != NULL; i++)
		n += join_report_reason(b, join_reasons[i].code, &reasons);
	if (n > 0) {
		/* TRANSLATORS: %s is the reasons, each followed by its
		 * channels: "the channel is full (+l): #a, #b; no such
		 * channel: #c". */
		text = xasprintf(ngettext("I could not join %d channel (%s). "
		    "They are asked for again when I reconnect or reload.",
		    "I could not join %d channels (%s). They are asked for "
		    "again when I reconnect or reload.", n), n,
		    buf_str(&reasons));
		who_tell_admins_now(b, text);
		free(text);
	}
	buf_free(&reasons);
}
