import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { enStart } from './locales/en-start';

// The first screens render before the rest of the texts load (router.tsx firstPage): every text
// they and the app's frame can show must be in locales/*-start.ts. This follows their imports
// through the app's sources and lists the text sections they use.
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIRST_SCREENS = [
  'main.tsx',
  'features/auth/pages/login-page.tsx',
  'features/auth/pages/register-page.tsx',
  'features/settings/pages/lang-page.tsx',
  'features/settings/pages/rise-color-page.tsx',
  'app/not-found-page.tsx',
];
// Routes that load the rest of the texts themselves (router.tsx page()) are not followed.
// The reality check (issue 14, lazy in the root layout) loads them too before its dialog shows.
const LOADS_SCREEN_TEXTS = new Set(['app/tab-layout.tsx', 'features/responsible-trading/components/reality-check.tsx']);

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    try {
      readFileSync(join(SRC, candidate));
      return candidate;
    } catch {}
  }
  return undefined;
}

function sectionsUsedBy(entries: string[]): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || LOADS_SCREEN_TEXTS.has(file) || file.startsWith('lib/i18n/locales/')) return;
    seen.add(file);
    const source = readFileSync(join(SRC, file), 'utf8');
    for (const [, section] of source.matchAll(/\bt\(\s*['`]([a-zA-Z]+)\./g)) {
      used.set(section as string, new Set([...(used.get(section as string) ?? []), file]));
    }
    // The router's own imports are the app's frame; its lazy pages are followed only for the first
    // screens (listed above), the others load the rest of the texts with their chunk.
    const imports = file === 'app/router.tsx' ? /from\s*'([^']+)'/g : /(?:from|import\()\s*'([^']+)'/g;
    for (const [, specifier] of source.matchAll(imports)) {
      const target = resolveImport(file, specifier as string);
      if (target) visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return used;
}

describe('the texts of the first screens', () => {
  it('are all in the start part, which loads before the app renders', () => {
    const used = sectionsUsedBy(FIRST_SCREENS);
    expect(used.get('login'), 'the scan finds the login screen texts').toBeDefined();
    const missing = [...used].filter(([section]) => !(section in enStart)).map(([s, files]) => `${s}: ${[...files]}`);
    expect(missing).toEqual([]);
  });
});
