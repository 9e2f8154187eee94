/*
 * The floor under part 2's CPU figure: a bare IRC client that answers
 * every private line to it with one NOTICE the size of a hand, and does
 * nothing else (one select(), one recv() and one send() per line).  Run
 * under the same players and the same ngircd as the bot, its CPU time per
 * incoming line is what this machine charges any program for waking up
 * and moving a line in and a line out; the bot's figure minus this one
 * is the bot's own work.
 */
#ifndef BENCH_ECHO_H
#define BENCH_ECHO_H

#include <sys/types.h>

/* Forks the echo client, registered on 127.0.0.1:port as nick (it waits
 * for 001 before this returns).  Its pid, or -1. */
pid_t echo_start(int port, const char *nick);
/* Ends it (SIGTERM) and reaps it. */
void echo_stop(pid_t pid);

#endif
