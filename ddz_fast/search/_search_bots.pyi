"""Type stub of the search bots' native kernels (src/search/_search_bots.pyx);
ddz_fast.search.search_bots validates their arguments."""
import enum
from typing import Dict, Tuple

import numpy as np
import numpy.typing as npt

from ..rules import Rules

#: The tables a call may name, and the columns of a row of its determinizations.
TABLES: Dict[str, int]

class Policy(enum.IntEnum):
    RANDOM = 0
    RULES = 1

def _rollout_wins(table: str, root: tuple, samples: npt.NDArray[np.uint64],
                  actions: npt.NDArray[np.uint64], rollouts: int, policy: int, seed: int,
                  rules: Rules) -> npt.NDArray[np.int64]: ...
def _ismcts(table: str, root: tuple, samples: npt.NDArray[np.uint64],
            actions: npt.NDArray[np.uint64], iterations: int, exploration: float, policy: int,
            seed: int, rules: Rules, bias_ahead: npt.NDArray[np.float64],
            bias: npt.NDArray[np.float64]
            ) -> Tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]: ...
