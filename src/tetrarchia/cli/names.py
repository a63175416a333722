"""Names as a player types them (issue 30): a province or an Emperor in the board's Latin, in
English or as the Spanish and French rulebooks spell them, with or without accents; an exact
name always wins over a prefix; a name that matches nothing gets the nearest names offered.

The board keeps its Latin names (``core.board``); this module only reads what is typed, so it
never changes a rule: the line it returns is then read by the notation (``core.notation``)."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

from tetrarchia.core.board import Board
from tetrarchia.core.pieces import Emperor

# The provinces as the Spanish and French rulebooks name them (the board's ids): the Latin and
# English names (``Germania Superior``) are the board's own, with U for V.
PROVINCE_NAMES: dict[str, tuple[str, ...]] = {
    "gaetvlia": ("Getulia", "Gétulie"),
    "britannia": ("Britania", "Bretagne"),
    "germania_magna": ("Germania Magna", "Grande Germanie"),
    "sarmatia": ("Sarmacia", "Sarmatie"),
    "persia": ("Persia", "Perse"),
    "libya": ("Libia", "Libye"),
    "tingitana": ("Tingitana", "Tingitane"),
    "baetica": ("Bética", "Bétique"),
    "lvsitania": ("Lusitania", "Lusitanie"),
    "gallaecia": ("Galecia", "Gallécie"),
    "carthaginensis": ("Cartaginense", "Carthaginoise"),
    "tarraconensis": ("Tarraconense", "Tarraconaise"),
    "belgica": ("Bélgica", "Belgique"),
    "germania_inferior": ("Germania Inferior", "Germanie inférieure"),
    "germania_superior": ("Germania Superior", "Germanie supérieure"),
    "lvgdvnensis": ("Lugdunense", "Lyonnaise"),
    "aqvitania": ("Aquitania", "Aquitaine"),
    "narbonensis": ("Narbonense", "Narbonnaise"),
    "rhaetia": ("Recia", "Rhétie"),
    "pannonia_superior": ("Panonia Superior", "Pannonie supérieure"),
    "noricvm": ("Nórico", "Norique"),
    "pannonia_inferior": ("Panonia Inferior", "Pannonie inférieure"),
    "moesia_superior": ("Mesia Superior", "Mésie supérieure"),
    "dalmatia": ("Dalmacia", "Dalmatie"),
    "dacia": ("Dacia", "Dacie"),
    "moesia_inferior": ("Mesia Inferior", "Mésie inférieure"),
    "thracia": ("Tracia", "Thrace"),
    "macedonia": ("Macedonia", "Macédoine"),
    "achaia": ("Acaya", "Achaïe"),
    "epirvs": ("Epiro", "Épire"),
    "mesopotamia": ("Mesopotamia", "Mésopotamie"),
    "syria": ("Siria", "Syrie"),
    "cilicia": ("Cilicia", "Cilicie"),
    "cappadocia": ("Capadocia", "Cappadoce"),
    "asia": ("Asia", "Asie"),
    "bithynia": ("Bitinia", "Bithynie"),
    "aegyptvs": ("Egipto", "Égypte"),
    "cyrenaica": ("Cirenaica", "Cyrénaïque"),
    "tripolitania": ("Tripolitania", "Tripolitaine"),
    "nvmidia": ("Numidia", "Numidie"),
    "mavretania": ("Mauritania", "Maurétanie"),
    "africa": ("África", "Afrique"),
    "cisalpina": ("Cisalpina", "Cisalpine"),
    "venetia": ("Venecia", "Vénétie"),
    "etrvria": ("Etruria", "Étrurie"),
    "roma": ("Roma", "Rome"),
}
# The words of the paired names in every language, so that halves mix (``Pannonia Supérieure``,
# ``Mésie Superior``): each folded word → the board's word.
PAIR_WORDS = {"svperievre": "svperior", "inferievre": "inferior", "pannonie": "pannonia",
              "panonia": "pannonia", "germanie": "germania", "mesie": "moesia", "mesia": "moesia"}

# The Emperors as the rulebooks name them (the notation reads the English names).
EMPEROR_NAMES: dict[Emperor, tuple[str, ...]] = {
    Emperor.DIOCLETIAN: ("Diocleciano", "Dioclétien"),
    Emperor.GALERIUS: ("Galerio", "Galère"),
    Emperor.CONSTANTIUS: ("Constancio", "Constance"),
    Emperor.MAXIMIAN: ("Maximiano", "Maximien"),
}


def fold(text: str) -> str:
    """The text as names are compared: accents dropped, lower case, U read as V (the board's
    spelling), every run of spaces, underscores or hyphens one space."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.split(r"[\s_]+", plain.lower().replace("u", "v"))).strip()


