import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The colour tokens of global.css, checked as numbers (WCAG 2.2 1.4.3), and their only home. */

const STYLES = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.resolve(STYLES, '..');
const css = readFileSync(path.join(STYLES, 'global.css'), 'utf8');

/** The `--name: #hex;` declarations of one rule block (the first whose selector is `selector`). */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('\n}', start));
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const light = tokens(':root');
const dark = { ...light, ...tokens('[data-theme="dark"]') };

describe('colour tokens', () => {
  for (const [theme, t] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`every text colour is at least 4.5:1 on every surface (${theme})`, () => {
      const surfaces = ['--bg', '--surface', '--surface-2', ...(theme === 'light' ? ['--brand-soft'] : [])];
      for (const text of ['--text', '--text-2', '--text-3', '--brand', '--green', '--red']) {
        for (const surface of surfaces) {
          expect(contrast(t[text]!, t[surface]!), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    });

    it(`white text on the solid fills is at least 4.5:1 (${theme})`, () => {
      for (const fill of ['--green-fill', '--red-fill']) {
        expect(contrast('#ffffff', t[fill]!), fill).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast('#ffffff', light['--brand']!), '--brand').toBeGreaterThanOrEqual(4.5);
    });
  }

  it('red up swaps rise and fall, in both themes; success and danger keep green and red', () => {
    const redUp = css.slice(
      css.indexOf(':root[data-rise="red"],'),
      css.indexOf('}', css.indexOf(':root[data-rise="red"],')),
    );
    expect(redUp).toContain(':root[data-rise="red"] [data-theme="dark"]');
    for (const [token, value] of [
      ['--up', 'var(--red)'],
      ['--down', 'var(--green)'],
      ['--up-fill', 'var(--red-fill)'],
      ['--down-fill', 'var(--green-fill)'],
    ]) {
      expect(redUp).toContain(`${token}: ${value};`);
    }
    expect(css).toContain('--adm-color-success: var(--green);');
    expect(css).toContain('--adm-color-danger: var(--red);');
  });

  it('rise and fall colours live only in the tokens (a setting may swap them)', () => {
    const riseFall = new Set(
      [light, dark].flatMap((t) => ['--green', '--red', '--green-fill', '--red-fill'].map((k) => t[k]!.toLowerCase())),
    );
    // The former hard-coded pair too, and its rgb() form.
    for (const old of ['#16c784', '#ea3943']) riseFall.add(old);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (
          /\.(css|tsx?)$/.test(entry.name) &&
          !/\.test\.tsx?$/.test(entry.name) &&
          file !== path.join(STYLES, 'global.css')
        ) {
          const text = readFileSync(file, 'utf8').toLowerCase();
          for (const colour of riseFall)
            if (text.includes(colour)) offenders.push(`${path.relative(SRC, file)}: ${colour}`);
          if (/22,\s*199,\s*132|234,\s*57,\s*67/.test(text)) offenders.push(`${path.relative(SRC, file)}: rgb`);
        }
      }
    };
    walk(SRC);
    expect(offenders).toEqual([]);
  });
});
