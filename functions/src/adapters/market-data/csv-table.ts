/**
 * Parses RFC 4180 CSV text (quoted fields may hold commas, doubled quotes and line breaks) into records keyed by
 * the lower-cased header names. Blank lines are skipped.
 */
export function parseCsvTable(text: string): Record<string, string>[] {
  const rows = parseRows(text);
  const header = rows.shift()?.map((name) => name.trim().toLowerCase()) ?? [];
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]?.trim() ?? ''])));
}

function parseRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') endRow();
    else if (char !== '\r') field += char;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
