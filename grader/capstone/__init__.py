"""Lesson 5's capstone, "Train it": a tiny MLP learns two moons with a Value engine.

Runs inside the page's Python worker (shipped with the grader core, stdlib only). The engine is
the learner's own Value once it passes lab 5's checks, until then the course's tape engine.
"""
