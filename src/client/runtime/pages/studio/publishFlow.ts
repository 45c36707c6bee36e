import type { Orphan, OutlineChange, StudioApi } from './studioApi.js';

/**
 * A publish as the studio makes it: the dry run against the stored records first; when it reports
 * an impact the analyst sees the report and confirms it (the server logs the confirmation with the
 * publish), else nothing is published. A clean dry run publishes without a confirmation, so a
 * change that meets new data in the meantime is still held back by the server. Pages whose outline
 * the change alters are shown in the same report (with the roles that see them), and confirmed too;
 * only an impact on stored data is sent as the confirmation the server logs.
 */
export async function publishWithDryRun(
  api: Pick<StudioApi, 'dryRun' | 'publish'>,
  input: { key: string; text: string; reason: string },
  confirmImpact: (impact: Orphan[], outlines: OutlineChange[]) => Promise<boolean>,
): Promise<{ proposalId?: number } | null> {
  const { problems, impact, outlines = [] } = await api.dryRun(input.key, input.text);
  if (problems.length) throw new Error(`发布被拒绝：${problems[0].path || '/'}：${problems[0].message}`);
  if ((impact.length || outlines.length) && !(await confirmImpact(impact, outlines))) return null;
  return api.publish(input.key, input.text, input.reason, impact.length > 0);
}
