import { afterEach, describe, expect, it } from 'vitest';
import { changeLang } from '.';
import { en } from './locales/en';
import { vn } from './locales/vn';
import { zn } from './locales/zn';

describe('page description', () => {
  afterEach(() => document.head.querySelector('meta[name="description"]')?.remove());

  it("follows the app's language (index.html carries only the English one)", async () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = en.brand.description;
    document.head.append(meta);

    await changeLang('vn');
    expect(meta.content).toBe(vn.brand.description);
    await changeLang('zn');
    expect(meta.content).toBe(zn.brand.description);
    await changeLang('en');
    expect(meta.content).toBe(en.brand.description);
  });
});
