import { LitElement, css, html, svg, type PropertyDeclarations, type TemplateResult } from 'lit';
import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';

/** Modules of light margin around the code: the quiet zone scanners need (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4;

/**
 * @summary A QR code of a text (a WalletConnect pairing link, an EIP-681 payment request), drawn as SVG.
 *
 * Dark modules on a light square in every theme: phone cameras read a QR code
 * reliably only that way round, and its quiet zone is part of the square. The
 * code is made by `lean-qr`; this part only draws it. Used by the later
 * moments that show one (WalletConnect, the deposit address), so the first
 * load never carries it.
 *
 * @csspart code - The SVG of the code.
 */
export class QrCode extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
      inline-size: 200px;
      max-inline-size: 100%;
    }
    svg {
      display: block;
      inline-size: 100%;
      block-size: auto;
      border-radius: 8px;
    }
  `;

  static override properties: PropertyDeclarations = {
    value: {},
    label: {},
  };

  /** The text the code holds. */
  value = '';

  /** The code's accessible name (what it is for, not its text). */
  label = '';

  override render(): TemplateResult {
    if (!this.value) return html``;
    const code = generate(this.value);
    const side = code.size + 2 * QUIET_ZONE;
    return html`<svg part="code" role="img" aria-label=${this.label} viewBox="${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}" shape-rendering="crispEdges">
      ${svg`<rect x=${-QUIET_ZONE} y=${-QUIET_ZONE} width=${side} height=${side} fill="#fff"></rect><path d=${toSvgPath(code)} fill="#000"></path>`}
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-qr-code': QrCode;
  }
}
