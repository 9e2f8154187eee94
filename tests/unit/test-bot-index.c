/*
 * The bot core's indexes (core.h: channels by name, members and seats by
 * nick, seats by account, the tables waiting on a prompt) against the
 * plain lists they index.  A random transcript over many channels, with
 * raw lines through the harness: people join, part, quit, are kicked,
 * change nick (or only its case) and account, talk and play (lobbies,
 * seats, games, departures and returns); the bot itself leaves and comes
 * back.  After every line each index holds exactly what the lists hold,
 * and every lookup answers what a scan of every channel and table, in
 * the bot's order, answers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/table.h"
#include "tests/lib/harness.h"

#define NCHANS 40
#define NPEOPLE 24
#define STEPS 2500

struct person {
	char nick[32];
	char userhost[32];
	char account[16];	/* "" when logged out */
	uint64_t in;		/* the channels they are in, a bit each */
	int gen;		/* nick changes so far */
};

static struct person people[NPEOPLE];
static uint32_t rng_state = 7;

static uint32_t
rnd(uint32_t n)
{
	rng_state = rng_state * 1103515245u + 12345u;
	return (rng_state >> 8) % n;
}

static void
chan_name(int k, char *buf, size_t size)
{
	snprintf(buf, size, "#idx%d", k);
}

