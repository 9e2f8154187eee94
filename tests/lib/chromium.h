/*
 * Debian's chromium (/usr/bin/chromium, a Makefile dependency), headless,
 * on the pages of a static site in a directory: the DOM it builds from
 * one, pages laid out at a width and measured, a screenshot at a width.
 *
 * A headless chromium's window is never narrower than 500 px, whatever
 * --window-size asks (a narrower screenshot is the left part of a page
 * laid out at 500).  So a page is seen at a width through a page of the
 * test's, DIR/.frame-WIDTH.html, that holds it in an iframe of exactly
 * that width: the iframe's viewport is the page's, as a phone's screen
 * would be.  Scrollbars are hidden (--hide-scrollbars), as a phone's are,
 * so they take no width.  The site's pages have no script: the one that
 * measures is the frame's, and reads the page through the iframe
 * (--allow-file-access-from-files lets one file:// page read another).
 */
#ifndef TESTS_CHROMIUM_H
#define TESTS_CHROMIUM_H

#define CHROMIUM "/usr/bin/chromium"

/* The DOM chromium built from DIR/rel, a new string; NULL when chromium
 * failed or dumped nothing. */
char *chromium_dom(const char *dir, const char *rel);

/*
 * The n pages rel[0..n-1] of dir, each laid out at width CSS px and
 * measured once loaded, into out[i] (new strings, NULL for a page that
 * was not measured), one fact a line:
 *
 *   viewport W                 the page's viewport, width px
 *   page W                     its document's width (scrollWidth): more
 *                              than the viewport is a page that scrolls
 *                              sideways
 *   svg NAME LEFT RIGHT W H VW VH   each svg: its box as laid out, and its
 *                              viewBox's width and height (0 0: none)
 *   table NAME LEFT RIGHT OVERFLOW TW BW   each table's parent box: its
 *                              left and right, its overflow-x, the
 *                              table's width and the box's
 *
 * NAME is the element's id, else its class, spaces as dots.  0, or -1
 * when chromium failed.
 */
int chromium_measure(const char *dir, const char *const *rel, int n,
    int width, char **out);

/* A screenshot of DIR/rel laid out at width CSS px, its top height px,
 * into the PNG file png: 0, or -1. */
int chromium_screenshot(const char *dir, const char *rel, int width,
    int height, const char *png);

#endif
