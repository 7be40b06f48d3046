"""The search bots (PIMC, ISMCTS) at the laizi and four-player tables: legal, blind to hidden
cards, deciding through the information set alone, and finding what hand-derived decisions say.

* Every bot (random, greedy, and the search bots at small budgets) plays only legal actions over
  random hands of ``laizi``, ``tiandi_laizi`` and ``four_player`` with ``sides`` alone and
  partner, every ordered pair of bots in the landlord's and the peasants' roles in turn (2,000
  hands per table in the slow step); bids, doubles and the choice of partner are checked too.
* A twin state (the same public record, the hidden hands dealt again by the information set's
  own sampler, every action replayed) gets the same decision from a bot with the same seed.
* ``play(state)`` is ``choose(information set, rules)``, and mismatched rules are named.
* Hand-derived decisions: a wild reading that goes out, and at four seats a pass that lets the
  partner go out where beating may lose (and beating where the same seat is an opponent).
* The greedy floor: the greedy bot decides alike from a state and from what its player sees,
  and at four seats ISMCTS plays the greedy bot's move or the tree's own, each somewhere.

The classic, Botzone and no-kitty tables are tested in tests/search/test_search_bots.py.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from ddz_fast import Game, Hand, Move, Rules
from ddz_fast.engine.four_player import FourPlayerState
from ddz_fast.moves.notation import parse_move
from ddz_fast.positions.four_player import FourPlayerPosition
from ddz_fast.positions.three_player import Position
from ddz_fast.search.bots import GreedyBot, _SeenState, play_hand, start_play
from ddz_fast.search.catalog import make_bot
from ddz_fast.search.four_player import FourPlayerInformationSet
from ddz_fast.search.infoset import InformationSet, information_set
from ddz_fast.search import search_bots
from ddz_fast.search.search_bots import ISMCTSBot, PIMCBot, _decision_of, _two_deck_rows
from support.checked_bots import Checked
from support.common import sizes
from support.twins import check_blind, info_of, mid_game_state

pytestmark = pytest.mark.native  # the search runs in the compiled core

FOUR = Rules.preset("four_player")
TABLES = {"laizi": Rules.preset("laizi"), "tiandi_laizi": Rules.preset("tiandi_laizi"),
          "four_player": FOUR, "four_player_partner": FOUR.replace(sides="partner")}
TABLE_BOTS = ("random", "greedy", "pimc", "ismcts")
#: Small budgets for the runs of thousands of hands: the same code paths as the defaults.
QUICK = {"pimc": "pimc:samples=2,rollouts=8", "ismcts": "ismcts:iterations=8"}


# --- legal actions only ---------------------------------------------------------------------------

#: The blocks each legality sweep is cut into, so that test processes share a table's hands.
BLOCKS = 2


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("hands", sizes(16, 2_000))
@pytest.mark.parametrize("table", TABLES)
def test_every_bot_plays_only_legal_actions_on_the_laizi_and_four_player_tables(table, hands,
                                                                                 block):
    # Together the blocks play hands 0 .. hands - 1 of the table.
    rules = TABLES[table]
    bots = {name: Checked(make_bot(QUICK.get(name, name), f"legal:{table}:{block}:{name}"))
            for name in TABLE_BOTS}
    pairs = [(a, b) for a in TABLE_BOTS for b in TABLE_BOTS]
    mine = range(block * hands // BLOCKS, (block + 1) * hands // BLOCKS)
    for i in mine:
        landlord, peasants = pairs[i % len(pairs)]
        state = Game(rules).new_state(seed=i, first_bidder=i % rules.players)
        play_hand(state, landlord=bots[landlord], peasants=bots[peasants])  # type: ignore
        assert state.is_over and sum(state.scores) == 0
    for name, bot in bots.items():
        # Each bot is the landlord's bot in a quarter of the hands (it bids for every seat,
        # then plays) and the other side's in another quarter.
        assert bot.decisions > 5 * len(mine) // len(TABLE_BOTS), name


# --- blind to hidden cards ------------------------------------------------------------------------

#: The random actions before a decision of the blindness tests: fewer than this.
MID_GAME_STEPS = 60
FAIR_BOTS = ["random", "greedy", QUICK["pimc"], QUICK["ismcts"],
             "pimc:rollout=random,samples=4,rollouts=200", "ismcts:iterations=200"]


@pytest.mark.parametrize("cases", sizes(10, 200))
@pytest.mark.parametrize("spec", FAIR_BOTS)
@pytest.mark.parametrize("table", TABLES)
def test_bots_never_read_hidden_cards_on_the_laizi_and_four_player_tables(table, spec, cases):
    check_blind(spec, [TABLES[table]], f"blind:{table}:{spec}", cases, MID_GAME_STEPS)


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["pimc", "ismcts"])
@pytest.mark.parametrize("table", TABLES)
def test_bots_at_their_default_budgets_never_read_hidden_cards(table, spec):
    check_blind(spec, [TABLES[table]], f"blind-default:{table}:{spec}", 20, MID_GAME_STEPS)


# --- through the information set alone ------------------------------------------------------------

@pytest.mark.parametrize("table", TABLES)
def test_search_bots_decide_from_the_information_set_alone(table):
    rules = TABLES[table]
    state = mid_game_state(random.Random(table), rules, MID_GAME_STEPS)
    info = info_of(state, state.current_player)
    for make in (lambda: PIMCBot(seed=3, samples=4, rollouts=300),
                 lambda: ISMCTSBot(seed=3, iterations=300)):
        assert make().play(state) == make().choose(info, rules)
    other = info_of(state, (state.current_player + 1) % rules.players)
    with pytest.raises(ValueError, match="play-phase decision of its player"):
        ISMCTSBot().choose(other, rules)


def test_an_information_set_is_played_under_rules_of_its_table():
    laizi = mid_game_state(random.Random(1), TABLES["laizi"], MID_GAME_STEPS)
    wild_info = information_set(laizi, laizi.current_player)
    with pytest.raises(ValueError, match="wild ranks"):
        PIMCBot().choose(wild_info, "standard")
    with pytest.raises(ValueError, match="wild ranks"):
        PIMCBot().choose(wild_info, "tiandi_laizi")      # one wild rank shown, two in the rules
    plain = start_play(Game(), 3, landlord=0)
    with pytest.raises(ValueError, match="wild ranks"):
        ISMCTSBot().choose(information_set(plain, 0), "laizi")
    four = mid_game_state(random.Random(2), TABLES["four_player_partner"],
                          MID_GAME_STEPS)
    four_info = info_of(four, four.current_player)
    with pytest.raises(ValueError, match="sides='alone'"):
        PIMCBot().choose(four_info)                       # four_player: the landlord alone
    with pytest.raises(ValueError, match="rules of four players"):
        PIMCBot().choose(four_info, "standard")
    with pytest.raises(ValueError, match="three players"):
        ISMCTSBot().choose(wild_info, "four_player")
    with pytest.raises(TypeError, match="info must be an InformationSet"):
        ISMCTSBot().choose(four, "four_player")           # type: ignore[arg-type]


@pytest.mark.parametrize("table", TABLES)
def test_the_determinized_position_of_the_true_deal_is_the_states(table):
    # What PIMC's exact step solves: each deal read back as the table's position, the partner
    # told to the solver. The true hands must give the state's own position and partner.
    state = mid_game_state(random.Random(f"position:{table}"), TABLES[table], MID_GAME_STEPS)
    decision = _decision_of(info_of(state, state.current_player), state.rules)
    if isinstance(state, FourPlayerState):
        deal = _two_deck_rows(np.array([[h.counts for h in state.hands]], dtype=np.uint8))[0]
    else:
        deal = np.array([h.bitboard for h in state.hands], dtype=np.uint64)
    assert decision.position(deal) == state.position()
    assert decision.exact and decision.partner() == getattr(state, "partner", None)


# --- what the search finds ------------------------------------------------------------------------

def test_the_search_bots_go_out_with_a_wild_reading():
    # 5 is wild. The landlord (seat 0) holds A 5 and must beat the pair KK that peasant seat 2
    # played; seat 1 holds two and seat 2 one of 6, 7, 9 (unseen: any split). Its actions are
    # the pass and A5 read as the pair AA (no other pair above KK: one natural ace, one wild;
    # no bomb, no rocket). AA empties its hand: the landlord wins at once. After a pass seat 1
    # cannot beat a pair with two single cards and passes, and seat 2 leads its last card: the
    # peasants win. So AA is the one winning action.
    rules = Rules.preset("laizi")
    prev = parse_move("KK")
    position = Position([Hand("A5"), Hand("67"), Hand("9")], 0, 0, prev, 0, wild=(2,))
    info = InformationSet.from_position(position, 0)
    actions = _decision_of(info, rules).actions
    assert len(actions) == 2 and actions[0] == Move.PASS
    pair_of_aces = actions[1]
    assert pair_of_aces.type == "pair" and pair_of_aces.reading[11] == 2    # read as A A
    for bot in (PIMCBot(seed=1), PIMCBot(seed=1, rollout="random"), ISMCTSBot(seed=1)):
        assert bot.choose(info, rules) == pair_of_aces, bot


def test_the_four_player_bots_let_a_partner_go_out_and_beat_an_opponent():
    # Seat 2 led 44 and holds one card; seat 3 passed; the landlord (seat 0) holds K K A 3 and
    # sees 2, 4, 5, 6 unseen: two for seat 1, one each for seats 2 and 3, all of different
    # ranks, so no other seat ever holds a pair. Its actions: the pass, and KK.
    # * sides="partner", seat 2 the landlord's partner: passing wins every finish (seat 1
    #   cannot beat a pair with two single cards and passes, and seat 2 leads its last card).
    #   KK loses some: everyone passes it, the landlord leads A, seat 1 beats it with the 2 and
    #   goes out with its last card when seats 2 and 3 hold lower ones (4 and 5 below its 6).
    # * sides="alone", seat 2 an opponent: passing loses every finish (seat 1 passes and seat 2
    #   goes out), while KK wins those where the opponents let the landlord shed A and 3.
    position = FourPlayerPosition(["KKA3", "26", "4", "5"], landlord=0, to_move=0,
                                  prev=parse_move("44"), passes=1)
    partner = FourPlayerInformationSet.from_position(position, 0, partner=2)
    alone = FourPlayerInformationSet.from_position(position, 0)
    kings = parse_move("KK")
    assert _decision_of(alone, FOUR).actions == [Move.PASS, kings]
    for make in (lambda: PIMCBot(seed=2), lambda: PIMCBot(seed=2, rollout="random"),
                 lambda: ISMCTSBot(seed=2), lambda: ISMCTSBot(seed=2, rollout="random")):
        assert make().choose(partner, FOUR.replace(sides="partner")) == Move.PASS
        assert make().choose(alone, FOUR) == kings


# --- the stake at four seats: bombs kept whole ---------------------------------------------------

def test_four_player_bomb_costs_count_the_bombs_an_action_breaks_or_plays():
    # The landlord holds eight 3s, four 4s, a 5 and the four jokers: two bombs of 3s (a bomb
    # is four cards, eight make two), one of 4s and the rocket (BBRR), four in all.
    position = FourPlayerPosition(["333333334444BBRR5", "6", "7", "8"], landlord=0, to_move=0)
    decision = _decision_of(FourPlayerInformationSet.from_position(position, 0), FOUR)
    broken, bombing = decision.bomb_costs()
    costs = {str(move): (broken[i], bombing[i]) for i, move in enumerate(decision.actions)}
    # (bombs broken, plays a bomb keeping cards), the bombs left after each counted by hand:
    assert costs["5"] == (0, 0)         # four left: nothing broken
    assert costs["3333"] == (0, 1)      # plays one of the four; three left
    assert costs["33333"] == (1, 1)     # plays one, three 3s left: two left (4s, rocket)
    assert costs["333"] == (1, 0)       # five 3s left: three left
    assert costs["444"] == (1, 0)       # a 4 left: three left
    assert costs["BB"] == (1, 0)        # the rocket broken: three left
    assert costs["BBRR"] == (0, 1)      # plays the rocket; three left
    assert costs["344445"] == (2, 0)    # four + two: seven 3s and no 4s, two left


def test_the_bomb_costs_are_none_at_the_one_deck_tables():
    # One deck: 3333 is a bomb and 333 breaks it, but the bots' strength at the one-deck
    # tables was measured without the costs, so none are counted there.
    info = InformationSet.from_position(Position.parse("33334/5/6 0 0 - 0"), 0)
    broken, bombing = _decision_of(info, Rules()).bomb_costs()
    assert not broken.any() and not bombing.any()


def test_a_winning_four_player_landlord_keeps_its_bomb_for_the_end():
    # The landlord (alone) holds 3333 and the red joker and leads; the others hold a 4, a 5
    # and a 6, one each (the only cards it does not see). A single 3 loses (the next seat
    # beats it with its last card); every other lead wins, since no single card answers a
    # pair, a trio, a bomb or the joker, and the landlord then goes out. R keeps the bomb,
    # which then ends the hand and doubles the stake; 3333 plays it with cards left; 33, 333
    # and 333R break it. PIMC plays R for that (and ISMCTS given the costs); without the costs
    # any of the five may go.
    position = FourPlayerPosition(["3333R", "4", "5", "6"], landlord=0, to_move=0)
    info = FourPlayerInformationSet.from_position(position, 0)
    for seed in range(5):
        assert str(PIMCBot(seed=seed).choose(info, FOUR)) == "R"
        assert str(ISMCTSBot(seed=seed, break_cost=0.1, bomb_cost=0.1).choose(info, FOUR)) == "R"
    careless = {str(PIMCBot(seed=seed, break_cost=0, bomb_cost=0).choose(info, FOUR))
                for seed in range(12)}
    assert careless - {"R"} and careless <= {"R", "3333", "33", "333", "333R"}


@pytest.mark.parametrize("bias_ahead, bias, message", [
    (np.zeros(1), np.zeros(2), "one value per action"),
    (np.zeros(2), np.array([0.0, np.nan]), "must be finite"),
    (np.array([np.inf, 0.0]), np.zeros(2), "must be finite"),
])
def test_the_tree_search_checks_its_root_biases(bias_ahead, bias, message):
    info = InformationSet.from_position(Position.parse("223/4/A 0 0 - 0"), 0)
    decision = _decision_of(info, Rules())
    decision.actions = decision.actions[:2]
    with pytest.raises(ValueError, match=message):
        search_bots._search._ismcts(decision.table, decision.root(), decision.deals(4, 1),
                                    decision.keys(), 10, 0.7, 1, 1, decision.rules,
                                    bias_ahead, bias)


# --- the greedy floor -----------------------------------------------------------------------------

#: Every Dou Dizhu table: the greedy bot decides from what its player sees at each.
DOU_DIZHU = dict(TABLES, standard=Rules(), botzone=Rules.preset("botzone"),
                 no_kitty=Rules.preset("no_kitty"))


@pytest.mark.parametrize("table", DOU_DIZHU)
def test_the_greedy_bot_decides_alike_from_a_state_and_from_what_its_player_sees(table):
    # _SeenState gives the greedy bot the player's hand and only the sizes of the others: the
    # same move as from the whole state shows it reads nothing hidden.
    rng = random.Random(f"seen:{table}")
    for _ in range(60):
        state = mid_game_state(rng, DOU_DIZHU[table], 60)
        seen = _SeenState(info_of(state, state.current_player), state.rules,
                          state.legal_actions())
        assert GreedyBot().play(seen) == GreedyBot().play(state)


def _floor_cases(table: str, count: int):
    """Mid-game decisions of ``table`` with a choice, each with the greedy bot's move there."""
    rng = random.Random(f"floor:{table}")
    while count:
        state = mid_game_state(rng, DOU_DIZHU[table], 40)
        if len(state.legal_actions()) > 1:
            count -= 1
            yield info_of(state, state.current_player), state.rules, GreedyBot().play(state)


