/*
 * Part 2 of `make bench`: the optimised bot ($CHEATERBOT) end to end on a
 * private ngircd on loopback (tests/lib/ngircd.c: MaxPenaltyTime = 0, so
 * the server never throttles anyone), with its own outgoing rate raised
 * to the most the configuration allows (burst 100, one line per ms).
 *
 * For 1, 10, 100 and 1000 games at once: as many channels, four scripted
 * players in each (tests/lib/client.c) who open a game, sit and start it
 * (the variants in turn), then for BENCH_SECONDS (default 10) each asks
 * the bot privately for its hand (!hand), waits for the answer, and asks
 * again in its next slot: a player's commands are due one period apart,
 * the players' slots spread evenly over the period (receive() says why),
 * and the period is the number of
 * players over BENCH_RATE (default 400 commands a second), so the bot
 * gets the same commands a second whatever the number of games, and a
 * cost that grows with the games shows in the CPU per line (at a rate
 * that grew with them, fixed costs would shrink per line and hide it).
 * A reply's latency is from the send of the command to the arrival of
 * the bot's first line to that player.  No move is made: a move's extra
 * cost is its SQLite commit, which part 4 measures alone.
 *
 * The bot's CPU time per incoming line is its CPU time over the measured
 * window (/proc/PID/schedstat, nanoseconds; /proc/PID/stat's utime+stime
 * counts in ticks of 10 ms, too coarse for a few seconds) divided by the
 * commands the players sent in it; its peak memory is VmHWM from
 * /proc/PID/status at the end of the run (the deal included).
 *
 * Then figures from those: the CPU per line at 1000 games over the one
 * at 1 game (target: at most 1.25), the same with the median seconds and
 * with each over the echo's at its end (below), and the memory a game
 * costs, the peak at 1000 games less the peak at 1 over 999 (target:
 * under 10 KiB).
 *
 * At 1 game, two windows more with four people in #b0 who have no seat:
 * each asks the bot `!games` privately the same way (a command: its
 * dispatch, what the bot keeps of the sender, a one-line answer), then
 * says a line in the channel at the same rate without waiting (chatter:
 * a line the bot reads and leaves).
 *
 * And the floor under that CPU figure: at 1 and at 1000 games, once the
 * bot has quit, its players ask a bare echo client (echo.h) under the
 * bot's nick, the same way; its CPU time per line is what this machine
 * charges any program that wakes up for a line and answers it, whatever
 * it does in between.  The command's and the chatter's CPU per line over
 * the echo's at 1 game close the part (target for the command: at most
 * 2).
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/wait.h>

#include "bench/bench.h"
#include "bench/echo.h"
#include "games/game.h"
#include "tests/lib/client.h"
#include "tests/lib/ngircd.h"

#define BOT_NICK "cheaterbot"
#define POOL 4			/* players per game */
#define MAX_GAMES 1000		/* the most games, unless BENCH_GAMES */
#define WAIT_MS 15000		/* for anything set-up waits on */

static const char conf_text[] =
    "timers = { turn = 600; turn_warning = 0; lobby_start = 0; };\n"
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n";

struct player {
	struct client cl;
	double sent;		/* when the command in flight went, us */
	double due;		/* ... when it was due: its slot */
	double next;		/* when the next one is due, us */
	size_t mark;		/* lines received before it went */
	int inflight;
};

/* What the players of a window send, and whether each waits for the
 * bot's answer before the next. */
struct ask {
	const char *line;
	int answered;
};

/* A seated player's hand, the window of every scenario. */
static const struct ask ask_hand = {"PRIVMSG " BOT_NICK " :!hand", 1};
/* At 1 game, people without a seat: a command, answered in one line,
 * and chatter, a line in the channel the bot reads and answers not. */
static const struct ask ask_games = {"PRIVMSG " BOT_NICK " :!games", 1};
static const struct ask ask_chatter = {"PRIVMSG #b0 :nice move there", 0};

static struct ngircd irc;
static char *dir;
static int max_games;		/* BENCH_GAMES, at most MAX_GAMES */
/* What the scenarios measured, for the figures over them. */
static double cpu_at_1, cpu_at_max;	/* whole window */
static double med_at_1, med_at_max;	/* median second */
static double echo_at_1, echo_at_max;	/* the echo's, whole window */
static double cmd_at_1, chat_at_1;	/* without a seat, whole window */
static double echo_med_1, cmd_med_1, chat_med_1;	/* median seconds */
static long hwm_at_1, hwm_at_max;
static long ignored_hwm;		/* a window whose peak is no row */

