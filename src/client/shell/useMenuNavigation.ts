import { mayLeave } from '../feedback/leaveGuard.js';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { STORAGE_KEYS } from '../../shared/storageKeys.js';
import { notify } from '../api/notifier.js';
import { clearsListState, firstLeafPath, isSection, type ServerMenuNode } from './menuTree.js';
import { FORBIDDEN_PATH, NO_SECTION_RIGHTS } from './navigation.js';

/**
 * What a menu click does: a section opens its first entry, or, when the role got none of its
 * entries, says 你没有该栏目的权限！！ and goes to /403; the topic list forgets its remembered state.
 */
export function useMenuNavigation(): (node: ServerMenuNode) => void {
  const navigate = useNavigate();
  return useCallback(
    (node: ServerMenuNode) => {
      // A page with unsaved work (the application being typed, an upload) is left only when the user says so.
      if (!mayLeave()) return;
      const target = isSection(node) ? firstLeafPath(node) : node.path;
      if (!target) {
        notify.warning(NO_SECTION_RIGHTS, 'no-section-rights');
        navigate(FORBIDDEN_PATH);
        return;
      }
      if (clearsListState(node)) {
        try {
          sessionStorage.removeItem(STORAGE_KEYS.listBasicObj);
        } catch {
          /* storage unavailable */
        }
      }
      navigate(target);
    },
    [navigate],
  );
}
