import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventId, fitsUserdataValue, USERDATA_VALUE_MAX_CHARS, UserdataEvent, userdataValueLength } from '../../model/tracking';
import { newEventId, toUserdataEvents } from '../../src/tracking/events';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('newEventId', () => {
  it('is a valid, unique event id', () => {
    const ids = Array.from({ length: 500 }, newEventId);
    for (const id of ids) expect(EventId.safeParse(id).success).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('without crypto.randomUUID: 22 url-safe characters from getRandomValues', () => {
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    const ids = Array.from({ length: 200 }, newEventId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every one of the 64 characters turns up: the mapping uses the whole alphabet.
    expect(new Set(ids.join('')).size).toBe(64);
  });
});

describe('toUserdataEvents', () => {
  it('makes one schema-valid event per change, stamped with share, guest session and time', () => {
    const events = toUserdataEvents(
      [
        { id: 'q1', modelName: 'ChoiceQuestion', field: 'selected', value: ['a', 'c'] },
        { id: 'q1', modelName: 'ChoiceQuestion', field: 'evaluated', value: true },
      ],
      { shareId: 'share-1', guestSessionId: 'Gs7pQ2vXk9LmN4rT8wYz1A', now: 1_700_000_000_000 },
    );
    expect(events).toHaveLength(2);
    for (const event of events) expect(UserdataEvent.parse(event)).toEqual(event);
    expect(events.map(({ id: _id, ...rest }) => rest)).toEqual([
      { at: 1_700_000_000_000, metadata: { modelName: 'ChoiceQuestion', id: 'q1', shareId: 'share-1', guestSessionId: 'Gs7pQ2vXk9LmN4rT8wYz1A' }, data: { selected: ['a', 'c'] } },
      { at: 1_700_000_000_000, metadata: { modelName: 'ChoiceQuestion', id: 'q1', shareId: 'share-1', guestSessionId: 'Gs7pQ2vXk9LmN4rT8wYz1A' }, data: { evaluated: true } },
    ]);
    expect(events[0].id).not.toBe(events[1].id);
  });

  it('leaves out (and logs) a change the API would refuse', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = toUserdataEvents(
      [
        { id: 'f1', modelName: 'FreeTextInput', field: 'value', value: 'x'.repeat(40_000) },
        { id: 'f1', modelName: 'FreeTextInput', field: 'value', value: undefined },
        { id: 'f1', modelName: 'FreeTextInput', field: 'value', value: 'fine' },
      ],
      { shareId: 'share-1', guestSessionId: null, now: 5 },
    );
    expect(events.map((e) => e.data)).toEqual([{ value: 'fine' }]);
    expect(error).toHaveBeenCalledTimes(2);
  });
});

describe('the limit of a changed value', () => {
  const event = (value: unknown) => ({
    id: newEventId(), at: 1, metadata: { modelName: 'FreeTextInput', id: 'ft-1', shareId: 'share-1', guestSessionId: null }, data: { value },
  });

  it('counts a text by its characters, as the learner’s counter does, whatever JSON escapes', () => {
    const lines = '"zitiert"\n'.repeat(USERDATA_VALUE_MAX_CHARS / 10);
    expect(lines.length).toBe(USERDATA_VALUE_MAX_CHARS);
    expect(userdataValueLength(lines)).toBe(USERDATA_VALUE_MAX_CHARS);
    expect(UserdataEvent.safeParse(event(lines)).success).toBe(true);
    const over = UserdataEvent.safeParse(event(`${lines}.`));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({ path: ['data'], message: `the changed value is longer than ${USERDATA_VALUE_MAX_CHARS} characters` });
  });

  it('counts anything else by its JSON', () => {
    expect(userdataValueLength(['a', 'b'])).toBe('["a","b"]'.length);
    expect(userdataValueLength(null)).toBe(4);
    expect(fitsUserdataValue(Array.from({ length: USERDATA_VALUE_MAX_CHARS / 4 }, () => 'a'))).toBe(false);
  });
});
