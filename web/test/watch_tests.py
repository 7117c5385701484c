"""The page in watch mode: stepping, the code that runs, the tree, going back."""

import re
import time

import reference as ref

# What each trace event does, as a line of the code shown must do it: written here from
# the events' meaning (see `nqueens trace`), not from the page's own table, so a wrong
# mapping in the page fails. Keys: the event, "refuse <why>", or "dead end".
LINES = {
    "naive": {
        "place": r"queen\[row\] = col;",
        "remove": r"queen\[row\] = -1;",
        "found": r"if \(row == n\) \{ found\+\+; return; \}",
        "refuse column": r"if \(queen\[r\] == col\) return false;",
        "refuse rising": r"if \(abs\(queen\[r\] - col\) == row - r\) return false;",
        "refuse falling": r"if \(abs\(queen\[r\] - col\) == row - r\) return false;",
    },
    "flags": {
        "place": r"col\[c\] = rising\[r \+ c\] = falling\[r - c \+ n - 1\] = true;",
        "remove": r"col\[c\] = rising\[r \+ c\] = falling\[r - c \+ n - 1\] = false;",
        "found": r"if \(r == n\) \{ found\+\+; return; \}",
        "refuse column": r"if \(col\[c\]\) continue;",
        "refuse rising": r"if \(rising\[r \+ c\]\) continue;",
        "refuse falling": r"if \(falling\[r - c \+ n - 1\]\) continue;",
    },
    "bitmask": {
        "place": r"solve\(row \+ 1, cols \| bit, \(left \| bit\) << 1, \(right \| bit\) >> 1\);",
        "remove": r"free \^= bit;",
        "found": r"if \(row == n\) \{ found\+\+; return; \}",
    },
    "dancing-links": {
        "choose": r"Item\* c = fewest_options\(\);",
        "dead end": r"if \(c->len == 0\) return;",
        "found": r"if \(c == nullptr\) \{ found\+\+; return; \}",
        "place": r"for \(Node\* j = r->right; j != r; j = j->right\) cover\(j->item\);",
        "remove": r"for \(Node\* j = r->left; j != r; j = j->left\) uncover\(j->item\);",
    },
    "cell-by-cell": {
        "place": r"mark\(r, c, true\);",
        "remove": r"mark\(r, c, false\);",
        "skip": r"solve\(cell \+ 1, queens\);",
        "found": r"if \(queens == n\) \{ found\+\+; return; \}",
        "refuse row": r"if \(row\[r\]\) return true;",
        "refuse column": r"if \(col\[c\]\) return true;",
        "refuse rising": r"if \(rising\[r \+ c\]\) return true;",
        "refuse falling": r"if \(falling\[r - c \+ n - 1\]\) return true;",
    },
}
# The size each algorithm is walked through in full: every kind of event happens there.
WALK_N = {"naive": 5, "flags": 5, "bitmask": 6, "dancing-links": 6, "cell-by-cell": 4}


def event_key(event):
    if event["event"] == "refuse":
        return "refuse " + event["why"]
    if event["event"] == "choose":
        return "dead end" if event["options"] == 0 else "choose"
    return event["event"]


def expect_line(algorithm, event, marked, where):
    key = event_key(event)
    assert len(marked) == 1, f"{where}: {len(marked)} lines marked ({marked}) for {key}"
    pattern = LINES[algorithm][key]
    assert re.fullmatch(pattern, marked[0]), f"{where}: {key} marks {marked[0]!r}"


def test_marked_line_for_chosen_steps(page):
    """For each algorithm, the first step of each kind of event, opened by its link: the
    line marked is the one that does what the event says, and the event line (read to
    screen readers) names the square."""
    for algorithm, n in WALK_N.items():
        events = ref.trace(n, algorithm)
        firsts = {}
        for number, event in enumerate(events, start=1):
            firsts.setdefault(event_key(event), number)
        missing = set(LINES[algorithm]) - set(firsts)
        assert not missing, f"{algorithm} at n = {n} never does {missing}"
        for key, number in sorted(firsts.items(), key=lambda kv: kv[1]):
            page.load(f"#n={n}&algorithm={algorithm}&step={number}")
            assert page.step_shown()[0] == number
            event = events[number - 1]
            expect_line(algorithm, event, page.marked_lines(), f"{algorithm} n={n} step {number}")
            said = page.d.text(page.d.find("#lane-0 .event"))
            if "row" in event and "col" in event:
                assert f"row {event['row']}" in said.lower() and f"column {event['col']}" in said, \
                    f"step {number} ({key}) says {said!r}"
            assert page.d.attribute(page.d.find("#lane-0 .event"), "aria-live") == "polite"
    page.shot("code-line-cell-by-cell")


