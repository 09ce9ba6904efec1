/**
 * A text cell made safe for spreadsheets (OWASP, CSV injection): Excel, LibreOffice and Google
 * Sheets read a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula,
 * so publisher text such as `=HYPERLINK(…)` could run when a downloaded file is opened. Such a
 * cell gets a leading single quote, which spreadsheets show as text. A number written as text
 * (`-2.5`, `+3`, `1e-5`) is left as it is: only a whole number literal, never a formula, matches.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function safeCsvText(text: string): string {
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}
