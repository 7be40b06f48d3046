"""Play-phase positions, duels, perft and native rollouts."""
