/** Inputs that do not use the arrows, Home and End themselves (a box to tick, a button). */
const KEYLESS_INPUTS = new Set(['checkbox', 'button', 'submit', 'reset', 'image', 'file', 'color']);

/**
 * Whether a key press belongs to the element it was pressed in: a text field, a list to choose
 * from, a slider, a group of radio buttons or an editable region uses the arrows, Home and End
 * itself (to move its caret or its choice), so a widget's own shortcuts on those keys must let it
 * have them. A checkbox or a button does not, and leaves them to the widget.
 */
export function keepsOwnKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.has(target.type);
  return target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable;
}
