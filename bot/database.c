/*
 * The configured database opened on the configured network
 * (bot/database.h).
 */
#include <stddef.h>

#include "bot/database.h"
#include "config/conf.h"
#include "storage/store.h"

struct store *
database_open(const struct conf *conf, int readonly, char **cause)
{
	struct store *s;

	s = readonly ? store_open_readonly(conf->db, cause) :
	    store_open(conf->db, cause);
	if (s != NULL) {
		store_set_network(s, conf->network != NULL ? conf->network :
		    "");
		database_settings(s, conf);
	}
	return s;
}

void
database_settings(struct store *s, const struct conf *conf)
{
	store_count_ai(s, conf->ai_records);
	store_rating_provisional(s, conf->league_provisional);
}
