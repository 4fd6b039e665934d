"""`course check --junit FILE`: the self-check as JUnit XML, which CI systems show per case.

One test suite per lab (a case per graded file: the solution passes, the starter fails, each
mistake fails its check with its message) and one for the course's own content problems.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from .course import Problem


def write_junit(path: Path, outcomes: list, course_problems: list[Problem], seconds: float) -> None:
    root = ET.Element("testsuites", name="course check", time=f"{seconds:.3f}")
    content = ET.SubElement(root, "testsuite", name="course content",
                            tests=str(max(1, len(course_problems))),
                            failures=str(len(course_problems)))
    if course_problems:
        for problem in course_problems:
            case = ET.SubElement(content, "testcase", classname="content", name=str(problem))
            ET.SubElement(case, "failure", message=problem.message).text = str(problem)
    else:
        ET.SubElement(content, "testcase", classname="content", name="lessons and labs are valid")
    for outcome in outcomes:
        failures = sum(1 for _, problems in outcome.cases if problems)
        extra = [p for p in outcome.problems
                 if not any(p in problems for _, problems in outcome.cases)]
        suite = ET.SubElement(root, "testsuite", name=outcome.lab,
                              tests=str(len(outcome.cases) + len(extra)),
                              failures=str(failures + len(extra)))
        for name, problems in outcome.cases:
            case = ET.SubElement(suite, "testcase", classname=outcome.lab, name=name)
            if problems:
                ET.SubElement(case, "failure", message=problems[0].message).text = \
                    "\n".join(str(p) for p in problems)
        for problem in extra:  # about the lab's checks.py or headers, not one graded file
            case = ET.SubElement(suite, "testcase", classname=outcome.lab, name=str(problem))
            ET.SubElement(case, "failure", message=problem.message).text = str(problem)
    ET.indent(root)
    path.parent.mkdir(parents=True, exist_ok=True)  # as `course grade --results` does
    path.write_bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True))
