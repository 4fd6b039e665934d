// "Check your understanding": answered in place, with the explanation shown after a choice.
export function startQuizzes(root) {
  for (const question of root.querySelectorAll(".quiz-question")) {
    const answer = Number(question.dataset.answer);
    const explanation = question.querySelector(".explanation");
    for (const button of question.querySelectorAll("button[data-choice]")) {
      button.addEventListener("click", () => {
        const right = Number(button.dataset.choice) === answer;
        for (const other of question.querySelectorAll("button[data-choice]")) {
          other.setAttribute("aria-pressed", String(other === button));
          other.classList.toggle("chosen", other === button);
        }
        question.dataset.answered = right ? "right" : "wrong";
        explanation.hidden = false;
        explanation.querySelector(".verdict").textContent = right ? "Right." : "Not quite.";
      });
    }
  }
}
