import { describe, expect, it } from 'vitest';
import { profileChanges } from './profile-form';

describe('profileChanges', () => {
  it('sends only a changed username', () => {
    expect(profileChanges({ username: ' Grace ', password: '', passwordRetype: '' }, 'Ada')).toEqual({
      username: 'Grace',
    });
  });

  it('sends only the password when the name is unchanged', () => {
    expect(
      profileChanges({ username: 'Ada', password: 'New-pass1', passwordRetype: 'New-pass1' }, 'Ada'),
    ).toEqual({
      password: 'New-pass1',
    });
  });

  it('sends both when both changed', () => {
    expect(
      profileChanges({ username: 'Grace', password: 'New-pass1', passwordRetype: 'New-pass1' }, 'Ada'),
    ).toEqual({ username: 'Grace', password: 'New-pass1' });
  });
});
