"""Player words, once: number words, card names and a round's parts in every language.

The words live in ``rules_data/lexicon/<lang>.toml`` (validated here, like the variants and
topics: a bad file fails loudly, naming the file and the field), and every reader of player
words uses them: the card counter (``cards.py``), the number and round readers in
``bot/rules``. The lists hold base forms; inflected forms ("kuningasta", "essene", "kings")
come from the lemmatizer simplemma, turned once into ``rules_data/lexicon/forms.json`` by
``python -m bot.devtools.lexicon_forms``. Reading that table takes milliseconds, where
simplemma's own Finnish dictionary takes seconds to load: too slow for start-up.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.scoring.variants import read_data_file, rules_data_dir

LANGUAGES: tuple[str, ...] = ("en", "no", "da", "fi")
RANK_KEYS: tuple[str, ...] = (
    "joker",
    "2",
    "A",
    "K",
    "Q",
    "J",
    "10",
    "9",
    "8",
    "7",
    "6",
    "5",
    "4",
    "3",
)
"""The card counter's ranks (``cards.RANKS``), highest first."""
FORMS_FILE = "forms.json"
Word = Annotated[str, Field(min_length=1, pattern=r"^[^A-ZÆØÅÄÖ]+$")]
Words = list[Word]


class LexiconFileError(Exception):
    """A lexicon file that cannot be used, naming the file, the field and what was expected."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class CommonWords(_Strict):
    one: Words
    """Words that mean one before a card or a canasta: "a joker", "en ren"."""
    joiners: Words
    """Words between cards of one hand: "three aces and a joker"."""
    links: Words = Field(default_factory=list)
    """Words that go on with cards read off one at a time ("jack jack queen, then seven",
    "og så jokeren", "and the joker"): between cards they join them as ``joiners`` do, but
    never join numbers ("tusen, så fem kort" is no 1005)."""
    choice: Words = Field(default_factory=list)
    """ "or" between two numbers ("is a seven 5 or 10"): values asked about, not cards."""
    minus: Words
    units: Words
    """Nouns that make the number before them a count of something else ("two hours")."""
    wild: Words
    """Words for the wild cards as a group: a joker or a two is one ("villi", "jokerkort")."""
    function: Words
    """Function and chat words ("the", "hvordan", "niinku"): no card and no fact's subject."""
    pair: Words = Field(default_factory=list)
    """A noun that is two cards of the rank after it: "a pair of nines", "et par niere"."""
    of: Words = Field(default_factory=list)
    """The word that may link ``pair`` to its card: "pair of nines", "par af tiere"."""
    rank_plural: Words = Field(default_factory=list)
    """The endings of ``rank_suffix`` that say the plural ("7s", "4ere", "7:t")."""
    plural: Words = Field(default_factory=list)
    """Endings that put a card name in the plural ("aces", "konger", "ässät"), or a changed
    ending "singular>plural" ("nen>set": "kakkonen", "kakkoset"). A plural with no count
    before it says no number: beside other cards the sum is unknown, and asked."""
    pieces: Words = Field(default_factory=list)
    """Words for pieces after a count that follows its card ("kakkoset 7 kpl", "toere 3
    stk"): the count is of the card before it, not a seven."""
    zero: Words = Field(default_factory=list)
    """Words for the number nothing ("zero", "null", "nolla"): a score of 0 when nothing
    follows it but points or the end of a clause ("we're at zero", "vi har null poeng")."""
    approx: Words = Field(default_factory=list)
    """Words right before a number that make it a guess ("around 1500", "omkring", "jotain
    3000"): a score said so is asked about, never worked from as if it were exact."""
    above: Words = Field(default_factory=list)
    """Words right before a number that put the score above it ("over 3000", "yli 3000"):
    sure only where every higher score has the same minimum."""
    approx_after: Words = Field(default_factory=list)
    """The same after the number ("1500 or so", "1500 paikkeilla")."""
    more: Words = Field(default_factory=list)
    """An amount added to a said score and not said ("2800 before the round and got a bit
    more", "litt til"): the score is no longer known."""
    half_more: Words = Field(default_factory=list)
    """One and a half of the scale after it ("halvannen tusen" 1500, "puolitoista sataa" 150)."""
    same_plural: Words = Field(default_factory=list)
    """Card names a count stands before in the same form as one card: a plural that is the
    same word ("tre ess"), or spoken Finnish dropping the partitive ending ("kolme ässä").
    After a count they are counted, not one card read out after a number."""
    half: Words = Field(default_factory=list)
    """Half, after a count and a joiner and before a scale ("two and a half thousand", "kaksi
    ja puoli tonnia": 2500)."""
    article: Words = Field(default_factory=list)
    """A plural article that is also a word for them ("de 50 point": the 50): right before
    a number it names no side."""
    thousands: Words = Field(default_factory=list)
    """A letter after digits that makes them thousands ("2k", "1.5k"): chat shorthand."""
    vague: Words = Field(default_factory=list)
    """A count of cards that is no number ("a bunch of", "nogle", "muutama"): their sum is
    asked about, never counted as one each."""
    card: Words = Field(default_factory=list)
    """The noun card ("face cards", "kort", "kortteja"): a vague count before it counts cards."""
    rank_suffix: Words = Field(default_factory=list)
    """Endings a digit takes when it names cards of that rank ("two 7s", "tre 4ere",
    "kolme 7:ää"): the digit is the rank, the count comes before it."""


