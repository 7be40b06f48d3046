/* Chain lengths and cards of each move type, indexed by type code (ddz_fast.move.MOVE_TYPES):
 * the main shapes of the rule book (ddz_fast.reference.MAIN_SHAPES; a test checks that both
 * say the same). CARDS counts the cards per main rank with the kickers: a move of length n has
 * n * CARDS cards. */
#ifndef DDZ_SHAPES_H
#define DDZ_SHAPES_H

/*                               pass solo pair trio t+1 t+2 chain pchain air a+1 a+2 4+1 4+2 bomb rocket */
static const int DDZ_LEN_MIN[15] = {0, 1, 1, 1, 1, 1, 5, 3, 2, 2, 2, 1, 1, 1, 1};
static const int DDZ_LEN_MAX[15] = {0, 1, 1, 1, 1, 1, 12, 10, 6, 5, 4, 1, 1, 1, 1};
static const int DDZ_CARDS[15] = {0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 8, 4, 2};
/* Two decks (ddz_fast.shapes.MAIN_SHAPES_TWO_DECKS): chains as long as a 33-card hand allows. */
static const int DDZ_LEN_MAX_TWO_DECKS[15] = {0, 1, 1, 1, 1, 1, 12, 12, 11, 8, 6, 1, 1, 1, 1};

#endif
