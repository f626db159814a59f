/**
 * The mask of a 'dd/mm/yyyy HH:mm' text input: keeps the digits typed (12 at most) and puts the separators in
 * their places as the user types, so the field reads the same whatever the browser's language.
 */
export function maskDateTimeVN(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 12);
  const parts: [string, string][] = [
    [d.slice(0, 2), ''],
    [d.slice(2, 4), '/'],
    [d.slice(4, 8), '/'],
    [d.slice(8, 10), ' '],
    [d.slice(10, 12), ':'],
  ];
  let out = '';
  for (const [chunk, sep] of parts) {
    if (!chunk) break;
    out += (out ? sep : '') + chunk;
  }
  return out;
}
