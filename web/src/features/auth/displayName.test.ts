import { describe, expect, it } from 'vitest';
import { displayNameOf, initialsOf } from './displayName';

describe('displayNameOf', () => {
  it('prefers the display name, then the e-mail before the @, then Guest', () => {
    expect(displayNameOf({ displayName: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayNameOf({ displayName: null, email: 'ada@example.com' })).toBe('ada');
    expect(displayNameOf({ displayName: null, email: null })).toBe('Guest');
    expect(displayNameOf(null)).toBe('Guest');
  });

  it('makes up to two initials', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('AD');
  });
});