class Colours(_Strict):
    red: Words
    black: Words


class RoundWords(_Strict):
    """Phrases of a round told in words; "word*" takes any ending, "~" is one optional word."""

    natural: Words
    mixed: Words
    three: Words
    went_out: Words
    negation: Words
    """A word right before or inside "went out" that says the opposite: "gikk ikke ut"."""
    they: Words
    definite_endings: Words = []
    """Endings of a definite plural noun ("treerne", "kanastaene"): after a word of the
    common ``article`` list ("de", "dem") and a count, that word is the noun's article, no
    side ("de 2 røde treerne teller pluss")."""
    possessive_after: Words = []
    """Possessives said after the noun ("treerne våre", "kanastaerne deres"), words of the
    ``we`` or ``they`` lists: the counted noun is the side's they name."""
    concealed: Words
    normal: Words = []
    """Going out the ordinary way ("normal", "vanlig", "almindeligt", "normaalisti"): said
    alone it reads as going out does, but a correction can put it in the place of a
    concealed going out ("went out concealed? no, normal")."""
    hand_after: Words
    hand_before: Words
    table_after: Words
    table_before: Words
    filler: Words
    result: Words
    no_meld: Words
    """ "we never melded", "fikk ikke meldt noe": the side's table points are said to be 0."""
    nothing: Words = []
    """Words for nothing at all ("nothing", "ingenting", "intet", "mitään"): said, or a
    ``none`` or ``negation`` word, in a clause with a word of laying cards down and no
    number, the side laid nothing down (``round_nothing``), however the phrase goes."""
    we: Words
    """The speaker's own side in a sentence about every side: "we", "vi", "me", "our"."""
    team: Words
    """A side called by its number: "team 2", "lag 1", "hold 2", "joukkue 1"."""
    canasta: Words
    """The word canasta itself: a canasta said without its kind is named as unsure."""
    none: Words
    """ "no canasta", "ingen canasta": a count of nothing, not a canasta of unknown kind."""
    score: Words
    one_red_three: Words
    the_red_three: Words = []
    """The red three said definite with no count ("den røde treeren vår teller minus", "the
    red three"): one when nothing else counts the side's red threes, else the one already
    counted (a definite noun points back to it, so it is never one more)."""
    out: Words
    """The word "out" of "went out": said alone ("420 / 1 clean / out") it is named as unsure."""
    spoken: Words = []
    """Sound changes of speech, "written>said" ("hd>h": Finnish "kahdella" said "kahella"),
    applied to the count words instead of listing each spoken form."""
    bare_kind_one: bool = False
    """A language without an article says one canasta by its kind alone ("puhdas ja seka",
    "sekakanastalla"): a kind word with no count before it is one canasta of that kind."""
    sheet_points: dict[str, str] = {}
    """Letters a score sheet glues to a side's points ("285m", "h55", "160p"), each as the
    phrase it stands for ("melded", "hand", "points"): read only glued to a number of
    points (from 15), so a count glued to a letter ("1m", "1n") keeps its own reading."""
    sheet_counts: dict[str, str] = {}
    """Letters a score sheet glues to a count ("1nc", "1mc", "0c"), each as the kind it
    stands for ("natural", "mixed", "canastas"): read only glued to a count (up to 10),
    and only where no word of the lexicon reads the letters."""
    points: Words = []
    """The word for points as a unit after a number ("285 pistettä", "400 points")."""
    name_stems: Words = []
    """Stem changes of a name before an ending, "written>said" ("tt>t": Finnish "Antti" is
    "Antilla" with Antti): a name is found in its inflected forms."""
    vague: Words = []
    """Words for an amount that is no number ("a few", "noen", "muutama"): red threes or
    canastas counted with one are asked about."""
    subordinate: Words = []
    """Words that open a clause about another side inside a side's own ("when they went
    out", "da de gikk ut"): after it, the side spoken of before comes back."""
    before: Words = []
    """The words of ``subordinate`` that say "before" ("before they'd even opened", "før vi
    havde meldt noget", "ennen ku ne oli avannu"): with a verb of ``opened`` in its clause,
    the side named in it had laid nothing down when the round ended."""
    opened: Words = []
    """Verbs of laying cards down ("opened", "meldt", "avannu"), read after ``before``."""
    someone: Words = []
    """A subject that names nobody in particular ("someone went out", "noen gikk ut"): the
    words after it belong to no side the reader can tell, so they are asked about."""
    every_side: Words = []
    """A subject for the whole table ("both teams", "begge lag", "molemmilla"): its clause
    is said of every side, not of the side named next."""
    no_side: Words = []
    """A subject for no side at all ("nobody", "ingen", "kukaan"): its clause is said of
    every side, negated ("nobody went out": no side went out)."""
    hedge: Words = []
    """Words by which the speaker says a figure may be wrong ("husker ikke", "not sure",
    "ehkä"): the side it is said of is asked about, never read as certain."""
    alternative: Words = []
    ellipsis: Words = []
    """Words that stand for the verb of the clause before ("we didn't go out, they did",
    "vi gikk ikke ut, det gjorde de", "me ei menty ulos vaan ne"): a side named with
    nothing but these after a negated going out is the side that went out."""
    partners: Words = []
    """Words for one partner and the other, said of each one's hand ("toisella jäi käteen 25
    ja toisella 30", "35 på den eine handa og 20 på den andre"): known words, so the two hands
    are read (and summed, ``round_talk._second_hand``) instead of asked about."""
    yes: Words = []
    """A score sheet's tick after "out" ("out yes", "ute ja", "ulos kyllä"): the clause is
    going out, as "out" alone is."""
    no: Words = []
    """A score sheet's cross after "out" ("out no", "ute nei", "ulos ei"): the clause says
    the side did not go out, as "not out" does."""
    section_order: Words = []
    """Words that order the sections of a round said section by section ("first", "then",
    "så", "sit", "ekana"): a heading with them is the heading without them."""
    section_hand: Words = []
    """A clause that heads a section of the round about the hands, said before each side's
    value ("hands first: we 35, they 0", "på hånda: vi 0, dem 70", "kädet: me 0, ne 65"):
    each side's bare number after it is its hand (read with ``hand_after``'s first phrase)."""
    section_table: Words = []
    """The same for the table points ("melds: us 260, them 340", "på bordet: vi 440, dem
    235", "pöydässä: me 445, ne 230"), read with ``table_after``'s first phrase."""
    object_after: Words = []
    """Words after which "me", "us", "them" is no subject that opens a side's part ("went out
    concealed on me", "gikk ut skjult på meg")."""
    all_of: Words = []
    """ "2 canastas, both clean", "3 kanastaer, alle rene": every one of the canastas just
    counted is of the kind after it."""
    stuck: Words = []
    """The phrases of ``hand_before`` that only ever say a hand ("stuck with", "satt igjen
    med"), never table points as "had" may: a number after one is a hand even first after
    a side's name ("eg sat att med 35 og makkeren min med 20, vi hadde 290")."""
    correction: Words = []
    """A speaker correcting what was just said ("55, no wait, 60", "one natural, sorry, two
    naturals", "yks puhdas, ei kun seka"): what follows replaces the earlier value of the
    same part of the round, never adds to it."""
    correction_count: Words = []
    """A bare "no" that corrects only when a count follows at once ("four red... no, THREE
    red threes", "nej 1 rød treer"); anywhere else the word keeps its own sense ("no red
    threes")."""
    addition: Words = []
    """Words in the clause after a correction that say it adds ("no wait, we had a mixed
    one in addition", "nei vent, en uren i tillegg", "ei kun, lisäksi yks seka"): the
    clause is one more value of its side, said beside the earlier ones, never in place
    of one (read as a replacement, the side's other canasta was lost)."""
    one_of: Words = []
    """A clause after a correction opening with one of a count said before ("two naturals,
    no wait, one of them was mixed", "kaks puhdasta, ei kun toinen oli likanen"): one of
    the canastas counted is of the kind said now, the rest stay as said."""
    for_side: Words = []
    """A word that gives what comes before it to the side named after it ("1 for them",
    "405 til os")."""
    round_number: Words = []
    """The word for a round of the game said with its number ("round 3", "Runde 7",
    "kierros viis"): that number is the round's, no part of any side's round."""
    hesitation: Words = []
    """Sounds a speaker makes while thinking ("uh", "øh", "öö"): they say nothing, and a
    correction after one ("340, øh nej 375") takes back what was said before them."""
    earlier: Words = []
    """A game total said in passing, after its number at the end of a clause ("we were on
    2800 before", "vi sto på 2400 før", "meillä oli 2800 ennen"): the score before this
    round, no part of it."""
    stock_out: Words = []
    """The stock running out ("stock ran out", "bunken tok slutt", "pakka loppu"): the
    round ended with nobody going out, so its "out" is no going out."""
    """ "or" between two counts or points ("to eller tre røde"): a choice, asked about."""
    """A red three in the singular with no count ("punainen kolmonen"): one."""
    """ "we scored 1250", "1250 i alt": a round's result or a total, never its table points."""


