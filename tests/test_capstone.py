"""Lesson 5's "Train it" in CPython: the data, the training loop, and which engine trains."""

from __future__ import annotations

import json
import signal
import sys

import pytest

from grader import course
from grader.capstone import browser, tape
from grader.capstone.moons import two_moons
from grader.capstone.train import Settings, train
from grader.core.run import grade, load_checks
from tests.conftest import ROOT

LAB = ROOT / "labs" / "05-backward"
CHECKS = course.load(ROOT).labs["05-backward"].checks_source()


def test_two_moons_is_fixed_balanced_and_centred():
    points = two_moons()
    assert points == two_moons()  # the same 60 points for every learner
    assert len(points) == 60 and sum(p.label for p in points) == 0
    assert all(-1.6 < p.x < 1.6 and -1.6 < p.y < 1.6 for p in points)  # inside the drawn grid


def test_the_course_engine_learns_the_moons():
    steps = []
    last = train(tape.Value, steps.append)
    assert last.accuracy >= 0.95
    assert steps[0].accuracy < 0.9  # it had something to learn
    assert steps[-1].loss < steps[0].loss / 10
    assert [s.step for s in steps] == list(range(1, len(steps) + 1))
    assert steps[0].boundary is not None and len(steps[0].boundary) == 24
    # The boundary agrees with the accuracy: points are scored by the same network.
    assert last.boundary is not None


def test_the_course_engine_is_not_an_answer_to_lab_5():
    """It may ship to the browser because lab 5's checks reject it (a tape, not a graph walk)."""
    # With lab 5's training step and network (the parts after backward()) written in, the tape
    # engine still fails the two checks of backward() across calls and graphs: a tape swept
    # and cleared is what it is, not a walk of the output's graph.
    solution = (LAB / "solution.py").read_text()
    rest = solution[solution.index("def train_step"):]
    source = (ROOT / tape.__file__).read_text() + "\nimport random\n\n\n" + rest
    report = grade("05-backward", load_checks(CHECKS, "05-backward")[0], source, "tape.py")
    failed = [c.name for c in report.checks if not c.passed]
    assert failed == ["grads accumulate across backward() calls, on graphs that share nodes",
                      "backward() works on each graph, whatever else was built before or after it"]
    tape_said = next(c.message for c in report.checks if not c.passed)
    assert "a record of every Value made (a global list or tape)" in tape_said


def events_of(source: str, **options) -> list[dict]:
    events = []
    browser.train("05-backward", CHECKS, source, lambda text: events.append(json.loads(text)), **options)
    return events


@pytest.mark.parametrize(("file", "engine"), [
    ("starter.py", "course"),
    ("solution.py", "yours"),
    ("alternatives/stored_local_grads.py", "yours"),
])
def test_the_learners_value_trains_once_it_passes_every_check(file, engine):
    events = events_of((LAB / file).read_text())
    start, *steps, end = events
    assert start["kind"] == "start" and start["engine"] == engine
    count = len(load_checks(CHECKS, "05-backward")[0])
    assert start["checks"] == count and (start["passed"] == count) == (engine == "yours")
    assert len(start["points"]) == 60
    assert all(e["kind"] == "step" for e in steps)
    assert end["kind"] == "done" and end["accuracy"] >= 0.95


def test_stopping_mid_run_reports_stopped():
    seen = []

    def on_event(text):
        event = json.loads(text)
        seen.append(event)
        if event["kind"] == "step" and event["step"] == 3:
            signal.raise_signal(signal.SIGINT)  # what the page's Stop sends (Pyodide's interrupt buffer)

    # A process started in the background by a shell has SIGINT ignored: Python's own handler
    # is put in for the test, as the page's worker has it.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        summary = browser.train("05-backward", CHECKS, (LAB / "starter.py").read_text(), on_event)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert json.loads(summary)["kind"] == "stopped"
    assert [e["step"] for e in seen if e["kind"] == "step"] == [1, 2, 3]


RAISES_WHILE_TRAINING = (LAB / "solution.py").read_text().replace(
    "    def tanh(self):\n",
    "    def tanh(self):\n"
    "        _calls.append(1)  # fine for the checks' few calls, not for a training run\n"
    "        if len(_calls) > 5000:\n"
    "            raise KeyboardInterrupt('tanh gives up')\n", 1) + "\n_calls = []\n"


def test_a_file_that_raises_keyboardinterrupt_itself_when_run_again_is_its_error_not_a_stop():
    """Train it runs a passing file once more to take its Value; a KeyboardInterrupt the file
    raises then escaped train(), and the page read its text as a stop."""
    source = (LAB / "solution.py").read_text() + (
        "\nimport sys as _sys\n_sys._lab_runs = getattr(_sys, '_lab_runs', 0) + 1\n"
        "if _sys._lab_runs > 1:\n    raise KeyboardInterrupt('not twice')\n")
    try:
        events = events_of(source)
    except KeyboardInterrupt as escaped:  # not let out: pytest would end the whole run
        pytest.fail(f"train() let the file's own KeyboardInterrupt out: {escaped!r}")
    finally:
        vars(sys).pop("_lab_runs", None)
    assert [e["kind"] for e in events] == ["error"], events
    assert events[0]["error"].startswith("Your file failed when run again for training: ")
    assert "KeyboardInterrupt: not twice" in events[0]["error"] and "nobody stopped it" in events[0]["error"]


