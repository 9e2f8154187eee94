/*
 * Headless chromium on a static site's pages (chromium.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/xalloc.h"
#include "tests/lib/chromium.h"

/* chromium's flags: a profile of its own in the site's directory (%s),
 * scrollbars hidden, and a file:// page may read another (the frame
 * reads the page it holds). */
#define CHROMIUM_FLAGS "--headless --no-sandbox --disable-gpu " \
    "--hide-scrollbars --allow-file-access-from-files " \
    "--user-data-dir=%s/.profile"

/* The frame's script: measure(frame, n) writes the facts of the page in
 * iframe frame into <pre id="mN">, once it has loaded (its onload; the
 * frame page's own load, after which chromium dumps the DOM, waits for
 * every iframe's).  The first load of an iframe may be the empty
 * about:blank, which has nothing to measure. */
static const char chromium_script[] =
    "function name(e) {\n"
    "  return (e.id || e.getAttribute('class') || e.tagName)"
    ".replace(/ /g, '.');\n"
    "}\n"
    "function measure(f, n) {\n"
    "  var d = f.contentDocument, w = f.contentWindow, out = [], i, r, b,"
    " s, t, v;\n"
    "  if (d == null || d.body == null || d.URL.indexOf('file:') != 0)\n"
    "    return;\n"
    "  out.push('viewport ' + w.innerWidth);\n"
    "  out.push('page ' + d.documentElement.scrollWidth);\n"
    "  s = d.getElementsByTagName('svg');\n"
    "  for (i = 0; i < s.length; i++) {\n"
    "    r = s[i].getBoundingClientRect();\n"
    "    v = s[i].viewBox.baseVal;\n"
    "    out.push(['svg', name(s[i]), r.left, r.right, r.width, r.height,\n"
    "      v ? v.width : 0, v ? v.height : 0].join(' '));\n"
    "  }\n"
    "  t = d.getElementsByTagName('table');\n"
    "  for (i = 0; i < t.length; i++) {\n"
    "    b = t[i].parentNode.getBoundingClientRect();\n"
    "    out.push(['table', name(t[i]), b.left, b.right,\n"
    "      w.getComputedStyle(t[i].parentNode).overflowX,\n"
    "      t[i].getBoundingClientRect().width, b.width].join(' '));\n"
    "  }\n"
    "  document.getElementById('m' + n).textContent = out.join('\\n');\n"
    "}\n";

/* Writes DIR/.frame-WIDTH.html holding the n pages rel[] each in an
 * iframe width px wide and height px tall, measured when measured is
 * set; its name (relative to dir) into name.  0, or -1. */
static int
chromium_frame(const char *dir, const char *const *rel, int n, int width,
    int height, int measured, char *name, size_t size)
{
	char *path;
	FILE *f;
	int i, rc;

	snprintf(name, size, ".frame-%d.html", width);
	path = xasprintf("%s/%s", dir, name);
	f = fopen(path, "w");
	free(path);
	if (f == NULL)
		return -1;
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<title>At %d px</title>\n<style>\n"
	    "body { margin: 0; }\niframe { display: block; border: 0; "
	    "width: %dpx; height: %dpx; }\n</style>\n<script>\n%s</script>\n"
	    "</head>\n<body>\n", width, width, height, chromium_script);
	for (i = 0; i < n; i++) {
		fprintf(f, "<iframe src=\"%s\"", rel[i]);
		if (measured)
			fprintf(f, " onload=\"measure(this, %d)\"></iframe>\n"
			    "<pre id=\"m%d\"></pre>\n", i, i);
		else
			fprintf(f, "></iframe>\n");
	}
	fprintf(f, "</body>\n</html>\n");
	rc = ferror(f) ? -1 : 0;
	if (fclose(f) != 0)
		rc = -1;
	return rc;
}

/* What the command cmd printed, a new string; NULL when it failed or
 * printed nothing. */
static char *
chromium_run(const char *cmd)
{
	char chunk[4096], *text = NULL;
	size_t len = 0, n;
	FILE *p;

	if ((p = popen(cmd, "r")) == NULL)
		return NULL;
	while ((n = fread(chunk, 1, sizeof chunk, p)) > 0) {
		text = xrealloc(text, len + n + 1);
		memcpy(text + len, chunk, n);
		len += n;
		text[len] = '\0';
	}
	if (pclose(p) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

char *
chromium_dom(const char *dir, const char *rel)
{
	char *cmd, *text;

	cmd = xasprintf(CHROMIUM " " CHROMIUM_FLAGS " --dump-dom "
	    "file://%s/%s 2>/dev/null", dir, dir, rel);
	text = chromium_run(cmd);
	free(cmd);
	return text;
}

int
chromium_measure(const char *dir, const char *const *rel, int n,
    int width, char **out)
{
	char name[64], open[32], *cmd, *dom, *p, *end;
	int i;

	for (i = 0; i < n; i++)
		out[i] = NULL;
	if (chromium_frame(dir, rel, n, width, 800, 1, name,
	    sizeof name) != 0)
		return -1;
	cmd = xasprintf(CHROMIUM " " CHROMIUM_FLAGS " --window-size=%d,800 "
	    "--dump-dom file://%s/%s 2>/dev/null", dir, width, dir, name);
	dom = chromium_run(cmd);
	free(cmd);
	if (dom == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		snprintf(open, sizeof open, "<pre id=\"m%d\">", i);
		if ((p = strstr(dom, open)) == NULL)
			continue;
		p += strlen(open);
		if ((end = strstr(p, "</pre>")) == NULL || end == p)
			continue;
		out[i] = xstrndup(p, (size_t)(end - p));
	}
	free(dom);
	return 0;
}

int
chromium_screenshot(const char *dir, const char *rel, int width,
    int height, const char *png)
{
	char name[64], *cmd;
	int rc;

	if (chromium_frame(dir, &rel, 1, width, height, 0, name,
	    sizeof name) != 0)
		return -1;
	cmd = xasprintf(CHROMIUM " " CHROMIUM_FLAGS " --window-size=%d,%d "
	    "--screenshot=%s file://%s/%s >/dev/null 2>&1", dir, width,
	    height, png, dir, name);
	rc = system(cmd) == 0 ? 0 : -1;
	free(cmd);
	return rc;
}
