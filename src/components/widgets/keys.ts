/**
 * Whether a key press belongs to the element it was pressed in: a text field, a list to choose
 * from or an editable region uses the arrows, Home and End itself (to move its caret or its
 * choice), so a widget's own shortcuts on those keys must let it have them.
 */
export function keepsOwnKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    target.isContentEditable
  );
}
