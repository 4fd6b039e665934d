"""The checker core, in-process (unsealed): what a learner sees for each kind of failure."""

import _thread
import os
import re
import signal
import threading

from grader.core.execute import run_source
from grader.core.learner_errors import LOOP_HINT
from grader.core.run import OUTPUT_LIMIT, grade, load_checks

CHECKS = '''
from grader.core.checks import attempt, check, close, need

@check("double works", "Multiply by two.")
def doubles(learner):
    double = need(learner, "double")
    close(attempt("double(3)", double, 3), 6.0, "double(3)")

@check("half works", "Divide by two.")
def halves(learner):
    half = need(learner, "half")
    close(attempt("half(3)", half, 3), 1.5, "half(3)")
'''


def _grade(source: str, interrupt_after: float | None = None, real_signal: bool = False,
           runtime: str = "python"):
    checks, _ = load_checks(CHECKS, "00-demo")
    if interrupt_after is None:
        return grade("00-demo", checks, source, "mine.py", runtime=runtime)
    # As the page's Stop does: a KeyboardInterrupt lands wherever the code is. A process
    # started in the background by a shell has SIGINT ignored, and then interrupt_main does
    # nothing (the test would loop for ever): Python's own handler is put in for the test.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    # interrupt_main only marks the signal: a time.sleep in C sleeps on; a real SIGINT wakes it.
    timer = threading.Timer(interrupt_after, os.kill, (os.getpid(), signal.SIGINT)) if real_signal \
        else threading.Timer(interrupt_after, _thread.interrupt_main)
    timer.start()
    try:
        return grade("00-demo", checks, source, "mine.py", runtime=runtime)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


def test_a_correct_file_passes_every_check_in_order():
    report = _grade("def double(x):\n    return 2 * x\n\ndef half(x):\n    return x / 2\n")
    assert report.passed and [c.name for c in report.checks] == ["double works", "half works"]


def test_a_syntax_error_says_where_in_the_learners_lines():
    report = _grade("def double(x):\n    return 2 * x\n\ndef half(x)\n    return x / 2\n")
    assert not report.passed
    assert "line 4" in report.error and "def half(x)" in report.error
    assert [c.message.startswith("Not run") for c in report.checks] == [True, True]


def test_an_indentation_error_says_how_far_in_the_line_is_and_where_it_belongs():
    # CPython's words name neither: in a class, a learner counting spaces could not see
    # whether 4 or 8 was wanted.
    method_body = "class Value:\n    def relu(self):\n    return self\n"
    report = _grade(method_body)
    assert report.error.endswith("Line 3 is indented 4 spaces, no further than line 2; as "
                                 "line 2's body it needs 8 (4 more than line 2)."), report.error
    report = _grade("def double(x):\n    y = 2 * x\n      return y\n")
    assert report.error.endswith("Line 3 is indented 6 spaces, more than line 2 (4), which "
                                 "does not end in ':' to open a block."), report.error
    report = _grade("class V:\n    def f(self):\n        if self:\n            pass\n"
                    "      return 1\n")
    assert report.error.endswith("Line 5 is indented 6 spaces, but the blocks around it are at "
                                 "0, 4, 8, 12: line it up with one of them."), report.error
    report = _grade("def half(x)\n    return x / 2\n")  # not an indentation error: no such line
    assert "indented" not in report.error


def test_an_exception_in_a_check_names_the_learners_line():
    report = _grade("def double(x):\n    return 2 * x\n\ndef half(x):\n    return x / 0\n")
    failed = report.checks[1]
    assert not failed.passed
    assert "ZeroDivisionError" in failed.message and "line 5 of your file" in failed.message


def test_sys_exit_at_import_is_a_failed_submission_not_a_crash():
    report = _grade("import sys\nsys.exit(0)\n")
    assert not report.passed and "sys.exit" in report.error


def test_exit_and_quit_are_named_as_exits_at_their_line_not_as_sys_exit():
    # Only sys.exit() was named, and a learner who had typed exit() looked for a call their
    # file did not have.
    for call in ("exit()", "quit()", "raise SystemExit(2)"):
        report = _grade(f"x = 1\n{call}\n")
        assert not report.passed
        assert "your code exited (line 2 of your file): " in report.error, report.error
        assert "exit() and quit()" in report.error
        ran = run_source(f"x = 1\n{call}\n")
        assert ran.error.startswith("Your code exited at line 2") and ran.line == 2, ran


