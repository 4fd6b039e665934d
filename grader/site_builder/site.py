"""`course build`: the static site, deployable on any static host.

Like mkdocs: read and validate everything first, render into a staging folder, then swap it
into place, so a failed build never leaves half a site. What ships to the browser is the
lesson pages, each lab's starter and hidden checks, Pyodide with the course package (the
grader core and capstone as one wheel in Pyodide's lock, see pyodide_files/course_package.py),
the bundled front end and the JupyterLite notebooks. Reference solutions never do: nothing here reads
`Lab.solution` (tests/test_browser.py searches the build for their lines).
"""

from __future__ import annotations

import hashlib
from importlib import metadata
import json
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from .. import authored, lab_config
from ..checks_loading import ChecksBroken, load_lab_checks
from ..core.run import CHECK_SECONDS
from ..course import Course
from ..pyodide_files import course_package
from ..pyodide_files.course_package import CoursePackage, PackageError
from ..runtimes.node import compiled_stdlib, node_binary
from . import markdown, math, pictures
from .headers import headers_file
from .pyodide_folder import COMPILED_FACTORY, LinkingError, write_pyodide
from .jupyterlite import LiteBuildError, build_jupyterlite, notebook_url
from .snapshot import SnapshotError, site_snapshot

SITE = Path(__file__).resolve().parents[2] / "site"
BUNDLER = Path(__file__).resolve().parent / "bundle.mjs"
COURSE_TITLE = "Build autograd from scratch"
# Named in every downloaded lab file and export, which `course grade` reads back.
COURSE_VERSION = metadata.version("autograd-course")


class BuildError(RuntimeError):
    pass


@dataclass
class BuildResult:
    out: Path
    files: int
    bytes: int
    seconds: float
    warnings: list[str] = field(default_factory=list)