def test_every_event_marks_its_line(page):
    """Each algorithm's whole search, step by step with the Step button: every event
    marks exactly one line, the right one; past the end none is marked."""
    for algorithm, n in WALK_N.items():
        events = ref.trace(n, algorithm)
        page.load(f"#n={n}&algorithm={algorithm}&step=0")
        assert page.marked_lines() == [], "nothing is marked before the first step"
        seen = page.d.js(f"""
            const marks = [];
            for (let i = 0; i < {len(events) + 1}; i++) {{
                document.getElementById('step').click();
                marks.push([...document.querySelectorAll('#lane-0 .code [aria-current="step"] .src')]
                    .map(s => s.textContent.trim()));
            }}
            return marks;""")
        for number, (event, marked) in enumerate(zip(events, seen), start=1):
            expect_line(algorithm, event, marked, f"{algorithm} n={n} step {number}")
        assert seen[len(events)] == [], f"{algorithm}: a line is marked after the search ended"
        assert "finished" in page.d.text(page.d.find("#lane-0 .event"))


def test_tree_counts_match_trace(page):
    """The tree holds the queens, refusals, dead ends and placements that `nqueens trace`
    reports up to the step shown, and draws each of them; at the end the row-by-row
    counts also equal a search written in the test."""
    cases = [("naive", 6, None), ("bitmask", 8, None), ("dancing-links", 8, None), ("cell-by-cell", 5, None),
             ("flags", 8, 500), ("naive", 4, 7)]
    for algorithm, n, step in cases:
        events = ref.trace(n, algorithm)
        shown = len(events) if step is None else step
        page.load(f"#n={n}&algorithm={algorithm}&step={shown}")
        page.wait_idle()
        assert page.step_shown()[0] == shown
        tree = page.tree()
        want = ref.tally(n, algorithm, shown)
        got = {k: tree[k] for k in want}
        assert got == want, f"{algorithm} n={n} step {shown}: tree {got}, trace {want}"
        drawn = {"queens": tree["drawnQueens"], "refused": tree["drawnRefused"], "dead": tree["drawnDead"],
                 "found": tree["drawnFound"]}
        assert drawn == want, f"{algorithm} n={n}: drew {drawn}, trace {want}"
        on_board = [c for c in page.board() if c is not None]
        assert tree["drawnOn"] == len(on_board), f"path of {tree['drawnOn']} queens, board has {on_board}"
        if step is None and algorithm in ("naive", "bitmask"):
            placements, placed, refused = ref.row_by_row(n)
            assert (want["found"], want["queens"]) == (placements, placed)
            assert algorithm == "bitmask" or want["refused"] == refused
    page.shot("tree")
    # Step by step, the tree grows exactly as the trace goes.
    for algorithm, n in [("naive", 4), ("dancing-links", 5), ("cell-by-cell", 4)]:
        page.load(f"#n={n}&algorithm={algorithm}&step=0")
        steps = min(60, len(ref.trace(n, algorithm)))
        counts = page.d.js(f"""
            const seen = [];
            for (let i = 0; i < {steps}; i++) {{
                document.getElementById('step').click();
                const c = document.querySelector('#lane-0 .tree-counts').dataset;
                seen.push({{queens: Number(c.queens), refused: Number(c.refused), dead: Number(c.dead),
                           found: Number(c.found)}});
            }}
            return seen;""")
        for step, got in enumerate(counts, start=1):
            assert got == ref.tally(n, algorithm, step), f"{algorithm} n={n} step {step}: {got}"
    # Past the cap (cell by cell, n = 7) the tree says where it stopped.
    page.load("#n=7&algorithm=cell-by-cell&step=60000")
    page.wait_idle()
    assert "stopped growing at step" in page.tree()["text"]
    # Past n = 8 there is no tree, and the page says so.
    page.load("#n=9&algorithm=bitmask&step=5")
    assert "up to 8" in page.tree()["text"]


