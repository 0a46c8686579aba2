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
from dataclasses import dataclass, replace

from bot.rules.text import fold

COLOUR_THREE = re.compile(
    r"\b(red|black|rød|røde|rod|rode|sort|sorte|svart|svarte|punainen|punaisen|musta|mustan)"
    r" (?:3|tre|three)\b"
)
"""A colour before a bare three ("rød tre", "red 3", typed without the ø: "rode 3") names the
card, not a count of three."""
_THREE_NOUN = {
    **dict.fromkeys(("red", "black"), "three"),
    **dict.fromkeys(("rød", "røde", "rod", "rode", "sort", "sorte", "svart", "svarte"), "treer"),
    **dict.fromkeys(("punainen", "punaisen", "musta", "mustan"), "kolmonen"),
}


_SUIT_COLOUR = {
    **dict.fromkeys(("♣", "♠", "♧", "♤", "club", "clubs", "spade", "spades"), "black"),
    **dict.fromkeys(("♥", "♦", "♡", "♢", "heart", "hearts", "diamond", "diamonds"), "red"),
    **dict.fromkeys(("spar", "klør", "kløver", "spader"), "sort"),
    **dict.fromkeys(("hjerter", "ruter"), "rød"),
    **dict.fromkeys(("pata", "risti"), "musta"),
    **dict.fromkeys(("hertta", "ruutu"), "punainen"),
}
_THREE = r"(?:3|tre|three|threes|treer\w*|3'?\w*|kolmo\w*)"
_SUIT_BEFORE = re.compile(
    r"(?<!\w)(♣|♠|♧|♤|♥|♦|♡|♢|clubs?|spades?|hearts?|diamonds?|spar|klør|kløver|spader"
    rf"|hjerter|ruter|pata|risti|hertta|ruutu)(?: of)?[\s-]*({_THREE})(?!\w)"
)
_SUIT_AFTER = re.compile(
    r"(?<![\w♣♠♧♤♥♦♡♢])(3|three|tre)(?:(♣|♠|♧|♤|♥|♦|♡|♢)| of (clubs|spades|hearts|diamonds))"
)
_SUIT_COMPOUND = re.compile(r"\b(pata|risti|hertta|ruutu)(kolmo\w*)")
"""A three named by its suit ("♣3", "spar 3'erne", "3♥", "ristikolmosia") is a black or red
three: the suit is replaced by the colour, in the question's language where the suit says it."""


def name_threes(text: str) -> str:
    """ "fik en rød tre" -> "fik en rød treer": the word the topics use for the card; a three
    named by its suit gets its colour first ("♣3" -> "black three", "spar 3" -> "sort treer")."""
    text = _SUIT_AFTER.sub(lambda m: f"{m.group(2) or m.group(3)} {m.group(1)}", text)
    text = _SUIT_COMPOUND.sub(lambda m: f"{_SUIT_COLOUR[m.group(1)]} {m.group(2)}", text)
    text = _SUIT_BEFORE.sub(lambda m: f" {_SUIT_COLOUR[m.group(1)]} {m.group(2)}", text)
    return COLOUR_THREE.sub(lambda m: f"{m.group(1)} {_THREE_NOUN[m.group(1)]}", text)


