/*
 * The configured database opened as the bot and its offline tasks use it:
 * the path or URI of `database` (--db), on the network of `network`
 * (storage/store.h, store_set_network()), so that every program that
 * reads or writes it sees the same players and games of its network.
 */
#ifndef BOT_DATABASE_H
#define BOT_DATABASE_H

struct conf;
struct store;

/* Opens it for writing, or reading only, with conf's settings of the
 * records (database_settings()): the store, or NULL and *cause. */
struct store *database_open(const struct conf *conf, int readonly,
    char **cause);

/* Gives s the settings of conf that decide what the records count and
 * show, as every program reading or writing them must: whether games
 * with an AI seat count toward the league (ai.records,
 * store_count_ai()), and the rated games that make a rating established
 * (league.provisional, store_rating_provisional()).  At open, and again
 * after a reload. */
void database_settings(struct store *s, const struct conf *conf);

#endif
