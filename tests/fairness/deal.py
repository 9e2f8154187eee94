#!/usr/bin/env python3
"""An independent checker of cheaterbot's deal keys, written from
docs/fairness.md alone (it neither imports nor runs the bot's C code).

    python3 tests/fairness/deal.py KEY

prints the key's SHA-256 and the deal it makes: one line per seat,
"seatN: CARD CARD ...", sorted as the game sorts a hand (Cheesedog adds
"up:" and "down:" with the face-up and the face-down cards), then the
piles (top first) and who moves first.  Exits 2 on a key it cannot read.
"""

import hashlib
import re
import sys

MASK = (1 << 64) - 1


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Rng:
    """xoshiro256** seeded through splitmix64."""

    def __init__(self, seed):
        x = seed & MASK
        self.s = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            self.s.append(z ^ (z >> 31))

    def next(self):
        s = self.s
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n):
        floor = (1 << 32) % n
        while True:
            x = self.next() >> 32
            if x >= floor:
                return x % n

    def shuffle(self, a):
        for i in range(len(a), 1, -1):
            j = self.below(i)
            a[i - 1], a[j] = a[j], a[i - 1]


# The variants: seats allowed, and options in order (name, min, max,
# default).
VARIANTS = {
    "cheat": (2, 10, [("decks", 0, 2, 0), ("loser", 0, 1, 0)]),
    "cheater": (2, 10, [("decks", 0, 2, 0)]),
    "questions": (3, 8, [("decks", 1, 2, 1)]),
    "liarsuno": (2, 10, [("points", 0, 1, 0), ("target", 50, 2000, 500)]),
    "cheesedog": (3, 8, []),
}


class KeyError_(Exception):
    pass


def option_value(text):
    words = {"on": 1, "yes": 1, "true": 1, "off": 0, "no": 0, "false": 0}
    if text.lower() in words:
        return words[text.lower()]
    if not re.fullmatch(r"-?[0-9]+", text):
        raise KeyError_("option value '%s' is not a number" % text)
    return int(text)


def parse_key(key):
    f = key.split(":")
    if len(f) != 7:
        raise KeyError_("a key has 7 fields separated by ':'")
    if f[0] != "cb1":
        raise KeyError_("a key starts 'cb1:', not '%s:'" % f[0])
    variant = f[1].lower()
    if variant not in VARIANTS:
        raise KeyError_("no game '%s'" % f[1])
    lo, hi, options = VARIANTS[variant]
    if not re.fullmatch(r"[0-9]+", f[2]) or not lo <= int(f[2]) <= hi:
        raise KeyError_("%s is for %d to %d seats, not '%s'" %
                        (variant, lo, hi, f[2]))
    nseats = int(f[2])
    if not re.fullmatch(r"[0-9]+", f[3]) or not 0 <= int(f[3]) < nseats:
        raise KeyError_("the dealer is a seat from 0 to %d, not '%s'" %
                        (nseats - 1, f[3]))
    dealer = int(f[3])
    opts = {name: default for name, _, _, default in options}
    if f[4] != "-":
        for word in filter(None, re.split(r"[ ,]", f[4])):
            name, eq, value = word.partition("=")
            match = [o for o in options if o[0] == name.lower()]
            if not eq or not match:
                raise KeyError_("%s has no option '%s'" % (variant, word))
            v = option_value(value)
            if not match[0][1] <= v <= match[0][2]:
                raise KeyError_("option '%s' takes a value from %d to %d" %
                                match[0][:3])
            opts[match[0][0]] = v
    if not re.fullmatch(r"[0-9a-f]{16}", f[5]):
        raise KeyError_("the seed is 16 lowercase hex digits")
    if not re.fullmatch(r"[0-9a-f]{32}", f[6]):
        raise KeyError_("the salt is 32 lowercase hex digits")
    return variant, nseats, dealer, opts, int(f[5], 16)


def decks_for(opt, nseats, one_max):
    decks = opt if opt != 0 else (1 if nseats <= 4 else 2)
    if decks == 1 and nseats > one_max:
        raise KeyError_("one deck is for at most %d players, not %d" %
                        (one_max, nseats))
    return decks


