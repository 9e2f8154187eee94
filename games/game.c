/*
 * The generic half of the rules contract: the variant registry, option
 * handling, the text form of moves kept in the move log, and the message
 * helpers every variant uses.  Nothing here knows any variant's rules.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "intl.h"
#include "alloc/xalloc.h"

extern const struct game_ops cheat_ops;
extern const struct game_ops cheater_ops;
extern const struct game_ops cheesedog_ops;
extern const struct game_ops liarsuno_ops;
extern const struct game_ops questions_ops;

const struct game_ops *const game_table[] = {
	&cheat_ops,
	&cheater_ops,
	&questions_ops,
	&liarsuno_ops,
	&cheesedog_ops,
	NULL,
};

int
game_fail(char **cause, const char *fmt, ...)
{
	va_list ap;

	if (cause != NULL) {
		va_start(ap, fmt);
		*cause = xvasprintf(fmt, ap);
		va_end(ap);
	}
	return -1;
}

void
(game_cat)(char **line, const char *fmt, ...)
{
	size_t have;
	const char *s = NULL;
	char piece[256];
	va_list ap;
	int n;

	if (line == NULL)
		return;
	have = *line != NULL ? strlen(*line) : 0;

	/* Appended in place: a view is built of dozens of pieces, and
	 * copying the whole line for each made it quadratic (a third of a
	 * Cheesedog hand's cost: docs/performance.md).  The pieces most
	 * often are a card ("%s") or plain text: those are copied without
	 * printf's parsing, the most of what is left of a hand's cost. */
	va_start(ap, fmt);
	if (strchr(fmt, '%') == NULL)
		s = fmt;
	else if (strcmp(fmt, "%s") == 0)
		s = va_arg(ap, const char *);
	if (s != NULL) {
		va_end(ap);
		n = (int)strlen(s);
		*line = xrealloc(*line, have + (size_t)n + 1);
		memcpy(*line + have, s, (size_t)n + 1);
		return;
	}
	n = vsnprintf(piece, sizeof piece, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	*line = xrealloc(*line, have + (size_t)n + 1);
	if ((size_t)n < sizeof piece) {
		memcpy(*line + have, piece, (size_t)n + 1);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(*line + have, (size_t)n + 1, fmt, ap);
	va_end(ap);
}

void
game_cat_take(char **line, char *piece)
{
	if (piece == NULL)
		return;
	game_cat(line, "%s%s", piece[0] == ' ' ? "" : " ", piece);
	free(piece);
}

size_t
game_markup_size(const char *m)
{
	size_t w = 0;

	while (*m != '\0') {
		if ((m[0] == '{' && m[1] == '{') || (m[0] == '}' &&
		    m[1] == '}')) {
			w++;
			m += 2;
		} else if (m[0] == '{' && (m[1] == 'p' || m[1] == 'q') &&
		    m[2] == ':') {
			w += GAME_NAME_WIDTH;
			m += strcspn(m, "}");
			m += *m != '\0';
		} else if (m[0] == '{') {
			/* The codes around a span: colour 4, bold 2. */
			w += m[1] == 'b' && m[2] == ':' ? 2 : 4;
			m += strcspn(m, ":");
			m += *m != '\0';
		} else if (m[0] == '}')
			m++;
		else {
			w++;
			m++;
		}
	}
	return w;
}

void
game_story_hidden(struct game_story *st, const char *fmt, ...)
{
	size_t len = strnlen(st->hidden, sizeof st->hidden);
	va_list ap;

	if (len + 1 >= sizeof st->hidden)
		return;
	va_start(ap, fmt);
	vsnprintf(st->hidden + len, sizeof st->hidden - len, fmt, ap);
	va_end(ap);
}

void
game_say_line(struct game_out *out, char **line)
{
	if (line == NULL)
		return;
	if (*line != NULL)
		game_say(out, GAME_PUBLIC, "%s", *line);
	free(*line);
	*line = NULL;
}

int
game_quiet(const struct game_out *out)
{
	return out == NULL || out->emit == NULL;
}

char **
game_line(const struct game_out *out, char **line)
{
	return game_quiet(out) ? NULL : line;
}

int
game_parse_seat(const char *word, int nseats, int *seat, char **cause)
{
	char tail;
	int n;

	if (sscanf(word, "{p:%d}%c", &n, &tail) != 1 || n < 0 || n >= nseats)
		return game_fail(cause, _("no player '%s' at this table"),
		    word);
	*seat = n;
	return 0;
}

int
game_decks(const struct game_ops *ops, int nseats, int dealer, int decks,
    int one_max, char **cause)
{
	if (nseats < ops->min_seats || nseats > ops->max_seats)
		/* TRANSLATORS: the game's name ("cheat"), then numbers of
		 * players. */
		return game_fail(cause, _("%s is for %d to %d players, not "
		    "%d"), ops->name, ops->min_seats, ops->max_seats, nseats);
	if (dealer < 0 || dealer >= nseats)
		return game_fail(cause, "no seat %d to deal", dealer);
	if (decks < 0 || decks > 2)
		/* TRANSLATORS: "decks" is the option's name, typed. */
		return game_fail(cause, _("option 'decks' takes a value from "
		    "0 to 2"));
	if (decks == 0)
		decks = nseats <= 4 ? 1 : 2;
	if (decks == 1 && nseats > one_max)
		return game_fail(cause, _("one deck is for at most %d "
		    "players, not %d"), one_max, nseats);
	return decks;
}

void
(game_say)(struct game_out *out, int seat, const char *fmt, ...)
{
	va_list ap;
	char *text;

	if (game_quiet(out))
		return;
	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	out->emit(out->ctx, seat, text);
	free(text);
}

const struct game_ops *
game_named(const char *name)
{
	int i;

	for (i = 0; game_table[i] != NULL; i++) {
		if (strcasecmp(game_table[i]->name, name) == 0)
			return game_table[i];
	}
	return NULL;
}

const struct game_ops *
game_find(const char *name, char **cause)
{
	const struct game_ops *found = NULL;
	size_t len = strlen(name);
	int i, matches = 0;

	if (len == 0)
		return game_fail(cause, _("no game named ''")), NULL;
	for (i = 0; game_table[i] != NULL; i++) {
		if (strcasecmp(game_table[i]->name, name) == 0)
			return game_table[i];
		if (strncasecmp(game_table[i]->name, name, len) == 0) {
			found = game_table[i];
			matches++;
		}
	}
	if (matches == 1)
		return found;
	if (matches > 1)
		game_fail(cause, _("'%s' could be more than one game"), name);
	else
		game_fail(cause, _("no game named '%s'"), name);
	return NULL;
}

void
game_opts_default(const struct game_ops *ops, struct game_opts *opts)
{
	int i;

	memset(opts, 0, sizeof *opts);
	for (i = 0; ops->options != NULL && ops->options[i].name != NULL; i++)
		opts->v[i] = ops->options[i].def;
}

/* Parses an option value: an integer, or a boolean word. */
static int
parse_value(const char *s, int *v)
{
	static const char *const yes[] = { "on", "yes", "true", NULL };
	static const char *const no[] = { "off", "no", "false", NULL };
	char *end;
	long l;
	int i;

	for (i = 0; yes[i] != NULL; i++) {
		if (strcasecmp(s, yes[i]) == 0)
			return (*v = 1), 0;
		if (strcasecmp(s, no[i]) == 0)
			return (*v = 0), 0;
	}
	errno = 0;
	l = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || l < INT_MIN ||
	    l > INT_MAX)
		return -1;
	*v = (int)l;
	return 0;
}

