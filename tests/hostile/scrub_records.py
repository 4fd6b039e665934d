# A correct file that tries a door the seal shuts, catches the refusal, then walks its frames
# to the grader's agent in its own interpreter and erases the record of the attempt (and the
# agent's own change check). It once passed. Each refusal now also sets the job's alarm, a
# buffer only the host and the worker's closure hold (host/channel.mjs), so it fails.
import gc
import sys

__SOLUTION__

try:
    gc.get_objects()
except Exception as exc:
    print("refused:", exc)
frame = sys._getframe()
while frame is not None:
    agent = frame.f_locals.get("self")
    if type(agent).__name__ == "Agent":
        agent.guard.attempts.clear()
        agent.js_attempts = None
        agent.guard._watched = ()
        print("scrubbed")
    frame = frame.f_back
