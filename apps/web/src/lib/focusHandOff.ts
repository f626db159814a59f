/** Where the caret was in a box that is being replaced, when that box had the focus. */
export interface Caret {
  start: number | null;
  end: number | null;
}

/** The caret a leaving box filed, for the box drawn in its place. */
export type HeldCaret = { current: Caret | undefined };

/** Files the caret of `input` as it leaves the page, when it has the focus (it is still in the page then). */
export function fileCaret(input: HTMLInputElement, held: HeldCaret): void {
  if (document.activeElement === input) held.current = { start: input.selectionStart, end: input.selectionEnd };
}

/** Gives `input` the focus and caret a box filed as it left, once: the caret is emptied as it is taken. */
export function takeCaret(input: HTMLInputElement, held: HeldCaret | undefined): void {
  const caret = held?.current;
  if (!held || !caret) return;
  held.current = undefined;
  input.focus();
  if (caret.start !== null) input.setSelectionRange(caret.start, caret.end ?? caret.start);
}
