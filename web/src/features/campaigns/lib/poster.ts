/**
 * An open campaign's QR code and its printable poster, made in the browser: `qrcode` draws the
 * code (loaded on first use), `jspdf` wraps the poster in an A4 PDF (loaded on the click).
 */

/** A4 at 150 dots per inch: sharp enough for print, small enough to make at once. */
const PAGE = { width: 1240, height: 1754 } as const;
const MARGIN = 110;

export const POSTER_CALL = 'Scan to record your story';

/** The QR code of `link` as an SVG data URL (error correction M: a poster may get creased). */
export async function qrSvgDataUrl(link: string): Promise<string> {
  const QRCode = await import('qrcode');
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** `text` broken into lines no wider than `width` at the canvas's current font. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && context.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The poster on a canvas: the campaign's title, the call to scan, the code, and the link in print. */
export async function posterCanvas(title: string, link: string): Promise<HTMLCanvasElement> {
  const QRCode = await import('qrcode');
  const canvas = document.createElement('canvas');
  canvas.width = PAGE.width;
  canvas.height = PAGE.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the poster.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, PAGE.width, PAGE.height);
  context.fillStyle = '#111827';
  context.textAlign = 'center';
  context.textBaseline = 'top';

  const inner = PAGE.width - 2 * MARGIN;
  context.font = 'bold 76px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  let y = MARGIN;
  // At most three lines of title; a longer one ends in an ellipsis.
  const titleLines = wrap(context, title, inner);
  const shown = titleLines.slice(0, 3);
  if (titleLines.length > 3) shown[2] = `${shown[2]!.replace(/\s*\S*$/, '')}…`;
  for (const line of shown) {
    context.fillText(line, PAGE.width / 2, y);
    y += 92;
  }
  y += 30;
  context.font = '48px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  context.fillStyle = '#374151';
  context.fillText(POSTER_CALL, PAGE.width / 2, y);
  y += 100;

  const code = document.createElement('canvas');
  const size = Math.min(inner, PAGE.height - y - 260);
  await QRCode.toCanvas(code, link, { errorCorrectionLevel: 'M', margin: 2, width: size, color: { dark: '#000000', light: '#ffffff' } });
  context.drawImage(code, (PAGE.width - size) / 2, y, size, size);
  y += size + 50;

  context.font = '30px ui-monospace, "DejaVu Sans Mono", monospace';
  context.fillStyle = '#374151';
  for (const line of wrap(context, link.replace(/^https?:\/\//, ''), inner).slice(0, 3)) {
    context.fillText(line, PAGE.width / 2, y);
    y += 40;
  }
  return canvas;
}

/** The poster as PNG. */
export async function posterPng(title: string, link: string): Promise<Blob> {
  const canvas = await posterCanvas(title, link);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The poster could not be made.'))), 'image/png'),
  );
}

/** The poster as an A4 PDF (the PNG on the page, edge to edge). */
export async function posterPdf(title: string, link: string): Promise<Blob> {
  const [{ jsPDF }, canvas] = await Promise.all([import('jspdf'), posterCanvas(title, link)]);
  const pdf = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  pdf.setProperties({ title, subject: POSTER_CALL, creator: 'Storyhive' });
  pdf.addImage(canvas.toDataURL('image/png'), 'PNG', 0, 0, 210, 297);
  return pdf.output('blob');
}

/** A file name from the campaign's title: `spring-stories-poster.png`. */
export function posterFileName(title: string, extension: 'png' | 'pdf'): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'campaign'}-poster.${extension}`;
}
