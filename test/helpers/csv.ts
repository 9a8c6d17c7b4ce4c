/** A CSV export read back: its `#` lines, its header and its rows by column name (RFC 4180 quoting). */
export interface ParsedCsv {
  comments: string[];
  header: string[];
  rows: Record<string, string>[];
}

/** RFC 4180 fields of one line (quoted fields may hold commas and doubled quotes). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    let f = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error(`unterminated quote in ${line}`);
        f += line.slice(i, q);
        i = q + 1;
        if (line[i] === '"') {
          f += '"';
          i++;
        } else break;
      }
    } else {
      const c = line.indexOf(',', i);
      f = line.slice(i, c < 0 ? line.length : c);
      i = c < 0 ? line.length : c;
    }
    out.push(f);
    if (i >= line.length) return out;
    if (line[i] !== ',') throw new Error(`expected "," at ${i} in ${line}`);
    i++;
  }
}

export function parseCsv(text: string): ParsedCsv {
  if (!text.endsWith('\n')) throw new Error('a CSV export ends with a line end');
  const lines = text.slice(0, -1).split('\n');
  const comments = lines.filter((l) => l.startsWith('#'));
  const data = lines.filter((l) => !l.startsWith('#'));
  const header = csvFields(data[0]);
  const rows = data.slice(1).map((l) => {
    const f = csvFields(l);
    if (f.length !== header.length) throw new Error(`${f.length} fields, ${header.length} columns: ${l}`);
    return Object.fromEntries(header.map((h, k) => [h, f[k]]));
  });
  return { comments, header, rows };
}
