"""Type stub of the search bots' native kernels (src/search/_search_bots.pyx);
ddz_fast.search.search_bots validates their arguments."""
import enum
from typing import Tuple

import numpy as np
import numpy.typing as npt

from ..rules import Rules

class Policy(enum.IntEnum):
    RANDOM = 0
    RULES = 1

def _rollout_wins(samples: npt.NDArray[np.uint64], landlord: int, to_move: int, prev: int,
                  passes: int, actions: npt.NDArray[np.uint64], rollouts: int, policy: int,
                  seed: int, rules: Rules) -> npt.NDArray[np.int64]: ...
def _ismcts(samples: npt.NDArray[np.uint64], landlord: int, to_move: int, prev: int,
            passes: int, actions: npt.NDArray[np.uint64], iterations: int, exploration: float,
            policy: int, seed: int, rules: Rules) -> Tuple[npt.NDArray[np.int64],
                                                           npt.NDArray[np.float64]]: ...
