/*
 * The tables' functions, grouped by file: seats (seat.c); a table's
 * clock, AI seats, window, output, lobby and game, moves, players who
 * come and go, and games across restarts (table-*.c, presence.c); games
 * just over (ended.c); a lobby's call to play (notify.c).  Their
 * structures are core.h's; table-int.h holds what the table files alone
 * share.  Included by the files that call these, not by core.h.
 */
#ifndef TABLE_H
#define TABLE_H

#include "bot/core/core.h"

struct store_game;

/* seat.c: who sits where (finds and keeps seats; calls nothing above) */
/* Whether w is the player of seat s (and s still plays): the same account
 * when the seat has one, else the same nick and user@host. */
int seat_is(const struct seat *s, const struct who *w);
/* Whether w is the person of seat s, whatever nick they use now: the same
 * account when the seat has one, else the same user@host. */
int seat_same_person(const struct seat *s, const struct who *w);
/* The seat w holds at t, or -1; t may be NULL. */
int table_seat_of(const struct table *t, const struct who *w);
/* The table where w sits, anywhere, or NULL (*seat set). */
struct table *table_of_player(struct bot *b, const struct who *w,
    int *seat);
/* The channels of every table where w sits, each once, in the order of
 * b->chans, into *chans (the caller frees it); how many. */
int seat_channels(struct bot *b, const struct who *w, struct chan ***chans);
/* The seat of t (not gone) a word typed for a player names (whoever
 * uses the nick now), by nick_named()'s rule: its nick, else the AI seat
 * called so; or -1. */
int table_seat_named(const struct table *t, const char *word);
/* The seat named nick at the first table of b->chans that has one (not
 * gone), or NULL. */
const struct seat *seat_of_nick(struct bot *b, const char *nick);
/* Seats w at t's lobby, with the player's stored preferences. */
int table_seat_add(struct table *t, const struct who *w, char **cause);
/* Seats an AI of level at t's lobby, named after the first of the
 * configured names not seated there, shown "NAME(AI)"; its records are the
 * player "ai:NAME".  The seat, or -1 and *cause (the table is full). */
int table_seat_add_ai(struct table *t, enum ai_level level, char **cause);
/* The seats of t not gone and played by people. */
int table_people(const struct table *t);
/* Takes seat out of t's lobby (the caller frees a table left empty). */
void table_seat_remove(struct table *t, int seat);
/* Frees what seat s holds (not s: it is one of its table's). */
void seat_free(struct seat *s);
/* Makes room for n seats at t (they may move). */
void seat_reserve(struct table *t, int n);
/* Puts every seat of t in the bot's seat indexes (add), or takes them
 * out: when t's seats are filled in at once, and when t is freed. */
void seat_index_table(struct table *t, int add);
/* The one way a seat's nick changes once it is seated. */
void seat_set_nick(struct seat *s, const char *nick);
/* w changed nick to nick: the seats that are w follow. */
void seat_renamed(struct bot *b, const struct who *w, const char *nick);

/* table-clock.c: every timer of a table; what runs out is reported
 * through b->events.  Its comment draws the states. */
/* The lobby's expiry, armed when it opens; ended when it starts. */
void table_clock_lobby(struct table *t);
void table_clock_lobby_end(struct table *t);
/* The timers of t->turn's state: the turn of its seat (from the moment
 * its prompt is sent), or the window, pause or wait with no turn. */
void table_clock_arm(struct table *t);
/* Starts seat's turn afresh (a full turn from its prompt's sending);
 * seat -1: no turn runs. */
void table_clock_turn(struct table *t, int seat);
/* The window's table move could not be made: tried again in ms. */
void table_clock_window_again(struct table *t, int ms);
/* The first call of a window is in: the others have the tie time. */
void table_clock_tie(struct table *t);
/* A turn move is held until at (table_clock_window_min()). */
void table_clock_hold(struct table *t, uint64_t at);
/* The held move was dropped: its time is forgotten. */
void table_clock_hold_end(struct table *t);
/* When the open window has been open its minimum time. */
uint64_t table_clock_window_min(const struct table *t);
/* Holds seat for ms, or ends its hold. */
void table_clock_grace(struct table *t, int seat, int ms);
void table_clock_grace_end(struct table *t, int seat);
/* An AI seat acts in ms (think_over), or no longer will. */
void table_clock_think(struct table *t, int seat, int ms);
void table_clock_think_end(struct table *t, int seat);
/* Stops the timers of play (turn, warning, window, tie, held, the AI
 * seats' thinking). */
