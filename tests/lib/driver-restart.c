/*
 * The IRC server restarted under the running bot (driver.h): stopped,
 * the bot left to notice, then started again on the same port with the
 * players back in their channels before the bot comes back, so that they
 * are there to hear what it says when it does.
 */
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "tests/lib/driver-int.h"
#include "tests/lib/driver.h"

void
driver_server_down(struct driver *d, int away_ms)
{
	long long down = ngircd_now_ms(), left;
	int seen = ngircd_bot_log_count(&d->bot, "reconnecting in"), k, i;

	if (ngircd_stop(&d->irc) != 0)
		driver_fail(d, "ngircd was not running");
	for (k = 0; k < d->ntables; k++)
		for (i = 0; i < d->pool; i++)
			client_close(&d->t[k].p[i].cl);
	if (!ngircd_bot_wait_log_n(&d->bot, "reconnecting in", seen + 1,
	    driver_limit(d, DRIVER_JOIN_MS)))
		driver_fail(d, "the bot did not notice the server go");
	left = down + away_ms - ngircd_now_ms();
	if (left > 0)
		poll(NULL, 0, (int)left); /* time passes while it is away */
}

void
driver_server_up(struct driver *d, const char *also)
{
	char want[128];
	int k, i;

	if (kill(d->bot.pid, SIGSTOP) != 0)
		driver_fail(d, "cannot hold the bot");
	if (ngircd_start(&d->irc, d->dir, atoi(d->port)) != 0)
		driver_fail(d, "ngircd did not start again");
	for (k = 0; k < d->ntables; k++)
		for (i = 0; i < d->pool; i++)
			driver_connect(d, k, i, NULL, NULL, 1);
	if (also != NULL && client_join(&d->t[0].p[0].cl, also) != 0)
		driver_fail(d, "%s cannot join %s", d->t[0].p[0].nick, also);
	if (kill(d->bot.pid, SIGCONT) != 0)
		driver_fail(d, "cannot let the bot go on");
	for (k = 0; k < d->ntables; k++) {
		snprintf(want, sizeof want, ":" DRIVER_BOT_NICK "!* JOIN *%s",
		    d->t[k].chan);
		for (i = 0; i < d->pool; i++)
			if (client_wait_glob(&d->t[k].p[i].cl, want,
			    driver_limit(d, DRIVER_JOIN_MS)) == NULL)
				driver_fail(d, "the bot did not join %s again "
				    "after the server's restart", d->t[k].chan);
	}
}