DEFINITION = re.compile(
    r"\b(?:counts? as|counted as|regnes som|teller som|tæller som|regnes for|gælder som|"
    r"lasketaan(?= \w+ksi\b)|lasketaanko(?= \w+ksi\b)"
    r"|(?:when|hvornår|når|milloin) (?:is|er|on) (?:it|det|se) (?:a|an|en|et|ett)?(?= \w))"
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
        vant=vinne vunnet=vinne vinnet=vinne
        """
    ),
    "da": _pairs(
        """
        frøs=fryse frosset=frossen frosne=frossen froset=frossen frosen=frossen
        toerne=toer toeren=toer treeren=treer treerne=treer 2ere=toere 3ere=treere
        vandt=vinde vundet=vinde
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
        kaks=kaksi viis=viisi kuus=kuusi seittemän=seitsemän kaheksan=kahdeksan
        yheksän=yhdeksän tarvii=tarvita tarviiko=tarvita nostanu=nostaa nostin=nostaa
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
        normal:classic regular:classic standard:classic max:limit maximum:limit
        sequence:run sequences:run straight:run pack:deck packs:decks
        """
    ),
    "no": _groups(
        """
        uren:blandet urein:blandet skitten:blandet skitne:blandet ekte:ren villkort:jokerkort
        partner:makker partneren:makker laget:side lagkamerat:makker poengsum:poeng
        utlegg:melding stokken:trekkbunke
        ferdig:ut avslutte:ut sperret:frossen låst:frossen stengt:frossen kompis:makker
        kompisen:makker glemte:feil glemt:feil glemme:feil
        vanlig:klassisk normal:klassisk maks:grense maksimum:grense høyeste:høyst
        omgang:runde omgangen:runde
        """
    ),
    "da": _groups(
        """
        uren:blandet beskidt:blandet snavset:blandet ægte:ren partner:makker partneren:makker
        holdet:side smide:kaste smider:kaste smid:kaste udlæg:melding udlægge:melde
        færdig:ud afslutte:ud låst:frossen spærret:frossen glemte:fejl glemt:fejl glemme:fejl
        almindelig:klassisk normal:klassisk maks:grænse maksimum:grænse
        """
    ),
    "fi": _groups(
        """
        likainen:seka likaisen:seka likaista:seka epäpuhdas:seka sekakanasta:seka
        kaveri:pari kaverilta:pari parilta:pari tiimi:puoli joukkue:puoli
        ekana:ensin ekaksi:ensin lopettaa:ulos lopetus:ulosmeno unohdin:virhe unohti:virhe
        unohtui:virhe unohtaa:virhe tavallinen:klassinen tavallisessa:klassinen
        normaali:klassinen max:enintään maksimi:enintään kierros:erä kierroksen:erä
        kierroksella:erä
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
        wins 2s 3s sevens start starts begin begins minus negative leaderboard scoreboard
        stats statistics
        """,
    "no": """
        canasta kort kortene kortstokk joker jokere jokerkort vill toer toere treer treere firer
        femmer sekser sjuer åtter nier tier ess konge dame knekt rød røde svart svarte sort
        sorte melding meldinger melde meldt utlegg bunke bunken kastebunke kaste kast trekk
        trekke trekkbunke stokk stokke dele utdeling giver gi gir hånd handa tur ut ferdig skjult
        makker partner lag side spiller spillere poeng score telle verdi verdt bonus straff
        minimum minstekrav åpne åpning frossen frosset fryse sperre stopp naturlig ren uren
        esset esser essene turen laget lagene målet 2ere 3ere krav kravet begynne
        starte minus negativ omgang
        blandet runde spill spillet vinne vinner mål uavgjort likt regel regler husregel
        husregler variant cubansk klassisk bot boten angre feil jukse toppliste statistikk
        toppkort toppkortet
        """,
    "da": """
        canasta kort kortene joker jokere vild vilde toer toere treer treere es konge dame
        knægt bonde rød røde sort sorte melding meldinger melde udlæg lægge bunke bunken
        afkast afkastbunke smide kaste træk trække trækbunke give giver hånd hånden tur ud
        færdig skjult makker partner hold side spiller spillere point tælle værdi værd bonus
        straf minimum åbne frossen frosset fryse spærret naturlig ren blandet runde spil
        spillet vinde vinder uafgjort regel regler husregel husregler cubansk klassisk bot
        botten fortryde fejl snyde esset esser turen holdet krav kravet begynde
        starte minus minuspoint negativ topliste rangliste statistik topkort topkortet
        """,
    "fi": """
        kanasta kortti kortit pakka jokeri villi kakkonen kolmonen nelonen vitonen kutonen
        seiska kasi ysi kymppi ässä kuningas rouva jätkä punainen musta sarja avaus avata
        poisto poistaa nosto nostaa jako jakaa jakaja käsi vuoro ulos ulosmeno piilotettu pari
        joukkue pelaaja pelata piste pisteet laskea arvo bonus rangaistus sakko minimi
        raja jäätynyt jäässä jäädyttää luonnollinen puhdas seka likainen erä peli voittaa
        voittaja tavoite tasapeli sääntö säännöt kotisääntö kuubalainen botti virhe
        pakan erän erässä erää botissa botilla botille botin aloittaa aloittaja
        miinus negatiivinen kierros tulostaulu tilastot tilasto
        """,
}
GAME_PREFIX = 5
# "kirjata" (to record) is left out: its first five letters are "kirja", a book.
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


_STRONG_GAME_WORDS = """
    joker jokers jokere jokeren jokerne jokeri jokerit jokerkort meld melds melded melding
    meldinger melde meldt discard discards deuce deuces wildcard wildcards treer treere
    treeren treerne toer toere toeren toerne kastebunke kastebunken
    trekkbunke trekkbunken afkast afkastbunke afkastbunken trækbunke trækbunken poistopakka
    poistopakan poistopakasta nostopakka nostopakan nostopakasta ulosmeno ulosmenosta
    kakkonen kakkoset kakkosia kolmonen kolmoset kolmosia avausraja utgang udgang
    """
STRONG_GAME_WORDS: frozenset[str] = frozenset(_STRONG_GAME_WORDS.split())
"""Words that name the game's own things and little else: a question with one of them is a
rules question even when the search explains it poorly, so it is offered the closest topics
rather than told there is no match ("jokeren tæller hvor meget..."). Card ranks and player
counts (``ranks``, ``PLAYER_COUNTS``) count as strong too; "king", "kort" or "spill" do not,
they name too much outside the game ("hvor gammel er kongen"), nor does "makker", a partner at
badminton or at work as often as at the table."""


def is_strong_game_word(word: str) -> bool:
    """Is this normalised word one of ``STRONG_GAME_WORDS`` (or any form of canasta)?"""
    return word in STRONG_GAME_WORDS or _CANASTA_PREFIX.match(word) is not None


_CANASTA_PREFIX = re.compile(r"^[ck]anast")


@dataclass(frozen=True)
class Cue:
    """A phrase that tells two close topics apart, matched on the question's folded tokens
    joined by single spaces. ``boost`` multiplies the topic's score when it is present,
    ``absent`` when it is not: a topic that only fits when the question says so (a player
    count for two-player rules, "concealed" or "in one go" for concealed going out) then does
    not win on shared words alone ("trekker man ett eller to kort" is about the turn)."""

    topic: str
    pattern: re.Pattern[str]
    boost: float = 1.0
    absent: float = 1.0
    decisive: bool = False
    """The phrase alone makes the question a rules question whatever else it says
    (``SearchResult.strong``), like a player count: "to mod to", "what number are we playing up
    to", "7 af samme slags", "voiko viimeisen kirjauksen perua" name nothing but the game."""


WORD_START = r"(?<![^ ])"
"""Where a phrase may begin in the folded question: at its start or after a space. A lookbehind
rather than "(?:^| )", so the pattern starts with its own words and the regex engine skips the
positions where none of them can begin (the cues ran 10-35% faster; the same matches)."""


def _cue(topic: str, pattern: str, boost: float = 1.0, absent: float = 1.0) -> Cue:
    return Cue(topic, re.compile(rf"{WORD_START}(?:{pattern})(?= |$)"), boost, absent)


def _both(first: str, second: str) -> re.Pattern[str]:
    """Two phrases anywhere in the question, in either order."""
    a, b = rf"{WORD_START}(?:{first})(?= |$)", rf"{WORD_START}(?:{second})(?= |$)"
    return re.compile(rf"{a}.*{b}|{b}.*{a}")


def _together(topic: str, first: str, second: str, boost: float) -> Cue:
    """A cue for two phrases anywhere in the question, in either order."""
    return Cue(topic, _both(first, second), boost)


_COUPLE = (
    r"gf|bf|wife|husband|girlfriend|boyfriend|hubby|kona|konen|mannen|manden|kjaeresten"
    r"|kaeresten|samboer\w*|vaimo\w*|mie(?:he|s)\w*|tyttoystava\w*|poikaystava\w*|avokki\w*"
)
"""Words for the one other person at a table of two ("just me and my gf", "bare meg og kona")."""
_PEOPLE = r"players?|people|ppl|persons|of us|handed|player game|spillere|personer|stykker|stk|mann"
_FI_PEOPLE = r"pelaaja\w*|hengen|hengelle|henkea|tyyppi\w*"
_FI_WE_ARE = (
    r"(?:mei(?:ta|t) (?:on|tulee)|ollaa\w*|vi (?:blir|bliver)|we(?: ll| will)? be|well be"
    r"|(?:bare|kun|just|only) (?:os|oss|us))"
    r" (?:(?:vaan|vain|vaa|nyt|taas|tanaan|bare|kun|only|just) )?"
)
""""There are (or will be) N of us": "meit on vaan kolme", "vi blir seks", "we'll be five"."""
_FI_WE = r"me (?:(?:vaan|vain|vaa|nyt|taas|tanaan|ollaan|ollaa) )?"
""""me kaks tänään": Finnish "we" before a number word (never a digit: "deal me 2")."""
_PLAY_WITH = r"(?:spill\w*|spil|play\w*|pelata|pelaa\w*) (?:\w+ ){0,2}(?:med|with|mit|kanssa) "
_NOT_CARDS = (
    r"(?! (?:\w+ )?(?:kort\w*|cards?|jokers?|jokere\w*|decks?|kortstok\w*|pakka\w*|kortti\w*))"
)
"""Playing "with three" is three players ("går det an å spille canasta med 3"), unless cards
follow ("play with 2 jokers")."""
PLAYER_COUNTS: dict[str, str] = {
    "two_players": (
        rf"(?:two|2|to) (?:{_PEOPLE})|(?:just|only) (?:the )?(?:two|2) of us|me (?:and|n) my \w+"
        r"|(?:works?|goes|go|going) with (?:two|2)"
        r"|vi (?:bare|kun) er (?:to|2)|(?:bare|kun) (?:os|oss) (?:to|2)|heads up|1 ?v ?1"
        r"|1 ?vs ?1|one on one|for two|2p|2 player"
        rf"|{_PLAY_WITH}(?:two|2|to){_NOT_CARDS}"
        r"|two player\w*|(?:canasta|kanasta) for (?:2|to|two)|(?:vi er|kun|bare|spiller"
        r" kun|spiller bare|spiller vi) (?:to|2)(?! (?:hold|lag|par|teams?|pairs?))|for to"
        rf"|(?:kaksi|kaks|2|kahden) (?:{_FI_PEOPLE})"
        rf"|{_FI_WE_ARE}(?:kaksi|kaks|2)|{_FI_WE}(?:kaksi|kaks)"
        r"|kaksin\w*|kahdestaan|kahdelle|kahden kesken|kaksinpeli\w*"
        rf"|(?:just|only) (?:me and )?my (?:{_COUPLE})|(?:bare|kun) (?:meg|mig) og \w+"
        rf"|(?:meg|mig) og (?:{_COUPLE})|(?:man|vi) (?:kun|bare) er (?:to|2)"
        rf"|(?:ma|mina) ja (?:mun |minun )?(?:{_COUPLE})|(?:{_COUPLE}) kanssa"
        r"|man er (?:bare |kun )?(?:to|2)(?! (?:hold|lag|par|teams?|pairs?))"
        r"|(?:bare|kun) vi (?:to|2)|tomann\w*|tomands\w*|topersoner\w*|2 mands\w*"
    ),
    "three_players": (
        rf"(?:three|3|tre) (?:{_PEOPLE})|(?:just|only) (?:the )?(?:three|3) of us|for three"
        rf"|{_PLAY_WITH}(?:three|3|tre){_NOT_CARDS}|3p"
        r"|three player\w*|(?:canasta|kanasta) for (?:3|tre|three)"
        r"|(?:vi er|kun|bare|spiller kun|spiller vi) (?:tre|3)|for tre"
        r"|vi (?:bare|kun) er (?:tre|3)|(?:bare|kun) (?:os|oss) (?:tre|3)"
        rf"|(?:kolme|3|kolmen) (?:{_FI_PEOPLE})|kolmestaan|kolmelle|kolmin\w*"
        rf"|{_FI_WE_ARE}(?:kolme|3)|{_FI_WE}kolme"
        r"|man er (?:bare |kun )?(?:tre|3)|(?:bare|kun) vi (?:tre|3)|tremann\w*|tremands\w*"
        r"|trepersoner\w*"
    ),
    "five_six_players": (
        rf"(?:five|six|5|6|fem|seks) (?:{_PEOPLE})|(?:five|six|5|6) of us|for (?:five|six)"
        rf"|{_PLAY_WITH}(?:five|six|5|6|fem|seks){_NOT_CARDS}|5p|6p"
        r"|(?:five|six) player\w*|(?:vi er|spiller vi) (?:fem|seks|5|6)|for (?:fem|seks)"
        r"|vi (?:bare|kun)? ?er (?:fem|seks|5|6)"
        rf"|(?:viisi|viis|kuusi|kuus|5|6|viiden|kuuden) (?:{_FI_PEOPLE})|viidelle|kuudelle|viisin"
        rf"|kuusin|{_FI_WE_ARE}(?:viisi|viis|kuusi|kuus|5|6)|{_FI_WE}(?:viisi|viis|kuusi|kuus)"
    ),
}
"""Phrases that state how many play, folded (see ``text.fold``); the topic for that count."""
_NAMED_PEOPLE = (
    r"players?|ppl|of us|handed|spillere|personer|stykker|stk|mann|pelaaja\w*|hengen|henkea"
    r"|tyyppi\w*"
)


def _count_of(numbers: str, own: str) -> str:
    return (
        rf"(?:{numbers}) (?:{_NAMED_PEOPLE})|(?:{numbers})[ -]?player\w*"
        rf"|(?:vi|man) er (?:bare |kun )?(?:{numbers})(?! (?:hold|lag|par|teams?|pairs?))"
        rf"|(?:just|only) (?:the )?(?:{numbers}) of us|{_FI_WE_ARE}(?:{numbers})|{own}"
    )


def _phrase(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"{WORD_START}(?:{pattern})(?= |$)")


_SIX = _count_of(r"six|6|seks|kuusi|kuus|kuuden", r"kuusinpeli\w*")
NAMED_VARIANTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("cuban", _phrase(r"(?:cuba|kuba|kuuba)\w*")),
    ("two-player", _phrase(_count_of(r"two|2|to|kaksi|kaks|kahden", r"kaksinpeli\w*|kahdestaan"))),
    ("three-player", _phrase(_count_of(r"three|3|tre|kolme|kolmen", r"kolmestaan|kolminpeli\w*"))),
    ("five-player", _phrase(_count_of(r"five|5|fem|viisi|viis|viiden", r"viisinpeli\w*"))),
    ("six-player-pairs", _phrase(_SIX)),
    ("six-player-teams", _both(_SIX, r"teams?|lag|hold|joukkue\w*")),
)
"""Variants a question can name in so many words, folded: "in Cuban", "with 3 players",
"kahdestaan". The answer is then rendered for that variant. Stricter than ``PLAYER_COUNTS``:
"me and my partner" or "to kort" must not switch the numbers. Six players is played two ways
that differ only in the sides and the target: in three pairs unless the question says teams
(``search.named_variant`` prefers the later, more specific entry); the reply names the
variant it answered for."""
PLAYER_COUNT_BOOST = 1.4
PLAYER_COUNT_ABSENT = 0.75
"""A player-count topic with its count in the question is lifted; without any count it is
damped, since "to", "tre" and "two" are also card counts ("trekker man ett eller to kort")."""