class AskWords(_Strict):
    """What a question with a number in it asks for ("word*" any ending, "~" one optional
    word): the opening minimum, whether the number is the side's score, what the side needs,
    winning (not the opening), or a hand's value."""

    opening: Words
    score: Words
    need: Words
    win: Words
    value: Words
    melds: Words = Field(default_factory=list)
    """Words for melded points right before a number ("udlæg 180", "meldinger 300"): the
    number is meld points, never the side's score, so no opening minimum is worked from it."""
    result: Words = Field(default_factory=list)
    """What cards make, asked loosely ("hva blir det", "what does that make"): a hand's
    points for two to six cards (seven may be a canasta, whose bonus may be meant)."""


class PlayerWords(_Strict):
    nouns: Words
    """ "tre spillere": the count before them is of players."""
    we: Words
    """ "vi er tre", "me kaks": a count after them is of players."""
    alone: dict[str, Words] = Field(default_factory=dict)
    """Words that say the count themselves: "kahestaan" is two."""
    teams: Words = Field(default_factory=list)
    """ "six players in two teams": sides of three, not three pairs."""
    not_after: Words = Field(default_factory=list)
    """ "vi er to hold": a count before these is of something else than players."""
    sides: Words = Field(default_factory=list)
    """ "tre par", "two teams", "kolmen porukka": a count before these counts the table's
    sides or a side's players, never a canasta or a red three of a round."""
    against: Words = Field(default_factory=list)
    """ "3 v 3", "tre mot tre", "kolme vastaan kolme": a word between two counts of players
    (or two of the ``sides`` nouns, "lag mot lag") that sets the table's sides against each
    other, no part of a round."""

    @field_validator("alone")
    @classmethod
    def _counts(cls, alone: dict[str, Words]) -> dict[str, Words]:
        return _numeric_keys(alone)