def test_a_module_the_lab_does_not_have_says_labs_have_the_standard_library_only():
    report = _grade("import numpy as np\n")
    assert "No module named 'numpy' (line 1 of your file); `numpy` is not here: a lab has " \
        "Python's standard library only" in report.error, report.error
    assert run_source("import numpy\n").error.endswith(
        "`numpy` is not here: a lab has Python's standard library only, so write what you need "
        "yourself.")
    # A standard module's missing part is only its own error.
    assert "is not here" not in run_source("import json.nope\n").error
    assert "is not here" not in _grade("import json.nope\n").error


def test_keyboard_interrupt_and_system_exit_inside_a_check_fail_that_check():
    report = _grade("import sys\ndef double(x):\n    sys.exit(0)\n\ndef half(x):\n"
                    "    raise KeyboardInterrupt\n")
    assert [c.passed for c in report.checks] == [False, False]
    assert "sys.exit" in report.checks[0].message
    # Nobody stopped it: the file's own error, with its line, not a stop.
    assert report.checks[1].message.startswith("Your code raised KeyboardInterrupt at line 6 of "
                                               "your file (in `half`) in this check; nobody "
                                               "stopped it."), report.checks[1].message
    assert not report.interrupted


def test_a_files_own_keyboard_interrupt_lets_the_later_checks_run():
    report = _grade("def double(x):\n    raise KeyboardInterrupt\n\ndef half(x):\n"
                    "    return x / 2\n")
    first, second = report.checks
    assert not first.passed and first.cause == "KeyboardInterrupt:  (line 2 of your file)"
    assert second.passed and not report.interrupted
    loading = _grade("def double(x):\n    return 2 * x\n\nraise KeyboardInterrupt('no')\n")
    assert loading.error == ("Running your file failed: your code raised KeyboardInterrupt: no at "
                             "line 4 of your file; nobody stopped it. Stop and the time limit end "
                             "code with KeyboardInterrupt; a lab file has no reason to raise it.")
    assert not loading.interrupted


# A stop in a loop that the file catches: raised again, replaced by one of its own, or
# swallowed (the check then returned the right answer and passed). Each is still a stop.
CAUGHT = ("mine = KeyboardInterrupt()\n\ndef double(x):\n    try:\n        while True:\n"
          "            x = x\n    except KeyboardInterrupt as stop:\n        {then}\n"
          "    return 2 * x\n\ndef half(x):\n    return x / 2\n")


def test_a_stop_the_code_catches_is_still_a_stop():
    for then in ("raise stop", "raise mine", "raise KeyboardInterrupt('again')", "pass"):
        report = _grade(CAUGHT.format(then=then), interrupt_after=0.3)
        first, second = report.checks
        assert first.cause == "stopped" and first.message.startswith(
            "Your code was stopped after"), (then, first.message)
        assert second.message.startswith("Not run: Check was stopped"), then
        assert report.interrupted and not report.passed
    # Caught as the file loads, and gone on from: still stopped there.
    loading = _grade("try:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n    pass\n"
                     "def double(x):\n    return 2 * x\n", interrupt_after=0.3)
    assert "your code was stopped" in loading.error and loading.interrupted


def test_an_interrupt_as_the_file_loads_is_named_as_what_it_is_where_it_ran():
    """On the page a SIGINT is only Stop (its time limit comes as SIGALRM), in the notebook only
    the kernel's Interrupt: a Stop read "(it ran too long, or Stop was pressed)" under a status
    that said "you pressed Stop". The line's text is read from the source given to grade()."""
    source = "import time\nwhile True:\n    time.sleep(0.01)\n"
    said = {runtime: _grade(source, interrupt_after=0.3, real_signal=True, runtime=runtime)
            for runtime in ("browser", "notebook", "python")}
    assert said["browser"].error.startswith(
        "Running your file failed: your code was stopped (you pressed Stop). It was at line 3"
        " of your file, outside any function"), said["browser"].error
    assert "(the kernel was interrupted)" in said["notebook"].error, said["notebook"].error
    assert "(it was interrupted)" in said["python"].error, said["python"].error
    for report in said.values():
        assert report.interrupted and "ran too long" not in report.error
        assert report.error.endswith("it waits there (time.sleep), and a lab's code has "
                                     "nothing to wait for."), report.error


def test_a_subclass_of_keyboard_interrupt_is_named_as_the_files_own():
    report = _grade("class Quit(KeyboardInterrupt):\n    pass\n\ndef double(x):\n"
                    "    raise Quit('enough')\n\ndef half(x):\n    return x / 2\n")
    first, second = report.checks
    assert first.message.startswith("Your code raised Quit (a KeyboardInterrupt): enough at "
                                    "line 5 of your file (in `double`)"), first.message
    assert second.passed and not report.interrupted


