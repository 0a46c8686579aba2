"""Normalising, tokenising and stemming questions and topic texts, per language.

Everything the search compares goes through here, so the index and the questions are treated the
same way. Two measured pitfalls are handled explicitly: Snowball's Finnish stemmer cuts "kanasta"
down to "kana" (chicken), so every spelling of canasta is pinned to one stem in every language;
and function words are dropped per language so they neither score nor get "typo-corrected"
into rules words.
"""

from __future__ import annotations

import functools
import re
import unicodedata

import Stemmer

STEMMER_NAMES = {"en": "english", "no": "norwegian", "da": "danish", "fi": "finnish"}
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_CANASTA = re.compile(r"^[ck]anast")
_FOLD = str.maketrans({"å": "a", "ä": "a", "æ": "ae", "ø": "o", "ö": "o", "é": "e", "ü": "u"})


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Function words, question words and chat filler players type around the real question.
# They are dropped before scoring and count as evidence of the question's language.
STOPWORDS: dict[str, frozenset[str]] = {
    "en": (
        _words(
            """
        a an the is are was were be been am do does did doing done can could should would will
        shall may might must i me my we us our you your he she it its they them their this that
        these those there here what whats which who whom whose when where why how if then than
        and or but not no yes of to in on at by for with from about into onto up down over
        under again so too very just also any some all each every both more most much many
        other such only own same get gets got have has had having let lets please pls thanks
        thank hey hi hello guys guy ok okay lol mate anyone someone somebody question tell know
        im i'm it's whats does doesnt dont isnt arent cant wont s t d ll re ve m as now still
        happen happens happened mean means meant really actually like wanna gonna need needs
        needed anyway anybody everyone everybody something anything thing things wat wot u ur
        y yall ya exactly right correct sure else even way again ever being"""
        )
    ),
    "no": (
        _words(
            """
        og i jeg det at en et den til er som på de med han av ikke ikkje der så var meg seg men
        ett har om vi min mitt ha hadde hun nå over da ved fra du sin dem oss opp man kan hans
        hvor eller hva skal selv sjøl her alle vil bli ble blitt kunne inn når være vært noe noen
        mange hvordan hvorfor hvilken hvilke hvem dere deres mye mer må får få fikk gjør gjøre
        gjelder egentlig liksom altså jo vel ja nei hei takk bare også etter før enn nok sånn
        slik dette disse vår våre våres deg din dine ditt kor kva korleis kven dei eg me sa
        hvis dersom skjer skje skjedde betyr mener trenger trengs sant riktig kanskje visst
        blir vært hos mot igjen enda fortsatt sitt sine hvilket ingen lov lova akkurat"""
        )
    ),
    "da": (
        _words(
            """
        og i jeg det at en et den til er som på de med han af ikke der så var mig sig men har om
        vi min mit ha havde hun nu over da ved fra du sin dem os op man kan hans hvor eller hvad
        skal selv her alle vil blive blev bliver kunne ind når være været noget nogen mange
        hvordan hvorfor hvilken hvilke hvem jer jeres meget mere må får få fik gør gøre gælder
        egentlig altså jo vel ja nej hej tak bare også efter før end nok sådan dette disse vores
        dig din dine dit sagt hvis mon sker ske skete betyder mener behøver stadig stadigvæk
        igen hos mod sit sine hvilket ingen lov præcis rigtigt mon monstro"""
        )
    ),
    "fi": (
        _words(
            """
        ja on ei se että oli ole olla olen olet olemme olette ovat mitä mikä mitkä miten miksi
        kuinka paljonko montako milloin missä mistä mihin kuka ketkä kun jos niin kuin myös vain
        sitten nyt tai mutta minä sinä hän me te he minun sinun meidän teidän heidän minulla
        sinulla meillä teillä heillä mua mulla meil mä sä me ne se sen sitä siitä siihen tämä
        tämän tätä tuo voi voiko voinko voimmeko saa saako saanko saammeko pitää pitääkö täytyy
        täytyykö tarvitsee onko oliko eikö kai vai hei kiitos no joo juu niinku siis mikäs
        mitäs entä tapahtuu tarkoittaa pitäisi tarvitaan tarvitsen olisi ollaan jo vielä eli
        ihan vaan millä kenen kenellä mun meil meitä siinä niitä niiden tää toi joku jotain
        jokin mitään nämä saadaanko saadaan voidaanko"""
        )
    ),
}
ALL_STOPWORDS: frozenset[str] = frozenset().union(*STOPWORDS.values())
KEEP: dict[str, frozenset[str]] = {
    "en": frozenset({"min", "sit"}),
    "no": frozenset({"to", "under", "like"}),
    "da": frozenset({"to", "under"}),
    "fi": frozenset(),
}
"""Words that are function words in another language but rules words in this one: "to spillere"
is two players, "the min to open" the minimum and "where do we sit" the seating, though "min"
and "sit" are Danish and Norwegian for "my" and "his"."""


def normalise(text: str) -> str:
    """Lower case, compatibility-normalised, with typographic apostrophes unified."""
    text = unicodedata.normalize("NFKC", text).lower()
    return text.replace("’", "'").replace("`", "'")


def fold(text: str) -> str:
    """Diacritics folded away, for the character channel: players often type "apne" for "åpne"."""
    return text.translate(_FOLD)


def tokens(text: str) -> list[str]:
    """Word tokens of already-normalised text (letters and digits; punctuation splits)."""
    return _TOKEN.findall(text)


@functools.cache
def _stemmer(lang: str) -> Stemmer.Stemmer:
    return Stemmer.Stemmer(STEMMER_NAMES[lang])


def is_canasta(word: str) -> bool:
    """Any spelling or inflection of "canasta" (kanaster, canastas, kanastassa...)."""
    return _CANASTA.match(word) is not None


@functools.lru_cache(maxsize=65536)
def stem(word: str, lang: str) -> str:
    """Snowball stem of one normalised word, with canasta pinned (see the module docstring)."""
    if is_canasta(word):
        return "kanast"
    return _stemmer(lang).stemWord(word)


def content_words(words: list[str], lang: str | None = None) -> list[str]:
    """Words that are no language's function word (``lang``'s ``KEEP`` words excepted)."""
    keep = KEEP[lang] if lang else frozenset()
    return [w for w in words if w not in ALL_STOPWORDS or w in keep]


def stopword_hits(words: list[str]) -> dict[str, int]:
    """How many words are function words of each language: evidence of the question's language."""
    return {lang: sum(w in stops for w in words) for lang, stops in STOPWORDS.items()}