@pytest.mark.parametrize("table", ["four_player", "four_player_partner"])
def test_ismcts_keeps_the_greedy_move_at_four_seats_unless_the_tree_overrules_it(table):
    # Every floor plays the greedy bot's move or the tree's own (floor 0, the same seed); the
    # default one keeps the greedy move where the tree would not, and the tree overrules it
    # somewhere. A lower floor keeps every greedy move a higher one keeps.
    kept = overruled = 0
    for case, (info, rules, greedy) in enumerate(_floor_cases(table, 30)):
        tree, low, chosen, high = (
            ISMCTSBot(seed=case, iterations=200, greedy_floor=floor).choose(info, rules)
            for floor in (0, 0.25, None, 1))
        assert {low, chosen, high} <= {tree, greedy}
        assert (high != greedy or chosen == greedy) and (chosen != greedy or low == greedy)
        kept += chosen == greedy != tree
        overruled += chosen == tree != greedy
    assert kept and overruled


@pytest.mark.parametrize("table", ["standard", "laizi"])
def test_ismcts_plays_the_tree_alone_at_three_seats_by_default(table):
    for case, (info, rules, _) in enumerate(_floor_cases(table, 10)):
        assert ISMCTSBot(seed=case, iterations=100).choose(info, rules) == \
            ISMCTSBot(seed=case, iterations=100, greedy_floor=0).choose(info, rules)


