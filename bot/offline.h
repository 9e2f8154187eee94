/*
 * What the program does without a network, then exits: a copy of the
 * database (--backup), a stored game's replay (--replay), the deal a
 * deal key makes (--verify), the stats page (--export), the check of a
 * configuration (--check-config) and old move logs dropped (--prune).
 * Each returns the exit status: 0, or 1 with the reason on stderr.
 */
#ifndef OFFLINE_H
#define OFFLINE_H

#include <stdint.h>
#include <stdio.h>

struct conf;

/* Copies the configured database to the new file dest. */
int offline_backup(const struct conf *conf, const char *dest);

/* Prints game id of the configured database, play by play with every
 * hidden card shown, to out: never a game still being played. */
int offline_replay(const struct conf *conf, int64_t id, FILE *out);

/* Prints what key makes to out: its SHA-256 (what the deal announced),
 * the game, the deal's channel line, every hand and pile, and who moves
 * first, with the seats named seat0, seat1, ... */
int offline_verify(const char *key, FILE *out);

/* Writes the stats page of the configured database into dir
 * (bot/export.h), dated now, unix seconds. */
int offline_export(const struct conf *conf, const char *dir, uint64_t now);

/* Checks what a start would read beyond the configuration, which the
 * caller built and validated as a start does (the question set in it):
 * with server.tls, the TLS context and its CA file.  Touches no database
 * and no network.  Logs "NAME: configuration OK" (name: the file, or
 * what stands for the defaults) and returns 0, or logs the reason and
 * returns 1. */
int offline_check(const struct conf *conf, const char *name);

/* Drops the move log of the games of the configured database that ended
 * more than days days before now (unix seconds), store_prune(); beside a
 * running bot the file keeps its size, else it is vacuumed.  Logs the
 * games pruned and the bytes freed. */
int offline_prune(const struct conf *conf, int64_t days, int64_t now);

/* Copies every record of the configured database into target, a new
 * database (store_copy()), whose rows of no network become the
 * configured network's; a PostgreSQL target needs a network.  Refused
 * while a bot runs on the configured database (on its network, on
 * PostgreSQL), as a prune tells one (store_claim()), before target is
 * touched.  Logs what was copied. */
int offline_copy(const struct conf *conf, const char *target);

#endif
