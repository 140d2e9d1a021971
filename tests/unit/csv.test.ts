import { describe, expect, it } from 'vitest';
import { csvField } from '@/lib/csv';

describe('CSV fields (every export)', () => {
  it('a value a spreadsheet would run as a formula starts with an apostrophe, full-width forms too (issue 14 I4)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      const value = `${start}HYPERLINK("https://evil.example","点我")`;
      const cell = csvField(value);
      expect(cell, JSON.stringify(start)).toMatch(/^"?'/);
      // The text itself is kept (quotes doubled inside a quoted field).
      expect(cell.replace(/^"|"$/g, '').replace(/""/g, '"')).toBe(`'${value}`);
    }
  });

  it('ordinary text, numbers and empties pass unchanged; quotes, commas and line breaks are quoted', () => {
    expect(csvField('解放J7 试驾')).toBe('解放J7 试驾');
    expect(csvField(1200)).toBe('1200');
    expect(csvField(null)).toBe('');
    expect(csvField('2026-11-01')).toBe('2026-11-01');
    expect(csvField('价格：＝面议')).toBe('价格：＝面议');
    expect(csvField('a,"b"\nc')).toBe('"a,""b""\nc"');
  });
});
