import { describe, expect, it } from 'vitest';
import { holidaysOf } from '../../src/domain/holidays';
import { holidaysFor } from '../../src/graphql/holiday-rules';

describe('holiday rules worked out in the worker thread', () => {
  it('gives what the rules give, and works a country-year out once (the second ask is the kept answer)', async () => {
    const first = await holidaysFor('US', 2018, 'local');
    expect(first).toEqual(holidaysOf('US', 2018));
    expect(await holidaysFor('US', 2018, 'local')).toBe(first);
    expect(await holidaysFor('US', 2017, 'local')).not.toBe(first);
  });

  it('answers English names from a kept answer with local names', async () => {
    // A country-year no other test asks for.
    const full = await holidaysFor('PT', 2003, 'local');
    expect(await holidaysFor('PT', 2003, 'english')).toBe(full);
  });

  it('shares one country-year between two askers at once', async () => {
    const [a, b] = await Promise.all([holidaysFor('FR', 2011, 'english'), holidaysFor('FR', 2011, 'english')]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThan(5);
  });

  it('drops a country-year whose asker stopped waiting before its turn, and stops the asker at once', async () => {
    const busy = holidaysFor('DE', 2041, 'local');
    const controller = new AbortController();
    const stopped = holidaysFor('DE', 2042, 'local', controller.signal);
    controller.abort(new Error('budget spent'));
    await expect(stopped).rejects.toThrow('budget spent');
    await busy;
    // Asked again, it is worked out afresh (nothing was kept for it).
    expect((await holidaysFor('DE', 2042, 'local')).length).toBeGreaterThan(5);
  });

  it('refuses at once an asker whose budget is already spent', async () => {
    const controller = new AbortController();
    controller.abort(new Error('spent before'));
    await expect(holidaysFor('IT', 2033, 'local', controller.signal)).rejects.toThrow('spent before');
  });
});