def test_the_greedy_floor_is_refused_in_run_fast():
    # Refused before the bot draws anything: its next decision is the one a fresh bot makes.
    state = Game("runfast").new_state(3)
    refused = ISMCTSBot(seed=1, iterations=10, greedy_floor=0.5)
    with pytest.raises(ValueError, match="greedy_floor applies at the Dou Dizhu tables"):
        refused.play(state)
    four = start_play(Game(FOUR), 5, landlord=0)
    assert refused.play(four) == ISMCTSBot(seed=1, iterations=10, greedy_floor=0.5).play(four)
    assert ISMCTSBot(seed=1, iterations=10).play(state) in state.legal_actions()


@pytest.mark.parametrize("make, name", [(PIMCBot, "break_cost"), (PIMCBot, "bomb_cost"),
                                        (ISMCTSBot, "break_cost"), (ISMCTSBot, "bomb_cost"),
                                        (ISMCTSBot, "greedy_floor")])
def test_the_search_bots_weights_are_checked_numbers(make, name):
    for bad, error in ((-0.1, ValueError), (1.5, ValueError), (float("nan"), ValueError),
                       ("0.1", TypeError), (True, TypeError)):
        with pytest.raises(error, match=name):
            make(**{name: bad})
    assert f"{name}=0.5" in repr(make(**{name: 0.5})) and name not in repr(make())
