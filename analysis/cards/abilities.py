r"""Card abilities as data: the facts of each printing's rules text in a small vocabulary.

The card table (``data/cards.csv``) carries stats and keyword icons; what a card's *text* lets it
do — shoot, throw, discharge, strike through a row, heal — lives in ``data/abilities/*.toml``, one
``[[card]]`` table per printing, read and checked here. One interpreter (the battle engine, the
duels and the ratings) understands the vocabulary; a new card needs a data entry, never new code.
The vocabulary and the rulebook passages behind it are documented in ``data/README.md``
("Abilities"); in short::

    [[card]]
    code = "10/4"                  # SET/NUMBER of the printing
    name = "Гиррит"                # must match the card table
    status = "partial"             # full | partial | none
    unmodelled = ["hunt marker: +2 wounds from flyers"]
    abilities = [
      { kind = "shot", damage = [1], range = 3, cost = "tap" },
      { kind = "shot", damage = [2], cost = "counter_tap" },
    ]

Curse and blessing payoffs (data/README.md "Curse and blessing payoffs"): ``gives`` (an attack
that also curses or blesses its target), cost ``then`` (an ability carried out right after the one
before it: "curses a creature, then wounds every cursed enemy creature"), cost ``or`` (an
alternative to a triggered ability: "wound an adjacent card 2 or heal 3"), trigger ``kill`` with
``when_state``, trigger ``cursed_again``, the areas ``left`` / ``right`` / ``opposite`` / ``behind``,
the state ``cursed_or_blessed``, ``self_state`` ``cursed`` / ``blessed`` and the kind ``cleanse``
(``removes``: the states its target loses).

Set 60 sample decks (data/README.md "Set 60 sample decks"): ``delay = "apart"`` (a wounding
action's wounds land at the end of the turn on the chosen targets then not next to the card), the
trigger ``last_life_lost`` (a creature of either squad with 1 life left takes lethal wounds or is
destroyed), ``flip_die`` on the dice of attack abilities and triggers, the kind ``concentrate``
(the target's concentration abilities fire now), ``early`` on ``incarnation`` (a return with fewer
tokens, 2 wounds and −1 strike per missing one), ``when = "war_machine"``, the trigger
``incarnates_adjacent`` and ``grave_token`` with cost ``then``.

Sudden actions (data/README.md "Sudden actions"; 000 1.9.4, part 5): ``sudden = true`` on an action
(cost ``tap``, ``counter_tap`` or ``counter``) lets its owner use it in the opponent's turn too — in
response to an enemy action aimed at a card of its squad, before that action is carried out and
paid for, and at the start and the end of the opponent's turn.

Only facts are stored (kinds, numbers, conditions) and short English phrases for what is not
modelled; never a card's own sentences. Users add or override entries with files in the same schema
(``--abilities FILE``); an entry for a code already known replaces it.

    >>> text = ('[[card]]\ncode = "10/4"\nname = "Гиррит"\nstatus = "full"\n'
    ...         'abilities = [ { kind = "shot", damage = [1], range = 3, cost = "tap" } ]\n')
    >>> parse_abilities(text, "example.toml")[0].abilities[0].describe()
    'Shot 1, range 3 — tap'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from analysis.cards.schema import CARD_TYPES, ELEMENTS, keywords
from analysis.util.errors import BerserkInputError
from analysis.util.paths import data_dir
from analysis.util.textnorm import normalize_name
from analysis.util.userfiles import read_user_text

# --------------------------------------------------------------------------- the vocabulary

ENTRIES = ("summon", "resurrect", "to_graveyard", "exile", "prophecy", "grave_exile")
"""Kinds that move cards between the deck, the graveyard, exile and play, or show the deck's top cards
(see :data:`ENTRY_TEXT`)."""
SHOWN = ("odd", "even", "elite", "common", "neutral", "missing_element",
         "creature", "flyer", "companion", "parasite", "artifact", "terrain")
"""``shown`` of a fact after a ``prophecy``: it acts only when the card shown is one of these — of odd /
even cost, elite / ordinary, of no element (``neutral``), of an element no card of its squad has
(``missing_element``) or of a card type (:data:`~analysis.cards.schema.CARD_TYPES`)."""
SHOWN_COSTS = ("equal", "at_most")
"""``shown_cost`` of a fact after a ``prophecy``: its targets are the cards whose cost equals / is at
most the shown card's cost ("существо стоимостью Х, где Х стоимость показанной карты")."""
HOST_ONTO = ("host_self", "host_about", "host_adjacent")
"""``onto`` values by which a symbiote (a companion or a parasite) may enter play, onto a host."""
ONTO = ("adjacent", "died_at", "any", "own_square", "about_square", *HOST_ONTO)
"""``onto`` of ``summon`` / ``resurrect``: next to the card (the rulebook's default), on the square
where the card the trigger is about died (``died_at``), on any free square (``any``), or on the
square the card itself holds or held (``own_square``: "вызвать на его клетку", after it left play)."""
ATTACKS = ("shot", "throw", "discharge", "strike_through_row", "magic_strike", "special_strike")
"""Attacks the target does not answer (000 glossary: shot, throw, discharge, strike through a row,
magic strike, special strike). Damage ``[n]`` or ``[weak, medium, strong]`` picked by a die."""
WOUNDS = ("spell", "effect", "wound")
"""Non-attack game actions that wound their target (a spell is magical, an effect is not; a ``wound``
is a plain "ранить" of no class — neither a spell nor an effect, e.g. 10/130 Королева топи's after a
prophecy — which only a protection from every attack and action stops)."""
ACTIONS = (*ATTACKS, *WOUNDS, "heal", "give_blessing", "give_curse", "move_wounds", "extra_life", "finishing",
           "open", "stun", "root", "push", "rehost", "lose_counters", "teleport", "destroy", "restore_armor",
           "cleanse", "concentrate", "hypnosis", "cancel", "flood", "drain", "relocate", "close", "shift",
           "fight", "become", "pull", "bind",
           "attach", "swap", "trap", "darken")
"""Kinds a card uses as an action (cost ``tap``, ``counter_tap``, ``counter`` or ``free``) or on a trigger.
``darken``: the target creature becomes dark — its elements are darkness alone from now on ("существо
становится тёмным"); then the ``darkens`` triggers (30/191 Феликс Гаптор, 30/177 Флагеллянт).
``trap`` [N] (target ``self``): lays a trap for the opponent's squad — the next enemy creature that
takes an action (a strike, an ability used as an action, accumulating, closing for a flyer; moves are
none), in any later turn, is wounded N once that action is carried out, as the ability's ``via`` (an
effect: its protections apply); 30/78 Ловчий "следующее существо противника, которое действует,
ранится на 3".
``destroy``: the target dies outright (no wounds are dealt), with ``self_too`` the card as well (on
trigger ``enemy_ranged``, ``self_too`` counts the attacks aimed at this card too: 30/109 Унния);
``restore_armor``: the target's armor spent this turn comes back (000 glossary "Armor");
``concentrate``: the target's ``concentration`` abilities fire now, whatever its wounds (60/22
Аль-Джамия: "срабатывает концентрация вашего степного существа"); ``hypnosis``: the target (an open
creature) deals its simple strike to a card next to it that the user's player picks, then closes
(50/126 Шаман-душегрыз, 000 5.4 example). ``root`` with ``lasts = "turn"``: the target cannot move
until the end of this turn, wherever its rooter goes (30/122 Злобоглаз: "не может двигаться в этот
ход"); ``cancel`` (always ``sudden``): the enemy action its target announced, answered in a sudden
window, is cancelled — not carried out and not paid for (000 2.9; 30/162 Тальгата: "отменить действие
существа с проклятием", with ``vs_state``). Depth and surface (data/README.md "Depth and surface"):
``flood``: the target's square (``target = "self"``: its own) becomes a depth square — for the battle
with ``lasts = "battle"``, else while the card is in play; on ``turn_start`` / ``enemy_turn_start`` a
surface square its player chooses instead (50/124 Колокол Кварата, 50/122 Ману Кварат); ``drain``:
the target's square counts as surface until the end of the turn (60/117 Оракул пучины);
``relocate``: the target may be moved onto a free square its player chooses, within ``damage`` [X]
of where it stands (any distance without one), only a depth / surface square or one not next to the
card with ``onto`` (40/137 Кватус, 60/125 Затонувший матрос, 50/141 Волнорез, 60/202 Пиратский бриг).
``close``: the target closes ("закрыть"; 40/115 Жрец Кватуса, 30/66 Синий дракон): in its owner's turn
it cannot act any more (it opens as usual at its owner's next turn start); answering its announced
action in a sudden window, it interrupts it (000 2.9, 5.4). ``shift``: the target (a card on a square,
not incorporeal) moves onto a free square next to it (8 neighbours) that the user's player picks, or
stays ("переместить выбранное существо противника на соседнюю с ним клетку", 30/125 Русалка; 30/43
Гарпия on ``strike``); not a step of its own (markers on the square act). ``fight`` ("может сразиться
{strike} со стоящим рядом существом как с открытым", 50/101 Легард on ``concentration``; "сразиться
{strike} как с открытым", 60/14 Горт, 60/220 Сорвиголова): the card fights the target, an enemy
creature (by its reach: adjacent unless a range or the trigger says otherwise), with its simple strike
as with an open card (the target parries and strikes back), without closing — out of turn order it
keeps its state; its player may decline (``Player.accept``). With ``target = "self"`` / ``"ally"`` the
target, a creature of the card's squad, fights an enemy creature next to it that its player picks
(``Player.fight_target``; ``foes = ["source"]``: instead the card the trigger aims at — the attacker of
``wounded`` —, by the creature's own reach, a flyer reaching any card: "ваше летающее существо может
сразиться {strike} с атаковавшим как с открытым", 60/134 Дракончик; ``foes = ["artifact"]``: an enemy
artifact too — "со стоящей рядом картой",
50/172 Счастливчик Тони; 50/28 Нартал, 50/15 Орудийный расчёт). On a ``reduce`` / ``protection`` / ``cap``
given for a while (``lasts``) ``foes`` names the card types whose attacks the held fact covers (its
``vs_*`` choose the target it is given to): "получает на 1 рану больше от {strike} нелетающих существ" =
``reduce`` −1, ``foes = ["creature"]`` (40/7 Вейла). ``pull``: the target, a ground creature,
moves one square towards the card along the line between them (row, column and diagonal steps one
each), if that square is free ("переместить на нее атакованную карту" after a strike through a row
over a free square, 60/44 Гарпунщик; "переместить … на соседнюю с ним клетку рядом с …", 60/136
Грокса). ``bind`` (a creature target; ``lasts``, default the turn): until then the target may not act
except by a simple strike at this card — no other strike, no ability used as an action, no
accumulating; it may still move (50/83 Элементаль цветов "оно не может действовать в этот ход, кроме
нападения {strike} на Элементаля цветов"). ``attach``: the card itself — an artifact or a rider — becomes a
rider of its target, a
ground creature on the battlefield without one: a parasite on an enemy creature, a companion on one of
its own side (it leaves its square, or its old host; 000 1.5.2); ``damage`` [w, m, s]: its simple strike
from then on ("стать паразитом с {strike} 1-1-1 наземному существу противника", 60/1 Пустынная колючка;
"может стать паразитом выбранному существу противника", 60/150 Шайя); out of play it is its printed card
again (000 2.1.4). ``swap``: the card and its target — or, with ``targets = 2``, the two cards it aims at —
change squares (each a card on a square, no rider, none sharing its square, none rooted): "может поменяться
местами со стоящим напротив существом", 60/111 Рогаль; "поменять местами двух ваших наземных эльфов", 60/103
Морлас; the markers, watchers and depth of the squares follow, as for a move by an ability; a ``then``
after it follows only a swap."""
BECOME_INTO = ("flyer", "creature", "artifact", "companion")
"""``into`` of ``become`` (a type change mid-battle, data/README.md "Type changes"): the target
becomes a flying creature (it leaves its square for the auxiliary zone, 000 2.1.2; its symbiote dies,
000 1.5.2 a), a ground creature (a flyer lands on a free square, 003 "Let" L1587; an artifact comes to
life where it stands) or an artifact (a flyer is put on a free square, 003 L1589); a ground creature or a
flyer becomes a ``companion`` of a ground creature of its squad with no symbiote — the one its trigger is
about, else one next to it, its player's pick — and a companion becomes a ground creature on a free
square next to its host, or a flyer (50/147 Демонёнок, 50/185 Попугай Тича)."""
BECOME_ONTO = ("own_half", "depth", "adjacent")
"""``onto`` of ``become``: a landing flyer goes onto a free square of its player's half
(``own_half``, 30/173), a free depth square (``depth``, 50/136) or a free square next to the card its
trigger is about (``adjacent``: the struck card, 30/195); else any free square (003 L1587)."""
PASSIVES = ("strike_bonus", "directed", "unanswerable", "simple_magic", "reduce", "protection",
            "blessing", "curse", "cap", "stays_open", "incarnation", "vampirism", "keyword",
            "defends_open", "taunt", "block", "carrion_eating", "ignore_abilities", "ignore_prot_flyers",
            "redirectable", "wraps", "jump", "roll_wounds", "ward", "far_step", "incarnate_on_mark",
            "teleportation", "dash", "diagonal", "far_strike", "terrain_class", "ignore_protection", "prey",
            "forces_defender", "strikes_twice", "strikes_twice_in_a_row", "host_may_stay_closed",
            "flies_from_dead_host", "rehosts_riders", "saves_host", "strike_limit", "bar", "jump_range",
            "attack_bonus", "hauled", "silence", "counts_as", "taken_as", "fight_result", "roll_twice",
            "fight_upgrade", "cheats_death", "parries_closed",
            "no_heal", "rides_killer", "hunted", "step_wounds", "death_blast", "takes_poison",
            "drains_ghosts", "acid_fumes", "flame_seal", "lose_keyword", "grave_wound", "no_magic",
            "heal_bonus", "range_bonus", "swap_strikes", "ignore_taunt", "host_only",
            "dash_swap", "jump_swap", "gateway", "heal_to_jump", "no_defend", "ignore_armor", "row_over",
            "amphibious", "guards_far", "host_anywhere", "contract")
"""Standing properties of the card itself (cost ``passive``), possibly conditional. Those in
:data:`GRANTS` may also be *given* by an action or a trigger for a while (``lasts``).
``roll_wounds`` [n]: the card wounds itself n on each of its die rolls (a strike's die, an
ability's die); ``ward``: the card carries a ward marker (оберег; given by another card, read by
``redirect`` through ``vs_has`` and by ``vs_position = "near_ward"``). ``far_step`` (of creatures, or
with ``vs_types`` of those types: 40/193 Матрос Эллиона's artifacts): an
incorporeal creature may step onto the square of any creature in ``vs_state`` as onto an adjacent
one (30/144). ``incarnate_on_mark`` (with ``marker``): while the card is in play, a ground creature of
its squad returning by incarnation may instead return open onto a free square with that marker in any
row, which then loses that marker (60/180 Магистр Шарль, rot). ``teleportation`` (000 3.15, glossary
"Teleportation": a jump without a range limit; 002 "Телепортация"): instead of moving, if it has not
moved this turn, the ground creature moves to any free square and loses its movement. ``dash``
(Рывок; read from the reminder text of 30/19 Конный лучник): when it attacks (a simple strike or an
attack ability as an action) it may then move to a free orthogonally adjacent square, once per turn
(trigger ``dash`` after that move). ``diagonal``: its steps may also go to a free diagonal
neighbour, one movement point each ("может двигаться по диагонали", 40/106 Вербер). ``far_strike``: its
simple strike may be declared, as at an adjacent card, on the enemy cards its ``vs_*`` select
("может нападать {strike} на летающих / на карты на клетках глубины как на стоящие рядом": 40/139
Кирин ``vs_types = ["flyer"]``, 60/131 Акванит-громила ``vs_state = "at_depth"``).
``terrain_class`` (with ``classes``): while the card is in play, its squad's terrain also has these
classes for the ``when = "squad_class"`` conditions ("ваша местность считается рекой, пока Озорница в
отряде", 30/105). ``ignore_protection`` (with ``from``): its attacks and actions of those kinds pass
the target's protections from them — a protection column or fact ("игнорирует {zov}", 30/84 Грифон:
``from = ["shot"]``). ``prey``: a marker on the card that other cards' facts read through ``vs_has =
["prey"]`` (given for a while: 30/17 Лидана's chosen enemy, 30/50 Снежный барс's "кошки-мышки").
``acid_fumes`` / ``flame_seal``: markers on a card, given for a while by another card and read by
``vs_state = "near_fumes"`` (a card next to it holds acid fumes: 30/151 Чёрный дракон's "когда рядом с
картой с маркером кислотные пары закрывается существо") and by ``vs_has = ["flame_seal"]`` /
``vs_state = "sealed"`` (30/25 Азнагул's "пламенная печать"). ``lose_keyword`` (with ``keyword``): the
card does not have that keyword column while it holds this — printed, given or held from an aura
("карта противника теряет {armor} до конца вашего хода", 30/36 Оружейник; "существа противника с
отравлением теряют {ovz} и {ova}", 30/100, an aura; "теряет {zoo} до конца боя", 30/132).
``grave_wound`` [N] (a grant): "получает «Вальхалла: ранить ваше существо на N» (в конце хода, если эта
карта не на кладбище, эта особенность теряется)" — a card that dies while it holds it keeps it in the
graveyard: at the start of each of its owner's turns while it lies there, one creature of its owner's
squad in play takes N (a plain wound; the owner's pick — the engine takes the one with the most life
left); a card that leaves the graveyard loses it (30/63 Локи). ``no_heal``: the card cannot heal nor gain
additional life — no heal, regeneration, vampirism, carrion-eating or extra life reaches it ("атакованный
не может излечиваться или получать дополнительные {health} до конца хода противника", 30/171 Вольный
стрелок; standing or given for a while). ``no_magic``: the card cannot use its magical abilities as
actions — discharges, magic strikes, spells and actions ``via = "spell"`` (30/87 Вьюрр: "атакованный не
может использовать магические способности в свой следующий ход", given on ``strike`` for
``next_own_turn``). ``heal_bonus`` [N] (passive): every creature of its squad that would heal X (a heal,
regeneration, vampirism) heals X + N instead; with ``once_per_card`` once per turn for each creature
("если ваше существо должно излечиться на X вместо этого оно излечивается на X+1 (1 раз за ход для
каждого существа)", 30/71 Эленьямен, a terrain). ``no_defend`` (standing): it is never appointed defender ("не
может выступать защитником", 30/169 Любимец капитана). A ``block`` with ``area = "squad"`` blocks attacks
of its ``from`` kinds on any card of its squad, and with ``nth`` only the Nth such attack of the turn
("блокирует третью за ход противника дальнюю немагическую атаку по вашим картам (кроме {uchr})", 30/40
Мастер ветра: ``from = ["shot", "throw"]``, ``nth = 3``, ``when = "enemy_turn"``). ``range_bonus`` [N] (with
``from``): its abilities of those kinds that have a range reach N farther ("+2 к дальности выстрела до конца
вашего хода", 30/89 Аллар on ``concentration``). ``swap_strikes``: its weak and strong simple strikes change
places ("поменять местами значения сильного и слабого {strike} существа", 30/150 Хаосит).
``ignore_taunt`` (with ``from``): enemy taunts do not bind its attacks of those kinds ("игнорирует
особенности, обязывающие выбирать цель метания", 30/11 Баллиста). ``host_only`` (a rider's, with ``vs_*``):
it may be placed only on a host its filters select ("при рассадке симбиотов может быть помещена только на
существо с магическими особенностями" = ``vs_has = ["discharge", "magic_strike", "spell"]``, 30/56 Сова
колдуна).
``forces_defender``: when a defender may be appointed against its simple strike, its opponent must
appoint one (he picks which; if his player declines, the one with the most life left: 30/141).
``strikes_twice``: it may attack with its simple strike twice per turn — after its first attack by a
simple strike in a turn it does not close and may strike again (50/36 Минотавр "может нападать {strike}
два раза за ход, после первого нападения {strike} не закрывается"; 60/95 Мастодонт, 60/56 Наррах under
``when = "rebuff"``); ``strikes_twice_in_a_row``: the same,
but the second strike must be its player's very next action ("только подряд", 50/107 Дракон-страж),
else it is lost (the card stays open, as after a ``stays_open``); ``once_per_card = true`` on either:
the second strike at another card than the first ("по разным картам", 50/217 Берсерк).
``host_may_stay_closed`` (a companion's or a parasite's): its host's player may leave the host closed
at the start of the host's turn ("хозяин … может не открываться в свой ход", 30/69 Люмми;
``Player.stay_closed``) — then it neither regenerates nor takes its poisoning, as a creature that did not
open (002 "Регенерация"). Riders and a host's death (000 1.5.2 a: "если существо покидает поле боя …, его
симбиот погибает"): ``flies_from_dead_host`` (a rider's): instead of dying with its host it becomes a
flying creature in the auxiliary zone ("вместо этого получает полёт", 40/58 Морозная бабочка);
``rehosts_riders`` (any card's; ``vs_types`` picks the riders, ``uses_per_battle`` counts): a rider of its
squad that would die with its host is instead placed on another creature of the host's squad, its
player's pick (``Player.attach``; "поместить его на другое существо в том же отряде", 30/106 Старый
вайл); ``saves_host`` (a rider's; ``vs_state`` on the host): instead of its host's death the host heals
by the rider's current life and the rider is destroyed ("вместо гибели хозяина … излечить его на Х, где
Х текущие {health} …, затем уничтожить её", 40/73 Ящерка).
``strike_limit`` (with ``vs_position``): its simple strike may be declared only at a card in that
position to it ("может нападать {strike} только на карту напротив" = ``opposite``, 60/79; "только по
диагонали" = ``diagonal``, 60/95).
``jump_range`` [n]: +n to the range of the card's own jump (a card without a jump gains none; "+1 к
дальности прыжка", given by an aura: 60/186 Аларино) ``attack_bonus``
[±n] with ``from``: the power of the card's own attacks and wounding actions of those kinds changes by
n, never below 0 ("+1 к метаниям", "−X к величине своих дальних атак"; 000 2.13). ``hauled``: a war
machine's "закрыть стоящее рядом ваше существо: переместить … на соседнюю клетку" — in its owner's
turn, closing an open creature of its squad that stands next to it (one that has not acted) moves it
onto a free orthogonally adjacent square (``uses_per_turn``); trigger ``hauled`` on it after that
move, ``hauls`` on the creature that closed for it. ``silence`` (with ``vs_position``, e.g.
``"opposite"``; ``self_state`` if only while open …): the enemy creatures standing so to it lose their
abilities — their facts and keyword columns (30/126 Безликий: "существа противника теряют
особенности, пока стоят напротив открытого Безликого"). ``counts_as`` (with ``tiers``, one
strength, and ``from``): its attacks of those kinds (``vs_*``: on those cards) count as that strength —
a simple strike that lands deals that strength of its strike, an X-Y-Z attack that strength whatever its
die ("{strike} … по существам с проклятием сводятся к сильному", 30/134 Одержимый; "следующий {strike}
сводится к сильному", given until the next attack, 30/159); with two ``tiers``, lower first, only its
attacks of the first strength count as the second ("слабые атаки пиратов … сводятся к средним", 40/181,
an aura). ``taken_as``: the same for the attacks of
those kinds made on the card (``vs_*``: by those cards — "атаки болотных карт по Остроморду сводятся к
слабым", 50/81; given for the turn, "все {strike} по выбранному существу сводятся к сильным", 30/191); a
``taken_as`` of the card attacked wins over a ``counts_as`` of its attacker. ``fight_result`` (with
``tiers``, one strength; ``vs_*``: against those cards): when it fights with its simple strike an open
enemy creature (attacking or parrying), its player may make the result that strength for both instead of
rolling ("может сделать результатом сражения «сильный-сильный» (вместо броска кубика)", 60/5 Поури).
``roll_twice``: when it fights an open creature with its simple strike as the attacker, it rolls its die
twice and its player keeps one (each roll sets its fury off; ``when = "own_turn"``: "когда сражается
{strike} в ваш ход бросьте кубик дважды, выберите один из результатов", 50/30 Орк-воевода).
``fight_upgrade``: when it attacks an open creature with its simple strike and its die is the higher, a
weak-miss result may become medium-weak and a medium-miss one strong-weak, its player's choice (held
from an aura: "когда ваш {ordinary} орк сражается {strike} в ваш ход …", 30/20 Орк-истязатель).
``cheats_death`` [N] (``from``: what must kill
it — ``["attacks"]``: an enemy card's attack; ``uses_per_battle``): instead of dying it heals N and stays
in play ("вместо гибели от атаки карты противника … излечиться на 5 (1 раз за бой)", 50/92 Витязь
Святолесья); wounds still lethal after the heal kill it. ``parries_closed``: while closed it meets a
simple strike as an open card — it parries and strikes back ("Строй: пока Хелгат закрыт, он отражает
{strike} как открытая карта", 50/56). ``no_heal`` ("незаживающие раны": "не может
излечиваться и получать дополнительные {health}"; given for a while, ``lasts``): its holder is not
healed — no heal, regeneration, vampirism, carrion-eating healing, rider's saving heal — and gains no
additional life (60/97 Королевский паяц, 60/132 Хладомор). ``rides_killer`` (a rider's): when its host is
destroyed by an enemy creature's simple strike, instead of dying with it (000 1.5.2 a) it may become a
rider of that creature — a parasite, as an ``attach`` — if it is a ground creature without one ("если должна
погибнуть в результате гибели хозяина от {strike} — вместо этого может стать паразитом атаковавшего
существа", 60/133 Кокетка). ``hunted`` [n] (a marker given for a while, ``lasts``): when its holder takes
wounds from an attack of a flying creature it takes n more and loses the marker (the hunt marker, "маркер
охоты": "когда она получает раны от атаки летающего существа — ранить её на 2 и удалить маркер", 60/42
Альфин). ``step_wounds`` [n] (given for a while): its holder takes n wounds each time it moves — a step, a
jump, a move by an ability ("атакованный получает «При перемещении — раниться на 2» до конца своего хода",
60/25 Бешеный орк; 60/160 Снайпер Керсам's vampire arrow). ``death_blast`` [n] (given): when its holder dies,
every card next to where it died takes n wounds, an effect ("атакованный получает «при гибели — ранить каждую
стоящую рядом карту на 1»", 60/80 Пороховой крыс). ``takes_poison`` (with ``uses_*``): when a creature next to
it is to receive poisoning X, it may take it instead — that creature gains protection from poison for the
battle and this card gets poisoning X ("Когда стоящее рядом существо должно получить отравление на Х — вместо
этого оно может получить {zoo}, а Дегустатор — отравление на Х (1 раз за бой)", 60/77 Дегустатор).
``drains_ghosts``: its vampirism also acts on its simple strikes at incorporeal creatures (000 glossary
"Vampirism" excludes them); standing or an aura ("вампиризм Духовного вампира и ваших слуа, стоящих справа и
слева от него, срабатывает на их {strike} по бестелесным", 60/172). ``no_defend``: it may not be appointed
defender (000 4.11; given
for a while: "атакованный не может выступать защитником до конца хода", 50/199 Пушкарь).
``ignore_armor`` (``from``): its attacks and wounding actions of those kinds (not its simple strikes)
pass the target's armor ("концентрация: игнорирует {zov} и {armor} до конца вашего хода", 50/78 Глаз
сокола, given with ``ignore_protection`` on its shots). ``range_bonus`` [n] (or ``per``): +n to the range
of its shots, throws and discharges that have one ("+1 к дальности выстрела за каждую свободную клетку
рядом с собой", 50/86 Страж восхода, ``per = "free_adjacent"``; given for the battle, its gifts adding
up: "когда уничтожает карту {strike} — получает +1 к дальности выстрела", 50/200 Снорри и Свэль).
``row_over`` (its ``vs_*`` select the cards): its strikes through a row may pass
over enemy cards so selected ("может объявлять {uchr} через клетки, занятые {ordinary} существами
противника", 50/63 Изгнанный эйнхерий: ``vs_rank = "common"``, ``vs_types = ["creature"]``).
``incarnation`` [X] may also be gained on a trigger (``target = "self"``): from then on the card has
incarnation X if it had none ("при гибели от атаки карты противника — получает инкарнацию 2", 50/63, on
``death`` with ``from = ["attacks"]``).
Wave 3, set 40: ``amphibious`` (a grant): the holder's "На глубине:" and "На поверхности:" abilities
(``when = "at_depth"`` / ``"on_surface"``) hold on any square (40/116 Летающий скат "особенности на
глубине и на поверхности выбранной вашей карты в следующий ход противника работают на любой клетке");
``guards_far`` (with ``vs_*`` on the defended card): it may be appointed defender of a card of its squad
that meets them wherever both stand (40/155 Страж Ригорна "может выступать защитником любому вашему
существу с телепортацией": ``vs_has = ["teleportation"]``); ``host_anywhere`` (a parasite's): when no
enemy creature of the first row can take it at the parasite placement (000 3.12), it may go onto any
revealed enemy ground creature, and its trigger ``hosted_anywhere`` then fires (40/182 Трущобная крыса,
whose host then receives a curse and poisoning 1); ``contract`` (a grant): a marker with no effect of its
own, read by ``when_keyword = "contract"`` on the triggers about another card (40/215 Зунрак's "три
заказа": the chosen enemy creatures whose deaths pay off) (40/178 Угасающий "не может получать дополнительные
{health} и быть излечен" is ``no_heal``, standing)."""
GRANTS = ("dash", "strike_bonus", "directed", "unanswerable", "simple_magic", "reduce", "protection", "cap",
          "stays_open", "keyword", "ignore_prot_flyers", "roll_wounds", "ward", "diagonal",
          "prey", "attack_bonus", "counts_as", "taken_as", "far_strike", "roll_bonus",
          "no_heal", "hunted", "step_wounds", "carrion_eating", "death_blast", "teleportation", "acid_fumes",
          "flame_seal", "lose_keyword", "grave_wound", "strikes_twice", "strikes_twice_in_a_row", "no_magic",
          "range_bonus", "swap_strikes", "vampirism", "no_defend", "ignore_protection", "ignore_armor",
          "amphibious", "jump", "contract")
