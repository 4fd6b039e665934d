"""`course serve`: the site, built and served on 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

import click

from .build import build_once, strict_option
from .options import load_course, root_option


@click.command("serve")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--out", "out", type=click.Path(file_okay=False), default="_site", show_default=True,
              help="Where the site is built before serving.")
@click.option("--verbose", is_flag=True, help="Log every request.")
@strict_option
@root_option
def serve_command(port, out, verbose, strict, root):
    """Build the site and serve it on http://127.0.0.1:PORT with the headers Pyodide needs.

    \b
    Example:
        course serve --port 8000
    """
    from ..site_builder.serve import make_server

    course = load_course(root)
    result = build_once(course, Path(out), strict)
    try:
        server = make_server(result.out, port=port, verbose=verbose)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror}") from None
    click.echo(f"Serving {result.out} on http://127.0.0.1:{server.server_address[1]}/ "
               "(Ctrl+C to stop)", err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