_WILD = (
    r"jokers?|2|2s|two|twos|deuces?|wild\w*|jokere\w*|jokerkort\w*|toer\w*|vild\w*"
    r"|jokeri\w*|kakko\w*|villi\w*"
)
_PILE = r"pile|discards|discard pile|bunke\w*|kastebunke\w*|afkastbunke\w*|afkast"
_PILE_FI = r"pakassa|poistopakassa|poistossa"
"""A wild card said to be in the discard pile ("a 2 buried in the pile", "det ligger en joker
i kastebunken", "pakassa on jokeri") has frozen it: the question is about the frozen pile, not
the ordinary way of taking it."""
_ON_TOP = r"overst|on top|top|toppen|paalla|paallimmaisena|paallimmainen|pinnalla"
_NOT_NONE = r"(?<!no )(?<!ingen )(?<!intet )(?<!nothing )(?<!not a )(?<!zero )(?<!ei )"
"""A wild card on top of the pile ("toer øverst i bunken") is what the pile rule forbids
taking, and "no wild cards in the pile" says the pile is not frozen: neither is the frozen
pile's cue."""
_WILD_ON_TOP = rf"(?:(?:is|er|on|ligger|lies|sits) )?(?:{_ON_TOP})"
"""Said of the wild card itself ("a 2 is on top", "toer øverst"), not of another card after
it ("jokeri, jätkä päällä": the jack is on top)."""
WILD_IN_PILE_BOOST = 1.8
"""Above the other cues: such questions also say "pick it up", which most labelled questions
about taking the pile say too (1.4 let them win; leave-one-set-out is the same at 1.4-1.8)."""
WILD_CARD = re.compile(rf"(?:^| )(?:{_WILD})(?= |$)")
"""A wild card named in a question, folded: beside a named rank it is a meld in the making
("tre jokere sammen med to sjuere"), see ``RANKS_MELD_BOOST``."""

THREE_BOOST = 1.2
"""A named black or red three is the subject of most questions that name it ("black 3 on top
of the discards, can I take it"), however many words the question shares with the pile topics."""

MISTAKE_BOOST = 1.5
"""A mistake said in so many words ("by accident", "ved en feil", "vahingossa") is the subject
of the question, however much it shares with the topic of the rule that was broken."""
_CHANGE = r"chang\w*|endre\w*|aendre\w*|muutt\w*|vaihda\w*|vaihta\w*"
_TARGET_WORD = r"target|goal|rules?|mal|malet|maalet|regl\w*|tavoit\w*|saann\w*"
_CHANGE_TARGET = (
    rf"(?:{_CHANGE}) (?:\w+ ){{0,3}}(?:{_TARGET_WORD})"
    rf"|(?:{_TARGET_WORD}) (?:\w+ ){{0,3}}(?:{_CHANGE})"
)
"""Changing the target or the rules ("voiko tavoitteen muuttaa", "endre målet") is what house
rules are for."""
_SWITCH_OFF = (
    r"(?:turn|switch|slaa|sla|skru|sloyf\w*) (?:\w+ ){0,4}(?:off|fra|av)"
    r"|(?:drop|skip|remove|ditch|scrap|droppe|dropper|fjerne|fjerner|sloyfe|skippe|skip)"
    r" (?:the |den |det )?(?:\w+ )?(?:bonus\w*|rule\w*|regel\w*|bonussen)"
    r"|(?:jattaa|jatetaan|jattaisiin|otetaan|ottaa) (?:\w+ ){0,3}pois|pois (?:\w+ ){0,2}saanno\w*"
)
"""Switching a rule off ("can we turn off the concealed bonus", "kan vi droppe bonusen", "slå
bonussen fra", "jättää bonuksen pois"): choosing the table's rules, a house rule."""
_WENT_OUT_ANYWAY = (
    r"(?:went|go|gik|gikk|gar|menin|meni|mennyt) (?:\w+ ){0,2}(?:out|ud|ut|ulos) (?:\w+ )?"
    r"(?:anyway|alligevel|likevel|silti|kuitenkin)|(?:said|sagde|sa|sanoi) (?:no|nej|nei|ei)"
    r" (?:\w+ ){0,3}(?:went|gik|gikk|menin|meni) (?:\w+ )?(?:out|ud|ut|ulos)"
)
"""Going out against the partner's "no" ("makker sagde nej, jeg gik ud alligevel"): a mistake
to put right, not how asking works (which is damped: the question asks what now, not how)."""
_MELD_NOUN = r"melds?|sets?|melding\w*|sarja\w*|meldingen|meldinga"
_NUMBER_NEXT = r"(?! \d)"
_PLAY_UNTIL = (
    rf"(?:play\w*|spill\w*|spil) (?:\w+ )?(?:up to|to|until|till|til){_NUMBER_NEXT}"
    r"|mihin (?:\w+ )?asti|(?:pelataan|pelata) (?:\w+ )?asti"
)
"""Playing up to a score without naming one ("what score do we play until"): the game's end."""
_PLAY_TO_WHAT = (
    r"(?:what|which|hvilket|hvilken|hvad|hva|mihin|mita|monta|montako|paljonko) (?:\w+ ){0,2}"
    r"(?:number|score|points?|total|tal|tall|poeng|point|pistee\w*|luku\w*) (?:\w+ ){0,3}"
    r"(?:play\w*|spill\w*|spil|pela\w*) (?:\w+ )?(?:up to|to|until|till|til|asti|saakka)"
)
"""Asking which score a game is played to ("what number are we playing up to") names nothing
but the game, so it is a rules question even without a game word."""
_ONE_OR_TWO = (
    r"(?:one|1|ett|et|en|yksi|yhden) (?:\w+ ){0,2}(?:or|eller|vai|tai) (?:\w+ ){0,2}"
    r"(?:two|2|to|kaksi|kahden)|(?:two|2|to|kaksi) (?:\w+ ){0,2}(?:or|eller|vai|tai) (?:\w+ ){0,2}"
    r"(?:one|1|ett|et|en|yksi|yhden)"
)
"""How many cards a turn draws ("one or two cards", "ett eller to"): the turn, not the pile."""

