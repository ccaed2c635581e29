// How the clocks show the time left and name a time control (src/clocks.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeClock, formatClock } from '../../src/clocks.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test('minutes and seconds, with tenths under ten seconds', () => {
  assert.equal(formatClock(5 * MINUTE - 1, false), '4:59');
  assert.equal(formatClock(10 * SECOND, false), '0:10');
  assert.equal(formatClock(9999, false), '0:09.9');
  assert.equal(formatClock(8 * SECOND + 350, false), '0:08.3');
  assert.equal(formatClock(0, false), '0:00.0');
  assert.equal(formatClock(-2500, false), '0:00.0', 'a flag fallen shows zero, not a negative time');
});

test('hours as h:mm:ss in a game over the board', () => {
  assert.equal(formatClock(HOUR + 2 * MINUTE + 3 * SECOND, false), '1:02:03');
  assert.equal(formatClock(2 * DAY, false), '48:00:00');
});

test('correspondence clocks in days and hours, or hours and minutes', () => {
  assert.equal(formatClock(2 * DAY + 5 * HOUR + 59 * MINUTE, true), '2 d 5 h');
  assert.equal(formatClock(3 * HOUR + 7 * MINUTE + 30 * SECOND, true), '3 h 7 min');
  assert.equal(formatClock(59 * MINUTE, true), '59:00');
});

test('a time control is named like 3+2, in seconds below a minute', () => {
  assert.equal(describeClock(null), 'untimed');
  assert.equal(describeClock({ initial_ms: 3 * MINUTE, increment_ms: 2 * SECOND } as never), '3+2');
  assert.equal(describeClock({ initial_ms: 30 * SECOND, increment_ms: 0 } as never), '30 s+0');
  assert.equal(describeClock({ initial_ms: 90 * SECOND, increment_ms: 0 } as never), '90 s+0');
  assert.equal(describeClock({ days_per_move: 1 } as never), '1 day a move');
  assert.equal(describeClock({ days_per_move: 3 } as never), '3 days a move');
});