static int
env_int(const char *name, int def)
{
	const char *s = getenv(name);

	return s != NULL && atoi(s) > 0 ? atoi(s) : def;
}

/* The bot's CPU time so far in us: schedstat, else utime+stime. */
static double
bot_cpu_us(pid_t pid)
{
	unsigned long long ns, ut, st;
	char path[64], buf[1024], *p;
	FILE *f;
	int ok;

	snprintf(path, sizeof path, "/proc/%d/schedstat", (int)pid);
	if ((f = fopen(path, "r")) != NULL) {
		ok = fscanf(f, "%llu", &ns) == 1;
		fclose(f);
		if (ok)
			return (double)ns / 1e3;
	}
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	p = fgets(buf, sizeof buf, f);
	fclose(f);
	/* The name in parentheses may hold spaces: fields count from its
	 * closing one; utime and stime are the 14th and 15th. */
	if (p == NULL || (p = strrchr(buf, ')')) == NULL ||
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
	    "%llu %llu", &ut, &st) != 2)
		return 0;
	return (double)(ut + st) * 1e6 / (double)sysconf(_SC_CLK_TCK);
}

/* The bot's peak resident memory in KiB (VmHWM), or 0. */
static long
bot_hwm_kib(pid_t pid)
{
	char path[64], line[256];
	long kib = 0;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "VmHWM: %ld", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

/* The times the bot has slept and been woken so far
 * (voluntary_ctxt_switches of /proc/PID/status), or 0: each is a wake-up
 * of its loop, so the commands over them are the lines a wake-up
 * carries. */
static long
bot_wakeups(pid_t pid)
{
	char path[64], line[256];
	long n = 0;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "voluntary_ctxt_switches: %ld", &n) == 1)
			break;
	fclose(f);
	return n;
}

/* BENCH_PROBE, if set: a shell command started on the measured program
 * for the window, as "sh -c \"$BENCH_PROBE\" probe PID LABEL" (so $1 is
 * the PID), and sent SIGINT at its end, e.g. 'exec perf stat -e
 * raw_syscalls:sys_enter -p $1' (exec, so that perf gets the SIGINT).
 * Its pid, or -1. */
static pid_t
probe_start(pid_t pid, const char *label)
{
	const char *cmd = getenv("BENCH_PROBE");
	char arg[16];
	pid_t child;

	if (cmd == NULL || *cmd == '\0')
		return -1;
	snprintf(arg, sizeof arg, "%d", (int)pid);
	if ((child = fork()) == 0) {
		execl("/bin/sh", "sh", "-c", cmd, "probe", arg, label,
		    (char *)NULL);
		_exit(127);
	}
	/* perf needs a moment to attach before the window counts. */
	if (child > 0)
		usleep(300000);
	return child;
}

static void
probe_stop(pid_t child)
{
	if (child <= 0)
		return;
	kill(child, SIGINT);
	waitpid(child, NULL, 0);
}

/* Whether line is the bot's, to nick privately. */
static int
from_bot_to(const char *line, const char *nick)
{
	const char *p;
	size_t n = strlen(nick);

	if (strncmp(line, ":" BOT_NICK "!", strlen(BOT_NICK) + 2) != 0 ||
	    (p = strchr(line, ' ')) == NULL)
		return 0;
	p++;
	if (strncmp(p, "NOTICE ", 7) == 0)
		p += 7;
	else if (strncmp(p, "PRIVMSG ", 8) == 0)
		p += 8;
	else
		return 0;
	return strncmp(p, nick, n) == 0 && p[n] == ' ';
}

/* Opens a game of a variant chosen by k in #bK and starts it. */
static int
deal(struct player *p, int k)
{
	const struct game_ops *ops;
	int nvariants = 0, i, n;
	char chan[16];

	while (game_table[nvariants] != NULL)
		nvariants++;
	ops = game_table[k % nvariants];
	n = POOL < ops->max_seats ? POOL : ops->max_seats;
	snprintf(chan, sizeof chan, "#b%d", k);
	for (i = 0; i < n; i++) {
		if (i == 0)
			client_send(&p[0].cl, "PRIVMSG %s :!play %s", chan,
			    ops->name);
		else
			client_send(&p[i].cl, "PRIVMSG %s :!join", chan);
		if (client_wait_text(&p[0].cl, i == 0 ? "opens a" :
		    "sits in", WAIT_MS) == NULL)
			return -1;
	}
	client_send(&p[0].cl, "PRIVMSG %s :!start", chan);
	/* Every seat's hand comes privately with the deal. */
	for (i = 0; i < n; i++)
		if (client_wait_glob(&p[i].cl, ":" BOT_NICK "!* * b*p* :*",
		    WAIT_MS) == NULL)
			return -1;
	return 0;
}

