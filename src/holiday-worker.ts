/**
 * The worker thread that works out holiday rules (src/graphql/holiday-rules.ts starts it): a
 * country-year takes 5 to 180 ms of CPU, which on the main thread held every other request.
 */
import { parentPort } from 'node:worker_threads';
import { holidayDaysOf, holidaysOf } from './domain/holidays';
import type { HolidayAsk, HolidayAnswer } from './graphql/holiday-rules';

parentPort?.on('message', (ask: HolidayAsk) => {
  let answer: HolidayAnswer;
  try {
    answer = { id: ask.id, rows: ask.names === 'english' ? [...holidayDaysOf(ask.iso, ask.year)] : holidaysOf(ask.iso, ask.year) };
  } catch (err) {
    answer = { id: ask.id, error: String((err as Error)?.message ?? err) };
  }
  parentPort?.postMessage(answer);
});
