/**
 * The worker thread that computes holiday rules (src/graphql/holiday-rules.ts starts it and sends
 * one country-year at a time): a country-year's rules are costly work, which on the main thread
 * blocked every other request.
 */
import { parentPort } from 'node:worker_threads';
import { holidayDaysOf, holidaysOf } from './domain/holidays';
import type { HolidayAsk, HolidayAnswer } from './graphql/holiday-rules';

parentPort?.on('message', (ask: HolidayAsk) => {
  let answer: HolidayAnswer;
  try {
    answer = { rows: ask.names === 'english' ? holidayDaysOf(ask.iso, ask.year) : holidaysOf(ask.iso, ask.year) };
  } catch (err) {
    answer = { error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(answer);
});
