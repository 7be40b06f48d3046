"""The arena: bots rated against each other in duplicate games, with intervals."""
