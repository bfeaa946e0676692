import { noChange } from 'lit';
import type { AttributePart } from 'lit';
import { Directive, PartType, directive } from 'lit/directive.js';
import type { PartInfo } from 'lit/directive.js';

type Properties = Readonly<Record<string, string>>;

/**
 * Lit's `styleMap`, but only ever through the CSSOM (`style.setProperty`).
 * `styleMap` writes the `style` attribute on first render, which a strict
 * Content-Security-Policy (`style-src` without `'unsafe-inline'`) refuses;
 * CSSOM writes are allowed. Property names are CSS names (`background`, `--x`).
 */
class CssPropertiesDirective extends Directive {
  #previous: readonly string[] = [];

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ATTRIBUTE || info.name !== 'style') throw new Error('cssProperties() belongs in a style attribute');
  }

  render(_properties: Properties): unknown {
    return noChange;
  }

  override update(part: AttributePart, [properties]: [Properties]): unknown {
    const style = (part.element as HTMLElement).style;
    for (const name of this.#previous) if (!(name in properties)) style.removeProperty(name);
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    this.#previous = Object.keys(properties);
    return noChange;
  }
}

export const cssProperties = directive(CssPropertiesDirective);
