/**
 * Reads a QR code the way a phone's camera would: the part's SVG drawn to a
 * canvas, then decoded by jsQR (a QR decoding library, loaded as its UMD
 * script because it ships no ES module).
 */
interface JsQr {
  (data: Uint8ClampedArray, width: number, height: number): { data: string } | null;
}

let library: Promise<JsQr> | undefined;

function jsQr(): Promise<JsQr> {
  library ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/jsqr/dist/jsQR.js';
    script.onload = () => resolve((globalThis as unknown as { jsQR: JsQr }).jsQR);
    script.onerror = () => reject(new Error('jsQR could not be loaded'));
    document.head.append(script);
  });
  return library;
}

/** The text held by the QR code drawn in `host` (a `<bw-qr-code>`, or any element whose shadow root or subtree holds its SVG). */
export async function decodeQr(host: Element, size = 400): Promise<string | undefined> {
  const svg = (host.shadowRoot ?? host).querySelector('svg');
  if (!svg) throw new Error('no QR code drawn');
  const source = new XMLSerializer().serializeToString(svg).replace('<svg', `<svg width="${size}" height="${size}"`);
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, size, size);
    const { data } = context.getImageData(0, 0, size, size);
    return (await jsQr())(data, size, size)?.data;
  } finally {
    URL.revokeObjectURL(url);
  }
}
