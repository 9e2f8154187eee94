/*
 * IRC line reading, sanitizing and parsing (ircline.h).  Nothing here
 * allocates or trusts its input: every length is bounded by the caller's
 * buffer or by IRCLINE_READ_MAX, and a line that is not IRC is refused
 * rather than guessed at.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "bot/net/ircline.h"

/* Copies an IRCv3 tag value into out (size bytes) undoing its escapes
 * ("\:" ";", "\s" " ", "\\" "\", "\r", "\n"; any other "\x" is "x").  0, or
 * -1 if it does not fit. */
static int
ircline_unescape(char *out, size_t size, const char *v)
{
	size_t n = 0;
	char c;

	for (; *v != '\0'; v++) {
		c = *v;
		if (c == '\\') {
			if (*++v == '\0')
				break;
			switch (*v) {
			case ':':
				c = ';';
				break;
			case 's':
				c = ' ';
				break;
			case 'r':
				c = '\r';
				break;
			case 'n':
				c = '\n';
				break;
			default:
				c = *v;
				break;
			}
		}
		if (n + 1 >= size)
			return -1;
		out[n++] = c;
	}
	out[n] = '\0';
	return 0;
}

/* Looks through the tags (";"-separated, NUL-terminated) for account=. */
static void
ircline_tags(struct ircline *m, char *tags)
{
	char *tag, *end;

	for (tag = tags; tag != NULL; tag = end) {
		end = strchr(tag, ';');
		if (end != NULL)
			*end++ = '\0';
		if (strncmp(tag, "account=", 8) != 0 || tag[8] == '\0')
			continue;
		if (ircline_unescape(
		        m->account_buf, sizeof m->account_buf, tag + 8) == 0 &&
		    m->account_buf[0] != '\0')
			m->account = m->account_buf;
	}
}

/* Cuts the word at p (up to a space or the end) and returns what follows
 * its spaces. */
static char *
ircline_word(char *p)
{
	while (*p != '\0' && *p != ' ')
		p++;
	while (*p == ' ')
		*p++ = '\0';
	return p;
}

static int
ircline_valid_command(const char *c)
{
	size_t i, len = strlen(c);

	if (len == 3 && isdigit((unsigned char)c[0]) &&
	    isdigit((unsigned char)c[1]) && isdigit((unsigned char)c[2]))
		return 1;
	if (len == 0)
		return 0;
	for (i = 0; i < len; i++) {
		if (!isalpha((unsigned char)c[i]))
			return 0;
	}
	return 1;
}

int
ircline_parse(struct ircline *m, const char *line, size_t len)
{
	char *p;

	if (len > IRCLINE_READ_MAX)
		len = IRCLINE_READ_MAX;
	len = strnlen(line, len);
	memcpy(m->buf, line, len);
	m->buf[len] = '\0';
	m->account = m->prefix = m->command = NULL;
	m->nparams = 0;

	p = m->buf;
	if (*p == '@') {
		char *tags = p + 1;

		p = ircline_word(p);
		ircline_tags(m, tags);
	}
	while (*p == ' ')
		p++;
	if (*p == ':') {
		m->prefix = p + 1;
		p = ircline_word(p);
		if (*m->prefix == '\0')
			return -1;
	}
	m->command = p;
	p = ircline_word(p);
	if (!ircline_valid_command(m->command))
		return -1;

	while (*p != '\0') {
		if (*p == ':' || m->nparams == IRCLINE_PARAMS - 1) {
			m->params[m->nparams++] = p + (*p == ':');
			break;
		}
		m->params[m->nparams++] = p;
		p = ircline_word(p);
	}
	return 0;
}

