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
    let state = restored(kept[key], buttons, answer);

    // After a second wrong answer the explanation comes, and it names the right choice: alone,
    // an explanation such as "the right gradient, 4, needs both paths added" read as if the
    // choice "4.0" were the answer to a question that asked what a buggy program reports.
    const show = () => {
      const explained = state.choice !== null && (state.right || state.tries >= 2);
      for (const other of buttons) {
        const chosen = Number(other.dataset.choice) === state.choice;
        other.setAttribute("aria-pressed", String(chosen));
        other.classList.toggle("chosen", chosen);
        other.classList.toggle("answer", explained && !state.right && Number(other.dataset.choice) === answer);
      }
      if (state.choice === null) return;
      question.dataset.answered = state.right ? "right" : "wrong";
      const right = buttons.find((button) => Number(button.dataset.choice) === answer);
      feedback.textContent = state.right ? "Right."
        : explained ? `Not quite. The answer is: ${textOf(right)}.` : "Not quite — try again.";
      explanation.hidden = !explained;
    };

    for (const button of buttons) {
      button.addEventListener("click", () => {
        if (state.right) return;  // answered: the explanation stays
        const choice = Number(button.dataset.choice);
        state = { tries: state.tries + 1, choice, text: textOf(button), right: choice === answer };
        progress.save(slug, { quiz: { ...(progress.load(slug).quiz || {}), [key]: state } });
        show();
      });
    }
    show();
  });
}

const FRESH = { tries: 0, choice: null, right: false };
const textOf = (button) => button.textContent.trim();

// A kept answer is found again by its text: an author who reorders a question's choices (so
// that the right one is not always the second) moves no one's answer onto another choice.
function restored(state, buttons, answer) {
  if (!state || typeof state.choice !== "number") return FRESH;
  if (typeof state.text === "string") {
    const found = buttons.find((button) => textOf(button) === state.text);
    if (!found) return FRESH;  // that choice is gone: the question is asked anew
    const choice = Number(found.dataset.choice);
    return { ...state, choice, right: choice === answer };
  }
  // Kept before answers kept their text: its index may point at another choice now. A right
  // answer is still right, so the right choice is shown; a wrong one is asked anew.
  if (state.right && buttons[answer]) return { ...state, choice: answer, text: textOf(buttons[answer]) };
  return FRESH;
}
