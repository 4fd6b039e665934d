__SOLUTION__

# A training loop that clears the console between epochs, as many beginners' tutorials do,
# and sizes its progress bar to the terminal.
import os
import shutil


def clear():
    os.system("cls" if os.name == "nt" else "clear")


width = shutil.get_terminal_size().columns
x = Value(3.0)
for epoch in range(3):
    clear()
    y = x * x
    x.grad = 0.0
    y.backward()
    x.data -= 0.1 * x.grad
    print("epoch", epoch, "#" * min(width // 10, 8), round(x.data, 3))
