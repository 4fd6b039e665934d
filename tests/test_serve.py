"""`course serve` and `course build`: headers, types, compression, caching, from the CLI."""

import gzip
import re
import subprocess
import urllib.request

import pytest

from tests.conftest import ROOT, course_command, run_course


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    out = tmp_path_factory.mktemp("served") / "site"
    proc = subprocess.Popen(course_command() + ["serve", "--port", "0", "--out", str(out)],
                            cwd=ROOT, stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert match, line + proc.stderr.read(2000) if not match else ""
    yield f"http://127.0.0.1:{match.group(1)}/", out
    proc.terminate()
    proc.wait(timeout=10)


def _get(url, gzip_ok=True):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.headers, response.read()


def test_pages_are_isolated_and_revalidated(served):
    url, _ = served
    headers, body = _get(url + "index.html", gzip_ok=False)
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    assert headers["Cache-Control"] == "no-cache"
    assert headers["Content-Type"].startswith("text/html")
    assert b"Build autograd from scratch" in body


def test_pyodide_is_served_compressed_with_the_right_type_and_cached_for_good(served):
    url, out = served
    wasm = next(out.glob("pyodide/*/pyodide.asm.wasm")).relative_to(out)
    headers, body = _get(url + str(wasm))
    assert headers["Content-Type"] == "application/wasm"
    assert headers["Content-Encoding"] == "gzip"
    assert "immutable" in headers["Cache-Control"]
    assert gzip.decompress(body)[:4] == b"\0asm"
    plain_headers, plain = _get(url + str(wasm), gzip_ok=False)
    assert plain_headers["Content-Encoding"] is None and plain[:4] == b"\0asm"
    module = next(out.glob("pyodide/*/pyodide.mjs")).relative_to(out)
    assert _get(url + str(module))[0]["Content-Type"] == "text/javascript"
    # README: .js and .json are compressed too, the build's .gz sent to clients that accept it.
    for found in (next(out.glob("assets/app-*.js")), next(out.glob("labs/05-backward-*.json"))):
        headers, body = _get(url + found.relative_to(out).as_posix())
        assert headers["Content-Encoding"] == "gzip", found
        assert gzip.decompress(body) == found.read_bytes(), found


def test_jupyterlite_alone_is_served_without_isolation(served):
    # Isolated, JupyterLite's kernel talks to the page over coincident, which can hand over a
    # half-written reply (headers.py); the course keeps isolation for Stop.
    url, out = served
    assert (out / "lite" / "notebooks" / "index.html").is_file()
    lite, _ = _get(url + "lite/notebooks/index.html", gzip_ok=False)
    assert lite["Cross-Origin-Opener-Policy"] is None
    assert lite["Cross-Origin-Embedder-Policy"] is None
    assert lite["X-Content-Type-Options"] == "nosniff"
    lesson = next(out.glob("lessons/*/index.html")).relative_to(out).as_posix()
    worker = next(out.glob("assets/*.js")).relative_to(out).as_posix()
    for path in ("", lesson, worker, "sw.js"):
        headers, _ = _get(url + path, gzip_ok=False)
        assert headers["Cross-Origin-Opener-Policy"] == "same-origin", path
        assert headers["Cross-Origin-Embedder-Policy"] == "require-corp", path


def _host_headers(rules: str, path: str) -> dict[str, str]:
    """What a host that reads `_headers` (Netlify, Cloudflare Pages) sends for `path`: the
    headers of every rule whose pattern matches it, `*` matching anything."""
    sent, matches = {}, False
    for line in rules.splitlines():
        if line.startswith("/"):
            matches = re.fullmatch(".*".join(map(re.escape, line.split("*"))), path) is not None
        elif line.strip() and matches:
            name, value = line.strip().split(": ", 1)
            sent[name] = value
    return sent


def test_the_build_writes_the_same_headers_for_static_hosts(served):
    _, out = served
    rules = (out / "_headers").read_text()
    paths = ["/", "/index.html", "/sw.js", "/lite/notebooks/index.html", "/lite/service-worker.js"]
    paths += ["/" + p.relative_to(out).as_posix() for p in
              [next(out.glob("lessons/*/index.html")), next(out.glob("pyodide/*/pyodide.asm.wasm")),
               next(out.glob("assets/*.js")), next(out.glob("labs/*"))]]
    for path in paths:
        sent = _host_headers(rules, path)
        isolated = not path.startswith("/lite/")
        assert ("Cross-Origin-Opener-Policy" in sent) == isolated, path
        assert ("Cross-Origin-Embedder-Policy" in sent) == isolated, path
        assert sent["X-Content-Type-Options"] == "nosniff", path
    assert "immutable" in _host_headers(rules, paths[-2])["Cache-Control"]
    assert "Cache-Control" not in _host_headers(rules, "/lessons/x/index.html")


def test_build_refuses_a_course_with_problems(tmp_path):
    import shutil

    for name in ("lessons", "labs"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "labs" / "03-branching" / "solution.py").unlink()
    done = run_course("build", "--out", str(tmp_path / "site"), cwd=tmp_path,
                      env={"COURSE_PYODIDE_DIR": str(ROOT / "node_modules" / "pyodide")})
    assert done.returncode == 2, done.stderr  # stopped: 1 is only ever a verdict on graded files
    assert "labs/03-branching/solution.py:1: missing solution.py" in done.stderr
    assert not (tmp_path / "site").exists()


def test_lesson_code_is_highlighted_and_math_rendered(served):
    _, out = served
    page = (out / "lessons" / "03-branching" / "index.html").read_text()
    assert '<span class="gp">&gt;&gt;&gt; </span>' in page  # doctest prompts, as a console
    assert 'class="katex"' in page and "<math" in page      # KaTeX, with MathML for readers
    css = next(out.glob("assets/highlight-*.css")).read_text()
    assert "pre code .gp" in css


def test_without_tools_for_jupyterlite_the_course_still_builds_unless_strict(tmp_path):
    import shutil

    # A node_modules of its own (so no JupyterLite cache) and no Python >= 3.13 anywhere.
    modules = tmp_path / "node_modules"
    modules.mkdir()
    for package in (ROOT / "node_modules").iterdir():
        if package.name == "pyodide":
            shutil.copytree(package, modules / "pyodide")
        elif not package.name.startswith("."):
            (modules / package.name).symlink_to(package)
    env = {"COURSE_PYODIDE_DIR": str(modules / "pyodide"), "PATH": "/usr/bin:/bin",
           "COURSE_LITE_PYTHON": "", "PYENV_ROOT": str(tmp_path / "no-pyenv")}
    done = run_course("build", "--out", str(tmp_path / "site"), env=env)
    assert done.returncode == 0, done.stderr
    assert "warning: no JupyterLite notebooks in this build" in done.stderr
    # Nor is the course package compiled (pyodide-build lives in the same tools venv).
    assert "warning: the course package is not compiled to bytecode" in done.stderr
    page = (tmp_path / "site" / "lessons" / "05-backward" / "index.html").read_text()
    assert "Open this lab in JupyterLite" not in page and not (tmp_path / "site" / "lite").exists()
    strict = run_course("build", "--strict", "--out", str(tmp_path / "strict"), env=env)
    assert strict.returncode == 2 and "course package could not be built" in strict.stderr


def test_serve_defaults_to_port_8000_on_loopback_and_builds_into_site(monkeypatch):
    """README: `course serve [--port 8000]` builds the site into `_site/` and serves it on
    127.0.0.1. The build is stood in for (the fixture above builds for real); the server is
    real, bound to a free port so a running course is not disturbed."""
    from pathlib import Path
    from types import SimpleNamespace

    from click.testing import CliRunner

    from grader.commands import serve as serve_module
    from grader.site_builder import serve as server_module

    built, asked, servers = [], [], []
    monkeypatch.setattr(serve_module, "build_once",
                        lambda course, out, strict: built.append(out) or SimpleNamespace(out=out))
    real = server_module.make_server

    def recording(folder, port=8000, **kwargs):
        asked.append(port)
        server = real(folder, port=0, **kwargs)
        server.serve_forever = lambda: (_ for _ in ()).throw(KeyboardInterrupt)
        servers.append(server)
        return server

    monkeypatch.setattr(server_module, "make_server", recording)
    done = CliRunner().invoke(serve_module.serve_command, ["--course", str(ROOT)])
    assert done.exit_code == 0, done.output
    assert built == [Path("_site")] and asked == [8000]
    assert servers[0].server_address[0] == "127.0.0.1"
    assert "http://127.0.0.1:" in done.output
