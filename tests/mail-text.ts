/** Quoted-printable's escapes are the UTF-8 bytes of a character ('’' is =E2=80=99): gathered as bytes, then read as UTF-8. */
const decode = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * A mail as the test SMTP servers receive it, its body's quoted-printable (RFC 2045 §6.7) decoded
 * so its links are whole; the headers as they came (they are not quoted-printable, and a link in
 * one, List-Unsubscribe's, holds `=` followed by hex digits).
 */
export const quotedPrintable = (raw: string) => {
  const end = raw.search(/\r?\n\r?\n/);
  return end < 0 ? raw : raw.slice(0, end) + decode(raw.slice(end));
};