"""Passive kinds an action or a trigger may give to its target for a while (field ``lasts``; 000
1.9.5 "acquired ability", glossary "Receives [text]": kept until the end of the battle unless the
text says otherwise)."""
RESPONSES = ("cap_strike", "flip_die", "redirect", "shift_die", "set_die", "block_attack")
"""Sudden actions ({instant}) used in response during a simple strike (cost ``tap`` or ``counter_tap``;
never an action of its own): ``cap_strike`` reduces a simple strike on a card of its squad to
``damage``; ``flip_die`` turns a die of the strike to its opposite face (000 1.1: 1-6, 2-5, 3-4);
``shift_die`` [N] lowers one die — of a simple strike, an ability or a trigger, either side's — by N,
never below 1 ("уменьшить выбранный бросок кубика на 2", 40/24 Анволд; a ``then`` ability after it is
carried out with it); ``set_die`` [N] makes one such die show N ("свести выбранный бросок кубика
существа к 1", 60/137 Лекарь Уорлога). ``redirect`` answers any enemy attack of the ``from`` kinds
declared on a card of its squad (``vs_*``: which attacked cards) before its target is fixed (000
glossary "Redirecting an attack": once per attack, never onto the attacker, no defender after it): the
attack goes onto the card itself (``target = "self"``), onto an enemy creature (``"enemy"``) or onto a
card next to the attacked one (``"any"``); cost ``tap`` / ``counter_tap``, or ``passive`` for an
{instant} without a payment (then a closed card may use it too); ``every = true``: not a choice — the
attack *is* redirected (an attack on the card itself uses it up too). ``block_attack`` [n] (``from``
optional): an enemy attack ability of
those kinds and of the fixed value n declared on a card of its squad is blocked (000 2.7: paid for, not
carried out) — "{instant}{tap}: Заблокировать атаку величиной 1", 60/75 Святолесье; a terrain answers from the
auxiliary zone; a simple strike, whose value only its dice fix, is not answered."""
TRIGGERED = ("poison", "gain_counter", "shield", "grave_token", "claim_incarnation", "next_roll",
             "roll_bonus", "mark", "reposition", "delayed_wound", "leap", "pounce", "strike_again",
             "dirty_trick", "drag", *ENTRIES)
"""Kinds that happen on a trigger (cost ``trigger``); ``poison`` and ``gain_counter`` may also be
actions. ``grave_token``: ``damage`` (default 1) incarnation tokens onto a card of its squad lying in
the graveyard, its player's choice (``target = "self"``: onto itself, while it lies there).
``claim_incarnation``: an enemy creature without incarnation gains incarnation ``damage`` that
returns it onto the third row of this card's owner, under his control ("Инкарнирует в третьем ряду
противника под его контролем"). ``next_roll``: on ``fury`` without ``damage``, the next die roll of
a card of its squad this turn shows the face of the roll that set the fury off; with ``damage =
[N]`` (on any trigger), the next die roll of its squad this turn shows N (``area = "squad"``: "ваш
первый за ход бросок кубика равен 6" on ``turn_start`` and ``enemy_turn_start``, 60/17), or, aimed
at a card (``target = "self"`` / ``"ally"``), that card's own next die roll, whenever it comes
("следующий бросок кубика вашего выбранного существа равен 6", 40/46; "первый бросок кубика … за бой
равен 6", 40/97 on ``battle_start``). Either die of a fight, an ability's die and a trigger's die
count. ``roll_bonus`` [N], aimed at a card (``target = "self"`` / ``"ally"``): that card's next die
roll, whenever it comes, gets +N (the face raised, at most 6; "стоящая рядом карта может получить +1
к следующему броску кубика", 40/8); such gifts add up. With ``lasts`` it is held for that while: +N
to every die roll of the card (its fight dice and its abilities' dice, as a blessing's +1: "до конца
хода получить +1 к броскам кубика", 50/151). ``mark`` puts the marker named by
``marker`` (:data:`MARKERS`) on the square of the card the trigger is about (where it died, for
``creature_dies`` / ``ally_dies`` / ``kill`` / ``death``), or on ``turn_start`` / ``enemy_turn_start``
/ ``concentration`` / ``turn_end`` on a square its player chooses (:data:`CHOSEN_SQUARE`; a free one for a
``free_only`` marker); ``reposition``: the card moves to a free square of its own 2nd or 3rd row that its
player chooses (40/16 Элементаль огня, ``battle_start``). ``delayed_wound``: its target
takes ``damage`` (a plain wound) at the end of its own next turn unless it attacks this card during
that turn (60/115 Болотный фантом on ``enters_creature``: the enemy whose square it enters takes 2
so, 002 "Ранить"); with ``from`` (e.g. ``["simple"]``) unless during that turn it makes an attack of
those kinds at any card (50/207 Вольный пират, an action: "если выбранное существо противника в свой
следующий ход не нападёт {strike}, в конце своего хода оно ранится на 2").
``leap`` [X] (``target = "self"``): the card may jump now onto a free square within range X, its
player's choice ("может совершить прыжок, дальность X", 30/179 Гаррид-шпион on
``kill``; 002 "Прыжок"); unlike a ``jump`` it is no move instead of walking and spends no movement.
``pounce`` (a ground creature): it may jump now onto a free square next to its target, its player's
choice, and the abilities with cost ``then`` after it follow on that target ("может объявить прыжок на
свободную клетку рядом с существом с маркером кошки-мышки, при этом особый удар когтями на 2 по нему",
30/50). ``drag`` [X-Y-Z] (on ``leaves_opposite``): the creature it aims at moves one square in the
direction of the step that set the trigger off; if it cannot (off the board, a taken square, not a
ground creature), it takes ``damage`` by a die, as an effect (40/117 Сирена "может переместить это
существо на 1 клетку в том же направлении; если оно не может переместиться ранить его на 1-2-2").
``swap``: the card and its target exchange squares; with two targets (``every`` over an area, or
``targets = 2``, then only two cards next to each other) the two exchange (ground cards on squares,
neither a rider nor sharing a square; 40/12 Стражник Тугарда "может поменяться местами с существом, с
которым стоит в строю", 40/100 Аэлен, 40/85 Алая тетива); the trigger ``swapped`` follows.
``strike_again`` (``target = "self"``, in its own turn): after this attack the card does not close and
may make one more simple strike this turn — and nothing else: no step, no ability, no counter
(40/22 Орк-берсеркер on ``fury``; 40/30 Лорд войны on ``own_strike`` with ``formation``).
``dirty_trick`` [X] (Подлость X; the reminder text of 50/186 Ург-флибустьер: "может ранить ваше стоящее
рядом существо на X"): its player may wound a creature of its own squad next to it by X (a plain
wound) or decline; the wounded creature's ``dirty_tricked`` abilities fire. On a trigger, or with cost
``then`` after an action or trigger (then it picks its own target whatever the ability before it
aimed at, and the ``then`` abilities after it follow even when it is declined)."""
CHOSEN_SQUARE = ("turn_start", "enemy_turn_start", "concentration", "turn_end")
"""Triggers on which ``mark`` puts its marker on a square its player chooses (``turn_end``: 30/33 Алый
дракон, "в конце вашего хода положите маркер стена огня на клетку поля боя")."""
ENTRY_TEXT = """``summon``: a card of its controller's deck meeting the ``vs_*`` fields (its player's
choice; ``same_name``: another copy of this card) enters play open on a free square next to the card
(000 glossary "Summoning"; a flyer to the auxiliary zone; ``onto``: another square), then the deck is
shuffled (000 2.1.3); ``targets = N``: up to N cards; ``lasts = "turn"``: it is exiled at the end of
this turn. ``resurrect``: a card of a graveyard enters play the same way (000 glossary "Resurrection"):
of its own squad's (``target = "ally"``), of the enemy's, under its control (``"enemy"``), or the
card itself from the graveyard (``"self"``). ``to_graveyard``: a card of its deck meeting ``vs_*`` is
put into its graveyard (000 2.1.4), or with cost ``recruit`` and ``target = "self"`` the card itself
before recruiting, for ``gold``. ``exile``: the card (``target = "self"``) leaves play for exile: no
death, nothing fires on it. ``prophecy`` [N] (Пророчество N; no rulebook at hand defines it, the
cards' texts read it: 30/104, 30/118, 40/119, 40/123, 40/132): the top N cards of its user's deck are
shown and stay where they are, in order; the facts after it (cost ``then``) are carried out once per
card shown, each only when that card meets its ``shown`` (odd / even cost …), aimed at targets whose
cost is the shown card's with ``shown_cost``. ``grave_exile``: a card of its own graveyard meeting
the ``vs_*`` (its player's pick; ``may``: or none) is exiled — it lies in no graveyard any more —
and the facts after it read it: ``per = "exiled_move"`` / ``"exiled_regen"`` ("может изгнать
наземное существо с {move} Х с вашего кладбища; получить +Х к {strike}", 60/19 Рыцарь ветра;
"существо с Х{regen} …; излечиться на Х", 60/148 Дуболом)."""
EITHER = ("poison", "gain_counter", "delayed_wound", *ENTRIES)
"""Triggered kinds that may also be an action (cost ``tap``, ``counter_tap``, ``counter``; a
``delayed_wound`` as an action: 50/207 Вольный пират's taunt)."""
RECRUITMENT = ("discount", "recruit_gold")
"""Kinds played when the squad is recruited (cost ``passive``; :mod:`analysis.squad.prices`), never in
a battle. ``discount`` [X] (000 glossary "Costs X less": while the card is in the squad, the cards it
names cost X fewer crystals to recruit): ``target = "self"`` — the card itself (30/129 Аммах), or
``"ally"`` — the other cards of its squad its ``vs_*`` select (40/3 Мираж: ``vs_types = ["terrain"]``);
``needs`` lists what the rest of the squad must hold; ``per = "mulligans"``: X is its player's
mulligans (40/11 Присягнувшая). Several ``discount`` facts of one name do not add up (000 2.15), and
no card costs less than 0. ``recruit_gold`` [N]: taking the card into the squad gives its player N
gold crystals (50/184 Мародёр), once per name."""
BEFORE_RECRUIT = ("fetch",)
"""Kinds with cost ``recruit`` (data/README.md "Before recruiting"): before recruiting, its player may
reveal the card from the deal and take it into the squad (:mod:`analysis.squad.fetch`); ``fetch``: a
card of the deck meeting its ``vs_*`` joins the deal (``into = "deal"``: "найдите в колоде элементаля …
возьмите в раздачу", 40/216) or the squad (``into = "squad"``: "возьмите её и Вербовщика в отряд", 40/188);
``missing`` / ``count``: only after ``count`` other cards of the deal of distinct costs (in its
``vs_min_cost``–``vs_max_cost``) or elements were shown, a card of a cost or element not shown (50/96
Нейя, 40/188 Вербовщик)."""
FETCH_INTO = ("deal", "squad")
MISSING = ("cost", "element")
KINDS: tuple[str, ...] = (*ACTIONS, *PASSIVES, *RESPONSES, *TRIGGERED, *RECRUITMENT, *BEFORE_RECRUIT)


@dataclass(frozen=True)
class Marker:
    """A kind of marker on a board square: what it does, when, to whom, for how long."""

    moment: str
    """``enter``: when a creature moves onto the square (a step, a push, a teleport); ``owner_turn_start``:
    at the start of the next turn of the player whose card put it there; ``owner_turn_end``: at the end
    of that player's next turn (not the turn it was put in); ``enemy_turn_start``: at the start of each
    turn of that player's opponent; ``none``: nothing of its own (other cards read it)."""
    wounds: int
    """Wounds it deals then (an effect: fortitude and protection from effects block them)."""
    spares: tuple[str, ...] = ()
    """Elements it spares (``("darkness",)``: only non-dark creatures)."""
    every_card: bool = False
    """Every card on the square (not only the creature that entered)."""
    once: bool = False
    """Removed once it has acted; otherwise it stays to the end of the battle."""
    strike: bool = False
    """Instead of wounds, the card that put it fights the creature with its simple strike, as with
    an open card, without closing."""
    enemies_only: bool = False
    """Only the enemy creatures of the card that put it."""
    this_turn: bool = False
    """It goes at the end of the turn it was put in."""
    owner_bound: bool = False
    """It goes when the card that put it dies ("при гибели — убрать все ваши …")."""
    leaves: str = ""
    """When it goes, its square gets this marker from the same card, if that card is still in play."""
    free_only: bool = False
    """Only a free square (no card on it) may get it."""
    via: str = "effect"
    """The class of its wounds: an ``effect`` (fortitude blocks them) or a ``spell`` (protection from
    spells and magic does: 30/53's "заклинание закрыть портал")."""


MARKERS: dict[str, Marker] = {
    "rot": Marker("enter", 2, spares=("darkness",)),
    "bomb": Marker("owner_turn_start", 2, every_card=True, once=True),
    "ambush": Marker("enter", 0, strike=True, enemies_only=True, this_turn=True),
    "fire_wall": Marker("enemy_turn_start", 2, every_card=True, owner_bound=True),
    "bonfire": Marker("none", 0, this_turn=True, leaves="rot", free_only=True),
    "lair": Marker("none", 0),
    "portal": Marker("owner_turn_end", 2, every_card=True, once=True, free_only=True, via="spell"),
}
"""Marker kinds on board squares (field ``marker``). ``rot`` (гниль; the reminder text of 30/145
Аранта and 50/163 Воин великой тьмы): when a non-dark creature moves onto the square it takes 2, for
the rest of the battle. ``bomb`` (10/22 Орк-бомбардир, "взрыв"): at the start of its owner's next
turn every card on the square takes 2, then it is gone. ``ambush`` (30/12 Дозорный Аль-Джамии, a
square its player chooses at the start of the opponent's turn): until the end of that turn, when an
enemy creature moves onto it, the card that chose it fights that creature with its simple strike as
with an open card, without closing. ``fire_wall`` (стена огня; the reminder text of 60/32 Алый
пламевержец): at the start of each turn of its owner's opponent every card on the square takes 2; it
goes when the card that put it dies. ``bonfire`` (костёр; 60/165 Отринувший свет): on a free square
until the end of the turn it was put in; no text read gives it an effect of its own; when it goes,
the square gets a rot marker of the same card. ``lair`` (логово; 40/62 Йети, put on its own square at
the start of the battle): no effect of its own, it stays; read by ``when = "marker_row"`` /
``"marker_column"``. ``portal`` (30/53 Мастер порталов, a free square its player chooses at the start
of the opponent's turn): at the end of its owner's next turn every card on it takes 2 from a spell,
then it is gone."""

RANGED = ("shot", "throw", "discharge", "strike_through_row")
"""Ranged attacks (000 glossary "Ranged attack"): never announced against an adjacent card."""
MAGICAL = ("discharge", "magic_strike", "spell")
"""Magical abilities (000 glossary "Magical ability"): armor does not stop their wounds."""

COSTS = ("tap", "counter_tap", "counter", "passive", "trigger", "then", "or", "recruit", "aura", "free")
"""``free``: an action without a payment ("1 раз за ход: …" with no {tap}): the card does not close
and may still act; it needs ``uses_per_turn`` or ``uses_per_battle`` (30/13 Дружинник).
``then``: carried out right after the ability listed just before it, as part of the same action or
trigger (a text's "затем"; with ``target = "self"`` and ``vs_state = "unwounded"``: only when the
ability before it wounded another creature that had no wounds — 60/154's extra life); ``or``: an
alternative to the triggered ability listed before it — its player picks one of them ("ранить … или
излечиться"); see data/README.md "Curse and blessing payoffs". ``aura``: a standing property the card
gives other cards while it is in play, not one of its own — held by the cards of its ``target`` side in
its ``area`` (:data:`AURA_AREAS`) that meet its card filters (``vs_elements``, ``vs_classes``,
``vs_types``, ``vs_has``, costs, rank); ``vs_state`` / ``vs_position`` stay with the held fact ("ваши
элементали имеют {ova} 1", 40/33; "хозяин имеет {direct} по существам с проклятием", 40/147)."""
GIVES = ("curse", "blessing")
REMOVES = ("curse", "blessing", "poison")
DELAYS = ("apart", "near")
"""``delay`` of a wounding action or trigger (data/README.md "Set 60 sample decks"): ``apart`` — the
targets are chosen now, the wounds land at the end of this turn on those of them that are then not
next to the card (60/128 Халниада: "в конце этого хода — ранить … тех из них, которые не стоят
рядом"); nothing lands if the card has left the battlefield. ``near`` (on a ``delayed_wound`` only):
its wounds land at the end of the target's next turn only if the target then stands next to the
card, and no attack lifts them (50/85 Рысь: "в конце следующего хода противника, если атакованный
стоит рядом с Рысью — ранить его на 2")."""
"""``removes`` of kind ``cleanse``: the states its target loses ("существо теряет отравление и
теряет проклятие" = ``["poison", "curse"]``)."""
"""``gives``: an attack or wounding action that also gives its target this state (000 glossary
"Curse", "Blessing": "receives"), e.g. "при выстреле атакованный получает проклятие"."""
TRIGGERS = ("death", "turn_start", "battle_start", "strike", "kill", "concentration", "attacked", "wounded",
            "ally_wounded", "squad_wounded", "ally_dies", "creature_dies", "enemy_turn_start", "turn_end",
            "move",
            "enemy_moves_adjacent", "enemy_magic", "defends", "incarnate", "valhalla", "jump",
            "enemy_poisoned", "creature_eats", "squad_attack",
            "enemy_turn_end", "eats", "ally_combo", "ally_incarnates", "squad_incarnates", "ally_token",
            "enemy_roll_over_cost", "moves_heading", "counters_reach", "squad_strike", "cursed_again",
            "fury", "host_fury", "attack", "squad_rolls", "enters_creature", "last_life_lost",
            "incarnates_adjacent",
            "squad_enters_mark", "dash", "teleports", "squad_teleports", "squad_dash", "dives", "surfaces",
            "changes_depth",
            "squad_dives", "killed", "squad_kill", "squad_redirects", "enemy_dies", "own_strike",
            "dirty_tricked", "enemy_ranged", "host_opens", "gets_blessing", "gets_curse", "gets_extra_life",
            "blocks", "enemy_leaves_adjacent", "enemy_first_action", "displaced", "squad_loses_counters",
            "opens", "enemy_enters", "enemy_leaves", "hauled", "hauls", "state_flip", "rehosted",
            "ghost_enters", "squad_spell",
            "misses", "adjacent_misses", "ally_gets_extra_life", "squad_vampirism", "host_moves",
            "poison_curse",
            "squad_steps", "declares", "revealed", "card_closes", "summoned", "squad_enters",
            "squad_moves_enemy", "rider_strike", "squad_eats", "squad_approached",
            "squad_stays_open", "swaps", "darkens", "squad_concentration", "squad_accumulates", "squad_miss",
            "squad_fury", "dash_onward", "host_defended", "host_jumps",
            "squad_changes_depth", "adjacent_enemy_attacks", "hosted_anywhere", "leaves_opposite",
            "ally_enters", "swapped", "overhealed")