def build_site(course: Course, out: Path, *, pyodide: Path, node_modules: Path,
               strict: bool = True) -> BuildResult:
    """Build the site. With `strict=False`, a JupyterLite build that cannot be made here
    (say, no Python >= 3.13 for its tools) is a warning and the notebook links are left out,
    and so is a course package that pyodide-build cannot compile (the pages then load its
    sources), instead of no site at all."""
    started = time.perf_counter()
    warnings: list[str] = []
    if course.problems:
        raise BuildError("the course has problems; fix them first:\n"
                         + "\n".join(f"  {p}" for p in course.problems))
    # Checks that cannot load would break every Check: find out before writing anything.
    checks = {lesson.lab: _lab_checks(course, lesson.lab) for lesson in course.lessons}
    names = {slug: [fn.check_name for fn in fns] for slug, fns in checks.items()}
    order = list(course.labs)
    wrong = [p for slug, lab in course.labs.items() if slug in names
             for p in lab_config.problems(lab.config, names[slug], order[:order.index(slug)],
                                          {fn.__name__: fn.check_name for fn in checks[slug]})]
    if wrong:  # a page whose parts or earlier lab do not exist would mislead every learner
        raise BuildError("lab.yaml has problems; fix them first:\n"
                         + "\n".join(f"  {p.path}:{p.line}: {p.message}" for p in wrong))
    with pictures.Drawing([lesson.slug for lesson in course.lessons], node_modules) as drawing:
        formulas = [f for lesson in course.lessons for f in markdown.formulas(lesson.body)]
        math_html = math.render_all(formulas, node_modules)
        drawn = _pictures(drawing, strict, warnings)

    out = out.resolve()
    staging = out.with_name(f".{out.name}.building")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        _write_site(course, staging, pyodide, node_modules, math_html, drawn, names, strict,
                    warnings)
        _swap(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    files = [p for p in out.rglob("*") if p.is_file()]
    return BuildResult(out, len(files), sum(p.stat().st_size for p in files),
                       time.perf_counter() - started, warnings)


def _write_site(course: Course, out: Path, pyodide: Path, node_modules: Path,
                math_html: dict, drawn: dict[str, str], check_names: dict[str, list[str]],
                strict: bool, warnings: list[str]) -> None:
    # The same standard library, with bytecode for what start-up loads. Without it every
    # visit compiles ~125 modules from source: the build says so rather than ship it quietly.
    stdlib = _stdlib_zip(pyodide, strict, warnings)
    pyodide_dir, sparse_restore = _pyodide_folder(out, pyodide, stdlib, strict, warnings)

    # The course package and its lock (Pyodide's, with it entered by pyodide-build) in a
    # folder named by its hash: both are cached as immutable, and change with any check.
    package = _course_package(course, pyodide, strict, warnings)
    package_dir = f"py/course-{course_package.sha256(package.wheel)[:10]}/"
    (out / package_dir).mkdir(parents=True)
    shutil.copy2(package.wheel, out / package_dir / package.wheel.name)
    if package.compiled:
        shutil.copy2(package.lock, out / package_dir / "pyodide-lock.json")

    # A browser's memory snapshot is valid for one Pyodide, one stdlib zip, one linking (the
    # folder's name is a hash of all three: pyodide_folder.py) and one grader.
    snapshot_key = hashlib.sha256(
        pyodide_dir.encode() + package.wheel.read_bytes()).hexdigest()[:16]
    # And the build makes one for a first visit to restore (snapshot.py says what it gains).
    core_file = out / package_dir / ("pyodide-lock.json" if package.compiled
                                     else package.wheel.name)
    sources = {lab.slug: lab.checks_source() for lab in course.labs.values()}
    snapshot, bytecode = _snapshot(out, out / pyodide_dir, core_file, snapshot_key, pyodide,
                                   sources, strict, warnings)
    assets = _bundle(out, node_modules)
    assets["highlight"] = _hashed(out, "assets/highlight.css", markdown.highlight_css())
    labs = {}
    for lesson in course.lessons:
        lab = course.labs[lesson.lab]
        data = {"slug": lab.slug, "checks_source": sources[lab.slug],
                "check_names": check_names[lab.slug]}
        if lab.slug in bytecode:  # compiled by the snapshot's Python (grader/core/checks_code.py)
            data["checks_code"] = bytecode[lab.slug]
        labs[lab.slug] = _hashed(out, f"labs/{lab.slug}.json", json.dumps(data))

    env = Environment(loader=FileSystemLoader(SITE / "templates"), autoescape=True,
                      undefined=StrictUndefined, keep_trailing_newline=True)
    common = {"course_title": COURSE_TITLE, "lessons": course.lessons, "assets": assets}

    def page(path: str, template: str, page_data: dict, **values) -> None:
        root = "../" * path.count("/")
        data = {**page_data, "serviceWorker": root + "sw.js"}
        values.setdefault("lesson", None)
        html = env.get_template(template).render(**common, **values, root=root, page_data=data)
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")

    # Every lab also opens as a JupyterLite notebook, checked by the same grader.
    notebooks = True
    try:
        build_jupyterlite(course, out / "lite", pyodide=pyodide, package=package)
    except LiteBuildError as exc:
        if strict:
            raise BuildError(f"the JupyterLite build failed: {exc}") from exc
        warnings.append(f"no JupyterLite notebooks in this build: {exc}")
        notebooks = False

    page("index.html", "index.html", {
        "kind": "index", "courseVersion": COURSE_VERSION,
        "labs": [{"lesson": lesson.slug, "lab": lesson.lab} for lesson in course.lessons]})
    # What the service worker answers, offline, for a page it does not have.
    (out / "offline.html").write_text(env.get_template("offline.html").render(**common),
                                      encoding="utf-8")
    for number, lesson in enumerate(course.lessons):
        path = f"lessons/{lesson.slug}/index.html"
        root = "../" * path.count("/")
        # The worker loads the course package from this lock, or (uncompiled, so in no lock)
        # from its wheel's URL.
        core = root + package_dir + ("pyodide-lock.json" if package.compiled
                                     else package.wheel.name)
        urls = {"worker": root + assets["worker"], "pyodide": root + pyodide_dir,
                "core": core, "lab": root + labs[lesson.lab], "snapshotKey": snapshot_key,
                "snapshot": root + snapshot if snapshot else None,
                # Whether that Pyodide restores a packed snapshot as it is (sparse.mjs).
                "sparseRestore": sparse_restore,
                # Its factory with the hint to compile every function (pyodide_folder.py).
                "compiledFactory": root + pyodide_dir + COMPILED_FACTORY}
        after = course.lessons[number + 1:]
        # After a pass the report links on: the next lesson, or home after the last one.
        following = ({"url": f"{root}lessons/{after[0].slug}/index.html",
                      "title": f"lesson {after[0].number}, {after[0].title}"} if after else
                     {"url": f"{root}index.html", "title": "you have finished the course, back to all lessons"})
        data = {"kind": "lesson", "slug": lesson.slug, "urls": urls, "train": lesson.train,
                "next": following, "checkSeconds": CHECK_SECONDS, "lab": lesson.lab,
                "courseVersion": COURSE_VERSION, **_lab_page_data(course, lesson, out, root)}
        page(path, "lesson.html", data,
             lesson=lesson, body=markdown.render(lesson.body, math_html),
             picture=drawn.get(lesson.slug),
             notebook=root + "lite/" + notebook_url(lesson.lab) if notebooks else None,
             starter=authored.read(course.labs[lesson.lab].starter))

    _service_worker(out)
    (out / "_headers").write_text(headers_file(out), encoding="utf-8")  # rules for every entry
    _precompress(out)


def _pictures(drawing: pictures.Drawing, strict: bool, warnings: list[str]) -> dict[str, str]:
    """Each lesson's picture drawn at build time; one that cannot be drawn here is drawn by its
    chunk in the browser (and pops in there, pushing the lesson down), so only a warning."""
    try:
        drawn, failed = drawing.result()
    except pictures.PictureError as exc:
        drawn, failed = {}, {"every lesson": str(exc)}
    if failed:
        problems = "\n".join(f"  {slug}: {error}" for slug, error in sorted(failed.items()))
        if strict:
            raise BuildError(f"a lesson's picture could not be drawn at build time:\n{problems}")
        warnings.append(f"pictures drawn only in the browser (not at build time):\n{problems}")
    return drawn


def _stdlib_zip(pyodide: Path, strict: bool, warnings: list[str]) -> Path | None:
    try:
        return compiled_stdlib(pyodide, browser=True, strict=True)
    except (RuntimeError, OSError) as exc:
        if strict:
            raise BuildError(f"the standard library could not be compiled: {exc}") from exc
        warnings.append("the site ships Pyodide's stock standard library (every visit compiles "
                        f"it from source): {str(exc)[:1000]}")
        return None


def _pyodide_folder(out: Path, pyodide: Path, stdlib: Path | None, strict: bool,
                    warnings: list[str]) -> tuple[str, bool]:
    """The site's Pyodide folder, and whether its restore is sparse."""
    try:
        written = write_pyodide(out, pyodide, stdlib)
    except (LinkingError, OSError) as exc:
        raise BuildError(f"Pyodide's files could not be written: {exc}") from exc
    messages = []
    if not written.linked:
        messages.append("Pyodide's start-up is not the one grader/runtimes/host/got.mjs "
                        "rewrites: the site links it as Pyodide does (each boot ≈ 30-40 ms slower)")
    if not written.sparse:
        messages.append("Pyodide's restore is not the one grader/runtimes/host/sparse.mjs "
                        "rewrites: every worker is given and writes the whole snapshot")
    for message in messages:
        if strict:
            raise BuildError(message)
        warnings.append(message)
    return written.folder, written.sparse


def _snapshot(out: Path, site_pyodide: Path, core_file: Path, key: str, pyodide: Path,
              sources: dict[str, str], strict: bool,
              warnings: list[str]) -> tuple[str | None, dict]:
    """The snapshot's path in the site (None when there is none) and the labs' bytecode."""
    try:
        made = site_snapshot(site_pyodide, core_file, key,
                             pyodide.parent / ".course-cache" / "snapshot", checks=sources)
    except (SnapshotError, OSError, ValueError) as exc:
        if strict:
            raise BuildError(f"Python's memory snapshot could not be made: {exc}") from exc
        warnings.append("no memory snapshot in this build (a first visit starts Python itself, "
                        f"≈ 1 s longer on a fast link): {str(exc)[:1000]}")
        return None, {}
    name = f"py/snapshot-{key}.bin"
    (out / name).write_bytes(made.packed)
    return name, made.bytecode


def _course_package(course: Course, pyodide: Path, strict: bool,
                    warnings: list[str]) -> CoursePackage:
    try:
        return course_package.build_course_package(course, pyodide)
    except PackageError as exc:
        if strict:
            raise BuildError(f"the course package could not be built: {exc}") from exc
        warnings.append("the course package is not compiled to bytecode in this build (the "
                        f"pages load its sources, not from Pyodide's lock): {exc}")
        return course_package.fallback_package(course, pyodide)


def _lab_page_data(course: Course, lesson, out: Path, root: str) -> dict:
    """What lab.yaml tells the page: its parts, and the earlier lab it continues (with the
    code to add to the learner's, and where the course's own stand-in can be fetched)."""
    config = course.labs[lesson.lab].config
    data: dict = {"parts": [{"title": p.title, "checks": p.checks} for p in config.parts]}
    if config.builds_on:
        earlier = next(item for item in course.lessons if item.lab == config.builds_on)
        carry = {"lesson": earlier.slug, "lab": earlier.lab, "number": earlier.number,
                 "title": earlier.title, "url": f"{root}lessons/{earlier.slug}/index.html",
                 "extend": authored.read(config.extend) if config.extend else ""}
        if config.provided:  # fetched only when the learner asks for it
            name = _hashed(out, f"labs/{lesson.lab}-provided.py",
                           authored.read(config.provided))
            carry["providedURL"] = root + name
        data["carry"] = carry
    return data


def _lab_checks(course: Course, slug: str) -> list:
    lab = course.labs[slug]
    try:
        return load_lab_checks(lab)
    except ChecksBroken as exc:
        raise BuildError(str(exc)) from exc


def _bundle(out: Path, node_modules: Path) -> dict[str, str]:
    done = subprocess.run([node_binary(), str(BUNDLER), str(SITE), str(out), str(node_modules)],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise BuildError(f"bundling the front end failed:\n{done.stderr.strip()[-2000:]}")
    outputs = json.loads(done.stdout)
    if "</script" in outputs["labPaint"].lower():  # it is inlined into a <script> element
        raise BuildError("the lab's inline script would end its own <script> element")
    return {"js": outputs["app"], "worker": outputs["worker"], "css": outputs["style"],
            "katex": outputs["katex"], "lab_paint": outputs["labPaint"],
            "preload": outputs.get("appChunks", [])}


def _hashed(out: Path, path: str, text: str) -> str:
    """Write text under a name carrying its content hash; return that name."""
    digest = hashlib.sha256(text.encode()).hexdigest()[:10]
    stem, dot, suffix = path.rpartition(".")
    name = f"{stem}-{digest}.{suffix}"
    (out / name).parent.mkdir(parents=True, exist_ok=True)
    (out / name).write_text(text, encoding="utf-8")
    return name


def _service_worker(out: Path) -> None:
    # Browsers that run Pyodide all read woff2: the older font formats stay out of the cache,
    # and so does JupyterLite (37 MB, with a service worker of its own).
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*")
                   if p.is_file() and p.name != "_headers" and p.suffix not in (".woff", ".ttf")
                   and p.relative_to(out).parts[0] != "lite")
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + (out / name).read_bytes())
    template = (SITE / "js" / "sw.js").read_text(encoding="utf-8")
    script = (template.replace("__VERSION__", digest.hexdigest()[:12])
              .replace("__FILES__", json.dumps(files)))
    (out / "sw.js").write_text(script, encoding="utf-8")


COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".ttf")


def _precompress(out: Path) -> None:
    """Write `file.gz` beside each compressible file, for servers that send it as is
    (course serve does; most static hosts compress on their own)."""
    import gzip

    for path in list(out.rglob("*")):
        if path.is_file() and path.suffix in COMPRESSIBLE:
            data = path.read_bytes()
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) < len(data) * 0.9:
                path.with_name(path.name + ".gz").write_bytes(packed)


def _swap(staging: Path, out: Path) -> None:
    old = out.with_name(f".{out.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)
