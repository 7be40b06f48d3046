"""Type stub of the native sampler of determinizations (src/search/_sampling.pyx);
ddz_fast.search.infoset validates its arguments."""
import numpy as np
import numpy.typing as npt

def _count(free: npt.NDArray[np.int64], lo: npt.NDArray[np.int64], hi: npt.NDArray[np.int64],
           need: int) -> int: ...
def _sample(out: npt.NDArray[np.uint64], free: npt.NDArray[np.int64],
            lo: npt.NDArray[np.int64], hi: npt.NDArray[np.int64], need: int, own_seat: int,
            own_word: int, seat_a: int, fixed_a: int, seat_b: int, fixed_b: int,
            seed: int) -> int: ...
