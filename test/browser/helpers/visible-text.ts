/**
 * The text a reader sees in an element and the shadow trees inside it, as a
 * browser lays it out: each text as written, a line break around every box
 * that is not inline, runs of white space read as one space (CSS `white-space:
 * normal`). A space between two inline pieces of text counts, so a space lost
 * in a build shows; nothing that is not rendered (display: none, <style>, the
 * closed breakdown) counts, nor what only screen readers hear (`.visually-hidden`).
 */
export function visibleText(root: Element): string {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent ?? '');
      return;
    }
    // Nodes of a frame are not instances of this window's classes: read by node type and name.
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    // Not rendered, or only for screen readers (the live regions, whose timing differs from one widget to the next).
    if (['style', 'template', 'script', 'svg'].includes(element.localName) || element.classList.contains('visually-hidden')) return;
    const style = element.ownerDocument.defaultView!.getComputedStyle(element);
    if (style.display === 'none') return;
    const block = !style.display.startsWith('inline') && style.display !== 'contents';
    if (block) out.push('\n');
    if (element.shadowRoot) element.shadowRoot.childNodes.forEach(walk);
    else if (element.localName === 'slot') (element as HTMLSlotElement).assignedNodes({ flatten: true }).forEach(walk);
    else element.childNodes.forEach(walk);
    if (block) out.push('\n');
  };
  walk(root);
  return out
    .join('')
    .replace(/[ \t\r\f]+/g, ' ')
    .replace(/ ?\n[\n ]*/g, '\n')
    .trim();
}
