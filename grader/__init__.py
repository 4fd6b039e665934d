"""Build autograd from scratch: the course model, the one checker, reports, builder and CLI."""
