"""The benchmark suites import their shared modules (hands.py, report.py) by name: pytest
finds them through ``pythonpath`` in pyproject.toml, which lists this folder."""
