/** The text of a quoted-printable body (RFC 2045 §6.7): a mail as the test SMTP servers receive it, its links whole. */
export const quotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