CUES: tuple[Cue, ...] = (
    *(_cue(t, p, PLAYER_COUNT_BOOST, PLAYER_COUNT_ABSENT) for t, p in PLAYER_COUNTS.items()),
    _cue(
        "concealed",
        r"conceal\w*|hidden|skjult\w*|piilo\w*|katke\w*|salaa|at once|in one (?:go|turn)"
        r"|all in one|whole hand|(?:pa|i) en (?:gang|tur)|hele handen|kerralla"
        r"|yhdella (?:kertaa|vuorolla)|in a single (?:go|turn)|without (?:having )?meld\w*"
        r"|(?:in )?one (?:shot|swoop)|closed hand|(?:ga|gar|gikk|gik) (?:ud|ut) lukket"
        r"|(?:i )?(?:ett|et) (?:jafs|hug|smaek)|all at once|alle pa en gang|kaikki kerralla"
        r"|(?:havent|haven t|not yet|never) (?:put|laid|melded) (?:anything|down)"
        r"|(?:ga|gar|gik|gikk) (?:ud|ut) (?:pa|fra) hand\w*|suoraan kade\w*"
        r"|(?:uten|uden) (?:a|at) ha\w*"
        r" meldt|ilman (?:aiempia |mitaan )?sarjo\w*",
        boost=1.3,
        absent=0.85,
    ),
    _cue(
        "penalties_and_mistakes",
        r"penalt\w*|mistakes?|by (?:accident|mistake)|accident\w*|uhell\w*|uheld\w*|erehd\w*"
        r"|kom til at|kommer til at|komme til at|kommet til at|straff\w*|straf|strafpoint"
        r"|feil\w*|fejl\w*"
        r"|ved (?:en fejl|et uhell|en feil)|rangaistu\w*|sakko\w*|virhe\w*|vahingossa"
        r"|vaikka ei (?:saa|saisi|ole lupa)|ilman lupaa|not allowed to|(?:even though|although)"
        r" (?:you|they|he|she|it) (?:can ?t|cannot|isn ?t|aren ?t|wasn ?t|weren ?t)|uten lov"
        r"|uden lov|selv ?om (?:man|du|han|hun|de) ikke (?:har lov|ma|matte|fikk)"
        r"|(?:only )?just noticed|noticed (?:\w+ )?(?:now|late\w*|afterwards)|too late"
        r"|(?:sa|saa|opdagede|oppdaget|merket|marked) (?:\w+ ){0,2}(?:forst|for sent)|for sent"
        r"|huomat\w* vasta|huomas\w* vasta|liian myohaan"
        r"|(?:under|below) (?:the )?(?:minimum\w*|kravet|minimi\w*)"
        r"|(?:open\w*|apne\w*|apnet|abne\w*|aabne\w*|abnede|laid down|lagt ud|lagde ud|la ut"
        r"|lagt ut|avas\w*|avattiin) (?:\w+ ){0,2}(?:with|med) (?:too|for)"
        r" (?:few|little|fa|faa|lite|lidt)",
        boost=MISTAKE_BOOST,
    ),
    _cue(
        "frozen_pile",
        rf"{_NOT_NONE}(?:{_WILD}) (?!{_WILD_ON_TOP})(?:\w+ ){{0,2}}"
        r"(?:in|i|inside|under|buried in|on|onto|pa|oven pa)"
        rf" (?:the |a )?(?:\w+ )?"
        rf"(?:{_PILE})|(?:{_PILE}) (?:has|had|har|havde|hadde) (?:\w+ )?(?:{_WILD})"
        rf"|(?:{_PILE_FI}) (?:on|oli) (?:\w+ )?(?:{_WILD})"
        rf"|(?:{_WILD}) (?:\w+ )?(?:meni|menee|laitettiin|heitettiin|poistettiin|joutui|paatyi)"
        r" (?:\w+ )?(?:poistopakkaan|pakkaan|poistoon|poistokasaan)",
        boost=WILD_IN_PILE_BOOST,
    ),
    _cue(
        "black_threes",
        r"(?:black|sort\w*|svart\w*|must\w*) (?:three\w*|treer\w*|kolmo\w*|3\w*)",
        boost=THREE_BOOST,
    ),
    _cue(
        "red_threes",
        r"(?:red|rod\w*|puna\w*) (?:three\w*|treer\w*|kolmo\w*|3\w*)",
        boost=THREE_BOOST,
    ),
    _cue(
        "asking_partner",
        r"partner\w*|teammate\w*|team ?mate\w*|ask\w*|permission|allowed|may i|makker\w*"
        r"|makkern|spor\w*|spurt\w*|spurg\w*|lov|tillad\w*|pari\w*|parilta|kysy\w*|lupa\w*|luvan|kaveri\w*"
        r"|saanko|yes|no|ja|nei|nej|kylla|ei",
        boost=1.15,
        absent=0.8,
    ),
    _cue(
        "scorekeeping_bot",
        r"bot\w*|command\w*|kommando\w*|komento\w*|undo|angre|fortryd\w*|slash"
        r"|registrer\w*|kirjaa\w*|kirjat\w*|kirjau\w*|keep\w* score|fore (?:poeng|point)"
        r"|leaderboard|toppliste\w*|topliste\w*|rangliste\w*|tulostaulu\w*|scoreboard|stats"
        r"|statisti\w*|statistik\w*|tilasto\w*",
        absent=0.8,
    ),
)
"""Disambiguation cues between topics that share most words; kept few and general."""
_ENTRY = (
    r"entry|entries|score|scores|round|forin\w*|indtast\w*|registrer\w*|runde\w*|poeng\w*"
    r"|point\w*|kirjau\w*|merkin\w*|era|eran|pisteet|pisteita"
)
_TAKE_BACK = r"undo|angre|fortryd\w*|peru\w*|kumo\w*|slett\w*|delete|remove"
_UNDO_ENTRY = (
    rf"(?:{_TAKE_BACK}) (?:\w+ ){{0,2}}(?:last|siste|sidste|viimei\w*|edelli\w*)? ?(?:{_ENTRY})"
    rf"|(?:last|siste|sidste|viimei\w*|edelli\w*) (?:\w+ )?(?:{_ENTRY}) (?:\w+ ){{0,2}}"
    rf"(?:{_TAKE_BACK})"
)
"""Taking back what was recorded ("voiko viimeisen kirjauksen perua", "undo the last round"):
only the scorekeeping bot does that, so it is a rules-channel question with no game word."""
_DISAGREE = (
    r"(?:not|don t|dont|ikke|ikkje|ei) (?:\w+ ){0,2}(?:agree\w*|enige|samaa mielta)"
    r"|disagree\w*|uenig\w*|erimiel\w*|eri mielta|uoverensstem\w*"
)
"""People said not to agree on the rules ("hvad er folk ikke enige om") is where the sources
disagree; agreeing on a rule at the table is a house rule (``_AGREE``)."""
_CARD_COUNT = (
    r"(?:how many|hvor mange|kuinka monta|montako|monta) (?:\w+ )?(?:cards?|kort|kortti\w*)"
)
_ONE_CANASTA = (
    r"(?:a|an|one|per|each|en|et|ett|hver|yksi|yhteen|yhdessa|yhden) (?:canasta|kanasta)"
    r"|kanastaan|kanastaksi|(?:canasta|kanasta)(?:en|n)? (?:needs?|takes?|krever|kraever|kreves"
    r"|kraeves|vaatii|tarvitaan)"
)
"""How many cards a canasta takes ("kuinka monta korttia kanastaan", "how many cards in a
canasta"): the canasta's own rule, not the deal's card count; "how many cards in canasta" (the
game) stays with the deal."""
_AGREE = (
    r"(?<!not )(?<!don t )(?<!dont )(?<!ikke )(?<!ikkje )(?<!ei )agree\w*"
    r"|(?<!ikke )(?:bli|blive|blir|blev) enige|(?<!ikke )(?<!ikke er )(?<!ikkje )enige om"
    r"|aftal\w*|avtal\w*|sopi\w*|sovi\w*"
    r"|tweak\w*|regelvri\w*|varia\w* (?:of|av|af) (?:the )?(?:rules?|regl\w*)"
)
"""Agreeing on rules at the table ("what do families usually agree on", "hvilke regelvrier kan
vi bli enige om", "mistä säännöistä voi sopia") is what house rules are."""
_GO_OUT = (
    r"(?:last|sidste|siste|viimeise\w*) (?:card|kort|kortti\w*)"
    r"|(?:one|1|ett|et|yksi|yks|yhden) (?:\w+ )?(?:card|kort|kortti\w*) (?:\w+ )?(?:left|igjen"
    r"|tilbage|tilbake|jaljella|kadessa)"
    r"|go out|goes out|going out|went out|gone out|ga ut|gar ut|gikk ut|gatt ut|ga ud|gar ud"
    r"|gik ud|gaet ud|menee ulos|menna ulos|meni ulos|mennaan ulos|ulosmeno\w*"
)
"""Going out named in so many words, folded: the question is about going out even when it
also describes the discard or the turn it happens in ("skal man smide et kort når man går
ud")."""
_NOT_CONCEALED = (
    r"(?:not|ikke|ikkje|ei|uden|uten|without|non|normal\w*|vanlig\w*|almindelig\w*|tavallise\w*)"
    r" (?:\w+ )?(?:conceal\w*|hidden|skjult\w*|piilo\w*)"
    r"|(?:ga|gar|gikk|gik|gaet|gatt|go|going|goes) (?:ut|ud|out) (?:\w+ )?(?:vanlig\w*|normalt"
    r"|almindeligt|normally|(?:the )?(?:normal|usual|regular) way)|tavallise\w* (?:tavalla )?ulos"
)
NOT_CONCEALED_DAMP = 0.5
"""Going out the ordinary way, said against concealed ("gå ut vanlig, altså ikke skjult"): the
concealed word is there only to be ruled out."""
_FOUR_PLAYERS = (
    rf"(?:four|4|fire) (?:{_PEOPLE})|(?:four|4) of us|for (?:four|fire)|four player\w*"
    r"|(?:vi er|spiller vi) (?:fire|4)|(?:nelja|4|neljan) (?:pelaaja\w*|hengen|hengelle)"
    rf"|{_FI_WE_ARE}(?:nelja|4)|neljalle|nelistaan"
    r"|(?:two|to|2|kaksi|kaks) (?:against|mod|mot|vs|v|vastaan) (?:two|to|2|kaksi|kaks)"
    r"|(?:two|to|2|kaksi|kaks) (?:lag|hold|teams?|pairs?|par|paria|joukkuetta)"
    r" (?:pa|paa|af|of|med|with|a|x) (?:two|to|2|kaksi|kaks)"
)
"""Four players named: the classic partnership game, whose deck, deal and seating are the
equipment topic, not another player count's."""
_CUSTOM = (
    r"(?:my|our) (?:aunt|uncle|mum|mom|dad|gran|grandma|granny|nan|grandpa|family|folks)"
    r"|farmor|mormor|farfar|morfar|bestemor|bestefar|(?:is|er) (?:that|this|det|dette)"
    r" (?:legit|a thing|official|en ting|lovlig|officielt|offisielt)|we always play"
    r"|vi (?:spiller|spilder) (?:alltid|altid)|(?:meil|meilla|meidan perheessa) on tapana"
    r"|tapana\w*|mummo\w*|mummi\w*|ukki\w*|isoaiti\w*|isoisa\w*"
    r"|(?:as|som) (?:a |en )?(?:house ?rule|husregel)|kotisaantona|house ?rule\w*|husregl\w*"
    r"|husregel\w*|kotisaan\w*|(?:known|common|normal|usual|kjent|kendt|vanlig|almindelig"
    r"|tavallinen|yleinen) (?:variant|variation|house ?rule|husregel|kotisaanto)"
    r"|(?:our|vores|var) (?:group|crowd|gruppe|egen greie)|pleier a|plejer at|is that a thing"
)
"""A rule a family or circle plays by ("my aunt plays that...", "farmor siger...", "meil on
tapana...", "is that legit"): a house rule, whatever the rule it changes."""
_SEVEN_ALIKE = (
    r"(?:seven|7|sju|syv|seitseman|seittem\w*) (?:\w+ )?(?:like|ens|of a kind|of the same"
    r"|the same|same|samme|samaa|samanlais\w*)"
)
"""Seven alike cards, said without naming the rank ("sju like kort"): a canasta."""
_SOURCE = (
    r"(?:rule ?)?books?|rulebook|websites?|sites?|online|internet\w*|pagat|bicycle|hoyle"
    r"|wiki\w*|nettet|netter|internett\w*|regelbo\w*|kild\w*|netissa|netista|sivusto\w*"
    r"|kirja\w*|saantokirja\w*|lahte\w*"
)
_SAYS = r"says?|said|sier|sagde|siger|sanoo|mukaan|which (?:one|is)|who s right|hvem har ret\w*"
"""A source said to say otherwise ("the rulebook says 13 cards, you say 15"): where sources
disagree, which is its own topic."""
_FIRST_UPCARD = (
    r"(?:first|forste|ensimmai\w*|eka) (?:\w+ ){0,3}(?:card|kort\w*|kortti\w*) (?:\w+ ){0,4}"
    r"(?:turned|flipped|up|upcard|snudd\w*|snudde|vendt\w*|vendte|kaann\w*|op|opp)"
    r"|(?:start\w*|begin\w*) (?:the |a )?(?:discard )?pile|starte (?:\w+ )?kastebunken"
    r"|(?:starte|begynde) (?:\w+ )?afkastbunken|aloittaa (?:\w+ )?poistopakan"
    r"|upcard|(?:turned|flipped|snudde|vendte) (?:up |over |opp |op )?(?:a |en |et )?\w+ to start"
)
"""The card turned up to start the discard pile after the deal: part of the deal, whichever
card it is (a joker, a red three)."""
_GAME_OVER = (
    r"game over|is it over|(?:er|is) (?:det|spillet|it) (?:over|slut\w*|forbi|ferdig\w*)"
    r"|first to \d+|onko peli ohi|loppuuko peli|peli loppu\w*|keep going|spille videre"
    r"|spiller videre|spille videre|spillet slut"
    r"|(?:how long|hvor lenge|hvor laenge|kuinka kauan|miten pitkaan) (?:\w+ ){0,4}(?:play\w*|keep"
    r"|go on|going|spill\w*|spil\w*|ved|pelat\w*|pelaa\w*|jatke\w*|fortsaet\w*|fortsett\w*)"
)
"""The game said to be over or going on: the end of the game, whatever the scores."""
_STOCK = r"stock|deck|trekkbunke\w*|traekbunke\w*|nostopak\w*|bunken|pakka|pakasta|pakassa"
_STOCK_GONE = (
    rf"(?:{_STOCK}) (?:\w+ ){{0,2}}(?:is |er |on )?(?:empty|gone|ran out|runs out|tom|slut"
    r"|loppu\w*|finished|brugt op|oppbrukt|tyhja\w*)"
    rf"|(?:last|sidste|siste|viimei\w*) (?:\w+ ){{0,2}}(?:card|kort\w*|kortti\w*) (?:\w+ ){{0,3}}"
    rf"(?:stock|deck|trekkbunke\w*|traekbunke\w*|nostopak\w*)"
    r"|no cards left|ingen kort (?:igjen|tilbage|tilbake)|ikke flere kort|ei (?:\w+ )?enaa"
    r" (?:yhtaan )?kortt\w*|ingen flere kort|no more cards|korttien loputtua"
    r"|kortene er (?:sluppet|brugt) op|kortene er tomme"
    r"|(?:drew|draws?|drawing|trak|trakk|trukket|traekker|trekker|nosti\w*|nostin|nostaa)"
    r" (?:\w+ )?(?:the |det |den )?(?:very )?(?:last|sidste|siste|viimei\w*)"
    r" (?:card|kort\w*|kortti\w*)"
    r"|tomt? for kort|slut pa kort\w*|kortit loppu\w*|kortit loppui|ei (?:\w+ )?kortteja enaa"
    r"|(?:nobody|no one|noone|ingen|kukaan ei|kukaan) (?:\w+ ){0,3}(?:goes out|went out|gar ud"
    r"|gar ut|gikk ut|gik ud|ga ut|ga ud|gatt ut|gaet ud|mene\w* ulos|mennyt ulos|meni ulos)"
)
"""The stock said to be used up ("the stock is empty", "drew the last card from the deck",
"nostopakka loppu"): what happens then, even though "last card" alone is about going out."""
STOCK_NOT_GONE = 0.85
"""Without the stock said to be used up, a question that names the stock is about drawing from
it (the turn), not about the stock running out. Leaving each labelled set out in turn:
blind-written 96.4 -> 96.5, written 82.2 -> 82.7 top-1 at 0.85; 0.75 lost 0.6 on the written
sets written later (``_more_``)."""
_OPEN_WITH_PILE = (
    r"open\w* (?:\w+ )?with (?:the )?(?:pile|discards?)|(?:abne\w*|aabne\w*|apne\w*|apner)"
    r" (?:\w+ )?(?:med|ved) (?:\w+ )?(?:bunke\w*|afkast\w*|kastebunke\w*)"
    r"|(?:count|counts|taeller|teller|lasketaan\w*|lasketaanko) (?:\w+ ){0,4}(?:toward\w*"
    r"|mod|mot|til|mukaan|pa|paa|in|into) (?:\w+ ){0,2}(?:minimum\w*|krav\w*|50|open\w*|abning"
    r"|apning|avau\w*)"
)
"""Whether the pile or other cards count toward the opening ("tæller kortene under topkortet med
når man åbner med afkastbunken"): the opening minimum's own rule."""
CUES += (
    _cue("house_rules", _CUSTOM, boost=1.3),
    replace(_cue("canastas", _SEVEN_ALIKE, boost=1.5), decisive=True),
    _together("canastas", _CARD_COUNT, _ONE_CANASTA, boost=1.4),
    replace(_cue("scorekeeping_bot", _UNDO_ENTRY, boost=1.3), decisive=True),
    _cue("disagreements", _DISAGREE, boost=1.4),
    _together("disagreements", _SOURCE, _SAYS, boost=1.4),
    _cue("equipment_deal", _FIRST_UPCARD, boost=1.4),
    _cue("end_of_game", _GAME_OVER, boost=1.3),
    _cue("stock_exhausted", _STOCK_GONE, boost=1.4, absent=STOCK_NOT_GONE),
    _cue("opening_minimum", _OPEN_WITH_PILE, boost=1.3),
    _cue("going_out", _GO_OUT, boost=1.25),
    _cue("going_out", _NOT_CONCEALED, boost=1.4),
    _cue("concealed", _NOT_CONCEALED, boost=NOT_CONCEALED_DAMP),
    replace(_cue("equipment_deal", _FOUR_PLAYERS, boost=1.3), decisive=True),
    _cue("end_of_game", _PLAY_UNTIL, boost=1.3),
    replace(_cue("end_of_game", _PLAY_TO_WHAT, boost=1.3), decisive=True),
    _cue("house_rules", _CHANGE_TARGET, boost=1.3),
    _cue("house_rules", _SWITCH_OFF, boost=1.6),
    _cue("penalties_and_mistakes", _WENT_OUT_ANYWAY, boost=1.6),
    _cue("asking_partner", _WENT_OUT_ANYWAY, boost=0.7),
    _cue("house_rules", _AGREE, boost=1.3),
    _cue("turn", _ONE_OR_TWO, boost=1.3),
    _together("melds_wild_cards", _WILD, _MELD_NOUN, boost=1.25),
)
"""A wild card named together with a meld ("max jokers in a meld", "toere i en melding") asks
about the meld rules (how many wild cards a meld may hold), not the deck or Cuban canastas."""

