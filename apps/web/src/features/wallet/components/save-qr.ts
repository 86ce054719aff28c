const SIDE_PX = 720;
const PADDING_PX = 48;
const TEXT_PX = 26;

/**
 * Saves the QR code as a PNG with the address written under it, so the image alone is enough to pay
 * from another device: the SVG on screen is drawn onto a canvas with a white margin.
 */
export async function saveQrImage(svg: SVGSVGElement, address: string, fileName: string): Promise<void> {
  const image = await loadSvg(svg);
  const lines = [address.slice(0, Math.ceil(address.length / 2)), address.slice(Math.ceil(address.length / 2))];
  const canvas = document.createElement('canvas');
  canvas.width = SIDE_PX + PADDING_PX * 2;
  canvas.height = SIDE_PX + PADDING_PX * 2 + lines.length * TEXT_PX * 1.5 + PADDING_PX / 2;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = false; // sharp modules
  context.drawImage(image, PADDING_PX, PADDING_PX, SIDE_PX, SIDE_PX);
  context.fillStyle = '#0f172a';
  context.font = `${TEXT_PX}px ui-monospace, Menlo, Consolas, monospace`;
  context.textAlign = 'center';
  lines.forEach((line, index) => {
    context.fillText(line, canvas.width / 2, SIDE_PX + PADDING_PX * 2 + index * TEXT_PX * 1.5 + TEXT_PX / 2);
  });
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('encoding failed');
  download(blob, fileName);
}

function loadSvg(svg: SVGSVGElement): Promise<HTMLImageElement> {
  const markup = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('svg did not load'));
    };
    image.src = url;
  });
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
