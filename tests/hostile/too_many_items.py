__SOLUTION__

# Hostile (resources): parameters() gives back more numbers than any message between the two
# interpreters can carry (2.2 million floats: 9 MB as JSON, the channel holds 4 MiB). It was
# walked item by item and written before the channel refused it, past the time limit in
# Pyodide, and reported as "stopped at a line that could not be named"; the check now says
# the value is too large, at once.
Neuron.parameters = lambda self: [0.5] * 2_200_000
Layer.parameters = lambda self: [0.5] * 2_200_000
MLP.parameters = lambda self: [0.5] * 2_200_000
