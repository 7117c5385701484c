"""The page in one browser tab, with the reads and actions the tests share.

Reads go through what the page shows (text, classes, attributes a reader's tools also
see), not through the page's JavaScript variables.
"""

import os
import re

from webdriver import KEY


class Page:
    def __init__(self, driver, url, shots):
        self.d = driver
        self.url = url
        self.shots = shots

    def load(self, hash_="", query="?lang=en"):
        """Loads the page afresh (a new document, so no state is kept) and waits until ready.
        English unless asked otherwise: the language a test chose is kept in the browser."""
        self.d.go("about:blank")
        self.d.go(self.url + query + hash_)
        self.d.wait("the page to be ready", lambda: self.d.js("return document.body.dataset.ready === '1'"))

    def set_n(self, value):
        """Types a size and presses Enter."""
        field = self.d.find("#n")
        self.d.clear(field)
        self.d.type_into(field, str(value) + KEY["Enter"])

    def choose(self, select_id, name):
        """Picks an algorithm (or "" for none) from a menu, as a click on its option."""
        self.d.click(self.d.find(f"#{select_id}"))
        self.d.click(self.d.find(f"#{select_id} option[value='{name}']"))
        assert self.d.prop(self.d.find(f"#{select_id}"), "value") == name

    def counter(self, lane, name):
        text = self.d.text(self.d.find(f"#lane-{lane} .{name}"))
        assert re.fullmatch(r"\d+", text), f"counter {name} shows {text!r}"
        return int(text)

    def board(self, lane=0):
        """The queens the board draws, as 1-based columns row by row (None: no queen)."""
        cells = self.d.js(f"""return [...document.querySelectorAll('#lane-{lane} .board td')]
            .map(td => [td.dataset.row, td.dataset.col, td.classList.contains('queen'), td.textContent])""")
        size = int(len(cells) ** 0.5 + 0.5)
        columns = [None] * size
        for row, col, queen, text in cells:
            if queen:
                assert text == "♛", "a queen's square shows a queen"
                assert columns[int(row) - 1] is None, f"two queens on row {row}"
                columns[int(row) - 1] = int(col)
        return columns

    def board_size(self, lane=0):
        """(rows, squares per row) of the board drawn, read in one go (it may be redrawn)."""
        widths = self.d.js(f"return [...document.querySelectorAll('#lane-{lane} .board tr')].map(tr => tr.cells.length)")
        assert len(set(widths)) <= 1, f"ragged board: rows of {widths} squares"
        return len(widths), (widths[0] if widths else 0)

    def marked_lines(self, lane=0):
        """The code of each line marked aria-current="step" in a lane (comments left out)."""
        return self.d.js(f"""return [...document.querySelectorAll('#lane-{lane} .code [aria-current="step"]')]
            .map(line => line.querySelector('.src').textContent.trim())""")

    def tree(self, lane=0):
        """What the lane's tree shows: its counts (text's data) and the marks drawn."""
        return self.d.js(f"""
            const lane = document.getElementById('lane-{lane}');
            const counts = lane.querySelector('.tree-counts');
            const svg = lane.querySelector('.tree svg');
            const drawn = (cls) => svg ? Number(svg.querySelector(cls).dataset.count) : null;
            return {{
                text: counts.textContent,
                queens: Number(counts.dataset.queens), refused: Number(counts.dataset.refused),
                found: Number(counts.dataset.found), dead: Number(counts.dataset.dead),
                drawnQueens: svg ? Number(svg.dataset.queens) : null,
                drawnRefused: drawn('.t-refused'), drawnFound: drawn('.t-found'), drawnDead: drawn('.t-dead'),
                drawnOn: drawn('.t-queen-on'),
                label: svg ? svg.getAttribute('aria-label') : null,
            }};""")

    def step_shown(self):
        """The step the slider shows, and the furthest step, read from its label."""
        text = self.d.text(self.d.find("#scrub-value"))
        match = re.fullmatch(r"(\d+) / (\d+)", text)
        assert match, f"the step label reads {text!r}"
        return int(match.group(1)), int(match.group(2))

    def wait_idle(self, timeout=60):
        """Waits until no run is going (Run shows Run, not Pause)."""
        self.d.wait("the run to stop", lambda: self.d.attribute(self.d.find("#run"), "aria-pressed") == "false",
                    timeout=timeout)

    def run_to_end(self, timeout=60):
        """Sets the speed to flat out and runs every lane until its search ends."""
        self.d.js("const s = document.getElementById('speed'); s.value = s.max; s.dispatchEvent(new Event('input'))")
        self.d.click(self.d.find("#run"))
        self.d.wait("the search to end", lambda: not self.d.enabled(self.d.find("#step")), timeout=timeout)
        self.wait_idle()

    def wait_chart(self, timeout=120):
        self.d.wait("the chart's counts", lambda: self.d.js(
            "return document.getElementById('chart-figure').getAttribute('aria-busy') === 'false'"), timeout=timeout)

    # ---- Play ----------------------------------------------------------------------------

    def play_board(self):
        """The student's board: 1-based columns row by row, 0 for an empty row."""
        cells = self.d.js("""return [...document.querySelectorAll('#play-board button')]
            .map(b => [b.dataset.row, b.dataset.col, b.classList.contains('queen'), b.textContent])""")
        size = int(len(cells) ** 0.5 + 0.5)
        columns = [0] * size
        for row, col, queen, text in cells:
            if queen:
                assert text == "♛" and columns[int(row) - 1] == 0, f"row {row}"
                columns[int(row) - 1] = int(col)
        return columns

    def play_put(self, columns):
        """Clicks squares until the board holds `columns` (0: empty row)."""
        now = self.play_board()
        for row, (have, want) in enumerate(zip(now, columns), start=1):
            if have == want:
                continue
            square = want or have  # a click on the queen takes it off
            self.d.js(f"document.querySelector(\"#play-board button[data-row='{row}'][data-col='{square}']\").click()")
        assert self.play_board() == list(columns), f"the board shows {self.play_board()}, not {columns}"

    def play_cells(self, cls):
        """The squares (1-based row, column) of the play board that carry class `cls`."""
        return {(int(r), int(c)) for r, c in self.d.js(
            f"return [...document.querySelectorAll('#play-board button.{cls}')].map(b => [b.dataset.row, b.dataset.col])")}

    def shot(self, name):
        path = os.path.join(self.shots, name + ".png")
        self.d.screenshot(path)
        return path
