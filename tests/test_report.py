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


def _in_parts(*verdicts):
    from grader.core.report import Part

    report = _report(*verdicts)
    report.parts = [Part("one", ["check 0", "check 1"]), Part("two", ["check 2"])]
    return report


def test_the_part_a_learner_is_on_is_derived_from_the_checks():
    # The page and the notebooks both show it from the report: one answer, worked out here.
    assert _in_parts(True, False, False).open_part == 0
    assert _in_parts(True, True, False).open_part == 1
    assert _in_parts(True, True, True).open_part == -1
    assert _report(True, False).open_part == -1  # a lab in one piece has no parts
    data = json.loads(_in_parts(True, True, False).to_json())
    assert data["parts"] == [{"title": "one", "checks": ["check 0", "check 1"]},
                             {"title": "two", "checks": ["check 2"]}]
    assert data["open_part"] == 1
    data["open_part"] = -1  # said, not derived: read back, it is derived again
    again = Report.from_dict(data)
    assert again == _in_parts(True, True, False) and again.open_part == 1
    for broken in ("parts", [{"title": 1, "checks": []}], [{"title": "x", "checks": [2]}]):
        assert Report.from_dict({**data, "parts": broken}).parts == []


def test_every_runtime_reports_lab_yaml_parts_and_the_trusted_side_has_the_last_word(course):
    """lab.yaml's parts reach every report through the checks every host runs (the packaged
    source declares them); on the command line the trusted process sets them again, so a
    report from a sandbox cannot regroup its checks."""
    from grader.checks_loading import load_lab_checks
    from grader.core.report import Part
    from grader.core.run import grade, load_checks
    from grader.grading import submissions

    lab = course.labs["05-backward"]
    titles = [part.title for part in lab.config.parts]
    assert len(titles) > 1
    # The checks as every host loads them: the page, the notebooks, the Node host, python.
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    report = grade(lab.slug, checks, lab.starter.read_text(), "starter.py")
    assert [p.title for p in report.parts] == titles
    assert [p.checks for p in report.parts] == [p.checks for p in lab.config.parts]
    assert report.open_part == 0
    # The trusted side's own copy, and what it keeps of a sandbox's claim.
    submission, = submissions(lab, [("a.py", "")], load_lab_checks(lab))
    assert [p.title for p in submission.parts] == titles
    claimed = Report(lab=lab.slug, file="a.py", runtime="pyodide",
                     checks=[CheckResult(name=fn.check_name, passed=True) for fn in checks],
                     parts=[Part("everything", [fn.check_name for fn in checks])])
    kept = submission.accept(claimed, "pyodide")
    assert [p.title for p in kept.parts] == titles
    assert [p.title for p in submission.failed("no", "pyodide").parts] == titles
    # A lab in one piece declares none.
    plain = course.labs["01-graphs"]
    assert not plain.config.parts
    checks, _ = load_checks(plain.checks_source(), plain.slug)
    assert grade(plain.slug, checks, "", "a.py").parts == []