_NOT_OPENED = (
    r"(?:havent|haven t|have not|not yet|ikke|ikkje|ei|emme) (?:\w+ ){0,3}(?:put|laid|melded"
    r"|opened|meldt|lagt|meldet|avattu|avanneet|laskeneet|abnet|aabnet|apnet|apna|meldet)"
)
_NOT_FROZEN = (
    r"(?:not|isn t|isnt|ikke|ikkje|ei|eika|no longer) (?:\w+ )?(?:frozen|frossen|fryst"
    r"|jaatyny\w*|jaassa)|unfrozen"
    rf"|(?:no|ingen|intet|nothing|ei|not any|zero) (?:\w+ )?(?:{_WILD}|vildt|vilde|villej\w*)"
    r" (?:\w+ ){0,2}(?:in|i) (?:the )?(?:pile|bunken|kastebunken|afkastbunken|pakassa|pakkaan)"
    rf"|(?:{_WILD}) {_WILD_ON_TOP}"
)
TAKING_NOT_FROZEN_BOOST = 1.5
FROZEN_DENIED = 0.7
"""The same phrases damp the frozen pile: its word is in the question only to be denied.
Leave-one-set-out is the same at 0.6-1.0 on the blind-written sets; 0.7 keeps "bunken er ikke
frossen" with the ordinary rule however the learned channel leans."""
"""A pile said not to be frozen ("bunken er ikke frossen", "no wilds in the pile") or with a
wild card on top is taken by the ordinary rule (``taking_pile``), however often the question
says "frozen"; in Cuban, which the question names, the pile is always frozen."""
_SUBSTITUTE = (
    r"stand\w* in|instead of|in place of|i stedet for|istedenfor|istedet for|erstat\w*"
    r"|tilalle|sijaan|sijasta|korvaa\w*|count\w* (?:\w+ )?as|tell\w* (?:\w+ )?som"
    r"|taell\w* (?:\w+ )?som|gjeld\w* som|gaeld\w* som|brukes som|bruges som|jokerina|villina"
)
CUES += (
    _together("frozen_pile", _NOT_OPENED, rf"{_PILE}|pakka\w*|poisto\w*", boost=1.4),
    _cue("taking_pile", _NOT_FROZEN, boost=TAKING_NOT_FROZEN_BOOST),
    _cue("frozen_pile", _NOT_FROZEN, boost=FROZEN_DENIED),
    _together("frozen_pile", r"cuba\w*|kuba\w*|kuuba\w*", rf"{_PILE}|pakka\w*|poisto\w*", 1.3),
    _together("melds_wild_cards", _WILD, _SUBSTITUTE, boost=1.3),
)
"""The pile named by a side that has not melded yet ("we haven't put anything down, is the
pile blocked for us") is the frozen pile, which is frozen for such a side; a wild card in place
of another card ("kelpaako kakkonen kolmosen tilalle") is how wild cards work in melds."""