int
game_opts_set(const struct game_ops *ops, struct game_opts *opts,
    const char *assignment, char **cause)
{
	const struct game_option *o;
	const char *eq = strchr(assignment, '=');
	size_t len;
	int i, v;

	if (eq == NULL || eq == assignment)
		/* TRANSLATORS: "name=value" shows how an option is typed;
		 * name and value may be translated, "=" stays. */
		return game_fail(cause, _("options are written name=value, "
		    "not '%s'"), assignment);
	len = (size_t)(eq - assignment);
	for (i = 0; ops->options != NULL && ops->options[i].name != NULL;
	    i++) {
		o = &ops->options[i];
		if (strlen(o->name) != len ||
		    strncasecmp(o->name, assignment, len) != 0)
			continue;
		if (parse_value(eq + 1, &v) != 0 || v < o->min || v > o->max)
			return game_fail(cause, _("option '%s' takes a "
			    "value from %d to %d"), o->name, o->min, o->max);
		opts->v[i] = v;
		return 0;
	}
	/* TRANSLATORS: the game's name ("cheat"), then the option's name
	 * as typed. */
	return game_fail(cause, _("%s has no option '%.*s'"), ops->name,
	    (int)len, assignment);
}

void
game_opts_format(const struct game_ops *ops, const struct game_opts *opts,
    char *buf, size_t size)
{
	size_t used = 0;
	int i, n;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (i = 0; ops->options != NULL && ops->options[i].name != NULL;
	    i++) {
		n = snprintf(buf + used, size - used, "%s%s=%d",
		    used > 0 ? " " : "", ops->options[i].name, opts->v[i]);
		if (n < 0 || (size_t)n >= size - used)
			break;
		used += (size_t)n;
	}
}

