"""The game's vocabulary per language: word forms, synonyms and what counts as a canasta word.

Three small hand-written tables, about the game and not about any evaluation question:

* ``LEMMAS`` maps forms the Snowball stemmers cannot join to the word they mean: English
  irregular verbs ("dealt", "drew", "froze"), digits players type for card names ("2s", "3s"),
  and Finnish consonant-gradation forms ("kakkosta" / "kakkonen", "jaetaan" / "jakaa").
* ``SYNONYMS`` adds the word the topic texts use next to the one players say at the table
  ("dirty" canasta is a mixed one, "deuce" is a two, "smide" is to discard, "likainen" kanasta
  is a "seka" one). The original word is kept, so an alias that uses it still matches.
* ``GAME_WORDS``: words that only make sense in a card game. A question with none of them is
  not a rules question however many of its words happen to occur in some alias ("hvad er
  klokken" shares "klokken" with "med klokken", clockwise, and nothing else with the game).

``DEFINITION`` finds "X counts as Y" phrasings: they ask what Y is, and "counts" would
otherwise send them to the scoring topics.

Keys are lower-case, unfolded words; matching folds diacritics where it says so.
"""

from __future__ import annotations

import re

from bot.rules.text import fold

DEFINITION = re.compile(
    r"\b(?:counts? as|counted as|regnes som|teller som|tæller som|regnes for|gælder som|"
    r"lasketaan(?= \w+ksi\b)|lasketaanko(?= \w+ksi\b))"
)
"""Definition phrasings, removed from a question before it is searched (see the module)."""


def _pairs(text: str) -> dict[str, str]:
    """``"a=b c=d"`` -> {"a": "b", "c": "d"}: compact to write, easy to review."""
    return dict(item.split("=", 1) for item in text.split())


def _groups(text: str) -> dict[str, tuple[str, ...]]:
    """``"a:b,c d:e"`` -> {"a": ("b", "c"), "d": ("e",)}."""
    out: dict[str, tuple[str, ...]] = {}
    for item in text.split():
        key, values = item.split(":", 1)
        out[key] = tuple(values.split(","))
    return out


LEMMAS: dict[str, dict[str, str]] = {
    "en": _pairs(
        """
        dealt=deal dealing=deal drew=draw drawn=draw froze=freeze frozen=freeze freezes=freeze
        freezing=freeze took=take taken=take picked=pick went=go gone=go won=win wins=win
        threw=throw thrown=throw ran=run laid=lay melded=meld 2s=twos 3s=threes
        2's=twos 3's=threes aces=ace kings=king queens=queen jacks=jack jokr=joker jokrs=jokers
        """
    ),
    "no": _pairs(
        """
        frøs=fryse frosset=frossen frosne=frossen froset=frossen frosen=frossen
        toerne=toer toeren=toer treeren=treer treerne=treer 2ere=toere 3ere=treere
        """
    ),
    "da": _pairs(
        """
        frøs=fryse frosset=frossen frosne=frossen froset=frossen frosen=frossen
        toerne=toer toeren=toer treeren=treer treerne=treer 2ere=toere 3ere=treere
        """
    ),
    "fi": _pairs(
        """
        kakkosta=kakkonen kakkosia=kakkonen kakkoset=kakkonen kakkosen=kakkonen
        kolmosta=kolmonen kolmosia=kolmonen kolmoset=kolmonen kolmosen=kolmonen
        jaetaan=jakaa jaettiin=jakaa jaetaanko=jakaa jakoon=jako nostetaan=nostaa
        poistetaan=poistaa pelataan=pelata pelataanko=pelata lasketaan=laskea
        avataan=avata avaukseen=avaus avaukseksi=avaus jäässä=jäätynyt jäätyny=jäätynyt
        pakan=pakka pakasta=pakka pakkaan=pakka pakassa=pakka
        """
    ),
}
"""Word form -> the form the topic texts use, per language (applied before stemming)."""

SYNONYMS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": _groups(
        """
        dirty:mixed clean:natural pure:natural unnatural:mixed deuce:two deuces:twos
        wildcard:wild wildcards:wild pts:points pt:points score:points finish:out
        finished:out teammate:partner team:side teams:side deck:stock
        discards:discard redo:undo block:stop blocked:stop lock:frozen
        locked:frozen pickup:take grab:take forgot:mistake forget:mistake forgotten:mistake
        """
    ),
    "no": _groups(
        """
        uren:blandet urein:blandet skitten:blandet skitne:blandet ekte:ren villkort:jokerkort
        partner:makker partneren:makker laget:side lagkamerat:makker poengsum:poeng
        utlegg:melding stokken:trekkbunke
        ferdig:ut avslutte:ut sperret:frossen låst:frossen glemte:feil glemt:feil glemme:feil
        """
    ),
    "da": _groups(
        """
        uren:blandet beskidt:blandet snavset:blandet ægte:ren partner:makker partneren:makker
        holdet:side smide:kaste smider:kaste smid:kaste udlæg:melding udlægge:melde
        færdig:ud afslutte:ud låst:frossen spærret:frossen glemte:fejl glemt:fejl glemme:fejl
        """
    ),
    "fi": _groups(
        """
        likainen:seka likaisen:seka likaista:seka epäpuhdas:seka sekakanasta:seka
        kaveri:pari kaverilta:pari parilta:pari tiimi:puoli joukkue:puoli
        ekana:ensin ekaksi:ensin lopettaa:ulos lopetus:ulosmeno unohdin:virhe unohti:virhe
        unohtui:virhe unohtaa:virhe
        """
    ),
}
"""Word -> words the topic texts use for the same thing, per language (added, not replaced)."""