def test_a_value_that_raises_keyboardinterrupt_itself_while_training_is_its_error_not_a_stop():
    """Nobody pressed Stop: the learner's own raise is reported with its line, as Check does."""
    events = events_of(RAISES_WHILE_TRAINING)
    assert events[0]["kind"] == "start" and events[0]["engine"] == "yours"
    end = events[-1]
    assert end["kind"] == "error", end
    assert "KeyboardInterrupt" in end["error"] and "nobody stopped it" in end["error"]
    assert end["line"] is not None


BREAKS_WHEN_TRAINING = (LAB / "solution.py").read_text().replace(
    "    def tanh(self):\n",
    "    def tanh(self):\n"
    "        _calls.append(1)  # fine for the checks' few calls, not for a training run\n"
    "        if len(_calls) > 5000:\n"
    "            raise ValueError('tanh is tired')\n", 1) + "\n_calls = []\n"


def test_a_value_that_breaks_while_training_is_reported_with_its_line():
    end = events_of(BREAKS_WHEN_TRAINING)[-1]
    assert end["kind"] == "error"
    assert "ValueError: tanh is tired" in end["error"] and end["line"] is not None


@pytest.mark.parametrize("source", [
    BREAKS_WHEN_TRAINING,
    RAISES_WHILE_TRAINING,
    (LAB / "solution.py").read_text() + (
        "\nimport sys as _sys\n_sys._lab_runs = getattr(_sys, '_lab_runs', 0) + 1\n"
        "if _sys._lab_runs > 1:\n    raise ValueError('not twice')\n"),
], ids=["breaks-while-training", "raises-keyboardinterrupt", "fails-when-run-again"])
def test_a_value_that_passes_every_check_but_breaks_is_told_what_to_do_next(source):
    """Its error ended on the traceback ("ValueError: tanh is tired") under "Training with your
    Value: it passes all 18 checks": the learner read both and did not know whether Check, the
    checks or the line was to blame. The error now ends by saying: the line, and Train it again."""
    try:
        end = events_of(source)[-1]
    finally:
        vars(sys).pop("_lab_runs", None)
    assert end["kind"] == "error", end
    last = end["error"].splitlines()[-1]
    assert last.endswith("then press Train it again."), end["error"]
    assert "passes every check" in last, last
    if end.get("line") is not None:  # the line it names is the line the traceback links
        assert f"line {end['line']}" in last, (last, end["line"])


def test_printing_in_the_learners_value_does_not_reach_the_page(capsys):
    noisy = (LAB / "solution.py").read_text().replace("    def backward(self):\n",
                                                        "    def backward(self):\n        print('x' * 100)\n", 1)
    end = events_of(noisy)[-1]
    assert end["kind"] == "done"
    assert capsys.readouterr().out == ""


def test_settings_can_shorten_a_run_for_the_page():
    events = events_of((LAB / "starter.py").read_text(), steps=4)
    assert [e["step"] for e in events if e["kind"] == "step"] == [1, 2, 3, 4]
    assert Settings().steps == 100


@pytest.mark.parametrize("where", ["at the top of the file", "inside a check"])
def test_stop_while_the_checks_run_does_not_start_training(where):
    """The page's Stop comes as SIGINT (Pyodide's interrupt buffer) wherever Python is; grading
    must not swallow it. (A `raise KeyboardInterrupt` of the file's own is no Stop: it is the
    file's error, and training goes on with the course's engine.)"""
    stop = "__import__('signal').raise_signal(__import__('signal').SIGINT)"
    source = (LAB / "solution.py").read_text()
    source += (f"\n{stop}\n" if where.startswith("at the top")
               else f"\nValue.relu = lambda self: {stop}\n")
    # A process started in the background by a shell has SIGINT ignored: Python's own handler
    # is put in for the test, as the page's worker has it.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        events = events_of(source)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert [e["kind"] for e in events] == ["stopped"]
    own = events_of((LAB / "solution.py").read_text() + "\nraise KeyboardInterrupt\n", steps=2)
    assert [e["kind"] for e in own][0] == "start" and own[0]["engine"] == "course"