def test_an_interrupted_check_ends_the_check_run_and_the_rest_are_not_run():
    # Stop or the time limit lands in the first check: running the next check would only
    # loop again, so the report names the check that ran too long and skips the rest.
    report = _grade("def double(x):\n    while True:\n        pass\n\ndef half(x):\n"
                    "    return x / 2\n", interrupt_after=0.2)
    first, second = report.checks
    assert "stopped after" in first.message and "line 2 of your file" in first.message
    assert second.message.startswith("Not run: Check was stopped") and second.cause == "not run"
    assert report.interrupted and not report.passed


def test_a_stopped_check_hints_at_the_loop_first_and_says_when_it_printed_a_flood():
    """The stopped check's own hints are about what it checks ("Multiply by two."): the
    learner first needs to know why nothing finished. A loop that would end but prints on
    every pass is told that its printing is what is slow."""
    looping = _grade("def double(x):\n    while True:\n        pass\n", interrupt_after=0.2)
    first = looping.checks[0]
    assert first.hints == [LOOP_HINT, "Multiply by two."]
    assert "printed" not in first.message
    printing = _grade("def double(x):\n    for i in range(10 ** 9):\n        print('step', i)\n"
                      "    return 2 * x\n", interrupt_after=0.5)
    first = printing.checks[0]
    assert first.hints[0] == LOOP_HINT and "line 3 of your file" in first.message
    printed = re.search(r"It had printed ([\d,]+) characters by then: printing on every pass",
                        first.message)
    assert printed and int(printed.group(1).replace(",", "")) > OUTPUT_LIMIT, first.message
    assert printing.checks[1].hints == ["Divide by two."]  # not run: no hint to chase
    # The count is the grader's own stream's, never read from the text: a forged marker with
    # 5000 digits once made int() raise while the report was written.
    forged = _grade("def double(x):\n    print('\\n[output truncated: ' + '9' * 5000 + "
                    "' characters not shown]\\n')\n    while True:\n        pass\n",
                    interrupt_after=0.2)
    assert forged.checks[0].hints[0] == LOOP_HINT and "printed" not in forged.checks[0].message


def test_a_loop_outside_any_function_that_is_stopped_says_where_it_was():
    # It runs as the file loads, before any check: the report says so, and where.
    report = _grade("def double(x):\n    return 2 * x\n\nx = 0\n"
                    "while x < 10: print(double(3))\n", interrupt_after=0.2)
    assert report.interrupted and not report.passed
    assert "line 5 of your file, outside any function" in report.error, report.error
    assert "does a loop there ever end?" in report.error
    assert all(c.message.startswith("Not run") for c in report.checks)


def test_one_learner_error_is_the_same_cause_on_every_check_it_fails():
    report = _grade("def double(x):\n    raise NotImplementedError('write me')\n"
                    "def half(x):\n    return double(x) / 4\n")
    causes = {c.cause for c in report.checks}
    assert causes == {"NotImplementedError: write me (line 2 of your file)"}


def test_recursion_is_named_with_the_function_and_line_that_recursed():
    report = _grade("def double(x):\n    return double(x)\ndef half(x):\n    return x / 2\n")
    # In parentheses, as every other error's place: a check's message may end with a full
    # stop, and "… a * b**-1. in `__rsub__`, line 93" read as a broken sentence. Inside the
    # grader's own "(RecursionError)": two in a row, "(RecursionError) (in …)", stuttered.
    assert report.checks[0].message.endswith(
        "recursed too deeply (RecursionError, in `double`, line 2 of your file)"), \
        report.checks[0].message
    assert report.checks[1].passed


def test_input_in_a_lab_says_labs_read_no_input():
    report = _grade("def double(x):\n    return int(input()) * x\ndef half(x):\n    return x / 2\n")
    assert "EOFError: a lab reads no input" in report.checks[0].message


def test_output_keeps_its_head_and_its_tail():
    report = _grade("for i in range(50000):\n    print(i)\ndef double(x):\n    return 2 * x\n"
                    "def half(x):\n    return x / 2\n")
    assert report.stdout.startswith("0\n1\n2\n") and report.stdout.endswith("49998\n49999\n")
    assert "[output truncated: " in report.stdout
    assert len(report.stdout) < OUTPUT_LIMIT + 200


