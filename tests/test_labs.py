"""Every lab's content, graded in CPython in-process (fast); `course check` repeats it in
Pyodide (test_cli.py). Solutions pass, starters fail, each mistake fails as it says."""

import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import pytest

from grader.core.checks import use_seed
from grader.core.run import grade, load_checks
from tests.conftest import ROOT

SLUGS = ["01-graphs", "02-chain-rule", "03-branching", "04-value", "05-backward"]


def _grade(course, slug, path):
    lab = course.labs[slug]
    checks, _ = load_checks(lab.checks_source(), slug)
    return grade(slug, checks, path.read_text(encoding="utf-8"), str(path))


def test_the_five_labs_exist(course):
    assert sorted(course.labs) == SLUGS
    assert [str(p) for p in course.problems] == []


@pytest.mark.parametrize("slug", SLUGS)
def test_solution_and_alternatives_pass(course, slug):
    lab = course.labs[slug]
    for path in [lab.solution, *lab.alternatives]:
        report = _grade(course, slug, path)
        assert report.passed, [(c.name, c.message) for c in report.checks if not c.passed]


@pytest.mark.parametrize("slug", SLUGS)
def test_starter_fails(course, slug):
    report = _grade(course, slug, course.labs[slug].starter)
    assert not report.passed and not report.error, "a starter fails checks; it does not crash"
    # An untouched starter does nothing right: a message praising a step of it ("adds both
    # paths as it should", said of lab 3's zeros) is praise a coincidence earned.
    praised = [c.name for c in report.checks if "as it should" in c.message]
    assert praised == []


@pytest.mark.parametrize("slug", SLUGS)
def test_each_mistake_fails_its_check_first_with_its_message(course, slug):
    lab = course.labs[slug]
    assert len(lab.mistakes) >= 3
    for mistake in lab.mistakes:
        report = _grade(course, slug, mistake.path)
        first = next(c for c in report.checks if not c.passed)
        assert first.name == mistake.fails, (mistake.path.name, first.name, first.message)
        assert mistake.message in first.message, (mistake.path.name, first.message)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_verdict_is_the_same_for_twenty_seeds(course, slug):
    """Inputs change with the seed (and memory addresses, so set order, change between
    gradings); which check fails first, and its advice, must not."""
    lab = course.labs[slug]
    files = [(p, "") for p in (lab.solution, *lab.alternatives)]
    files += [(m.path, m.message) for m in lab.mistakes]
    # One process per core, as below: lab 5's ~160 files under 20 seeds are minutes of one core.
    with ProcessPoolExecutor(os.cpu_count() or 1, mp_context=get_context("spawn")) as pool:
        found = list(pool.map(_verdicts, [slug] * len(files), [lab.checks_source()] * len(files),
                              [p for p, _ in files], [w for _, w in files], chunksize=4))
    for (path, _), verdicts in zip(files, found):
        assert len(verdicts) == 1, (path.name, verdicts)


def _verdicts(slug, checks_source, path, words):
    """The distinct (passed, first failing check, its advice has `words`) over twenty seeds."""
    checks, _ = load_checks(checks_source, slug)
    source, verdicts = path.read_text(encoding="utf-8"), set()
    for seed in range(20):
        use_seed(seed * 7919 + 1)
        report = grade(slug, checks, source, str(path))
        first = next((c for c in report.checks if not c.passed), None)
        verdicts.add((report.passed, first and first.name, first and words in first.message))
    use_seed(0)
    return verdicts


@pytest.mark.parametrize("slug", SLUGS)
def test_a_right_file_passes_whatever_its_seed(course, slug):
    """A file's seed comes from its text, so one right file in a thousand meeting an unlucky
    draw is one learner in a thousand told a right answer is wrong. Seen before these numbers
    were kept apart: tanh(s) taken for s near 0, a * b with a == b taken for a swapped product
    rule, a diamond's e = a + b = 1 hiding a missing factor."""
    lab = course.labs[slug]
    paths = [lab.solution, *lab.alternatives]
    # One process per core, each file on its own: lab 5's eleven files under 2000 seeds took
    # 4.4 minutes of one core (2.4 on two). Spawned, not forked: by now the test process
    # has threads of its own (Playwright's), and a fork copies the locks they hold.
    with ProcessPoolExecutor(os.cpu_count() or 1, mp_context=get_context("spawn")) as pool:
        wrongs = list(pool.map(_wrong_seeds, [slug] * len(paths), [lab.checks_source()] * len(paths),
                               paths))
    for path, wrong in zip(paths, wrongs):
        assert wrong == [], (path.name, wrong[:3])


