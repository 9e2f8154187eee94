/*
 * Markup rendering for render.h.  Colours are chosen to read on dark and
 * light backgrounds alike: "blk" renders as the client's default colour.
 */
#include <stdlib.h>
#include <string.h>

#include "bot/core/render.h"
#include "config/questions.h"
#include "games/intl.h"
#include "games/rng.h"

struct colour {
	const char *name;
	const char *code;	/* mIRC colour number, "" for the default */
};

static const struct colour colours[] = {
	{ "red", "04" },
	{ "blk", "" },
	{ "yel", "07" },
	{ "grn", "03" },
	{ "blu", "12" },
	{ "pur", "06" },
	{ "gry", "14" },
	{ NULL, NULL },
};

/* Renders one {tag:text} span; returns how much of markup it used, or 0 if
 * the span is not valid markup. */
static size_t
render_span(struct buf *out, const char *m, const char *const *names,
    int nnames, int colour)
{
	const char *colon = strchr(m, ':'), *end;
	size_t tag;
	char *num_end;
	long seat;
	int i;

	if (colon == NULL)
		return 0;
	end = strchr(colon, '}');
	if (end == NULL)
		return 0;
	tag = (size_t)(colon - m - 1);
	if (tag == 1 && m[1] == 'p') {
		seat = strtol(colon + 1, &num_end, 10);
		if (num_end != end || seat < 0 || seat >= nnames)
			return 0;
		buf_adds(out, names[seat]);
		return (size_t)(end - m) + 1;
	}
	if (tag == 1 && m[1] == 'b') {
		if (colour)
			buf_addc(out, '\002');
		buf_add(out, colon + 1, (size_t)(end - colon - 1));
		if (colour)
			buf_addc(out, '\002');
		return (size_t)(end - m) + 1;
	}
	for (i = 0; colours[i].name != NULL; i++) {
		if (strlen(colours[i].name) != tag ||
		    strncmp(colours[i].name, m + 1, tag) != 0)
			continue;
		if (colour && *colours[i].code != '\0') {
			buf_addc(out, '\003');
			buf_adds(out, colours[i].code);
		}
		buf_add(out, colon + 1, (size_t)(end - colon - 1));
		if (colour && *colours[i].code != '\0')
			buf_addc(out, '\003');
		return (size_t)(end - m) + 1;
	}
	return 0;
}

void
render(struct buf *out, const char *markup, const char *const *names,
    int nnames, int colour)
{
	const char *m = markup;
	size_t used;

	while (*m != '\0') {
		/* Text up to the next brace goes as it is, in one piece:
		 * every private line is rendered, so this is per line. */
		used = strcspn(m, "{}");
		if (used > 0) {
			buf_add(out, m, used);
			m += used;
			continue;
		}
		if ((m[0] == '{' && m[1] == '{') || (m[0] == '}' &&
		    m[1] == '}')) {
			buf_addc(out, m[0]);
			m += 2;
			continue;
		}
		if (*m == '{' &&
		    (used = render_span(out, m, names, nnames, colour)) > 0) {
			m += used;
			continue;
		}
		buf_addc(out, *m++);
	}
}

int
render_question_index(int n, uint64_t seed, int card)
{
	struct rng r;
	uint64_t a, b, g, x, y, t;

	if (n <= 1)
		return 0;
	/* card -> (a * card + b) mod n, with a prime to n: the cards of a
	 * deck get different questions as long as there are enough, and
	 * each seed (each game) picks another a and b. */
	rng_seed(&r, seed ^ 0x7175657374696f6eULL);	/* "question" */
	b = rng_below(&r, (uint32_t)n);
	do {
		a = 1 + rng_below(&r, (uint32_t)(n - 1));
		for (x = a, y = (uint64_t)n; y != 0; t = x % y, x = y, y = t)
			;
		g = x;
	} while (g != 1);
	return (int)((a * (uint64_t)(card % n) + b) % (uint64_t)n);
}

void
render_questions(struct buf *out, const char *markup,
    const struct questions *q, uint64_t seed)
{
	const char *m = markup;
	char *end;
	long card;

	while (*m != '\0') {
		if ((card = (long)strcspn(m, "{")) > 0) {
			buf_add(out, m, (size_t)card);
			m += card;
			continue;
		}
		if (m[0] == '{' && m[1] == '{') {
			buf_add(out, m, 2);
			m += 2;
			continue;
		}
		if (q != NULL && strncmp(m, "{q:", 3) == 0 &&
		    (card = strtol(m + 3, &end, 10)) >= 0 && end > m + 3 &&
		    *end == '}' && card < 1000000) {
			/* In the language written in: a question of the
			 * built-in set has its translation in the catalog
			 * (make pot), one of an operator's file is asked
			 * as written. */
			buf_adds(out, _(questions_get(q, render_question_index(
			    questions_count(q), seed, (int)card))));
			m = end + 1;
			continue;
		}
		buf_addc(out, *m++);
	}
}

void
render_strip(struct buf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int digits;

	while (*p != '\0') {
		if (*p == 3) {
			p++;
			for (digits = 0; digits < 2 && *p >= '0' && *p <= '9';
			    digits++)
				p++;
			if (digits > 0 && *p == ',' && p[1] >= '0' &&
			    p[1] <= '9') {
				p += 2;
				if (*p >= '0' && *p <= '9')
					p++;
			}
			continue;
		}
		if (*p < 32 || *p == 127) {
			p++;
			continue;
		}
		for (digits = 0; p[digits] >= 32 && p[digits] != 127; digits++)
			;
		buf_add(out, (const char *)p, (size_t)digits);
		p += digits;
	}
}