def test_output_keeps_exactly_the_first_and_the_last_32_000_characters():
    """The README's figure, not only the module's constant: 32 000 at each end."""
    source = ("for i in range(100):\n    print(f'{i:03d}' + 'x' * 996)\n"
              "def double(x):\n    return 2 * x\ndef half(x):\n    return x / 2\n")
    printed = "".join(f"{i:03d}" + "x" * 996 + "\n" for i in range(100))
    report = _grade(source)
    head, _, tail = report.stdout.partition("\n[output truncated: ")
    assert head + "\n" == printed[:32_000] and tail.split("]\n", 1)[1] == printed[-32_000:]
    assert tail.startswith(f"{len(printed) - 64_000} characters not shown]")


def test_truncated_output_is_cut_at_line_ends():
    """A kept tail began in the middle of a printed line ("666, 'd': 398669, 'L': …"), which
    read as output of its own; the kept head ended mid-line too. Both are cut to whole lines,
    and the count of characters not shown says what that cut too."""
    source = ("for i in range(20000):\n    print(f'line {i} ' + 'y' * (i % 7))\n"
              "def double(x):\n    return 2 * x\ndef half(x):\n    return x / 2\n")
    printed = "".join(f"line {i} " + "y" * (i % 7) + "\n" for i in range(20000))
    report = _grade(source)
    head, _, rest = report.stdout.partition("\n[output truncated: ")
    count, _, tail = rest.partition(" characters not shown]\n")
    assert printed.startswith(head + "\n") and printed.endswith(tail)
    assert tail.startswith("line ") and head.split("\n")[-1].startswith("line ")
    assert len(head) + 1 + int(count) + len(tail) == len(printed)
    assert 64_000 - 2 * 20 < len(head) + 1 + len(tail) <= 64_000


def test_printed_output_is_kept_apart_from_the_verdict_and_truncated():
    source = ("print('PASSED 2/2')\nimport sys\nprint('x' * 200000, file=sys.stderr)\n"
              "def double(x):\n    return x\n")
    report = _grade(source)
    assert not report.passed
    assert report.stdout == "PASSED 2/2\n"
    assert len(report.stderr) < OUTPUT_LIMIT + 100 and "output truncated" in report.stderr


def test_a_learner_returning_a_lying_object_fails():
    source = ("class Yes(float):\n    def __eq__(self, o):\n        return True\n"
              "def double(x):\n    return Yes(0)\n\ndef half(x):\n    return x / 2\n")
    report = _grade(source)
    assert [c.passed for c in report.checks] == [False, True]
    assert "plain number" in report.checks[0].message


def test_run_shows_output_and_a_traceback_through_the_learners_lines_only():
    from grader.core.execute import run_source

    result = run_source("print('hi')\ndef f(x):\n    return x / 0\n\nf(1)\n", "lab.py")
    assert result.stdout == "hi\n"
    assert result.line == 3
    assert "line 5, in <module>" in result.error and "line 3, in f" in result.error
    assert "return x / 0" in result.error and "ZeroDivisionError: division by zero" in result.error
    assert "grader" not in result.error


def test_run_stopped_says_the_line_the_code_was_on():
    """Run, then Stop: as Check does, the report names where the code was, so a learner
    finds the loop that did not end (once it said only "Stopped.")."""
    from grader.core.execute import run_source

    source = "print('hi')\ndef spin():\n    while True:\n        pass\n\nspin()\n"
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        result = run_source(source, "lab.py")
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert result.stdout == "hi\n"
    assert result.error in ("Stopped at line 3 of your file (in `spin`).",
                            "Stopped at line 4 of your file (in `spin`).")
    assert result.line in (3, 4)


def test_run_reports_a_syntax_error_with_its_line():
    from grader.core.execute import run_source

    result = run_source("x = (1,\n", "lab.py")
    assert result.line == 1 and "could not read your file" in result.error


def test_the_browsers_check_draws_the_same_inputs_as_course_grade(course):
    # Inputs come from a seed made from the file's text, in the page as on the command line,
    # so a learner's report in the browser matches the instructor's, number for number.
    import json

    from grader.core import browser
    from tests.conftest import run_course

    lab = course.labs["04-value"]
    mistake = lab.folder / "mistakes" / "product_rule_swapped.py"
    page = json.loads(browser.check(lab.slug, lab.checks_source(), mistake.read_text()))
    graded = run_course("grade", lab.slug, str(mistake), "--runtime", "python", "--trusted", "--json")
    cli = json.loads(graded.stdout)[0]
    assert [c["message"] for c in page["checks"]] == [c["message"] for c in cli["checks"]]
    assert any(not c["passed"] for c in page["checks"])


