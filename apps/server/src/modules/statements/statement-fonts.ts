import { existsSync } from 'node:fs';
import type { Lang } from '@app/contract/lang';
import { AppError } from '../../http/app-error.js';

/**
 * The fonts a PDF statement embeds. PDF's built-in fonts cover only Western European letters, so a
 * Vietnamese or Chinese statement needs a font file that has their glyphs; we take the machine's own
 * (Debian: fonts-dejavu-core, which fontconfig brings, and fonts-noto-cjk, which .ci/run installs).
 * - en: DejaVu Sans, else PDF's Helvetica (English needs nothing more);
 * - vn: DejaVu Sans, else Noto Sans CJK (it has the Vietnamese letters too);
 * - zn: Noto Sans CJK TC.
 * With no such font a vn or zn PDF is refused with `statement_font_unavailable` (503, localised: "download the
 * CSV instead"), never written in boxes or in another language; the CSV needs no font and always works.
 */

export interface FontFace {
  /** A .ttf/.otf file, or a .ttc collection with `family` naming the face in it. */
  src: string;
  family?: string;
}

export interface StatementFonts {
  regular: FontFace | 'Helvetica';
  bold: FontFace | 'Helvetica-Bold';
}

export interface FontCandidate {
  regular: FontFace;
  bold?: FontFace;
}

const DEJAVU: FontCandidate[] = [
  {
    regular: { src: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
    bold: { src: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
  },
  {
    regular: { src: '/usr/share/fonts/TTF/DejaVuSans.ttf' },
    bold: { src: '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf' },
  },
  {
    regular: { src: '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf' },
    bold: { src: '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf' },
  },
];

/** Debian/Ubuntu, Arch and Fedora put the collection in these folders. */
const NOTO_CJK_FOLDERS = [
  '/usr/share/fonts/opentype/noto',
  '/usr/share/fonts/noto-cjk',
  '/usr/share/fonts/google-noto-cjk',
];
const NOTO_CJK: FontCandidate[] = NOTO_CJK_FOLDERS.map((folder) => ({
  regular: { src: `${folder}/NotoSansCJK-Regular.ttc`, family: 'NotoSansCJKtc-Regular' },
  bold: { src: `${folder}/NotoSansCJK-Bold.ttc`, family: 'NotoSansCJKtc-Bold' },
}));

export const FONT_CANDIDATES: Record<Lang, readonly FontCandidate[]> = {
  en: DEJAVU,
  vn: [...DEJAVU, ...NOTO_CJK],
  zn: NOTO_CJK,
};

/** The fonts for a PDF in `lang`, or `statement_font_unavailable` when the machine has none for it. */
export function statementFonts(
  lang: Lang,
  candidates: readonly FontCandidate[] = FONT_CANDIDATES[lang],
  exists: (path: string) => boolean = existsSync,
): StatementFonts {
  const found = candidates.find((candidate) => exists(candidate.regular.src));
  if (found) {
    const bold = found.bold && exists(found.bold.src) ? found.bold : found.regular;
    return { regular: found.regular, bold };
  }
  if (lang === 'en') return { regular: 'Helvetica', bold: 'Helvetica-Bold' };
  throw new AppError('statement_font_unavailable');
}