"""``death``: when this card dies; ``turn_start``: at the start of its owner's turn (after opening);
``battle_start``: once, before the first turn; ``strike``: after its simple strike hits a card (the
ability then aims at the attacked card unless it has a range); ``kill``: after it destroys a card;
``concentration``: at the end of the opponent's turn if this card took no wounds since its own turn
began (003 L1407-1413); ``attacked``: after an enemy attack against it is carried out (aims at the
attacker unless a range is given); ``wounded``: after it takes wounds from an enemy (aims at their
source); ``ally_wounded``: after another card of its squad takes wounds from an enemy (aims at their
source); ``squad_wounded``: the same for any card of its squad, itself included; ``ally_dies``: when
another creature of its squad dies; ``creature_dies``: when another creature of either squad dies;
``enemy_turn_start``: at the start of the opponent's turn; ``turn_end``: at the end of its owner's
turn; ``move``: after each step it takes (``uses_per_turn`` limits it); ``enemy_moves_adjacent``:
when an enemy creature ends a step next to it
(aims at that creature); ``enemy_magic``: when an enemy creature uses a magical ability (discharge,
magic strike, spell, or an action with ``via = spell``) within ``range`` of it — any distance without
one, a flyer always within range (aims at that enemy; its other facts on the trigger, e.g. an
``extra_life`` on ``self``, need the same range); ``enemy_roll_over_cost``: when a die an enemy
creature rolls (its side of a simple strike's fight, its ability's or trigger's roll) shows more than
that creature's cost (aims at it; ``range`` as for ``enemy_magic``); ``moves_heading``: at the start
of its owner's turn its player picks a direction (forward, back, left, right:
``Player.choose_direction``); each step a creature of either squad takes in that direction in that turn
sets it off (aims at that creature; ``once_per_card``: once per creature per turn);
``counters_reach``: when a gain leaves its counters at ``count`` or more (the "когда на … становится N
или более {counter}" abilities); using it spends all its counters ("при этом теряет все {counter}"),
and while it finds no target the counters stay and the next gain tries again; ``squad_strike``: after
a simple strike (a counter-strike too) of a creature of its squad, itself included, hits a card,
aimed at the struck card; it is about the striker (``when_type = "flyer"``: "при {strike} вашего
летающего существа"); ``defends``: when it is
appointed defender (aims at the card it defends; 000 4.10-4.14); ``incarnate``: after it returns by
incarnation; ``valhalla``: at the start of its owner's turn while it lies in the graveyard (the
"Вальхалла:" abilities); ``jump``: after it jumps; ``enemy_poisoned``: when an enemy creature takes
wounds from poisoning (aims at that creature); ``enemy_turn_end``: at the end of the opponent's turn;
``eats``: when its carrion-eating heals it (002 "Трупоедство"); ``ally_combo``: when other creatures
of its squad (``vs_elements`` / ``vs_classes`` filter them) perform, one after another in any order,
one action of each kind listed in ``from`` (moves do not break the chain); ``ally_incarnates``: when
another creature of its squad returns by incarnation; ``squad_incarnates``: when a creature of its
squad, itself included, returns by incarnation ("при инкарнации вашего существа"; only while it is
in play); ``ally_token``: when another creature of its
squad incarnates or loses an incarnation token ("инкарнирует или теряет жетон инкарнации"). These
two also fire while the card lies in the graveyard, but there only its ``grave_token`` abilities
aimed at itself act (and those act only there); so does ``ally_combo`` for a card with such a
``grave_token`` on it. ``cursed_again``: when a creature that already has a curse would receive one
again, from any card (aims at that creature; the "если существо с проклятием должно получить
проклятие" abilities); ``fury`` (Бешенство X,
field ``fury`` = X): when a die roll of this card, as it attacks on its own turn, is X or less (X
raised by its ``keyword = "fury"`` facts and those of its companion); aims at the attacked card;
``host_fury``: a companion's, when a fury of its host fires; ``host_opens``: a companion's or a
parasite's, when its host opens (30/69 Люмми); ``attack``: after its attack ability
used as an action, once per target (aims at it; ``tiers``: only for that band of its die);
``squad_rolls``: when a creature of its squad (itself included) rolls a die — a simple strike's
attacking or parrying die, a die of its ability — once per die (``roll``: that die's faces);
``enters_creature``: after it (an incorporeal creature) steps onto a square another creature holds
(aims at that creature, which must be on the ``target`` side); ``last_life_lost``: when a creature of
either squad (not itself) that had 1 life left takes lethal wounds or is destroyed (60/179 Инзела;
its ability aims by its own range); ``incarnates_adjacent``: when a creature of either squad returns
by incarnation onto a square next to it (60/177 Берроу и Бон; about that creature);
``squad_enters_mark``: a creature of its squad moves onto a square with a ``marker`` marker (a
step, a push, a teleport; aims at that creature,
``vs_*`` on it; 60/158 Камала heals a dark one on rot); ``dash``: after it moves by its ``dash``
("при рывке"; its attacks aim at any card in their reach); ``teleports``: after it moves by its
``teleportation`` (60/176 Файзер); ``squad_dash``: after a creature of its squad (itself included)
moves by its ``dash``, aimed at that creature, only within ``range`` of this card if one is given
("при рывке вашего существа на клетку рядом с …", 50/26 Боевой маг Аккении); ``dives`` / ``surfaces``:
after it goes from a surface square onto a depth square / from a depth square onto a surface one
(any move, or its square changing under it; "при погружении на глубину" / "при всплытии на
поверхность", 40/136, 40/118), ``changes_depth`` either of them ("при погружении или всплытии", 40/107,
40/139); ``squad_dives``: a creature of its squad (itself included) dives, aimed at it (``vs_*`` on
it; ``target = "self"``: the ability acts on this card instead — "при погружении вашего акванита
получает +1", 50/138); ``killed``: when it dies
from an enemy card's attack or ability (its ``from``: what killed it — ``close``, ``ranged`` …; a death
from poisoning or another cause does not set off a fact with ``from``), aimed at that card ("при гибели
от ближней атаки атаковавший получает −2 к удару", 30/73 Ельховик); ``squad_kill``: a creature of its
squad, itself included, destroys an enemy card, aimed at that creature, about the destroyed card ("когда
ваше существо уничтожает существо противника оно может получить благословление", 30/175; ``from``: what
destroyed it — ``["attacks"]``, "уничтожает атакой"; ``per = "excess"`` reads the wounds beyond the
life it had left: 40/19 Эндор Флем's shield);
``squad_redirects``: an enemy attack on a card of its squad is redirected — a defender is appointed
(000 4.10) or a sudden ``redirect`` of its squad is taken (000 glossary "Redirecting an attack"); its
abilities aim by their own reach ("при перенаправлении атаки с вашего существа (в том числе при
назначении защитника) может объявить особый удар хвостом на 1", 30/79 Мёбу; it is about the card that
redirected it — the defender or the ``redirect``'s card —, ``area = "about"``: 60/82 Верховный друид);
``enemy_dies``: when
a card of the opponent's squad dies (a creature or an artifact: "при гибели карты противника", 40/23
Вождь клана; about that card, so ``when_*`` filter it); ``own_strike``: after each simple strike it
makes as an attack, hit or miss (aimed at the struck card; 40/30 Лорд войны: "может нападать {strike}
два раза за ход"); ``dirty_tricked``: after
it takes wounds from a ``dirty_trick`` of a card of its squad ("когда получает раны от подлости", 50/102
Шриб Длиннохвост; its abilities without a range aim by their own reach, not at the trickster; it is about
the trickster: a ``dirty_trick`` with ``area = "about"`` may wound only it, "подлость 2 (только по этому
существу)", 60/94 Надзиратель Бик);
``enemy_ranged``: after an enemy card uses a shot, throw or discharge as an action (its ranged attacks
but a strike through a row) that is not aimed at this card (aims at that enemy: 50/58 Див "когда карта
противника объявляет дальнюю атаку (кроме {uchr}) не по Диву"); ``gets_blessing`` / ``gets_curse``: after
this card receives a blessing / a curse it did not have, from any card ("когда получает благословление /
проклятие", 30/173 Мятущаяся душа); ``gets_extra_life``: after it gains additional life (an ``extra_life``,
vampirism beyond its wounds: "когда получает дополнительные {health}", 40/89); ``blocks``: after its
``block`` blocks an attack (000 2.7; about the attacker: 40/89 lands).
``enemy_leaves_adjacent``: an enemy creature steps from a square next to it onto one not next to it
(aims at that creature: "когда существо противника передвигается с соседней клетки на клетку не
рядом с …", 60/220 Сорвиголова). A trigger may cost ``counters`` ("может потерять {counter}; …",
60/14 Горт): it fires only while the card has them, its player may decline
(``may``), and using it spends them. ``enemy_first_action``: after the opponent's
first action of a turn (a simple strike, an ability used as an action, accumulating a counter,
closing for a flyer; moves are no actions), if a creature took it (aims at that creature: "после
первого за ход противника действия его существа", 60/64 Суттунг); ``displaced``: after another card
moves it by an ability (a ``push``, ``pull``, ``shift`` or ``relocate``; "при перемещении … другой картой",
60/108 Эльф-рекрут);
``squad_loses_counters`` (with ``count``): a card of its squad, itself included, loses ``count`` or
more counters at once — paying a counter cost, a trigger's price, spending them all, losing them to an
ability ("когда ваша карта единовременно теряет 2 или более {counter}", 60/45 Жрец штормов);
``opens``: when it goes from closed to
open — in the opening phase of its owner's turn (000 6.3; not a card that was open already, nor one a stun
keeps closed) or by an ``open`` ability ("когда открывается", 40/33 Магистр пламени);
``enemy_enters`` (with ``zone``, :data:`ZONES`): a card of the opponent's squad moves onto a square of
that zone — a step, a jump, a push or any move by an ability; aims at it, ``when_*`` read it ("когда
существо противника перемещается на клетку столбца, в котором стоит …", 30/70); ``enemy_leaves`` (with
``zone``): the same for a move off a square of the zone (40/195 Скорпион "при перемещении существа
противника с клетки позади Скорпиона или на неё"); ``hauled``: after the card (a war machine) was moved by
its ``hauled`` (about the creature that closed for it; its ranged
attacks aim from the new square: 50/24 Кулеврина орков' shot); ``hauls``: after this creature closed
to move a war machine of its squad ("когда закрывается, чтобы переместить вашу боевую машину"; about
the machine); ``state_flip``: when a creature of either squad with a curse receives a blessing, or one
with a blessing receives a curse (aims at it; 50/157 Искуситель); ``rehosted``: after this companion
moved onto another host by its ``rehost`` ("при этом": 30/88 Сугед's throw from the new square);
``ghost_enters``: an incorporeal creature of either squad steps onto the square this card holds and
shares it (aims at that creature: "при перемещении бестелесного существа на клетку с Медиумом", 50/210);
``squad_spell``: a creature of its squad, itself included, carries out a spell (kind ``spell`` or a fact
``via = "spell"``), as an action or on a trigger (about it: "когда ваше существо выполняет заклинание",
50/12 Воин Тоа-Дана);
``misses``: after its simple strike as the attacker did not land — a miss of the Strike Table, or stopped
by a protection ("при промахе в нападении {strike}"; about the attacked card); ``adjacent_misses``: the
same for a creature of either squad standing next to it, aimed at that creature ("при промахе в
нападении {strike} стоящего рядом существа — может переместить это существо", 60/119 Талайна);
``ally_gets_extra_life``: another creature of its squad gains additional life (an ``extra_life``,
vampirism beyond its wounds; about it: "когда ваше другое существо получает дополнительные {health}",
60/102 Бабр); ``squad_vampirism``: the vampirism of a creature of its squad, itself included, heals it or
gives it additional life (about that creature: "при вампиризме вашего существа — получить {counter}", 60/149
Замок Керсам); ``host_moves``: a rider's — its host moves, by a step of its own or by an ability (about
the host, ``area = "host"``: "имеет «При перемещении хозяина — ранить его на 1», пока паразит", 60/1);
``poison_curse``: a creature of either squad with poisoning receives a curse, or a cursed one receives
poisoning (about it; its abilities aim by their own reach: "когда существо с отравлением получает
проклятие или наоборот — метание", 60/127 Кимулис); ``squad_steps``: a creature of its squad, itself
included, steps onto an orthogonally adjacent square (a step of its movement, not a jump, a teleport or
a diagonal step; about it, ``classes`` filter it: "когда ваш дух двигается на соседнюю с собой клетку не по
диагонали — получить {counter}", 60/113 Зелтрад утонувший); ``declares``: its simple strike as the attacker
is declared — after the answers to it, before it is carried out (aimed at the target: "при нападении
{strike}", 60/2 Шакал); ``revealed``: a hidden card (000 3.11.1) is revealed by an enemy card's simple strike
or ability aimed at it (aimed at that card: "когда существо противника вскрывает Мастера засад — метание",
60/208 Мастер засад); ``squad_attack``: a creature of its squad, itself included, attacks — a simple strike
as the attacker, hit or miss, or an attack ability used as an action, once per target: aimed at the attacked
card, about the attacker (``from`` the attack's kinds, ``tiers`` its strength — the Strike Table's for a
simple strike, the band of the die for an X-Y-Z attack: "при слабой магической атаке вашего существа", 60/199
Учитель магии; "при дальней атаке вашего существа", 40/32; "при атаке вашего болотного существа", 30/100);
``card_closes``: a card of either squad goes from open to closed in an action — it pays for a strike
or an ability, defends, accumulates, or an ability closes it — checked once the action is carried out;
aimed at that card, about it (``when_*`` read it; ``vs_position`` its position to this card): 30/151
Чёрный дракон (``when_state = "near_fumes"``), 30/25 Азнагул (``when_state = "sealed"``), 30/115
Топляница (``vs_position = "opposite"``, ``when = "enemy_turn"``, a ``stun``); ``summoned``: after this
card enters play by a ``summon`` of another card, about that card (``when_type = "artifact"``: "при вызове
из Яйца дракона", 30/194 Вылупившийся дракон); ``squad_enters`` (with ``zone``): a creature of its squad
moves onto a square of that zone — any move; aimed at it, about it (30/4 Белегос: ``zone = "cross"``);
``squad_moves_enemy``: a card of its squad moves an enemy card by an ability (a push, pull, shift or
relocation), about that card ("когда ваша карта перемещает карту противника получить {counter}",
30/107 Статуя скорби); ``rider_strike``: the simple strike of the companion or parasite riding it hits,
aimed at the struck card ("при {strike} своего компаньона может сразиться с атакованным как с открытой
картой", 30/129 Аммах); ``host_moves`` (a rider's): its host moves onto a square, by a step or an ability,
its conditions read where it now stands ("при перемещении хозяина на клетку рядом с вашей речной девой
ранить его", 30/120 Пиранья: ``when = "allies_adjacent"``, ``classes``); ``squad_eats``: a creature of its
squad eats carrion (its carrion-eating heals it; about it: "при трупоедстве вашего существа получить
дополнительную {health}", 30/117 Свора пожирателей).
``squad_approached``: an enemy creature steps onto a square next to a creature of its squad (itself
included) it was not next to before — aimed at the enemy, about that creature; a ``fight`` on it aimed
at that creature (``area = "about"``, ``target = "ally"``) fights the enemy that stepped (30/76 Одвин).
``squad_teleports``: another creature of its squad moves by its teleportation — about it (``classes``:
"при телепортации другого вашего демона", 30/161 Кседдэн; 50/151)
``squad_stays_open``: a creature of its squad, itself included, is still open after an action it took
(a strike or an ability used as an action; moves are none) — about it (``when_min_cost``: "когда ваше
существо стоимостью 7 или более не закрывается после действия", 30/185 Колосс)
``swaps``: after it swaps squares with a creature of its squad by its own move (``jump_swap``: "может
объявлять прыжок на клетку, занятую другим вашим гномом или койаром, поменявшись с ним местами, при
этом получает {direct} до конца хода", 30/172 Душегуб)
``darkens``: a creature of either squad that was not dark becomes dark (``darken``) — aimed at it, about
it (``vs_position = "near"``: only one next to this card — "когда стоящее рядом нетёмное существо
становится тёмным", 30/184 Рыцарь Храма);
``squad_concentration``: the
concentration of a card of its squad, itself included, fires (about that card: "при срабатывании
концентрации вашей карты", 50/9 Хешир); ``squad_accumulates``: a card of its squad, itself included,
closes to accumulate a counter (000 1.11.1; about that card: "когда ваше существо копит {counter} — оно
получает 1 дополнительную {health}", 50/59 Тотем грома, with ``area = "about"``); ``squad_miss``: a
simple strike of a creature of its squad, itself included, as the attacker misses (about the striker,
aimed at the card that took it: "при промахе вашего существа {strike} получает +2 к бешенству до конца
вашего хода", 50/19 Мастер поединка); ``squad_fury`` with ``count``: the ``count``-th fury of the
creatures of its squad, itself included, to fire this turn (about that creature, aimed at the card it
attacked: "когда бешенство ваших существ срабатывает третий раз за ход — получить +1 к {strike} до конца
хода", 50/13 Орк-старейшина); ``dash_onward``: after it dashes the way it stepped this turn ("при
рывке, если переместились в направлении, в котором передвигались в этот ход", 50/31 Ярость песков);
``host_defended``: a defender was appointed against a simple strike of its host (about the defender;
"если от {strike} хозяина назначен защитник — метание «шлема» на 1, дальность 3", 50/38); ``host_jumps``:
after its host jumps or teleports (about the host: "при прыжке или телепортации хозяина", 50/147).
Wave 3, set 40: ``squad_changes_depth``: a creature of its squad, itself included, dives or surfaces
(aims at it; a terrain hears it too: 40/109 Подводный чертог "когда ваше существо погружается на
глубину или всплывает на поверхность"); ``adjacent_enemy_attacks``: an enemy card next to it attacks
(a simple strike or an attack ability) a card other than itself (aims at the attacker; 40/203 Мимик
"когда стоящая рядом карта противника нападает не на Мимика"); ``hosted_anywhere``: once, before the
battle-start abilities, after its ``host_anywhere`` put this parasite on a host outside the first row
(40/182 Трущобная крыса: its host receives a curse and poisoning 1, ``area = "host"``);
``leaves_opposite``: after it steps off a square with an enemy creature on the square in front of it (as
its owner sees the board): aims at that creature (40/117 Сирена "при движении с клетки, напротив которой
стоит существо противника"); ``ally_enters``: an incorporeal creature of its squad steps onto its square
(``ghost_enters`` limited to its own squad; aims at that creature; 40/191 Живой доспех "когда ваше
бестелесное существо перемещается на клетку, занятую Живым доспехом"); ``swapped``: two cards on the
battlefield exchange squares (by a ``swap``; 40/85 Алая тетива "когда карты на поле боя меняются местами");
``overhealed``: it is healed by
more than its wounds — its regeneration at its turn start or a heal (40/124 Слизни Гворна "при избыточном
лечении"); ``misses`` also 40/51 Трактирный забияка."""
ZONES = ("row", "column", "behind", "own_half", "own_half_first", "sides", "any", "cross", "cross_front",
         "sides_walk", "near", "opposite")
"""``zone`` of trigger ``enemy_enters``: a square of its ``row`` / its ``column`` (its own square aside),
the square ``behind`` it (as its owner sees the board), a square of its player's half (``own_half``), or
one of a row of its player's half no enemy card has entered before in the battle (``own_half_first``: "1
раз за бой для каждого ряда", 60/88 Караульный), or the two squares to its left and right (``sides``;
``sides_walk``: the same, moved onto by the card itself — a step, a jump —, not by an ability: "когда
существо передвигается на клетку слева от Килхе", 30/131), or ``any`` square (60/141 Озёрный змей "при
перемещении существа противника в ваш ход"); ``cross``: a square of the half the mover does not belong
to, entered from a square of its own half (it crosses the middle line: "при перемещении со своей
половины поля боя на половину поля боя противника", 30/4 Белегос on ``squad_enters``); ``cross_front``:
the same, onto the first row of the half entered ("при передвижении со своей половины поля боя на …
клетку вашего первого ряда", 30/42 Торосы Йора on ``enemy_enters``). Kind ``bar`` (passive, with
``zone``): ground creatures of the opponent's squad that are not incorporeal cannot move onto the
squares of that zone — no step, jump or teleport of their own ("наземные небестелесные существа
противника не могут перемещаться на клетки справа и слева от …", 60/67 Тучный великан, under ``when =
"rebuff"``); with ``area = "host"`` (a parasite's) only its host is barred ("хозяин не может
перемещаться на клетки вашей половины поля боя", 30/34 Ледяная лоза, ``zone = "own_half"``). ``near``:
the squares next to it (8; on ``enemy_leaves``: "при перемещении существа противника с соседней клетки",
30/116 Троглодит); ``opposite``: the square in front of it (50/190 Бретёр: its standing ``bind`` and the
wound of a creature moving off that square)."""
TARGETS = ("enemy", "ally", "self", "any")
SEATS = ("first", "second")
STATUSES = ("full", "partial", "none")
FROM = ("simple", "shot", "throw", "discharge", "strike_through_row", "magic_strike", "special_strike",
        "spell", "effect", "ranged", "magic", "all", "nonmagic", "close", "directed", "counter", "heal",
        "attacks", "poison", "finishing")
"""What ``reduce`` and ``protection`` apply to (``finishing``: only on an ``attack_bonus``, which then
changes the X of its finishing-off, "получает +1 к добиванию", 50/182 Вешатель): a kind, ``simple``
(simple strikes), ``ranged`` (shots, throws, discharges, strikes through a row), ``magic`` (discharges,
magic strikes, spells), ``all`` (every attack and wounding action), ``nonmagic`` (the non-magical attacks:
simple strikes, shots, throws, strikes through a row, special strikes), ``close`` (close strikes: simple,
magic and special strikes; 000 glossary "Close strike"), ``directed`` (simple strikes of a card whose
strike is directed), ``counter`` (counter-strikes, 000 4.4), ``heal`` (for ``ally_combo`` only),
``attacks`` (every attack — a simple strike and the kinds of :data:`ATTACKS` — not spells, effects or
poison: "от атаки карты противника"), ``poison`` (only on ``reduce``: the wounds of its poisoning at its
turn start, named alone — "получают на 1 рану больше от отравления" is ``reduce`` −1 from ``poison``,
60/143; on the death triggers: a death by finishing off, "при гибели существа
противника от добивания" = ``enemy_dies`` with ``from = ["finishing"]``, 40/153 Скелет-маг). On trigger
``kill`` / ``squad_kill``: what the destroying blow was ("уничтожает … {strike}" =
``["simple"]``); on ``death``: what an enemy card killed it with ("при гибели от атаки карты противника" =
``["attacks"]``; a death by its own squad's card or of no known cause does not count)."""

NO_DAMAGE = ("directed", "unanswerable", "simple_magic", "blessing", "curse", "give_blessing",
             "give_curse", "stays_open", "vampirism", "defends_open", "taunt", "block", "carrion_eating",
             "ignore_abilities", "ignore_prot_flyers", "redirectable", "wraps", "stun", "root",
             "rehost", "teleport", "flip_die", "destroy", "restore_armor", "cleanse",
             "redirect", "ward", "mark", "reposition", "far_step", "concentrate",
             "no_heal", "rides_killer", "takes_poison", "drains_ghosts",
             "incarnate_on_mark", "teleportation", "dash", "diagonal", "hypnosis", "cancel", "flood",
             "drain", "close", "far_strike", "terrain_class", "shift", "ignore_protection", "prey", "pounce",
             "forces_defender", "strike_again", "strikes_twice", "strikes_twice_in_a_row", "fight",
             "host_may_stay_closed", "flies_from_dead_host", "rehosts_riders", "saves_host", "strike_limit",
             "pull", "bar", "hauled", "silence", "counts_as", "taken_as", "fight_result", "roll_twice",
             "fight_upgrade", "bind", "parries_closed", *(k for k in ENTRIES if k != "prophecy"),
             "acid_fumes",
             "flame_seal", "lose_keyword",
             "no_magic", "swap_strikes", "ignore_taunt", "host_only", "dash_swap",
             "jump_swap", "gateway", "heal_to_jump", "darken", "no_defend", "ignore_armor",
             "row_over",
             "amphibious", "guards_far", "host_anywhere", "contract", "fetch")
OPTIONAL_DAMAGE = ("protection", "keyword", "open", "push", "relocate", "become", "lose_counters",
                   "next_roll", "attach", "swap")
"""Kinds whose ``damage`` may be left out: ``protection`` [n] = only attacks of power exactly n;
``keyword`` [n] = X of a numbered keyword (none for a flag); ``open`` [n] = it also wounds the
opened card by n; ``push`` [n] = wounds when the target cannot be pushed."""
SINGLE = ("jump_range", "range_bonus",
          "heal", "reduce", "poison", "gain_counter", "shield", "cap", "incarnation", "finishing",
          "dirty_trick", "move_wounds", "grave_token", "claim_incarnation",
          "extra_life", "protection", "keyword", "open", "push", "jump", "cap_strike", "roll_wounds", "leap",
          "relocate", "lose_counters", "discount", "recruit_gold", "attack_bonus", "shift_die", "next_roll",
          "set_die", "roll_bonus",
          "block_attack", "grave_wound", "heal_bonus", "trap")
"""Kinds whose ``damage`` is one number (an amount, not a die-picked triple)."""
DEFAULT_DAMAGE = {"strike_through_row": (1,), "gain_counter": (1,), "grave_token": (1,), "prophecy": (1,)}
TIERS = ("weak", "medium", "strong")
"""``tiers`` of ``cap`` / ``protection``: only attacks of that strength — a simple strike of that kind
or a die-picked X-Y-Z result of that band ("средние и сильные атаки" = ``["medium", "strong"]``)."""
PARITIES = ("even", "odd")
"""``parity`` of ``cap`` / ``protection``: only attacks whose power is even / odd ("атаки чётной
величины" = ``"even"``)."""
SELF_STATES = ("unwounded", "wounded", "open", "closed", "cursed", "blessed", "extra_life", "flying")
"""``self_state``: only while the card itself is unwounded / wounded / open / closed / cursed /
blessed ("вампиризм, пока имеет проклятие" = ``cursed``); ``extra_life``: while it has additional
life ("пока имеет дополнительные {health}": more life left than its printed life, the additional
life taken first by its wounds); ``flying``: while it is a flyer (40/89 Небесный патруль's block)."""
VS_STATES = ("unwounded", "wounded", "open", "closed", "blessed", "cursed", "poisoned", "half_life",
             "cursed_or_blessed", "even_life", "extra_life", "at_depth", "on_surface", "corporeal",
             "cursed_poisoned", "intruding", "foreign", "few_allies", "back_row",
             "has_parasite", "has_companion", "has_symbiote", "forward", "flying", "grounded",
             "no_counters", "no_ground_squad", "feeble", "magic_wounded", "moved", "beset", "not_livelier",
             "low_life", "unique", "front_row", "off_front_row", "nonflying", "at_edge", "armorless",
             "has_counters", "within_regen", "cheapest", "other", "no_extra_life", "sealed", "near_fumes",
             "on_kill_square", "foes_wounded", "livelier", "defending", "free_behind",
             "moved_again", "not_clumsy", "near_enemy_extra_life", "unpoisoned", "poisoned_uncursed",
             "near_building", "unmoved", "kindred", "no_incarnation")
"""``vs_state``: only against a target in that state; ``has_counters``: a card with counters ("{direct} по
картам с {counter}", 60/116 Воронга); ``cheapest`` (on a trigger): of the least cost among the cards it
may aim at ("ранить на 1 выбранную карту наименьшей стоимости", 60/104 Налайа); ``other`` (a ``when_state``):
the card the trigger is about is not this card ("при слабом {strike} другого вашего существа", 60/176);
``when_state``: only
when the card a trigger is about (the one that died, was wounded or was destroyed) is in that state.
``half_life``: half or less of its life left, additional life counted ("половина или менее {health} (с учётом
дополнительных)"); ``cursed_or_blessed``: with a curse, a blessing or both;
``even_life``: a creature with an even number of life left (on a ``cap`` or ``protection``: only
against attacks by such creatures, 40/16 Элементаль огня); ``extra_life``: with additional life
(more life left than printed: "по картам с дополнительными {health}", 50/146); ``at_depth`` /
``on_surface``: standing on a depth / surface square ("по карте на клетке поверхности", 60/125, 60/139;
a flyer is on neither); ``corporeal``: a creature that is not incorporeal ("небестелесное существо",
40/115, 60/192);
``cursed_poisoned``: with a curse and poisoning both ("существо с проклятием и отравлением", 30/174
Ночной убийца); ``intruding``: standing on its opponent's half of the field ("существ, стоящих на
вашей половине поля боя", 30/153 Палач); ``foreign``: of no element that its opponent's cards in play
have ("по существам, не
принадлежащим к стихиям, которые есть в вашем отряде", 30/192 Воин веры; a neutral creature counts);
``few_allies``: fewer than two other creatures of its own squad next to it ("рядом с которым нет хотя бы
двух других его существ", 30/60 Метель); ``back_row``: standing in its owner's third row ("существо в 3
ряду противника", 30/107 Статуя скорби); ``has_parasite`` / ``has_companion`` / ``has_symbiote``: a
parasite / a companion / either rides it (000 1.5.2: "существо с паразитом", 30/110 Галлот; "существа с
симбиотами", 40/122 Воин вайлов); ``forward``: standing in its owner's first row or on the opponent's
half ("если он стоит в вашем первом ряду или на половине поля боя противника", 40/73 Ящерка); ``flying`` /
``grounded``: a flying creature (in the
auxiliary zone) / a creature on a square ("если летающий", 30/195 Микаэль; on ``target = "self"`` it
reads the card itself, checked as the ability is carried out); ``no_counters``: with no counters or
tokens ("если не имеет {counter}", 40/220 Око бури); ``no_ground_squad``: its squad has no ground
creature in play ("если в вашем отряде нет наземных существ", 50/173 Эстри); ``feeble``: a creature whose
weak simple
strike, its standing modifiers counted, is 1 or less ("по существам со слабым {strike} 1 или менее (с
учетом модификаторов)", 60/49); ``magic_wounded``: a card that took wounds from a magical ability
(a discharge, magic strike or spell) this turn ("по картам, которые получали раны от магической
способности в этот ход", 60/11); ``moved``: a card that moved this turn, by its own steps or moved by
an ability ("по существам, перемещавшимся в этот ход", 60/123); ``beset``: a card with two or more
enemy cards next to it ("рядом с которым стоят две или более карты противника", 60/86);
``not_livelier`` (on a standing fact, checked at each simple strike): a card whose current life is not
above this card's own ("по картам, чьи текущие {health} меньше или равны текущим {health}", 60/102);
``low_life``: a creature whose life left is at most its weak
simple strike ("пока их {health} меньше или равны их слабому {strike}", 40/162 Проклятый капер);
``unique``: a unique card (⚜; as ``when_state`` of a ``kill``: "+2, если она уникальная", 40/150);
``front_row`` / ``off_front_row``: standing on a square of its owner's first row / on a square not in it
("если оно переместилось на клетку первого ряда …, иначе …", 40/6 Аккения); ``nonflying``: any card but
a flying creature — a companion or a parasite too ("при гибели нелетающего существа", 50/178);
``at_edge``: a card on a square at the edge of the battlefield — an outer column or the first or last
row ("выбранное существо у края поля боя", 50/39 Крейд-Моор); ``armorless``: no unit of its armor left
this turn ("если не имеет единиц {armor}", 50/66 Тяжёлая кавалерия, read on itself); ``has_counters``:
with counters or tokens ("по картам с {counter}", 50/162 Зомби-грифон); ``within_regen`` (as a
``when_state`` of ``wounded`` / ``ally_wounded`` / ``squad_wounded``): the wounded card has just taken
at most its regeneration in wounds ("получает X или менее ран, где Х — величина его {regen}", 50/113);
``no_extra_life``: no additional life — its life left is not above its
printed life ("ваше существо без дополнительных {health}", 30/71 Эленьямен); ``sealed``: it holds a
``flame_seal`` (30/25 Азнагул); ``near_fumes``: a card next to it (8 squares) holds ``acid_fumes`` (30/151
Чёрный дракон); ``on_kill_square``: it stands on the square where a card it destroyed this turn
died ("если совершило рывок на клетку, которую та занимала", 30/31 Илле on ``squad_dash``);
``foes_wounded``:
every card of the opponent's squad in play has wounds ("если в отряде противника нет карт без ран",
30/99 Медвесыч, on a ``then`` aimed at itself); ``livelier`` (on a ``block``): the attacker has more life
left than the card ("блокирует по
себе немагические атаки карт с большим количеством текущих {health}", 30/23 Джинн Дзара); ``defending``
(on a standing strike fact, read at the strike): the card parries as a defender appointed against it
("+1 к {strike} по защитникам", 30/37 Вельга); ``free_behind``: a card on
the battlefield whose square behind it, as its owner sees the board, is a free square ("ваши йордлинги,
клетка позади которых свободна", 50/70 Йорд-Башар, the `when_state` of an aura).
Wave 3, set 40: ``moved_again``: a card that moved a second time or more this turn, by steps or
abilities ("перемещается второй или более раз за ход", 40/130 Нереида); ``not_clumsy``: a creature
without clumsiness, printed or given ("без неповоротливости", 40/185 Юнга); ``near_enemy_extra_life``:
a card next to a creature of its opponent's squad that has additional life — for a fact of that
opponent, "next to your creatures with additional life" ("по картам, стоящим рядом с вашими
существами с дополнительными {health}", 40/98 Вуйвр); ``unpoisoned`` / ``poisoned_uncursed``: with no
poisoning / with poisoning and no curse (40/135 Карающий's three branches, read in order: a wound on a
``cursed_poisoned`` target, a curse on a ``poisoned_uncursed`` one, poisoning on an ``unpoisoned`` one);
``near_building``: next to a card of class «Постройка» ("по существу, стоящему рядом с постройкой",
40/197 Воин ночи); ``unmoved``: a card that has not moved this turn, by a step or an ability ("существо,
которое не передвигалось в этот ход", 40/44 Никзар); ``kindred`` (on a ``then`` aimed at another side
than the ability before it): another creature sharing an element with the card that ability aimed at
("существо той же стихии, что и уничтоженный", 40/209 Джокер);
``no_incarnation``: a card without incarnation (no icon, no ``incarnation`` fact: "при гибели существа
без инкарнации", 60/174 Элевера)."""
_DEATHS = ("death", "squad_kill", "ally_dies", "enemy_dies", "creature_dies")
"""Triggers about a death whose ``from`` names what killed the card (an enemy card's attack, its
poisoning)."""
WHEN_TRIGGERS = ("wounded", "ally_wounded", "squad_wounded", "ally_dies", "creature_dies", "moves_heading",
                 "squad_strike", "squad_attack", "kill", "squad_kill", "enemy_dies", "attack", "strike",
                 "enemy_enters",
                 "enemy_leaves", "squad_steps", "revealed", "card_closes", "summoned", "squad_enters",
                 "squad_dash", "squad_eats", "squad_approached", "enemy_ranged", "squad_teleports",
                 "squad_stays_open", "darkens", "enters_creature", "squad_accumulates", "squad_miss",
                 "defends")