def _numeric_keys(table: dict[str, Words]) -> dict[str, Words]:
    bad = sorted(key for key in table if not key.isdecimal() or int(key) < 1)
    if bad:
        raise ValueError(f"keys must be whole numbers from 1; got {bad}")
    return table


class Lexicon(_Strict):
    """One language's words."""

    language: Literal["en", "no", "da", "fi"]
    lemmatizer: str = Field(pattern=r"^[a-z]{2}$")
    """simplemma's code for the language ("nb" for bokmål)."""
    numbers: dict[str, Words]
    words: CommonWords
    cards: dict[str, Words]
    colours: Colours
    round: RoundWords
    players: PlayerWords
    asks: AskWords
    variants: dict[str, Words] = Field(default_factory=dict)
    spoken_sounds: dict[str, str] = Field(default_factory=dict)
    """Letters the spoken language says otherwise ("hd" -> "h": "kahdella" is said "kahella"):
    every inflected form of a card name or number word is listed in ``forms.json`` in its
    spoken spelling too."""
    clipped_endings: list[str] = Field(default_factory=list)
    """Sounds the spoken language drops from a word's end ("kädes" for "kädessä", "mentii"
    for "mentiin"): a round reader reads a word it does not know as the known word it makes
    with one of these put back."""
    spoken: dict[str, Words] = Field(default_factory=dict)
    """A written word -> its spoken and dialect spellings ("hvor" -> "kor"): an ask phrase
    written with the word is also read with each of them ("kor mykje er det"), and the
    spellings of a function word are function words ("ka" is no king and ace)."""

    @field_validator("numbers")
    @classmethod
    def _numbers(cls, numbers: dict[str, Words]) -> dict[str, Words]:
        _numeric_keys(numbers)
        missing = [str(n) for n in range(1, 11) if str(n) not in numbers]
        if missing:
            raise ValueError(f"needs the words for 1 to 10; missing {missing}")
        return numbers

    @field_validator("cards")
    @classmethod
    def _ranks(cls, cards: dict[str, Words]) -> dict[str, Words]:
        unknown = sorted(set(cards) - set(RANK_KEYS))
        missing = [rank for rank in RANK_KEYS if rank not in cards]
        if unknown or missing:
            raise ValueError(
                f"keys must be the ranks {list(RANK_KEYS)}; unknown {unknown}, missing {missing}"
            )
        return cards


