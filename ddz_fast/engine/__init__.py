"""The game engine: Game and its states (bidding, doubling, play, scoring, clocks, records)."""
