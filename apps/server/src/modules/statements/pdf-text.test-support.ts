import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as a reader's copy-paste would give it, for tests: a small reader of what pdfkit
 * writes (objects, Flate streams, Type0 fonts with ToUnicode maps, the standard fonts' single bytes),
 * so no system tool (poppler) is needed. Each text-showing operator's text becomes one line.
 */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  const fonts = fontMaps(objects);
  const lines: string[] = [];
  for (const object of objects.values()) {
    if (object.stream === null || !/\bTf\b/.test(object.stream.toString('latin1'))) continue;
    lines.push(...showText(object.stream.toString('latin1'), fonts));
  }
  return lines.join('\n');
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const text = pdf.toString('latin1');
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const body = match[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let start = match.index + match[0].indexOf(body) + streamAt + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = text.lastIndexOf('endstream', match.index + match[0].length);
    let bytes = pdf.subarray(start, end);
    if (dict.includes('/FlateDecode')) bytes = inflateSync(bytes);
    objects.set(Number(match[1]), { dict, stream: bytes });
  }
  return objects;
}

/** Font resource name (`F1`) → its code-to-text map; null for a standard font (one byte a character). */
type FontMaps = Map<string, Map<number, string> | null>;

function fontMaps(objects: Map<number, PdfObject>): FontMaps {
  const maps: FontMaps = new Map();
  for (const object of objects.values()) {
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(object.dict);
    if (!fontDict) continue;
    for (const [, name, ref] of fontDict[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref));
      const toUnicode = font && /\/ToUnicode\s+(\d+) 0 R/.exec(font.dict);
      const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : null;
      maps.set(name!, cmap ? parseCmap(cmap.toString('latin1')) : null);
    }
  }
  return maps;
}

function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i < hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const first = Number.parseInt(lo!, 16);
      const last = Number.parseInt(hi!, 16);
      if (rest!.startsWith('[')) {
        const targets = [...rest!.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => utf16(m[1]!));
        for (const [i, target] of targets.entries()) map.set(first + i, target);
      } else {
        const base = utf16(rest!.slice(1, -1));
        for (let code = first; code <= last; code++) {
          map.set(code, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - first));
        }
      }
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(src!, 16), utf16(dst!));
    }
  }
  return map;
}

function decode(hex: string, map: Map<number, string> | null): string {
  if (map === null) return Buffer.from(hex, 'hex').toString('latin1');
  let text = '';
  for (let i = 0; i < hex.length; i += 4) text += map.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
  return text;
}

function showText(content: string, fonts: FontMaps): string[] {
  const lines: string[] = [];
  let font: Map<number, string> | null = null;
  const ops = /\/(\w+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj|\[((?:[^\]])*)\]\s*TJ/g;
  for (let match = ops.exec(content); match; match = ops.exec(content)) {
    if (match[1]) {
      font = fonts.get(match[1]) ?? null;
    } else if (match[2] !== undefined) {
      lines.push(decode(match[2], font));
    } else {
      const parts = [...match[3]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => decode(m[1]!, font));
      lines.push(parts.join(''));
    }
  }
  return lines;
}
