import { useCallback } from 'react';
import { MESSAGES } from '../../../shared/envelope.js';
import type { ListRequest, PageBundle, ResourceRecord } from '../../../shared/schema/types.js';
import type { ResolvedAction } from '../model/actions.js';
import { useRuntime } from '../RuntimeContext.js';
import { fillPlaceholders } from '../../../shared/schema/placeholders.js';
import { useMessage } from '../../feedback/messages.js';

/** Runs an action on its rows; true when it was done (a dialog then closes). */
export type RunAction = (
  action: ResolvedAction,
  rows: ResourceRecord[],
  extra?: { comment?: string; request?: ListRequest },
) => Promise<boolean>;

/**
 * Runs delete, transition and export actions through the data provider. Failures were already
 * shown by the request layer; the runner only reports success and tells the page to reload.
 */
export function useActionRunner(bundle: PageBundle, onDone: () => void): RunAction {
  const { dataProvider } = useRuntime();
  const message = useMessage();
  const entity = bundle.entity.name;
  return useCallback(
    async (
      action: ResolvedAction,
      rows: ResourceRecord[],
      extra: { comment?: string; request?: ListRequest } = {},
    ): Promise<boolean> => {
      try {
        if (action.type === 'delete') {
          await dataProvider.remove(
            entity,
            rows.map((r) => r.id),
          );
        } else if (action.type === 'transition' && action.action) {
          // One at a time: each carries the version it was decided on, and a stale one is refused alone.
          for (const row of rows) {
            await dataProvider.transition(entity, {
              id: row.id,
              action: action.action,
              ...(row.version !== undefined ? { version: row.version } : {}),
              ...(extra.comment ? { comment: extra.comment } : {}),
            });
          }
        } else if (action.type === 'download' && action.url) {
          // A batch download names every selected row (:ids), a row download fills :id and :field.
          const url = action.url.includes(':ids')
            ? action.url.replace(':ids', rows.map((r) => encodeURIComponent(String(r.id))).join(','))
            : fillPlaceholders(action.url, rows[0]);
          await dataProvider.download(url, action.method);
          return true;
        } else if (action.type === 'export') {
          await dataProvider.exportFile(entity, {
            ...(extra.request?.pageId ? { pageId: extra.request.pageId } : {}),
            filters: extra.request?.filters ?? [],
            ...(extra.request?.sort ? { sort: extra.request.sort } : {}),
            ...(action.format ? { format: action.format } : {}),
          });
          return true;
        }
        void message.success(MESSAGES.success);
        onDone();
        return true;
      } catch {
        onDone();
        return false;
      }
    },
    [dataProvider, entity, message, onDone],
  );
}
