// "Check your understanding": answered in place. A wrong first answer says only "not quite",
// so the learner can think again; the explanation comes with a right answer or a second wrong
// one. Answers are kept in this browser, like the lab's code.
import * as progress from "./progress.js";

export function startQuizzes(root, slug) {
  const kept = progress.load(slug).quiz || {};
  root.querySelectorAll(".quiz-question").forEach((question, index) => {
    const key = `q${index + 1}`;
    const answer = Number(question.dataset.answer);
    const explanation = question.querySelector(".explanation");
    const feedback = question.querySelector(".quiz-feedback");
    const buttons = [...question.querySelectorAll("button[data-choice]")];
    let state = kept[key] || { tries: 0, choice: null, right: false };

    const show = () => {
      for (const other of buttons) {
        const chosen = Number(other.dataset.choice) === state.choice;
        other.setAttribute("aria-pressed", String(chosen));
        other.classList.toggle("chosen", chosen);
      }
      if (state.choice === null) return;
      question.dataset.answered = state.right ? "right" : "wrong";
      const explained = state.right || state.tries >= 2;
      feedback.textContent = state.right ? "Right." : explained ? "Not quite." : "Not quite — try again.";
      explanation.hidden = !explained;
    };

    for (const button of buttons) {
      button.addEventListener("click", () => {
        if (state.right) return;  // answered: the explanation stays
        const choice = Number(button.dataset.choice);
        state = { tries: state.tries + 1, choice, right: choice === answer };
        progress.save(slug, { quiz: { ...(progress.load(slug).quiz || {}), [key]: state } });
        show();
      });
    }
    show();
  });
}
