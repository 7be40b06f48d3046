"""Search: the solver, information sets and sampling, and the bots."""
