/**
 * Kept apart from lib/money.ts: the contract's money module brings zod (~25 KB gzip), which the tab
 * pages (/my, /) would otherwise load just to show one balance the server already wrote canonically.
 */
/** Groups the whole part of a decimal string: "-12345.5" → "-12,345.5". Text only, never a float. */
export function groupDigits(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const sign = whole.startsWith('-') || whole.startsWith('+') ? whole[0] : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}