/* Brings up the bot in games channels with their players, dealt. */
static int
setup(int games, struct player *pl, struct ngircd_bot *bot)
{
	const char *args[16];
	static char chans[MAX_GAMES][16];	/* 16 KiB: static, not stack */
	char conf[4096], db[4096], port[16], want[64];
	int n = 0, k, i;
	FILE *f;

	snprintf(conf, sizeof conf, "%s/bot.cfg", dir);
	if ((f = fopen(conf, "w")) == NULL)
		return -1;
	/* The channels go in the file: 1000 --channel flags are more
	 * arguments than ngircd_bot_start() passes. */
	fputs(conf_text, f);
	fputs("channels = [", f);
	for (k = 0; k < games; k++)
		fprintf(f, "%s\"#b%d\"", k > 0 ? ", " : " ", k);
	fputs(" ];\n", f);
	fclose(f);
	snprintf(db, sizeof db, "%s/bot%d.db", dir, games);
	snprintf(port, sizeof port, "%d", irc.port);
	for (k = 0; k < games; k++) {
		snprintf(chans[k], sizeof chans[k], "#b%d", k);
		for (i = 0; i < POOL; i++) {
			snprintf(want, sizeof want, "b%dp%d", k, i);
			if (client_open(&pl[k * POOL + i].cl, irc.port,
			    want) != 0 ||
			    client_join(&pl[k * POOL + i].cl, chans[k]) != 0) {
				fprintf(stderr, "bench-net: %s cannot join "
				    "%s\n", want, chans[k]);
				return -1;
			}
		}
	}
	args[n++] = "-c";
	args[n++] = conf;
	args[n++] = "--server";
	args[n++] = "127.0.0.1";
	args[n++] = "--port";
	args[n++] = port;
	args[n++] = "--db";
	args[n++] = db;
	args[n++] = "--seed";
	args[n++] = "1";
	args[n] = NULL;
	if (ngircd_bot_start(bot, dir, "bot", args) != 0)
		return -1;
	for (k = 0; k < games; k++) {
		snprintf(want, sizeof want, ":" BOT_NICK "!* JOIN *%.15s",
		    chans[k]);
		if (client_wait_glob(&pl[k * POOL].cl, want, WAIT_MS) ==
		    NULL) {
			fprintf(stderr, "bench-net: the bot is not in %s; see "
			    "%s\n", chans[k], bot->log);
			return -1;
		}
	}
	for (k = 0; k < games; k++)
		if (deal(&pl[k * POOL], k) != 0) {
			fprintf(stderr, "bench-net: no deal in #b%d; see %s\n",
			    k, bot->log);
			return -1;
		}
	return 0;
}

/* Reads whatever came for p; records a reply to its command in flight.
 * Its next command is due one period after this one was due, in its own
 * slot (a slot the reply came too late for is skipped): each player keeps
 * the phase it started with, so players stay spread over the period
 * whatever the number of games.  (Due a period after it was sent, the
 * small lateness of each send added up, and at 1 game the four players
 * drifted into step: one wake-up of the bot then carried two or three of
 * their lines, and the 1-game figure came out cheaper than a line costs
 * on its own.) */
static void
receive(struct player *p, double period, double *lat, size_t *nlat,
    size_t cap)
{
	double now;
	size_t i;

	while (client_pump(&p->cl, 0) == 0 && p->cl.inlen > 0)
		;
	client_pump(&p->cl, 0);
	if (!p->inflight)
		return;
	for (i = p->mark; i < p->cl.nlines; i++) {
		if (!from_bot_to(p->cl.lines[i], p->cl.nick))
			continue;
		now = bench_now_us();
		if (*nlat < cap)
			lat[(*nlat)++] = now - p->sent;
		p->inflight = 0;
		for (p->next = p->due + period; p->next < now;
		    p->next += period)
			;
		return;
	}
	p->mark = p->cl.nlines;
}