def test_the_captured_output_is_a_text_stream_like_any_other():
    # Correct code that wrote sys.stdout.writelines(...) failed with an AttributeError.
    report = _grade("import sys\nsys.stdout.writelines(['loss 0.5\\n', 'loss 0.25\\n'])\n"
                    "print(sys.stdout.encoding, sys.stdout.writable(), flush=True)\n"
                    "def double(x):\n    return 2 * x\n\ndef half(x):\n    return x / 2\n")
    assert report.passed, report.error
    assert report.stdout == "loss 0.5\nloss 0.25\nutf-8 True\n"


def test_an_error_found_after_parsing_shows_its_line_and_caret():
    """CPython gives 'return' outside function no line text when compiling a string: the
    report showed only "(line 3)", unlike every other syntax error."""
    report = _grade("def double(x):\n    return 2 * x\n  \nreturn 3\n")
    assert report.error == ("Python could not read your file: 'return' outside function "
                            "(line 4).\n    return 3\n    ^")


def test_an_unclosed_string_says_its_line_once_and_a_later_detection_too():
    """CPython's own message ends "(detected at line 53)": with "(line 53)" after it, the
    report said the line twice. A triple-quoted string noticed lines later keeps both."""
    same = _grade('def double(x):\n    return "2 * x\n')
    assert same.error == ('Python could not read your file: unterminated string literal '
                          '(line 2).\n    return "2 * x\n           ^')
    later = _grade('def double(x):\n    """Twice x.\n    return 2 * x\n')
    assert later.error.startswith("Python could not read your file: unterminated triple-quoted "
                                  "string literal (detected at line 3) (line 2).")


def test_the_notebooks_note_on_an_earlier_labs_missing_code_names_that_lab_by_its_number(
        course, monkeypatch):
    """Lab 5's notebook run as it comes: the note said "this lab continues lab 04-value",
    where its first cell, the lesson page and the starter all say "lab 4"."""
    from grader.core import notebook
    from grader.core.report import Report

    monkeypatch.setattr(notebook, "packaged", lambda lab: course.labs[lab].checks_source())
    report = Report(lab="05-backward", file="lab.py", error="Running your file failed: "
                    "NameError: name 'Value' is not defined (line 3 of your file)")
    missing = notebook._not_pasted(report, "x = 1\n\nv = Value(1)\n", "04-value")
    assert "this lab continues lab 4, and its cell" in missing and "04-value.ipynb" in missing
    below = notebook._not_pasted(report, "x = 1\n\nv = Value(1)\nclass Value:\n    pass\n",
                                 "04-value")
    assert "Move your code of lab 4 up" in below, below
    # Raised inside a function the file calls as it loads, the error names that function too.
    inside = Report(lab="05-backward", file="lab.py", error="Running your file failed: "
                    "NameError: name 'Value' is not defined (in `make`, line 2 of your file)")
    called = notebook._not_pasted(inside, "def make():\n    return Value(1)\nv = make()\n"
                                  "class Value:\n    pass\n", "04-value")
    assert "defines Value below line 2" in called, called


def test_run_tells_the_pages_stop_from_a_files_own_keyboard_interrupt():
    """The page's Run: a Stop comes as SIGINT, counted as a stop (deadline.STOPS); a file's
    own `raise KeyboardInterrupt` keeps its line and is worded as Check words it."""
    import json

    from grader.core import browser

    own = json.loads(browser.run("def give_up():\n    raise KeyboardInterrupt\n\ngive_up()\n"))
    assert own["error"].startswith("Your code raised KeyboardInterrupt at line 2 of your file "
                                   "(in `give_up`); nobody stopped it."), own["error"]
    assert own["line"] == 2, own
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in _grade
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        stopped = json.loads(browser.run("x = 0\nwhile True:\n    x += 1\n"))
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert re.fullmatch(r"Stopped at line [23] of your file\.", stopped["error"]), stopped["error"]
    assert signal.getsignal(signal.SIGINT) is previous


