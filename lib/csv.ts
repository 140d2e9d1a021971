const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One CSV field (RFC 4180), for every export (文章列表 on the server, 数据统计 in the browser): quoted
 * when it holds a quote, comma or line break, quotes doubled. A value a spreadsheet would run as a
 * formula gets a leading apostrophe (OWASP "CSV injection"): one starting with = + - @, a tab or a
 * carriage return, or their full-width forms ＝ ＋ － ＠, which some CJK spreadsheet locales read
 * as the same formula starts.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
