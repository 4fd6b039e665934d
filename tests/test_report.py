import json
import math

import pytest

from grader.core.report import CheckResult, Report, encode


def _report(*verdicts, error=""):
    checks = [CheckResult(name=f"check {i}", passed=v, message="" if v else "wrong")
              for i, v in enumerate(verdicts)]
    return Report(lab="05-backward", file="a.py", checks=checks, error=error)


def test_passed_and_score_are_derived_from_the_checks():
    assert _report(True, True).passed is True
    report = _report(True, False)
    assert (report.passed, report.score, report.max_score) == (False, 1, 2)


def test_an_error_fails_a_report_whose_checks_all_passed():
    assert _report(True, error="time limit").passed is False


def test_a_report_without_checks_does_not_pass():
    assert _report().passed is False


def test_json_round_trip_keeps_every_field():
    report = _report(True, False)
    report.stdout, report.stderr, report.seconds = "hi\n", "warn", 0.25
    report.checks[1].cause, report.interrupted = "ValueError: no (line 3 of your file)", True
    again = Report.from_json(report.to_json())
    assert again == report
    assert json.loads(report.to_json())["checks"][1] == {
        "name": "check 1", "passed": False, "message": "wrong", "hints": [],
        "cause": "ValueError: no (line 3 of your file)"}


def test_the_encoder_matches_json_for_awkward_text():
    value = {"q": 'quote " back \\ slash', "u": "naïve ✓ \u2028", "ctl": "\x00\x1f", "n": [1, 2.5, None, True]}
    assert json.loads(encode(value)) == value


def test_the_encoder_refuses_objects_it_does_not_know():
    with pytest.raises(TypeError):
        encode({"x": object()})


def test_non_finite_floats_become_null():
    assert json.loads(encode([math.inf, math.nan])) == [None, None]


def test_from_json_treats_only_true_as_passed():
    data = json.loads(_report(True).to_json())
    data["checks"][0]["passed"] = "yes"
    assert Report.from_dict(data).passed is False


def test_a_runtime_keeps_only_a_report_that_lists_exactly_the_labs_checks():
    """README: the CLI accepts only a result that lists exactly the lab's checks (and is about
    this lab and this file); anything else fails the file, whatever it claimed."""
    from grader.runtimes.submission import Submission

    names = ["first", "second"]
    submission = Submission(lab="05-backward", file="a.py", source="", checks_source="",
                            check_names=names, check_hints=[["h1"], ["h2"]])

    def claimed(lab="05-backward", file="a.py", checks=names):
        return Report(lab=lab, file=file, checks=[CheckResult(name=n, passed=True, message="")
                                                  for n in checks])

    kept = submission.accept(claimed(), "pyodide")
    assert kept.passed and kept.score == 2
    for forged in (claimed(lab="01-graphs"), claimed(file="b.py"), claimed(checks=["first"]),
                   claimed(checks=["second", "first"]), claimed(checks=names + ["extra"])):
        report = submission.accept(forged, "pyodide")
        assert not report.passed and report.score == 0
        assert [c.name for c in report.checks] == names
        assert "its report did not match the lab's checks" in report.error
