"""Autograders for the engines that grade at scale: each engine runs a fresh container per
submission, so these only install the course once and call `course grade` for each."""
