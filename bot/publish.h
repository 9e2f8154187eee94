/*
 * The stats page kept fresh by the running bot (docs/league.md, "The
 * stats page"): with export.dir set, the site is written there at start
 * and then every export.interval, by a child process, so the bot goes on
 * answering while the pages are built.  The event loop asks when it is
 * next due and gives it each turn.
 */
#ifndef PUBLISH_H
#define PUBLISH_H

#include <stdint.h>
#include <sys/types.h>

struct bot;
struct conf;

struct publish {
	pid_t pid;		/* the child writing the site, or 0 */
	int fd;			/* the pipe it says why it failed on */
	uint64_t started;	/* when the last one began (loop_now()) */
	int ran;		/* 1 once one began */
	int late;		/* the running one outlived its interval:
				 * said once */
	int written;		/* 1 once one succeeded */
	int failing;		/* the last one failed */
	int told;		/* ... and the admins have heard of it */
};

/* Nothing running, the first export due at once. */
void publish_init(struct publish *p);

/* When publish_tick() has something to do (a child to reap, or the next
 * export due): UINT64_MAX with no export.dir and no child. */
uint64_t publish_next(const struct publish *p, const struct conf *c,
    uint64_t now);

/* Reaps a child that ended, and starts the next export when it is due
 * (c as it is now: a reload may set, change or clear export.dir).  A
 * failure is logged every time, with its reason; the admins are told
 * once of a run of them (bot_alarm()), at the first failure that finds
 * an admin in a channel with the bot (none is there yet at start).  The log says when the
 * page is first written, and when it is written again after a
 * failure.  A write still running when the next is due delays it, and
 * the log says so once. */
void publish_tick(struct publish *p, const struct conf *c, struct bot *b,
    uint64_t now);

/* At the end: waits for a child still writing. */
void publish_end(struct publish *p);

#endif
