import { describe, expect, it } from 'vitest';
import { persistConfig } from './store';

describe('persisted client state', () => {
  it("is kept under the key 'root' with a 5000 ms time-out", () => {
    expect(persistConfig.key).toBe('root');
    expect(persistConfig.timeout).toBe(5000);
  });
  it('excludes the theme slices and scrumboard as the spec says, and never keeps server state', () => {
    expect(persistConfig.blacklist).toEqual(
      expect.arrayContaining(['scrumboard', 'themeSetting', 'LanguageSwitcher', 'themeChanger', 'api', 'services']),
    );
  });
});