int
game_opts_parse(const struct game_ops *ops, const char *text,
    struct game_opts *opts, char **cause)
{
	char *copy = xstrdup(text), *word, *save = NULL;
	int rc = 0;

	game_opts_default(ops, opts);
	for (word = strtok_r(copy, " ,", &save); word != NULL && rc == 0;
	    word = strtok_r(NULL, " ,", &save))
		rc = game_opts_set(ops, opts, word, cause);
	free(copy);
	return rc;
}

/* Appends len bytes of s to buf (size bytes, *used of them used), as
 * many as fit, keeping it terminated. */
static void
words_add(char *buf, size_t size, size_t *used, const char *s, size_t len)
{
	if (len > size - *used - 1)
		len = size - *used - 1;
	memcpy(buf + *used, s, len);
	*used += len;
	buf[*used] = '\0';
}

/* Appends option o at value v in words (o->words, translated) to buf. */
static void
words_option(const struct game_option *o, int v, char *buf, size_t size,
    size_t *used)
{
	const char *w = o->words != NULL && *o->words != '\0' ?
	    _(o->words) : o->words, *bar;
	char value[16];
	size_t len, n;
	int k;

	snprintf(value, sizeof value, "%d", v);
	if (w == NULL) {
		words_add(buf, size, used, o->name, strlen(o->name));
		words_add(buf, size, used, "=", 1);
		words_add(buf, size, used, value, strlen(value));
		return;
	}
	for (k = v - o->min; k > 0 && (bar = strchr(w, '|')) != NULL; k--)
		w = bar + 1;
	for (len = strcspn(w, "|"); len > 0; w += n, len -= n) {
		if (*w == '#') {
			words_add(buf, size, used, value, strlen(value));
			n = 1;
		} else {
			n = strcspn(w, "#|");
			words_add(buf, size, used, w, n);
		}
	}
}

void
game_opts_words(const struct game_ops *ops, const struct game_opts *opts,
    char *buf, size_t size)
{
	const struct game_option *o;
	size_t used = 0;
	int i;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (i = 0; ops->options != NULL && ops->options[i].name != NULL;
	    i++) {
		o = &ops->options[i];
		if (opts->v[i] == o->def)
			continue;
		if (used > 0)
			words_add(buf, size, &used, ", ", 2);
		words_option(o, opts->v[i], buf, size, &used);
	}
}

