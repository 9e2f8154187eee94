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

/* Opens it for writing, or reading only: the store, or NULL and
 * *cause. */
struct store *database_open(const struct conf *conf, int readonly,
    char **cause);

#endif