def test_typeset_quotes_and_signs_pasted_from_a_document_say_which_key_to_type():
    """Code pasted from a PDF read "invalid character '‘' (U+2018)": a learner does not know
    what U+2018 is, nor that the quote on the keyboard is a different one."""
    quoted = _grade("def double(x):\n    return {\u2018x\u2019: x}\n")
    assert "‘ is a curly quote" in quoted.error and "plain ' and \"" in quoted.error, quoted.error
    dashed = run_source("x = 3 \u2013 1\n")
    assert "– is a typeset sign, not Python's -." in dashed.error, dashed.error
    euro = _grade("x = \u20ac\n")  # no stand-in for a character of the keyboard: no hint
    assert euro.error.endswith("^"), euro.error


def test_a_recursion_as_the_file_loads_says_where_as_a_checks_message_does():
    report = _grade("def double(x):\n    return double(x)\n\ndouble(1)\n")
    assert report.error.endswith("recursed too deeply (RecursionError, "
                                 "in `double`, line 2 of your file)"), report.error


def test_a_stopped_sleep_is_named_a_wait_not_a_loop():
    """`time.sleep(60)` stopped at the top of a file read "…as soon as the file loads: does a
    loop there ever end?": the learner went looking for a loop it did not have."""
    top = _grade("import time\n\ntime.sleep(60)\n", interrupt_after=0.2, real_signal=True)
    assert top.error.endswith("line 3 of your file, outside any function, so it runs as soon "
                              "as the file loads: it waits there (time.sleep), and a lab's code "
                              "has nothing to wait for."), top.error
    inside = _grade("import time\n\ndef double(x):\n    time.sleep(60)\n", interrupt_after=0.2,
                    real_signal=True)
    assert inside.checks[0].message.endswith(
        ", at line 4 of your file (in `double`): it waits there (time.sleep), and a lab's code "
        "has nothing to wait for."), inside.checks[0].message
    loop = _grade("def double(x):\n    while True:\n        x = x\n", interrupt_after=0.2)
    assert loop.checks[0].message.endswith("does a loop there ever end?"), loop.checks[0].message


def test_did_you_mean_asks_no_learner_code_and_keeps_what_crossed():
    """learner_errors.did_you_mean: what the learner's side computed crosses as `suggested`;
    dir() is not asked of an object whose class makes its own names (its __dir__, its
    __getattribute__, a __dict__ of its own), nor of a module with a __dir__."""
    import types

    from grader.core.learner_errors import _names_without_learner_code, did_you_mean

    crossed = NameError("name 'l' is not defined")
    crossed.suggested = "L"
    assert did_you_mean(crossed) == "L"
    assert did_you_mean(ValueError("x")) == ""
    asked = []

    class Names:
        def __dir__(self):
            asked.append(1)
            return ["data"]

    class Reads:
        def __getattribute__(self, name):
            asked.append(1)
            return object.__getattribute__(self, name)

    class OwnDict:
        @property
        def __dict__(self):
            asked.append(1)
            return {}

    class Plain:
        pass

    module = types.ModuleType("m")
    module.__dir__ = lambda: asked.append(1) or []
    for obj in (Names(), Reads(), OwnDict(), module):
        assert not _names_without_learner_code(obj), obj
        exc = AttributeError("no attribute 'dat'", name="dat", obj=obj)
        assert did_you_mean(exc) == ""
    assert asked == []
    for obj in (Plain(), Plain, 3, types.ModuleType("n")):
        assert _names_without_learner_code(obj), obj


# A method's line that lost its indentation runs as the file loads, where `self` is nothing:
# "NameError: name 'self' is not defined" read as "my class is broken" (a learner's walk).
DEDENTED = ("class Value:\n    def __init__(self, data):\n        self.data = data\n"
            "        self._children = ()\n\n    def backward(self):\n        topo = []\n"
            "for child in self._children:\n    print(child)\n")
OUTSIDE = "line 8 is outside every method, where `self` is not defined: if it belongs to a method"


def test_self_on_a_line_outside_every_method_says_so_in_check_and_run():
    report = _grade(DEDENTED)
    assert report.error.startswith("Running your file failed: NameError: name 'self' is not "
                                   "defined (line 8 of your file); " + OUTSIDE), report.error
    shown = run_source(DEDENTED).error
    assert shown.endswith("\nL" + OUTSIDE[1:] + ", indent it under that method's `def` line."), shown


def test_self_missing_elsewhere_gets_no_such_sentence():
    # In a function, `self` is missing for another reason (a parameter left out): not this one.
    report = _grade("def double(x):\n    return self * 2\ndef half(x):\n    return x / 2\n")
    assert "NameError: name 'self' is not defined" in report.checks[0].message
    assert "outside every method" not in report.checks[0].message
    assert "outside every method" not in _grade("self = None\nprint(self.x)\n").error