_OTHERS = (
    r"other (?:team|side|players?|pair)\w*|opponents?\w*|the others|modstander\w*|motstander\w*"
    r"|motparten\w*|de andres?|de andre\w*|vastustaj\w*|toisten|muiden"
)
_PUT_ON = (
    r"add\w*|put\w*|play\w*|lay\w*|legge\w*|laegge\w*|slenge\w*|smide\w*|lisat\w*|laitta\w*"
    r"|laita\w*|pane\w*"
)
_DECKS = (
    r"(?:how many|hvor mange|montako|kuinka monta|tarvi\w*) (?:\w+ )?(?:decks?|packs?"
    r"|kortstok\w*|kortspil|pakkaa|korttipakkaa)"
    r"|(?:jokers?|jokere|jokeria|jokereita) (?:\w+ ){0,3}(?:in the (?:deck|game|box)|i spillet"
    r"|blandes \w+|skal (?:der )?(?:vaere|v\w+re) med|mukana|mukaan|tarvitaan)"
)
_COUNT_UP = r"count\w*|add\w* up|tael\w*|tell\w*|lask\w*|regne\w*|skriv\w*|fore\w*|kirjat\w*"
_ROUND_END = (
    r"(?:end|slutten|slutningen|lopussa|after|etter|efter) (?:of )?(?:the |a |hver |each )?"
    r"(?:round|hand|runde\w*|giv\w*|era\w*)|(?:era|runde\w*|round) (?:\w+ )?(?:loppu\w*|slut\w*"
    r"|ferdig|over|done)"
)
_ROUND_ENDS = (
    r"(?:how|hvordan|hvorledes|miten|kuinka) (?:\w+ ){0,3}(?:ends?|ending|afslut\w*|avslutt\w*"
    r"|slutt\w*|slut|lopet\w*|paatt\w*|paattaa) (?:\w+ ){0,2}(?:round|runde\w*|era\w*|hand)"
    r"|(?:round|runde\w*|era\w*) (?:\w+ ){0,2}(?:ends?|slutter|avsluttes|afsluttes|loppuu|paattyy)"
)
_DRAW = r"draw\w*|drew|traek\w*|trak|trekk\w*|trakk|nosta\w*|nostin|nosti"
_TAKE_PILE = (
    r"(?:take|tage|ta|ottaa|ottaako|pick up|samle\w*) (?:\w+ ){0,2}(?:pile|discards"
    r"|kastebunke\w*|afkastbunke\w*|poistopak\w*|pakan)"
)
"""Drawing and taking the pile in one question ("kan jeg trække og så også tage kastebunken"):
what a turn allows, not the stock running out."""
_SUIT = r"suits?|maita|maata|maa|maan|farge\w*|farve\w*|kulor\w*"
_RUN = r"meld\w*|sarja\w*|run|runs|sekvens\w*|raekke\w*|rekke\w*|suora\w*|together|sammen|yhdessa"
CUES += (
    _cue("going_out", _ROUND_ENDS, boost=1.3),
    _together("melds_wild_cards", _SUIT, _RUN, boost=1.3),
    _together("turn", _OTHERS, _PUT_ON, boost=1.3),
    _cue("equipment_deal", _DECKS, boost=1.4),
    _together("round_scoring", _COUNT_UP, _ROUND_END, boost=1.3),
    _together("turn", _DRAW, _TAKE_PILE, boost=1.3),
)
"""Adding cards to the other side's melds ("can i put my 8s on the other team's 8s") is what a
turn allows and forbids; how many decks or jokers the game uses is the equipment; counting up
when a round ends ("erä loppui, miten lasketaan") is scoring the round, while how a round ends
("hvordan afslutter man en runde") is going out; suits beside a meld ("saako sarjassa olla eri
maita") ask what a meld may hold."""

