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
	if (s != NULL)
		store_set_network(s, conf->network != NULL ? conf->network : "");
	return s;
}
