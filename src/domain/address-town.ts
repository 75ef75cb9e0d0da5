/**
 * The town of a free-text address, as a guest is shown an approximate post's place (DECISIONS 24)
 * and as the popular areas count it: the part after the last comma, once the address's tail of
 * province, postal code and country is set aside ('12 Maple St, Toronto, ON M4C 1A1, Canada' →
 * 'Toronto'), and a postal code written after the town taken off too ('Toronto ON M4C 1A1' →
 * 'Toronto'). A postal code locates a home within a few dozen doors: it never leaves as an area,
 * nor does a part that starts with a number, a street's ('Unit 2, 14 Midland Ave, ON')
 * (docs/decisions/0130). Null when no town is left.
 *
 * SQL's post_town (migration 0027) does the same with the same patterns, which is why they are
 * spelled out here rather than with \s or \d: JavaScript's trim() spaces, ASCII digits.
 */
const SPACE = '[ \\t\\n\\v\\f\\r\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
const POSTAL = '[a-z][0-9][a-z](?:SPACE*[0-9][a-z][0-9])?|[0-9]{5}(?:-[0-9]{4})?';
const PROVINCE =
  '[a-z]{2}|ontario|qu[eéÉ]bec|british columbia|alberta|saskatchewan|manitoba|nova scotia|new brunswick|' +
  'newfoundland(?: and labrador)?|prince edward island|yukon|northwest territories|nunavut';
const COUNTRY = 'canada|usa|u\\.s\\.a\\.|united states(?: of america)?';
const TAIL = `(?:${PROVINCE})(?:SPACE+(?:${POSTAL}))?|${POSTAL}|${COUNTRY}`;
const spaced = (pattern: string) => pattern.replaceAll('SPACE', SPACE);

/** The address's trailing parts that are no town: ', ON', ', M4C 1A1', ', Canada', a bare ','. */
const ADDRESS_TAIL = spaced(`(?:,SPACE*(?:(?:${TAIL})SPACE*)?)+$`);
/** A postal code, a province before it or not, that ends the town's part. */
const TOWN_POSTAL = spaced(`SPACE+(?:(?:${PROVINCE})SPACE+)?(?:${POSTAL})$`);
const TRIM = spaced('^SPACE+|SPACE+$');
const STREET = '^[0-9].*';

const tail = new RegExp(ADDRESS_TAIL, 'i');
const townPostal = new RegExp(TOWN_POSTAL, 'i');
const trim = new RegExp(TRIM, 'g');
const street = new RegExp(STREET, 's');

export function townOf(address: string): string | null {
  const rest = address.replace(tail, '');
  const comma = rest.lastIndexOf(',');
  if (comma < 0) return null;
  return rest.slice(comma + 1).replace(trim, '').replace(townPostal, '').replace(street, '') || null;
}