TARGET_TOPIC = "end_of_game"
HOUSE_RULES_TOPIC = "house_rules"
PLAY_TO = re.compile(
    r"(?:^| )(?:play\w*|spill\w*|spil|pela\w*|target|goal|first to|mal\w*|maal\w*|tavoit\w*"
    r"|win\w*|vinne\w*|vinde\w*|voitt\w*|agree\w*|aftal\w*|avtal\w*|sopi\w*|instead"
    r"|stedet|sijaan|pisteeseen|asti|until)(?= |$)"
)
"""Words that make a round number a game target ("play to 3000", "spille til 10000", "3000
pisteeseen"), folded; without one a number is a score ("we have 3000, what do we open with")."""
INSTEAD = re.compile(r"(?:^| )(?:instead|i stedet|i stedet for|sijaan|asemesta)(?= |$)")
"""A target said to replace another ("spille til 5000 i stedet") is a house rule even when it
is some variant's own target."""
BEYOND = re.compile(r"(?:^| )(?:over|above|past|yli|ylittaa\w*|passed|forbi)(?= |$)")
"""Words that put a score beyond a number ("both over 5000"): the game target when it is one."""
TARGET_BOOST = 1.5
"""A variant's own target in the question lifts the end of the game; another round target with
words of playing to it lifts house rules (a different target is the commonest house rule)."""

VALUE_WORDS = re.compile(
    r"(?:^| )(?:worth|values?|count\w*|points?|pts|how much|verdt|verdi\w*|teller|telle|poeng"
    r"|vaerd\w*|taeller|taelle|point|giver?|gir|arvo\w*|pistee\w*|pisteit\w*|pistett\w*|paljonko"
    r"|kuinka paljon|paljon|\d+ (?:or|eller|vai|tai) \d+)(?= |$)"
)
"""Words that ask what something is worth, folded (see ``Cue``); two values offered as a
choice ("aces and 2s, 20 or 10?") ask it too."""
RANK_VALUE_BOOST = 1.25
RANK_NO_VALUE = 0.85
"""A question that names a rank asks what it is worth when it says "worth", "teller",
"pisteitä"...: card values are lifted; without such a word it is about melding it ("tre
jokere sammen med to sjuere") and card values step back for the melds topic."""
VALUE_TOPIC = "card_values"
CANASTA_TOPIC = "canastas"
_SEVEN_OR_MORE = """
    7 8 9 10 11 12 13 14 seven eight nine ten sju syv åtte otte ni ti seitsemän
    seittemän kahdeksan kaheksan yhdeksän yheksän kymmenen
    """
SEVEN_OR_MORE = frozenset(_SEVEN_OR_MORE.split())
"""Counts that make a canasta when a rank follows ("9 konger", "seven aces")."""
CANASTA_RANK_BOOST = 1.3
"""Seven or more of a rank, or a rank beside the word canasta ("7 esser med en joker, hvor
meget er den værd"), is a canasta: its bonus and its rules, not the cards' own values."""
MELD_TOPIC = "melds_wild_cards"
RANKS_MELD_BOOST = 1.3
"""Two or more ranks (or a rank and a wild card) named without a word of value ("a run like
5 6 7", "10 knægt dame") put cards together: the melds topic is lifted, as "run" or
"rækkefølge" alone would also fit the stock running out or the turn order."""
SEQUENCE = re.compile(
    r"(?:^| )(?:runs?|sequences?|straights?|in a row|rekke\w*|raekke\w*|suor\w*|perakk\w*"
    r"|jarjest\w*)(?= |$)"
)
"""Words for cards in sequence, folded: beside named ranks they ask about runs, which the melds
topic rules out ("a run like 5 6 7"), not about the stock running out or the turn order."""
SEQUENCE_MELD_BOOST = 2.0


def _action(pattern: str, *words: str) -> tuple[re.Pattern[str], tuple[str, ...]]:
    return re.compile(rf"{WORD_START}(?:{pattern})(?= |$)"), words


