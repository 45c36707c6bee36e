/**
 * The signed-in user's own profile (POST /api/sys/myProfile, unmasked ID number and mobile) for
 * the forms whose initial values read it ({"var": "profile.mobile"}). Read only when a page needs
 * it and only for that page; kept in memory, never stored in the browser.
 */
import { useEffect, useState } from 'react';
import { systemCalls } from '../../../../shared/contracts/system.js';
import { useRuntime } from '../../RuntimeContext.js';

export const PROFILE_PATH = systemCalls.profile.path;

export function useProfile(needed: boolean): { profile: Record<string, unknown> | null; loading: boolean } {
  const { dataProvider, user } = useRuntime();
  const [state, setState] = useState<{ profile: Record<string, unknown> | null; loading: boolean }>({
    profile: null,
    loading: needed,
  });
  useEffect(() => {
    if (!needed) {
      setState({ profile: null, loading: false });
      return undefined;
    }
    let alive = true;
    setState({ profile: null, loading: true });
    // Without the profile the form still opens, only without those values.
    dataProvider.moduleCall(systemCalls.profile, {}).then(
      (p) => {
        if (alive) setState({ profile: p && typeof p === 'object' ? p : null, loading: false });
      },
      () => {
        if (alive) setState({ profile: null, loading: false });
      },
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, needed, user?.userId]);
  return state;
}
