"""PettingZoo environments of the play phase, one module per table."""
