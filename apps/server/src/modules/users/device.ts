import type { Device } from '@app/contract/sessions';
import { UAParser } from 'ua-parser-js';

/** What a user agent says about the device, as the sessions screen names it ("Chrome 120", "Android 14"). */
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, type: 'other' };
  const result = new UAParser(userAgent).getResult();
  return {
    browser: joined(result.browser.name, majorOf(result.browser.version)),
    os: joined(result.os.name, result.os.version),
    type: typeOf(result.device.type, result.os.name),
  };
}

/**
 * The same device for "sign-in from a new device": browser and system names and the kind of device,
 * without versions, so a browser update is not a new device.
 */
export function deviceKeyOf(userAgent: string | null): string {
  if (!userAgent) return '';
  const result = new UAParser(userAgent).getResult();
  return [result.browser.name ?? '', result.os.name ?? '', result.device.type ?? ''].join('|');
}

/** A short name for notices: "Chrome 120 · Android 14". */
export function deviceLabelOf(userAgent: string | null): string {
  const device = deviceOf(userAgent);
  return [device.browser, device.os].filter(Boolean).join(' · ').slice(0, 200);
}

function joined(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  return version ? `${name} ${version}` : name;
}

function majorOf(version: string | undefined): string | undefined {
  return version?.split('.')[0];
}

function typeOf(type: string | undefined, os: string | undefined): Device['type'] {
  if (type === 'mobile' || type === 'tablet') return type;
  // ua-parser leaves desktops without a device type; a known desktop system says it is one.
  if (!type && os && /windows|mac os|linux|chrom|ubuntu|fedora|debian/i.test(os)) return 'desktop';
  return 'other';
}
