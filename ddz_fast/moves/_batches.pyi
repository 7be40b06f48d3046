"""Type stub of the batched API's kernels (src/moves/_batches.pyx), behind
ddz_fast.moves.native."""
from typing import Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

from ..rules import Rules, RulesLike

# The batched API straight from numpy arrays of valid arguments; None sends the call through
# the full checks of ddz_fast._batch_checks.
def _try_batch_moves(hands: object, prevs: object, rules: object,
                     ) -> Optional[Tuple[npt.NDArray[np.uint64], npt.NDArray[np.int64]]]: ...
def _try_batch_mask(hands: object, prevs: object,
                    rules: object) -> Optional[npt.NDArray[np.bool_]]: ...

# Kernels behind ddz_fast.moves.native's batched API; their arguments are validated there.
def _first_illegal(prevs: npt.NDArray[np.uint64], rules: RulesLike) -> int: ...
def _batch_moves(hands: npt.NDArray[np.uint64], prevs: Optional[npt.NDArray[np.uint64]],
                 rules: Union[Rules, RulesLike]) -> Tuple[npt.NDArray[np.uint64],
                                                         npt.NDArray[np.int64]]: ...
def _batch_mask(hands: npt.NDArray[np.uint64], prevs: Optional[npt.NDArray[np.uint64]],
                rules: Union[Rules, RulesLike]) -> npt.NDArray[np.bool_]: ...