"""Triggers that are about another card (the wounded, dying or destroyed one; for ``enters_creature``
the creature on the square it entered): ``when_state``,
``when_keyword``, ``once_per_card`` and ``classes`` (that card has one of them: "при {strike} вашего
духа", 60/143 Уста Архааля on ``squad_strike``) apply to them."""
WHENS = ("moved", "still", "moved_straight", "moved_turning", "crossed", "returned", "own_turn", "enemy_turn",
         "centre_column", "edge_column", "enemy_front_empty", "adjacent_enemy", "allies_adjacent",
         "outnumber",
         "classes_adjacent", "enemy_more_closed", "moved_onto_creature", "war_machine", "rebuff",
         "at_depth", "on_surface", "wolf", "human",
         "squad_class", "top_strike", "squad_more_closed", "counters_cards", "enemy_elements", "few_elements",
         "enemy_last_life", "enemy_opposite", "no_enemy_flyers", "counters", "squad_tokens", "enemy_no_open",
         "enemy_flyers", "third_row", "column_clear", "rows_held", "clear_of_enemies",
         "host_open", "host_closed", "host_unwounded", "host_weaker", "alone", "enemy_back_row_full",
         "squad_extra_life",
         "namesakes", "back_rows", "marker_row", "marker_column", "enemy_back_row", "adjacent_artifact",
         "beset", "squad_jumps", "host_formation", "class_adjacent", "squad_did", "squad_charged", "took_all",
         "lone_foe", "hurt_many", "host_of", "near_poisoned", "behind_caster", "squad_cursed",
         "no_own_artifact_near", "defended",
         "moved_twice", "cheapest", "extra_life_near", "odd_costs", "enemy_namesakes",
         "no_namesakes", "armor_left", "own_half_no_cheap", "state_adjacent", "stepped_back",
         "at_edge", "off_edge", "flanked", "unflanked")
"""``when``: a condition on the board or the turn, checked by the battle engine as it changes:
``moved`` / ``still`` (it moved / did not move this turn), ``moved_straight`` (two or more of its
steps this turn in one direction), ``moved_turning`` (steps this turn in two or more directions),
``crossed`` (it stepped from its own half onto the enemy half this turn), ``returned`` (from the
enemy half onto its own), ``own_turn`` / ``enemy_turn``, ``centre_column`` / ``edge_column`` (it
stands in the middle / an outer column), ``enemy_front_empty`` (the enemy has no card in his 1st
row), ``adjacent_enemy`` (an enemy creature stands next to it), ``allies_adjacent`` (at least
``count`` creatures of its squad next to it, in ``when_state`` if given; with ``needs``, ability kinds, they
have each of them between them: "пока стоит рядом с вашим существом с метанием", 60/213), ``outnumber`` (more
creatures of its squad than enemy creatures next to it), ``classes_adjacent`` (the creatures next to
it have at least ``count`` different classes), ``enemy_more_closed`` (the opponent's squad has more
closed cards than open ones: "пока в отряде противника больше закрытых карт, чем открытых"),
``moved_onto_creature`` (this turn it stepped onto a square another creature holds: an incorporeal
creature, 000 glossary "Incorporeal creature"), ``war_machine`` (a card of class «Боевая машина» of
its squad is on the battlefield: 60/37 Морраг "пока в вашем отряде есть боевая машина"), ``rebuff``
(Отпор, the ``reb`` icon: before the current turn began its squad had fewer cards in play than the
opponent's; it then holds to the end of that turn — the reminder text of 60/56 Наррах), ``at_depth`` /
``on_surface`` (it stands on a depth / surface square: the "На глубине:" / "На поверхности:"
abilities; a flyer, in the auxiliary zone, is on neither; data/README.md "Depth and surface"), ``wolf`` /
``human`` (a werewolf, the ``wohu`` icon, in its wolf / human form: the "{wolf}:" / "{human}:" abilities;
data/README.md "Werewolves").
Issue 19, set 30: ``squad_class`` (another card of its squad in play — a creature, an artifact or its
terrain — has one of the ``classes``: "пока в вашем отряде есть город", 30/138 Горбун; "лес или река",
30/83 Пурш; a terrain counts with the classes a ``terrain_class`` card of its squad gives it, 30/105
Озорница), ``top_strike`` (its strong simple strike is greater than the strong strike of every enemy
creature in play: 30/30 Громила племени), ``squad_more_closed`` (its squad has more closed creatures than
open ones: 30/10 Хищный корх), ``counters_cards`` (at least ``count`` cards of its squad have counters:
30/41 Послушник), ``enemy_elements`` (the opponent's cards in play are of at least ``count`` elements:
30/175 Поборник Ордена), ``few_elements`` (its own squad's cards in play are of at most ``count``
elements: 30/183 Рубака), ``enemy_last_life`` (an enemy creature has exactly 1 life left: 30/58
Гном-снайпер), ``enemy_opposite`` (an enemy creature stands on the square opposite it: 30/65 Раксар),
``no_enemy_flyers`` (the opponent has no flying creature in play: 30/143 Тёмная бестия);
Issue 19, set 40: ``counters``
(it has at least ``count`` counters or tokens: 40/198 Жонглёр's "X or fewer throws, X its tokens"),
``squad_tokens`` (a card of its squad holds a token — a counter of a ``counters_are_tokens`` card:
40/43 Ледяной голем), ``enemy_no_open`` (no creature of the opponent's squad is open: 40/65 Ингри),
``enemy_flyers`` (the opponent has a flying creature in play: 40/39 Греймот);
Issue 19, set 50: ``third_row`` (it stands in its own third row: 50/54 Фарсат "если стоит в вашем третьем
ряду"),
``column_clear`` (no enemy card stands in its column: 50/40 Снург "пока стоит в столбце, в котором нет
карт противника"), ``rows_held`` (a creature of its squad stands in every row of the battlefield: 50/154
Суккуб-истязатель "если в каждом ряду поля боя есть ваше существо"), ``clear_of_enemies`` (no enemy
card next to it, in ``when_state`` if given: 50/115 Дева поймы "пока рядом нет открытых карт
противника" = ``when_state = "open"``; only creatures counted with ``when_type = "creature"``: 60/87
Филавандель "пока рядом … нет существ противника").
Issue 19, riders: ``host_open`` / ``host_closed`` / ``host_unwounded`` (a companion's or a parasite's
host is open / closed / has no wounds: 30/123 Крайт "пока хозяин закрыт", 40/111 Детеныш тролля; no
host, no hold); ``host_weaker`` (its life left is above its host's: "если Пиявок Ракштольна больше, чем
{health} хозяина", 50/109); ``defended`` (on a ``stays_open``: only after a simple strike against
which a defender was appointed, "не закрывается после нападения {strike}, если от этого {strike} был
назначен защитник", 50/17 Змееглав-ветеран).
Set 60: ``alone`` (no other card stands next to it, 8 squares: "на клетку, рядом с которой нет других
карт", 60/6); ``enemy_back_row_full`` (every square of the opponent's third row holds a card: "пока все
клетки в третьем ряду противника заняты", 60/166); ``squad_extra_life`` (every creature of its squad in
play has additional life, itself included: "пока все ваши существа имеют дополнительные {health}",
60/96); ``namesakes`` (at least ``count`` cards of its name in its squad in play, itself included: "пока
в вашем отряде два или более Шакала", 60/2).
Issue 19, the board: ``back_rows`` (it stands in its own second or third row: 40/121 Водяница "пока
находится во 2 или 3 ряду"), ``marker_row`` / ``marker_column`` (with ``marker``: it stands in the row /
column of a square holding such a marker put by a card of its squad: 40/62 Йети "пока стоит в одном
столбце / ряду с вашим логовом"), ``enemy_back_row`` (it stands in the opponent's third row: 40/201
Странствующий рыцарь "когда перемещается на клетку 3 ряда противника"); ``adjacent_artifact`` (an
artifact of either side stands next to it: "пока стоит рядом с артефактом", 40/193 Матрос Эллиона; with
``classes`` an artifact of its own squad of one of those classes: "пока стоит рядом с вашей постройкой",
50/206 Алтарник).
Wave 3, set 50: ``beset`` (two or more enemy cards stand next to it: "если рядом стоят две или более его
карты", 50/84 Эмиссар Энтарна), ``squad_jumps`` (the creatures of its squad made at least ``count``
jumps this turn — a jump instead of moving, a ``leap``, a ``pounce``; teleports are no jumps: "если в этот
ход ваши существа совершили два или более прыжка", 50/218 Цирковой силач), ``host_formation`` (a companion's
or parasite's host has the formation keyword: "Строй: {armor}1 (считается стоящим в строю с хозяином,
если у него есть строй)", 50/38 Карликовый гном); ``class_adjacent`` (with ``classes``: a card of either
side next to it, of any type, has one of the
classes — "пока стоит рядом с постройкой или боевой машиной", 60/191 Проныра); ``squad_did`` (with
``needs``, attack kinds: in this turn the cards of its squad have made each of them — a simple strike as
the attacker, or an attack ability used, triggered ones included: "если в этом ходу ваши карты совершили
{strike}, магический и особый удар", 60/219 Янтарный дракон); ``squad_charged`` (with ``needs``, elements,
and ``count``: a card of its squad in play of one of those elements holds ``count`` or more counters —
"пока в вашем отряде есть горная карта с двумя или более {counter}", 60/46 Офидия); ``took_all`` (with
``needs``, attack kinds: in this turn it has taken wounds from each of them — "если в этот ход получил раны
от выстрела, от метания и от разряда", 60/211 Голем со свалки); ``lone_foe`` (at most
one enemy creature stands next to it: "если рядом стоит не более одного существа противника", 60/2 Шакал),
``hurt_many`` (with ``count``: it has wounded ``count`` or more different enemy cards this turn — "если нанес
раны трем или более картам противника в этот ход", 60/203 Морской волк), ``host_of`` (with ``needs``,
elements: a companion's or parasite's host is of one of them — "+1 к {ovz}, пока хозяин лесной", 60/112),
``near_poisoned`` (a poisoned creature of either side stands next to it: "{zoz}, пока стоит рядом с
существом с отравлением", 60/147 Мор-Таурон); ``no_own_artifact_near`` (no artifact of its squad stands
next to it: 30/52 Громобой's ``then`` stun on
itself after throwing, "в начале своего следующего хода не открывается, если не стоит рядом с вашим
артефактом" — checked as it throws: a closed card does not move by itself till then);
``behind_caster`` (the card on the square behind it, as its owner sees the board, has a discharge or a
spell: "+1 к магическому удару, если на клетке сзади стоит карта с разрядом или заклинанием", 30/51
Боевой маг); ``squad_cursed`` (every creature of its squad in play has a curse: "имеет «Вампиризм …», пока
все ваши существа имеют проклятие", 30/178 Боцман проклятых).
Wave 3, set 40: ``moved_twice`` (it took two or more steps this turn: 40/59 Хейсар "когда передвигается
второй раз за ход получает неповоротливость до конца хода"), ``cheapest`` (no other creature of its squad
in play costs as much or less, cards of its own name aside: 40/74 Камышовый кот), ``extra_life_near``
(it or a creature of its squad next to it has additional life: 40/90 Серый клинок), ``odd_costs`` (every
revealed card of its squad in play, its terrain included, has an odd cost: 40/200 Наёмник-ветеран),
``enemy_namesakes`` / ``no_namesakes`` (the opponent's squad in play has two cards of one name / its own
squad has none: 40/202 Урайон), ``armor_left`` (some of its armor is not yet used this turn: 40/167
Демон-легионер "пока у него одна или более единицы {armor}"), ``own_half_no_cheap`` (no creature of
either squad of cost ``count`` or less stands on its player's half: 40/106 Вербер, ``count = 3``),
``state_adjacent`` (a creature of either squad next to it is in ``when_state``: 40/170 Чемпион Соултрада
"при движении на клетку рядом с существом с проклятием"), ``stepped_back`` (its last step this turn went
back, as its owner sees the board; on trigger ``move``: 40/53 Страж Найрунга "когда передвигается на
клетку назад закрывается"), ``at_edge`` / ``off_edge`` (it stands / does not stand on a square at the
edge of the battlefield — the ``vs_state = "at_edge"`` test read on itself: 40/82 Нейбл "если стоит у
края поля боя"), ``flanked`` / ``unflanked`` (enemy cards stand / do not both stand on the square in front
of it and the one behind it: 40/83 Скаш "если на клетках напротив и сзади Скаша есть карты противника")."""
PERS = ("steps", "counters", "own_wounds", "kin", "side_weak", "target_strike", "target_half_life",
        "poisoned_near_target", "behind_weak", "strike_value", "target_wounds",
        "magic_entries", "target_weak", "target_spread", "kin_class", "free_adjacent", "target_move",
        "adjacent_enemies", "own_extra_life", "armor_left", "excess", "target_sides_weak", "wounded_allies",
        "fury_roll", "allies_enemy_half", "moves_left", "side_move", "own_regen", "mulligans", "about_weak",
        "adjacent_even_enemies", "squad_elements", "column_free", "own_poison", "target_poison",
        "trick_wounds",
        "target_cost", "heading_steps", "diagonal_steps", "target_armor", "open_enemies", "dealt",
        "about_regen", "partners", "streak", "shape_own", "adjacent_poisoned", "about_row", "wounds_taken",
        "squad_flyers", "about_extra_life", "own_weak", "exiled_move", "exiled_regen")
"""``per``: the amount is a quantity of the game ("+X, where X …"), plus ``plus``, at most
``per_max``: ``steps`` (squares it moved this turn), ``counters`` (its counters), ``own_wounds``
(its wounds), ``kin`` (other creatures of its squad sharing an element with it), ``side_weak`` (the
weak strikes of the creatures of its squad to its left and right), ``target_strike`` (the printed
simple strike of the card it strikes, strength by strength), ``target_half_life`` (half the life
left of the card it strikes, rounded down), ``poisoned_near_target`` (poisoned creatures next to the
target), ``behind_weak`` (the weak strike of the card behind the target), ``strike_value`` (the
power of the simple strike that set the trigger off), ``target_wounds`` (the wounds of the card it
aims at: "полностью излечить" is a ``heal`` by them), ``magic_entries`` (its steps this turn onto
squares held by a creature with a magical ability — an incorporeal creature sharing them; 000
glossary "Magical ability": a spell, magic strike or discharge), ``target_weak`` (the weak simple
strike of the card it aims at: 30/82 Хранитель древа heals "на величину его слабого удара"),
``target_spread`` (the strong minus the weak simple strike of the card it aims at: 30/124 Клок Мудрый's
spell), ``kin_class`` (other creatures of its squad sharing a class with it: 30/184 Рыцарь Храма, "+1
за каждого другого инквизитора в вашем отряде"), ``free_adjacent`` (the free squares next to it, 8
neighbours: 30/28 Гролль "+X к удару, где X число свободных клеток рядом"),
``target_move`` (the movement of the
card it aims at: "где Х его {move}", 40/192 Локсодон), ``adjacent_enemies`` (the enemy cards next
to it: "+Х к {regen}, где Х количество стоящих рядом карт противника", 40/124 Слизни Гворна; on a
standing ``keyword`` fact too), ``own_extra_life`` (its additional life: what it has left above its
printed life, "где Х число дополнительных {health} у …", 40/108 Вожак стаи), ``armor_left`` (its armor
not yet used this turn: "где Х количество оставшихся единиц {armor}", 40/71 Рыцари Лантшилда), ``excess``
(on trigger ``kill`` or ``squad_kill``: the
excess damage of the kill — the wounds beyond the life the destroyed card had left, "избыточный урон":
50/70 Йорд-Башар, 50/101 Легард, 40/19 Эндор Флем), ``target_sides_weak`` (the weak
strikes of the creatures on the squares to the left and right of the card it aims at, of either
squad: "где Х — сумма слабых {strike} существ, стоящих справа и слева от нее", 60/71),
``wounded_allies`` (the creatures of its squad in play with wounds, itself included: "где Х
количество существ с ранами в вашем отряде", 60/215). ``plus`` may be negative (down to −9) for an
amount "X−2" (60/185 Цербер); the amount never drops below 0. ``fury_roll``: the die roll that set
off a ``fury`` trigger ("на величину этого броска кубика", 60/16 Лыкхан); ``allies_enemy_half``: the
creatures of its squad, itself included, on the opponent's half of the board (60/171 Демон гнева's
"+1 к бешенству за каждое ваше существо на половине поля боя противника"). A ``keyword = "fury"``
fact may take its X from ``per`` (``target_wounds``: the wounds of the card it attacks, 60/16);
``moves_left`` (its movement not yet spent this turn: "+1 к этому
{strike} за каждую свою неизрасходованную единицу {move}", 60/18 Боевой носорог), ``side_move`` (the
movement of the corporeal creatures of its squad on the squares to its left and right: "где Х — сумма
{move} ваших небестелесных существ справа и слева от …", 60/28 Орочий таран), ``own_regen`` (its
regeneration now: "где Х величина их {regen}"; on
an aura, of the card that holds it: 30/114 Страж Уорлога).
``mulligans``: its player's mulligans before recruiting (``discount`` only). ``about_weak``
(on a trigger about another card: the printed weak simple strike of that card — on ``kill`` the destroyed
one: "получает +Х к следующему {strike}, где Х слабый {strike} уничтоженного", 30/164 Маэнас);
``adjacent_even_enemies`` (the enemy cards next to it with an even number of life left: "+1 к {strike} за
каждую стоящую рядом карту противника с чётным количеством {health}", 50/69 Вождь дирров);
``squad_elements``: the elements of
the cards of its squad in play, a neutral card of none ("получить Х{counter}, где Х — число стихий в вашем
отряде", 50/145 Чёрный лотос, on ``gain_counter``); ``column_free``: the free squares of the column of
the card it aims at ("на X−1, где Х — число свободных клеток в этом столбце", 50/35 Медный дракон, with
``plus = -1``). ``own_poison`` (on ``poison`` only) / ``target_poison``: its own poisoning / the poisoning
of the card it
aims at; as poisonings do not add up (the greater stays), "+1 к отравлению (максимум до 3)" is
``per = "target_poison"``, ``plus = 1``, ``per_max = 3`` (60/114 Хворь Архааля, 60/130 Ярхат) and "отравление
на Х, где Х — величина отравления Хвори" is ``per = "own_poison"`` (60/114). ``trick_wounds`` (on trigger
``dirty_tricked``): the wounds of the dirty trick that set it off ("перераспределить их на хозяина", 60/76
Голодный крыс). ``target_cost`` (on ``carrion_eating`` only): it heals at most the destroyed card's cost
("при трупоедстве может излечиться не более чем на Х, где Х — стоимость уничтоженного", 60/58).
``heading_steps`` (on trigger ``enters_creature``): its steps this turn in the direction of the step that
set it off, up, down, left or right ("где Х — количество передвижений, которые совершил … в этом
направлении в этот ход", 60/163 Мерцающий призрак). ``diagonal_steps``: its diagonal steps this turn (a
standing amount: "при перемещении по диагонали — получить +1 к {strike} до конца хода (максимум +3)", 60/81
Вепрь Святолесья). ``about_weak`` also on ``dirty_tricked`` (the trickster's weak strike, 60/94 Надзиратель
Бик). ``target_armor``: the armor
the card it aims at has now ("получает {armor} 1 или +1 {armor}" = ``keyword = "armor"``, ``per =
"target_armor"``, ``plus = 1``, 30/42 Торосы Йора); ``open_enemies``: the open creatures of the
opponent's squad ("−1 к {strike} за каждое открытое существо в отряде противника (максимум −3)" =
``negative``, ``per_max = 3``, 30/165 Молох); ``dealt`` (on a ``then``): the wounds the ability just
before it dealt, all its targets counted ("ранить каждое стоящее рядом существо противника на 1, при
этом излечиться на X, где X число нанесённых ран", 30/149 Проглот); ``target_poison`` also on other kinds:
the poisoning of
the card it aims at ("получает −Х к {strike} до конца хода, где Х величина его отравления", 30/132);
``about_regen``: the regeneration of the card the trigger is about ("ранить … на Х, где Х величина
{regen} погибшего существа", 30/124 Клок Мудрый); ``partners``: the creatures in formation with it ("+1 к
{strike} за
каждое существо, с которым стоит в строю", 30/61 Хальдар); ``streak`` (on a ``strike_bonus``): its simple
strikes that hit in a row one card, as the attacker, none of them a miss nor a strike at another card
("при {strike} получают +1 к ударам по атакованному, пока не совершат промах или удар по другой карте
(максимум +3)", 30/18 Орки-губители; at the strike, only against that card); ``adjacent_poisoned``: the
enemy creatures next to it with a poisoning ("-Х от
немагических атак, где Х - число стоящих рядом существ противника с отравлением", 50/130 Обращённый);
``wounds_taken``: on ``wounded`` / ``ally_wounded`` /
``squad_wounded``, the wounds that set it off ("когда другое ваше существо получает Х ран от атаки карты
противника — может излечиться на Х", 50/121 Элементаль торфа). ``squad_flyers``: the other
flying creatures of its squad in play ("+Х к {strike}, где Х число других ваших летающих существ", 40/98
Вуйвр). ``own_weak``: its weak simple strike with its standing modifiers ("где Х слабый {strike} … с учётом
модификаторов", 40/178 Угасающий's death spell). ``about_extra_life``: the additional life the card a
trigger is about had (its life above the printed one: "где Х число дополнительных {health} у погибшего",
40/92 Сердце леса). ``target_armor`` also 40/64 Ульфсарк.
``exiled_move`` / ``exiled_regen``: the movement / regeneration of the card the ``grave_exile``
before it exiled (60/19, 60/148)."""
UNIT_PERS = ("steps", "counters", "own_wounds", "kin", "side_weak", "magic_entries", "kin_class",
             "diagonal_steps",
             "free_adjacent", "adjacent_enemies", "adjacent_even_enemies", "own_extra_life", "wounded_allies",
             "allies_enemy_half", "moves_left", "side_move", "own_regen", "squad_elements", "open_enemies",
             "partners", "adjacent_poisoned",
             "squad_flyers")
"""Quantities of the card's own state (the engine keeps the amount up to date)."""
POSITIONS = ("opposite", "diagonal", "isolated", "near_ward", "far", "own_half", "other_column", "ahead",
             "behind", "near", "max_range", "partner_near")
"""``vs_position``: only against a card standing ``opposite`` it (the square in front of it, 000
glossary "Opposite the specified"), ``diagonal``ly next to it, or ``isolated`` (no other creature of
its own side on its left and right), ``near_ward`` (next to a creature of its squad with a ``ward``),
``far`` (not next to it: a card it strikes by its ``far_strike``, 60/131), ``own_half`` (on a square of
its own player's half of the battlefield: "по картам на вашей половине поля боя", 40/1 Авиал),
``other_column`` (on a square of another column than its own; a flyer, on no square, is in none: 40/67
Балеог "не получает ран от атак карт, стоящих в других столбцах"), ``ahead`` (in the row just in front of
it, as its owner sees the board — the square opposite and the two forward diagonals: 60/18 Боевой
носорог "на карту в ряду напротив"), ``behind`` (on the square just behind it, as its owner sees the
board: "по существам, стоящим на клетке позади него", 30/167 Бухта подлецов), ``near`` (on one of the 8
squares around it: "ваше стоящее рядом существо", 50/113 Бумбол on ``ally_wounded``; 30/85 Древолом on
``ally_dies``: it died next to it; 50/125 Чрево Архааля on ``enemy_dies``), ``max_range`` (on an
``attack_bonus``, standing or an aura: only for an
attack ability with a ``range`` aimed from a square at a card on a square exactly that range away — "к
выстрелу по картам на поле боя, выполненному с максимальной дальностью", 60/78 Меткий стрелок; "дальние
атаки … по картам на поле боя, наносимые с максимальной дальностью, имеют -1 к величине", 60/184 Пепельный
дракон), ``partner_near`` (on a ``far_strike``: a card standing next to a creature in formation with it —
"может нападать {strike} на карты, стоящие рядом с существом в строю с Лагоморфом, как на стоящие рядом",
60/189)."""
RELOCATE_ONTO = ("depth", "surface", "away", "behind", "near", "line", "died_at", "onward", "away_source",
                 "near_target", "beyond", "between", "across", "vacated")