/* Whether cmd is called word, by its name or an alias. */
static int
cmd_called(const struct game_cmd *cmd, const char *word)
{
	const char *a, *end;
	size_t len = strlen(word);

	if (strcasecmp(cmd->name, word) == 0)
		return 1;
	for (a = cmd->aliases; a != NULL && *a != '\0'; a = end) {
		while (*a == ' ')
			a++;
		end = a + strcspn(a, " ");
		if ((size_t)(end - a) == len && len > 0 &&
		    strncasecmp(a, word, len) == 0)
			return 1;
	}
	return 0;
}

int
game_cmd_find_where(const struct game_ops *ops, const char *word,
    enum game_where where)
{
	int i, first = -1;

	for (i = 0; ops->cmds != NULL && ops->cmds[i].name != NULL; i++) {
		if (!cmd_called(&ops->cmds[i], word))
			continue;
		if (ops->cmds[i].where & where)
			return i;
		if (first < 0)
			first = i;
	}
	return first;
}

void
game_outcome(const struct game_ops *ops, const struct game_result *r,
    int seat, int *won, int *lost)
{
	int for_loser = ops->loser_game || r->for_loser || r->loser >= 0;

	*won = !for_loser && game_forfeit(r) != seat &&
	    (r->winner == seat || (r->winner < 0 && r->place[seat] == 1));
	*lost = r->loser == seat || (for_loser && r->place[seat] == 0);
}

int
game_forfeit(const struct game_result *r)
{
	int s, placed = -1;

	if (r->nseats < 2)
		return -1;
	for (s = 0; s < r->nseats; s++) {
		if (r->place[s] == 0)
			continue;
		if (placed >= 0)
			return -1;
		placed = s;
	}
	return placed;
}

int
game_cmd_find(const struct game_ops *ops, const char *word)
{
	return game_cmd_find_where(ops, word, GAME_WHERE_BOTH);
}

void
game_move_format(const struct game_ops *ops, const struct game_move *mv,
    char *buf, size_t size)
{
	size_t used;
	int i, n;

	n = snprintf(buf, size, "%d %s", mv->seat, ops->verbs[mv->verb]);
	if (n < 0 || (size_t)n >= size)
		return;
	used = (size_t)n;
	for (i = 0; i < mv->argc; i++) {
		n = snprintf(buf + used, size - used, " %d", mv->argv[i]);
		if (n < 0 || (size_t)n >= size - used)
			return;
		used += (size_t)n;
	}
}

int
game_move_parse(const struct game_ops *ops, const char *text,
    struct game_move *mv, char **cause)
{
	const char *p = text;
	char *end;
	long l;
	size_t len;
	int i;

	memset(mv, 0, sizeof *mv);
	l = strtol(p, &end, 10);
	if (end == p || *end != ' ' || l < GAME_SEAT_TABLE ||
	    l >= GAME_MAX_SEATS)
		return game_fail(cause, "bad seat in move '%s'", text);
	mv->seat = (int)l;
	p = end + 1;
	len = strcspn(p, " ");
	for (i = 0; ops->verbs[i] != NULL; i++) {
		if (strlen(ops->verbs[i]) == len &&
		    strncmp(ops->verbs[i], p, len) == 0)
			break;
	}
	if (ops->verbs[i] == NULL)
		return game_fail(cause, "bad verb in move '%s'", text);
	mv->verb = i;
	p += len;
	while (*p == ' ') {
		if (mv->argc == GAME_MOVE_ARGS)
			return game_fail(cause, "too many arguments in move");
		l = strtol(p + 1, &end, 10);
		if (end == p + 1 || l < INT_MIN || l > INT_MAX)
			return game_fail(cause, "bad argument in move '%s'",
			    text);
		mv->argv[mv->argc++] = (int)l;
		p = end;
	}
	if (*p != '\0')
		return game_fail(cause, "trailing text in move '%s'", text);
	return 0;
}
