"""The `course` command's subcommands, one module each; grader/cli.py gathers them."""