/* The measured window: every player asks, waits, asks again a period
 * later.  The rows are named "LABEL: ..."; targets go with the bot's
 * 1000 games.  The CPU per line (the window's, the median second's) and
 * the peak, in *cpu, *med and *hwm.
 *
 * The players' sockets are watched with epoll: poll() over 4000 of them
 * at every wake-up cost this program a good part of a core at 1000
 * games, taken from the two the bot and ngircd share with it.  The CPU
 * per line is also taken over each second on its own, and their median
 * printed beside the whole window's: a burst of someone else's work on
 * the machine moves the one and hardly the other. */
static void
run(const char *label, int np, struct player *pl, pid_t pid,
    const struct ask *ask, int targets, double *cpu, double *med, long *hwm)
{
	int i, n, timeout, ep, nslices = 0;
	double secs = env_int("BENCH_SECONDS", 10);
	double period = (double)np * 1e6 / env_int("BENCH_RATE", 400);
	size_t cap = (size_t)(np * (secs * 1e6 / period + 2)) + 16, nlat = 0;
	double *lat = calloc(cap, sizeof *lat), start, end, now, cpu0;
	double wake, slice_end, slice_cpu, slices[64], c;
	struct epoll_event ev, *evs = calloc((size_t)np, sizeof *evs);
	long sent = 0, unanswered = 0, slice_sent, wakes;
	char name[80];
	pid_t probe;

	if (lat == NULL || evs == NULL || (ep = epoll_create1(0)) < 0)
		exit(1);
	for (i = 0; i < np; i++) {
		ev.events = EPOLLIN;
		ev.data.u32 = (uint32_t)i;
		if (epoll_ctl(ep, EPOLL_CTL_ADD, pl[i].cl.fd, &ev) != 0)
			exit(1);
	}
	probe = probe_start(pid, label);
	start = bench_now_us();
	end = start + secs * 1e6;
	for (i = 0; i < np; i++) {
		/* Spread the first commands over one period. */
		pl[i].next = start + period * i / np;
		pl[i].inflight = 0;
		client_skip(&pl[i].cl);
	}
	cpu0 = slice_cpu = bot_cpu_us(pid);
	wakes = bot_wakeups(pid);
	slice_end = start + 1e6;
	slice_sent = 0;
	wake = start;
	while ((now = bench_now_us()) < end) {
		if (now >= slice_end) {
			c = bot_cpu_us(pid);
			if (sent > slice_sent && nslices < 64)
				slices[nslices++] = (c - slice_cpu) /
				    (double)(sent - slice_sent);
			slice_cpu = c;
			slice_sent = sent;
			slice_end += 1e6;
		}
		if (now >= wake) {
			wake = end;
			for (i = 0; i < np; i++) {
				if (!pl[i].inflight && now >= pl[i].next) {
					pl[i].mark = pl[i].cl.nlines;
					pl[i].due = pl[i].next;
					pl[i].sent = bench_now_us();
					client_send(&pl[i].cl, "%s", ask->line);
					pl[i].inflight = ask->answered;
					if (!ask->answered)
						pl[i].next += period;
					sent++;
				}
				if (!pl[i].inflight && pl[i].next < wake)
					wake = pl[i].next;
			}
		}
		timeout = (int)(((wake < slice_end ? wake : slice_end) - now) /
		    1e3);
		n = epoll_wait(ep, evs, np, timeout > 0 ? timeout : 0);
		for (i = 0; i < n; i++) {
			receive(&pl[evs[i].data.u32], period, lat, &nlat, cap);
			if (!pl[evs[i].data.u32].inflight &&
			    pl[evs[i].data.u32].next < wake)
				wake = pl[evs[i].data.u32].next;
		}
	}
	cpu0 = bot_cpu_us(pid) - cpu0;
	wakes = bot_wakeups(pid) - wakes;
	probe_stop(probe);
	close(ep);
	for (i = 0; i < np; i++)
		unanswered += pl[i].inflight;
	if (ask->answered) {
		snprintf(name, sizeof name, "%s: replies", label);
		bench_row("2 ngircd", name, (double)nlat, "replies", NULL);
		if (unanswered > np / 10) {
			snprintf(name, sizeof name, "%s: unanswered at end",
			    label);
			bench_row("2 ngircd", name, (double)unanswered,
			    "commands", NULL);
		}
		snprintf(name, sizeof name, "%s: reply median", label);
		bench_row("2 ngircd", name, bench_pct(lat, nlat, 50) / 1e3,
		    "ms", targets ? "< 1" : NULL);
		snprintf(name, sizeof name, "%s: reply p99", label);
		bench_row("2 ngircd", name, bench_pct(lat, nlat, 99) / 1e3,
		    "ms", targets ? "< 5" : NULL);
	}
	*cpu = sent > 0 ? cpu0 / (double)sent : 0;
	snprintf(name, sizeof name, "%s: CPU per incoming line", label);
	bench_row("2 ngircd", name, *cpu, "us", targets ? "< 10" : NULL);
	*med = bench_pct(slices, (size_t)nslices, 50);
	snprintf(name, sizeof name, "%s: CPU per line, median second", label);
	bench_row("2 ngircd", name, *med, "us", NULL);
	/* Below 1, a wake-up carried several lines and shared its fixed
	 * costs among them. */
	snprintf(name, sizeof name, "%s: wake-ups per line", label);
	bench_row("2 ngircd", name, sent > 0 ? (double)wakes / (double)sent :
	    0, "", NULL);
	/* Not the echo's: a fork of this program, with its thousands of
	 * players' buffers mapped, it would show theirs. */
	*hwm = bot_hwm_kib(pid);
	snprintf(name, sizeof name, "%s: peak memory (VmHWM)", label);
	if (hwm != &ignored_hwm)
		bench_row("2 ngircd", name, (double)*hwm / 1024, "MiB",
		    targets ? "< 16" : NULL);
	free(lat);
	free(evs);
}

