"""Small talk around a game night: the words that say a question is not a rules question.

Players chat in the same channel where they ask rules questions, and that chat shares words
with the game ("whose turn is it to buy the pizza", "hvem vant kampen i går"). Three kinds of
evidence, folded (``text.fold``) and matched on a word's first letters so that every inflection
counts ("pizzat", "kampen", "bussene"):

* ``EVERYDAY``: food and drink, errands, travel, the clock and the weather, screens and sports,
  and other card games. Such a word makes a question small talk unless it also names something
  only Canasta has (a strong game word, a rank, a player count: ``SearchResult.strong``); the
  name of another card game (``OTHER_GAMES``) does even then.
* ``EVERYDAY_TIME``: days, evenings and "next time": "hvem vant i går" is about yesterday's
  match, "koska pelataan seuraavan kerran" about the next game night. A time is small talk
  unless the question also uses a specific game word (``lexicon.is_specific_game_word``).
* Everyday words are never typo-corrected into game words ("bussen" is not "bonussen").

Words that also say something about the game are left out on purpose: "order" (turn order),
"hente"/"hakea" (fetch the pile), "maksaa" (what a card costs), "clock" (clockwise).
"""

from __future__ import annotations

import functools
import re

from bot.rules.text import fold

PREFIX = 4
ENDING = 4
"""Everyday words of at least ``PREFIX`` letters also match with an ending of up to ``ENDING``
letters ("pizzat", "kampen", "bussene"), not as the start of any word ("clockwise")."""

_EVERYDAY = """
    bus bussen bussi train toget juna taxi taksi bil auto car drive kjøre køre ajaa
    klokka klokken kello weather været vejret
    dinner middag lunsj frokost pizza ruoka aamiainen lunch breakfast snacks chips sipsi
    beer øl olut kalja kaljaa wine vin viini coffee kaffe kahvi tea
    buy kjøpe købe ostaa fetch bestille tilata pay betale cook
    dishes oppvask opvask tiski tiskit toilet toalett vessa
    movie film elokuva tv netflix series serie telkka football fotball fodbold jalkapallo
    kamp kampen ottelu hockey jääkiekko league liga tennis golf
    birthday bursdag fødselsdag syntymäpäivä
    dog hund koira trash garbage rubbish søppel søpla skrald roskat roskis
    mic mikrofon mikki headset kuulokkeet wifi internet nettet netti
    handball håndball håndbold käsipallo screen skjerm skjermen skærm näyttö
    horse hest hevonen smoke røyk røyke ryge tupakka tupakille gym trening træning treeni
    doctor lege legen læge lääkäri vondt ondt verker kipee kipeä särky
    eat spise syömään drinks drink drikke juomaan kävelylle lenkille charger lader
    oplader laturi host vært tiskata vaske window vindu vinduet vindue ikkuna music musikk
    musik musiikki heating varmen varmt lämmitys cold kylmä
    cat katt katten kat katte kissa carpet rug teppe teppet tæppe tæppet matto
    tupak tent tentti exam eksamen nhl nba nfl leafs bake baking watch watched
    luft ilmaa keli liukas tiet roads veiene vejene
    computer laptop discord tietokone datamaskin laundry vasketøj klesvask
    pyykit groceries dagligvarer indkøb kauppa market wall veggen væggen seinä kid kids ungen
    ungerne lapsi jaakaap kuulok euroviis pubivis link chat parker bøde bøden badminton
    door døren døra fridge kjøleskap køleskab
    cake kake kage kakku pulla pullaa bolle boller quiz tietovisa pubquiz
    neighbour neighbor naboen nabo naboer naapuri blanket pledd pleddet plaid viltti
    sipsejä sipsit herkut herkkuja herkku micen mikken turnering turneringen turnaus tournament
    flybillett flybilletter lento lennot ferie ferien loma lomalle vacation holiday
    arsenal liverpool chelsea barcelona rosenborg molde vålerenga brøndby kärpät tappara ilves
    hifk hjk fck landsholdet landslaget jaakiekon bikkja bikkjen tenner
    rain sataa thunder torden tordenvejr ukkonen snow sne snø lumi
    router routeren reititin tablet tabletti nettbrett volume echo ekko kaiku
    kurs kurset kurssi jobb jobben arbejde arbeidet email sähköposti
    konfirmation konfirmasjon rippijuhla karkit karkki candy slik godteri snack
    lahjakortti lahjakortin gavekort gavekortet arvonta arvontaan arvonnassa arvonnan
    lotteri lottery raffle bank banken pankki rema kiwi coop prisma lidl fjell fjellet
    pakkanen pakkasta pakkasella pakkaseen pakastin pakastimeen pakastimessa freezer fryseren
    plants planter plantene planterne blomster blomstene blomsterne kasvit kukat
    overtime forlenget forlængelse jatkoaika jatkoajalla season sesong sæson kausi jakso
    episode episoden afsnit areena areenasta juoma juomat juomia
    office kontor kontoret toimisto toimistolla toissa snoring snore snorker snorke
    kuorsaa kuorsaus
    napkin napkins serviett servietter serviettene servietterne servetti servetit servettipino
    tissues ferry ferja ferga faerge faergen laiva laivan ship boat bat baten baden vene veneen
    pipes windscreen windshield frontrute frontruta forrude forruden tuulilasi
    pils pilsner kalja sjokolade sjokoladen chokolade chokoladen suklaa chocolate vafler
    vaflene vaflerne vohvelit vohveli waffles avis aviser avisen newspaper sanomalehti
    telefon telefonen phone puhelin costume kostyme kostume naamiaisasu party festen juhlat
    syntyi fodt fodte born baby babyen vauva
    """