"""``onto`` of ``relocate``: only a free ``depth`` / ``surface`` square, one ``away`` from the card
(not next to it: 50/141 Волнорез "кроме клеток рядом с Волнорезом"), the square ``behind`` the card,
as its owner sees the board ("переместить атакованное существо на свободную клетку позади себя", 50/47
Бугур), or one ``near`` it (8 neighbours: "переместить его на клетку рядом с собой", 50/3 Алтея), or one in
its own row or column
(``line``: "переместить ее на Х или менее клеток по вертикали или горизонтали", 60/63 Воррокс, its X a
``per`` — ``strike_value`` on trigger ``strike``), or the square where the card its trigger is about died
(``died_at``: "переместить атаковавшего на клетку, которую занимал погибший", 60/122 Шишига), or the square
one further along the move that set off its ``enemy_enters`` (``onward``: "может переместить его на одну
клетку в направлении перемещения", 60/141 Озёрный змей), or one not next to the card that set its trigger
off (``away_source``: "переместить его на соседнюю с ним клетку не рядом с атаковавшим", 60/91 Фландир). A
``then`` after a ``relocate`` follows only when the card moved ("при этом"). ``near_target``: one next to
the target of the
ability before it, on a ``then`` ("на клетку рядом с атакованным", 60/13 Оркопульта); ``beyond``: the square
past the card its trigger aims at, along the line from the card ("на клетку позади атакованного", 60/217
Капитан Тич). ``died_at`` also on a trigger about a card that died (30/44 Дети Белой Луны). ``between``:
the free square between the card and the one its trigger is about, two squares away in a line ("при {uchr}
через свободную клетку может переместиться на неё, при этом …", 30/62 Ликантроп); ``across``: the free
square on the other side of this card in its row, mirroring the moved card's square (30/131 Килхе);
``vacated``: on trigger ``squad_teleports``, the square the teleporting card left (on a zone trigger such
as ``enemy_leaves``, the square the mover left; without ``may`` the move is not optional: 30/116 Троглодит;
30/161 Кседдэн; on ``enemy_leaves`` the square the enemy just left: 40/121 Водяница)."""
AREAS = ("near_target", "sides", "formation", "least_wounded", "others", "left", "right", "opposite",
         "behind", "adjacent", "about", "host", "rider", "beside", "row", "column", "lines", "beyond",
         "between", "squad", "target_column", "kin_between", "cross", "target_formation", "source",
         "former_formation", "forward", "jumped", "behind_target", "around_free", "square_2x2",
         "diagonal_line",
         "reverse", "facing", "entered_pair", "entered")
"""``area``: where a triggered ability or an action finds its targets: ``near_target`` (the cards next
to the card it is about — the struck, poisoned … one — that card excluded), ``sides`` (the squares to
its left and right), ``formation`` (the creatures in formation with it), ``least_wounded`` (the
wounded creatures of its squad, itself excluded, that have the fewest wounds among them: "которое
имеет наименьшее число ран среди раненых существ в вашем отряде, не считая …"), ``others`` (the cards
of the ``target`` side other than itself, any distance: "другое ваше существо");
``left`` / ``right`` / ``opposite`` / ``behind`` (the one square on that side of it, as its owner
sees the board), ``forward`` (on an action: any square ahead of it in its column, the one next to it
excluded for a ranged attack — "только вперёд по прямой", 30/11 Баллиста), ``jumped`` (on trigger ``jump``:
the cards on the squares it passed over, if it jumped in a straight line — a row, a column or a diagonal:
"при прыжке по прямой особый удар когтями на 2 по любому существу, через которого совершила прыжок", 30/95
Пантера), ``adjacent`` (the cards next
to it, itself excluded: "вашу стоящую рядом карту",
40/190 Данав), ``about`` (on a trigger about another card: that card — the wounded, dying or destroyed
one; 40/41 Гном-щитоносец restores the armor of the wounded creature), ``host`` (a companion's or
a parasite's: the creature it rides — "ранить хозяина", 30/69 Люмми; "хозяин получает {counter}", 30/56
Сова колдуна, ``beside`` (the cards next to
it, 8 squares, other than the card the trigger is about: "стоящие рядом карты противника, кроме
атакованного", 60/185 Цербер), ``kin_between`` (the cards on the squares strictly between it and another
card of its name of its squad standing in its row or column; of several, the line with the most enemy
cards less its own: "выберите другого Элементаля молний, который стоит в одном ряду или столбце с этим;
ранить все стоящие между ними карты", 60/61, with ``every``), ``cross`` (on a wounding action, ``target =
"self"``: its player picks a square; every revealed card in its row and every one in its column takes the
wounds — the crossing's cards twice —, and if a card on the crossing was destroyed, every revealed card in
that row and column takes them once more: "огненные лучи", 60/34 Эр-Мариб), ``target_formation`` (on a
``then``: the creatures in formation with the target of the ability before it — "излечить стоящее рядом
существо на 2; излечить существо в строю с ним на 1", 60/59 Гном-целитель), ``source`` (on a trigger: the card
that set it off — the enemy card that killed the creature of ``ally_dies`` / ``creature_dies``, the attacker
of ``wounded`` …: "переместить атаковавшего", 60/122 Шишига), ``former_formation`` (on ``dash`` and other
triggers after its own move: the creatures of its squad in formation with it on the square it has just
left — "при рывке — может переместить существо, с которым стоял в строю, в том же направлении", 60/10
Легионер, with ``relocate`` ``onto = "onward"``).
``around_free`` / ``square_2x2`` / ``diagonal_line`` (on an action: a group of squares its player
chooses, given by the card it is aimed at — every card of the ``target`` side on them is hit): the
squares next to a free square that is next to both this card and that card ("выбрать незанятую клетку
рядом с собой; ранить все стоящие рядом с этой клеткой карты противника", 30/119 Баламут), a 2x2
square holding that card ("выбрать квадрат 2x2, ранить каждую карту противника на этих клетках на X,
где X количество ваших карт на этих клетках", 30/103 Гурр-шаман, ``per = "shape_own"``) or a diagonal
line of the board through that card ("ранить все карты, стоящие на выбранной диагонали", 30/46 Жрица
снегопадов); of the groups holding that card its player takes the one with the most enemy cards less
its own (times ``shape_own`` when the amount is that).
``behind_target`` (on a ``then``: the card on the square behind the card the ability before it aimed
at, as that card's owner sees the board — "затем метание на 1 по карте позади атакованной", 30/52
Громобой).
``rider``: on an aura, the companion or parasite riding it; on a trigger, the one riding the card the
trigger aims at ("при метании по существу с паразитом открыть этого паразита", 30/108 Тинник).. Only for an
action with ``target =
"any"``: ``target_column`` (every card on a square of the named card's column, its own included: "ранить
каждую карту в выбранном столбце", 50/35 Медный дракон).
``reverse`` (on a trigger about a card next to it: the card on the square next to it on the opposite side,
"по карте в направлении, противоположном направлению этого {strike}", 40/208 Глефа).
``entered_pair`` (on ``enters_creature``: the ground cards on the two squares of one row that this
incorporeal card has just stepped onto one after the other — "при перемещении через две клетки в одном
ряду, занятые наземными существами", 40/131 Болотные огоньки); ``facing`` (on an action: the cards of
the ``target`` side that stand opposite a creature of its squad —
"каждую карту противника, напротив которой стоит ваше существо", 40/40 Барабанщик, with ``every``).
``entered`` (cost ``then`` after a ``summon`` / ``resurrect``): the cards it brought into play ("он
получает неповоротливость и отравление на 1", 60/205 Кутила)."""
LASTS = ("turn", "own_turn", "enemy_turn", "battle", "next_enemy_turn", "next_own_turn", "next_attack",
         "next_attack_turn", "enemy_dies")
"""``lasts``: a passive kind given by an action or a trigger holds until the end of this turn, of its
owner's turn (this one or the next), of the opponent's turn (this one or the next) or of the battle;
``next_enemy_turn``: of the opponent's next turn, the current one not counted ("до конца следующего
хода противника", e.g. given by a ``concentration`` at the end of the opponent's turn);
``next_own_turn``: of its holder's next turn, the current one not counted (60/8 Воин пламени's
concentration at the end of the opponent's turn: "получает -2 к {strike} до конца его следующего хода");
``next_attack``:
until the holder's next attack is carried out (a simple strike it makes or an attack ability it uses:
"к следующей атаке"); an ``attack_bonus`` whose ``from`` names some kinds waits for an attack of those
kinds ("+1 к следующему разряду": a simple strike in between does not use it up), and such bonuses
given again add up (at most ``per_max`` when given: "получает +1 к следующему {strike} (максимум +2)",
40/145); ``next_attack_turn``: the same, but lost at the end of its holder's turn if not used — this
one, or its next one if given in the opponent's turn ("получить +1 к следующему выстрелу до конца хода",
30/7; "Концентрация: … получает +1 к следующему {strike} до конца вашего хода", 60/85); ``enemy_dies``
(on ``summon`` / ``resurrect`` only): the card entered is exiled when a card of its enemy dies ("входит в
игру с особенностью «При гибели карты противника — изгоняется»", 60/20 Орк-ведун)."""
SHAPES = ("around_free", "square_2x2", "diagonal_line")
"""The ``area`` values of an action that hit a group of squares given by the card aimed at."""
AURA_AREAS = ("others", "adjacent", "opposite", "host", "rider", "sides", "formation", "squad")
"""``area`` of an ``aura``: the other cards (of its ``target`` side), the cards next to it, the card in
front of it (``opposite``), the creature it rides (``host``: a companion's or a parasite's), the
companion or parasite that rides it (``rider``: "Энт и его компаньон", 30/93), the cards on the squares
to its left and right (``sides``: "стоящие справа и слева", 30/114), the creatures in formation with it
(``formation``: "пока они в строю с Полководцем", 30/24) or the cards of its side, itself included
(``squad``: "ваши пираты с проклятием" said by a cursed pirate, 40/162). On an aura ``self_state`` is
the state of the card that gives it ("пока Страж Уорлога открыт"), ``when_state`` the state of the card
that holds it ("ваши пираты с проклятием", 40/162) and ``per`` a quantity of the holder (``own_regen``)."""
AURA_KINDS = ("strike_bonus", "directed", "unanswerable", "reduce", "protection", "cap", "keyword",
              "far_strike", "carrion_eating", "jump_range", "fight_upgrade", "counts_as", "attack_bonus",
              "drains_ghosts", "lose_keyword", "curse", "blessing")
"""Passive kinds an ``aura`` may give (a ``far_strike`` aura's card filters name what the holder's
strike reaches, not which cards hold it)."""
RANKS = ("elite", "common")
"""``vs_rank`` (only against elite / common cards) and ``partner`` (formation with an elite / a
common creature)."""
VIAS = ("spell", "effect")
"""``via``: a non-attack action's class, for protections: a spell is magical (protection from spells
and from magic block it), an effect is not (fortitude blocks its wounds)."""
"""000 glossary "Strike through a row": "If the power of this strike is not stated, it equals 1"."""

_KINDS_TEXT = {
    "shot": "Shot", "throw": "Throw", "discharge": "Discharge", "strike_through_row": "Strike through a row",
    "magic_strike": "Magic strike", "special_strike": "Special strike", "spell": "Spell: wound",
    "effect": "Effect: wound", "wound": "Wound", "heal": "Heal", "strike_bonus": "Simple strike +",
    "directed": "Directed strike",
    "unanswerable": "Unanswerable strike", "simple_magic": "Simple strike is magical", "reduce": "Takes −",
    "protection": "Protection from", "blessing": "Blessed", "curse": "Cursed", "poison": "Poisoning",
    "gain_counter": "Gains counters:", "give_blessing": "Blesses a card", "give_curse": "Curses a card",
    "move_wounds": "Moves wounds from an ally to the target:", "extra_life": "Extra life +",
    "cap": "Wounds from one attack at most", "stays_open": "Does not close after its attacks",
    "incarnation": "Incarnation", "finishing": "Finishing off at", "vampirism": "Vampirism",
    "shield": "Shields its squad from non-magic wounds:",
    "keyword": "Has", "defends_open": "Does not close when it defends",
    "taunt": "Enemy attacks must target it:", "block": "Blocks attacks:", "carrion_eating": "Carrion-eating",
    "ignore_abilities": "Ignores the abilities of the card it strikes",
    "ignore_prot_flyers": "Ignores protection from flying creatures",
    "redirectable": "The opponent may redirect its simple strike", "wraps": "Edge squares of a row adjacent",
    "bar": "Enemy ground creatures cannot move onto:",
    "jump": "Jump, range", "cap_strike": "Reduces a simple strike on its squad to",
    "flip_die": "Turns a die to its opposite face",
    "concentrate": "Sets off the concentration of",
    "hypnosis": "Hypnosis (the target strikes a card next to it, then closes)",
    "cancel": "Cancels the announced action of",
    "open": "Opens a card", "stun": "Stuns a card", "close": "Closes a card",
    "root": "Roots a card", "push": "Pushes a card away", "rehost": "Moves onto an adjacent ally",
    "lose_counters": "Loses counters", "teleport": "Teleports", "cleanse": "Removes from a card:",
    "grave_token": "Incarnation tokens to a graveyard card:", "destroy": "Destroys a card",
    "restore_armor": "Restores its armor",
    "claim_incarnation": "Gives an enemy incarnation, returning under its control:",
    "next_roll": "Your next die roll this turn shows this roll",
    "roll_bonus": "Its next die roll +",
    "redirect": "Sudden: redirects an enemy attack on its squad", "ward": "Carries a ward marker",
    "rides_killer": "Instead of dying with its host, may ride the creature whose strike killed it",
    "hunted": "Hunt marker: a flyer's attack wounds it more by",
    "step_wounds": "Wounds itself on each move by",
    "death_blast": "At its death wounds every card next to it by",
    "takes_poison": "Takes a neighbour's poisoning on itself",
    "drains_ghosts": "Its vampirism also drains incorporeal creatures",
    "no_heal": "Cannot heal nor gain extra life",
    "roll_wounds": "Wounds itself on each of its die rolls:",
    "mark": "Puts a marker on the square:",
    "delayed_wound": "Wounds at the end of its target's next turn unless it attacks this card:",
    "incarnate_on_mark": "Its creatures may incarnate open on a marked square:",
    "reposition": "Moves to a free square of its 2nd or 3rd row",
    "far_step": "Steps onto the squares of creatures as onto adjacent ones",
    "teleportation": "Teleportation", "dash": "Dash", "diagonal": "Moves diagonally",
    "leap": "May jump now, range",
    "summon": "Summons from the deck", "resurrect": "Resurrects", "to_graveyard": "Puts into the graveyard",
    "exile": "Exiles", "grave_exile": "Exiles a card of its graveyard",
    "fetch": "Before recruiting: reveal it, take it into the squad and fetch from the deck",
    "prophecy": "Prophecy",
    "flood": "Its target's square becomes depth", "drain": "Its target's square counts as surface this turn",
    "relocate": "Moves its target to a free square",
    "far_strike": "Its simple strike reaches, as if adjacent,",
    "terrain_class": "Its squad's terrain also counts as",
    "shift": "Moves a card onto a square next to it",
    "ignore_protection": "Ignores the target's protection from",
    "prey": "Marked as prey", "pounce": "Jumps next to the target",
    "acid_fumes": "Marked with acid fumes", "flame_seal": "Marked with a flame seal",
    "lose_keyword": "Loses",
    "no_magic": "Cannot use magical abilities", "heal_bonus": "Its squad heals more by",
    "range_bonus": "Range +",
    "swap_strikes": "Weak and strong strikes swapped", "ignore_taunt": "Ignores taunts for",
    "host_only": "Rides only a host",
    "grave_wound": "Valhalla: wounds a creature of its own squad",
    "trap": "Lays a trap: the next enemy creature to act is wounded",
    "darken": "The creature becomes dark",
    "dash_swap": "Instead of dashing may swap squares with a creature of its squad next to it",
    "jump_swap": "May jump onto the square of a creature of its squad, swapping squares with it",
    "gateway": "Creatures of its squad may step onto the squares next to it as onto adjacent ones",
    "heal_to_jump": "Instead of healing X may jump, range X",
    "forces_defender": "The opponent must appoint a defender against its simple strike",
    "strike_again": "Does not close and may make one more simple strike this turn",
    "dirty_trick": "Dirty trick: may wound an adjacent creature of its squad",
    "strikes_twice": "May attack with its simple strike twice per turn",
    "fight": "Fights the target with its simple strike as if it were open",
    "become": "Becomes",
    "strikes_twice_in_a_row": "May attack with its simple strike twice per turn, in a row",
    "host_may_stay_closed": "Its host may stay closed at the start of its turn",
    "flies_from_dead_host": "Instead of dying with its host it becomes a flyer",
    "rehosts_riders": "Your rider that would die with its host moves onto another creature",
    "saves_host": "Instead of its host's death heals it by its own life left, then is destroyed",
    "strike_limit": "Its simple strike only at a card in a position:",
    "pull": "Pulls the target one square towards it",
    "bind": "The target may act only by a simple strike at it",
    "cheats_death": "Instead of dying heals",
    "parries_closed": "While closed parries simple strikes as an open card",
    "attach": "Becomes the target's parasite or companion",
    "swap": "Swaps squares with",
    "no_defend": "May not be appointed defender",
    "ignore_armor": "Ignores the target's armor against",
    "row_over": "Its strikes through a row pass over enemy cards",
    "discount": "Costs less to recruit, crystals:",
    "attack_bonus": "Power of its attacks",
    "hauled": "Moved one square by closing an adjacent ally",
    "silence": "Enemy creatures so placed lose their abilities",
    "shift_die": "Sudden: lowers a die roll by",
    "set_die": "Sudden: sets a die roll to",
    "block_attack": "Sudden: blocks an enemy attack of value",
    "recruit_gold": "Recruiting it gives gold crystals:",
    "jump_range": "Jump range +",
    "counts_as": "Its attacks count as",
    "taken_as": "Attacks on it count as",
    "fight_result": "May fix its fight's result for both as",
    "roll_twice": "Rolls its fight die twice and keeps one",
    "fight_upgrade": "A won weak/medium-miss fight may move a line up",
    "amphibious": "Its depth and surface abilities work on any square",
    "guards_far": "May defend, wherever it stands, an ally",
    "host_anywhere": "With no first-row host, may ride any revealed enemy creature",
    "contract": "Marked by a contract",
}
_COST_TEXT = {"tap": "tap", "counter_tap": "counter + tap", "counter": "counter", "free": "no payment",
              "passive": "",
              "trigger": "on ", "then": "then, after the one before", "or": "or, instead of the one before",
              "recruit": "before recruiting", "aura": "aura: held by"}


