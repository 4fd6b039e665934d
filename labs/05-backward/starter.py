"""Lab 5: backward(), then close the loop: a training step and a tiny network.

Lab 5 continues YOUR Value from lab 4: it adds backward() to it, then uses it to train.

- If your lab-4 code passes lab 4, this lab opens with it, and the lab-5 part below it:
  backward(), train_step(), and micrograd's Neuron, Layer and MLP, each to fill in.
- If it does not pass yet, go back to lab 4 and finish it, or press "Start from the
  course's code for lab 4" above the editor (it shows an answer to lab 4: lab 4's
  Value in microgpt's design, with stored local gradients), then fill in the lab-5
  part.

Either design of Value is accepted: micrograd's `_backward` closures, or microgpt's
`_children` with `_local_grads`. Check tells you the first part not yet passing:

  1. backward() on one operation at a time: the order, the seed, each local gradient
  2. backward() on whole graphs: each node once, however the graph is shared
  3. train_step(): zero the gradients, forward, backward, update
  4. a Neuron, a Layer and an MLP, trained by your train_step()
"""