_OTHER_GAMES = """
    poker flush bridge whist blackjack yatzy yahtzee kabal kabale pasianssi uno chess sjakk
    skak shakki ristiseiska kasino casino solitaire
    """
OTHER_GAMES: frozenset[str] = frozenset(fold(w) for w in _OTHER_GAMES.split())
EVERYDAY: frozenset[str] = frozenset(fold(w) for w in _EVERYDAY.split()) | OTHER_GAMES
_EVERYDAY_LONG = frozenset(w for w in EVERYDAY if len(w) >= PREFIX)
_OTHER_GAMES_LONG = frozenset(w for w in OTHER_GAMES if len(w) >= PREFIX)

EVERYDAY_TIME = re.compile(
    r"(?:^| )(?:i gar|i gaar|i morgen|i kveld|i aften|i aftes|yesterday|tonight|tomorrow"
    r"|eilen|huomenna|illalla|tanaan|next time|neste gang|naeste gang|seuraavan kerran"
    r"|ensi kerralla|next week|neste uke|naeste uge|ensi viikolla|last night|yolla|yoks"
    r"|i helga|i helgen|til helga|til helgen|this weekend|weekend|weekenden|viikonloppuna"
    r"|yoksi)(?= |$)"
)


_FROZEN = r"frozen|frossen|frosne|frosset|iskold\w*|iskald\w*|jaassa|jaatyneet|jaaty\w*|kohmeessa"
_BODY = (
    r"feet|toes|fingers|hands|ears|nose|beina|bena|bein|foedder|fodderne|fotter|fottene|taer"
    r"|taerne|taeer|taeerne|fingrene|fingre|fingerne|hender|hendene|haender|haenderne|orene"
    r"|orerne|nesen|naesen|varpaat|varpaita|sormet|sormia|jalat|korvat|nena"
)
"""Someone frozen stiff ("frossen på beina", "mine tæer er helt frosne", "sormet jäässä") is
talking about the cold; "hand" in the singular stays the game's."""
_NOT_OURS = r"(?!canasta|kanasta|card|cuban|last|next|first|whole|this|our)"
IDIOMS = re.compile(
    r"(?:^| )(?:such a joker|(?:sadan|saan|sa) (?:en )?joker|(?:for|sikke) en joker"
    r"|(?:aika|aikamoinen|ihan|mika|varsinainen|oikea|todellinen) jokeri"
    r"|(?:wild|villi|vild|vill|vilt) (?:\w+ )?(?:night|week|day|weekend|ride|party|ilta|viikko"
    r"|paiva|viikonloppu|kveld|aften|uke|uge|dag|helg|helgen|fest|juhlat)"
    r"|(?:skikkelig|rigtig|ordentlig|real|total) (?:en )?joker"
    r"|(?:the|that) joker who|that joker (?!in|on|is)\w+ (?:still |just )?(?:owes|said|told|is)"
    r"|says hi|sier hei|siger hej|sanoo (?:moi|hei)|(?:good|great|god|hyva) deal|hyva diili"
    r"|(?:have|has|gotta|need) to deal with"
    r"|turn (?:the |it )?(?:volume|music|sound|tv|heat\w*|lights?) (?:down|up|off)"
    r"|skru (?:\w+ )?(?:ned|opp|op)"
    r"|meld\w* (?:mig|meg|seg|sig) (?:syg|syk|pa|paa|af|av|ud|ut)|melde\w* afbud|meldt afbud"
    r"|(?:ekstra|extra|helping|hjelpende|hjaelpende) hand|give me a hand"
    r"|traekke stikket|trekke ut kontakten|pull the plug|helt vildt|crazy (?:eights?|8s?)"
    r"|(?:jeg|mig|meg|eg) fryser|fryse\w* ihjel|(?:i m|im|i am) freezing|freezing (?:cold|here)"
    r"|(?:jaaty\w*|jumitt?\w*) (?:\w+ ){0,2}(?:kone|lappari|puhelin|netti|naytto)"
    r"|melde\w* fra|meld fra|meldte fra"
    r"|pick\w* (?:me|us) up|hente\w* (?:meg|mig|oss|os)"
    r"|hake\w* (?:mut|minut|meidat|meiat)"
    r"|(?:computer|screen|pc|pcen|pc en|laptop|discord|kone|skaerm\w*|skjerm\w*|headphones|headset"
    r"|hodetelefon\w*|hovedtelefon\w*|kuulok\w*"
    r"|naytto|netti|wifi|internet\w*) (?:\w+ ){0,2}(?:froze|frozen|freez\w*|fryser|fros|fror"
    r"|jaaty\w*|jumit\w*|hang\w*)|stock market|aksjemarked\w*|aktiemarked\w*|osakemark\w*"
    rf"|(?:score|result) (?:in|of|from) (?:the|that|yesterdays?) {_NOT_OURS}\w+ (?:game|match)"
    rf"|(?:the|that) {_NOT_OURS}\w+ game (?:last night|yesterday)"
    r"|jokerit (?:voitti|havisi|pelaa\w*|pelasi)"
    r"|joker (?:movie|film\w*|elokuva\w*|leffa\w*|series|serie\w*)|batman"
    r"|(?:who|hvem|kuka) (?:is|er|on) (?:the )?(?:joker|jokeren|jokeri) (?:who|som|joka)"
    r"|meldt (?:\w+ )?(?:regn|sol|sno|sne|storm|uvaer|uvejr|torden)"
    r"|(?:catch|see|watch|saw|watched|caught|se|saa|saw|naittek\w*|katsoi\w*) (?:the |that |kampen"
    r" |matsin )?(?:\w+ )?(?:match|matsi\w*|kamp\w*|ottelu\w*|game last night)"
    rf"|(?:{_FROZEN}) (?:\w+ ){{0,2}}(?:{_BODY})|(?:{_BODY}) (?:\w+ ){{0,3}}(?:{_FROZEN}))"
    r"(?= |$)"
)
"""Game words in an everyday sense ("he's such a joker", "my laptop froze", "the stock
market", the score of last night's match, the hockey team Jokerit, "a good deal", "turn the
volume down", "melde afbud"), folded: small talk however strong the game word. Each is
narrow on purpose: "turn up a wild card" and "den joker som ligger øverst" are rules."""


