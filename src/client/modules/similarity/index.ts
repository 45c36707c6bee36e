/**
 * The duplicate check's screen: the 查重报告 widget a topic's detail shows in a tab (loaded the
 * first time a form shows it), registered into the runtime by name.
 */
import { lazyWidget } from '../../runtime/widgets/lazyWidget.js';
import { registerWidget } from '../../runtime/widgets/registry.js';

registerWidget(
  'SimilarityReport',
  lazyWidget(() => import('./widgets/SimilarityReport/SimilarityReport.js').then((m) => m.SimilarityReport)),
);