/* The floor: the players of a scenario, still connected, ask the bare
 * echo client (echo.h), under the bot's nick, the same way.  (Not
 * players of its own: a few thousand reconnecting at once keep ngircd
 * busy with the last ones' quits for longer than a client waits.) */
static int
scenario_echo(struct player *pl, int games)
{
	char label[48];
	double cpu, med;
	pid_t pid = -1;
	int tries;

	/* The bot's nick is free once ngircd has read its QUIT. */
	for (tries = 0; tries < 10 && pid < 0; tries++) {
		if (tries > 0)
			usleep(500000);
		pid = echo_start(irc.port, BOT_NICK);
	}
	if (pid < 0) {
		fprintf(stderr, "bench-net: the echo's set-up failed\n");
		return -1;
	}
	snprintf(label, sizeof label, "%d games' players, bare echo", games);
	run(label, games * POOL, pl, pid, &ask_hand, 0, &cpu, &med,
	    &ignored_hwm);
	*(games == 1 ? &echo_at_1 : &echo_at_max) = cpu;
	if (games == 1)
		echo_med_1 = med;
	echo_stop(pid);
	return 0;
}

/* At 1 game: four more people in #b0, without a seat, ask the bot a
 * command (!games, privately), then chatter in the channel, at the same
 * rate: what a command costs the bot beyond a line it reads and leaves
 * (its dispatch, what it reads of the sender, its answer), against the
 * echo's floor (the figures over it are made in main()). */
static int
scenario_unseated(pid_t pid)
{
	struct player q[POOL];
	char nick[16];
	int i, rc = 0;

	memset(q, 0, sizeof q);
	for (i = 0; i < POOL; i++) {
		q[i].cl.fd = -1;
		snprintf(nick, sizeof nick, "b0q%d", i);
		if (client_open(&q[i].cl, irc.port, nick) != 0 ||
		    client_join(&q[i].cl, "#b0") != 0) {
			fprintf(stderr, "bench-net: %s cannot join #b0\n",
			    nick);
			rc = -1;
			break;
		}
	}
	if (rc == 0) {
		run("1 game: a command without a seat", POOL, q, pid,
		    &ask_games, 0, &cmd_at_1, &cmd_med_1, &ignored_hwm);
		run("1 game: chatter", POOL, q, pid, &ask_chatter, 0,
		    &chat_at_1, &chat_med_1, &ignored_hwm);
	}
	for (i = 0; i < POOL; i++)
		client_close(&q[i].cl);
	return rc;
}

/* games games, measured; the first (1) and the last (max_games) then
 * measure the echo with the same players: the floor at both ends. */