@dataclass(frozen=True)
class Ability:
    """One ability of one printing. Fields left at their defaults mean "no condition"."""

    kind: str
    damage: tuple[int, ...] = ()
    """``(n,)`` fixed, or ``(weak, medium, strong)`` chosen by a die: 1-3, 4-5, 6 (000 "Shot at X-Y-Z").
    For ``strike_bonus`` the bonus per strike kind; for ``heal`` the wounds healed; ``reduce`` the
    wounds taken off; ``poison`` the poisoning; ``gain_counter`` the counters gained."""
    range: int | None = None
    """Squares counted in any direction (000 "Range X"); None = the rulebook's default: no limit for
    ranged attacks, spells, effects and heals, adjacent for magic and special strikes."""
    cost: str = "passive"
    targets: int = 1
    """How many different cards it hits ("three discharges on different creatures" = 3)."""
    counters: int = 0
    """Counters paid (``counter`` / ``counter_tap``; 1 unless the card says more)."""
    trigger: str | None = None
    target: str = "enemy"
    vs_elements: tuple[str, ...] = ()
    vs_classes: tuple[str, ...] = ()
    vs_types: tuple[str, ...] = ()
    vs_min_cost: int | None = None
    vs_max_cost: int | None = None
    uses_per_battle: int = 0
    """0 = unlimited; "(1 раз за бой)" = 1."""
    uses_per_turn: int = 0
    seat: str | None = None
    """Only when its owner is the First / Second player (the card's ``{first}``/``{second}`` mark)."""
    applies_to: tuple[str, ...] = ()
    """``reduce`` / ``protection``: what it applies to (see :data:`FROM`); TOML key ``from``."""
    boosts: tuple[str, ...] = ()
    """An ``attack_bonus`` / ``counts_as`` given by a trigger for a while: the attacks the grant is
    for (see :data:`FROM`), when ``from`` filters what sets the trigger off ("когда получает раны …
    получает +1 к следующему {strike}": any wounds, the simple strike boosted, 50/113)."""
    extra: str = ""
    """A short English phrase for an accompanying effect that is not modelled (the modelled part is
    played without it; on a passive it names a condition, and the passive is not applied)."""
    requires: str = ""
    """A short English phrase for a condition or cost of the text that the vocabulary cannot check
    ("only while it hosts a symbiote", "costs an incarnation token"): the fact is kept and shown,
    but never played — by the battle, duels or ratings — since playing it unconditionally would
    give the card what its text withholds."""
    formation: bool = False
    """Only while a creature of its squad with the formation keyword stands orthogonally next to it
    (000 glossary "Formation": the "Строй:" abilities)."""
    self_state: str | None = None
    """Only while the card itself is in this state (:data:`SELF_STATES`)."""
    vs_state: str | None = None
    """Only against a target in this state (:data:`VS_STATES`)."""
    via: str | None = None
    """For non-attack actions: ``spell`` or ``effect`` (:data:`VIAS`); which protections apply."""
    tiers: tuple[str, ...] = ()
    """``cap`` / ``protection``: only against attacks of these strengths (:data:`TIERS`)."""
    parity: str | None = None
    """``cap`` / ``protection``: only against attacks of even / odd power (:data:`PARITIES`)."""
    min_power: int = 0
    """``cap`` / ``protection``: only against attacks of this power or more (0: any; 60/115: simple
    strikes of 3 or more on it are reduced to 1 = ``cap`` 1 with ``min_power = 3``)."""
    sudden: bool = False
    """A sudden action ({instant}, 000 1.9.4): besides its owner's own turn, the action may be used
    in the opponent's turn when its player gets priority — in response to an enemy action aimed at a
    card of its squad (before it is carried out) and at the start and the end of the opponent's turn
    (data/README.md "Sudden actions"). On a trigger (cost ``trigger``): "{instant}{tap}: при …" — it
    fires only while the card is open, its player may decline it, and taking it closes the card (the
    {tap} payment, 000 2.4; 30/100 Болота Ракштольна, 30/137 Соултрад)."""
    life_cap: int = 0
    """``vampirism``: its life never grows above this (0 = no cap beyond the rulebook's)."""
    when_state: str | None = None
    """On a trigger about another card (:data:`WHEN_TRIGGERS`): only when that card is in this state
    (:data:`VS_STATES`; "when a cursed creature dies" = ``cursed``)."""
    when_keyword: str | None = None
    """On a trigger about another card: only when that card has this keyword column (e.g.
    ``concentration``: "your creature with concentration")."""
    when_type: str | None = None
    """On a trigger about another card: only when that card is of this type (:data:`CARD_TYPES`;
    ``flyer``: "вашего летающего существа")."""
    when_max_cost: int | None = None
    """On a trigger about another card: only when that card costs at most this ("при гибели вашего
    стоящего рядом существа меньшей стоимости", 30/85 Древолом: ``when_max_cost = 7``)."""
    when_min_cost: int | None = None
    """On a trigger about another card: only when that card costs at least this ("ваше существо
    стоимостью 7 или более", 30/185 Колосс)."""
    when_elements: tuple[str, ...] = ()
    """On a trigger about another card: only when that card is of one of these elements
    (:data:`~analysis.cards.schema.ELEMENTS`; "при ударе тёмного существа" = ``["darkness"]`` on
    ``squad_strike``, 30/137 Соултрад; "при атаке вашего болотного существа", 30/100)."""
    once_per_card: bool = False
    """On a trigger about another card: at most once per turn for each such card ("the first time
    in a turn it is wounded")."""
    keyword: str | None = None
    """``keyword`` kind: the keyword column it has (``armor``, ``exp_defence``…; ``move`` = +N
    movement); X in ``damage``."""
    when: str | None = None
    """A board or turn condition (:data:`WHENS`), checked by the battle engine."""
    count: int = 1
    """How many the ``when`` condition (or ``formation``) needs: ``allies_adjacent`` / formation
    partners at least ``count``, ``classes_adjacent`` at least ``count`` classes."""
    partner: str | None = None
    """With ``formation``: only in formation with an ``elite`` / a ``common`` creature."""
    nth: int = 0
    """On a trigger: only the ``nth`` time it fires in the battle ("когда выступает защитником второй
    раз за бой", 30/176 Сквайр = ``nth = 2``); 0: every time."""
    classes: tuple[str, ...] = ()
    """Class names for ``when = "squad_class"`` (a card of its squad of one of them), ``when =
    "allies_adjacent"`` (only such creatures count) and kind ``terrain_class`` (the classes its squad's
    terrain gains)."""
    per: str | None = None
    """The amount is a quantity of the game (:data:`PERS`) plus ``plus``, at most ``per_max``."""
    per_max: int = 0
    plus: int = 0
    lasts: str | None = None
    """A passive kind given by an action or trigger holds for this long (:data:`LASTS`)."""
    vs_has: tuple[str, ...] = ()
    """Only against cards that have one of these: an ability kind (of their facts) or a keyword
    column ("обладающим разрядом, магическим ударом или заклинанием")."""
    vs_min_move: int | None = None
    vs_max_move: int | None = None
    """Only against cards with at least this movement."""
    vs_rank: str | None = None
    """Only against ``elite`` / ``common`` cards."""
    vs_position: str | None = None
    """Only against a card in this position to it (:data:`POSITIONS`), checked at the strike."""
    area: str | None = None
    """Where a trigger or action finds its targets (:data:`AREAS`)."""
    every: bool = False
    """All the cards it can aim at, without a choice ("ранить всех стоящих рядом")."""
    roll: tuple[int, ...] = ()
    """Only when a die (one per trigger event or use) shows one of these faces."""
    rest: bool = False
    """``open``: the opened card cannot act again this turn."""
    squad_has: tuple[str, ...] = ()
    """Only if its squad has, at the start of the battle, another creature of one of these elements."""
    tokens: int = 0
    """Incarnation tokens it costs, taken from cards in its owner's graveyard ("снять жетон
    инкарнации с существа на вашем кладбище"), on top of its ``cost``: an action cannot be used and a
    trigger does not fire without them; the player picks the cards (``Player.token_holder``) and may
    decline a triggered one."""
    self_too: bool = False
    """``destroy``: it destroys itself as well ("уничтожить себя и атакованного")."""
    anywhere: bool = False
    """``incarnation``: it may instead return open onto any free square of either third row, for
    ``tokens`` incarnation tokens of other cards of its squad in the graveyard ("может инкарнировать
    в любом третьем ряду в открытом виде, сняв жетон инкарнации с другого вашего существа")."""
    early: bool = False
    """``incarnation``: before the start of its owner's turn it may return with fewer tokens (at
    least 1), taking 2 wounds and −1 to its simple strike for the battle per missing token (60/168
    Зомби-гризли; its player decides: ``Player.incarnate_early``)."""
    repeats: bool = False
    """``incarnation``: it may return any number of times per battle, not once ("любое число раз за
    бой"); its tokens start again from 0 each time it dies."""
    gives: str | None = None
    """An attack or wounding action that also gives its target this state (:data:`GIVES`)."""
    removes: tuple[str, ...] = ()
    """``cleanse``: the states its target loses (:data:`REMOVES`)."""
    fury: int = 0
    """Trigger ``fury`` (Бешенство X): X, the highest die roll that sets it off."""
    delay: str | None = None
    """A wounding action's wounds land later (:data:`DELAYS`)."""
    marker: str | None = None
    """``mark``: the marker it puts (:data:`MARKERS`); on an attack: the attack also puts this marker
    on its target's square."""
    onto: str | None = None
    """``summon`` / ``resurrect``: where the card enters (:data:`ONTO`; None: next to this card);
    ``relocate``: only onto a free square of this kind (:data:`RELOCATE_ONTO`)."""
    same_name: bool = False
    """``summon`` / ``resurrect`` / ``to_graveyard``: only a card of this card's name ("another
    Балторн")."""
    gold: int = 0
    """Cost ``recruit``: the gold crystals paid before recruiting."""
    into: str | None = None
    """``become``: what the target becomes (:data:`BECOME_INTO`)."""
    move: int | None = None
    """``become``: its movement afterwards (a landing flyer: 1 unless the text says, 003 L1587; a card
    printed as a ground creature takes back its printed movement; an artifact coming to life: 0 unless
    given)."""
    may: bool = False
    """"может …": its player may decline it — ``Player.choose_targets`` may pick no target. On a
    trigger it is asked before any price is paid (60/14 Горт's fight for a counter, 60/215 Рафаэль's
    wounds on its own creatures; "может получить полёт", a ``become``); on a ``then`` its player aims
    (another side than the ability before it: 50/172 Счастливчик Тони, "при этом ваш пират может
    получить проклятие"). Other abilities are carried out whenever they find a target. After a
    declined ``become`` its ``then`` abilities do not follow ("при этом")."""
    foes: tuple[str, ...] = ()
    """``fight`` of a creature of its own squad: the card types it may fight besides creatures ("со
    стоящей рядом картой" = ``["artifact"]``: 50/172 Счастливчик Тони)."""
    negative: bool = False
    """With ``per``: the amount is taken off, −X ("получает −X к …, где X …")."""
    needs: tuple[str, ...] = ()
    """``discount``: what the rest of the squad must hold, each at least once — a card type
    (:data:`~analysis.cards.schema.CARD_TYPES`), ``symbiote`` (a companion or a parasite) or a class
    ("если в вашем отряде есть симбиот" = ``["symbiote"]``)."""
    zone: str | None = None
    """Trigger ``enemy_enters``: the squares whose entering sets it off (:data:`ZONES`)."""
    picker: str | None = None
    same_cost: bool = False
    """``summon`` / ``resurrect`` / ``to_graveyard`` on a trigger: only a card of the cost of the card
    the trigger aims at — the attacker for ``wounded`` ("от атаки карты противника стоимостью Х …
    существо … стоимостью Х", 40/57 Ярл викингов)."""
    squad_max: int = 0
    """``summon`` / ``resurrect``: only while its squad has this many cards in play or fewer ("если в
    вашем отряде три или менее карты — возродиться", 60/200 Ангел надежды); 0: any."""
    grave_lacks_name: bool = False
    """``summon`` / ``resurrect`` / ``to_graveyard``: only while no other card of its name lies in its
    graveyard ("если на вашем кладбище нет другого Балторна", 60/151)."""
    missing: str | None = None
    """``fetch``: the fetched card has a cost / an element (:data:`MISSING`) none of ``count`` other
    cards shown from the deal has, those being of distinct costs / elements."""
    new_name: bool = False
    """``summon`` / ``resurrect``: only a card whose name no card of its squad in play has ("если
    элементаля с таким названием нет в вашем отряде", 40/34 Элементалист Дзара); ``to_graveyard``: none
    of its graveyard ("до 3 боевых машин с разным названием", 50/55 Механический дракон)."""
    named: str | None = None
    """Only cards of this name, like a ``vs_*`` condition ("вызвать на его клетку Вылупившегося дракона",
    30/187 Яйцо дракона; "каждое Яйцо дракона в вашем отряде", 30/98); compared as copies are (case,
    ё = е)."""
    shown: tuple[str, ...] = ()
    """After a ``prophecy``: only when the card shown is one of these (:data:`SHOWN`)."""
    shown_cost: str | None = None
    """After a ``prophecy``: its targets' cost against the shown card's (:data:`SHOWN_COSTS`)."""
    """``target``: of a trigger with ``or`` alternatives, the player of the card it aims at picks one
    ("по выбору противника")."""

    @property
    def conditional(self) -> bool:
        """True when a condition limits it or an unmodelled extra effect comes with it."""
        return bool(
            self.vs_elements or self.vs_classes or self.vs_types or self.vs_min_cost is not None
            or self.vs_max_cost is not None or self.uses_per_battle or self.uses_per_turn or self.seat
            or self.extra or self.requires or self.formation or self.self_state or self.vs_state or self.tiers
            or self.parity or self.min_power or self.life_cap or self.when_state or self.when_keyword
            or self.once_per_card
            or self.when_type or self.when_elements or self.when_max_cost is not None
            or self.when_min_cost is not None
            or self.when or self.partner or self.per or self.lasts or self.vs_has or self.classes or self.nth
            or self.vs_min_move is not None or self.vs_max_move is not None
            or self.vs_rank or self.vs_position or self.area or self.roll or self.squad_has or self.tokens
            or self.delay or self.same_name or self.onto or self.may or self.needs
            or self.shown or self.shown_cost or self.named or self.new_name or self.same_cost or self.missing
            or self.grave_lacks_name or self.squad_max
            or (self.target not in ("enemy", _default_target(self.kind)))
        )

    @property
    def is_action(self) -> bool:
        return self.cost in ("tap", "counter_tap", "counter", "free")

    def damage_by_roll(self, roll: int) -> int:
        """The damage for a die roll (modifiers already added): ≤3 weak, 4-5 medium, ≥6 strong."""
        if not self.damage:
            return 0
        if len(self.damage) == 1:
            return self.damage[0]
        return self.damage[0] if roll <= 3 else self.damage[1] if roll <= 5 else self.damage[2]

    def describe(self) -> str:
        """The ability as a short English fact line, e.g. ``Shot 1-2-3, range 4 — tap``."""
        head = _KINDS_TEXT[self.kind]
        amount = "-".join(map(str, self.damage))
        if self.kind == "protection" and amount:
            head = f"{head} {', '.join(self.applies_to)} of power {amount}"
        elif self.kind in ("reduce", "protection"):
            head = f"{head}{amount + ' from ' if amount else ' '}{', '.join(self.applies_to)}"
        elif self.kind == "jump" and not self.damage:
            head = "Teleportation (a jump to any free square)"
        elif self.kind == "keyword" and self.keyword == "move":
            sign = "" if self.damage and self.damage[0] < 0 else "+"
            head = f"{sign}{amount or 1} movement"  # added to the printed movement, not a keyword column
        elif self.kind == "keyword":
            head = f"{head} {(self.keyword or '').replace('_', ' ')}{' ' + amount if amount else ''}"
        elif self.kind == "lose_keyword":
            head = f"{head} {(self.keyword or '').replace('_', ' ')}"
        elif self.kind in ("taunt", "block", "redirect", "ignore_protection", "ignore_armor"):
            head = f"{head} {', '.join(self.applies_to)}"
        elif self.kind == "mark":
            where = ("a square its player chooses" if self.trigger in CHOSEN_SQUARE
                     else "the square of the card it is about")
            article = "an" if (self.marker or "x")[0] in "aeiou" else "a"
            head = f"Puts {article} {self.marker} marker on {where}"
        elif self.kind == "incarnate_on_mark":
            head = f"Its creatures may incarnate open on a {self.marker} square (any row), removing it"
        elif self.kind == "cap":
            head = f"Attacks on it ({', '.join(self.applies_to)}) reduced to {amount}"
        elif self.kind == "cleanse":
            head = f"{head} {', '.join(self.removes)}"
        elif self.kind == "become":
            head = {"flyer": "Becomes a flyer", "artifact": "Becomes an artifact",
                    "companion": "Becomes a companion of a creature of its squad"}.get(
                self.into or "", "Becomes a ground creature (a flyer lands)")
            if self.damage:
                head += f", simple strike {amount}"
            if self.move is not None:
                head += f", movement {self.move}"
            if self.may:
                head += " (may)"
        elif self.kind in ("gain_counter", "shield", "grave_token", "claim_incarnation"):
            head = f"{head} {amount}"
        elif amount:
            head = f"{head}{'' if head.endswith('+') else ' '}{amount}"
        parts = [head]
        if self.applies_to and self.kind not in ("reduce", "protection", "cap", "taunt", "block", "redirect",
                                                 "ignore_protection", "ignore_armor"):
            parts.append("after " + "/".join(self.applies_to))
        if self.boosts:
            parts.append("for " + "/".join(self.boosts))
        if self.range is not None:
            parts.append(f"range {self.range}")
        if self.targets > 1:
            parts.append(f"{self.targets} different targets")
        if self.target != _default_target(self.kind):
            parts.append(f"target {self.target}")
        cond = []
        if self.vs_elements:
            cond.append("vs " + "/".join(self.vs_elements))
        if self.vs_classes:
            cond.append("vs class " + "/".join(self.vs_classes))
        if self.vs_types:
            cond.append("vs " + "/".join(self.vs_types))
        if self.vs_min_cost is not None:
            cond.append(f"vs cost ≥ {self.vs_min_cost}")
        if self.vs_max_cost is not None:
            cond.append(f"vs cost ≤ {self.vs_max_cost}")
        if self.seat:
            cond.append(f"{self.seat} player only")
        if self.formation:
            cond.append("in formation")
        if self.self_state:
            cond.append(f"while {self.self_state}")
        if self.vs_state:
            cond.append(f"vs {self.vs_state}")
        if self.via:
            cond.append(f"as {'an' if self.via[0] in 'aeiou' else 'a'} {self.via}")
        if self.tiers and self.kind in ("counts_as", "taken_as") and len(self.tiers) == 2:
            cond.append(f"{self.tiers[0]} ones as {self.tiers[1]}")
        elif self.tiers:
            cond.append("vs " + "/".join(self.tiers) + " attacks")
        if self.parity:
            cond.append(f"vs attacks of {self.parity} power")
        if self.min_power:
            cond.append(f"vs attacks of power {self.min_power} or more")
        if self.life_cap:
            cond.append(f"life at most {self.life_cap}")
        if self.when_state:
            cond.append(f"when it is {self.when_state}")
        if self.when_keyword:
            cond.append(f"when it has {self.when_keyword.replace('_', ' ')}")
        if self.when_type:
            cond.append(f"when it is a {self.when_type}")
        if self.when_elements:
            cond.append("when it is " + "/".join(self.when_elements))
        if self.once_per_card:
            cond.append("once per turn for each card")
        if self.per:
            bits = [f"X = {self.per.replace('_', ' ')}"]
            if self.plus:
                bits.append(f"+ {self.plus}")
            if self.per_max:
                bits.append(f"at most {self.per_max}")
            cond.append(" ".join(bits))
        if self.when:
            count = f" ({self.count})" if self.count > 1 else ""
            cond.append(f"while {self.when.replace('_', ' ')}{count}")
        if self.nth:
            cond.append(f"only the {self.nth}. time in the battle")
        if self.classes:
            word = "classes " if self.kind == "terrain_class" else "of class "
            cond.append(word + "/".join(self.classes))
        if self.partner:
            cond.append("with an elite partner" if self.partner == "elite" else "with a common partner")
        if self.formation and self.count > 1 and not self.when:
            cond.append(f"with {self.count} partners")
        if self.trigger == "counters_reach":
            cond.append(f"at {self.count}+ counters, spending them all")
        if self.vs_has:
            cond.append("vs cards with " + "/".join(v.replace("_", " ") for v in self.vs_has))
        if self.vs_min_move is not None:
            cond.append(f"vs movement ≥ {self.vs_min_move}")
        if self.vs_max_move is not None:
            cond.append(f"vs movement ≤ {self.vs_max_move}")
        if self.vs_rank:
            cond.append(f"vs {self.vs_rank} cards")
        if self.vs_position:
            cond.append(f"vs a card {self.vs_position.replace('_', ' ')}")
        if self.area:
            cond.append(f"area {self.area.replace('_', ' ')}")
        if self.onto:
            cond.append(f"onto a {self.onto} square" if self.onto != "away"
                        else "onto a square not next to it")
        if self.every:
            cond.append("every such card")
        if self.roll:
            cond.append("on a die of " + "/".join(map(str, self.roll)))
        if self.fury:
            cond.append(f"fury {self.fury}")
        if self.rest:
            cond.append("it cannot act again this turn")
        if self.squad_has:
            cond.append("if the squad has " + "/".join(self.squad_has))
        if self.zone:
            cond.append(f"entering {self.zone.replace('_', ' ')}")
        if self.picker:
            cond.append("its target's player picks")
        if self.named:
            cond.append(f"only {self.named}")
        if self.new_name:
            cond.append("only a name not in its squad")
        if self.same_cost:
            cond.append("of the cost of the card it is about")
        if self.grave_lacks_name:
            cond.append("while no other card of its name lies in its graveyard")
        if self.squad_max:
            cond.append(f"while its squad has {self.squad_max} cards in play or fewer")
        if self.shown:
            cond.append("if the card shown is " + "/".join(x.replace("_", " ") for x in self.shown))
        if self.shown_cost:
            cond.append("at a card of the shown card's cost" if self.shown_cost == "equal"
                        else "at a card of the shown card's cost or less")
        if self.marker and self.trigger == "squad_enters_mark":
            cond.append(f"on a {self.marker} square")
        elif self.marker and self.kind not in ("mark", "incarnate_on_mark"):
            cond.append(f"leaves a {self.marker} marker on its target's square")
        if self.lasts:
            cond.append(f"until the end of the {self.lasts.replace('_', ' ')}")
        if self.repeats:
            cond.append("any number of times per battle")
        if self.early:
            cond.append("or early with fewer tokens (2 wounds and -1 strike per missing one)")
        if self.anywhere:
            cond.append(f"or open on any third row for {self.tokens} graveyard token(s)")
        if self.self_too:
            cond.append("itself too")
        if self.gives:
            cond.append(f"gives its target a {self.gives}")
        if self.delay == "apart":
            cond.append("wounds at the end of this turn those not next to it")
        if self.delay == "near":
            cond.append("only if the target then stands next to it")
        if self.uses_per_battle:
            cond.append(f"{self.uses_per_battle}× per battle")
        if self.uses_per_turn:
            cond.append(f"{self.uses_per_turn}× per turn")
        if self.sudden:
            cond.append("sudden: it closes the card, which must be open" if self.cost == "trigger"
                        else "sudden: in either turn")
        if self.same_name:
            cond.append("a copy of this card")
        if self.onto:
            cond.append(f"onto {self.onto.replace('_', ' ')}")
        if self.gold:
            cond.append(f"for {self.gold} gold")
        if self.may:
            cond.append("its player may decline")
        parts.extend(cond)
        text = ", ".join(parts)
        cost = _COST_TEXT[self.cost]
        if self.cost == "trigger":
            cost += (self.trigger or "").replace("_", " ")
        elif self.cost == "aura":
            cost += f" {self.target} cards, {self.area}"
        if self.counters > 1:
            cost = cost.replace("counter", f"{self.counters} counters")
        if self.cost == "trigger" and self.counters:
            cost += f", paying {self.counters} counter{'s' if self.counters > 1 else ''}"
        if self.tokens and not self.anywhere:
            paid = f"{self.tokens} graveyard incarnation token{'s' if self.tokens > 1 else ''}"
            cost = f"{cost} + {paid}" if cost else paid
        if cost:
            text += f" — {cost}"
        if self.extra:
            text += f" (+ not modelled: {self.extra})"
        if self.requires:
            text += f" (not played, needs: {self.requires})"
        return text

    def contract(self) -> dict[str, Any]:
        """The look-up contract's object (issue 9): exactly kind, damage, range, cost, targets,
        conditional."""
        return {"kind": self.kind, "damage": list(self.damage), "range": self.range, "cost": self.cost,
                "targets": self.targets, "conditional": self.conditional}

    def to_dict(self) -> dict[str, Any]:
        """The contract's object plus the conditions and details that are set (trigger, counters,
        ``vs_*``, uses, seat, from, target, extra)."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "damage": list(self.damage),
            "range": self.range,
            "cost": self.cost,
            "targets": self.targets,
            "conditional": self.conditional,
        }
        for name in ("counters", "trigger", "vs_min_cost", "vs_max_cost", "uses_per_battle",
                     "uses_per_turn", "seat", "extra", "requires", "formation", "self_state", "vs_state",
                     "via", "parity", "life_cap", "when_state", "when_keyword", "when_type",
                     "once_per_card", "keyword", "when", "partner", "per", "per_max", "plus", "lasts",
                     "vs_min_move", "vs_max_move", "vs_rank", "vs_position", "area", "every", "rest",
                     "tokens", "repeats",
                     "self_too", "anywhere", "gives",
                     "fury", "marker", "delay", "early", "min_power", "sudden", "onto", "same_name",
                     "gold", "nth", "into", "move", "may", "negative", "zone", "picker", "shown_cost",
                     "named", "new_name", "same_cost", "missing", "grave_lacks_name", "squad_max"):
            value = getattr(self, name)
            if value:
                out[name] = value
        if self.count > 1:
            out["count"] = self.count
        for name in ("vs_elements", "vs_classes", "vs_types", "tiers", "vs_has", "roll", "squad_has",
                     "removes", "classes", "needs", "foes", "when_elements",
                     "shown"):
            if getattr(self, name):
                out[name] = list(getattr(self, name))
        if self.applies_to:
            out["from"] = list(self.applies_to)
        if self.boosts:
            out["boosts"] = list(self.boosts)
        if self.target != _default_target(self.kind):
            out["target"] = self.target
        return out


def _default_target(kind: str) -> str:
    if kind in ("heal", "give_blessing", "open", "grave_token", "cleanse", "resurrect", "to_graveyard",
                "dirty_trick", "grave_exile"):
        return "ally"
    if kind in RECRUITMENT:
        return "self"
    if kind in PASSIVES or kind in RESPONSES or kind in ("gain_counter", "extra_life", "shield", "rehost",
                                                          "lose_counters", "teleport", "restore_armor",
                                                          "reposition", "leap", "summon", "exile", "flood",
                                                          "strike_again", "become", "prophecy", "fetch"):
        return "self"
    return "enemy"


@dataclass(frozen=True)
class CardAbilities:
    """The modelled text of one printing: its abilities, its status and what is left out."""

    code: str
    name: str
    status: str
    abilities: tuple[Ability, ...] = ()
    unmodelled: tuple[str, ...] = ()
    start_counters: int = 0
    start_counters_second: int = 0
    """Extra counters at the start when its owner is the Second player."""
    max_counters: int = 0
    """0 = no limit (000 1.11)."""
    counters_are_tokens: bool = False
    """Its ``{counter}`` facts stand for tokens (жетоны, ``{token}``): gained and paid as a counter, but
    only as its text says — never by the implied "[tap]: accumulate 1 counter" (000 1.11.1), which is
    about counters (фишки) only (data/README.md "Tokens")."""
    source: str = field(default="", compare=False)
    played: tuple[Ability, ...] = field(init=False, compare=False, repr=False)
    """The abilities the battle, duels and ratings play: all but those with ``requires``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "played", tuple(a for a in self.abilities if not a.requires))

    def of_kind(self, *kinds: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.kind in kinds)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "modelled": self.status,
            "abilities": [a.to_dict() for a in self.abilities],
            "unmodelled": list(self.unmodelled),
        }
        for name in ("start_counters", "start_counters_second", "max_counters", "counters_are_tokens"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        return out


NO_ENTRY = "no ability facts for this printing in data/abilities yet"


def lookup_contract(name: str, code: str, entry: CardAbilities | None) -> dict[str, Any]:
    """``berserk abilities CARD --json``: exactly ``{"card", "code", "modelled", "abilities":
    [{"kind", "damage", "range", "cost", "targets", "conditional"}, …], "unmodelled"}``; a printing
    without an entry is ``none`` and says so in ``unmodelled``."""
    if entry is None:
        return {"card": name, "code": code, "modelled": "none", "abilities": [], "unmodelled": [NO_ENTRY]}
    return {"card": name, "code": code, "modelled": entry.status,
            "abilities": [a.contract() for a in entry.abilities], "unmodelled": list(entry.unmodelled)}


AbilityBook = Mapping[str, CardAbilities]
"""Printing code (``SET/NUMBER``) → its abilities."""

# --------------------------------------------------------------------------- reading and checking

MAX_ABILITY_FILE_BYTES = 5_000_000
_CODE = re.compile(r"^(\d{1,3})/(\d{1,4})$")
_CARD_KEYS = {"code", "name", "status", "unmodelled", "abilities", "start_counters",
              "start_counters_second", "max_counters", "counters_are_tokens"}
_ABILITY_KEYS = {"kind", "damage", "range", "cost", "targets", "counters", "trigger", "target",
                 "formation", "self_state", "vs_state", "via",
                 "vs_elements", "vs_classes", "vs_types", "vs_min_cost", "vs_max_cost", "uses_per_battle",
                 "uses_per_turn", "seat", "from", "boosts", "extra", "requires", "tiers", "parity",
                 "life_cap",
                 "when_state", "when_keyword", "when_type", "when_elements", "when_max_cost",
                 "when_min_cost", "once_per_card", "keyword", "when", "count",
                 "partner", "per",
                 "per_max", "plus",
                 "lasts", "vs_has", "vs_min_move", "vs_max_move", "vs_rank", "vs_position", "area", "every",
                 "roll", "rest",
                 "squad_has", "tokens", "repeats", "self_too", "anywhere", "gives", "removes", "fury",
                 "marker", "delay", "early", "min_power", "sudden", "onto", "same_name", "gold", "classes",
                 "nth", "into", "move", "may", "needs", "negative", "foes", "zone", "picker",
                 "shown", "shown_cost", "named", "new_name", "same_cost", "missing",
                 "grave_lacks_name", "squad_max"}
_HEADER = re.compile(r"^\s*\[\[\s*card\s*\]\]\s*(#.*)?$")
_INLINE = re.compile(r"^\s*\{")


class _Where:
    """Line numbers of the ``[[card]]`` headers and of the inline ability tables below each one,
    so an error can name the line (tomllib keeps none)."""

    def __init__(self, source: str, text: str):
        self.source = source
        self.cards: list[int] = []
        self.abilities: list[list[int]] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if _HEADER.match(line):
                self.cards.append(number)
                self.abilities.append([])
            elif self.abilities and _INLINE.match(line):
                self.abilities[-1].append(number)

    def line(self, card: int, ability: int | None = None) -> int:
        if card >= len(self.cards):
            return 0
        if ability is not None and ability < len(self.abilities[card]):
            return self.abilities[card][ability]
        return self.cards[card]

    def error(self, card: int, ability: int | None, field_name: str, label: str,
              message: str) -> BerserkInputError:
        line = self.line(card, ability)
        at = f" line {line}" if line else ""
        which = f" ability {ability + 1}" if ability is not None else ""
        return BerserkInputError(f"{self.source}{at} ({label}{which}): field {field_name!r} {message}")


MAX_ABILITY_NUMBER = 99
"""Every whole number in an abilities file (damage, range, targets, counters, heal amounts,
start_counters, uses …) is at most this in size: the built-in facts need at most 25, and the
engine, duels and ratings build tables and loops as large as these numbers (a damage of 10,000,000
took 3.9 GB)."""


def _too_large(raw: dict, fail: Callable[[str, str], BerserkInputError], skip: str = "") -> None:
    """Raise ``fail`` naming the first field of ``raw`` (but ``skip``) holding a whole number beyond
    ±:data:`MAX_ABILITY_NUMBER`, directly or in a list (before any message could print a
    5,000-digit number, which Python refuses to turn into text)."""
    for name, value in raw.items():
        if name == skip:
            continue
        for v in (value if isinstance(value, list) else (value,)):
            if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_ABILITY_NUMBER:
                digits = int(v.bit_length() * 0.30103)
                shown = f"{v}" if abs(v) < 10**15 else f"a number of about {digits} digits"
                raise fail(name, f"must be at most {MAX_ABILITY_NUMBER} (every whole number in an abilities "
                           f"file is), got {shown}")


def _int(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _str_list(value: Any, options: Sequence[str] | None) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and v for v in value) and (
        options is None or all(v in options for v in value))


def _ability(raw: Any, where: _Where, card: int, index: int, label: str) -> Ability:
    def fail(name: str, message: str) -> BerserkInputError:
        return where.error(card, index, name, label, message)

    if not isinstance(raw, dict):
        raise fail("abilities", "must hold inline tables like { kind = \"shot\", damage = [1] }")
    _too_large(raw, fail)
    unknown = sorted(set(raw) - _ABILITY_KEYS)
    if unknown:
        raise fail(unknown[0], f"is not a known field; fields: {', '.join(sorted(_ABILITY_KEYS))}")
    kind = raw.get("kind")
    if kind is None:
        raise fail("kind", "is missing; every ability needs a kind")
    if kind not in KINDS:
        raise fail("kind", f"must be one of {', '.join(KINDS)}, got {kind!r}")
    per = raw.get("per")
    if per is not None and per not in PERS:
        raise fail("per", f"must be one of {', '.join(PERS)}, got {per!r}")
    lasts = raw.get("lasts")
    if lasts is not None and lasts not in LASTS:
        raise fail("lasts", f"must be one of {', '.join(LASTS)}, got {lasts!r}")
    damage = raw.get("damage", [] if per else list(DEFAULT_DAMAGE.get(kind, ())))
    signed = kind in ("strike_bonus", "reduce", "attack_bonus") or (
        kind == "keyword" and raw.get("keyword") in ("move", "fury"))
    # (``keyword = "move"`` [−n]: "получает −1 к {move}", a movement the engine keeps at 0 or more;
    #  ``keyword = "fury"`` [−n]: "Строй: −2 к бешенству", 40/190 Данав)
    if not isinstance(damage, list) or len(damage) not in (0, 1, 3) or not all(
            _int(d) or (signed and isinstance(d, int) and not isinstance(d, bool)) for d in damage):
        raise fail("damage", f"must be [n] or [weak, medium, strong] of whole numbers ≥ 0, got {damage!r}")
    if per and damage:
        raise fail("damage", "does not go with 'per' (the amount is the quantity; use per_max and plus)")
    if kind in NO_DAMAGE and damage:
        raise fail("damage", f"does not apply to {kind}")
    if kind not in NO_DAMAGE and kind not in OPTIONAL_DAMAGE and not damage and not per:
        raise fail("damage", f"is missing; {kind} needs [n] or [weak, medium, strong]")
    if len(damage) == 3 and kind in SINGLE:
        raise fail("damage", f"must be a single number [n] for {kind}")
    passive = kind in PASSIVES or kind in RECRUITMENT
    default_cost = "passive" if passive else "trigger" if kind in TRIGGERED else None
    cost = raw.get("cost", default_cost)
    if cost is None and kind == "bind" and raw.get("vs_position"):
        cost = "passive"  # (a standing bind of the enemy creatures so placed: 50/190 Бретёр)
    if cost is None:
        raise fail("cost", f"is missing; {kind} needs one of tap, counter_tap, counter, trigger")
    if cost not in COSTS:
        raise fail("cost", f"must be one of {', '.join(COSTS)}, got {cost!r}")
    if cost == "aura" and kind not in AURA_KINDS:
        raise fail("cost", f"aura is only for the kinds {', '.join(AURA_KINDS)}")
    granted = kind in GRANTS and cost not in ("passive", "aura")
    if lasts == "enemy_dies" and kind not in ("summon", "resurrect"):
        raise fail("lasts", "enemy_dies is only for summon and resurrect (the card entered leaves)")
    if kind in PASSIVES and cost not in ("passive", "aura") and not granted \
            and not (kind == "incarnation" and cost == "trigger" and raw.get("target") == "self"):
        raise fail("cost", f"of {kind} must be passive (a standing property; incarnation also gained on "
                   "a trigger by the card itself)")
    if granted and lasts is None and kind != "roll_bonus":  # (roll_bonus without: its next roll only)
        raise fail("lasts", f"is missing; a {kind} given by an action or trigger needs how long it lasts "
                   f"({', '.join(LASTS)})")
    if lasts is not None and not granted and not (
            kind in ("root", "summon", "resurrect") and lasts == "turn") \
            and not (kind in ("summon", "resurrect") and lasts == "enemy_dies") \
            and not (kind == "flood" and lasts == "battle") \
            and not (kind == "become" and lasts in ("turn", "own_turn", "battle")) \
            and not (kind == "root" and lasts == "next_own_turn") \
            and not (kind == "shield" and lasts == "next_enemy_turn"):
        raise fail("lasts", "is only for a passive kind given by an action or a trigger (cost not passive), "
                   "turn on root, summon and resurrect, enemy_dies on summon and resurrect, next_own_turn on "
                   "root, battle on flood, turn / "
                   "own_turn / battle on become, and next_enemy_turn on shield")
    if cost == "recruit" and kind not in ("to_graveyard", "fetch"):
        raise fail("cost", "recruit (before recruiting) is only for to_graveyard and fetch")
    if kind == "fetch" and cost != "recruit":
        raise fail("cost", "of fetch is recruit (before recruiting)")
    if kind in TRIGGERED and cost != "trigger" and not (kind in EITHER and cost != "passive") \
            and not (kind in ("grave_token", "dirty_trick") and cost == "then") \
            and not (kind == "leap" and cost in ("then", "or")) \
            and not (kind == "strike_again" and cost == "then"):  # ("при этом …", "… либо прыжок")
        raise fail("cost", f"of {kind} must be trigger" + (", then or or" if kind == "leap" else ""))
    if kind in RECRUITMENT and cost != "passive":
        raise fail("cost", f"of {kind} must be passive (it is played when the squad is recruited)")
    if kind in ACTIONS and cost == "passive" and not (kind == "bind" and raw.get("vs_position")):
        raise fail("cost", f"of {kind} must be tap, counter_tap, counter, free or trigger")
    if cost == "free" and not (raw.get("uses_per_turn") or raw.get("uses_per_battle")):
        raise fail("cost", "free (no payment) needs uses_per_turn or uses_per_battle (\"1 раз за ход:\")")
    if cost == "free" and kind not in ACTIONS and not (kind in EITHER or kind in GRANTS):
        raise fail("cost", f"free is only for actions, not {kind}")
    free = kind == "redirect" and cost == "passive"  # an {instant} without a payment
    if kind in RESPONSES and cost not in ("tap", "counter_tap") and not free:
        raise fail("cost", f"of {kind} must be tap or counter_tap (a sudden action)")
    if kind == "redirect" and not raw.get("from"):
        raise fail("from", "is missing; redirect needs the attacks it answers, e.g. [\"all\"]")
    trigger = raw.get("trigger")
    if cost == "trigger":
        if trigger not in TRIGGERS:
            raise fail("trigger", f"must be one of {', '.join(TRIGGERS)} when cost = \"trigger\", "
                       f"got {trigger!r}")
    elif trigger is not None:
        raise fail("trigger", "is only for cost = \"trigger\"")
    counters = raw.get("counters", 1 if cost in ("counter", "counter_tap") else 0)
    if not _int(counters):
        raise fail("counters", f"must be a whole number ≥ 0, got {counters!r}")
    if counters and cost not in ("counter", "counter_tap", "trigger"):
        raise fail("counters", "is only for cost = \"counter\", \"counter_tap\" or \"trigger\" (a price "
                   "the trigger pays)")
    if cost in ("counter", "counter_tap") and counters < 1:
        raise fail("counters", "must be at least 1 for a counter cost")
    rng = raw.get("range")
    if rng is not None and not _int(rng, 1):
        raise fail("range", f"must be a whole number ≥ 1 (squares) or left out, got {rng!r}")
    if rng is not None and cost == "passive":
        raise fail("range", f"does not apply to {kind}")
    targets = raw.get("targets", 1)
    if not _int(targets, 1):
        raise fail("targets", f"must be a whole number ≥ 1, got {targets!r}")
    target = raw.get("target", _default_target(kind))
    if target not in TARGETS:
        raise fail("target", f"must be one of {', '.join(TARGETS)}, got {target!r}")
    if kind in PASSIVES and cost == "passive" and target != "self" \
            and not (kind == "taunt" and target == "any"):
        raise fail("target", f"of {kind} is the card itself (self); auras that give others a property are "
                   "not in the vocabulary: name them in 'unmodelled'")
    keyword = raw.get("keyword")
    if kind == "keyword":
        if keyword != "move" and keyword not in _keyword_columns():
            raise fail("keyword", f"must be a keyword column of cards.csv (armor, exp_defence, …) or move, "
                       f"got {keyword!r}")
    elif kind == "lose_keyword":
        if keyword not in _keyword_columns():
            raise fail("keyword", f"must be the keyword column of cards.csv it loses (armor, …), "
                       f"got {keyword!r}")
    elif keyword is not None:
        raise fail("keyword", "is only for kinds keyword and lose_keyword")
    lists = {}
    for name, options in (("vs_elements", ELEMENTS), ("vs_classes", None), ("vs_types", CARD_TYPES)):
        value = raw.get(name, [])
        if not _str_list(value, options):
            allowed = f" from {', '.join(options)}" if options else ""
            raise fail(name, f"must be a list of names{allowed}, got {value!r}")
        lists[name] = tuple(value)
    applies = raw.get("from", [])
    if not _str_list(applies, FROM):
        raise fail("from", f"must be a list from {', '.join(FROM)}, got {applies!r}")
    boosts = raw.get("boosts", [])
    if not _str_list(boosts, FROM):
        raise fail("boosts", f"must be a list from {', '.join(FROM)}, got {boosts!r}")
    if boosts and (kind not in ("attack_bonus", "counts_as") or cost not in ("trigger", "then")
                   or not raw.get("lasts")):
        raise fail("boosts", "is only for an attack_bonus or counts_as given by a trigger for a while")
    if kind in ("reduce", "protection", "cap", "attack_bonus", "counts_as", "taken_as",
                "ignore_taunt") and not (
            applies or boosts):
        raise fail("from", f"is missing; {kind} needs what it applies to, e.g. [\"shot\"]")
    if kind in ("ignore_protection", "ignore_armor") and not applies:
        raise fail("from", f"is missing; {kind} needs the attacks it applies to")
    if kind == "block_attack" and len(raw.get("damage", [])) != 1:
        raise fail("damage", "block_attack needs [n]: the value of the attacks it blocks")
    if kind in ("taunt", "block") and not applies:
        raise fail("from", f"is missing; {kind} needs which attacks it applies to, e.g. [\"shot\"]")
    if trigger in ("attacked", "ally_combo", "wounded", "ally_wounded", "squad_wounded", "killed", "kill",
                   *_DEATHS, "squad_attack"):
        pass
    elif applies and kind not in ("reduce", "protection", "cap", "taunt", "block", "redirect",
                                  "ignore_protection", "ignore_armor", "attack_bonus", "counts_as",
                                  "taken_as",
                                  "delayed_wound", "cheats_death", "block_attack", "range_bonus",
                                  "ignore_taunt"):
        raise fail("from", "is only for reduce, protection, cap, taunt, block, ignore_protection, "
                   "attack_bonus, delayed_wound, cheats_death and the attacked / ally_combo / wounded / "
                   "ally_wounded / squad_wounded / kill / death / squad_kill / ally_dies / enemy_dies / "
                   "creature_dies triggers")
    if trigger == "ally_combo" and len(applies) < 2:
        raise fail("from", "needs the two or more action kinds of the chain for trigger ally_combo")
    if "finishing" in applies and kind != "attack_bonus" and trigger not in _DEATHS:
        raise fail("from", "finishing is only for attack_bonus (its finishing-off X) and the death triggers")
    if "heal" in applies and trigger != "ally_combo":
        raise fail("from", "heal is only for trigger ally_combo")
    if "poison" in applies and kind != "reduce" and trigger not in _DEATHS:
        raise fail("from", "poison is only for reduce (the wounds of poisoning) and the triggers about a "
                   "death (" + ", ".join(_DEATHS) + ": it died of its poisoning)")
    if set(applies) & {"directed", "counter"} and kind not in ("reduce", "protection") and not (
            applies == ["counter"] and trigger in ("wounded", "ally_wounded", "squad_wounded")):
        raise fail("from", "directed and counter are only for reduce and protection (counter also as the "
                   "filter of a wounded / ally_wounded / squad_wounded trigger: wounds of a counter-strike)")
    numbers = {}
    for name in ("vs_min_cost", "vs_max_cost"):
        value = raw.get(name)
        if value is not None and not _int(value):
            raise fail(name, f"must be a whole number ≥ 0, got {value!r}")
        numbers[name] = value
    for name in ("uses_per_battle", "uses_per_turn"):
        value = raw.get(name, 0)
        if not _int(value):
            raise fail(name, f"must be a whole number ≥ 0 (0 = unlimited), got {value!r}")
        numbers[name] = value
    seat = raw.get("seat")
    if seat is not None and seat not in SEATS:
        raise fail("seat", f"must be first or second, got {seat!r}")
    formation = raw.get("formation", False)
    if not isinstance(formation, bool):
        raise fail("formation", f"must be true or false, got {formation!r}")
    states = {}
    for name, options in (("self_state", SELF_STATES), ("vs_state", VS_STATES), ("via", VIAS)):
        value = raw.get(name)
        if value is not None and value not in options:
            raise fail(name, f"must be one of {', '.join(options)}, got {value!r}")
        states[name] = value
    if states["vs_state"] == "not_livelier" and cost != "passive":
        raise fail("vs_state", "not_livelier compares with the card's own life: only on a standing fact")
    if states["self_state"] == "extra_life" and kind in ("cap", "protection"):
        raise fail("self_state", "extra_life is not checked by the guards of cap and protection; "
                   "use it on other kinds")
    tiers = raw.get("tiers", [])
    if not _str_list(tiers, TIERS) or len(set(tiers)) != len(tiers):
        raise fail("tiers", f"must be a list of different names from {', '.join(TIERS)}, got {tiers!r}")
    parity = raw.get("parity")
    if parity is not None and parity not in PARITIES:
        raise fail("parity", f"must be one of {', '.join(PARITIES)}, got {parity!r}")
    if parity is not None and kind not in ("cap", "protection"):
        raise fail("parity", "is only for cap and protection")
    if tiers and kind not in ("cap", "protection", "reduce", "counts_as", "taken_as", "fight_result") \
            and trigger not in ("strike", "attack", "squad_strike", "squad_attack") \
            and not (kind == "strike_bonus" and per):
        raise fail("tiers", "is only for cap, protection, reduce, counts_as, taken_as, fight_result, a "
                   "strike_bonus with 'per' and triggers strike, attack, squad_strike and squad_attack")
    if kind in ("counts_as", "taken_as") and not (
            len(tiers) == 1 or (len(tiers) == 2 and TIERS.index(tiers[0]) < TIERS.index(tiers[1]))):
        raise fail("tiers", f"{kind} needs the one strength its attacks count as, e.g. [\"strong\"], or two, "
                   "lower first: attacks of the first strength count as the second ([\"weak\", \"medium\"])")
    if kind == "fight_result" and len(tiers) != 1:
        raise fail("tiers", f"{kind} needs the one strength of the result, e.g. [\"strong\"]")
    if tiers and kind == "reduce" and (not applies or set(applies) & {
            "simple", "close", "nonmagic", "all", "directed", "counter"}):
        raise fail("tiers", "on reduce is only for ability attacks (shots, throws, discharges …: their die "
                   "picks the strength), not simple strikes")
    life_cap = raw.get("life_cap", 0)
    if not _int(life_cap):
        raise fail("life_cap", f"must be a whole number ≥ 1 (or left out), got {life_cap!r}")
    if life_cap and kind != "vampirism":
        raise fail("life_cap", "is only for vampirism")
    when_state = raw.get("when_state")
    if when_state is not None and when_state not in VS_STATES:
        raise fail("when_state", f"must be one of {', '.join(VS_STATES)}, got {when_state!r}")
    when_keyword = raw.get("when_keyword")
    if when_keyword is not None and when_keyword not in _keyword_columns() \
            and when_keyword not in _MARKER_GRANTS:
        raise fail("when_keyword", f"must be a keyword column of cards.csv (e.g. concentration), "
                   f"got {when_keyword!r}")
    once_per_card = raw.get("once_per_card", False)
    if not isinstance(once_per_card, bool):
        raise fail("once_per_card", f"must be true or false, got {once_per_card!r}")
    if (when_keyword or once_per_card) and trigger not in WHEN_TRIGGERS \
            and not (once_per_card and kind in ("strikes_twice", "strikes_twice_in_a_row", "heal_bonus")):
        name = "when_keyword" if when_keyword else "once_per_card"
        raise fail(name, f"is only for the triggers {', '.join(WHEN_TRIGGERS)}")
    extra = raw.get("extra", "")
    if not isinstance(extra, str) or len(extra) > 200:
        raise fail("extra", "must be a short English phrase (at most 200 characters)")
    requires = raw.get("requires", "")
    if not isinstance(requires, str) or len(requires) > 200 or (requires and not requires.strip()):
        raise fail("requires", "must be a short English phrase (at most 200 characters) naming the "
                   "condition or cost the vocabulary cannot check")
    more = _more_fields(raw, fail, kind, cost, trigger, formation, per, when_state)
    if kind == "keyword" and cost == "passive" and keyword not in ("exp_attack", "exp_defence",
                                                                   "exp_shooting") and (
            states["vs_state"] or any(lists[n] for n in ("vs_elements", "vs_classes", "vs_types"))
            or numbers["vs_min_cost"] is not None or numbers["vs_max_cost"] is not None
            or more.get("vs_has") or more.get("vs_rank") or more.get("vs_min_move") is not None
            or more.get("vs_max_move") is not None):
        raise fail("keyword", "only exp_attack, exp_defence and exp_shooting may hold against some cards "
                   f"(vs_*) on a standing keyword fact, got {keyword!r}")
    return Ability(
        kind=kind, damage=tuple(damage), range=rng, cost=cost, targets=targets, counters=counters,
        trigger=trigger, target=target, vs_elements=lists["vs_elements"], vs_classes=lists["vs_classes"],
        vs_types=lists["vs_types"], vs_min_cost=numbers["vs_min_cost"], vs_max_cost=numbers["vs_max_cost"],
        uses_per_battle=numbers["uses_per_battle"], uses_per_turn=numbers["uses_per_turn"], seat=seat,
        applies_to=tuple(applies), boosts=tuple(boosts), extra=extra.strip(), requires=requires.strip(),
        formation=formation,
        tiers=tuple(tiers),
        parity=parity, life_cap=life_cap, when_state=when_state, when_keyword=when_keyword,
        once_per_card=once_per_card, keyword=keyword, per=per,
        lasts=lasts, **states, **more,
    )


def _flag(raw: Any, fail, name: str, kind: str, only: str) -> bool:
    """A true/false field of an ability that only kind ``only`` may set (``repeats``, ``early``,
    ``self_too``): its value, or the schema error naming it."""
    value = raw.get(name, False)
    if not isinstance(value, bool):
        raise fail(name, f"must be true or false, got {value!r}")
    if value and kind != only:
        raise fail(name, f"is only for {only}")
    return value


_MARKER_GRANTS = ("prey", "contract", "ward")
"""Marker kinds given for a while that ``when_keyword`` may name (the card the trigger is about holds
one)."""


def _more_fields(raw: Any, fail, kind: str, cost: str, trigger: str | None, formation: bool, per: str | None,
                 when_state: str | None) -> dict[str, Any]:
    """The fields of the board conditions, scaled amounts and target areas (checked together)."""
    out: dict[str, Any] = {}
    when = raw.get("when")
    if when is not None and when not in WHENS:
        raise fail("when", f"must be one of {', '.join(WHENS)}, got {when!r}")
    out["when"] = when
    count = raw.get("count", 1)
    if not _int(count, 0 if when == "few_elements" else 1):  # (few_elements 0: an all-neutral squad)
        raise fail("count", f"must be a whole number ≥ 1 (≥ 0 with few_elements), got {count!r}")
    if count > 1 and kind != "fetch" and when not in (
            "allies_adjacent", "classes_adjacent", "counters_cards", "enemy_elements",
                                  "few_elements", "counters", "namesakes", "squad_jumps", "squad_class",
                                  "squad_charged", "hurt_many", "own_half_no_cheap") \
            and not formation \
            and trigger not in ("counters_reach", "squad_loses_counters", "eats", "squad_fury"):
        raise fail("count", "is only for formation, when = allies_adjacent / classes_adjacent / "
                   "counters_cards / enemy_elements / few_elements / counters / namesakes / squad_jumps / "
                   "squad_class / own_half_no_cheap "
                   "and trigger "
                   "counters_reach / squad_loses_counters / eats (healed at least that many, when 2 or more)")
    out["count"] = count
    classes = raw.get("classes", [])
    if not _str_list(classes, None):
        raise fail("classes", f"must be a list of class names, got {classes!r}")
    if classes and when not in ("squad_class", "allies_adjacent", "class_adjacent", "adjacent_artifact") \
            and kind not in ("terrain_class", "jump_swap") and trigger not in WHEN_TRIGGERS:
        raise fail("classes", "is only for when = squad_class / allies_adjacent / class_adjacent / "
                   "adjacent_artifact, kinds terrain_class and jump_swap and the "
                   f"triggers about another card ({', '.join(WHEN_TRIGGERS)}: that card's classes)")
    if not classes and (when in ("squad_class", "class_adjacent") or kind == "terrain_class"):
        raise fail("classes", "is missing; squad_class, class_adjacent and terrain_class need the class "
                   "names")
    out["classes"] = tuple(classes)
    nth = raw.get("nth", 0)
    if not _int(nth) or (nth and cost != "trigger" and kind != "block"):
        raise fail("nth", f"is a whole number ≥ 1, for triggers and block only; got {nth!r}")
    out["nth"] = nth
    if when_state is not None and when not in ("allies_adjacent", "clear_of_enemies", "state_adjacent") \
            and trigger not in WHEN_TRIGGERS and cost != "aura":
        raise fail("when_state", f"is only for the triggers {', '.join(WHEN_TRIGGERS)}, auras and "
                   "when = allies_adjacent / clear_of_enemies / state_adjacent")
    partner = raw.get("partner")
    if partner is not None and (partner not in RANKS or not formation):
        raise fail("partner", f"must be one of {', '.join(RANKS)}, with formation = true; got {partner!r}")
    out["partner"] = partner
    for name in ("per_max", "plus"):
        value = raw.get(name, 0)
        if not (_int(value) or (name == "plus" and isinstance(value, int) and not isinstance(value, bool)
                                and value >= -9)):
            raise fail(name, f"must be a whole number ≥ 0 (plus: ≥ −9), got {value!r}")
        if value and not per and not (name == "per_max" and kind == "attack_bonus" and raw.get("lasts")):
            raise fail(name, "is only with 'per' (per_max: or on an attack_bonus given for a while, "
                       "the most its gifts add up to)")
        out[name] = value
    if per in ("target_strike", "target_half_life") and kind != "strike_bonus":
        raise fail("per", f"{per} is only for strike_bonus (the card it strikes)")
    if per == "strike_value" and trigger not in ("strike", "kill"):
        raise fail("per", "strike_value is only for triggers strike and kill (the destroying simple strike)")
    fury_x = kind == "keyword" and raw.get("keyword") == "fury"  # (its X by per: 60/16, 60/171)
    if per in ("target_weak", "target_spread", "target_wounds") and (
            cost == "passive" or kind not in (*ATTACKS, *WOUNDS, "heal")) \
            and not (fury_x and per == "target_wounds") \
            and not (per == "target_weak" and kind in GRANTS and cost not in ("passive", "then")):
        raise fail("per", f"{per} is only for an attack, a wounding action or a heal (the card it aims at), "
                   "target_weak also for a kind given by an action or a trigger (30/111 Илинси), and "
                   "target_wounds on a keyword fury (the card it attacks)")
    if (per == "target_cost") != (kind == "carrion_eating" and per is not None):
        raise fail("per", "target_cost is the per of carrion_eating, and carrion_eating takes no other")
    if per == "heading_steps" and trigger != "enters_creature":
        raise fail("per", "heading_steps is only for trigger enters_creature")
    if per == "trick_wounds" and trigger != "dirty_tricked":
        raise fail("per", "trick_wounds is only for trigger dirty_tricked")
    if per == "excess" and trigger not in ("kill", "squad_kill"):
        raise fail("per", "excess is only for the triggers kill and squad_kill")
    if (per == "own_poison" and kind != "poison") or (kind == "poison" and per not in (
            None, "own_poison", "target_poison")):
        raise fail("per", "own_poison is only for poison, and poison takes no other per than own_poison and "
                   "target_poison")
    if per == "about_weak" and trigger not in (*WHEN_TRIGGERS, "dirty_tricked", "hauled"):
        raise fail("per", "about_weak is only for a trigger about another card (squad_strike …), "
                   "dirty_tricked and hauled")
    if per and kind not in ("strike_bonus", *ATTACKS, *WOUNDS, "finishing", "heal", "protection", "poison",
                           "relocate", "move_wounds", "carrion_eating", "range_bonus",
                           "keyword", "extra_life", "discount", "attack_bonus", "shield") and not (
            kind == "reduce" and per in UNIT_PERS) and not (
            kind in GRANTS and cost != "passive") and not (
            kind == "gain_counter" and raw.get("target") == "self" and cost == "trigger") and not (
            kind == "poison" and per == "target_poison") and not (  # (50/145; 50/134)
            kind in ("summon", "resurrect") and per in UNIT_PERS):  # (how many: "Х или менее", 30/160)
        raise fail("per", f"does not apply to {kind}")
    if per and kind == "keyword" and cost == "passive" and per not in UNIT_PERS \
            and not (fury_x and per == "target_wounds"):
        raise fail("per", "on a standing keyword fact is a quantity of the card's own state (steps, "
                   "counters, adjacent_enemies …; target_wounds on fury); a given one takes its amount "
                   "when it is given")
    if per == "fury_roll" and trigger != "fury" and cost != "then":
        raise fail("per", "fury_roll is only for trigger fury (and the abilities that follow it)")
    if (per == "mulligans") != (kind == "discount" and per is not None):
        raise fail("per", "mulligans is the per of discount, and discount takes no other")
    vs_has = raw.get("vs_has", [])
    allowed = (*KINDS, *_keyword_columns())
    if not _str_list(vs_has, allowed):
        raise fail("vs_has", f"must be a list of ability kinds or keyword columns, got {vs_has!r}")
    out["vs_has"] = tuple(vs_has)
    for name in ("vs_min_move", "vs_max_move"):
        value = raw.get(name)
        if value is not None and not _int(value):
            raise fail(name, f"must be a whole number ≥ 0, got {value!r}")
        out[name] = value
    for name, options in (("vs_rank", RANKS), ("vs_position", POSITIONS), ("area", AREAS)):
        value = raw.get(name)
        if value is not None and value not in options:
            raise fail(name, f"must be one of {', '.join(options)}, got {value!r}")
        out[name] = value
    if out["vs_position"] == "near" and cost == "trigger" and trigger not in (
            "ally_dies", "creature_dies", "enemy_dies", "darkens", "ally_wounded", "squad_wounded"):
        raise fail("vs_position", "near on a trigger is only for ally_dies, creature_dies, enemy_dies, "
                   "darkens, ally_wounded and squad_wounded")
    if out["vs_position"] == "max_range" and kind != "attack_bonus":
        raise fail("vs_position", "max_range is only for attack_bonus (the range of the attack)")
    if (out["vs_position"] == "partner_near") != (kind == "far_strike" and out["vs_position"] is not None):
        raise fail("vs_position", "partner_near is the vs_position of far_strike, which takes no other")
    edge = cost in ("passive", "aura") and kind == "attack_bonus" and out["vs_position"] == "max_range"
    if out["vs_position"] and not edge and kind != "far_strike" and not (cost == "passive" and kind in (
            "strike_bonus", "directed", "unanswerable", "reduce", "protection", "taunt", "strike_limit",
            "bind", "silence")) and not (cost == "trigger" and trigger in (
                "creature_dies", "ally_dies", "ally_wounded", "squad_wounded", "enemy_dies", "strike")
                and out["vs_position"] in ("opposite", "diagonal", "near", "ahead")) \
            and not (cost == "trigger" and trigger in ("card_closes", "darkens")) \
            and not (cost == "aura" and kind in ("strike_bonus", "directed", "unanswerable", "reduce",
                                                 "protection")):
        raise fail("vs_position", "is only for the passives strike_bonus, directed, unanswerable, reduce, "
                   "protection, taunt, strike_limit and silence (those of the first five also held from an "
                   "aura: the position to the holder), and the triggers creature_dies, ally_dies, "
                   "ally_wounded and squad_wounded (opposite, diagonal or near: where that card stands), "
                   "card_closes and darkens; enemy_dies and strike too")
    if kind == "strike_limit" and not out["vs_position"] and not formation:
        raise fail("vs_position", "is required for strike_limit (the position its strikes are limited to), "
                   "unless it holds under a condition: then none at all (\"Строй: не может нападать "
                   "{strike}\", 30/61)")
    if kind == "silence" and out["vs_position"] not in ("opposite", "diagonal"):
        raise fail("vs_position", "of silence must say where the silenced creatures stand: opposite or "
                   "diagonal")
    if out["area"] and cost == "passive" and not (kind in ("bar", "redirect") and out["area"] == "host") \
            and not (kind == "block" and out["area"] == "squad") \
            and not (kind == "redirect" and out["area"] == "formation"):
        raise fail("area", "is only for actions, triggers and auras (and host on bar: only its host is "
                   "barred)")
    if out["area"] and cost in ("tap", "counter_tap", "counter", "free") \
            and out["area"] not in ("left", "right", "opposite", "behind", "target_column", "host", "cross",
                                    "forward", "facing", *SHAPES):
        raise fail("area", "of an action is left, right, opposite or behind (the one square on that side: "
                   "60/28 Орочий таран \"по карте напротив\"), target_column, forward, host, cross or a "
                   f"group of squares ({', '.join(SHAPES)})")
    if out["area"] == "target_column" and (cost not in ("tap", "counter_tap", "counter")
                                           or raw.get("target") != "any"):
        raise fail("area", "target_column is for an action with target = any (every card in the named "
                   "card's column)")
    if out["area"] in SHAPES and cost not in ("tap", "counter_tap", "counter", "free"):
        raise fail("area", f"{out['area']} is only for an action (a group of squares its player picks)")
    if cost == "aura" and (out["area"] not in AURA_AREAS
                           or raw.get("target") not in ("ally", "enemy", "any")):
        raise fail("area", f"an aura needs an area of {', '.join(AURA_AREAS)} and a target "
                   "(ally, enemy, any)")
    if out["area"] == "rider" and cost not in ("aura", "trigger"):
        raise fail("area", "rider is only for an aura or a trigger (the rider of the card it aims at)")
    if out["area"] == "squad" and cost != "aura" and kind not in ("next_roll", "block"):
        raise fail("area", "squad is only for an aura, next_roll (its squad's next die roll) and a block "
                   "(attacks on any card of its squad)")
    if out["area"] == "entered" and cost != "then":
        raise fail("area", "entered is only for a then after a summon or resurrect (the cards it brought in)")
    if out["area"] == "about" and trigger not in (*WHEN_TRIGGERS, "squad_rolls", "squad_redirects",
                                                  "dirty_tricked", "misses") \
            and cost != "then":
        raise fail("area", "about is only for the triggers about another card "
                   f"({', '.join(WHEN_TRIGGERS)}, squad_rolls: the creature that rolled, squad_redirects: "
                   "the card that redirected the attack)")
    if out["area"] == "target_formation" and cost != "then":
        raise fail("area", "target_formation is only for a then (the target of the ability before it)")
    if out["area"] == "near_target" and cost not in ("trigger", "then"):
        raise fail("area", "near_target is only for triggers (the card the trigger is about) and a then (the "
                   "cards next to the target of the ability before it)")
    if out["area"] == "forward" and cost not in ("tap", "counter_tap", "counter", "free"):
        raise fail("area", "forward is only for an action (the cards ahead of it in its column)")
    if out["area"] == "behind_target" and cost != "then":
        raise fail("area", "behind_target is only for a then (behind the card the ability before "
                   "it aimed at)")
    for name in ("every", "rest"):
        value = raw.get(name, False)
        if not isinstance(value, bool):
            raise fail(name, f"must be true or false, got {value!r}")
        out[name] = value
    if out["rest"] and kind != "open":
        raise fail("rest", "is only for open")
    if out["every"] and cost == "passive" and kind != "redirect":
        raise fail("every", "is only for actions, triggers and redirect (there: always, no choice)")
    roll = raw.get("roll", [])
    faces_ok = isinstance(roll, list) and all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6
                                              for f in roll)
    if not faces_ok or (not roll and "roll" in raw) or len(set(roll)) != len(roll):
        raise fail("roll", f"must be a list of different die faces 1..6, got {roll!r}")
    if roll and kind not in ("block",) and cost != "trigger":
        raise fail("roll", "is only for triggers and block")
    out["roll"] = tuple(roll)
    squad_has = raw.get("squad_has", [])
    if not _str_list(squad_has, ELEMENTS):
        raise fail("squad_has", f"must be a list of elements from {', '.join(ELEMENTS)}, got {squad_has!r}")
    if squad_has and cost != "passive":
        raise fail("squad_has", "is only for passives")
    out["squad_has"] = tuple(squad_has)
    tokens = raw.get("tokens", 0)
    if not _int(tokens):
        raise fail("tokens", f"must be a whole number ≥ 0 (graveyard incarnation tokens), got {tokens!r}")
    anywhere = raw.get("anywhere", False)
    if not isinstance(anywhere, bool):
        raise fail("anywhere", f"must be true or false, got {anywhere!r}")
    if anywhere and (kind != "incarnation" or not tokens):
        raise fail("anywhere", "is only for incarnation, with its price in 'tokens'")
    out["anywhere"] = anywhere
    out["early"] = _flag(raw, fail, "early", kind, "incarnation")
    if tokens and cost == "passive" and not anywhere:
        raise fail("tokens", "is a cost: only for actions, triggers and an incarnation with 'anywhere'")
    out["tokens"] = tokens
    out["repeats"] = _flag(raw, fail, "repeats", kind, "incarnation")
    self_too = raw.get("self_too", False)
    if not isinstance(self_too, bool):
        raise fail("self_too", f"must be true or false, got {self_too!r}")
    if self_too and kind not in ("destroy", "move_wounds") and trigger != "enemy_ranged":
        raise fail("self_too", "is only for destroy (the card as well), move_wounds (its own wounds too) and "
                   "trigger enemy_ranged (an attack at this card too)")
    out["self_too"] = self_too
    if kind == "grave_token" and raw.get("target", "ally") not in ("ally", "self"):
        raise fail("target", "of grave_token is ally (a card of its squad in the graveyard) or self")
    when_type = raw.get("when_type")
    if when_type is not None and (when_type not in CARD_TYPES or (
            trigger not in WHEN_TRIGGERS and raw.get("when") != "clear_of_enemies")):
        raise fail("when_type", f"must be one of {', '.join(CARD_TYPES)}, on the triggers "
                   f"{', '.join(WHEN_TRIGGERS)} or when = clear_of_enemies; got {when_type!r}")
    out["when_type"] = when_type
    when_elements = raw.get("when_elements", [])
    if not _str_list(when_elements, ELEMENTS) or len(set(when_elements)) != len(when_elements) or (
            when_elements and trigger not in WHEN_TRIGGERS):
        raise fail("when_elements", f"is a list of different elements from {', '.join(ELEMENTS)}, on the "
                   f"triggers {', '.join(WHEN_TRIGGERS)}; got {when_elements!r}")
    out["when_elements"] = tuple(when_elements)
    when_max_cost = raw.get("when_max_cost")
    if when_max_cost is not None and (not _int(when_max_cost) or trigger not in WHEN_TRIGGERS):
        raise fail("when_max_cost", f"is a whole number ≥ 0, on the triggers {', '.join(WHEN_TRIGGERS)}; "
                   f"got {when_max_cost!r}")
    out["when_max_cost"] = when_max_cost
    when_min_cost = raw.get("when_min_cost")
    if when_min_cost is not None and (not _int(when_min_cost) or trigger not in WHEN_TRIGGERS):
        raise fail("when_min_cost", f"is a whole number ≥ 0, on the triggers {', '.join(WHEN_TRIGGERS)}; "
                   f"got {when_min_cost!r}")
    out["when_min_cost"] = when_min_cost
    gives = raw.get("gives")
    if gives is not None and gives not in GIVES:
        raise fail("gives", f"must be one of {', '.join(GIVES)}, got {gives!r}")
    if gives is not None and (kind not in (*ATTACKS, *WOUNDS) or cost == "passive"):
        raise fail("gives", "is only for attacks and wounding actions (shot, discharge, effect …)")
    out["gives"] = gives
    removes = raw.get("removes", [])
    if not _str_list(removes, REMOVES) or len(set(removes)) != len(removes):
        raise fail("removes", f"must be a list of different names from {', '.join(REMOVES)}, got {removes!r}")
    if bool(removes) != (kind == "cleanse"):
        raise fail("removes", "is needed by kind cleanse, and only there")
    out["removes"] = tuple(removes)
    fury = raw.get("fury", 0)
    if not _int(fury) or (trigger == "fury") != bool(fury):
        raise fail("fury", f"is X of Бешенство X (1..6), given with trigger fury only; got {fury!r}")
    if kind == "next_roll" and trigger != "fury" and not raw.get("damage"):
        raise fail("trigger", "of next_roll without damage must be fury (the roll that set it off); "
                   "give the face as damage = [N] otherwise")
    if kind == "next_roll" and raw.get("damage") and not 1 <= raw["damage"][0] <= 6:
        raise fail("damage", "of next_roll is the face of the die, 1 to 6")
    if kind == "roll_bonus" and (cost not in ("trigger", "then") or raw.get("target") not in ("self", "ally")
                                 or not 1 <= raw.get("damage", [0])[0] <= 5):
        raise fail("kind", "roll_bonus [N] (1 to 5) is given on a trigger to a card: target self or ally")
    out["fury"] = fury
    marker = raw.get("marker")
    if marker is not None and marker not in MARKERS:
        raise fail("marker", f"must be one of {', '.join(MARKERS)}, got {marker!r}")
    if kind == "mark" and marker is None:
        raise fail("marker", "is required for mark")
    if kind == "incarnate_on_mark" and marker is None:
        raise fail("marker", "is required for incarnate_on_mark")
    if marker is not None and (trigger == "squad_enters_mark" or kind == "incarnate_on_mark"
                               or raw.get("when") in ("marker_row", "marker_column")):
        pass  # (the marker whose square a creature of its squad enters / returns onto / lines up with)
    elif marker is not None and kind != "mark" and kind not in ATTACKS:
        raise fail("marker", "is only for mark, attacks and trigger squad_enters_mark")
    if trigger == "squad_enters_mark" and marker is None:
        raise fail("marker", "is required for trigger squad_enters_mark")
    if raw.get("when") in ("marker_row", "marker_column") and marker is None:
        raise fail("marker", "is required for when = marker_row / marker_column")
    if kind == "mark" and trigger not in ("creature_dies", "ally_dies", "kill", "death", "battle_start",
                                          "dash", *CHOSEN_SQUARE):
        raise fail("trigger", "mark is only for the triggers creature_dies, ally_dies, kill, death, "
                   "battle_start (its own square), dash (the square it left), " + ", ".join(CHOSEN_SQUARE))
    out["marker"] = marker
    delay = raw.get("delay")
    if delay is not None and delay not in DELAYS:
        raise fail("delay", f"must be one of {', '.join(DELAYS)}, got {delay!r}")
    if delay == "near" and kind != "delayed_wound":
        raise fail("delay", "near is only for a delayed_wound")
    if delay == "apart" and (kind not in WOUNDS or cost == "passive"):
        raise fail("delay", "is only for wounding actions and triggers (effect …)")
    out["delay"] = delay
    min_power = raw.get("min_power", 0)
    if not _int(min_power) or (min_power and kind not in ("cap", "protection")):
        raise fail("min_power", f"is a whole number ≥ 1, for cap and protection only; got {min_power!r}")
    out["min_power"] = min_power
    sudden = raw.get("sudden", False)
    if not isinstance(sudden, bool):
        raise fail("sudden", f"must be true or false, got {sudden!r}")
    if sudden and cost == "trigger" and kind in RESPONSES:
        raise fail("sudden", "is not for responses; cap_strike, flip_die and redirect are sudden already")
    if sudden and cost != "trigger" and ((kind not in (*ACTIONS, *EITHER) and kind not in GRANTS)
                                         or cost not in ("tap", "counter_tap", "counter")):
        raise fail("sudden", "is only for actions (cost tap, counter_tap or counter) of the kinds "
                   f"{', '.join((*ACTIONS, *EITHER))}, or for a trigger ({{instant}}{{tap}}: при …); "
                   "cap_strike, flip_die and redirect are sudden responses already")
    if kind == "cancel" and not sudden:
        raise fail("sudden", "is missing; cancel answers an announced enemy action, so it must be "
                   "sudden = true")
    out["sudden"] = sudden
    onto = raw.get("onto")
    if onto is not None and not ((kind in ("summon", "resurrect") and onto in ONTO)
                                 or (kind == "push" and onto == "forward")
                                 or (kind == "relocate" and onto in RELOCATE_ONTO)
                                 or (kind == "become" and onto in BECOME_ONTO)
                                 or (kind == "hauled" and onto == "forward")):
        raise fail("onto", f"is one of {', '.join(ONTO)} for summon and resurrect, one of "
                   f"{', '.join(RELOCATE_ONTO)} for relocate, one of {', '.join(BECOME_ONTO)} for become, "
                   "forward for push or for hauled (the square in front of it: 50/1 Военный обоз); "
                   f"got {onto!r}")
    into = raw.get("into")
    if kind == "fetch":
        if into not in FETCH_INTO:
            raise fail("into", f"of fetch is one of {', '.join(FETCH_INTO)}; got {into!r}")
    elif (into is None) == (kind == "become") or (into is not None and into not in BECOME_INTO):
        raise fail("into", f"is required for become and fetch and only for them: one of "
                   f"{', '.join(BECOME_INTO)}; got {into!r}")
    out["into"] = into
    move = raw.get("move")
    if move is not None and (not _int(move) or kind != "become" or into == "artifact"):
        raise fail("move", f"is the movement a card has after become (into flyer or creature), a whole "
                   f"number ≥ 0; got {move!r}")
    out["move"] = move
    if kind == "become" and raw.get("damage") and (len(raw["damage"]) != 3 or into == "artifact"):
        raise fail("damage", "of become is the simple strike [weak, medium, strong] of the creature it "
                   "becomes")
    if kind == "become" and onto is not None and into != "creature":
        raise fail("onto", "of become is where a landing flyer goes (into = creature)")
    if onto in ("died_at", "about_square", "host_about") and cost not in ("trigger", "then"):
        raise fail("onto", f"{onto} is only for a trigger (the square of the card it is about)")
    out["onto"] = onto
    out["same_name"] = raw.get("same_name", False)
    if not isinstance(out["same_name"], bool) or (out["same_name"] and kind not in ENTRIES):
        raise fail("same_name", f"must be true or false, for {', '.join(ENTRIES)} only")
    gold = raw.get("gold", 0)
    if not _int(gold) or (gold and cost != "recruit"):
        raise fail("gold", f"is the gold paid before recruiting (cost recruit only); got {gold!r}")
    out["gold"] = gold
    zone = raw.get("zone")
    zoned = trigger in ("enemy_enters", "enemy_leaves", "squad_enters") or kind == "bar"
    if (zone is not None and zone not in ZONES) or zoned != (zone is not None):
        raise fail("zone", f"is one of {', '.join(ZONES)}, required with triggers enemy_enters / "
                   f"enemy_leaves / squad_enters and kind bar, and only there; got {zone!r}")
    out["zone"] = zone
    picker = raw.get("picker")
    if picker is not None and (picker != "target" or cost != "trigger"):
        raise fail("picker", "is target (the player of the card it aims at picks among its or "
                   f"alternatives), on a trigger only; got {picker!r}")
    out["picker"] = picker
    shown = raw.get("shown", [])
    if not isinstance(shown, list) or not all(x in SHOWN for x in shown) or (shown and cost != "then"):
        raise fail("shown", f"is a list of {', '.join(SHOWN)}, on a then after a prophecy only; "
                   f"got {shown!r}")
    out["shown"] = tuple(shown)
    shown_cost = raw.get("shown_cost")
    if shown_cost is not None and (shown_cost not in SHOWN_COSTS or cost != "then"):
        raise fail("shown_cost", f"is one of {', '.join(SHOWN_COSTS)}, on a then after a prophecy only; "
                   f"got {shown_cost!r}")
    out["shown_cost"] = shown_cost
    named = raw.get("named")
    if named is not None and (not isinstance(named, str) or not named.strip()):
        raise fail("named", f"is a card's name (only cards of that name), got {named!r}")
    out["named"] = named
    new_name = raw.get("new_name", False)
    if not isinstance(new_name, bool) or (new_name and kind not in ("summon", "resurrect", "to_graveyard")):
        raise fail("new_name", f"must be true or false, for summon, resurrect and to_graveyard only; "
                   f"got {new_name!r}")
    out["new_name"] = new_name
    same_cost = raw.get("same_cost", False)
    if not isinstance(same_cost, bool) or (same_cost and (kind not in ENTRIES or cost != "trigger")):
        raise fail("same_cost", f"must be true or false, for a triggered summon, resurrect or to_graveyard; "
                   f"got {same_cost!r}")
    out["same_cost"] = same_cost
    missing = raw.get("missing")
    if missing is not None and (missing not in MISSING or kind != "fetch"):
        raise fail("missing", f"is one of {', '.join(MISSING)}, for fetch only; got {missing!r}")
    out["missing"] = missing
    lacks = raw.get("grave_lacks_name", False)
    if not isinstance(lacks, bool) or (lacks and kind not in ("summon", "resurrect", "to_graveyard")):
        raise fail("grave_lacks_name", f"must be true or false, for summon, resurrect and to_graveyard; "
                   f"got {lacks!r}")
    out["grave_lacks_name"] = lacks
    squad_max = raw.get("squad_max", 0)
    if not _int(squad_max) or (squad_max and kind not in ("summon", "resurrect")):
        raise fail("squad_max", f"is a whole number ≥ 1, for summon and resurrect only; got {squad_max!r}")
    out["squad_max"] = squad_max
    if kind in ("summon", "resurrect", "to_graveyard") and cost not in ("recruit",) \
            and raw.get("target", _default_target(kind)) not in (
                ("self",) if kind == "summon" else ("ally", "enemy", "self") if kind == "resurrect"
                else ("ally",)):
        raise fail("target", f"of {kind}: summon takes self (a card of its own deck), resurrect ally / "
                   "enemy / self (whose graveyard), to_graveyard ally (its own deck)")
    if kind == "exile" and raw.get("target", "self") != "self":
        raise fail("target", "of exile is self (the card itself)")
    may = raw.get("may", False)
    if not isinstance(may, bool):
        raise fail("may", f"must be true or false, got {may!r}")
    if may and cost not in ("trigger", "then") and not (kind == "become" and cost == "or") \
            and kind != "block":
        raise fail("may", "is only for triggered abilities and their then (its player may pick no "
                   "target; a become also after or) and block (its player decides)")
    out["may"] = may
    needs = raw.get("needs", [])
    if not _str_list(needs, None) or len(set(needs)) != len(needs):
        raise fail("needs", f"must be a list of different card types, 'symbiote' or classes, got {needs!r}")
    if needs and kind != "discount" and raw.get("when") not in (
            "squad_did", "squad_charged", "took_all", "host_of", "allies_adjacent"):
        raise fail("needs", "is only for discount and when = squad_did / squad_charged / took_all / "
                   "host_of / allies_adjacent")
    if raw.get("when") == "allies_adjacent" and needs and not set(needs) <= set(KINDS):
        raise fail("needs", "when = allies_adjacent needs ability kinds (the allies next to it have them)")
    if raw.get("when") in ("squad_charged", "host_of") and (not needs or not set(needs) <= set(ELEMENTS)):
        raise fail("needs", "when = squad_charged / host_of needs elements (of the card with the counters / "
                   "of the host)")
    if raw.get("when") in ("squad_did", "took_all") and (not needs or not set(needs) <= {"simple", *ATTACKS}):
        raise fail("needs", "when = squad_did needs the attack kinds its squad must have made this turn "
                   "(simple and the attack kinds)")
    if kind == "discount" and raw.get("target", "self") not in ("self", "ally"):
        raise fail("target", "of discount is self (the card) or ally (the cards of its squad its vs_* name)")
    if kind == "recruit_gold" and raw.get("target", "self") != "self":
        raise fail("target", "of recruit_gold is self")
    out["needs"] = tuple(needs)
    foes = raw.get("foes", [])
    guard = kind in ("reduce", "protection", "cap") and raw.get("lasts") is not None
    if not _str_list(foes, ("creature", "flyer", "artifact") if guard else ("artifact", "source")) \
            or (foes and kind != "fight" and not guard):
        raise fail("foes", "is a list from artifact, source, for fight; or of card types (creature, flyer, "
                   f"artifact) on a reduce / protection / cap given for a while; got {foes!r}")
    if "source" in foes and (cost != "trigger" or raw.get("target") not in ("ally", "self")):
        raise fail("foes", "source is for a triggered fight of its own creature (target ally or self)")
    out["foes"] = tuple(foes)
    negative = raw.get("negative", False)
    if not isinstance(negative, bool) or (negative and not per):
        raise fail("negative", f"is true or false, only with 'per' (−X); got {negative!r}")
    out["negative"] = negative
    return out