def test_back_and_slider(page):
    """Back (button and ←) and the slider show exactly the board the trace had at that
    step; stepping on again goes the same way."""
    d = page.d
    page.load("#n=6&algorithm=naive&compare=dancing-links&step=0")
    for _ in range(30):
        d.click(d.find("#step"))
    assert page.step_shown() == (30, 30)
    d.click(d.find("#back"))
    d.js("document.activeElement.blur()")
    for _ in range(9):
        d.press("ArrowLeft")
        step = page.step_shown()[0]
        for lane, algorithm in enumerate(["naive", "dancing-links"]):
            tree = page.tree(lane)
            want = ref.tally(6, algorithm, step)
            assert {k: tree[k] for k in want} == want, f"{algorithm} back at step {step}: tree {tree}"
    assert page.step_shown() == (20, 30)
    assert page.board(0) == ref.board_after(6, "naive", 20)
    assert page.board(1) == ref.board_after(6, "dancing-links", 20)
    assert page.counter(0, "steps") == 20
    d.js("const s = document.getElementById('scrub'); s.value = 5; s.dispatchEvent(new Event('input'));"
         "s.dispatchEvent(new Event('change'))")
    assert page.step_shown() == (5, 30)
    assert page.board(0) == ref.board_after(6, "naive", 5)
    assert "step=5" in d.js("return location.hash")
    d.click(d.find("#step"))
    assert page.board(1) == ref.board_after(6, "dancing-links", 6)
    # Far along and back: n = 8 flags run to the end, then the slider to a middle step.
    page.load("#n=8&algorithm=flags&step=0")
    page.run_to_end()
    end = len(ref.trace(8, "flags"))
    assert page.step_shown() == (end, end)
    d.js("const s = document.getElementById('scrub'); s.value = 12345; s.dispatchEvent(new Event('input'))")
    assert page.board() == ref.board_after(8, "flags", 12345)
    assert page.tree()["queens"] == ref.tally(8, "flags", 12345)["queens"]


def test_keyboard_only_to_first_placement_of_four(page):
    """Keyboard only: n = 4, bitmask, stepped to the first placement, read off the board."""
    d = page.d
    page.load()
    active = lambda: d.js("return document.activeElement.id")  # noqa: E731
    for _ in range(10):
        if active() == "n":
            break
        d.press("Tab")
    assert active() == "n", f"Tab never reached the size field (focus on {active()!r})"
    outline = d.js("const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]")
    assert outline[0] != "none" and float(outline[1].rstrip("px")) >= 2, f"focus not visible: {outline}"
    d.chord("Control", "a")
    d.press("4")
    d.wait("a 4×4 board", lambda: page.board_size() == (4, 4))
    d.press("Tab")
    assert active() == "algo-0"
    assert d.prop(d.find("#algo-0"), "value") == "bitmask", "bitmask is the first algorithm shown"
    d.press("Tab", "Tab")
    assert active() == "step", f"focus on {active()!r}, not the Step button"
    d.press("Enter")
    assert page.counter(0, "nodes") == 1, "Enter on Step placed one queen"
    presses = 1
    while page.counter(0, "found") == 0:
        assert presses < 100, "no placement after 100 steps"
        d.press("ArrowRight")
        presses += 1
    assert page.board() == [2, 4, 1, 3], f"the board shows {page.board()}"
    event = d.text(d.find("#lane-0 .event"))
    assert "2 4 1 3" in event, f"the event line says {event!r}"
    page.shot("first-placement-n4-bitmask")
    # ← goes back a step (focus on the page, not a button).
    d.js("document.activeElement.blur()")
    d.press("ArrowLeft")
    assert page.counter(0, "found") == 0 and page.step_shown()[0] == presses - 1
    d.press("ArrowRight")
    # Space runs the rest.
    d.press("Space")
    d.wait("the search to end", lambda: not d.enabled(d.find("#step")), timeout=60)
    assert page.counter(0, "found") == 2