void table_clock_stop(struct table *t);
/* Stops every timer of t, the lobby's and the seats' graces too. */
void table_clock_stop_all(struct table *t);
/* The queue sent a line: turns waiting on their prompt start. */
void table_clock_sent(struct bot *b, uint64_t now);

/* table-ai.c: AI seats at a game (games/ai.h) */
/* Every AI seat of t's game gets a mind, from its first observation. */
void table_ai_start(struct table *t);
/* t's game changed: every AI seat notes what it sees now. */
void table_ai_note(struct table *t);
/* Sets the AI seats that may act in t->turn thinking, each for a time of
 * its own (conf->ai_think_min_ms to ai_think_max_ms; a call within the
 * window's minimum), and stops the others. */
void table_ai_arm(struct table *t);
/* What AI seat decides now: 0 and the move as its words parse back
 * (ai_retype()), or -1 (nothing: it lets a window pass). */
int table_ai_decide(struct table *t, int seat, struct game_move *mv);
/* seat, whose player is gone, is played on by an AI of conf->ai_level. */
void table_ai_takeover(struct table *t, int seat);
/* Frees the minds of t's AI seats. */
void table_ai_free(struct table *t);

/* table-window.c: a window that ends once nobody is left to answer it */
/* t->turn changed from was: a window other than was's forgets who let
 * it go. */
void table_window_turned(struct table *t, const struct game_turn *was);
/* The seats the open window for calls still waits on (may call and have
 * neither called nor let it go; never the seat whose turn follows), 0
 * when no such window is open. */
unsigned table_window_owed(const struct table *t);
/* Whether seat may answer t's open window for calls: it is open to seat,
 * and seat's turn does not follow it. */
int table_window_answers(const struct table *t, int seat);
/* Whether the line that made the turn was into tu should say how to let
 * the window go: tu is a window with no turn after it, not was's, that
 * one of people (a mask of seats played by people) other than the
 * accused may answer.  Pure: the test driver asks it too. */
int table_window_hint_due(const struct game_turn *was,
    const struct game_turn *tu, unsigned people);
/* When table_window_hint_due() for t's people, t->turn having been was:
 * the line says how to let the window go ("(!pass: let it go.)"),
 * emitted to the public text of out. */
void table_window_hint(struct table *t, const struct game_turn *was,
    struct game_out *out);
/* seat lets the open window go (a person's !pass, an AI's decision not
 * to call): once it owes nobody, a window with no turn closes at once and
 * a held move goes.  *waiting (if not NULL) is set to the people it still
 * waits for ("bob and carol", malloc'd), or NULL.  0, or -1 and *cause. */
int table_window_decline(struct table *t, int seat, char **waiting,
    char **cause);

/* ended.c: games just over, so that a move typed a moment late is told
 * so (docs/commands.md, "After a game") */
/* How long after its end a game's commands are answered that way. */
#define ENDED_MS (5 * 60 * 1000)
/* The game at t ends now: c's last game is it (the one before is
 * forgotten). */
void ended_note(struct table *t);
/* c's last game is forgotten (a lobby opens there). */
void ended_forget(struct chan *c);
/* The variant of the game that ended less than ENDED_MS ago, one of
 * whose commands word is: in channel c, the last game there; in private
 * (c NULL), the last that w played to its end, in *where; NULL (and
 * *where NULL) when none. */
const struct game_ops *ended_game(struct bot *b, struct chan *c,
    const struct who *w, const char *word, struct chan **where);
/* Forgets every game's end (the bot ends). */
void ended_free(struct bot *b);

/* notify.c: a call to play (!notify), when a lobby opens */
/* Calling a person again waits this long. */
#define NOTIFY_AGAIN_MS (10 * 60 * 1000)
/* The players called to t's new lobby are named in its channel, in one
 * line: those who chose !notify for its game, in the channel, not away,
 * not seated, and not called in the last NOTIFY_AGAIN_MS; nothing when
 * nobody is. */
void notify_call(struct table *t);
/* Forgets who was called (the bot ends). */
void notify_free(struct bot *b);

/* table-out.c: a table's own line in its channel (its lobby's news, a
 * seat away or back, the result, the story), as a game's line after all
 * the table said before; the number of its last line. */
