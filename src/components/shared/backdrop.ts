/**
 * Whether a click on a modal `<dialog>` landed on its backdrop. The dialog is
 * the click's target both for its `::backdrop` and for its own padding (the
 * space between its edge and its content), so the target alone would close it
 * on a click inside; only where the click landed tells them apart.
 */
export function onBackdrop(event: MouseEvent): boolean {
  const dialog = event.currentTarget;
  if (event.target !== dialog || !(dialog instanceof Element)) return false;
  const box = dialog.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}