def place_key(text: str) -> str:
    """The folded text with the words of the paired names put as the board writes them."""
    return " ".join(PAIR_WORDS.get(w, w) for w in fold(text).split())


def place_spellings(board: Board) -> dict[str, int]:
    """Every folded spelling of every province → its index: the board's name and id, the
    English (U for V) and the Spanish and French names."""
    spellings: dict[str, int] = {}
    for province in board.provinces:
        for name in (province.name, province.id, *PROVINCE_NAMES.get(province.id, ())):
            spellings.setdefault(place_key(name), province.index)
    return spellings


def exact_place(board: Board, text: str) -> int | None:
    """The province ``text`` names exactly, in any of the three languages, or by its
    coordinates (``III:2``); None when it names none exactly (a prefix is not exact)."""
    coords = text.upper().replace(" ", "")
    if coords in board.by_coords:
        return board.by_coords[coords].index
    return place_spellings(board).get(place_key(text))


def emperor_spellings() -> dict[str, Emperor]:
    spellings = {fold(e.title): e for e in Emperor}
    for emperor, names in EMPEROR_NAMES.items():
        spellings.update((fold(name), emperor) for name in names)
    return spellings


def in_board_words(board: Board, text: str) -> str:
    """``text`` with every name written in Spanish or French, or with accents, put as the board
    writes it (``Galère attaque`` stays a sentence the notation refuses, but ``Galère`` alone or
    in the notation's own words is read: ``Galère moves from Pannonie inférieure to Dacie``).
    The longest name wins where two overlap; other words are kept as typed."""
    spoken: dict[str, str] = {}
    for emperor, names in EMPEROR_NAMES.items():
        for name in names:
            spoken[fold(name)] = emperor.title
    for province in board.provinces:
        for name in PROVINCE_NAMES.get(province.id, ()):
            if fold(name) != fold(province.name):
                spoken[fold(name)] = province.title
    words = text.split()
    folded = [fold(w) for w in words]
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in (3, 2, 1):
            key = " ".join(folded[i:i + size])
            if len(folded[i:i + size]) == size and key in spoken:
                out.append(spoken[key])
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return " ".join(out)


NOT_NAMES = {"to", "attack", "attacks", "move", "moves", "from", "by", "fleet", "enter",
             "enters", "info", "i", "secure", "secures", "sail", "the", "in", "a", "de", "la",
             "le", "el", "vers", "hacia"}


def nearest_names(board: Board, text: str, count: int = 3) -> list[str]:
    """The names nearest to what ``text`` tries to name (a typo, a name half remembered), as the
    board writes them; empty when nothing is near."""
    words = [w for w in place_key(text).split() if w not in NOT_NAMES and not w.isdigit()]
    if not words:
        return []
    wanted = " ".join(words)
    spellings = place_spellings(board)
    emperors = emperor_spellings()
    titles = {key: board.provinces[p].title for key, p in spellings.items()}
    titles.update((key, e.title) for key, e in emperors.items())
    close = difflib.get_close_matches(wanted, list(titles), n=count * 3, cutoff=0.6)
    if not close:  # one word of a name (``pannonnia``): the names holding a near word
        near_words = set(difflib.get_close_matches(wanted, _words(titles), n=count, cutoff=0.7))
        close = [key for key in titles if near_words & set(key.split())]
    return list(dict.fromkeys(titles[key] for key in close))[:count]


def _words(keys: Iterable[str]) -> list[str]:
    return sorted({w for key in keys for w in key.split() if w not in ("svperior", "inferior")})