@lru_cache(maxsize=1)
def _keyword_columns() -> frozenset[str]:
    """The keyword columns of the card table (``keywords.csv``), for ``when_keyword``."""
    return frozenset(k.column for k in keywords())


def _card(raw: Any, where: _Where, index: int) -> CardAbilities:
    label = f"card {index + 1}"

    def fail(name: str, message: str) -> BerserkInputError:
        return where.error(index, None, name, label, message)

    if not isinstance(raw, dict):
        raise fail("card", "must be a [[card]] table")
    _too_large(raw, fail, skip="abilities")
    code = raw.get("code")
    if not isinstance(code, str) or not _CODE.match(code.strip()):
        raise fail("code", f"must be \"SET/NUMBER\" like \"10/4\", got {code!r}")
    code = code.strip()
    name = raw.get("name")
    label = f"card {code}"
    if not isinstance(name, str) or not name.strip():
        raise fail("name", "is missing; give the card's name as in the card table")
    label = f"card {code} {name.strip()!r}"
    unknown = sorted(set(raw) - _CARD_KEYS)
    if unknown:
        raise fail(unknown[0], f"is not a known field; fields: {', '.join(sorted(_CARD_KEYS))}")
    status = raw.get("status")
    if status not in STATUSES:
        raise fail("status", f"must be one of {', '.join(STATUSES)}, got {status!r}")
    unmodelled = raw.get("unmodelled", [])
    if not _str_list(unmodelled, None) or any(len(u) > 200 for u in unmodelled):
        raise fail("unmodelled", "must be a list of short English phrases")
    raw_abilities = raw.get("abilities", [])
    if not isinstance(raw_abilities, list):
        raise fail("abilities", "must be a list of inline tables")
    abilities = tuple(_ability(a, where, index, i, label) for i, a in enumerate(raw_abilities))
    for i, ab in enumerate(abilities):
        if ab.cost == "then" and (i == 0 or abilities[i - 1].cost == "passive"):
            raise where.error(index, i, "cost", label, "then needs an action or a trigger listed just "
                              "before it (the ability it follows)")
        if ab.cost in ("then", "or") and i > 0 and bool(ab.requires) != bool(abilities[i - 1].requires):
            raise where.error(index, i, "requires", label, f"an ability with cost {ab.cost} and the one "
                              "before it are played together: both have 'requires' or neither")
        if ab.cost == "or" and (i == 0 or abilities[i - 1].cost not in ("trigger", "or")):
            raise where.error(index, i, "cost", label, "or needs a trigger listed just before it (the "
                              "ability it is an alternative to)")
        if ab.cost == "or" and ab.kind in GRANTS:
            continue  # (an alternative grant: "получает +1 к удару или +1 к движению", 30/26)
        if ab.cost in ("then", "or") and ab.kind not in (*ATTACKS, *WOUNDS, "heal", "give_blessing",
                                                          "give_curse", "open", "gain_counter", "poison",
                                                          "cleanse", "extra_life", "leap", "become", "pull",
                                                          *ENTRIES) \
                and not (ab.cost == "then"
                         and ab.kind in ("grave_token", "root", "close", "shift", "dirty_trick", "push",
                                         "destroy", "lose_counters", "finishing", "relocate", "fight",
                                         "strike_again",
                                         "stun", "darken")) \
                and not (ab.cost == "or" and ab.kind in ("close", "relocate")) \
                and not (ab.cost == "then" and ab.kind in ("swap", "relocate")) \
                and not (ab.kind in GRANTS and ab.lasts):  # (a grant for a while: 40/23 Вождь клана)
            raise where.error(index, i, "kind", label, f"{ab.kind} cannot have cost {ab.cost}")
    counts = {}
    for name_ in ("start_counters", "start_counters_second", "max_counters"):
        value = raw.get(name_, 0)
        if not _int(value):
            raise fail(name_, f"must be a whole number ≥ 0, got {value!r}")
        counts[name_] = value
    tokens_flag = raw.get("counters_are_tokens", False)
    if not isinstance(tokens_flag, bool):
        raise fail("counters_are_tokens", f"must be true or false, got {tokens_flag!r}")
    if status == "full" and unmodelled:
        raise fail("status", "is full but 'unmodelled' lists something; use partial")
    if status in ("partial", "none") and not unmodelled:
        raise fail("unmodelled", f"is empty; a {status} card names what is not modelled")
    if status == "none" and abilities:
        raise fail("status", "is none but abilities are given; use partial")
    if status == "full" and any(a.requires for a in abilities):
        raise fail("status", "is full but an ability has 'requires' (a condition that is not modelled, "
                   "so the ability is never played); use partial")
    return CardAbilities(code=code, name=name.strip(), status=status, abilities=abilities,
                         unmodelled=tuple(u.strip() for u in unmodelled), source=f"{where.source} line "
                         f"{where.line(index)}", counters_are_tokens=tokens_flag, **counts)