# Playing cards.
RANKS = ["?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
         "K"]
SUITS = ["\u2663", "\u2666", "\u2665", "\u2660"]


def card_rank(i):
    return i % 13 + 1


def card_suit(i):
    return (i // 13) % 4


def card_name(i):
    return RANKS[card_rank(i)] + SUITS[card_suit(i)]


def cheat_key(i):
    return ((card_rank(i) * 4 + card_suit(i)) * 64) + i // 52


def cheesedog_key(i):
    value = 14 if card_rank(i) == 1 else card_rank(i)
    return ((value * 4 + card_suit(i)) * 2) + i // 52


def words(cards, name, key):
    return " ".join(name(c) for c in sorted(cards, key=key))


def deal_cheat(variant, nseats, dealer, opts, rng, out):
    ordered = variant == "questions"
    decks = decks_for(opts["decks"], nseats, 8 if ordered else 6)
    a = list(range(52 * decks))
    rng.shuffle(a)
    dealt = len(a) // nseats * nseats if ordered else len(a)
    hands = [[] for _ in range(nseats)]
    for i in range(dealt):
        hands[(dealer + 1 + i) % nseats].append(a[i])
    pile = a[dealt:]
    for s in range(nseats):
        out.append("seat%d: %s" % (s, words(hands[s], card_name, cheat_key)))
    if pile:
        out.append("pile: " + " ".join(card_name(c) for c in pile[::-1]))
    out.append("first: seat%d" % ((dealer + 1) % nseats))


# CHEATER.
CH_SUITS = "rypb"
CH_SUIT_NAMES = ["red", "yellow", "purple", "blue"]
CH_LETTERS = "CHEATR"
CH_SUIT_LETTERS = [0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5]
CH_ACTIONS = ["TAKE"] * 4 + ["SHOW"] * 4 + ["HIDE"] * 4 + ["BUST", "WILD"]
CH_ACTION_NAMES = ["TAKE", "SHOW", "HIDE", "BUST", "WILD"]


def ch_face(i):
    k = i % 70
    if k < 56:
        return (k // 14) * 6 + CH_SUIT_LETTERS[k % 14]
    return 24 + CH_ACTION_NAMES.index(CH_ACTIONS[k - 56])


def ch_name(i):
    f = ch_face(i)
    if f < 24:
        return CH_SUITS[f // 6] + CH_LETTERS[f % 6]
    return CH_ACTION_NAMES[f - 24]


def ch_spells(hand):
    """The suit the hand spells CHEATER in, or -1."""
    need = [1, 1, 2, 1, 1, 1]
    faces = [ch_face(i) for i in hand]
    for suit in range(4):
        if all(faces.count(suit * 6 + l) >= need[l] for l in range(6)):
            return suit
    return -1


def deal_cheater(nseats, dealer, opts, rng, out):
    decks = decks_for(opts["decks"], nseats, 6)
    a = list(range(70 * decks))
    rng.shuffle(a)
    n = len(a)
    hands = [[] for _ in range(nseats)]
    for i in range(7 * nseats):
        hands[(dealer + 1 + i) % nseats].append(a[n - 1 - i])
    draw = a[:n - 7 * nseats]
    discard = draw.pop()
    for s in range(nseats):
        out.append("seat%d: %s" % (s, words(hands[s], ch_name, lambda i:
                                            (ch_face(i), i))))
    out.append("discard: " + ch_name(discard))
    out.append("draw: " + " ".join(ch_name(c) for c in draw[::-1]))
    tied = [(dealer + 1 + i) % nseats for i in range(nseats)]
    rolls = []
    while len(tied) > 1:
        sums = []
        for s in tied:
            d1 = rng.below(6) + 1
            d2 = rng.below(6) + 1
            sums.append(d1 + d2)
            rolls.append("seat%d %d+%d" % (s, d1, d2))
        best = max(sums)
        tied = [s for s, t in zip(tied, sums) if t == best]
        if len(tied) > 1:
            rolls.append("tie!")
    out.append("rolls to start: " + ", ".join(rolls))
    first = tied[0]
    for k in range(nseats):
        s = (first + k) % nseats
        suit = ch_spells(hands[s])
        if suit >= 0:
            out.append("over as dealt: seat%d spells CHEATER in %s" %
                       (s, CH_SUIT_NAMES[suit]))
            return
    d1 = rng.below(6) + 1
    d2 = rng.below(6) + 1
    out.append("first: seat%d" % first)
    out.append("first turn rolls: %d and %d%s" %
               (d1, d2, " (doubles: the CHEATER)" if d1 == d2 else ""))


# Liar's UNO.
LU_COLOURS = "rygb"
LU_SYMBOLS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R",
              "+2", "+4", "WLC"]


def lu_card(i):
    """(colour, symbol, liar) of id i; colour 4 for a wild."""
    if i >= 108:
        return 4, 14, 0
    if i >= 104:
        return 4, 13, 1
    k = i % 26
    if k < 10:
        return i // 26, k, 0
    if k < 20:
        return i // 26, k - 10, 1
    return i // 26, 10 + (k - 20) // 2, 1


def lu_name(i):
    colour, sym, liar = lu_card(i)
    return ("~" if liar else "") + (LU_COLOURS[colour] if colour < 4 else
                                    "") + LU_SYMBOLS[sym]


def lu_key(i):
    colour, sym, liar = lu_card(i)
    return (colour * 64 + (16 * liar if colour < 4 else 0) + sym, i)


def deal_liarsuno(nseats, dealer, opts, rng, out):
    a = list(range(112))
    rng.shuffle(a)
    hands = [[] for _ in range(nseats)]
    for i in range(7 * nseats):
        hands[(dealer + 1 + i) % nseats].append(a[111 - i])
    draw = a[:112 - 7 * nseats]
    while lu_card(draw[-1])[1] >= 10:
        draw.insert(0, draw.pop())
    discard = draw.pop()
    for s in range(nseats):
        out.append("seat%d: %s" % (s, words(hands[s], lu_name, lu_key)))
    out.append("discard: " + lu_name(discard))
    out.append("draw: " + " ".join(lu_name(c) for c in draw[::-1]))
    out.append("first: seat%d" % ((dealer + 1) % nseats))


def deal_cheesedog(nseats, dealer, opts, rng, out):
    a = list(range(104))
    rng.shuffle(a)
    down = [[None] * 4 for _ in range(nseats)]
    up = [[] for _ in range(nseats)]
    hands = [[] for _ in range(nseats)]
    for i in range(4 * nseats):
        down[(dealer + 1 + i) % nseats][i // nseats] = a[i]
    for i in range(4 * nseats):
        up[(dealer + 1 + i) % nseats].append(a[4 * nseats + i])
    for i in range(104 - 8 * nseats):
        hands[(dealer + 1 + i) % nseats].append(a[8 * nseats + i])
    for s in range(nseats):
        out.append("seat%d: %s up: %s down: %s" % (
            s, words(hands[s], card_name, cheesedog_key),
            words(up[s], card_name, cheesedog_key),
            " ".join(card_name(c) for c in down[s])))
    out.append("first: seat%d" % ((dealer + 1) % nseats))


def deal(key):
    variant, nseats, dealer, opts, seed = parse_key(key)
    rng = Rng(seed)
    out = ["sha256:" + hashlib.sha256(key.encode("ascii")).hexdigest()]
    if variant in ("cheat", "questions"):
        deal_cheat(variant, nseats, dealer, opts, rng, out)
    elif variant == "cheater":
        deal_cheater(nseats, dealer, opts, rng, out)
    elif variant == "liarsuno":
        deal_liarsuno(nseats, dealer, opts, rng, out)
    else:
        deal_cheesedog(nseats, dealer, opts, rng, out)
    return out


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: python3 tests/fairness/deal.py KEY\n")
        return 2
    try:
        lines = deal(argv[1])
    except (KeyError_, UnicodeEncodeError) as e:
        sys.stderr.write("deal.py: %s\n" % e)
        return 2
    sys.stdout.buffer.write(("\n".join(lines) + "\n").encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