@pytest.mark.parametrize("where", ["outside any function", "in a method"])
def test_a_loop_that_never_ends_while_the_checks_run_is_named_not_waited_on(where, monkeypatch):
    """The page gives Train it no time limit (a run may take long): its checks have Check's
    own, so a loop that never ends is reported with its line instead of training that never
    starts until the learner presses Stop."""
    monkeypatch.setattr(browser, "CHECK_SECONDS", 0.5)
    source = (LAB / "solution.py").read_text()
    if where == "outside any function":
        source += "\nwhile True:\n    pass\n"
        lines = len((LAB / "solution.py").read_text().splitlines()) + 3  # the `pass`
    else:
        source = source.replace("    def relu(self):\n", "    def relu(self):\n"
                                "        while True:\n            pass\n", 1)
        lines = 2 + next(n for n, text in enumerate(source.splitlines(), 1)
                         if "def relu(self):" in text)
    events = events_of(source)
    assert [e["kind"] for e in events] == ["error"]
    error = events[0]["error"]
    assert error.startswith("Your code ran for more than 0.5 s and was stopped"), error
    assert events[0]["line"] in (lines - 1, lines) and f"line {events[0]['line']} " in error
    assert (", outside any function" in error) == (where == "outside any function"), error



def test_a_value_that_sleeps_while_the_checks_run_is_told_it_waits_as_check_says(monkeypatch):
    """Train it's time limit worded a Value stopped in time.sleep as a loop ("does a loop there
    ever end?"), where Check says "it waits there (time.sleep)": it now reads the line's text too."""
    monkeypatch.setattr(browser, "CHECK_SECONDS", 0.5)
    source = (LAB / "solution.py").read_text().replace(
        "    def relu(self):\n", "    def relu(self):\n        __import__('time').sleep(60)\n", 1)
    events = events_of(source)
    assert [e["kind"] for e in events] == ["error"]
    error = events[0]["error"]
    assert error.startswith("Your code ran for more than 0.5 s and was stopped"), error
    assert "it waits there (time.sleep)" in error and "does a loop there ever end?" not in error, error

def test_train_it_is_a_2_12_1_network_with_tanh_hidden_units(monkeypatch):
    """README: Train it is a 2-12-1 tanh network on the 60 points."""
    from grader.capstone import train as train_module

    made, tanhs = [], []
    real_mlp, real_tanh = train_module.MLP, tape.Value.tanh
    monkeypatch.setattr(train_module, "MLP",
                        lambda *a, **k: made.append(real_mlp(*a, **k)) or made[-1])
    monkeypatch.setattr(tape.Value, "tanh", lambda self: tanhs.append(1) or real_tanh(self))
    train(tape.Value, lambda step: None, Settings(steps=1))
    (model,) = made
    assert [len(layer) for layer in model.layers] == [12, 1]
    assert {len(weights) for weights, _ in model.layers[0]} == {2}
    assert len(model.parameters()) == 2 * 12 + 12 + 12 + 1
    assert len(tanhs) == 60 * 12  # every hidden unit, for every point; the output is linear


def test_what_train_says_of_its_update_is_what_adam_does(monkeypatch):
    # train.py's docstring said each step "moves each parameter against its grad". Adam moves
    # against a running average of the grads: measured here, some updates go WITH the current
    # grad (last round: 1069 of 2834). The docstring says what the loop does.
    from grader.capstone import train as module

    moves = {"with": 0, "against": 0}
    adam = module._adam

    def watching(params, first, second, step, rate, **kw):
        before = [(p.data, p.grad) for p in params]
        adam(params, first, second, step, rate, **kw)
        for p, (data, grad) in zip(params, before):
            if grad and p.data != data:
                moves["with" if (p.data - data) * grad > 0 else "against"] += 1

    monkeypatch.setattr(module, "_adam", watching)
    train(tape.Value, lambda step: None, Settings(steps=40))
    assert moves["with"] > 0 and moves["against"] > moves["with"], moves
    assert "against its grad" not in module.__doc__
    assert "Adam" in module.__doc__.split("\n\n")[1]


@pytest.mark.parametrize("file", ["mistakes/stored_topo_appends_visited_again.py",
                                  "mistakes/leaf_has_no_backward.py",
                                  "starter.py"])
def test_a_value_that_fails_a_check_is_told_which_check_before_the_course_engine_trains(file):
    # A Value with a subtle bug trained on the course's engine with only "passes 11 of 18
    # checks": nothing said which check, nor where to look. The page now names the first check
    # not yet passing, the one Check's report explains first.
    from grader.core.checks import seed_of, use_seed

    source = (LAB / file).read_text()
    use_seed(seed_of(source))  # the inputs Train it's own run of the checks draws
    report = grade("05-backward", load_checks(CHECKS, "05-backward")[0], source, "lab.py")
    first = next(c.name for c in report.checks if not c.passed)
    start = events_of(source, steps=1)[0]
    assert start["engine"] == "course" and start["failing"] == first


def test_a_value_that_passes_every_check_has_no_failing_check_to_name():
    assert events_of((LAB / "solution.py").read_text(), steps=1)[0]["failing"] is None
