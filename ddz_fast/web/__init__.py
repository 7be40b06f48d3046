"""The web table: pictures in a browser, replays of recorded hands and a table to play at.

:mod:`ddz_fast.web.replay` writes a recorded hand as one self-contained HTML page
(``ddz-fast view``); :mod:`ddz_fast.web.server` serves tables where people play against each
other and the bots (``ddz-fast serve``), each seat sent only what it may know
(:mod:`ddz_fast.web.view`), with the rule book's clocks and auto-play kept by
:mod:`ddz_fast.web.table`. See docs/web.md.
"""