_GAME_WORDS: dict[str, str] = {
    "en": """
        canasta card cards deck joker jokers wild wilds two twos three threes four five six
        seven eight nine ten ace king queen jack red black meld melds melding set run pile
        discard discards stock draw deal dealer dealt shuffle hand hands turn out finish
        concealed partner teammate team teams side player players point points pts
        score scoring count value worth bonus penalty minimum open opening freeze frozen block
        natural clean dirty mixed round game win winner target tie rule rules house variant
        cuban classic bot undo mistake wrong cheat partners deuce twos aces tens ties tied
        wins 2s 3s sevens start starts begin begins
        """,
    "no": """
        canasta kort kortene kortstokk joker jokere jokerkort vill toer toere treer treere firer
        femmer sekser sjuer åtter nier tier ess konge dame knekt rød røde svart svarte sort
        sorte melding meldinger melde meldt utlegg bunke bunken kastebunke kaste kast trekk
        trekke trekkbunke stokk stokke dele utdeling giver gi gir hånd handa tur ut ferdig skjult
        makker partner lag side spiller spillere poeng score telle verdi verdt bonus straff
        minimum minstekrav åpne åpning frossen frosset fryse sperre stopp naturlig ren uren
        esset esser essene turen laget lagene målet 2ere 3ere krav kravet begynne
        starte
        blandet runde spill spillet vinne vinner mål uavgjort likt regel regler husregel
        husregler variant cubansk klassisk bot boten angre feil jukse
        """,
    "da": """
        canasta kort kortene joker jokere vild vilde toer toere treer treere es konge dame
        knægt bonde rød røde sort sorte melding meldinger melde udlæg lægge bunke bunken
        afkast afkastbunke smide kaste træk trække trækbunke give giver hånd hånden tur ud
        færdig skjult makker partner hold side spiller spillere point tælle værdi værd bonus
        straf minimum åbne frossen frosset fryse spærret naturlig ren blandet runde spil
        spillet vinde vinder uafgjort regel regler husregel husregler cubansk klassisk bot
        botten fortryde fejl snyde esset esser turen holdet krav kravet begynde
        starte
        """,
    "fi": """
        kanasta kortti kortit pakka jokeri villi kakkonen kolmonen nelonen vitonen kutonen
        seiska kasi ysi kymppi ässä kuningas rouva jätkä punainen musta sarja avaus avata
        poisto poistaa nosto nostaa jako jakaa jakaja käsi vuoro ulos ulosmeno piilotettu pari
        joukkue pelaaja pelata piste pisteet laskea arvo bonus rangaistus sakko minimi
        raja jäätynyt jäässä jäädyttää luonnollinen puhdas seka likainen erä peli voittaa
        voittaja tavoite tasapeli sääntö säännöt kotisääntö kuubalainen botti kirjata virhe
        pakan erän erässä erää botissa botilla botille botin aloittaa aloittaja
        """,
}
GAME_PREFIX = 5
"""Game words are matched on their first letters, so every inflection counts ("kortteja",
"jokerit", "bunkerne"), while "joke" and "klokken" stay outside the game."""
_GAME_FOLDED = frozenset(fold(w) for text in _GAME_WORDS.values() for w in text.split())
_GAME_LONG = frozenset(w[:GAME_PREFIX] for w in _GAME_FOLDED if len(w) >= GAME_PREFIX)
_GAME_FOUR = frozenset(w for w in _GAME_FOLDED if len(w) == GAME_PREFIX - 1)


def is_game_word(word: str) -> bool:
    """Is this (normalised) word part of the game's vocabulary in any language?

    Words of five letters or more match on their first five letters, four-letter game words
    ("kort", "pile", "peli") start the word, and shorter ones ("ut", "ess", "two") must be
    the whole word: "utrolig" is not about going out."""
    if len(word) < 2 or word.isdecimal():
        return False
    folded = fold(word)
    return (
        folded in _GAME_FOLDED
        or folded[:GAME_PREFIX] in _GAME_LONG
        or folded[: GAME_PREFIX - 1] in _GAME_FOUR
    )