ACTIONS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    # melding: putting cards on the table
    _action(
        r"(?:lay|lays|laid|laying|put|putting|come|coming|go|going) (?:\w+ )?down|lay out",
        "meld",
    ),
    _action(r"(?:legge|legger|la|lagt|legg) (?:\w+ )?(?:ned|ut|fram|frem)", "melde"),
    _action(r"(?:laegge|laegger|laeg|lagt|lagde) (?:\w+ )?(?:ud|ned|frem)", "melde"),
    _action(r"(?:lask\w*|laitta\w*|laita\w*|pan\w*) (?:\w+ )?poytaan|poytaan", "sarja", "laskea"),
    # drawing: picking up cards from the stock
    _action(r"pick\w* up (?:\w+ ){0,3}(?:cards?|from the (?:deck|stock))", "draw"),
    # discarding
    _action(
        r"throw\w* (?:\w+ ){0,3}(?:away|out)|throw\w*|get rid of|chuck\w*|dump\w*|toss\w*",
        "discard",
    ),
    _action(r"kaste\w* (?:bort|vekk)|bli kvitt|kvitte", "kaste"),
    _action(r"kyle\w*", "kaste"),
    _action(r"heit\w*|heitt\w*|laita\w* pois|pistaa pois", "poistaa", "poisto"),
    # the discard pile
    _action(r"stack|stacks|heap|heaps", "pile"),
    _action(r"haug\w*|stabel\w*|dunge\w*", "bunke"),
    _action(r"stak|stakken|dynge\w*", "bunke"),
    _action(r"pino\w*|kasa\w*|kasaa", "pakka"),
    # opening: the side's first meld of a round, or how much it takes to put cards down
    _action(
        r"first (?:lay ?down|laydown|meld\w*|down|put ?down)|come down|coming down"
        r"|first time (?:\w+ )?(?:lay|laid|put|meld\w*|go|come) down|lay down (?:\w+ ){0,2}first"
        r"|(?:how much|how many points|least|minimum) (?:\w+ ){0,5}"
        r"(?:(?:lay|laid|put|come|go)\w* down|meld\w*)",
        "opening",
        "minimum",
    ),
    _action(
        r"(?:legge|legger|la|melde) (?:\w+ ){0,2}forste gang|forste (?:melding|utlegg)"
        r"|(?:hvor mye|hvor mange poeng|minst) (?:\w+ ){0,5}(?:legge|melde|apne)\w*",
        "åpning",
        "krav",
    ),
    _action(
        r"(?:laegge|melde) (?:\w+ ){0,2}forste gang|forste (?:melding|udlaeg)"
        r"|(?:hvor meget|hvor mange point|mindst) (?:\w+ ){0,5}(?:laegge|melde|abne)\w*",
        "minimumskrav",
    ),
    _action(
        r"ekassa|ekalla (?:kerralla|vuorolla)|(?:eka\w*|ensimmai\w*) (?:avau\w*|sarja\w*|lasku\w*)"
        r"|(?:eka\w*|ensimmai\w*) kerta\w* (?:\w+ ){0,2}(?:lask\w*|avaa\w*|avat\w*|poytaan)"
        r"|(?:paljonko|kuinka paljon|vahintaan) (?:\w+ ){0,5}(?:lask\w*|avat\w*|avaa\w*)",
        "avausraja",
    ),
    # a turn ("my go")
    _action(
        r"my go|your go|his go|her go|their go|whose go|when (?:its|it s|it is) (?:me|my go)"
        r"|(?:nar|naar) det er (?:mig|meg)|(?:mun|minun|sun) (?:kohta|vuoro)",
        "turn",
    ),
    # going out, described
    _action(
        r"empty (?:my |your |his |her |the |their )?hand|(?:tom|tomme|tommer|tomt|tomme\w*)"
        r" (?:\w+ )?(?:hand\w*)|tyhj\w* (?:\w+ )?(?:kate\w*|kade\w*)|(?:legge|legger|laegge"
        r"|laegger) (?:\w+ )?(?:ut|ud|ned) alt|bli kvitt alle|get rid of all"
        r"|komme af med alle|kommer af med alle|paasta eroon kaikista"
        r"|(?:blive|bliver|blev|slippe|slipper) af med (?:alle|hele)"
        r"|(?:paase\w*|paasta|paasin) (?:\w+ ){0,2}eroon|kade\w* (?:\w+ )?eroon",
        "out",
        "utgang",
        "udgang",
        "ulosmeno",
    ),
    # a shared score ("molemmilla 5120", "both on 5100")
    _action(
        r"(?:both|begge|molemm\w*) (?:\w+ ){0,2}\d{4,5}",
        "tie",
        "uavgjort",
        "uafgjort",
        "tasapeli",
    ),
    # the direction of play
    _action(
        r"(?:counter|anti) ?clockwise|clockwise|(?:med|mot|mod) (?:klokka|klokken|uret)"
        r"|myotapaivaan|vastapaivaan"
        r"|left or right|right or left|venstre eller (?:hoyre|hojre)|(?:hoyre|hojre) eller venstre"
        r"|which way (?:does )?(?:play|it|the game) go\w*|hvilken vei gar (?:spillet|det)"
        r"|hvilken vej gar (?:spillet|det)|mihin suuntaan\w*"
        r"|vasemmalle vai oikealle|oikealle vai vasemmalle",
        "clockwise",
        "turn",
    ),
    # a tie
    _action(
        r"(?:star|staar|stod|sto|er) (?:\w+ )?(?:lige|likt|like)|lige mange point"
        r"|like mange poeng|same (?:score|points)|tied?|tasan|tasapisteet",
        "tie",
        "uavgjort",
        "uafgjort",
        "tasapeli",
    ),
    # what each player is given
    _action(r"each (?:\w+ )?(?:get|gets|start with)|everyone gets", "dealt", "each"),
    _action(r"(?:hver|hvert) (?:\w+ )?(?:far|faar)|far (?:vi|man|hver) hver", "utdeling", "hver"),
    _action(r"jokainen (?:\w+ )?saa|kukin (?:\w+ )?saa|kullekin", "jako", "kullekin"),
)
"""The game's actions as players say them, per language, folded: a phrase found in a question
adds the words the topic texts use for that action ("lay down" -> meld, "legge ned" -> melde,
"heittää" -> poistaa, "stack" -> pile, "first time" / "ekassa" -> opening). The question keeps
its own words. This is query expansion into the topics' vocabulary, one table for all topics,
so that a question with no rules noun at all ("least i need for my first lay down") still
reaches the topic that names the action; per-question cues did not generalise."""

WILD_CANASTA = (
    r"wild canasta\w*|vild\w* (?:canasta\w*|kanast\w*)|villi ?kanast\w*|villikanast\w*"
    r"|joker ?(?:canasta|kanasta)\w*|jokerkanast\w*|(?:canasta|kanasta)\w* (?:af|av|of|fra|from)"
    r" (?:\w+ )?(?:vilde|ville|wild\w*|jokere|jokers|toere|villkort)"
)
"""A canasta named as wild ("wild canasta", "villikanasta", "canasta af vilde kort"): it says
"canasta" itself, so no other canasta word is needed (``WILD_ONLY``)."""
WILD_CANASTA_WORD = _phrase(WILD_CANASTA)
WILD_ONLY = re.compile(
    r"(?:^| )(?:(?:all|only|just|pure|nothing but) (?:\w+ )?(?:wild\w*|jokers?|2s|twos|deuces)"
    r"|(?:bare|kun|udelukkende|lutter|pelk\w*|pelkast\w*) (?:\w+ )?(?:jokere\w*|jokerkort\w*"
    r"|vild\w*|toere\w*|jokerei\w*|kakko\w*|villei\w*)"
    r"|(?:seven|7|sju|syv|seitseman|seittem\w*) (?:twos|2s|toere|toer|kakkos\w*|jokers?|jokere)"
    r"|wild ?card canasta\w*|jokerkanasta\w*"
    rf"|{WILD_CANASTA})(?= |$)"
)
"""A canasta of wild cards only ("all 2s", "bare jokere", "pelkistä kakkosista"), folded: only
Cuban has those, so the question is about Cuban wild-card canastas whatever the table plays."""
CUBAN_ONLY_DAMP = 0.75
"""Cuban-only topics at a table that is not Cuban, for a question that names neither Cuban nor
a wild-only canasta: "can twos be used as jokers" is about melds, not Cuban wild canastas."""
WILD_ONLY_BOOST = 1.3

_GENERIC_GAME = """
    win wins won winner winning vant vinne vinner vandt vinde voitti voittaa voittaja game games
    spill spillet spil spillets peli pelin pelata play playing spiller spille king konge kongen
    kuningas start starts begin aloittaa side lag hold
    puoli round runde rundt era player players spillere pelaaja card cards kort kortene kortti
    kortit set sets worth value values count counts point points
    """
GENERIC_GAME_WORDS: frozenset[str] = frozenset(_GENERIC_GAME.split())
"""Game words that are everyday words too (winning, a game, a king, a card, a round), folded:
on their own they do not make a weak match a rules question ("who won the world cup"). Not
"rules": in a rules channel "vi vil ha egne regler i kveld" asks about the rules."""


_GENERIC_LONG = frozenset(w[:GAME_PREFIX] for w in GENERIC_GAME_WORDS if len(w) >= GAME_PREFIX)


def is_specific_game_word(word: str) -> bool:
    """A game word (``is_game_word``) that is not also everyday talk (``GENERIC_GAME_WORDS``,
    matched like game words on the first five letters: "starter" and "pointene" are as
    generic as "start" and "point")."""
    folded = fold(word)
    generic = folded in GENERIC_GAME_WORDS or (
        len(folded) >= GAME_PREFIX and folded[:GAME_PREFIX] in _GENERIC_LONG
    )
    return is_game_word(word) and not generic