int
ircline_format(const struct ircline *m, char *out, size_t size)
{
	size_t n = 0;
	unsigned int i;
	const char *v, *colon;
	int w, last;

	if (size == 0)
		return -1;
	out[0] = '\0';
	if (m->prefix != NULL) {
		w = snprintf(out, size, ":%s ", m->prefix);
		if (w < 0 || (size_t)w >= size)
			return -1;
		n = (size_t)w;
	}
	w = snprintf(out + n, size - n, "%s", m->command);
	if (w < 0 || (size_t)w >= size - n)
		return -1;
	n += (size_t)w;
	for (i = 0; i < m->nparams; i++) {
		v = m->params[i];
		last = i + 1 == m->nparams;
		colon = "";
		if (*v == '\0' || *v == ':' || strchr(v, ' ') != NULL) {
			if (!last)
				return -1;
			colon = ":";
		}
		w = snprintf(out + n, size - n, " %s%s", colon, v);
		if (w < 0 || (size_t)w >= size - n)
			return -1;
		n += (size_t)w;
	}
	return (int)n;
}

/* The byte length of the UTF-8 character whose first byte is c, or 0 if c
 * cannot start one. */
static size_t
ircline_utf8_len(unsigned char c)
{
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return 2;
	if (c >= 0xe0 && c <= 0xef)
		return 3;
	if (c >= 0xf0 && c <= 0xf4)
		return 4;
	return 0;
}

size_t
ircline_cut(const char *s, size_t len, size_t max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t cut = max, clen, k;

	if (len <= max)
		return len;
	while (cut > 0 && max - cut < 3 && (u[cut] & 0xc0) == 0x80)
		cut--;
	if (cut == max)
		return max;
	/* u[cut] must start a character that runs past max and every byte
	 * of it must continue it; else this is not UTF-8: cut at max. */
	clen = ircline_utf8_len(u[cut]);
	if (clen <= max - cut)
		return max;
	for (k = cut + 1; k < cut + clen && k < len; k++) {
		if ((u[k] & 0xc0) != 0x80)
			return max;
	}
	return cut;
}

const char *
ircline_skip_tags(const char *line, size_t len)
{
	const char *end = line + len, *p = line;

	if (len == 0 || *p != '@')
		return line;
	while (p < end && *p != ' ')
		p++;
	while (p < end && *p == ' ')
		p++;
	return p;
}

size_t
ircline_sanitize(char *out, const char *line, size_t len)
{
	const char *p = ircline_skip_tags(line, len), *end = line + len;
	size_t n = 0, keep;
	char tmp[IRCLINE_MAX + 4];

	/* Up to 3 bytes past the limit, so the cut can see whether it splits
	 * a character. */
	for (; p < end && n < sizeof tmp; p++) {
		if (*p != '\0' && *p != '\r' && *p != '\n')
			tmp[n++] = *p;
	}
	keep = ircline_cut(tmp, n, IRCLINE_MAX);
	memcpy(out, tmp, keep);
	out[keep] = '\0';
	return keep;
}

void
ircline_reader_init(struct ircline_reader *r)
{
	r->len = 0;
	r->ready = 0;
	r->skipping = 0;
	r->buf[0] = '\0';
}

size_t
ircline_reader_feed(struct ircline_reader *r, const char *data, size_t n)
{
	size_t i;

	if (r->ready)
		return 0;
	for (i = 0; i < n; i++) {
		if (data[i] == '\n') {
			if (r->skipping) {
				r->skipping = 0;
				continue;
			}
			if (r->len > 0 && r->buf[r->len - 1] == '\r')
				r->len--;
			r->ready = 1;
			return i + 1;
		}
		if (r->skipping)
			continue;
		if (r->len == IRCLINE_READ_MAX) {
			/* Full and still no LF: hand out what we have and
			 * throw this byte away with the rest of the line. */
			r->ready = 1;
			r->skipping = 1;
			return i + 1;
		}
		r->buf[r->len++] = data[i];
	}
	return n;
}

char *
ircline_reader_line(struct ircline_reader *r, size_t *len)
{
	if (!r->ready)
		return NULL;
	r->buf[r->len] = '\0';
	*len = r->len;
	r->ready = 0;
	r->len = 0;
	return r->buf;
}