COMPARED = re.compile(
    r"(?:^| )(?:here|this game|canasta\w*|kanasta\w*|her|heri|herinne|taalla|tassa|same|samme"
    r"|sama|samoin|like|ligesom|lik|likt|sann|sadan|som i|kuin|niin kuin|niinku|kuten|than|enn"
    r"|end|compared"
    r"|sammenlign\w*|verrat\w*|difference|forskjell\w*|forskel\w*|eroa?|minder om|ligner"
    r"|lignende|muistutta\w*|resembles?|similar|vastaava\w*)(?= |$)"
)
"""Words that compare another card game with this one ("in uno you draw one, same here?",
"i rummy tæller man kun hånden, er det ligesom her?"): the question is about Canasta, and the
other game's name is no evidence either way."""


@functools.lru_cache(maxsize=16384)
def names_other_game(folded: str) -> bool:
    """Another card game's name, also inflected when it is long enough ("bridgessä")."""
    if folded in OTHER_GAMES:
        return True
    return any(folded.startswith(g) and len(folded) - len(g) <= ENDING for g in _OTHER_GAMES_LONG)


def _inflected(folded: str) -> bool:
    if folded in EVERYDAY:
        return True
    start = max(PREFIX, len(folded) - ENDING)
    return any(folded[:n] in _EVERYDAY_LONG for n in range(start, len(folded)))


@functools.lru_cache(maxsize=16384)
def is_everyday_word(word: str) -> bool:
    """Is this normalised word small talk's (``EVERYDAY``), in any inflection, alone or as
    the last part of a compound ("håndboldkampen", "fotballkampen")?"""
    folded = fold(word)
    return _inflected(folded) or any(
        _inflected(folded[i:]) for i in range(PREFIX - 1, len(folded) - PREFIX + 1)
    )


def small_talk(typed: list[str], joined: str) -> str | None:
    """The small-talk evidence in a question (tokens as typed; ``joined`` folded): "game" for
    another card game, "things" for an everyday word, "time" for a day or evening only, None
    for none of them.

    The search weighs them differently: another game outweighs everything, card ranks included
    ("how do you play crazy eights"), unless the question compares it with this one
    (``COMPARED``); an everyday thing outweighs any game word but the strong
    ones ("whose turn is it to buy the pizza"); a time outweighs only generic game words ("hvem
    vant i går"), since players do say "we play Cuban tonight, what's different"."""
    games = [w for w in typed if names_other_game(fold(w))]
    compared = bool(games) and COMPARED.search(joined) is not None
    if (games and not compared) or IDIOMS.search(joined):
        return "game"
    if any(is_everyday_word(w) for w in typed if not (compared and w in games)):
        return "things"
    return "time" if EVERYDAY_TIME.search(joined) else None
