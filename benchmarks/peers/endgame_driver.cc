// A driver for the public C++ endgame solver YunyanDeng/doudizhu_endgame, built outside this
// project from a checkout of that repository, for benchmarks/solver_peer.py:
//
//     g++ -O3 -std=c++17 -I REPO/src -o endgame_driver endgame_driver.cc REPO/src/*.cc
//
// Reads "LORD FARMER" lines (the solver's card letters: 3-9, 0 for ten, J Q K A 2, Y and Z for
// the jokers) and prints "WIN SECONDS" for each: one single-threaded Negamax::search, the lord
// leading, with a fresh engine (and so a fresh table) per line, timed around the search alone.
#include <chrono>
#include <iostream>
#include <string>

#include "negamax.h"

using namespace doudizhu_endgame;

int main() {
    std::string lord, farmer;
    while (std::cin >> lord >> farmer) {
        CardSet lord_cards, farmer_cards;
        if (!lord_cards.from_string(lord) || !farmer_cards.from_string(farmer)) return 2;
        Negamax* engine = new Negamax();
        Pattern start = {-1, Pass, CardSet()};
        auto started = std::chrono::steady_clock::now();
        bool win = engine->search(lord_cards, farmer_cards, start);
        auto ended = std::chrono::steady_clock::now();
        std::cout << win << " " << std::chrono::duration<double>(ended - started).count()
                  << std::endl;
        delete engine;
    }
    return 0;
}
