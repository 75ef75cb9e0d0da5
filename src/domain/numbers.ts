/**
 * A number as en-US writes it, '1,234,567' or '12.5' (at most three decimals, as
 * `toLocaleString('en-US')` does), without Intl. The first Intl call of a page starts ICU: about
 * 25 ms on this machine and 100 ms on Lighthouse's slowed phone, inside the home page's hydration,
 * which shows counts (bench/README.md, Lighthouse runs). The figures of the app are en-US.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : `${n < 0 ? '-' : ''}∞`;
  const [whole = '0', fraction = ''] = Math.abs(n).toFixed(3).split('.');
  const decimals = fraction.replace(/0+$/, '');
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${decimals ? `.${decimals}` : ''}`;
}