static int
scenario(int games)
{
	struct player *pl = calloc((size_t)games * POOL, sizeof *pl);
	struct ngircd_bot bot;
	char label[32];
	int i, rc = 0;

	if (pl == NULL)
		return -1;
	memset(&bot, 0, sizeof bot);
	for (i = 0; i < games * POOL; i++)
		pl[i].cl.fd = -1;
	if (setup(games, pl, &bot) != 0) {
		fprintf(stderr, "bench-net: %d games: set-up failed\n", games);
		rc = -1;
	} else {
		snprintf(label, sizeof label, "%d games", games);
		run(label, games * POOL, pl, bot.pid, &ask_hand,
		    games == max_games,
		    games == 1 ? &cpu_at_1 : &cpu_at_max,
		    games == 1 ? &med_at_1 : &med_at_max,
		    games == 1 ? &hwm_at_1 : &hwm_at_max);
		if (games == 1 && scenario_unseated(bot.pid) != 0)
			rc = -1;
	}
	if (bot.pid > 0)
		ngircd_bot_stop(&bot);
	if (rc == 0 && (games == 1 || games == max_games) &&
	    scenario_echo(pl, games) != 0)
		rc = -1;
	for (i = 0; i < games * POOL; i++)
		client_close(&pl[i].cl);
	free(pl);
	return rc;
}

int
main(void)
{
	static const int counts[] = { 1, 10, 100, MAX_GAMES };
	char name[64];
	size_t i;
	int rc = 0;

	/* A smaller top (BENCH_GAMES=10) checks the bench itself quickly. */
	max_games = env_int("BENCH_GAMES", MAX_GAMES);
	if (max_games > MAX_GAMES)
		max_games = MAX_GAMES;

	if (getenv("CHEATERBOT") == NULL)
		setenv("CHEATERBOT", "build/rel/cheaterbot", 1);
	if ((dir = ngircd_tmpdir()) == NULL ||
	    ngircd_start(&irc, dir, 0) != 0)
		return 1;
	for (i = 0; i < sizeof counts / sizeof counts[0]; i++)
		if (counts[i] <= max_games && scenario(counts[i]) != 0)
			rc = 1;
	if (rc == 0 && cpu_at_1 > 0 && max_games > 1) {
		snprintf(name, sizeof name, "%d games: CPU per line over 1 "
		    "game's", max_games);
		bench_row("2 ngircd", name, cpu_at_max / cpu_at_1, "x",
		    "<= 1.25");
		snprintf(name, sizeof name, "%d games: median second over 1 "
		    "game's", max_games);
		bench_row("2 ngircd", name, med_at_1 > 0 ? med_at_max /
		    med_at_1 : 0, "x", "<= 1.25");
		/* The machine's own share: ngircd and the kernel work harder
		 * for thousands of players, and a program that does the same
		 * for every line (the echo) pays more per line too. */
		if (echo_at_1 > 0 && echo_at_max > 0) {
			snprintf(name, sizeof name, "%d games: over the echo's,"
			    " over 1 game's", max_games);
			bench_row("2 ngircd", name, (cpu_at_max / echo_at_max) /
			    (cpu_at_1 / echo_at_1), "x", "<= 1.25");
		}
		snprintf(name, sizeof name, "%d games: memory per game",
		    max_games);
		bench_row("2 ngircd", name, (double)(hwm_at_max - hwm_at_1) /
		    (max_games - 1), "KiB", "< 10");
	}
	/* The median seconds' ratio is the one judged: a burst of the
	 * machine's other work moves a window's figure, and the echo's and
	 * the bot's windows are minutes apart. */
	if (rc == 0 && echo_at_1 > 0 && cmd_at_1 > 0 && echo_med_1 > 0) {
		bench_row("2 ngircd", "1 game: a command without a seat, over "
		    "the echo's line", cmd_at_1 / echo_at_1, "x", NULL);
		bench_row("2 ngircd", "1 game: a command without a seat, over "
		    "the echo's, median seconds", cmd_med_1 / echo_med_1, "x",
		    "<= 2");
		bench_row("2 ngircd", "1 game: chatter, over the echo's line",
		    chat_at_1 / echo_at_1, "x", NULL);
		bench_row("2 ngircd", "1 game: chatter, over the echo's, "
		    "median seconds", chat_med_1 / echo_med_1, "x", NULL);
	}
	ngircd_stop(&irc);
	if (rc == 0)
		ngircd_rmdir(dir);
	free(dir);
	return rc;
}