def test_slider_language_and_jump_by_keyboard(page):
    """The rest by keyboard alone: the slider's arrow keys and Home, the language button,
    and the jump form."""
    d = page.d
    page.load("#n=5&algorithm=naive&step=10")
    active = lambda: d.js("return document.activeElement.id")  # noqa: E731
    for _ in range(20):
        if active() == "scrub":
            break
        d.press("Tab")
    assert active() == "scrub", f"Tab never reached the slider (focus on {active()!r})"
    d.press("ArrowLeft")
    assert page.step_shown() == (9, 10)
    assert page.board() == ref.board_after(5, "naive", 9)
    d.press("Home")
    assert page.step_shown() == (0, 10) and page.board() == [None] * 5
    assert d.attribute(d.find("#scrub"), "aria-valuetext") == "step 0 of 10"
    d.press("Tab")
    assert active() == "jump"
    d.chord("Control", "a")
    d.press("3", "Enter")
    page.wait_idle()
    assert page.counter(0, "found") == 3 and page.board() == ref.solutions(5)[2]
    for _ in range(30):
        if active() == "lang":
            break
        d.press("Tab")
    assert active() == "lang"
    d.press("Enter")
    d.wait("Chinese", lambda: d.js("return document.documentElement.lang") == "zh-Hans")
    d.press("Enter")
    d.wait("English", lambda: d.js("return document.documentElement.lang") == "en")


def test_run_pause_and_speed(page):
    """Run goes at the speed chosen, Pause stops it dead, Next placement jumps to one."""
    d = page.d
    page.load()
    page.set_n(8)
    d.wait("an 8×8 board", lambda: page.board_size() == (8, 8))
    d.js("const s = document.getElementById('speed'); s.value = 3; s.dispatchEvent(new Event('input'))")
    assert d.text(d.find("#speed-value")) == "10 steps/s"
    began = time.monotonic()
    d.click(d.find("#run"))
    assert d.attribute(d.find("#run"), "aria-pressed") == "true"
    time.sleep(1.0)
    d.click(d.find("#run"))  # now Pause
    elapsed = time.monotonic() - began
    nodes = page.counter(0, "nodes")
    # Nodes are at most the steps: 10 a second, and a second's worth more for a slow frame.
    assert 1 <= nodes <= 10 * elapsed + 10, f"{nodes} nodes after {elapsed:.1f} s at 10 steps/s"
    time.sleep(0.5)
    assert page.counter(0, "nodes") == nodes, "the search went on after Pause"
    d.click(d.find("#next"))
    d.wait("the first placement", lambda: page.counter(0, "found") == 1 and
           d.attribute(d.find("#run"), "aria-pressed") == "false")
    assert page.board() == [1, 5, 8, 6, 3, 7, 2, 4]


def test_node_counter_equals_the_library(page):
    """n = 4 and n = 8, bitmask to the end: the counters equal `nqueens compare N --json`,
    the published total and the count of a search written in the test."""
    for n in (4, 8):
        page.load()
        page.set_n(n)
        page.d.wait(f"an {n}×{n} board", lambda: page.board_size() == (n, n))
        page.run_to_end()
        total, nodes = ref.compare(n)["bitmask"]
        shown = (page.counter(0, "found"), page.counter(0, "nodes"))
        assert shown == (total, nodes), f"n = {n}: page shows {shown}, library {(total, nodes)}"
        assert shown[0] == ref.published()[n], f"n = {n}: {shown[0]} placements, published {ref.published()[n]}"
        assert shown == ref.row_by_row(n)[:2], f"n = {n}: {shown}, the test's own search {ref.row_by_row(n)[:2]}"