def parse_abilities(text: str, source: str) -> list[CardAbilities]:
    """The entries of one abilities file (TOML text); any problem names the file, line and field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BerserkInputError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise BerserkInputError(f"{source}: nested too deeply to be an abilities file") from None
    except ValueError:  # an integer of more than 4,300 digits (Python refuses to convert it)
        raise BerserkInputError(f"{source}: a number has thousands of digits; every whole number in an "
                                f"abilities file is at most {MAX_ABILITY_NUMBER}") from None
    where = _Where(source, text)
    extra_keys = sorted(set(data) - {"card"})
    if extra_keys:
        raise BerserkInputError(f"{source}: unknown top-level key {extra_keys[0]!r}; an abilities file "
                                "holds [[card]] tables only")
    cards = data.get("card", [])
    if not isinstance(cards, list):
        raise BerserkInputError(f"{source}: 'card' must be [[card]] tables")
    out = [_card(raw, where, i) for i, raw in enumerate(cards)]
    seen: dict[str, CardAbilities] = {}
    for entry in out:
        if entry.code in seen:
            raise BerserkInputError(f"{entry.source}: card {entry.code} is already given at "
                                    f"{seen[entry.code].source}; one [[card]] per printing")
        seen[entry.code] = entry
    return out


def builtin_ability_files() -> list[Path]:
    """The built-in abilities files (``data/abilities/*.toml``), in name order."""
    return sorted((data_dir() / "abilities").glob("*.toml"))


def read_ability_file(path: Path | str, label: str | None = None) -> list[CardAbilities]:
    path = Path(path)
    text = read_user_text(path, "abilities", MAX_ABILITY_FILE_BYTES)
    return parse_abilities(text, label or str(path))


@lru_cache(maxsize=8)
def _builtin() -> dict[str, CardAbilities]:
    book: dict[str, CardAbilities] = {}
    for path in builtin_ability_files():
        for entry in read_ability_file(path, f"data/abilities/{path.name}"):
            if entry.code in book:
                raise BerserkInputError(f"{entry.source}: card {entry.code} is already given at "
                                        f"{book[entry.code].source}")
            book[entry.code] = entry
    return book


def load_abilities(extra: Sequence[Path | str] = ()) -> dict[str, CardAbilities]:
    """The built-in ability facts plus the users' files (later entries override earlier ones)."""
    book = dict(_builtin())
    for path in extra:
        for entry in read_ability_file(path):
            book[entry.code] = entry
    return book


def check_against_cards(book: Mapping[str, CardAbilities], cards: Iterable[Any]) -> None:
    """Every entry names a printing of the card table, by code and name (catches typos)."""
    by_code = {c.code: c for c in cards}
    for entry in book.values():
        card = by_code.get(entry.code)
        if card is None:
            raise BerserkInputError(f"{entry.source}: no card {entry.code} in the card table")
        if normalize_name(card.name) != normalize_name(entry.name):
            raise BerserkInputError(f"{entry.source}: card {entry.code} is {card.name!r}, not {entry.name!r}")


__all__ = [
    "ACTIONS", "AREAS", "ATTACKS", "Ability", "AbilityBook", "CardAbilities", "COSTS", "EITHER", "FROM",
    "DELAYS", "GIVES", "GRANTS", "REMOVES",
    "KINDS", "LASTS", "MAGICAL", "PERS", "POSITIONS", "RANKS", "RECRUITMENT", "RESPONSES", "UNIT_PERS",
    "WHENS",
    "MARKERS", "Marker", "NO_ENTRY", "PARITIES", "PASSIVES", "RANGED", "STATUSES", "TIERS", "TRIGGERED",
    "TRIGGERS",
    "WHEN_TRIGGERS", "WOUNDS", "ZONES",
    "builtin_ability_files",
    "check_against_cards", "load_abilities", "lookup_contract", "parse_abilities", "read_ability_file",
]