uint64_t table_say(struct table *t, const char *text);
uint64_t table_sayf(struct table *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* table.c: lobbies and games, from the opening to the record */
struct table *table_open(struct bot *b, struct chan *c,
    const struct game_ops *ops, const struct game_opts *opts);
void table_free(struct table *t);
/* The lobby's time ran out (b->events): it closes, unless started. */
void table_lobby_expired(struct table *t);
int table_start(struct table *t, char **cause);
/* Works out t->turn from the game: the one place ops->turn() is called,
 * each time the game changes (the deal, a move, a rebuild); a new window
 * forgets who let the last one go (table_window_turned()). */
void table_turn_update(struct table *t);
/* After a move or the deal: ends the game if it is over (t is freed
 * then), else arms the clock for what comes. */
void table_after_move(struct table *t);
/* The database refused to record what (a move, the result): logs it and
 * tells the admins. */
void table_store_failed(struct table *t, const char *what, const char *why);
/* Ends t's lobby or game unrecorded (a game is kept as abandoned, why
 * by), saying text in the channel, or for NULL "BY stopped the ..." */
void table_stop(struct table *t, const char *by, const char *text);
/* Records the result, announces it and frees t. */
void table_finish(struct table *t);
void table_status(struct table *t);
/* A player's one-line view of the table t, sent privately (their hand):
 * a reply to !hand (lead NULL), or the game's news when the seat's player
 * is back, after lead (markup), said in the channel first. */
void table_hand(struct table *t, int seat, const char *lead);

/* table-play.c: moves */
/* A player's move: checked, logged, applied and announced; 0, or -1 with
 * *cause (nothing changed). */
int table_move(struct table *t, struct game_move *mv, char **cause);
/* w said something in t's channel that is no command (t may be NULL):
 * when t's game pauses for w's seat to speak (turn().speaker, a question
 * answered), the rules' heard() move ends the pause now. */
void table_heard(struct table *t, const struct who *w);
/* seat gives up the game being played at t: table_move() of a leave,
 * announced after lead (markup, or NULL). */
int table_leave(struct table *t, int seat, const char *lead, char **cause);
/* A pause: calls collected in the tie window are settled now, a held
 * play is dropped (its player is told), every timer of play stops. */
void table_play_pause(struct table *t);
/* The clock's reports (b->events): the turn's warning and end, a
 * window's (or pause's, or wait's) end, the tie window's end, a held
 * move's time. */
void table_on_turn_warning(struct table *t);
void table_on_turn_over(struct table *t);
void table_on_window_over(struct table *t);
void table_on_tie_over(struct table *t);
void table_on_held_due(struct table *t);
void table_on_think_over(struct table *t, int seat);

/* presence.c: seated players who part, quit and come back */
/* Whether a quit message is two server names, as a netsplit's is: two
 * host names, each of labels of letters, digits and '-' or a lone '*'
 * (a masked server, "*.net *.split"), at least two labels, one space
 * between them. */
int presence_split_message(const char *msg);
/* w left c (PART, or every channel: c NULL, a QUIT with its message):
 * a lobby seat is given up, a game seat is held for the grace time:
 * split_grace for a netsplit's quit (two server names, and a second
 * nick quitting with the same within SPLIT_WINDOW_MS; the first
 * quitter's seat is held for part_grace until then), else part_grace.
 * Every QUIT goes here, the quitter seated or not. */
void presence_departed(struct bot *b, struct chan *c, const struct who *w,
    const char *quit_message);
/* w joined c: an away seat that is w is theirs again. */
void presence_returned(struct chan *c, const struct who *w);
/* The players of t's seats are looked for among its channel's members
 * (after a restart or a reconnect): found seats follow their nick, the
 * others are away from now, quietly (the caller says so). */
void presence_recheck(struct table *t);
/* The grace of seat ran out (b->events): it leaves the game. */
void presence_grace_over(struct table *t, int seat);

/* table-resume.c: games across restarts and lost connections */
/* Deals the stored game sg again from its variant, options, seed and
 * dealer, and replays its move log, checking every move: a new game
 * (*ops set to its variant), or NULL and *cause.  Tests rebuild what the
 * bot holds with it too. */
struct game *table_replay(const struct store_game *sg,
    const struct game_ops **ops, char **cause);
/* Rebuilds every unfinished game of the bot's channels from the database
 * (paused until the channel is joined): of the channels it deals, among
 * a network's bots (share.c). */
void table_restore(struct bot *b);
/* ... of c alone, which the bot deals from now on. */
void table_restore_chan(struct bot *b, struct chan *c);
/* The connection is gone: every game stops its clock. */
void table_pause(struct table *t);
/* c is joined and its members known: a paused game goes on. */
void table_resume(struct table *t);

#endif