def test_all_five_at_six_side_by_side(page):
    """n = 6, all five algorithms (two at a time side by side): totals and nodes equal
    compare's, the placements the published total, cell by cell's nodes the test's own."""
    expected = ref.compare(6)
    pairs = [("naive", "flags"), ("bitmask", "dancing-links"), ("cell-by-cell", "")]
    page.load()
    page.set_n(6)
    page.d.wait("a 6×6 board", lambda: page.board_size() == (6, 6))
    for left, right in pairs:
        page.choose("algo-0", left)
        page.choose("algo-1", right)
        page.run_to_end()
        for lane, name in enumerate([left, right]):
            if not name:
                continue
            title = page.d.attribute(page.d.find(f"#lane-{lane}"), "data-algorithm")
            assert title == name, f"lane {lane} runs {title}, not {name}"
            shown = (page.counter(lane, "found"), page.counter(lane, "nodes"))
            assert shown == expected[name], f"{name}: page shows {shown}, compare 6 {expected[name]}"
            assert shown[0] == ref.published()[6]
            if name == "cell-by-cell":
                assert shown == ref.cell_by_cell(6), f"cell by cell: {shown}, the test's own {ref.cell_by_cell(6)}"
        if left == "bitmask":
            page.shot("side-by-side-n6")


def test_bad_size_gets_a_message_not_a_broken_board(page):
    """Sizes the page does not take: a message naming the value and the range; the board stays whole."""
    d = page.d
    page.load()
    page.set_n(5)
    d.wait("a 5×5 board", lambda: page.board_size() == (5, 5))
    d.click(d.find("#step"))
    for bad in ["20", "0", "abc", "4.5", "-3", ""]:
        page.set_n(bad)
        error = d.find("#n-error")
        d.wait(f"a message for {bad!r}", lambda: d.displayed(error))
        message = d.text(error)
        assert f"“{bad}”" in message and "1 to 13" in message, f"for {bad!r} the page says {message!r}"
        assert d.attribute(d.find("#n"), "aria-invalid") == "true"
        assert page.board_size() == (5, 5), f"after {bad!r} the board is {page.board_size()}"
        for button in ("back", "step", "next", "run"):
            assert not d.enabled(d.find(f"#{button}")), f"{button} still works after {bad!r}"
        if bad == "20":
            page.shot("bad-size")
        d.press("ArrowRight")  # a shortcut does nothing either
        assert page.counter(0, "nodes") == 1
    page.set_n(7)
    d.wait("a 7×7 board", lambda: page.board_size() == (7, 7))
    assert not d.displayed(d.find("#n-error")), "the message goes once the size is good"


def test_jump_and_checker_challenge(page):
    """Go to placement 92 of n = 8: the board shows the last placement that `nqueens
    solutions` lists; the Checker Challenge box shows what `nqueens 8` prints, its
    total the published one."""
    d = page.d
    page.load()
    page.set_n(8)
    d.wait("an 8×8 board", lambda: page.board_size() == (8, 8))
    challenge = d.text(d.find("#challenge"))
    assert challenge.strip() == ref.nqueens(8).strip(), f"challenge box shows {challenge!r}"
    assert int(challenge.split()[-1]) == ref.published()[8]
    jump = d.find("#jump")
    d.clear(jump)
    d.type_into(jump, "92")
    d.click(d.find("#jump-go"))
    d.wait("placement 92", lambda: page.counter(0, "found") == 92 and
           d.attribute(d.find("#run"), "aria-pressed") == "false", timeout=60)
    placements = ref.solutions(8)
    assert len(placements) == 92
    assert page.board() == placements[91], f"board {page.board()}, 92nd placement {placements[91]}"
    d.clear(jump)
    d.type_into(jump, "93")
    d.click(d.find("#jump-go"))
    message = d.text(d.find("#n-error"))
    assert "93" in message and "92" in message, f"jump past the end says {message!r}"


TESTS = [
    test_keyboard_only_to_first_placement_of_four,
    test_run_pause_and_speed,
    test_node_counter_equals_the_library,
    test_all_five_at_six_side_by_side,
    test_bad_size_gets_a_message_not_a_broken_board,
    test_jump_and_checker_challenge,
    test_marked_line_for_chosen_steps,
    test_every_event_marks_its_line,
    test_tree_counts_match_trace,
    test_back_and_slider,
    test_slider_language_and_jump_by_keyboard,
]
