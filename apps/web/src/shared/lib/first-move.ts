/**
 * Calls `listener` once, on the visitor's first move on the page: a tap, a key press, a focus or
 * blur, typing, a click or a scroll. The public forms load their validation code then rather than
 * while the page starts (used by both forms). Returns a function that stops listening.
 */
// Caught on the way down (capture), so focus and blur, which do not bubble, count too.
const FIRST_MOVES = ['pointerdown', 'touchstart', 'keydown', 'focus', 'blur', 'input', 'change', 'click', 'scroll'];

export function onFirstMove(listener: () => void): () => void {
  const stop = () => {
    for (const type of FIRST_MOVES) window.removeEventListener(type, fire, true);
  };
  const fire = () => {
    stop();
    listener();
  };
  for (const type of FIRST_MOVES) window.addEventListener(type, fire, { capture: true, passive: true });
  return stop;
}
