// Reading the player's stored settings (src/settings.ts): what a browser kept, from older
// versions or damaged by hand, comes back as valid settings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_SETTINGS, readSettings, writeSettings } from '../../src/settings.ts';

// A localStorage of a few entries.
function storage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

test('nothing stored, or no storage at all, gives the defaults', () => {
  assert.deepEqual(readSettings(storage()), DEFAULT_SETTINGS);
  assert.deepEqual(readSettings(null), DEFAULT_SETTINGS);
});

test('settings written are read back', () => {
  const kept = storage();
  const settings = { board: 'green', pieces: 'letters', sound: 'quiet', confirmCorrespondence: false, zen: true } as const;
  writeSettings(settings, kept);
  assert.deepEqual(readSettings(kept), settings);
});

test('each unknown or mistyped value is replaced by its default, the others are kept', () => {
  const stored = JSON.stringify({ board: 'purple', pieces: 'letters', sound: 3, confirmCorrespondence: 'yes', zen: true });
  assert.deepEqual(readSettings(storage({ 'evochess.settings': stored })), {
    ...DEFAULT_SETTINGS,
    pieces: 'letters',
    zen: true,
  });
});

test('stored text that is not JSON, or JSON null, gives the defaults', () => {
  assert.deepEqual(readSettings(storage({ 'evochess.settings': '{not json' })), DEFAULT_SETTINGS);
  assert.deepEqual(readSettings(storage({ 'evochess.settings': 'null' })), DEFAULT_SETTINGS);
});

test('the mute switch of before the settings still mutes, unless a sound was chosen since', () => {
  assert.equal(readSettings(storage({ 'evochess.muted': '1' })).sound, 'off');
  const chosen = JSON.stringify({ sound: 'on' });
  assert.equal(readSettings(storage({ 'evochess.muted': '1', 'evochess.settings': chosen })).sound, 'on');
});

test('a storage that refuses to write (private mode) is not an error', () => {
  const refusing = {
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
  };
  assert.doesNotThrow(() => writeSettings(DEFAULT_SETTINGS, refusing));
});