static void
line(struct harness *h, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
line(struct harness *h, const char *fmt, ...)
{
	char raw[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	harness_line(h, raw);
}

/* --- what a scan of the lists answers --- */

static struct member *
scan_member(struct chan *c, const char *nick)
{
	int i;

	for (i = 0; i < c->nmembers; i++)
		if (strcasecmp(c->members[i]->nick, nick) == 0)
			return c->members[i];
	return NULL;
}

static struct member *
scan_member_of(struct bot *b, const char *nick)
{
	struct member *m;
	int i;

	for (i = 0; i < b->nchans; i++)
		if ((m = scan_member(b->chans[i], nick)) != NULL)
			return m;
	return NULL;
}

static const char *
scan_account(struct bot *b, const char *nick)
{
	struct member *m;
	int i;

	for (i = 0; i < b->nchans; i++) {
		m = scan_member(b->chans[i], nick);
		if (m != NULL && m->account[0] != '\0')
			return m->account;
	}
	return "";
}

static struct chan *
scan_chan(struct bot *b, const char *name)
{
	int i;

	for (i = 0; i < b->nchans; i++)
		if (strcasecmp(b->chans[i]->name, name) == 0)
			return b->chans[i];
	return NULL;
}

static struct table *
scan_table_of(struct bot *b, const struct who *w, int *seat)
{
	int i;

	for (i = 0; i < b->nchans; i++) {
		*seat = table_seat_of(b->chans[i]->table, w);
		if (*seat >= 0)
			return b->chans[i]->table;
	}
	*seat = -1;
	return NULL;
}

static const struct seat *
scan_seat_named(struct bot *b, const char *nick)
{
	struct table *t;
	int i, j;

	for (i = 0; i < b->nchans; i++) {
		if ((t = b->chans[i]->table) == NULL)
			continue;
		for (j = 0; j < t->nseats; j++)
			if (!t->seats[j].gone &&
			    strcasecmp(t->seats[j].nick, nick) == 0)
				return &t->seats[j];
	}
	return NULL;
}

/* Whether val is stored in h under key. */
static int
indexed(const struct hash *h, uint32_t key, const void *val)
{
	struct hash_walk w;
	void *v;

	for (v = hash_first(h, key, &w); v != NULL; v = hash_next(&w))
		if (v == val)
			return 1;
	return 0;
}

/* --- the checks --- */

/* The indexes hold every channel, member and seat there is, and nothing
 * else; the waiting list, every table waiting and no other, in order. */
static void
check_indexes(struct bot *b)
{
	size_t members = 0, seats = 0, accounts = 0, waiting = 0;
	const struct table *t, *prev = NULL;
	struct chan *c;
	int i, j;

	assert_int_equal(b->chan_names.n, b->nchans);
	for (i = 0; i < b->nchans; i++) {
		c = b->chans[i];
		assert_int_equal(c->idx, i);
		assert_true(indexed(&b->chan_names, nick_fold(c->name), c));
		for (j = 0; j < c->nmembers; j++) {
			assert_ptr_equal(c->members[j]->chan, c);
			assert_int_equal(c->members[j]->slot, j);
			assert_int_equal(c->members[j]->fold,
			    nick_fold(c->members[j]->nick));
			assert_true(indexed(&b->members, c->members[j]->fold,
			    c->members[j]));
			members++;
		}
		if ((t = c->table) == NULL)
			continue;
		waiting += t->turn_waiting;
		for (j = 0; j < t->nseats; j++) {
			assert_ptr_equal(t->seats[j].table, t);
			assert_true(indexed(&b->seat_nicks, t->seats[j].fold,
			    &t->seats[j]));
			seats++;
			if (t->seats[j].account[0] == '\0')
				continue;
			assert_true(indexed(&b->seat_accounts,
			    nick_fold(t->seats[j].account), &t->seats[j]));
			accounts++;
		}
	}
	assert_int_equal(b->members.n, members);
	assert_int_equal(b->seat_nicks.n, seats);
	assert_int_equal(b->seat_accounts.n, accounts);
	for (t = b->waiting; t != NULL; t = t->wait_next) {
		assert_true(t->turn_waiting);
		assert_ptr_equal(t->wait_prev, prev);
		assert_ptr_equal(t->chan->table, t);
		if (prev != NULL)
			assert_true(prev->prompt_seq <= t->prompt_seq);
		prev = t;
		waiting--;
	}
	assert_ptr_equal(b->waiting_last, prev);
	assert_int_equal(waiting, 0);
}

/* Every lookup by nick agrees with a scan, in any case of the nick. */
static void
check_nick(struct bot *b, const char *nick)
{
	struct member *m;
	struct table *t;
	struct who w;
	int i, seat, want;

	assert_ptr_equal(member_of(b, nick), scan_member_of(b, nick));
	assert_string_equal(who_account(b, nick), scan_account(b, nick));
	assert_ptr_equal(seat_of_nick(b, nick), scan_seat_named(b, nick));
	for (i = 0; i < b->nchans; i++) {
		assert_ptr_equal(chan_member(b->chans[i], nick),
		    scan_member(b->chans[i], nick));
		if (b->chans[i]->table != NULL) {
			want = -1;
			if (scan_seat_named(b, nick) != NULL &&
			    scan_seat_named(b, nick)->table ==
			    b->chans[i]->table)
				want = (int)(scan_seat_named(b, nick) -
				    b->chans[i]->table->seats);
			if (want >= 0)
				assert_int_equal(table_seat_named(
				    b->chans[i]->table, nick), want);
		}
	}
	/* The sender as each of its members knows it, and as a stranger
	 * with the nick and nothing else. */
	for (i = 0; i < b->nchans; i++) {
		if ((m = chan_member(b->chans[i], nick)) == NULL)
			continue;
		w = who_member(m);
		t = table_of_player(b, &w, &seat);
		assert_ptr_equal(t, scan_table_of(b, &w, &want));
		assert_int_equal(seat, want);
	}
	w.nick = nick;
	w.userhost = "stranger@elsewhere";
	w.account = "";
	t = table_of_player(b, &w, &seat);
	assert_ptr_equal(t, scan_table_of(b, &w, &want));
	assert_int_equal(seat, want);
}

static void
check_all(struct harness *h)
{
	struct bot *b = h->bot;
	char name[32], upper[32];
	size_t i;
	int k;

	check_indexes(b);
	for (k = 0; k <= NCHANS; k++) {
		chan_name(k, name, sizeof name);
		assert_ptr_equal(chan_find(b, name), scan_chan(b, name));
		for (i = 0; name[i] != '\0'; i++)
			upper[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ?
			    name[i] - 'a' + 'A' : name[i]);
		upper[i] = '\0';
		assert_ptr_equal(chan_find(b, upper), scan_chan(b, upper));
	}
	for (k = 0; k < NPEOPLE; k++) {
		check_nick(b, people[k].nick);
		snprintf(upper, sizeof upper, "%s", people[k].nick);
		upper[0] = (char)(upper[0] ^ 0x20);	/* the other case */
		check_nick(b, upper);
	}
	check_nick(b, "nobody");
}

/* --- the transcript --- */

static void
origin(const struct person *p, char *buf, size_t size)
{
	snprintf(buf, size, "%s!%s", p->nick, p->userhost);
}

/* The bot (re)joins channel k and hears who is there. */
static void
bot_joins(struct harness *h, int k)
{
	char name[32], names[512] = "";
	int i;

	chan_name(k, name, sizeof name);
	line(h, ":cheaterbot!bot@test.host JOIN %s", name);
	for (i = 0; i < NPEOPLE; i++) {
		if (!(people[i].in & (1ull << k)))
			continue;
		snprintf(names + strlen(names), sizeof names - strlen(names),
		    " %s%s", i % 7 == 0 ? "@" : "", people[i].nick);
	}
	line(h, ":irc.test 353 cheaterbot = %s :cheaterbot%s", name, names);
	for (i = 0; i < NPEOPLE; i++) {
		if (!(people[i].in & (1ull << k)))
			continue;
		line(h, ":irc.test 352 cheaterbot %s %.*s %s irc.test %s H "
		    ":0 x", name, (int)strcspn(people[i].userhost, "@"),
		    people[i].userhost, strchr(people[i].userhost, '@') + 1,
		    people[i].nick);
	}
	line(h, ":irc.test 315 cheaterbot %s :End of WHO", name);
}

/* One random event. */
static void
step(struct harness *h)
{
	static const char *const commands[] = {
		"!play cheat", "!join", "!join", "!start", "!leave", "!status",
	};
	struct person *p = &people[rnd(NPEOPLE)], *q;
	char o[96], name[32];
	int k = (int)rnd(NCHANS), i;
	uint32_t r = rnd(100);

	origin(p, o, sizeof o);
	chan_name(k, name, sizeof name);
	if (r < 14 && !(p->in & (1ull << k))) {
		if (p->account[0] != '\0')
			line(h, ":%s JOIN %s %s :real", o, name, p->account);
		else
			line(h, ":%s JOIN %s", o, name);
		p->in |= 1ull << k;
	} else if (r < 20 && (p->in & (1ull << k))) {
		line(h, ":%s PART %s :bye", o, name);
		p->in &= ~(1ull << k);
	} else if (r < 23 && (p->in & (1ull << k))) {
		line(h, ":oper!oper@test.host KICK %s %s :out", name, p->nick);
		p->in &= ~(1ull << k);
	} else if (r < 26) {
		line(h, ":%s QUIT :%s", o, r == 25 ? "irc.a.net irc.b.net" :
		    "gone");
		p->in = 0;
	} else if (r < 34) {
		/* A new nick, or the same in another case (the same fold),
		 * never one someone else has. */
		if (r < 30)
			snprintf(name, sizeof name, "%c%s", p->nick[0] ^ 0x20,
			    p->nick + 1);
		else
			snprintf(name, sizeof name, "p%dg%d",
			    (int)(p - people), ++p->gen);
		line(h, ":%s NICK :%s", o, name);
		snprintf(p->nick, sizeof p->nick, "%s", name);
	} else if (r < 38) {
		if (p->account[0] != '\0' && r < 36)
			p->account[0] = '\0';
		else
			snprintf(p->account, sizeof p->account, "acct%d",
			    (int)(p - people));
		line(h, ":%s ACCOUNT %s", o, p->account[0] != '\0' ?
		    p->account : "*");
	} else if (r < 44) {
		line(h, ":%s PRIVMSG cheaterbot :hand", o);
	} else if (r < 47) {
		/* Someone else takes the nick of a player who left. */
		q = &people[rnd(NPEOPLE)];
		if (q != p && q->in == 0) {
			snprintf(name, sizeof name, "%s", q->nick);
			snprintf(q->nick, sizeof q->nick, "q%dg%d",
			    (int)(q - people), ++q->gen);
			line(h, ":%s NICK :%s", o, name);
			snprintf(p->nick, sizeof p->nick, "%s", name);
		}
	} else if (r < 49) {
		/* The bot is kicked (it joins again where a game waits)
		 * or parts, then comes back. */
		if (r == 47)
			line(h, ":oper!oper@test.host KICK %s cheaterbot :x",
			    name);
		else
			line(h, ":cheaterbot!bot@test.host PART %s", name);
		check_all(h);
		bot_joins(h, k);
	} else if (r < 51) {
		harness_advance(h, 30000 + rnd(100000));
	} else if (p->in != 0) {
		/* A command in one of their channels. */
		while (!(p->in & (1ull << k)))
			k = (k + 1) % NCHANS;
		chan_name(k, name, sizeof name);
		i = (int)rnd(sizeof commands / sizeof commands[0]);
		line(h, ":%s PRIVMSG %s :%s", o, name, commands[i]);
	}
}

static void
test_indexes_follow_everything(void **state)
{
	struct harness *h = harness_new(1, NULL);
	struct table *t;
	char name[32];
	int k, i, j, dealt = 0, away = 0, waited = 0, seated = 0;

	(void)state;
	for (i = 0; i < NPEOPLE; i++) {
		snprintf(people[i].nick, sizeof people[i].nick, "p%d", i);
		snprintf(people[i].userhost, sizeof people[i].userhost,
		    "u%d@h%d.test", i, i % 5);	/* some share a host */
		if (i % 3 == 0)
			snprintf(people[i].account, sizeof people[i].account,
			    "acct%d", i);
		for (k = 0; k < NCHANS; k++)
			if (rnd(4) == 0)
				people[i].in |= 1ull << k;
	}
	for (k = 0; k < NCHANS; k++) {
		chan_name(k, name, sizeof name);
		chan_get(h->bot, name);
		bot_joins(h, k);
	}
	check_all(h);
	for (i = 0; i < STEPS; i++) {
		step(h);
		check_all(h);
		waited += h->bot->waiting != NULL;
		for (k = 0; k < h->bot->nchans; k++) {
			if ((t = h->bot->chans[k]->table) == NULL)
				continue;
			dealt += t->state == TABLE_PLAYING;
			seated += t->nseats;
			for (j = 0; j < t->nseats; j++)
				away += t->seats[j].away;
		}
		if (i % 20 == 0) {
			harness_clear(h);
			check_all(h);
		}
	}
	/* The transcript did what it is for: games were played, seats
	 * held for players who left, turns waited on their prompt. */
	assert_true(dealt > 0);
	assert_true(seated > 0);
	assert_true(away > 0);
	assert_true(waited > 0);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_indexes_follow_everything),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