def _wrong_seeds(slug, checks_source, path):
    """The seeds among 2000 under which the right file at `path` fails, with the first check."""
    checks, _ = load_checks(checks_source, slug)
    source, wrong = path.read_text(encoding="utf-8"), []
    for seed in range(2000):
        use_seed(seed * 104729 + 17)
        report = grade(slug, checks, source, str(path))
        if not report.passed:
            first = next(c for c in report.checks if not c.passed)
            wrong.append((seed, first.name, first.message))
    use_seed(0)
    return wrong


def test_the_seed_changes_the_numbers_a_check_uses(course):
    lab = course.labs["05-backward"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    mistake = (lab.folder / "mistakes" / "power_rule_wrong.py").read_text()
    shown = set()
    for seed in (1, 2, 3):
        use_seed(seed)
        shown.add(grade(lab.slug, checks, mistake, "m.py").checks[5].message)
    use_seed(0)
    assert len(shown) == 3


def test_backward_lab_accepts_both_value_designs(course):
    lab = course.labs["05-backward"]
    sources = [lab.solution.read_text(), *(p.read_text() for p in lab.alternatives)]
    assert any("_backward" in s for s in sources) and any("_local_grads" in s for s in sources)


def test_backward_lab_grades_the_lessons_worked_example(course):
    lab = course.labs["05-backward"]
    # Overwrite instead of accumulate in multiplication: a = 2, b = 3, L = a*b + a.
    broken = lab.solution.read_text().replace("self.grad += other.data * out.grad",
                                              "self.grad = other.data * out.grad")
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    report = grade(lab.slug, checks, broken, "broken.py")
    message = {c.name: c for c in report.checks}["multiplication gives each factor the other factor"].message
    assert "should be 4" in message


def test_a_forward_sweep_is_named_at_the_worked_example_not_blamed_on_equals(course):
    # a.grad = 1 for L = a*b + a is what = instead of += can give, and what a sweep in the
    # wrong order gives with += everywhere: a learner whose Value had += was told to use +=.
    lab = course.labs["05-backward"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    product = "multiplication gives each factor the other factor"
    forward = lab.solution.read_text().replace("for v in reversed(topo):", "for v in topo:")
    assert forward != lab.solution.read_text()
    said = {c.name: c.message for c in grade(lab.slug, checks, forward, "f.py").checks}
    assert "a*b passed its gradient on before it had one" in said[product], said[product]
    assert "+=" not in said[product]
    overwrite = (lab.folder / "mistakes" / "assign_not_accumulate.py").read_text()
    said = {c.name: c.message for c in grade(lab.slug, checks, overwrite, "o.py").checks}
    assert "Use += in the backward steps" in said[product]


def test_a_sweep_that_hands_nothing_on_is_not_blamed_on_plain_numbers(course):
    # With no seed, or a sweep in the wrong order, every gradient stays 0, the plain-number
    # graphs' too: the power and tanh checks said "the cause is not h ** 2 but your * with a
    # plain number", sending the learner away from the sweep. A branch for plain numbers that
    # forgets out.grad is still named.
    lab = course.labs["05-backward"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)

    def said(mistake):
        source = (lab.folder / "mistakes" / mistake).read_text()
        return [c.message for c in grade(lab.slug, checks, source, mistake).checks if not c.passed]

    for mistake in ("no_seed.py", "forward_order.py"):
        blamed = [m for m in said(mistake) if "with a plain number" in m]
        assert not blamed, (mistake, blamed)
    assert any("your * with a plain number on the right" in m
               for m in said("mul_plain_number_branch_forgets_out_grad.py"))


def test_lab_twos_later_checks_name_the_mistake_not_only_its_numbers(course):
    # Every failing check is shown: a later one that said "keep the default h tiny" to a nudge
    # dividing by h, or gave bare numbers for added rates, pointed a learner elsewhere.
    lab = course.labs["02-chain-rule"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)

    def said(mistake, check):
        source = (lab.folder / "mistakes" / mistake).read_text()
        return {c.name: c.message for c in grade(lab.slug, checks, source, mistake).checks}[check]

    assert "twice too much" in said("divides_by_h.py", "nudge's default h is tiny, so it matches "
                                                       "the true slope")
    assert "the SUM of the local derivatives" in said("adds_local_rates.py",
                                                      "dL/dx agrees with nudging L")
    # A nudge rounded to 2 decimals was told its default h was TOO tiny.
    assert "rounded to 2 decimals" in said("nudge_rounds.py", "nudge's default h is tiny, so it "
                                                              "matches the true slope")
    assert "cut to a whole number" in said("chain_int_cast.py", "dL/dx agrees with nudging L")


def test_lab_ones_L_check_points_at_a_wrong_d_not_at_the_right_last_step(course):
    # L = d * f on a wrong d was told "It is L = d * f, with d = 7.83": the right d, so one
    # mistake (in e or d) read as a second one in L.
    lab = course.labs["01-graphs"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    source = (lab.folder / "mistakes" / "forward_truncates_with_int.py").read_text()
    said = {c.name: c.message for c in grade(lab.slug, checks, source, "int.py").checks}
    assert "it is your d that is wrong" in said["forward computes L = (a*b + c) * f"]


def test_lab_threes_later_path_check_blames_a_wrong_dL_dd_not_the_sum(course):
    # With dL/dd and dL/de wrong (each factor handed its own value), a and b added both
    # paths right from them, yet the path check said "their shares must ADD".
    lab = course.labs["03-branching"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    source = (lab.folder / "mistakes" / "diamond_own_factor.py").read_text()
    said = {c.name: c.message for c in grade(lab.slug, checks, source, "m.py").checks}
    message = said["diamond: a and b each reach L by two paths"]
    assert "adds both paths as it should" in message and "Fix the step L = d * e" in message


def test_lab_three_names_no_slip_that_the_worked_examples_numbers_fit_by_chance(course):
    # At a = 2, b = 3 one number fits several slips: the direct path's 1 subtracted (3 - 1)
    # was told "Your code doubles the direct path" (2 * 1), and b handed a + 1 = 3 was told
    # "the node's own value" (b = 3). A slip is named when only it fits, at a second point too.
    lab = course.labs["03-branching"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    solution = lab.solution.read_text()
    first = "worked example: a=2, b=3 gives dL/da = 4, dL/db = 2"
    for old, new, wrong, right in (
            ('g["a"] += 1.0 * dL_dL', 'g["a"] -= 1.0 * dL_dL', "doubles", "must ADD"),
            ('g["b"] += a * g["c"]', 'g["b"] += a * g["c"] + 1.0', "own value", "a + 1")):
        assert old in solution
        source = solution.replace(old, new)
        said = {c.name: c.message for c in grade(lab.slug, checks, source, "m.py").checks}
        assert wrong not in said[first] and right in said[first], said[first]


def test_lab_threes_nudge_checks_name_the_cause_not_only_a_rate(course):
    # Every failing check is shown: the two nudge checks said only "should be x, but your code
    # gives y. Nudging a changes L at rate x", where the checks above them named the slip.
    lab = course.labs["03-branching"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)

    def said(mistake, check):
        source = (lab.folder / "mistakes" / mistake).read_text()
        return {c.name: c.message for c in grade(lab.slug, checks, source, mistake).checks}[check]

    graph1 = "L = a*b + a: gradients agree with nudging the inputs"
    diamond = "diamond: gradients agree with nudging the inputs"
    assert "Your code counts only the direct path" in said("direct_path_only.py", graph1)
    assert "b gets a times a's gradient" in said("b_reads_dL_da.py", graph1)
    assert "forgets to multiply it by dL/dd" in said("diamond_forgets_upstream.py", diamond)
    assert "your e is a - b" in said("diamond_e_is_a_minus_b.py", diamond)


def test_checks_import_only_the_standard_library_and_the_core():
    import ast
    import sys

    files = sorted([*ROOT.glob("labs/*/checks.py"), *ROOT.glob("labs/*/checks/*.py")])
    assert any("/checks/" in p.as_posix() for p in files)  # a lab split by part is read too
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                assert name.startswith("grader.core") or top in sys.stdlib_module_names, (path, name)


# -- labs that build one engine: lab 5 continues the learner's lab-4 Value ---------------------

LAB5_PART = "# ---- Lab 5 starts here"


def _lab5_part_filled_in(course, design="microgpt"):
    """The lab-5 part of extend.py as a learner fills it in (from the microgpt alternative);
    for micrograd's design, backward() walks `_prev` and calls each node's `_backward()`."""
    source = (course.labs["05-backward"].folder / "alternatives" / "stored_local_grads.py").read_text()
    part = source[source.index(LAB5_PART):]
    if design == "micrograd":
        loop = ("        for child, local in zip(v._children, v._local_grads):\n"
                "            child.grad += local * v.grad\n")
        assert loop in part and "in v._children:" in part
        part = part.replace(loop, "        v._backward()\n").replace("in v._children:", "in v._prev:")
    return part


def _try_it(path):
    text = path.read_text()
    return text[text.index("# Try it"):]


def _grade_source(course, slug, source):
    checks, _ = load_checks(course.labs[slug].checks_source(), slug)
    return grade(slug, checks, source, f"{slug}.py")


def test_lab_five_starts_from_provided_and_extend(course):
    lab = course.labs["05-backward"]
    extend = (lab.folder / "extend.py").read_text()
    alternative = (lab.folder / "alternatives" / "stored_local_grads.py").read_text()
    provided = (lab.folder / "provided.py").read_text()
    value = provided[provided.index("import math"):]
    assert value in alternative, "the alternative is provided.py's Value, then the lab-5 part"
    for line in extend.splitlines():  # every definition extend.py asks for, in the same form
        if line.startswith(("def ", "class ", "Value.backward = ")) or line.startswith("    def "):
            assert line.split("#")[0].rstrip() in alternative, line


@pytest.mark.parametrize(("lab_four_file", "design"), [("solution.py", "micrograd"),
                                                      ("alternatives/stored_local_grads.py", "microgpt")])
def test_the_lab_five_part_works_on_either_lab_four_design(course, lab_four_file, design):
    """A learner's passing lab-4 Value, in either design, plus the lab-5 part filled in."""
    lab_four = (course.labs["04-value"].folder / lab_four_file).read_text()
    assert _grade_source(course, "04-value", lab_four).passed
    extend = (course.labs["05-backward"].folder / "extend.py").read_text()
    assert "v._backward()" in extend and "zip(v._children, v._local_grads)" in extend
    report = _grade_source(course, "05-backward",
                           lab_four + "\n\n" + _lab5_part_filled_in(course, design))
    assert report.passed, [(c.name, c.message) for c in report.checks if not c.passed]


def test_starting_points_of_lab_five_pass_nothing_they_should_not(course):
    lab = course.labs["05-backward"]
    provided = (lab.folder / "provided.py").read_text()
    extend = (lab.folder / "extend.py").read_text()
    assert _grade_source(course, "04-value", provided).passed
    start = _grade_source(course, "05-backward", provided + "\n\n" + extend)
    assert not start.passed and not start.error
    assert [c.passed for c in start.checks[:2]] == [True, False]
    assert "backward() is yours to write" in start.checks[1].message
    assert "Not written yet: backward() is yours to write" in start.stdout
    starter = _grade_source(course, "05-backward", lab.starter.read_text())
    assert not starter.passed and "does not define `Value`" in starter.checks[0].message
    # ... and says where lab 5's Value comes from, on every check that needs it (one cause).
    assert "Start from the course's code for lab 4" in starter.checks[0].message
    needs_value = [c for c in starter.checks if "does not define `Value`" in c.message]
    assert len(needs_value) > 1 and len({c.message for c in needs_value}) == 1
    for slug in SLUGS:
        assert not _grade_source(course, slug, extend).passed


def test_each_try_it_prints_what_it_says_it_should(course):
    import contextlib
    import io

    four, five = course.labs["04-value"], course.labs["05-backward"]
    runs = [(four.solution.read_text() + "\n" + _try_it(four.starter),
             ["out.data -6.0  a.grad -6.0  b.grad 4.0"]),
            ((five.folder / "alternatives" / "stored_local_grads.py").read_text() + "\n"
             + _try_it(five.folder / "extend.py"),
             ["part 1: 4.0 2.0", "loss 16.0 w 1.8", "loss 5.76 w 2.28", "loss 2.0736 w 2.568",
              "part 4: 17 parameters"])]
    for source, wanted in runs:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(source, "try_it.py", "exec"), {"__name__": "try_it"})
        for text in wanted:
            assert text in out.getvalue(), (text, out.getvalue())
        assert "Traceback" not in out.getvalue()


def test_lab_three_starter_is_told_its_gradients_are_missing_not_shared(course):
    # Untouched, every gradient is 0.0, all alike: that is no dict.fromkeys list shared by
    # every key, and saying so sent learners hunting for a list they never made.
    report = _grade(course, "03-branching", course.labs["03-branching"].starter)
    diamond = next(c for c in report.checks if c.name.startswith("diamond L"))
    assert "share one object" not in diamond.message
    assert "(dL/dd) should be" in diamond.message and "gives 0" in diamond.message
    paths = next(c for c in report.checks if c.name.startswith("diamond: a and b"))
    assert "gives every gradient 0" in paths.message and "Start at L" in paths.message


def test_lab_four_starter_runs_its_try_it_without_crashing(course):
    report = _grade_source(course, "04-value", course.labs["04-value"].starter.read_text())
    assert not report.error and "Not written yet: Value.__init__" in report.stdout


def test_lab_four_credits_an_init_written_before_any_operation(course):
    """The first check needs __init__ alone: a learner who has written only it sees it pass,
    and the next check, which makes a + b, names the operation still to write."""
    starter = course.labs["04-value"].starter.read_text()
    todo = ('        raise NotImplementedError("Value.__init__: store data, grad, _backward, _prev '
            'and _op")\n')
    assert todo in starter
    source = starter.replace(todo, "        self.data = data\n        self.grad = 0.0\n"
                                   "        self._backward = lambda: None\n"
                                   "        self._prev = set(_children)\n        self._op = _op\n")
    checks = _grade_source(course, "04-value", source).checks
    assert checks[0].passed, checks[0].message
    assert not checks[1].passed and "Value.__add__" in checks[1].message, checks[1].message


@pytest.mark.parametrize("slug", ["04-value", "05-backward"])
def test_parts_list_every_check_once_in_order(course, slug):
    from grader import lab_config

    lab = course.labs[slug]
    names = [fn.check_name for fn in load_checks(lab.checks_source(), slug)[0]]
    assert len(lab.config.parts) >= 3
    assert [n for part in lab.config.parts for n in part.checks] == names
    assert lab_config.problems(lab.config, names, SLUGS[:SLUGS.index(slug)]) == []


def test_a_value_that_defines_eq_is_named_in_both_labs(course):
    """__eq__ makes Value unhashable: set(_children) and the visited set raise TypeError."""
    for slug, file in (("04-value", "solution.py"), ("05-backward", "solution.py")):
        source = (course.labs[slug].folder / file).read_text().replace(
            "    def __repr__(self):\n",
            "    def __eq__(self, other):\n        return self.data == other.data\n\n"
            "    def __repr__(self):\n", 1)
        report = _grade_source(course, slug, source)
        first = next(c for c in report.checks if not c.passed)
        assert "unhashable" in first.message and "defines __eq__" in first.message, first.message
        if slug == "04-value":
            # Lab 5 accepts a visited list, which raises nothing with __eq__ and merges nodes
            # holding the same number: "so would lab 5's visited set in either design" said
            # it would raise.
            assert "a visited list would not raise" in first.message, first.message


def test_skipping_the_zeroing_shows_the_piled_up_numbers(course):
    lab = course.labs["05-backward"]
    report = _grade(course, "05-backward", lab.folder / "mistakes" / "skips_zero_grad.py")
    message = next(c for c in report.checks if not c.passed).message
    import re
    found = re.search(r"After step 2 .*, w is (\S+), but it should be (\S+)\. Step 2 moved w by "
                      r"-lr \* \(?(\S+?)\)?, and \S+ = (\S+) \(left in w\.grad from the steps "
                      r"before\) \+ \(?([-\d.]+)\)? \(this step's gradient\)", message)
    got, right, total, left, fresh = (float(x.rstrip(",")) for x in found.groups())
    assert abs(total - (left + fresh)) < 1e-3 * max(1.0, abs(total)) and left != 0 and fresh != 0
    assert abs(got - right) > 1e-3


def test_zeroing_after_the_update_is_accepted_too(course):
    """optimizer.step(); optimizer.zero_grad() is a common ritual as well: only piling up fails."""
    lab = course.labs["05-backward"]
    source = (lab.folder / "alternatives" / "stored_local_grads.py").read_text()
    first = "    for p in params:\n        p.grad = 0\n    loss = loss_fn()\n"
    last = "        p.data -= lr * p.grad\n    return loss.data\n"
    assert first in source and last in source
    source = source.replace(first, "    loss = loss_fn()\n").replace(
        last, "        p.data -= lr * p.grad\n        p.grad = 0\n    return loss.data\n")
    report = _grade_source(course, "05-backward", source)
    assert report.passed, [(c.name, c.message) for c in report.checks if not c.passed]


def test_a_train_step_that_prints_its_loss_is_no_numerical_gradient(course):
    """Calling loss_fn() again to print the loss, before and after the update, is right: only
    calling it with a parameter nudged (a numerical gradient) is named as one."""
    lab = course.labs["05-backward"]
    source = lab.solution.read_text()
    step = "    for p in params:\n        p.grad = 0.0\n    loss = loss_fn()\n"
    update = "        p.data -= lr * p.grad\n    return loss.data\n"
    assert step in source and update in source
    source = source.replace(step, "    print('before:', loss_fn().data)\n" + step).replace(
        update, "        p.data -= lr * p.grad\n    print('after:', loss_fn().data)\n"
                "    return loss.data\n")
    report = _grade_source(course, "05-backward", source)
    assert report.passed, [(c.name, c.message) for c in report.checks if not c.passed]
    assert "before:" in report.stdout and "after:" in report.stdout
    nudging = _grade(course, "05-backward", lab.folder / "mistakes" / "numerical_gradients.py")
    assert "moved a little in between" in next(c for c in nudging.checks if not c.passed).message


@pytest.mark.parametrize("runtime", ["python"])
def test_a_try_it_that_raises_names_the_line_and_every_check_still_runs(course, runtime):
    """The Try it runs on Check too: an error in it must not stop the file from loading, and
    must not trip the grading seal (traceback.print_exc does: it is not used)."""
    from grader import grading
    from grader.grading import make_runtime

    lab = course.labs["04-value"]
    broken = lab.solution.read_text().replace("self.grad += other.data * out.grad",
                                              "self.grad += other.dat * out.grad", 1)
    line = broken.splitlines().index("            self.grad += other.dat * out.grad") + 1
    source = broken + "\n" + _try_it(lab.starter)
    (report,) = grading.grade(lab, [("broken.py", source)], make_runtime(runtime, course.root, 10.0))
    assert not report.error, report.error
    assert f"Try it stopped at line {line}: AttributeError" in report.stdout
    assert "no attribute 'dat'" in next(c for c in report.checks if not c.passed).message


def test_a_step_uphill_for_some_gradients_is_told_its_direction_whatever_the_seed(course):
    # p.data -= lr * abs(p.grad) steps uphill wherever a gradient is negative. When the one
    # step's draw had only positive gradients it passed, and a later check failed it with bare
    # numbers (or under "each training step starts from zeroed gradients", though nothing
    # piled up): the one step now always has a gradient of each sign.
    lab = course.labs["05-backward"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    source = lab.solution.read_text().replace("p.data -= lr * p.grad", "p.data -= lr * abs(p.grad)")
    assert "abs(p.grad)" in source
    for seed in range(20):
        use_seed(seed * 7919 + 1)
        first = next(c for c in grade(lab.slug, checks, source, "m.py").checks if not c.passed)
        assert "Step against the gradient" in first.message, (seed, first.name, first.message)
        assert "pile up" not in first.message and "not zeroed" not in first.message, first.message
    use_seed(0)


def test_a_neuron_whose_bias_starts_random_as_in_micrograds_video_passes(course):
    # Karpathy's video draws the bias like the weights, Value(random.uniform(-1, 1)); it was
    # told "its bias at 0, as the given __init__ makes them", though it trains as well.
    lab = course.labs["05-backward"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    source = lab.solution.read_text().replace("self.b = Value(0.0)",
                                              "self.b = Value(random.uniform(-1, 1))")
    assert "self.b = Value(random" in source
    for seed in range(10):
        use_seed(seed * 7919 + 1)
        report = grade(lab.slug, checks, source, "m.py")
        assert report.passed, (seed, [c.message for c in report.checks if not c.passed])
    use_seed(0)


@pytest.mark.parametrize("factor", ["1.5", "0.75", "-1"])
def test_lab_five_a_share_that_matches_no_known_slip_is_told_how_a_share_is_made(course, factor):
    # A sweep handing on a wrong multiple of each share was shown only "a.grad for L = a + b
    # should be 1, but your code gives 1.5", under "backward() seeds the output with 1".
    lab = course.labs["05-backward"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    source = (lab.folder / "alternatives" / "stored_local_grads.py").read_text().replace(
        "child.grad += local * v.grad", f"child.grad += local * v.grad * {factor}")
    assert f"* {factor}" in source
    first = next(c for c in grade(lab.slug, checks, source, "m.py").checks if not c.passed)
    assert "child.grad += local * v.grad" in first.message, (first.name, first.message)
