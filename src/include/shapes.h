/* Chain lengths and cards of each move type, indexed by type code (ddz_fast.move.MOVE_TYPES):
 * the main shapes of the rule book (ddz_fast.shapes.MAIN_SHAPES; ddz_fast.moves._api checks that
 * both say the same when it is imported). CARDS counts the cards per main rank with the
 * kickers: a move of length n has n * CARDS cards. The space shuttle is the one type with
 * several: its kinds follow below, and its CARDS is that of the shuttle alone. */
#ifndef DDZ_SHAPES_H
#define DDZ_SHAPES_H

/*                               pass solo pair trio t+1 t+2 chain pchain air a+1 a+2 4+1 4+2 bomb rocket shuttle */
static const int DDZ_LEN_MIN[16] = {0, 1, 1, 1, 1, 1, 5, 3, 2, 2, 2, 1, 1, 1, 1, 2};
static const int DDZ_LEN_MAX[16] = {0, 1, 1, 1, 1, 1, 12, 10, 6, 5, 4, 1, 1, 1, 1, 5};
static const int DDZ_CARDS[16] = {0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 8, 4, 2, 4};

/* The kinds of space shuttle (ddz_fast.shapes.SHUTTLE_KINDS), in the canonical order of one
 * length: alone, with solo wings, with pair wings. Kind k has SHUTTLE_CARDS[k] cards per bomb
 * (its bombs and 2 wing ranks per bomb of k cards each) and at most SHUTTLE_LEN_MAX[k] bombs;
 * every kind has at least LEN_MIN of the shuttle. */
#define DDZ_SHUTTLE_KINDS 3
static const int DDZ_SHUTTLE_CARDS[DDZ_SHUTTLE_KINDS] = {4, 6, 8};
static const int DDZ_SHUTTLE_LEN_MAX[DDZ_SHUTTLE_KINDS] = {5, 3, 2};
/* Two decks (ddz_fast.shapes.MAIN_SHAPES_TWO_DECKS): chains as long as a 33-card hand allows,
 * and no space shuttle. */
static const int DDZ_LEN_MAX_TWO_DECKS[16] = {0, 1, 1, 1, 1, 1, 12, 12, 11, 8, 6, 1, 1, 1, 1, 0};

#endif