def _load_file(path: Path) -> Lexicon:
    lexicon = read_data_file(path, Lexicon, LexiconFileError, "lexicon")
    if lexicon.language != path.stem:
        raise LexiconFileError(
            f"{path}: language {lexicon.language!r} must match the file name {path.stem!r}"
        )
    return lexicon


def lexicon_hash(directory: Path) -> str:
    """A digest of the lexicon files, recorded in the forms table so a stale one is caught."""
    digest = hashlib.sha256()
    for lang in LANGUAGES:
        digest.update((directory / f"{lang}.toml").read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Vocabulary:
    """Every language's lexicon and the inflected forms of its words (form -> base word)."""

    lexicons: Mapping[str, Lexicon]
    forms: Mapping[str, Mapping[str, str]]
    forms_hash: str = ""
    near: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Per language, the words of the language (simplemma's, folded) that the round reader
    would otherwise read as a role word they start or nearly spell ("blandt", "among", is
    one letter from "blandet"): real words, never read as another (``talk.word_forms``)."""

    def base(self, lang: str, word: str) -> str:
        """The lexicon word ``word`` is a form of in ``lang`` (itself when it is no known form)."""
        return self.forms.get(lang, {}).get(word, word)

    @functools.cached_property
    def word_to_rank(self) -> dict[str, str]:
        """Every card name in every language and its forms -> rank. Number words are card names
        only where the lexicon lists them so: "tre" is a three, "to" (two) is not a deuce."""
        out: dict[str, str] = {}
        for lexicon in self.lexicons.values():
            for rank, words in lexicon.cards.items():
                out.update(dict.fromkeys(words, rank))
        for lang, forms in self.forms.items():
            for form, base in forms.items():
                rank = _rank_of(self.lexicons[lang], base)
                if rank is not None:
                    out.setdefault(form, rank)
        return out

    @functools.cached_property
    def number_words(self) -> dict[str, int]:
        """Every number word and its forms -> its value ("kahden" -> 2)."""
        out: dict[str, int] = {}
        for lexicon in self.lexicons.values():
            for value, words in lexicon.numbers.items():
                for word in words:
                    for said in spoken(word, lexicon.round.spoken):
                        out.setdefault(said, int(value))
        for lang, forms in self.forms.items():
            values = {w: int(v) for v, ws in self.lexicons[lang].numbers.items() for w in ws}
            changes = self.lexicons[lang].round.spoken
            for form, base in forms.items():
                if base in values:
                    for said in spoken(form, changes):
                        out.setdefault(said, values[base])
        return out

    def words(self, pick: str) -> set[str]:
        """Words of a ``[words]`` list in every language (``one``, ``joiners``, ``units``...)."""
        return {w for lexicon in self.lexicons.values() for w in getattr(lexicon.words, pick)}


def spoken(word: str, changes: list[str]) -> list[str]:
    """``word`` and the forms it takes in speech, by the language's sound changes
    ("hd>h": Finnish "kahdella" is said "kahella"; "kymmentä>kyt": "neljäkymmentä" is
    said "neljäkyt"): a rule over every word instead of a list of each spoken form."""
    out = [word]
    for change in changes:
        written, said = change.split(">")
        out += [w.replace(written, said) for w in out if written in w]
    return out


def _rank_of(lexicon: Lexicon, base: str) -> str | None:
    for rank, words in lexicon.cards.items():
        if base in words:
            return rank
    return None


def load_vocabulary(directory: Path) -> Vocabulary:
    """The four lexicons under ``directory`` and their forms table (empty when absent)."""
    lexicons = {lang: _load_file(directory / f"{lang}.toml") for lang in LANGUAGES}
    path = directory / FORMS_FILE
    forms: dict[str, dict[str, str]] = {}
    near: dict[str, frozenset[str]] = {}
    recorded = ""
    if path.is_file():
        data = json.loads(path.read_text(encoding="utf-8"))
        forms, recorded = data["forms"], data["lexicon_hash"]
        near = {lang: frozenset(words.split()) for lang, words in data.get("near", {}).items()}
    return Vocabulary(lexicons, forms, recorded, near)


@functools.cache
def _cached(directory: Path) -> Vocabulary:
    return load_vocabulary(directory)


def vocabulary() -> Vocabulary:
    """The shipped lexicons, loaded once per process."""
    return _at(os.environ.get("CANASTA_RULES_DATA"))  # as rules_data_dir reads it


@functools.lru_cache(maxsize=8)
def _at(override: str | None) -> Vocabulary:
    """The lexicons for one value of the data override: ``vocabulary`` is asked thousands of
    times a question, and building and hashing the lexicon's path each time was a twentieth
    of a round question's time."""
    del override  # the key only: ``rules_data_dir`` reads the same value
    return _cached(rules_data_dir() / "lexicon")
