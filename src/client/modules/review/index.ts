/**
 * The review module's screens, registered into the runtime by name, one line each: its page kinds
 * (each a chunk of its own, started as a route of the kind opens) and its widgets (loaded the first
 * time a form shows one), so none of this code is in the first load.
 */
import { lazy } from 'react';
import { registerModulePageKind } from '../../runtime/pages/modulePageKind.js';
import { lazyWidget } from '../../runtime/widgets/lazyWidget.js';
import { registerWidget } from '../../runtime/widgets/registry.js';
import { registerUploadCheck } from '../../runtime/widgets/Upload/uploadChecks.js';

registerModulePageKind(
  'allocation',
  () => import('./pages/allocation/AllocationPage.js'),
  (m) => m.AllocationPage,
);
registerModulePageKind(
  'progress',
  () => import('./pages/progress/ProgressPage.js'),
  (m) => m.ProgressPage,
);
registerModulePageKind(
  'ranking',
  () => import('./pages/ranking/RankingPage.js'),
  (m) => m.RankingPage,
);
registerWidget(
  'ScoreSheet',
  lazyWidget(() => import('./widgets/ScoreSheet/ScoreSheet.js').then((m) => m.ScoreSheet)),
);
registerWidget(
  'ReviewDiscussion',
  lazyWidget(() => import('./widgets/ReviewDiscussion/ReviewDiscussion.js').then((m) => m.ReviewDiscussion)),
);
registerUploadCheck(
  'identity',
  lazy(() => import('./uploadChecks/IdentityCheck/IdentityCheck.js').then((m) => ({ default: m.IdentityCheck }))),
);
