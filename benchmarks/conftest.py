import sys
from pathlib import Path

# The benchmarks import their shared hand sets as plain modules from this folder.
sys.path.insert(0, str(Path(__file__).parent))
